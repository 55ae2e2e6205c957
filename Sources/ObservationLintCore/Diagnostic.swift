import ObservationSyntax

public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// A 1-based position; `column` counts UTF-8 bytes, as swiftc does.
public struct SourcePosition: Sendable, Hashable, Comparable, Codable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A range in one file; `end` is exclusive.
public struct SourceRange: Sendable, Hashable, Codable {
    public var file: String
    public var start: SourcePosition
    public var end: SourcePosition

    public init(file: String, start: SourcePosition, end: SourcePosition) {
        self.file = file
        self.start = start
        self.end = end
    }
}

/// A related site: the init that feeds a state, the view that reads a field.
public struct DiagnosticNote: Sendable, Hashable {
    public var message: String
    public var range: SourceRange

    public init(message: String, range: SourceRange) {
        self.message = message
        self.range = range
    }
}

public struct TextEdit: Sendable, Hashable {
    public var range: SourceRange
    public var replacement: String

    public init(range: SourceRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// How far `--fix` may trust a fix (as Ruff's fix applicability): a safe fix keeps the
/// code compiling and changes nothing but what the diagnostic names; an unsafe one may
/// break callers or change more than that, so it is applied only with `--unsafe-fixes`.
public enum FixSafety: String, Sendable, Hashable, Codable {
    case safe, unsafe
}

public struct Fix: Sendable, Hashable {
    public var title: String
    public var edits: [TextEdit]
    /// Set from the rule's `RuleDescription.autoFix` when the rule reports the fix.
    public var safety: FixSafety

    public init(title: String, edits: [TextEdit], safety: FixSafety = .unsafe) {
        self.title = title
        self.edits = edits
        self.safety = safety
    }
}

public struct Diagnostic: Sendable, Hashable {
    public var ruleID: String
    public var severity: Severity
    /// What goes wrong at run time.
    public var message: String
    public var range: SourceRange
    public var notes: [DiagnosticNote]
    /// What to write instead, when the rule can say it in one line.
    public var help: String?
    public var fixes: [Fix]

    public init(
        ruleID: String, severity: Severity, message: String, range: SourceRange,
        notes: [DiagnosticNote] = [], help: String? = nil, fixes: [Fix] = []
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
        self.help = help
        self.fixes = fixes
    }

    public var file: String { range.file }

    /// The reporters' order: file, line, column, rule.
    public static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.range.file != rhs.range.file { return lhs.range.file < rhs.range.file }
        if lhs.range.start != rhs.range.start { return lhs.range.start < rhs.range.start }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }
}

/// A file that could not be linted (unreadable, not UTF-8), reported beside diagnostics.
public struct InputError: Sendable, Hashable, Error {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }
}
