import Foundation
import Testing

enum AuditTools {
    static let available = ["python3", "git"].allSatisfy { tool in
        (try? CLI.shell("command -v \(tool)", in: NSTemporaryDirectory()).status) == 0
    }
}

/// `scripts/precision/audit.py` end to end on a tiny local "app" (a git repository made from
/// a fixture): sample a sheet, refuse it unmarked, turn it marked into the table.
@Suite(.enabled(if: AuditTools.available, "python3 and git are needed to run scripts/precision/audit.py"))
struct PrecisionAuditTests {
    static let script = RecipeTests.packageRoot.appendingPathComponent("scripts/precision/audit.py").path

    /// A git repository holding the RecipeBox fixture and the state fixture; the app list
    /// names it twice (one folder of it each: linted together, RecipeBox's app would make
    /// the state fixture's views code the app never shows).
    func appRepository(_ project: Project) throws -> String {
        let fixtures = RecipeTests.packageRoot.appendingPathComponent("Fixtures").path
        let setup = try project.shell("""
            set -e
            mkdir source && cp -R '\(fixtures)/RecipeBox' '\(fixtures)/state_initialized_from_outside' source/
            cd source && git init -q && git add . && git -c user.name=audit -c user.email=audit@example.com commit -qm app
            git rev-parse HEAD
            """)
        #expect(setup.status == 0, "\(setup.stderr)")
        return setup.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func audit(_ project: Project, _ arguments: String) throws -> RunResult {
        try project.shell("python3 '\(Self.script)' \(arguments)")
    }

    @Test func sampleMarkAndTabulate() throws {
        let project = try Project()
        defer { project.remove() }
        let commit = try appRepository(project)
        let url = "file://" + project.url("source")
        try project.write("apps.tsv", "# name\tgit_url\tcommit\tsubdir_or_dot\nrecipes\t\(url)\t\(commit)\tRecipeBox\nstates\t\(url)\t\(commit.prefix(12))\tstate_initialized_from_outside\n")

        let sampled = try audit(project, "sample --apps apps.tsv --checkout checkouts --out sheet.md --seed 7 --per-rule 2")
        #expect(sampled.status == 0, "\(sampled.stderr)")
        let sheet = try project.read("sheet.md")
        #expect(sheet.contains("| recipes | \(commit) | `RecipeBox` |"))
        #expect(sheet.contains("| `state_initialized_from_outside` | suspicious |"))
        #expect(!sheet.contains("`private_state`"), "opt-in rules are not audited")
        #expect(sheet.contains("- `fragile`: harmless today only by run-time luck"))
        #expect(sheet.contains("\n```swift\n"))
        let verdicts = sheet.components(separatedBy: "\nverdict:\n").count - 1
        #expect(verdicts > 4)
        #expect(sheet.contains("### state_initialized_from_outside 2: "))
        #expect(!sheet.contains("### state_initialized_from_outside 3: "), "at most --per-rule findings per rule")

        // The same seed samples the same findings.
        #expect(try audit(project, "sample --apps apps.tsv --checkout checkouts --out again.md --seed 7 --per-rule 2").status == 0)
        #expect(try project.read("again.md") == sheet)

        let unmarked = try audit(project, "table sheet.md")
        #expect(unmarked.status == 2)
        #expect(unmarked.stderr.split(separator: "\n").count == verdicts)
        #expect(unmarked.stderr.hasPrefix("error: sheet.md:"))
        #expect(unmarked.stderr.contains("is not marked"))

        let words = ["bug", "fragile — only one caller today", "noise", "wrong"]
        var index = 0
        let marked = sheet.components(separatedBy: "\n").map { line -> String in
            guard line == "verdict:" else { return line }
            defer { index += 1 }
            return "verdict: " + words[index % words.count]
        }
        try project.write("marked.md", marked.joined(separator: "\n"))
        let table = try audit(project, "table marked.md")
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.hasPrefix("| Rule | Group | Findings | Sampled | Bug | Fragile | Noise | Wrong | Noise + wrong |\n"))
        #expect(table.stdout.contains("\n| **All** |  | "))
        #expect(table.stdout.contains("(goal: at most 10%)"))

        try project.write("invalid.md", marked.joined(separator: "\n").replacingOccurrences(of: "verdict: noise", with: "verdict: maybe"))
        let invalid = try audit(project, "table invalid.md")
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("'maybe' is not a verdict (use bug, fragile, noise, wrong)"))
    }

    @Test func missingAppIsNamed() throws {
        let project = try Project()
        defer { project.remove() }
        try project.write("apps.tsv", "ghost\tfile://\(project.url("nowhere"))\t0123456789abcdef\t.\n")
        let result = try audit(project, "sample --apps apps.tsv --checkout checkouts --out sheet.md")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: app 'ghost' is missing and cloning file://"))
        #expect(!FileManager.default.fileExists(atPath: project.url("sheet.md")))

        try project.write("bad.tsv", "ghost\tonly-two-columns\n")
        let bad = try audit(project, "sample --apps bad.tsv --checkout checkouts --out sheet.md")
        #expect(bad.status == 2)
        #expect(bad.stderr == "error: bad.tsv:1: expected 4 tab-separated columns (name, git_url, commit, subdir_or_dot), found 2\n")
    }

    /// An app list naming the fixture repository twice: `recipes` (its RecipeBox folder) under a
    /// GitHub URL that only the mirror holds, and `states` (the whole checkout) by its file URL.
    func mirroredApps(_ project: Project) throws -> String {
        let commit = try appRepository(project)
        let mirrored = try project.shell("mkdir -p mirror/someone+recipes && git clone -q --bare source mirror/someone+recipes/repo")
        #expect(mirrored.status == 0, "\(mirrored.stderr)")
        try project.write("apps.tsv", "recipes\thttps://github.com/someone/recipes\t\(commit)\tRecipeBox\nstates\tfile://\(project.url("source"))\t\(commit)\t.\n")
        return commit
    }

    static let huntHeader = "| path | line | kind | verdict | evidence |\n|---|---|---|---|---|\n"

    /// The hunt sheet `sheet` with `rows` in the table of `app`.
    func fill(_ project: Project, _ sheet: String, _ app: String, _ rows: [String], as name: String) throws {
        let section = "## \(app)\n"
        let text = try project.read(sheet)
        let start = try #require(text.range(of: section))
        let table = try #require(text.range(of: Self.huntHeader, range: start.upperBound..<text.endIndex))
        let filled = text.replacingCharacters(in: table, with: Self.huntHeader + rows.map { $0 + "\n" }.joined())
        try project.write(name, filled)
    }

    @Test func huntWritesASectionPerAppFromTheMirror() throws {
        let project = try Project()
        defer { project.remove() }
        let commit = try mirroredApps(project)

        let hunt = try audit(project, "hunt --apps apps.tsv --checkout checkouts --mirror mirror --out hunt.md")
        #expect(hunt.status == 0, "\(hunt.stderr)")
        let sheet = try project.read("hunt.md")
        for app in ["recipes", "states"] {
            #expect(sheet.contains("\n## \(app)\n"))
            let section = try #require(sheet.components(separatedBy: "\n## \(app)\n").last)
            #expect(section.contains("\n" + Self.huntHeader), "every app has a table to fill")
        }
        #expect(sheet.contains("read `checkouts/recipes/RecipeBox` ("))
        #expect(sheet.contains("- `missing_published`: An `ObservableObject` has a stored `var` without `@Published`"))
        #expect(sheet.contains("- `other`: A real problem"))
        #expect(sheet.contains("- `fragile`: harmless today only by run-time luck"))
        #expect(sheet.contains("Do not list what the code itself shows is harmless (noise)"))
        #expect(!sheet.contains("verdict:"), "a hunt sheet shows no finding of the tool")
        let origin = try project.shell("git -C checkouts/recipes remote get-url origin && git -C checkouts/recipes rev-parse HEAD")
        #expect(origin.stdout == project.url("mirror/someone+recipes/repo") + "\n\(commit)\n")

        // An empty sheet is a hunt that found nothing.
        let empty = try audit(project, "recall hunt.md --apps apps.tsv --checkout checkouts")
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("Recall: 0 of 0 hunted problems reported, – (goal: at least 80%, SPEC §8)."))

        // The mirror also comes from the environment; an app it lacks is cloned from its URL.
        let fromEnvironment = try project.shell(
            "python3 '\(Self.script)' hunt --apps apps.tsv --checkout elsewhere --out again.md",
            environment: ["OBSERVATION_LINT_MIRROR": project.url("mirror")])
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
        #expect(try project.shell("git -C elsewhere/recipes remote get-url origin").stdout == project.url("mirror/someone+recipes/repo") + "\n")
        let absent = try audit(project, "hunt --apps apps.tsv --checkout third --mirror nowhere --out third.md")
        #expect(absent.status == 2)
        #expect(absent.stderr.hasPrefix("error: app 'recipes' is missing and cloning https://github.com/someone/recipes (not in the mirror nowhere) failed"))
    }

    /// Saved findings of an app linted in its `Sources` folder: one finding with a note in
    /// another file, one without notes.
    static let savedFindings = """
        {"tool": {"name": "observation-lint", "version": "test"}, "diagnostics": [
          {"rule": "missing_published", "file": "Sources/Model.swift", "line": 20, "column": 9,
           "notes": [{"message": "read", "file": "Sources/View.swift", "line": 50, "column": 3}]},
          {"rule": "state_mutation_in_body", "file": "Sources/Other.swift", "line": 10, "column": 5, "notes": []}
        ]}
        """

    @Test func recallMatchesTheLineNearbyLinesAndNotes() throws {
        let project = try Project()
        defer { project.remove() }
        try project.write("apps.tsv", "demo\tfile://\(project.url("nowhere"))\t0123456789abcdef\tSources\n")
        try project.write("saved/demo.json", Self.savedFindings)
        try project.write("sheet.md", """
            # Hunt

            Free text before the tables.

            ## demo

            | path | line | kind | verdict | evidence |
            |---|---|---|---|---|
            | Model.swift | 20 | missing_published | bug | at the line |
            | `Model.swift` | 23 | missing_published | Fragile | three below |
            | ./Model.swift | 17 | missing_published | bug | three above |
            | Model.swift | 24 | missing_published | bug | four below |
            | View.swift | 53 | other | fragile | near the note, \\| a pipe |
            | View.swift | 20 | missing_published | bug | the finding's line in another file |

            Free text between rows and a second table.

            | path | line | kind | verdict | evidence |
            |---|---|---|---|---|
            |  |  |  |  |  |
            | Other.swift | 10 | nested_observable_object | bug | reported by another rule |

            | Other.swift | 7 | state_mutation_in_body | bug | three above |
            | Other.swift | 14 | state_mutation_in_body | bug | four below |

            """)
        let recall = try audit(project, "recall sheet.md --apps apps.tsv --findings saved")
        #expect(recall.status == 0, "\(recall.stderr)")
        #expect(recall.stdout.hasPrefix("Recall of the default rules on sheet.md: 9 problems hunted in 1 apps of apps.tsv, observation-lint test.\n"))
        let rows = recall.stdout.split(separator: "\n").map(String.init)
        #expect(rows.contains("| `missing_published` | 5 | 4 | 1 | 3 | 3 | 60% |"))
        #expect(rows.contains("| `nested_observable_object` | 1 | 1 | 0 | 1 | 0 | 100% |"))
        #expect(rows.contains("| `state_mutation_in_body` | 2 | 2 | 0 | 1 | 1 | 50% |"))
        #expect(rows.contains("| `other` | 1 | 0 | 1 | 1 | – | 100% |"))
        #expect(rows.contains("| `model_created_in_body` | 0 | 0 | 0 | 0 | 0 | – |"))
        #expect(rows.contains("| **All** | 9 | 7 | 2 | 6 | 4 | 67% |"))
        #expect(rows.contains("Recall: 6 of 9 hunted problems reported, 67% (goal: at least 80%, SPEC §8)."))
        let misses = try #require(recall.stdout.components(separatedBy: "Missed: 3\n").last)
        #expect(misses == """

            | App | Path | Line | Kind | Verdict | Evidence |
            |---|---|---:|---|---|---|
            | demo | Model.swift | 24 | missing_published | bug | four below |
            | demo | View.swift | 20 | missing_published | bug | the finding's line in another file |
            | demo | Other.swift | 14 | state_mutation_in_body | bug | four below |

            """)

        let json = try audit(project, "recall sheet.md --apps apps.tsv --findings saved --json")
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let total = try #require(report["total"] as? [String: Int])
        #expect(total == ["hunted": 9, "bug": 7, "fragile": 2, "reported": 6, "reportedByItsRule": 4])
        #expect(report["goalPercent"] as? Int == 80)
        let problems = try #require(report["problems"] as? [[String: Any]])
        #expect(problems.count == 9)
        let atTheNote = try #require(problems.first { $0["path"] as? String == "View.swift" && $0["line"] as? Int == 53 })
        #expect(atTheNote["evidence"] as? String == "near the note, | a pipe")
        let reportedBy = try #require(atTheNote["reportedBy"] as? [[String: Any]])
        #expect(reportedBy.count == 1)
        #expect(reportedBy.first?["rule"] as? String == "missing_published")
        #expect(reportedBy.first?["file"] as? String == "Model.swift")
        #expect(reportedBy.first?["line"] as? Int == 20)
    }

    @Test func recallLintsTheAppsOrReadsTheirSavedFindings() throws {
        let project = try Project()
        defer { project.remove() }
        _ = try mirroredApps(project)
        #expect(try audit(project, "hunt --apps apps.tsv --checkout checkouts --mirror mirror --out hunt.md").status == 0)
        let cartStore = try String(contentsOfFile: RecipeTests.packageRoot.appendingPathComponent("Fixtures/RecipeBox/Models/CartStore.swift").path, encoding: .utf8)
        let expected = try #require(cartStore.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("// expect: missing_published") }) + 1
        try fill(project, "hunt.md", "recipes", [
            "| Models/CartStore.swift | \(expected + 2) | missing_published | bug | the coupon label goes stale |",
            "| RecipeBoxApp.swift | 1 | other | fragile | nothing is reported here |",
        ], as: "sheet.md")

        let linted = try audit(project, "recall sheet.md --apps apps.tsv --checkout checkouts")
        #expect(linted.status == 0, "\(linted.stderr)")
        #expect(linted.stderr.isEmpty, "every app has its section")
        #expect(linted.stdout.contains("| `missing_published` | 1 | 1 | 0 | 1 | 1 | 100% |"))
        #expect(linted.stdout.contains("| **All** | 2 | 1 | 1 | 1 | 1 | 50% |"))
        #expect(linted.stdout.contains("| recipes | RecipeBoxApp.swift | 1 | other | fragile | nothing is reported here |"))

        // The same findings, saved by `lint` and read back.
        let saved = try audit(project, "lint --apps apps.tsv --checkout checkouts --out-dir findings")
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(FileManager.default.fileExists(atPath: project.url("findings/states.json")))
        let read = try audit(project, "recall sheet.md --apps apps.tsv --findings findings")
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == linted.stdout)

        // A hunted place that is not in the app is an error naming the sheet's line.
        try fill(project, "hunt.md", "recipes", [
            "| Models/CartStore.swift | 9999 | missing_published | bug | past the end |",
            "| Models/Nowhere.swift | 3 | missing_published | bug | no such file |",
        ], as: "misplaced.md")
        let misplaced = try audit(project, "recall misplaced.md --apps apps.tsv --checkout checkouts")
        #expect(misplaced.status == 2)
        let rows = try #require(try project.read("misplaced.md").split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("past the end") }) + 1
        #expect(misplaced.stderr.contains("error: misplaced.md:\(rows): 'Models/CartStore.swift' of 'recipes' has "))
        #expect(misplaced.stderr.contains("error: misplaced.md:\(rows + 1): 'recipes' has no file 'Models/Nowhere.swift' in its folder 'RecipeBox'\n"))
    }

    @Test func malformedRowsAreRejectedWithTheirLine() throws {
        let project = try Project()
        defer { project.remove() }
        try project.write("apps.tsv", "demo\tfile://\(project.url("nowhere"))\t0123456789abcdef\tSources\n")
        try project.write("saved/demo.json", Self.savedFindings)
        try project.write("sheet.md", """
            ## demo

            | path | line | kind | verdict | evidence |
            |---|---|---|---|---|
            | Model.swift | 20 | missing_published |  | no verdict |
            | Model.swift | 20 | missing_published | noise | harmless |
            | Model.swift | twenty | missing_publishd | bug | a word for a line, a misspelled kind |
            | Model.swift | 20 | bug |
            | ../Model.swift | 20 | other | bug | outside the app |
            |  | 20 | missing_published | bug | no path |
            | Model.swift | 20 | missing_published | bug | fine |

            ## Notes

            | path | line | kind | verdict | evidence |
            |---|---|---|---|---|

            """)
        let result = try audit(project, "recall sheet.md --apps apps.tsv --findings saved")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            error: sheet.md:5: no verdict (use bug or fragile; leave out what is harmless)
            error: sheet.md:6: 'noise' is not a verdict (use bug or fragile; leave out what is harmless)
            error: sheet.md:7: the line 'twenty' is not a line number
            error: sheet.md:7: 'missing_publishd' is not a kind (a rule id of SPEC §7, or other)
            error: sheet.md:8: expected 5 cells (path, line, kind, verdict, evidence), found 3
            error: sheet.md:9: the path '../Model.swift' must be relative to the app's linted folder
            error: sheet.md:10: no path
            error: sheet.md:15: a hunt table under '## Notes', which is not an app of the list

            """)
    }

    @Test func developAppsAreRefused() throws {
        let project = try Project()
        defer { project.remove() }
        let developList = RecipeTests.packageRoot.appendingPathComponent("scripts/precision/apps-develop.tsv").path
        let line = try #require(try String(contentsOfFile: developList, encoding: .utf8)
            .split(separator: "\n").first { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        let columns = line.split(separator: "\t").map(String.init)
        let (name, url, commit, folder) = (columns[0], columns[1], columns[2], columns[3])
        try project.write("sheet.md", "no app sections\n")
        try project.write("saved/fresh.json", #"{"diagnostics": []}"#)
        try project.write("byName.tsv", "\(name)\tfile:///elsewhere\t\(commit)\t.\n")
        try project.write("byPlace.tsv", "fresh\t\(url.uppercased()).git\t\(commit)\t\(folder)\n")
        try project.write("otherFolder.tsv", "fresh\t\(url)\t\(commit)\t\(folder == "." ? "Sources" : ".")\n")
        try project.write("saved/\(name).json", #"{"diagnostics": []}"#)

        for list in ["byName.tsv", "byPlace.tsv"] {
            for (command, options) in [
                ("recall sheet.md", "--findings saved"), ("hunt", "--checkout checkouts --out hunt.md"),
                ("sample", "--checkout checkouts --out audit.md"), ("lint", "--checkout checkouts --out-dir out"),
            ] {
                let refused = try audit(project, "\(command) --apps \(list) \(options)")
                #expect(refused.status == 2, "\(command) on \(list)")
                #expect(refused.stderr.hasPrefix("error: \(list): '"), "\(refused.stderr)")
                #expect(refused.stderr.contains("is the develop app '\(name)' of scripts/precision/apps-develop.tsv\n"))
                #expect(refused.stderr.hasSuffix("error: a measurement needs apps never read (SPEC §8): use a new dated list, or pass --allow-develop to run on develop apps anyway\n"))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: project.url("checkouts")), "refused before anything is checked out")
        #expect(try audit(project, "recall sheet.md --apps otherFolder.tsv --findings saved").status == 0)
        #expect(try audit(project, "recall sheet.md --apps byName.tsv --findings saved --allow-develop").status == 0)
    }
}

/// docs/precision.md shows the audit's commands as the script takes them.
@Suite struct PrecisionReadmeTests {
    @Test func precisionPageShowsTheAuditCommands() throws {
        let readme = String(
            decoding: try Data(contentsOf: RecipeTests.packageRoot.appendingPathComponent("docs/precision.md")), as: UTF8.self)
        #expect(readme.hasPrefix("# Precision and recall on real apps\n"))
        // The commands take the round's new list; every list a result names exists.
        #expect(readme.contains("LIST=scripts/precision/apps-measure-YYYY-MM-DD.tsv"))
        let named = Set(readme.matches(of: /scripts\/precision\/(apps-measure-[0-9][-0-9a-z]*\.tsv)/).map { String($0.1) })
        #expect(named.count >= 3)
        for list in named {
            #expect(FileManager.default.fileExists(atPath: RecipeTests.packageRoot.appendingPathComponent("scripts/precision/" + list).path), "\(list)")
        }
        for command in [
            "scripts/precision/audit.py hunt --apps $LIST --checkout /tmp/observation-lint-apps --out hunt.md\n",
            "scripts/precision/audit.py sample --apps $LIST --checkout /tmp/observation-lint-apps \\\n",
            "scripts/precision/audit.py table audit.md\n",
            "scripts/precision/audit.py recall hunt.md --apps $LIST --checkout /tmp/observation-lint-apps\n",
        ] {
            #expect(readme.contains(command), "\(command)")
        }
    }
}
