import ObservationSyntax

/// What a rule sees while it checks one file, and where it reports.
public struct RuleContext {
    public let path: String
    public let source: SourceText
    public let tokens: [Token]
    public let severity: Severity
    public let ruleID: String
    public private(set) var diagnostics: [Diagnostic] = []

    public init(path: String, source: SourceText, tokens: [Token], ruleID: String, severity: Severity) {
        self.path = path
        self.source = source
        self.tokens = tokens
        self.ruleID = ruleID
        self.severity = severity
    }

    /// The range of a byte span in this file.
    public func range(_ bytes: Range<Int>) -> SourceRange {
        let start = source.location(of: bytes.lowerBound)
        let end = source.location(of: bytes.upperBound)
        return SourceRange(
            file: path,
            start: SourcePosition(line: start.line, column: start.column),
            end: SourcePosition(line: end.line, column: end.column))
    }

    public mutating func report(
        _ message: String, at bytes: Range<Int>, notes: [DiagnosticNote] = [], help: String? = nil,
        fixes: [Fix] = []
    ) {
        diagnostics.append(
            Diagnostic(
                ruleID: ruleID, severity: severity, message: message, range: range(bytes),
                notes: notes, help: help, fixes: fixes))
    }
}
