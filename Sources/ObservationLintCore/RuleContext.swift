import ObservationSyntax

/// What a rule sees while it checks one file — the file's declarations and the project
/// index — and where it reports.
public struct RuleContext {
    public let file: ParsedFile
    /// The file's position in `index.files`.
    public let fileIndex: Int
    public let index: ProjectIndex
    public let ruleID: String
    public let severity: Severity
    public private(set) var diagnostics: [Diagnostic] = []

    public init(fileIndex: Int, index: ProjectIndex, ruleID: String, severity: Severity) {
        self.file = index.files[fileIndex]
        self.fileIndex = fileIndex
        self.index = index
        self.ruleID = ruleID
        self.severity = severity
    }

    /// The source range of a token range in any analyzed file.
    public func range(_ tokens: Range<Int>, in fileIndex: Int? = nil) -> SourceRange {
        let file = index.files[fileIndex ?? self.fileIndex]
        let bytes = file.byteRange(tokens)
        let start = file.source.location(of: bytes.lowerBound)
        let end = file.source.location(of: bytes.upperBound)
        return SourceRange(
            file: file.path,
            start: SourcePosition(line: start.line, column: start.column),
            end: SourcePosition(line: end.line, column: end.column))
    }

    /// A note pointing at tokens of any analyzed file.
    public func note(_ message: String, at tokens: Range<Int>, in fileIndex: Int? = nil) -> DiagnosticNote {
        DiagnosticNote(message: message.withoutTypeKeyPrefixes, range: range(tokens, in: fileIndex))
    }

    /// A fix that replaces tokens of this file.
    public func edit(replacing tokens: Range<Int>, with replacement: String) -> TextEdit {
        TextEdit(range: range(tokens), replacement: replacement)
    }

    /// A fix that inserts text before a token of this file.
    public func edit(insertingBefore token: Int, _ text: String) -> TextEdit {
        let position = range(token..<token + 1).start
        return TextEdit(range: SourceRange(file: file.path, start: position, end: position), replacement: text)
    }

    /// Reports a diagnostic over tokens of this file. Type keys in the texts show as the
    /// names the user wrote (`ProjectIndex`'s keys of private types carry a prefix).
    public mutating func report(
        _ message: String, at tokens: Range<Int>, notes: [DiagnosticNote] = [], help: String? = nil,
        fixes: [Fix] = []
    ) {
        diagnostics.append(
            Diagnostic(
                ruleID: ruleID, severity: severity, message: message.withoutTypeKeyPrefixes, range: range(tokens),
                notes: notes, help: help?.withoutTypeKeyPrefixes,
                fixes: fixes.map { fix in
                    var fix = fix
                    fix.title = fix.title.withoutTypeKeyPrefixes
                    return fix
                }))
    }
}
