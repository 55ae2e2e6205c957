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
    /// names it twice (the whole checkout, and one folder of it).
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
        try project.write("apps.tsv", "# name\tgit_url\tcommit\tsubdir_or_dot\nrecipes\t\(url)\t\(commit)\tRecipeBox\nstates\t\(url)\t\(commit.prefix(12))\t.\n")

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
}

/// docs/precision.md shows the audit's commands as the script takes them.
@Suite struct PrecisionReadmeTests {
    @Test func precisionPageShowsTheAuditCommands() throws {
        let readme = String(
            decoding: try Data(contentsOf: RecipeTests.packageRoot.appendingPathComponent("docs/precision.md")), as: UTF8.self)
        #expect(readme.hasPrefix("# Precision on real apps\n"))
        #expect(readme.contains("scripts/precision/audit.py sample --apps scripts/precision/apps-measure.tsv \\\n"))
        #expect(readme.contains("scripts/precision/audit.py table audit.md\n"))
    }
}
