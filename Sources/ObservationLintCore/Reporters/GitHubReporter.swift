/// `--format github`: GitHub Actions workflow commands, one a diagnostic, which the runner turns
/// into annotations on the pull request:
///
/// ```
/// ::warning file=Sources/A.swift,line=6,col=5,endLine=6,endColumn=26,title=state_initialized_from_outside::message
/// ```
/// `::error` for severity `error`. The message is followed by the notes (`note: path:line:col:
/// text`) and the help on further lines. Escaping is the runner's (actions/toolkit
/// `escapeData`/`escapeProperty`): in the message `%` → `%25`, CR → `%0D`, LF → `%0A`; in
/// property values also `:` → `%3A` and `,` → `%2C`. `file` is relative to the repository root
/// when the file lies inside it (GitHub resolves it against the checkout), else as given.
/// Columns are UTF-8 byte columns, as in the other line-oriented formats. Files that could not
/// be read are `::error file=P,title=observation-lint::message`.
public struct GitHubReporter: Reporter {
    public static let name = "github"
    public static let printsSummary = true

    public init() {}

    public func report(_ input: ReportInput) -> String {
        var output = ""
        for error in input.errors {
            let properties = [("file", path(error.file, input)), ("title", ToolInfo.name)]
            output += Self.command("error", properties: properties, message: error.message)
        }
        for diagnostic in input.diagnostics {
            let range = diagnostic.range
            let properties = [
                ("file", path(range.file, input)),
                ("line", String(range.start.line)),
                ("col", String(range.start.column)),
                ("endLine", String(range.end.line)),
                ("endColumn", String(range.end.column)),
                ("title", diagnostic.ruleID),
            ]
            var message = diagnostic.message
            for note in diagnostic.notes {
                message += "\nnote: \(path(note.range.file, input)):\(note.range.start.line):\(note.range.start.column): \(note.message)"
            }
            if let help = diagnostic.help ?? diagnostic.fixes.first?.title { message += "\nhelp: \(help)" }
            output += Self.command(diagnostic.severity == .error ? "error" : "warning", properties: properties, message: message)
        }
        return output
    }

    private func path(_ file: String, _ input: ReportInput) -> String {
        input.repositoryRelativePath(file) ?? file
    }

    static func command(_ name: String, properties: [(String, String)], message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(escapeData(message))\n"
    }

    /// A command's message: `%`, CR and LF.
    public static func escapeData(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// A command's property value: as data, plus `:` and `,`.
    public static func escapeProperty(_ text: String) -> String {
        var output = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": output += "%3A"
            case ",": output += "%2C"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
