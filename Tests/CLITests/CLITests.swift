import Foundation
import Testing

/// The executable, run as a subprocess in temporary folders.
@Suite struct CommandLineTests {
    // MARK: Usage

    @Test func version() throws {
        let project = try Project()
        defer { project.remove() }
        let result = try project.run("--version")
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }

    @Test func help() throws {
        let project = try Project()
        defer { project.remove() }
        let result = try project.run("--help")
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE"))
        #expect(result.stdout.contains("rules"))
        #expect(result.stdout.contains("explain"))
        let lintHelp = try project.run("lint", "--help")
        #expect(lintHelp.status == 0)
        for flag in [
            "--format", "--config", "--strict", "--quiet", "--baseline", "--write-baseline", "--stdin-path", "--enable",
            "--disable", "--only", "--jobs", "--no-color",
        ] {
            #expect(lintHelp.stdout.contains(flag), "lint --help lists \(flag)")
        }
    }

    @Test func argumentErrorsExit2() throws {
        let project = try Project()
        defer { project.remove() }
        for arguments in [["--bogus"], ["--jobs", "0"], ["--jobs", "many"], ["--format", "yaml"], ["rules", "--format", "csv"], ["explain"]] {
            let result = try project.run(arguments: arguments)
            #expect(result.status == 2, "\(arguments) exits 2")
            #expect(!result.stderr.isEmpty, "\(arguments) explains itself on stderr")
            #expect(result.stdout.isEmpty)
        }
        #expect(try project.run("--bogus").stderr.contains("Unknown option '--bogus'"))
    }

