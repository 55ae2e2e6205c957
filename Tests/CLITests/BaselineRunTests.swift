import Foundation
import Testing

/// `--write-baseline` and `--baseline` through the executable (SPEC §6).
@Suite struct BaselineRunTests {
    /// A view with an offending line (line 6), for the opt-in `state_initialized_from_parameter`.
    static let itemView = """
        import SwiftUI

        final class Item {}

        struct ItemView: View {
            @State var item: Item
            var body: some View { Text("") }
        }

        """

    func project() throws -> Project {
        try Project([
            "Sources/ItemView.swift": Self.itemView, "Sources/Counter.swift": Samples.missingPublished,
            ".observation-lint.yml": "opt_in_rules: [state_initialized_from_parameter]\n",
        ])
    }

    func diagnostics(_ result: RunResult) throws -> [String] {
        let list = try #require(try result.json()["diagnostics"] as? [[String: Any]])
        return list.map { "\($0["file"] as? String ?? ""):\($0["line"] as? Int ?? 0) \($0["rule"] as? String ?? "")" }
    }

    @Test func writeThenHide() throws {
        let project = try project()
        defer { project.remove() }
        let write = try project.run("--write-baseline", "observation-lint-baseline.json", "--format", "json")
        // Writing reports as usual.
        #expect(write.status == 0)
        #expect(try diagnostics(write) == ["Sources/Counter.swift:4 missing_published", "Sources/ItemView.swift:6 state_initialized_from_parameter"])

        let file = try #require(
            try JSONSerialization.jsonObject(with: Data(project.read("observation-lint-baseline.json").utf8)) as? [String: Any])
        #expect(file["version"] as? Int == 1)
        let entries = try #require(file["entries"] as? [[String: String]])
        #expect(entries.map { $0["file"] } == ["Sources/Counter.swift", "Sources/ItemView.swift"])
        #expect(entries.map { $0["rule"] } == ["missing_published", "state_initialized_from_parameter"])
        #expect(entries.map { $0["line"] } == ["var count = 0", "@State var item: Item"])

        let hidden = try project.run("--baseline", "observation-lint-baseline.json", "--strict")
        #expect(hidden.status == 0)
        #expect(hidden.stdout.isEmpty)
        #expect(hidden.stderrLines.last?.hasPrefix("0 warnings, 0 errors in 2 files (") == true)
        let json = try project.run("--baseline", "observation-lint-baseline.json", "--format", "json")
        #expect(try diagnostics(json).isEmpty)
    }

    /// Lines inserted above an old finding do not bring it back.
    @Test func editsAboveDoNotResurrect() throws {
        let project = try project()
        defer { project.remove() }
        #expect(try project.run("--write-baseline", "baseline.json", "--quiet").status == 0)
        try project.write(
            "Sources/ItemView.swift",
            "// A header comment\n// over two lines\n\n" + Self.itemView.replacingOccurrences(of: "    @State", with: "\t@State"))
        let edited = try project.run("--format", "json")
        #expect(try diagnostics(edited).contains("Sources/ItemView.swift:9 state_initialized_from_parameter"))
        let result = try project.run("--baseline", "baseline.json", "--strict", "--format", "json")
        #expect(result.status == 0)
        #expect(try diagnostics(result).isEmpty)
    }

    /// A new finding of the same rule in the same file is reported: another line text, or one
    /// more occurrence of the recorded text.
    @Test func newFindingsInTheSameFileAreReported() throws {
        let project = try project()
        defer { project.remove() }
        #expect(try project.run("--write-baseline", "baseline.json", "--quiet").status == 0)
        let more = Self.itemView + """

            struct OtherView: View {
                @State var item: Item
                @State var picked: Item
                var body: some View { Text("") }
            }

            """
        try project.write("Sources/ItemView.swift", more)
        let result = try project.run("--baseline", "baseline.json", "--format", "json", "--strict")
        #expect(result.status == 1)
        #expect(
            try diagnostics(result) == [
                "Sources/ItemView.swift:11 state_initialized_from_parameter",  // the same text, a second time
                "Sources/ItemView.swift:12 state_initialized_from_parameter",  // another text
            ])
        let text = try project.run("--baseline", "baseline.json")
        #expect(text.stderrLines.last?.hasPrefix("2 warnings, 0 errors in 2 files") == true)
    }

    /// The baseline's paths are relative to its folder: it matches from a subfolder too.
    @Test func fromAnotherWorkingDirectory() throws {
        let project = try project()
        defer { project.remove() }
        try FileManager.default.createDirectory(atPath: project.url("ci"), withIntermediateDirectories: true)
        #expect(try project.run("--write-baseline", "ci/baseline.json", "--quiet").status == 0)
        let entries = try #require(
            (try JSONSerialization.jsonObject(with: Data(project.read("ci/baseline.json").utf8)) as? [String: Any])?["entries"]
                as? [[String: String]])
        #expect(entries.first?["file"] == "../Sources/Counter.swift")
        let inside = try CLI.run(["--baseline", "../ci/baseline.json", "--strict"], in: project.url("Sources"))
        #expect(inside.status == 0)
        #expect(inside.stdout.isEmpty)
    }

    @Test func malformedBaselineIsAnError() throws {
        let project = try project()
        defer { project.remove() }
        let cases: [(String, String)] = [
            ("{ \"version\": 1, ", "error: b.json: not valid JSON; a baseline is the JSON file --write-baseline writes\n"),
            ("{ \"version\": 7, \"entries\": [] }", "error: b.json: baseline version 7 is not supported (this observation-lint reads version 1)\n"),
            ("{ \"version\": 1, \"entries\": [ { \"file\": \"A.swift\", \"rule\": \"r\" } ] }", "error: b.json: entry 1: \"line\" is missing\n"),
        ]
        for (contents, message) in cases {
            try project.write("b.json", contents)
            let result = try project.run("--baseline", "b.json")
            #expect(result.status == 2)
            #expect(result.stderr == message)
            #expect(result.stdout.isEmpty)
        }
        let missing = try project.run("--baseline", "none.json", "--format", "json")
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: none.json: no such baseline file (create one with --write-baseline none.json)\n")
        #expect(missing.stdout.isEmpty)
    }

    @Test func unwritableBaselineIsAnError() throws {
        let project = try project()
        defer { project.remove() }
        let result = try project.run("--write-baseline", "no/such/folder/b.json")
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: no/such/folder/b.json: cannot write the baseline"))
    }

    /// Rewriting a baseline while using it records everything current, so fixed findings
    /// drop out and the file stays complete.
    @Test func rewritingTheBaselineInPlace() throws {
        let project = try project()
        defer { project.remove() }
        #expect(try project.run("--write-baseline", "b.json", "--quiet").status == 0)
        try project.write("Sources/Counter.swift", Samples.clean)  // fixes missing_published
        let rewrite = try project.run("--baseline", "b.json", "--write-baseline", "b.json", "--format", "json")
        #expect(try diagnostics(rewrite).isEmpty)
        let entries = try #require(
            (try JSONSerialization.jsonObject(with: Data(project.read("b.json").utf8)) as? [String: Any])?["entries"] as? [[String: String]])
        #expect(entries.map { $0["rule"] } == ["state_initialized_from_parameter"])
    }
}
