/// `--format xcode`: exactly one `path:line:col: warning: message (rule_id)` line per
/// diagnostic, the shape Xcode and editors parse from compiler output. Notes, help and fixes
/// are left out; line breaks in a message become spaces.
public struct XcodeReporter: Reporter {
    public static let name = "xcode"
    public static let printsSummary = true

    public init() {}

    public func report(_ input: ReportInput) -> String {
        var output = ""
        for diagnostic in input.diagnostics {
            output += "\(diagnostic.range.file):\(diagnostic.range.start.line):\(diagnostic.range.start.column): "
            output += "\(diagnostic.severity.rawValue): \(Self.singleLine(diagnostic.message)) (\(diagnostic.ruleID))\n"
        }
        return output
    }

    static func singleLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
