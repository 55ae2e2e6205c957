/// `--format junit`: a JUnit XML test report, for GitLab (`artifacts:reports:junit`), Jenkins
/// (`junit`) and other CI systems that show test results.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="observation-lint" tests="1" failures="1" errors="0" time="0.012">
///   <testsuite name="Sources/App/ItemView.swift" tests="1" failures="1" errors="0" time="0">
///     <testcase classname="Sources.App.ItemView" name="state_initialized_from_outside at 6:5" file="Sources/App/ItemView.swift" line="6" time="0">
///       <failure type="warning" message="…">Sources/App/ItemView.swift:6:5: warning: … [state_initialized_from_outside]</failure>
///     </testcase>
///   </testsuite>
/// </testsuites>
/// ```
/// One `testsuite` per file (named by its path, as given on the command line), one `testcase`
/// per diagnostic with a `failure` whose `type` is the severity and whose text is the
/// diagnostic as the text format prints it (with notes and help). `classname` is the path
/// without `.swift`, `/` replaced by `.` (Jenkins shows it as package and class); test
/// names are `rule_id at line:column`, made unique within a file with ` (2)`, ` (3)`, … . A
/// file that could not be read is a test case with an `error`. A run with nothing to report
/// is one passing test case, `no diagnostics in N files`, so that CI systems that reject an
/// empty report still accept it.
public struct JUnitReporter: Reporter {
    public static let name = "junit"
    public static let printsSummary = false

    public init() {}

    private struct Case {
        var name: String
        var line: Int?
        var body: String
        var isFailure: Bool
        var isError: Bool
    }

    public func report(_ input: ReportInput) -> String {
        var files: [String] = []
        var casesByFile: [String: [Case]] = [:]
        var namesByFile: [String: Set<String>] = [:]
        func add(_ file: String, _ testCase: Case) {
            if casesByFile[file] == nil { files.append(file) }
            var testCase = testCase
            var names = namesByFile[file] ?? []
            var candidate = testCase.name
            var number = 2
            while names.contains(candidate) {
                candidate = "\(testCase.name) (\(number))"
                number += 1
            }
            names.insert(candidate)
            namesByFile[file] = names
            testCase.name = candidate
            casesByFile[file, default: []].append(testCase)
        }

        for error in input.errors {
            let body = "      <error \(XMLEscaping.attributes([("type", "input"), ("message", error.message)]))>"
                + XMLEscaping.text("\(error.file): error: \(error.message)") + "</error>\n"
            add(error.file, Case(name: "read \(error.file)", line: nil, body: body, isFailure: false, isError: true))
        }
        for diagnostic in input.diagnostics {
            let range = diagnostic.range
            var details = "\(range.file):\(range.start.line):\(range.start.column): \(diagnostic.severity.rawValue): "
            details += "\(diagnostic.message) [\(diagnostic.ruleID)]"
            for note in diagnostic.notes {
                details += "\n\(note.range.file):\(note.range.start.line):\(note.range.start.column): note: \(note.message)"
            }
            if let help = diagnostic.help ?? diagnostic.fixes.first?.title { details += "\nhelp: \(help)" }
            let body = "      <failure \(XMLEscaping.attributes([("type", diagnostic.severity.rawValue), ("message", diagnostic.message)]))>"
                + XMLEscaping.text(details) + "</failure>\n"
            add(
                range.file,
                Case(
                    name: "\(diagnostic.ruleID) at \(range.start.line):\(range.start.column)", line: range.start.line,
                    body: body, isFailure: true, isError: false))
        }

        let seconds = Self.seconds(input.durationMs)
        var suites = ""
        var total = (tests: 0, failures: 0, errors: 0)
        for file in files {
            let cases = casesByFile[file] ?? []
            let failures = cases.count { $0.isFailure }
            let errors = cases.count { $0.isError }
            total.tests += cases.count
            total.failures += failures
            total.errors += errors
            let classname = Self.classname(file)
            suites += "  <testsuite \(XMLEscaping.attributes([("name", file), ("tests", String(cases.count)), ("failures", String(failures)), ("errors", String(errors)), ("time", "0")]))>\n"
            for testCase in cases {
                var attributes = [("classname", classname), ("name", testCase.name), ("file", file)]
                if let line = testCase.line { attributes.append(("line", String(line))) }
                attributes.append(("time", "0"))
                suites += "    <testcase \(XMLEscaping.attributes(attributes))>\n" + testCase.body + "    </testcase>\n"
            }
            suites += "  </testsuite>\n"
        }
        if files.isEmpty {
            total.tests = 1
            let name = "no diagnostics in \(input.fileCount) file\(input.fileCount == 1 ? "" : "s")"
            suites += "  <testsuite \(XMLEscaping.attributes([("name", ToolInfo.name), ("tests", "1"), ("failures", "0"), ("errors", "0"), ("time", seconds)]))>\n"
            suites += "    <testcase \(XMLEscaping.attributes([("classname", ToolInfo.name), ("name", name), ("time", seconds)]))/>\n"
            suites += "  </testsuite>\n"
        }
        let header = XMLEscaping.attributes([
            ("name", ToolInfo.name), ("tests", String(total.tests)), ("failures", String(total.failures)),
            ("errors", String(total.errors)), ("time", seconds),
        ])
        return XMLEscaping.declaration + "<testsuites \(header)>\n" + suites + "</testsuites>\n"
    }

    /// `Sources/App/ItemView.swift` → `Sources.App.ItemView`; `.`/`..` segments and a leading
    /// `/` are dropped.
    public static func classname(_ path: String) -> String {
        var trimmed = Substring(path)
        if trimmed.hasSuffix(".swift") { trimmed = trimmed.dropLast(".swift".count) }
        let parts = trimmed.split(separator: "/").filter { $0 != "." && $0 != ".." }
        return parts.isEmpty ? ToolInfo.name : parts.joined(separator: ".")
    }

    static func seconds(_ milliseconds: Int) -> String {
        let value = max(milliseconds, 0)
        let fraction = String(value % 1000)
        return "\(value / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
