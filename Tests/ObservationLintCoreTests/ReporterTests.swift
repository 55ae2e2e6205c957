import Foundation
import ObservationLintCore
import ObservationSyntax
import Testing

@Suite struct ReporterTests {
    static let source = """
        struct V: View {
            @State var item: Item
            var body: some View { Text("") }
        }

        """

    func position(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

    /// `spaces` blanks, then a caret and tildes `width` cells wide in all.
    func marker(_ spaces: Int, _ width: Int) -> String {
        String(repeating: " ", count: spaces) + "^" + String(repeating: "~", count: width - 1)
    }

    var stateDiagnostic: Diagnostic {
        Diagnostic(
            ruleID: "state_initialized_from_outside", severity: .warning,
            message: "'item' takes its value from the memberwise init; SwiftUI keeps only the first value",
            range: SourceRange(file: "Sources/V.swift", start: position(2, 5), end: position(2, 26)),
            notes: [DiagnosticNote(message: "the view", range: SourceRange(file: "Sources/V.swift", start: position(1, 8), end: position(1, 9)))],
            help: "give it an initial value, or make it a plain let")
    }

    var errorDiagnostic: Diagnostic {
        Diagnostic(
            ruleID: "missing_published", severity: .error, message: "'count' is not @Published",
            range: SourceRange(file: "Sources/V.swift", start: position(3, 5), end: position(3, 8)),
            fixes: [
                Fix(
                    title: "Add @Published",
                    edits: [
                        TextEdit(
                            range: SourceRange(file: "Sources/V.swift", start: position(3, 5), end: position(3, 5)),
                            replacement: "@Published ")
                    ])
            ])
    }

    func input(_ diagnostics: [Diagnostic], color: Bool = false, errors: [InputError] = []) -> ReportInput {
        ReportInput(
            diagnostics: diagnostics, errors: errors, fileCount: 2, durationMs: 7, rules: testCatalog.map(\.description),
            sources: ["Sources/V.swift": Array(Self.source.utf8)], useColor: color)
    }

    // MARK: text

    @Test func textFormat() {
        let output = TextReporter().report(input([stateDiagnostic, errorDiagnostic]))
        #expect(
            output == """
                Sources/V.swift:2:5: warning: 'item' takes its value from the memberwise init; SwiftUI keeps only the first value [state_initialized_from_outside]
                    @State var item: Item
                \(marker(4, 21))
                Sources/V.swift:1:8: note: the view
                help: give it an initial value, or make it a plain let (docs/rules/state_initialized_from_outside.md)
                Sources/V.swift:3:5: error: 'count' is not @Published [missing_published]
                    var body: some View { Text("") }
                \(marker(4, 3))
                help: Add @Published (docs/rules/missing_published.md)

                1  missing_published               correctness
                1  state_initialized_from_outside  suspicious

                """)
    }

