import ObservationSyntax

/// The suppression comments of one file (SPEC §6), with SwiftLint's semantics:
///
/// ```swift
/// // observation-lint:disable state_initialized_from_outside private_state - reason
/// …                                        (suppressed until the matching enable)
/// // observation-lint:enable state_initialized_from_outside
/// // observation-lint:disable:next private_state        (the line after the comment)
/// @State var x = 0 // observation-lint:disable:this private_state
/// // observation-lint:disable:previous private_state    (the line before the comment)
/// ```
///
/// `all` stands for every rule; `enable` works with the same scopes (`enable:next` lifts a
/// region for one line). Text after a ` - ` is a reason and is ignored. Commands may be
/// written in line, doc or block comments; the comment's text must start with
/// `observation-lint:`. A region command written after code on the same line takes effect
/// on the next line (as in SwiftLint, the code before the comment is not affected).
///
/// A diagnostic is suppressed if the line it starts on is suppressed for its rule.
public struct SuppressionMap: Sendable {
    /// The id of the pseudo-rule that reports malformed suppression comments and unknown rule
    /// ids in them (see `invalidSuppressionDiagnostics`).
    public static let invalidSuppressionRuleID = "invalid_suppression"
    public static let commandPrefix = ParsedFile.suppressionCommandPrefix
    private static let commandPrefixBytes = Array(commandPrefix.utf8)

    public enum Action: String, Sendable { case disable, enable }
    public enum Scope: String, Sendable { case region, next, this, previous }

    /// One well-formed command.
    public struct Command: Sendable, Equatable {
        public var action: Action
        public var scope: Scope
        /// Rule ids as written (`all` included).
        public var ruleIDs: [String]
        /// The line of the comment's start.
        public var line: Int
    }

    /// A rule id named in a command, with its position (for unknown-id reports).
    public struct Reference: Sendable, Equatable {
        public var ruleID: String
        public var start: SourcePosition
        public var end: SourcePosition
    }

    /// A comment that starts with `observation-lint:` but is not a valid command.
    public struct Problem: Sendable, Equatable {
        public var message: String
        public var start: SourcePosition
        public var end: SourcePosition
    }

    public private(set) var commands: [Command] = []
    public private(set) var references: [Reference] = []
    public private(set) var problems: [Problem] = []

    private struct Event: Sendable {
        var action: Action
        var ruleIDs: [String]
    }

    /// Region commands by the line they take effect on, in source order.
    private var regionEvents: [(line: Int, event: Event)] = []
    /// Single-line commands by the line they apply to.
    private var lineEvents: [Int: [Event]] = [:]

    public init(source: SourceText, comments: [Token]) {
        for comment in comments {
            switch comment.kind {
            case .lineComment, .docLineComment, .blockComment, .docBlockComment:
                parse(comment, in: source)
            default:
                continue
            }
        }
        regionEvents.sort { $0.line < $1.line }  // stable: same-line events keep source order
    }

    /// Whether the comments suppress `ruleID` for a diagnostic starting on `line` (1-based).
    public func isSuppressed(ruleID: String, line: Int) -> Bool {
        if regionEvents.isEmpty && lineEvents.isEmpty { return false }
        var allDisabled = false
        var overrides: [String: Bool] = [:]
        func apply(_ event: Event) {
            let disabled = event.action == .disable
            for id in event.ruleIDs {
                if id == "all" {
                    allDisabled = disabled
                    overrides.removeAll()
                } else {
                    overrides[id] = disabled
                }
            }
        }
        for (eventLine, event) in regionEvents {
            if eventLine > line { break }
            apply(event)
        }
        for event in lineEvents[line] ?? [] {
            apply(event)
        }
        return overrides[ruleID] ?? allDisabled
    }

    /// Diagnostics of the `invalid_suppression` pseudo-rule: malformed commands, and rule ids
    /// that `knownRuleIDs` (the whole catalog, not only the active rules) does not have.
    public func invalidSuppressionDiagnostics(
        path: String, knownRuleIDs: Set<String>, severity: Severity = .warning
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for problem in problems {
            diagnostics.append(
                Diagnostic(
                    ruleID: Self.invalidSuppressionRuleID, severity: severity,
                    message: problem.message + "; the comment has no effect",
                    range: SourceRange(file: path, start: problem.start, end: problem.end)))
        }
        for reference in references
        where reference.ruleID != "all" && reference.ruleID != Self.invalidSuppressionRuleID
            && !knownRuleIDs.contains(reference.ruleID)
        {
            var message = "'\(reference.ruleID)' is not an observation-lint rule, so this suppression has no effect"
            if let suggestion = NameSuggestion.closest(to: reference.ruleID, in: knownRuleIDs.sorted()) {
                message += "; did you mean '\(suggestion)'?"
            }
            diagnostics.append(
                Diagnostic(
                    ruleID: Self.invalidSuppressionRuleID, severity: severity, message: message,
                    range: SourceRange(file: path, start: reference.start, end: reference.end)))
        }
        return diagnostics
    }

    // MARK: Parsing

