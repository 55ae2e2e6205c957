import Foundation
import ObservationLintCore
import Testing

@Suite struct BaselineTests {
    static let source = """
        struct V: View {
            @State var item: Item
            @State var other: Item
            var body: some View { Text("") }
        }

        """

    let paths = Baseline.Paths(baselineFile: "observation-lint-baseline.json", currentDirectory: "/repo")

    func diagnostic(_ line: Int, rule: String = "state_initialized_from_outside", file: String = "Sources/V.swift") -> Diagnostic {
        Diagnostic(
            ruleID: rule, severity: .warning, message: "message of line \(line)",
            range: SourceRange(
                file: file, start: SourcePosition(line: line, column: 5), end: SourcePosition(line: line, column: 10)))
    }

    func sources(_ text: String) -> [String: [UInt8]] { ["Sources/V.swift": Array(text.utf8)] }

    @Test func recordsFileRuleAndTrimmedLineText() {
        let baseline = Baseline(recording: [diagnostic(2), diagnostic(3)], sources: sources(Self.source), paths: paths)
        #expect(
            baseline.entries == [
                Baseline.Entry(
                    file: "Sources/V.swift", rule: "state_initialized_from_outside", line: "@State var item: Item",
                    message: "message of line 2"),
                Baseline.Entry(
                    file: "Sources/V.swift", rule: "state_initialized_from_outside", line: "@State var other: Item",
                    message: "message of line 3"),
            ])
    }

    @Test func fileFormat() throws {
        let baseline = Baseline(recording: [diagnostic(2)], sources: sources(Self.source), paths: paths)
        #expect(
            baseline.serialized() == """
                {
                  "version": 1,
                  "tool": {
                    "name": "observation-lint",
                    "version": "\(ToolInfo.version)"
                  },
                  "entries": [
                    {
                      "file": "Sources/V.swift",
                      "rule": "state_initialized_from_outside",
                      "line": "@State var item: Item",
                      "message": "message of line 2"
                    }
                  ]
                }

                """)
        #expect(try Baseline.parse(Array(baseline.serialized().utf8), file: "b.json") == baseline)
        let empty = Baseline(entries: [])
        #expect(try Baseline.parse(Array(empty.serialized().utf8), file: "b.json") == empty)
    }

    /// Lines inserted above move the finding, which stays hidden; line numbers are not compared.
    @Test func matchesByLineTextNotLineNumber() {
        let baseline = Baseline(recording: [diagnostic(2)], sources: sources(Self.source), paths: paths)
        let edited = "import SwiftUI\n\n// a comment\n" + Self.source
        let result = baseline.filter([diagnostic(5), diagnostic(6)], sources: sources(edited), paths: paths)
        #expect(result.hidden == [diagnostic(5)])
        #expect(result.reported == [diagnostic(6)])  // another line's text: new
    }

    @Test func ruleAndFileMustMatch() {
        let baseline = Baseline(recording: [diagnostic(2)], sources: sources(Self.source), paths: paths)
        let otherRule = diagnostic(2, rule: "private_state")
        var otherFile = diagnostic(2, file: "Sources/W.swift")
        otherFile.message = "x"
        let all = sources(Self.source).merging(["Sources/W.swift": Array(Self.source.utf8)]) { $1 }
        let result = baseline.filter([otherRule, otherFile], sources: all, paths: paths)
        #expect(result.hidden.isEmpty)
        #expect(result.reported.count == 2)
    }

    /// Each entry hides one diagnostic: one more occurrence of the same text is reported.
    @Test func countsOccurrences() {
        let twice = "@State var item: Item\n@State var item: Item\n  @State var item: Item\n"
        let baseline = Baseline(recording: [diagnostic(1), diagnostic(2)], sources: sources(twice), paths: paths)
        let result = baseline.filter([diagnostic(1), diagnostic(2), diagnostic(3)], sources: sources(twice), paths: paths)
        #expect(result.hidden == [diagnostic(1), diagnostic(2)])
        #expect(result.reported == [diagnostic(3)])  // same trimmed text, one occurrence too many
        // Indentation changes do not matter (the text is trimmed).
        let reindented = "\t@State var item: Item   \n"
        let one = baseline.filter([diagnostic(1)], sources: sources(reindented), paths: paths)
        #expect(one.reported.isEmpty)
    }

    /// Paths are stored relative to the baseline's folder, so it matches from any working
    /// directory.
    @Test func pathsRelativeToTheBaselineFolder() {
        let inCI = Baseline.Paths(baselineFile: "ci/baseline.json", currentDirectory: "/repo")
        #expect(inCI.baselineFolder == "/repo/ci")
        #expect(inCI.entryPath("Sources/V.swift") == "../Sources/V.swift")
        let fromSources = Baseline.Paths(baselineFile: "../ci/baseline.json", currentDirectory: "/repo/Sources")
        #expect(fromSources.entryPath("V.swift") == "../Sources/V.swift")
        #expect(fromSources.entryPath("/repo/Sources/V.swift") == "../Sources/V.swift")

        let baseline = Baseline(recording: [diagnostic(2)], sources: sources(Self.source), paths: inCI)
        let moved = diagnostic(2, file: "V.swift")
        let result = baseline.filter([moved], sources: ["V.swift": Array(Self.source.utf8)], paths: fromSources)
        #expect(result.hidden == [moved])
    }

    @Test func malformedFiles() {
        func message(_ text: String) -> String? {
            do {
                _ = try Baseline.parse(Array(text.utf8), file: "b.json")
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message("{ nope") == "b.json: not valid JSON; a baseline is the JSON file --write-baseline writes")
        #expect(message("[]") == "b.json: not a baseline: expected a JSON object with \"version\" and \"entries\"")
        #expect(message("42") == "b.json: not a baseline: expected a JSON object with \"version\" and \"entries\"")
        #expect(message("{\"entries\": []}") == "b.json: not a baseline: \"version\" is missing")
        #expect(message("{\"version\": \"1\", \"entries\": []}") == "b.json: \"version\" must be a number")
        #expect(
            message("{\"version\": 2, \"entries\": []}")
                == "b.json: baseline version 2 is not supported (this observation-lint reads version 1)")
        #expect(message("{\"version\": 1}") == "b.json: not a baseline: \"entries\" is missing")
        #expect(message("{\"version\": 1, \"entries\": {}}") == "b.json: \"entries\" must be a list")
        #expect(message("{\"version\": 1, \"entries\": [3]}") == "b.json: entry 1 must be an object")
        #expect(
            message("{\"version\": 1, \"entries\": [{\"file\": \"A.swift\", \"rule\": \"r\", \"line\": \"x\"}, {\"file\": \"A.swift\", \"rule\": 7, \"line\": \"x\"}]}")
                == "b.json: entry 2: \"rule\" must be a string")
        #expect(message("{\"version\": 1, \"entries\": [{\"file\": \"A.swift\", \"rule\": \"r\"}]}") == "b.json: entry 1: \"line\" is missing")
        #expect(message("{\"version\": 1, \"entries\": [{\"file\": \"\", \"rule\": \"r\", \"line\": \"\"}]}") == "b.json: entry 1: \"file\" is empty")
        // Unknown keys and a missing message are fine.
        #expect(message("{\"version\": 1, \"extra\": true, \"entries\": [{\"file\": \"A.swift\", \"rule\": \"r\", \"line\": \"\"}]}") == nil)
    }

    @Test func loadAndWrite() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.url("baseline.json")
        #expect(throws: BaselineError(file: "baseline.json", message: "no such baseline file (create one with --write-baseline baseline.json)")) {
            try Baseline.load(from: path, displayPath: "baseline.json")
        }
        let baseline = Baseline(recording: [diagnostic(2)], sources: sources(Self.source), paths: paths)
        try baseline.write(to: path)
        #expect(try Baseline.load(from: path) == baseline)
        #expect(throws: BaselineError.self) { try baseline.write(to: folder.url("missing/folder/b.json"), displayPath: "b.json") }
    }
}