    /// Every format the SPEC names runs; the structured ones print no summary on stderr.
    @Test func everyFormatRuns() throws {
        let project = try Project(["A.swift": Samples.clean])
        defer { project.remove() }
        for format in ["text", "xcode", "json", "sarif", "github", "checkstyle", "junit"] {
            let result = try project.run("--format", format)
            #expect(result.status == 0, "--format \(format) exits 0")
            let summary = result.stderr.hasPrefix("0 warnings, 0 errors in 1 file (")
            #expect(summary == ["text", "xcode", "github"].contains(format), "--format \(format) summary: \(result.stderr)")
        }
        let unknown = try project.run("--format", "yaml")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("yaml"))
    }

    @Test func missingPath() throws {
        let project = try Project(["A.swift": Samples.clean])
        defer { project.remove() }
        let result = try project.run("A.swift", "Nope", "Missing.swift")
        #expect(result.status == 2)
        #expect(result.stderr == "error: no such file or directory: 'Nope'\nerror: no such file or directory: 'Missing.swift'\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func unknownRuleFlag() throws {
        let project = try Project(["A.swift": Samples.clean])
        defer { project.remove() }
        let result = try project.run("--enable", "no_such_rule")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: 'no_such_rule' is not a rule"))
        #expect(result.stderr.contains("(in --enable)"))
        let typo = try project.run("--disable", "missing_publishd")
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean 'missing_published'?"))
    }

    // MARK: Configuration

    @Test func malformedConfiguration() throws {
        let project = try Project([
            "A.swift": Samples.clean,
            ".observation-lint.yml": "included: [Sources]\ndisabled_rule: [missing_published]\nrules:\n  missing_published: { severity: loud }\n",
        ])
        defer { project.remove() }
        let result = try project.run()
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                .observation-lint.yml:2: 'disabled_rule' is not a configuration key; did you mean 'disabled_rules'?
                .observation-lint.yml:4: 'loud' is not a severity for 'missing_published'; use warning or error

                """)
        #expect(result.stdout.isEmpty)
    }

    @Test func invalidYAMLConfiguration() throws {
        let project = try Project([".observation-lint.yml": "excluded: [Pods\n"])
        defer { project.remove() }
        let result = try project.run()
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(".observation-lint.yml:"))
        #expect(result.stderr.contains("invalid YAML"))
    }

    @Test func configurationIsFoundUpwardAndNamedRelative() throws {
        let project = try Project([".observation-lint.yml": "opt_in_rules: [nope]\n", "Sources/A.swift": Samples.clean])
        defer { project.remove() }
        let result = try CLI.run([], in: project.url("Sources"))
        #expect(result.status == 2)
        #expect(result.stderr == "../.observation-lint.yml:1: 'nope' is not a rule or a group (see `observation-lint rules`)\n")
    }

    @Test func explicitConfiguration() throws {
        let project = try Project(["A.swift": Samples.clean, "lint.yml": "included: Sources\n"])
        defer { project.remove() }
        let bad = try project.run("--config", "lint.yml")
        #expect(bad.status == 2)
        #expect(bad.stderr == "lint.yml:1: 'included' must be a list, for example included: [Sources]\n")
        let missing = try project.run("--config", "nowhere.yml")
        #expect(missing.status == 2)
        #expect(missing.stderr == "nowhere.yml: no such configuration file\n")
    }

    // MARK: Inputs without diagnostics

    @Test func emptyFolder() throws {
        let project = try Project()
        defer { project.remove() }
        let text = try project.run()
        #expect(text.status == 0)
        #expect(text.stdout.isEmpty)
        #expect(text.stderrLines.first == "warning: no Swift files to lint")
        #expect(text.stderrLines.last?.hasPrefix("0 warnings, 0 errors in 0 files (") == true)
        let quiet = try project.run("--quiet")
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty)
        let json = try project.run("--format", "json")
        #expect(json.status == 0)
        let document = try json.json()
        #expect(document["diagnostics"] as? [Any] != nil)
        #expect((document["summary"] as? [String: Int])?["files"] == 0)
        #expect(!json.stderr.contains("0 warnings"))
    }

    @Test func onlySkippedFolders() throws {
        let project = try Project([".build/x.swift": Samples.stateFromOutside, "Pods/P.swift": Samples.stateFromOutside])
        defer { project.remove() }
        let result = try project.run("--quiet")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test func symlinkLoop() throws {
        let project = try Project(["Sources/A.swift": Samples.clean])
        defer { project.remove() }
        try FileManager.default.createSymbolicLink(atPath: project.url("Sources/Loop"), withDestinationPath: project.url("Sources"))
        try FileManager.default.createSymbolicLink(atPath: project.url("Sources/Parent"), withDestinationPath: "..")
        let result = try project.run("--format", "json")
        #expect(result.status == 0)
        let document = try result.json()
        #expect((document["summary"] as? [String: Int])?["files"] == 1)
    }

    // MARK: Catalog

    @Test func rulesText() throws {
        let project = try Project()
        defer { project.remove() }
        let result = try project.run("rules")
        #expect(result.status == 0)
        #expect(result.stdoutLines.first?.hasPrefix("RULE") == true)
        let line = try #require(result.stdoutLines.first { $0.hasPrefix("state_initialized_from_outside ") })
        #expect(line.contains("ownership") && line.contains("warning") && line.contains("default"))
    }

    @Test func rulesJSON() throws {
        let project = try Project()
        defer { project.remove() }
        let result = try project.run("rules", "--format", "json")
        #expect(result.status == 0)
        let document = try result.json()
        #expect(document["version"] as? Int == 1)
        let rules = try #require(document["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        for id in ["state_initialized_from_outside", "missing_published", "nested_observable_object"] {
            #expect(ids.contains(id))
        }
        for rule in rules {
            #expect(Set(rule.keys) == ["id", "name", "group", "category", "severity", "optIn", "summary", "rationale", "fix", "autoFix"])
        }
    }

    @Test func rulesMarkdown() throws {
        let project = try Project()
        defer { project.remove() }
        let result = try project.run("rules", "--format", "markdown")
        #expect(result.status == 0)
        #expect(
            result.stdoutLines.prefix(2) == [
                "| Rule | Group | Category | Severity | Enabled | Summary |", "|---|---|---|---|---|---|",
            ])
        #expect(
            result.stdoutLines.contains {
                $0.hasPrefix("| `missing_published` | suspicious | ObservableObject models | warning | default |")
            })
        #expect(result.stdoutLines.contains { $0.hasPrefix("| `private_state` | style | Ownership | warning | opt-in |") })
    }

    @Test func explain() throws {
        let project = try Project()
        defer { project.remove() }
        let result = try project.run("explain", "state_initialized_from_outside")
        #expect(result.status == 0)
        #expect(result.stdout.contains("\n# `state_initialized_from_outside`: "))
        for heading in ["## Why it is a problem at run time", "## How to fix it", "### Triggers", "### Does not trigger"] {
            #expect(result.stdout.contains("\n\(heading)\n"), "explain has \(heading)")
        }
        #expect(!result.stdout.contains("↓"))
        #expect(result.stdout.contains("  // ← reported here\n"))
    }

    @Test func explainUnknownRule() throws {
        let project = try Project()
        defer { project.remove() }
        let result = try project.run("explain", "no_such_rule")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: 'no_such_rule' is not a rule (see `observation-lint rules`)\n")
        let typo = try project.run("explain", "missing_publishd")
        #expect(typo.status == 2)
        #expect(typo.stderr == "error: 'missing_publishd' is not a rule; did you mean 'missing_published'?\n")
    }

    // MARK: debug

    @Test func debugTokens() throws {
        let project = try Project(["A.swift": "let x = 1 // one\n/* two */ var y\n"])
        defer { project.remove() }
        let result = try project.run("debug", "tokens", "A.swift")
        #expect(result.status == 0)
        #expect(
            result.stdoutLines == [
                "1:1 keyword \"let\"", "1:5 identifier \"x\"", "1:7 equal \"=\"", "1:9 integerLiteral \"1\"",
                "1:11 lineComment \"// one\"", "2:1 blockComment \"/* two */\"", "2:11 keyword \"var\"",
                "2:15 identifier \"y\"",
            ])
        let missing = try project.run("debug", "tokens", "Nope.swift")
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: no such file or directory: 'Nope.swift'\n")
    }

    @Test func debugScopes() throws {
        let project = try Project([
            "App/Package.swift": #"let package = Package(dependencies: [.package(path: "../Kit")])"#,
            "App/Sources/App/View.swift": "struct V {}\n",
            "App/Tests/AppTests/VTests.swift": "struct T {}\n",
            "Kit/Package.swift": "",
            "Kit/Sources/Kit/Kit.swift": "public struct K {}\n",
        ])
        defer { project.remove() }
        let result = try project.run("debug", "scopes", "App")
        #expect(result.status == 0)
        #expect(
            result.stdoutLines == [
                "project App: 3 files",
                "  sees local package Kit: 2 files (public and open types)",
                "  test code, indexed but reported only with --include-tests: 1 files",
                "    App/Tests/AppTests/VTests.swift",
                "package Kit: 2 files, read for the projects that use it",
            ])
    }

    @Test func debugGraph() throws {
        let project = try Project([
            "Row.swift": "struct Row: View {\n    let title: String\n    var body: some View { Text(title) }\n}\n",
            "List.swift": """
                struct Rows: View {
                    @State private var titles: [String] = []
                    @State private var isEditing = false
                    var body: some View {
                        ForEach(titles, id: \\.self) { title in Row(title: title) }
                        Row(title: "Total")
                        if isEditing { Row(title: titles.first ?? "") }
                    }
                }
                struct Other: View { var body: some View { Text("") } }
                #Preview { Other() }
                """,
        ])
        defer { project.remove() }
        let result = try project.run("debug", "graph", ".", "--type", "Row")
        #expect(result.status == 0)
        #expect(
            result.stdoutLines == [
                "Row: 3 construction sites",
                "  List.swift:5 rendering in Rows.body",
                "    title: element title of property @State titles (a change renews the view: ForEach id \\.self)",
                "    identity: ForEach id \\.self",
                "  List.swift:6 rendering in Rows.body",
                "    title: literal",
                "  List.swift:7 rendering in Rows.body",
                "    title: property @State titles.first",
                "    identity: if branch (renewed when `isEditing` changes)",
            ])
    }

    @Test func debugEffects() throws {
        let project = try Project([
            "Feed.swift": """
                final class Feed: ObservableObject {
                    @Published var isLoading = false
                    var posts: [String] = []
                    init() { posts = [] }
                    func refresh() async {
                        isLoading = true
                        posts = await api.load()
                    }
                    func clear() {
                        posts.removeAll()
                        isLoading = false
                    }
                }
                struct FeedView: View {
                    @ObservedObject var feed: Feed
                    var body: some View { List(feed.posts, id: \\.self) { Text($0) }.task { await feed.refresh() } }
                }
                final class Home: ObservableObject {
                    let feed = Feed()
                    private var relay: AnyCancellable?
                    init() { relay = feed.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() } }
                }
                """,
        ])
        defer { project.remove() }
        let result = try project.run("debug", "effects", ".", "--type", "Feed")
        #expect(result.status == 0)
        let lines = result.stdoutLines
        #expect(lines.first == "Feed (ObservableObject)")
        #expect(lines.contains("  changes relayed by `Home.feed` at Feed.swift:21"))
        #expect(!lines.contains { $0.hasPrefix("FeedView") })
        let posts = try #require(lines.firstIndex(of: "  posts"))
        let writes = lines[posts...].filter { $0.hasPrefix("    Feed.swift:") }
        #expect(
            writes == [
                "    Feed.swift:4 in `init`: in the initializer, unannounced, runs where not known",
                "    Feed.swift:7 in `refresh()`: after the hand-out, unannounced, runs off the main thread",
                "    Feed.swift:10 in `clear()`: after the hand-out, announced by `isLoading` at Feed.swift:11, runs where not known",
            ])
        // Each write's context follows it: `refresh()` resumes after its `await`.
        #expect(lines.contains { $0.hasPrefix("      Feed.swift:7: after the `await` on line 7") })
        // What a rebuilt Feed loses (SPEC §10.5): the state written after its initializer.
        let loses = try #require(lines.firstIndex(of: "  a rebuilt object loses:"))
        #expect(lines[(loses + 1)...].first == "    `isLoading`, written in `refresh()` at Feed.swift:6")

        // A view's section lists what runs its body again (SPEC §10.3): each @Published write.
        let view = try project.run("debug", "effects", ".", "--type", "FeedView").stdoutLines
        let triggers = try #require(view.firstIndex(of: "  body runs again when:"))
        #expect(view[(triggers + 1)...].filter { $0.hasPrefix("    `") } == [
            "    `Feed.isLoading` changes — Feed.swift:6, in `refresh()`; `FeedView.body` observes it",
            "    `Feed.isLoading` changes — Feed.swift:11, in `clear()`; `FeedView.body` observes it",
        ])
    }
}

/// Runs that need the engine and the first rules (SPEC §7).
@Suite struct DiagnosticRunTests {
    func project(_ extra: [String: String] = [:]) throws -> Project {
        var files = ["Sources/ItemView.swift": Samples.stateFromOutside, "Sources/Plain.swift": Samples.clean]
        files.merge(extra) { $1 }
        return try Project(files)
    }

    @Test func textFormat() throws {
        let project = try project()
        defer { project.remove() }
        let result = try project.run()
        #expect(result.status == 0)  // warnings do not fail without --strict
        let first = try #require(result.stdoutLines.first)
        #expect(first.hasPrefix("Sources/ItemView.swift:6:"))
        #expect(first.contains(": warning: "))
        #expect(first.hasSuffix("[state_initialized_from_outside]"))
        #expect(result.stdoutLines.count >= 3)
        #expect(result.stdoutLines[1] == "    @State var item: Item")
        #expect(result.stdoutLines[2].trimmingCharacters(in: .whitespaces).hasPrefix("^"))
        #expect(!result.stdout.contains("\u{1B}["))  // not a terminal: no colour
        #expect(result.stderrLines.last?.hasPrefix("1 warning, 0 errors in 2 files (") == true)
        #expect(result.stderrLines.last?.hasSuffix(" ms)") == true)
        #expect(try project.run("--quiet").stderr.isEmpty)
    }

    @Test func xcodeFormat() throws {
        let project = try project()
        defer { project.remove() }
        let result = try project.run("--format", "xcode")
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 1)
        let line = try #require(result.stdoutLines.first)
        #expect(line.hasPrefix("Sources/ItemView.swift:6:"))
        #expect(line.contains(": warning: "))
        #expect(line.hasSuffix(" (state_initialized_from_outside)"))
        #expect(result.stderrLines.last?.hasPrefix("1 warning, 0 errors in 2 files") == true)
    }

    @Test func jsonFormat() throws {
        let project = try project()
        defer { project.remove() }
        let result = try project.run("--format", "json")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let document = try result.json()
        #expect(document["version"] as? Int == 1)
        #expect((document["tool"] as? [String: String]) == ["name": "observation-lint", "version": "0.1.0"])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic["rule"] as? String == "state_initialized_from_outside")
        #expect(diagnostic["severity"] as? String == "warning")
        #expect(diagnostic["file"] as? String == "Sources/ItemView.swift")
        #expect(diagnostic["line"] as? Int == 6)
        #expect(diagnostic["notes"] is [Any] && diagnostic["fixes"] is [Any])
        #expect((document["errors"] as? [Any])?.isEmpty == true)
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(summary["files"] == 2 && summary["warnings"] == 1 && summary["errors"] == 0)
        #expect(summary["durationMs"] != nil)
    }

    @Test func pathsAsGiven() throws {
        let project = try project()
        defer { project.remove() }
        let dotted = try project.run("--format", "xcode", "./Sources/")
        #expect(dotted.stdoutLines.first?.hasPrefix("Sources/ItemView.swift:6:") == true)
        let file = try project.run("--format", "xcode", "Sources/ItemView.swift")
        #expect(file.stdoutLines.first?.hasPrefix("Sources/ItemView.swift:6:") == true)
        let absolute = try project.run("--format", "xcode", project.url("Sources"))
        #expect(absolute.stdoutLines.first?.hasPrefix(project.url("Sources/ItemView.swift") + ":6:") == true)
        let inside = try CLI.run(["--format", "xcode"], in: project.url("Sources"))
        #expect(inside.stdoutLines.first?.hasPrefix("ItemView.swift:6:") == true)
    }

    @Test func strictFailsOnWarnings() throws {
        let project = try project()
        defer { project.remove() }
        #expect(try project.run("--strict").status == 1)
        #expect(try project.run("--strict", "Sources/Plain.swift").status == 0)
    }

    @Test func configuredSeverityError() throws {
        let project = try project([".observation-lint.yml": "rules:\n  state_initialized_from_outside: { severity: error }\n"])
        defer { project.remove() }
        let result = try project.run("--format", "xcode")
        #expect(result.status == 1)
        #expect(result.stdoutLines.first?.contains(": error: ") == true)
        #expect(result.stderrLines.last?.hasPrefix("0 warnings, 1 error in 2 files") == true)
    }

    @Test func disablingRules() throws {
        let project = try project()
        defer { project.remove() }
        let flag = try project.run("--disable", "state_initialized_from_outside", "--strict")
        #expect(flag.status == 0 && flag.stdout.isEmpty)
        let only = try project.run("--only", "missing_published", "--strict")
        #expect(only.status == 0 && only.stdout.isEmpty)
        try project.write(".observation-lint.yml", "disabled_rules: [state_initialized_from_outside]\n")
        let configured = try project.run("--strict")
        #expect(configured.status == 0 && configured.stdout.isEmpty)
        let reenabled = try project.run("--enable", "state_initialized_from_outside", "--strict")
        #expect(reenabled.status == 1)
    }

    @Test func excludedByConfiguration() throws {
        let project = try project([".observation-lint.yml": "excluded: [\"Sources/Item*.swift\"]\n"])
        defer { project.remove() }
        let result = try project.run("--strict", "--format", "json")
        #expect(result.status == 0)
        #expect((try result.json()["summary"] as? [String: Int])?["files"] == 1)
    }

    @Test func suppressionComments() throws {
        let suppressed = Samples.stateFromOutside.replacingOccurrences(
            of: "    @State var item: Item",
            with: "    // observation-lint:disable:next state_initialized_from_outside - owned by the parent\n    @State var item: Item")
        let project = try Project(["A.swift": suppressed])
        defer { project.remove() }
        let result = try project.run("--strict")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test func unknownRuleInSuppressionIsReported() throws {
        let source = Samples.clean.replacingOccurrences(
            of: "struct Plain", with: "// observation-lint:disable:next state_initialised_from_outside\nstruct Plain")
        let project = try Project(["A.swift": source])
        defer { project.remove() }
        let result = try project.run("--format", "xcode")
        #expect(result.stdoutLines.count == 1)
        #expect(result.stdoutLines.first?.hasPrefix("A.swift:3:") == true)
        #expect(result.stdoutLines.first?.hasSuffix("(invalid_suppression)") == true)
        #expect(result.stdout.contains("did you mean 'state_initialized_from_outside'?"))
    }

    @Test func firstRules() throws {
        let project = try Project([
            "Counter.swift": Samples.missingPublished, "Parent.swift": Samples.nestedObservable,
            "ItemView.swift": Samples.stateFromOutside,
        ])
        defer { project.remove() }
        let result = try project.run("--format", "xcode")
        #expect(result.status == 0)
        let found = result.stdoutLines.map { line -> String in
            let file = line.prefix { $0 != ":" }
            let lineNumber = line.split(separator: ":")[1]
            let rule = line.split(separator: "(").last.map { String($0.dropLast()) } ?? ""
            return "\(file):\(lineNumber) \(rule)"
        }
        #expect(
            found == [
                "Counter.swift:4 missing_published", "ItemView.swift:6 state_initialized_from_outside",
                "Parent.swift:8 nested_observable_object",
            ])
    }

    // MARK: Bad input among good files

    @Test func nonUTF8File() throws {
        let project = try project()
        defer { project.remove() }
        try project.write("Sources/Latin1.swift", bytes: Array("let s = \"caf".utf8) + [0xE9] + Array("\"\n".utf8))
        let json = try project.run("--format", "json")
        #expect(json.status == 2)
        let document = try json.json()
        let errors = try #require(document["errors"] as? [[String: String]])
        #expect(errors.count == 1)
        #expect(errors.first?["file"] == "Sources/Latin1.swift")
        #expect(errors.first?["message"]?.hasPrefix("not valid UTF-8: byte 0xE9 at line 1, column 13") == true)
        #expect((document["summary"] as? [String: Int])?["files"] == 2)  // the others are still linted
        #expect((document["diagnostics"] as? [Any])?.count == 1)
        #expect(json.stderr.contains("Sources/Latin1.swift: error: not valid UTF-8"))

        let text = try project.run()
        #expect(text.status == 2)
        #expect(text.stderrLines.first?.hasPrefix("Sources/Latin1.swift: error: not valid UTF-8") == true)
        #expect(text.stdoutLines.first?.hasSuffix("[state_initialized_from_outside]") == true)

        // Diagnostics that fail the run decide the code.
        #expect(try project.run("--strict").status == 1)
    }

    @Test func fileTooLargeToLint() throws {
        let project = try project()
        defer { project.remove() }
        // A sparse file: its size is what counts, and nothing is read.
        try project.write("Sources/Huge.swift", "")
        let handle = try #require(FileHandle(forWritingAtPath: project.url("Sources/Huge.swift")))
        try handle.truncate(atOffset: UInt64(Int32.max) + 1)
        try handle.close()
        let result = try project.run("--format", "json")
        #expect(result.status == 2)
        let errors = try #require(try result.json()["errors"] as? [[String: String]])
        #expect(errors == [["file": "Sources/Huge.swift", "message": "the file is too large to lint (2147483648 bytes)"]])
        #expect((try result.json()["summary"] as? [String: Int])?["files"] == 2)
    }

    @Test func brokenLinkIsUnreadable() throws {
        let project = try project()
        defer { project.remove() }
        try FileManager.default.createSymbolicLink(atPath: project.url("Sources/Gone.swift"), withDestinationPath: project.url("Nowhere.swift"))
        let result = try project.run("--format", "json")
        #expect(result.status == 2)
        let errors = try #require(try result.json()["errors"] as? [[String: String]])
        #expect(errors == [["file": "Sources/Gone.swift", "message": "cannot read: broken symbolic link"]])
        #expect((try result.json()["summary"] as? [String: Int])?["files"] == 2)
    }

    @Test(.enabled(if: getuid() != 0, "root reads a chmod 000 file; brokenLinkIsUnreadable covers unreadable files"))
    func unreadableFile() throws {
        let project = try project()
        defer { project.remove() }
        try project.write("Sources/Locked.swift", "let x = 1\n")
        chmod(project.url("Sources/Locked.swift"), 0)
        let result = try project.run("--format", "json")
        #expect(result.status == 2)
        let errors = try #require(try result.json()["errors"] as? [[String: String]])
        #expect(errors == [["file": "Sources/Locked.swift", "message": "cannot read the file: Permission denied"]])
    }

    // MARK: Standard input

    @Test func standardInputBuffer() throws {
        let project = try project()
        defer { project.remove() }
        // The unsaved buffer fixes the problem: nothing is reported, and only that file counts.
        let fixed = Samples.stateFromOutside.replacingOccurrences(of: "@State var item: Item", with: "let item: Item")
        let clean = try project.run("--stdin-path", "Sources/ItemView.swift", "--format", "json", "--strict", stdin: fixed)
        #expect(clean.status == 0)
        #expect((try clean.json()["diagnostics"] as? [Any])?.isEmpty == true)
        #expect((try clean.json()["summary"] as? [String: Int])?["files"] == 1)
        // A buffer with the problem, for a file not saved yet.
        let dirty = try project.run("--stdin-path", "Sources/New.swift", "--format", "xcode", stdin: Samples.stateFromOutside)
        #expect(dirty.stdoutLines.count == 1)
        #expect(dirty.stdoutLines.first?.hasPrefix("Sources/New.swift:6:") == true)
    }
}