    @Test func textWithoutSourceQuotesNoLine() {
        var diagnostic = stateDiagnostic
        diagnostic.range.file = "Other.swift"
        diagnostic.notes = []
        diagnostic.help = nil
        #expect(
            TextReporter().report(input([diagnostic]))
                == "Other.swift:2:5: warning: 'item' takes its value from the memberwise init; SwiftUI keeps only the first value [state_initialized_from_outside]\n"
                + "help: see docs/rules/state_initialized_from_outside.md\n"
                + "\n1  state_initialized_from_outside  suspicious\n"
        )
    }

    /// A rule outside the catalog (`invalid_suppression`) has no page: its help line is the help alone.
    @Test func textHelpNamesThePageOfCatalogRulesOnly() {
        var diagnostic = stateDiagnostic
        diagnostic.ruleID = "invalid_suppression"
        diagnostic.notes = []
        let lines = TextReporter().report(input([diagnostic])).split(separator: "\n").map(String.init)
        #expect(lines.contains("help: give it an initial value, or make it a plain let"))
        diagnostic.help = nil
        #expect(!TextReporter().report(input([diagnostic])).contains("help:"))
    }

    @Test func textColourOnlyWhenAsked() {
        #expect(!TextReporter().report(input([stateDiagnostic])).contains("\u{1B}["))
        let coloured = TextReporter().report(input([stateDiagnostic], color: true))
        #expect(coloured.contains("\u{1B}[1;33mwarning:\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1;32m    ^~~~"))
    }

    @Test func emptyReportPrintsNothing() {
        #expect(TextReporter().report(input([])) == "")
        #expect(XcodeReporter().report(input([])) == "")
    }

    @Test func caretLines() {
        #expect(TextReporter.caretLine(line: "    @State var x", startColumn: 5, endColumn: 11) == marker(4, 6))
        // Tabs are kept so the caret lines up in any tab width.
        #expect(TextReporter.caretLine(line: "\t\tlet x", startColumn: 3, endColumn: 6) == "\t\t^~~")
        // Columns are UTF-8 bytes: "é" is two bytes but one cell, "日" three bytes and two cells.
        #expect(TextReporter.caretLine(line: "let é = x", startColumn: 10, endColumn: 11) == "        ^")
        #expect(TextReporter.caretLine(line: "let 日 = x", startColumn: 11, endColumn: 12) == "         ^")
        #expect(TextReporter.caretLine(line: "let s = \"日本\"", startColumn: 9, endColumn: 17) == marker(8, 6))
        // No end column (a range spanning lines): to the end of the line; empty ranges: a caret.
        #expect(TextReporter.caretLine(line: "  foo(a,", startColumn: 3, endColumn: nil) == marker(2, 6))
        #expect(TextReporter.caretLine(line: "abc", startColumn: 2, endColumn: 2) == " ^")
        #expect(TextReporter.caretLine(line: "abc", startColumn: 40, endColumn: 50) == "   ^")
    }

    @Test func multiLineRangeMarksToTheEndOfTheLine() {
        var diagnostic = stateDiagnostic
        diagnostic.range.end = position(3, 10)
        diagnostic.notes = []
        diagnostic.help = nil
        let lines = TextReporter().report(input([diagnostic])).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[2] == marker(4, 21))
    }

    // MARK: xcode

    @Test func xcodeFormat() {
        var multiline = errorDiagnostic
        multiline.message = "first line\nsecond line"
        #expect(
            XcodeReporter().report(input([stateDiagnostic, multiline])) == """
                Sources/V.swift:2:5: warning: 'item' takes its value from the memberwise init; SwiftUI keeps only the first value (state_initialized_from_outside)
                Sources/V.swift:3:5: error: first line second line (missing_published)

                """)
    }

    // MARK: json

    @Test func jsonExactText() {
        var diagnostic = stateDiagnostic
        diagnostic.notes = []
        diagnostic.help = nil
        let output = JSONReporter().report(
            ReportInput(
                diagnostics: [diagnostic], errors: [InputError(file: "Bad.swift", message: "not valid UTF-8")], fileCount: 1,
                durationMs: 3))
        #expect(
            output == """
                {
                  "version": 1,
                  "tool": {
                    "name": "observation-lint",
                    "version": "0.1.0"
                  },
                  "diagnostics": [
                    {
                      "rule": "state_initialized_from_outside",
                      "group": "correctness",
                      "severity": "warning",
                      "message": "'item' takes its value from the memberwise init; SwiftUI keeps only the first value",
                      "file": "Sources/V.swift",
                      "line": 2,
                      "column": 5,
                      "endLine": 2,
                      "endColumn": 26,
                      "help": null,
                      "url": null,
                      "notes": [],
                      "fixes": []
                    }
                  ],
                  "errors": [
                    {
                      "file": "Bad.swift",
                      "message": "not valid UTF-8"
                    }
                  ],
                  "summary": {
                    "files": 1,
                    "uncompiledFiles": 0,
                    "warnings": 1,
                    "errors": 0,
                    "durationMs": 3
                  }
                }

                """)
    }

    func parsed(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func jsonShape() throws {
        let document = try parsed(JSONReporter().report(input([stateDiagnostic, errorDiagnostic])))
        #expect(Set(document.keys) == ["version", "tool", "diagnostics", "errors", "summary"])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 2)
        for diagnostic in diagnostics {
            #expect(
                Set(diagnostic.keys) == [
                    "rule", "group", "severity", "message", "file", "line", "column", "endLine", "endColumn", "help", "url",
                    "notes", "fixes",
                ])
            #expect(diagnostic["notes"] is [Any])
            #expect(diagnostic["fixes"] is [Any])
        }
        // `help` is the diagnostic's help, else its first fix's title; `url` the rule's page.
        #expect(diagnostics[0]["help"] as? String == "give it an initial value, or make it a plain let")
        #expect(diagnostics[1]["help"] as? String == "Add @Published")
        #expect(
            diagnostics[0]["url"] as? String
                == "https://github.com/OWNER/observation-lint/blob/main/docs/rules/state_initialized_from_outside.md")
        #expect(diagnostics[1]["url"] as? String == RuleDocumentation.url("missing_published"))
        let note = try #require((diagnostics[0]["notes"] as? [[String: Any]])?.first)
        #expect(note["message"] as? String == "the view")
        #expect(note["file"] as? String == "Sources/V.swift")
        #expect(note["line"] as? Int == 1 && note["column"] as? Int == 8)
        #expect((diagnostics[0]["fixes"] as? [Any])?.isEmpty == true)
        let fix = try #require((diagnostics[1]["fixes"] as? [[String: Any]])?.first)
        #expect(fix["title"] as? String == "Add @Published")
        #expect(fix["safety"] as? String == "unsafe")
        let edit = try #require((fix["edits"] as? [[String: Any]])?.first)
        #expect(Set(edit.keys) == ["file", "line", "column", "endLine", "endColumn", "replacement"])
        #expect(edit["replacement"] as? String == "@Published ")
        #expect(diagnostics[1]["severity"] as? String == "error")
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(summary == ["files": 2, "uncompiledFiles": 0, "warnings": 1, "errors": 1, "durationMs": 7])
        #expect((document["errors"] as? [Any])?.isEmpty == true)
    }

    @Test func jsonEscaping() throws {
        var diagnostic = errorDiagnostic
        diagnostic.message = "quote \" backslash \\ newline \n tab \t bell \u{07} é 日"
        let text = JSONReporter().report(input([diagnostic]))
        #expect(text.contains(#""message": "quote \" backslash \\ newline \n tab \t bell \u0007 é 日""#))
        let document = try parsed(text)
        let message = (document["diagnostics"] as? [[String: Any]])?.first?["message"] as? String
        #expect(message == diagnostic.message)
    }

    /// Escapes at the ends of a string and next to each other, the JavaScript line
    /// separators, DEL, and other three-byte characters starting like them (kept as is).
    @Test func jsonEscapingAtBoundaries() throws {
        var diagnostic = errorDiagnostic
        diagnostic.message = "\"a\u{2028}\u{2029}\u{7F}\u{1F}\r\u{0C}\u{08}€→\\"
        let text = JSONReporter().report(input([diagnostic]))
        #expect(text.contains(#""message": "\"a\u2028\u2029\u007f\u001f\r\f\b€→\\""#))
        let document = try parsed(text)
        let message = (document["diagnostics"] as? [[String: Any]])?.first?["message"] as? String
        #expect(message == diagnostic.message)
    }

    /// Columns are 1-based UTF-8 byte offsets, counted by the same code rules use.
    @Test func multiByteColumns() throws {
        let text = "let café = \"naïve\"; @State var item: Item\n"
        let file = ParsedFile(path: "A.swift", bytes: Array(text.utf8))
        let at = try #require(file.tokens.firstIndex { $0.kind == .atSign })
        var context = RuleContext(fileIndex: 0, index: ProjectIndex(files: [file]), ruleID: "r", severity: .warning)
        context.report("m", at: at..<(at + 2))
        let diagnostic = try #require(context.diagnostics.first)
        #expect(diagnostic.range.start == position(1, 23))  // 20 characters, 22 bytes before "@"
        #expect(diagnostic.range.end == position(1, 29))

        let reportInput = ReportInput(diagnostics: [diagnostic], fileCount: 1, sources: ["A.swift": Array(text.utf8)])
        let json = try parsed(JSONReporter().report(reportInput))
        let entry = try #require((json["diagnostics"] as? [[String: Any]])?.first)
        #expect(entry["column"] as? Int == 23 && entry["endColumn"] as? Int == 29)
        #expect(XcodeReporter().report(reportInput) == "A.swift:1:23: warning: m (r)\n")
        let lines = TextReporter().report(reportInput).split(separator: "\n")
        #expect(lines[2] == marker(20, 6))
    }

    // MARK: summary and registry

    @Test func summaryLine() {
        #expect(Summary.line(warnings: 0, errors: 0, files: 0, durationMs: 0) == "0 warnings, 0 errors in 0 files (0 ms)")
        #expect(Summary.line(warnings: 1, errors: 1, files: 1, durationMs: 1) == "1 warning, 1 error in 1 file (1 ms)")
        #expect(Summary.line(warnings: 3, errors: 2, files: 40, durationMs: 12) == "3 warnings, 2 errors in 40 files (12 ms)")
        #expect(Summary.line(for: input([stateDiagnostic, errorDiagnostic])) == "1 warning, 1 error in 2 files (7 ms)")
    }

    @Test func registry() {
        #expect(ReporterRegistry.names == ["text", "xcode", "json", "sarif", "github", "checkstyle", "junit"])
        #expect(ReporterRegistry.reporter(named: "json") is JSONReporter)
        #expect(ReporterRegistry.reporter(named: "yaml") == nil)
        #expect(TextReporter.printsSummary && XcodeReporter.printsSummary && !JSONReporter.printsSummary)
    }
}