    private mutating func parse(_ comment: Token, in source: SourceText) {
        let bytes = source.bytes
        let start = Int(comment.start)
        let end = min(Int(comment.end), bytes.count)
        guard start < end else { return }
        var index = start
        var contentEnd = end
        let isBlock = bytes[index] == UInt8(ascii: "/") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "*")
        if isBlock {
            index += 2
            while index < end, bytes[index] == UInt8(ascii: "*") { index += 1 }
            if contentEnd - index >= 2, bytes[contentEnd - 1] == UInt8(ascii: "/"),
                bytes[contentEnd - 2] == UInt8(ascii: "*")
            {
                contentEnd -= 2
            }
        } else {
            while index < end, bytes[index] == UInt8(ascii: "/") { index += 1 }
        }
        while index < contentEnd, Self.isSpace(bytes[index]) { index += 1 }
        let prefix = Self.commandPrefixBytes
        guard contentEnd - index >= prefix.count else { return }
        for offset in prefix.indices where bytes[index + offset] != prefix[offset] { return }
        let commandStart = index
        index += prefix.count

        func position(_ offset: Int) -> SourcePosition {
            let location = source.location(of: offset)
            return SourcePosition(line: location.line, column: location.column)
        }
        func word(from offset: Int) -> Int {
            var cursor = offset
            while cursor < contentEnd, !Self.isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ":"),
                bytes[cursor] != UInt8(ascii: ",")
            {
                cursor += 1
            }
            return cursor
        }
        func fail(_ message: String, _ range: Range<Int>) {
            let upper = max(range.upperBound, range.lowerBound + 1)
            problems.append(Problem(message: message, start: position(range.lowerBound), end: position(min(upper, end))))
        }

        // Action.
        let actionEnd = word(from: index)
        let actionText = String(decoding: bytes[index..<actionEnd], as: UTF8.self)
        guard let action = Action(rawValue: actionText) else {
            let shown = actionText.isEmpty ? "nothing" : "'\(actionText)'"
            var message = "'observation-lint:' must be followed by disable or enable, not \(shown)"
            if let suggestion = NameSuggestion.closest(to: actionText, in: ["disable", "enable"]) {
                message = "'\(actionText)' is not a suppression command; did you mean '\(suggestion)'?"
            }
            fail(message, commandStart..<max(actionEnd, index))
            return
        }
        index = actionEnd

        // Scope.
        var scope = Scope.region
        if index < contentEnd, bytes[index] == UInt8(ascii: ":") {
            let scopeStart = index + 1
            let scopeEnd = word(from: scopeStart)
            let scopeText = String(decoding: bytes[scopeStart..<scopeEnd], as: UTF8.self)
            guard let parsed = Scope(rawValue: scopeText), parsed != .region else {
                var message = "'\(action.rawValue):\(scopeText)' is not a suppression command; use \(action.rawValue), "
                    + "\(action.rawValue):next, \(action.rawValue):this or \(action.rawValue):previous"
                if let suggestion = NameSuggestion.closest(to: scopeText, in: ["next", "this", "previous"]) {
                    message = "'\(action.rawValue):\(scopeText)' is not a suppression command; did you mean "
                        + "'\(action.rawValue):\(suggestion)'?"
                }
                fail(message, commandStart..<max(scopeEnd, scopeStart))
                return
            }
            scope = parsed
            index = scopeEnd
        }
        if index < contentEnd, !Self.isSpace(bytes[index]) {
            let junkEnd = word(from: index + 1)
            fail("unexpected '\(String(decoding: bytes[index..<junkEnd], as: UTF8.self))' in a suppression command",
                 index..<junkEnd)
            return
        }

        // Rule ids, up to a ` - reason`.
        var ruleIDs: [String] = []
        var newReferences: [Reference] = []
        while index < contentEnd {
            while index < contentEnd, Self.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 }
            guard index < contentEnd else { break }
            var idEnd = index
            while idEnd < contentEnd, !Self.isSpace(bytes[idEnd]), bytes[idEnd] != UInt8(ascii: ",") { idEnd += 1 }
            let id = String(decoding: bytes[index..<idEnd], as: UTF8.self)
            if id == "-" || id == "--" { break }  // the reason follows
            ruleIDs.append(id)
            newReferences.append(Reference(ruleID: id, start: position(index), end: position(idEnd)))
            index = idEnd
        }
        guard !ruleIDs.isEmpty else {
            fail("'\(Self.commandPrefix)\(action.rawValue)\(scope == .region ? "" : ":" + scope.rawValue)' names no rule; "
                + "list rule ids, or 'all' for every rule", commandStart..<index)
            return
        }
        references += newReferences

        let startLine = source.location(of: start).line
        let endLine = source.location(of: max(start, end - 1)).line
        commands.append(Command(action: action, scope: scope, ruleIDs: ruleIDs, line: startLine))
        let event = Event(action: action, ruleIDs: ruleIDs)
        switch scope {
        case .region:
            let effectiveLine = Self.hasCodeBefore(start, in: source) ? startLine + 1 : startLine
            regionEvents.append((effectiveLine, event))
        case .this:
            lineEvents[startLine, default: []].append(event)
        case .next:
            lineEvents[endLine + 1, default: []].append(event)
        case .previous:
            if startLine > 1 { lineEvents[startLine - 1, default: []].append(event) }
        }
    }

    /// Whether anything but whitespace precedes the offset on its line.
    private static func hasCodeBefore(_ offset: Int, in source: SourceText) -> Bool {
        let line = source.location(of: offset).line
        var index = source.lineStart(line)
        while index < offset {
            if !isSpace(source.bytes[index]) { return true }
            index += 1
        }
        return false
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
