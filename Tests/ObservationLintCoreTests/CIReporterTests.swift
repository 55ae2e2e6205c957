import Foundation
import ObservationLintCore
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The CI formats: github, checkstyle, junit.
@Suite struct CIReporterTests {
    func position(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

    func diagnostic(
        _ rule: String, _ file: String, _ line: Int, _ column: Int, severity: Severity = .warning, message: String = "m",
        notes: [DiagnosticNote] = [], help: String? = nil
    ) -> Diagnostic {
        Diagnostic(
            ruleID: rule, severity: severity, message: message,
            range: SourceRange(file: file, start: position(line, column), end: position(line, column + 4)), notes: notes, help: help)
    }

    // MARK: github

    @Test func githubFormat() {
        let note = DiagnosticNote(
            message: "read here", range: SourceRange(file: "Sources/B.swift", start: position(3, 9), end: position(3, 12)))
        let input = ReportInput(
            diagnostics: [
                diagnostic("state_initialized_from_outside", "Sources/A.swift", 6, 5, notes: [note], help: "make it a let"),
                diagnostic("missing_published", "Sources/B.swift", 4, 9, severity: .error, message: "not published"),
            ],
            errors: [InputError(file: "Sources/Bad.swift", message: "not valid UTF-8")], fileCount: 3)
        #expect(
            GitHubReporter().report(input) == """
                ::error file=Sources/Bad.swift,title=observation-lint::not valid UTF-8
                ::warning file=Sources/A.swift,line=6,col=5,endLine=6,endColumn=9,title=state_initialized_from_outside::m%0Anote: Sources/B.swift:3:9: read here%0Ahelp: make it a let
                ::error file=Sources/B.swift,line=4,col=9,endLine=4,endColumn=13,title=missing_published::not published

                """)
        #expect(GitHubReporter().report(ReportInput(diagnostics: [], fileCount: 1)) == "")
    }

