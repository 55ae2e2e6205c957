/// `--format checkstyle`: Checkstyle's XML report, which Jenkins (Warnings Next Generation),
/// reviewdog, Danger and many CI tools read.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <checkstyle version="4.3">
///   <file name="Sources/A.swift">
///     <error line="6" column="5" severity="warning" message="…" source="observation-lint.rules.state_initialized_from_outside"/>
///   </file>
/// </checkstyle>
/// ```
/// One `file` element per file with diagnostics, in report order. Paths as given on the
/// command line; columns in UTF-8 bytes. A file that could not be read is a `file` with one
/// `error` of severity `error` and source `observation-lint.input` (no line).
public struct CheckstyleReporter: Reporter {
    public static let name = "checkstyle"
    public static let printsSummary = false
    public static let sourcePrefix = "observation-lint.rules."

    public init() {}

    public func report(_ input: ReportInput) -> String {
        var output = XMLEscaping.declaration + "<checkstyle version=\"4.3\">\n"
        var entries: [(file: String, line: String)] = []
        for error in input.errors {
            let attributes = XMLEscaping.attributes([
                ("severity", "error"), ("message", error.message), ("source", "observation-lint.input"),
            ])
            entries.append((error.file, "    <error \(attributes)/>\n"))
        }
        for diagnostic in input.diagnostics {
            var message = diagnostic.message
            if let help = diagnostic.help ?? diagnostic.fixes.first?.title { message += " (help: \(help))" }
            let attributes = XMLEscaping.attributes([
                ("line", String(diagnostic.range.start.line)), ("column", String(diagnostic.range.start.column)),
                ("severity", diagnostic.severity.rawValue), ("message", message),
                ("source", Self.sourcePrefix + diagnostic.ruleID),
            ])
            entries.append((diagnostic.range.file, "    <error \(attributes)/>\n"))
        }
        // Group by file, files in order of first appearance (errors first, then report order).
        var files: [String] = []
        var linesByFile: [String: String] = [:]
        for entry in entries {
            if linesByFile[entry.file] == nil { files.append(entry.file) }
            linesByFile[entry.file, default: ""] += entry.line
        }
        for file in files {
            output += "  <file \(XMLEscaping.attributes([("name", file)]))>\n"
            output += linesByFile[file] ?? ""
            output += "  </file>\n"
        }
        return output + "</checkstyle>\n"
    }
}