    /// The runner's escaping (actions/toolkit): data `%`, CR, LF; properties also `:` and `,`.
    @Test func githubEscaping() {
        let file = "Sources/100%,a:b\nc.swift"
        let message = "50% done, see: x\r\nnext"
        let output = GitHubReporter().report(ReportInput(diagnostics: [diagnostic("rule_id", file, 2, 5, message: message)], fileCount: 1))
        #expect(
            output
                == "::warning file=Sources/100%25%2Ca%3Ab%0Ac.swift,line=2,col=5,endLine=2,endColumn=9,title=rule_id::50%25 done, see: x%0D%0Anext\n"
        )
        #expect(output.split(separator: "\n").count == 1)
        #expect(GitHubReporter.escapeData("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad:e,f")
        #expect(GitHubReporter.escapeProperty("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad%3Ae%2Cf")
        // `%` first: an already escaped-looking sequence is escaped again, not kept.
        #expect(GitHubReporter.escapeProperty("%0A") == "%250A")
    }

    @Test func githubPathsAreRepositoryRelative() {
        let input = ReportInput(
            diagnostics: [diagnostic("r", "Sources/A.swift", 1, 1), diagnostic("r", "/elsewhere/B.swift", 1, 1)], fileCount: 2,
            currentDirectory: "/repo/App", repositoryRoot: "/repo")
        let lines = GitHubReporter().report(input).split(separator: "\n")
        #expect(lines[0].hasPrefix("::warning file=App/Sources/A.swift,line=1,"))
        #expect(lines[1].hasPrefix("::warning file=/elsewhere/B.swift,line=1,"))
    }

    // MARK: XML

    func parse(_ text: String) throws -> XMLElement {
        let document = try XMLDocument(data: Data(text.utf8), options: [])
        return try #require(document.rootElement())
    }

    func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attribute(forName: name)?.stringValue
    }

    func children(_ element: XMLElement, _ name: String) -> [XMLElement] {
        element.elements(forName: name)
    }

    /// A message with every character XML needs escaped, and control characters XML 1.0 cannot
    /// carry at all.
    static let hostileMessage = "a < b && c > d \"quoted\" 'single' tab\there\nsecond line\r bell\u{07} esc\u{1B} ]]> é 日"
    static let hostileExpected = "a < b && c > d \"quoted\" 'single' tab\there\nsecond line\r bell\u{FFFD} esc\u{FFFD} ]]> é 日"

    @Test func xmlEscaping() throws {
        #expect(XMLEscaping.text("<a & b>\r") == "&lt;a &amp; b&gt;&#13;")
        #expect(XMLEscaping.attribute("\"'\n\t") == "&quot;&apos;&#10;&#9;")
        #expect(XMLEscaping.text("\u{0}\u{1F}\u{FFFE}ok") == "\u{FFFD}\u{FFFD}\u{FFFD}ok")
        let element = try parse("<x a=\"\(XMLEscaping.attribute(Self.hostileMessage))\">\(XMLEscaping.text(Self.hostileMessage))</x>")
        #expect(attribute(element, "a") == Self.hostileExpected)
        #expect(element.stringValue == Self.hostileExpected)
    }

    // MARK: checkstyle

    @Test func checkstyleFormat() throws {
        let input = ReportInput(
            diagnostics: [
                diagnostic("state_initialized_from_outside", "Sources/A&B.swift", 6, 5, message: Self.hostileMessage),
                diagnostic("private_state", "Sources/A&B.swift", 9, 3, help: "add private"),
                diagnostic("missing_published", "Sources/C.swift", 4, 9, severity: .error),
            ],
            errors: [InputError(file: "Bad.swift", message: "not valid UTF-8")], fileCount: 3)
        let text = CheckstyleReporter().report(input)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"))
        let root = try parse(text)
        #expect(root.name == "checkstyle")
        let files = children(root, "file")
        #expect(files.map { attribute($0, "name") } == ["Bad.swift", "Sources/A&B.swift", "Sources/C.swift"])
        let bad = try #require(children(files[0], "error").first)
        #expect(attribute(bad, "severity") == "error" && attribute(bad, "message") == "not valid UTF-8")
        #expect(attribute(bad, "source") == "observation-lint.input")
        let errors = children(files[1], "error")
        #expect(errors.count == 2)
        #expect(attribute(errors[0], "line") == "6" && attribute(errors[0], "column") == "5")
        #expect(attribute(errors[0], "severity") == "warning")
        #expect(attribute(errors[0], "message") == Self.hostileExpected)
        #expect(attribute(errors[0], "source") == "observation-lint.rules.state_initialized_from_outside")
        #expect(attribute(errors[1], "message") == "m (help: add private)")
        #expect(attribute(try #require(children(files[2], "error").first), "severity") == "error")
        // Nothing to report: an empty, well-formed report.
        let empty = try parse(CheckstyleReporter().report(ReportInput(diagnostics: [], fileCount: 4)))
        #expect(empty.name == "checkstyle" && children(empty, "file").isEmpty)
    }

    // MARK: junit

    @Test func junitFormat() throws {
        let note = DiagnosticNote(message: "read <here>", range: SourceRange(file: "Sources/B.swift", start: position(3, 9), end: position(3, 12)))
        let input = ReportInput(
            diagnostics: [
                diagnostic("state_initialized_from_outside", "Sources/App/A.swift", 6, 5, message: Self.hostileMessage, notes: [note], help: "use let"),
                diagnostic("state_initialized_from_outside", "Sources/App/A.swift", 6, 5, message: "same place"),
                diagnostic("state_initialized_from_outside", "Sources/App/A.swift", 6, 5, message: "again"),
                diagnostic("missing_published", "Sources/B.swift", 4, 9, severity: .error),
            ],
            errors: [InputError(file: "Bad.swift", message: "not valid UTF-8")], fileCount: 3, durationMs: 1234)
        let text = JUnitReporter().report(input)
        let root = try parse(text)
        #expect(root.name == "testsuites")
        #expect(attribute(root, "tests") == "5" && attribute(root, "failures") == "4" && attribute(root, "errors") == "1")
        #expect(attribute(root, "time") == "1.234")
        let suites = children(root, "testsuite")
        #expect(suites.map { attribute($0, "name") } == ["Bad.swift", "Sources/App/A.swift", "Sources/B.swift"])
        #expect(suites.map { attribute($0, "tests") } == ["1", "3", "1"])
        #expect(suites.map { attribute($0, "failures") } == ["0", "3", "1"])

        let unreadable = try #require(children(suites[0], "testcase").first)
        #expect(children(unreadable, "error").first.map { attribute($0, "message") } == "not valid UTF-8")

        let cases = children(suites[1], "testcase")
        #expect(cases.allSatisfy { attribute($0, "classname") == "Sources.App.A" })
        #expect(cases.allSatisfy { attribute($0, "file") == "Sources/App/A.swift" && attribute($0, "line") == "6" })
        // Unique names within the file, as GitLab and Jenkins key test cases by class and name.
        #expect(
            cases.map { attribute($0, "name") } == [
                "state_initialized_from_outside at 6:5", "state_initialized_from_outside at 6:5 (2)",
                "state_initialized_from_outside at 6:5 (3)",
            ])
        let failure = try #require(children(cases[0], "failure").first)
        #expect(attribute(failure, "type") == "warning")
        #expect(attribute(failure, "message") == Self.hostileExpected)
        #expect(
            failure.stringValue
                == "Sources/App/A.swift:6:5: warning: \(Self.hostileExpected) [state_initialized_from_outside]\nSources/B.swift:3:9: note: read <here>\nhelp: use let"
        )
        let errorCase = try #require(children(suites[2], "testcase").first)
        #expect(attribute(errorCase, "classname") == "Sources.B")
        #expect(children(errorCase, "failure").first.map { attribute($0, "type") } == "error")
    }

    /// Nothing to report: still a valid report, with one passing test case (Jenkins rejects a
    /// report without test cases).
    @Test func junitWithoutDiagnostics() throws {
        let root = try parse(JUnitReporter().report(ReportInput(diagnostics: [], fileCount: 12, durationMs: 5)))
        #expect(attribute(root, "tests") == "1" && attribute(root, "failures") == "0" && attribute(root, "errors") == "0")
        let suite = try #require(children(root, "testsuite").first)
        let testCase = try #require(children(suite, "testcase").first)
        #expect(attribute(testCase, "classname") == "observation-lint")
        #expect(attribute(testCase, "name") == "no diagnostics in 12 files")
        #expect(testCase.children == nil || testCase.children?.isEmpty == true)
    }

    @Test func junitClassnames() {
        #expect(JUnitReporter.classname("Sources/App/ItemView.swift") == "Sources.App.ItemView")
        #expect(JUnitReporter.classname("./A.swift") == "A")
        #expect(JUnitReporter.classname("../x/B.swift") == "x.B")
        #expect(JUnitReporter.classname("/abs/C.swift") == "abs.C")
    }

    // MARK: registry

    @Test func everyFormatIsRegistered() {
        #expect(ReporterRegistry.names == ["text", "xcode", "json", "sarif", "github", "checkstyle", "junit"])
        #expect(ReporterRegistry.reporter(named: "sarif") is SARIFReporter)
        #expect(ReporterRegistry.reporter(named: "github") is GitHubReporter)
        #expect(ReporterRegistry.reporter(named: "checkstyle") is CheckstyleReporter)
        #expect(ReporterRegistry.reporter(named: "junit") is JUnitReporter)
        #expect(ReporterRegistry.reporter(named: "yaml") == nil)
        // People read github annotations' log; the structured formats print no summary.
        #expect(GitHubReporter.printsSummary)
        #expect(!SARIFReporter.printsSummary && !CheckstyleReporter.printsSummary && !JUnitReporter.printsSummary)
    }
}
