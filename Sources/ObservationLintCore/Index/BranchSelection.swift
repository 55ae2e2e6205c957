import ObservationSyntax

// Which branch of an `if` or `switch` on a state a written value selects (SPEC §10.3, §10.4):
// a write whose new value makes the body build another branch removes the view the old
// branch built, rather than building the same view again.

/// A value a write stores that can be matched against a branch's condition: `flag = false`,
/// `phase = .login`, `phase = Phase.login(user)`, `selection = nil`, `flag.toggle()`.
enum WrittenLiteral: Equatable {
    case bool(Bool)
    /// An enum case by name (`nil` is `none`).
    case enumCase(String)
    /// `toggle()`: the opposite of whatever the value was.
    case toggle

    /// The value written at `token`, the written member's name (`phase` in
    /// `self.phase = .login`), when the statement stores a literal of these kinds and
    /// nothing else; nil for any other value.
    init?(at token: Int, in file: ParsedFile) {
        if file.kind(token + 1) == .period, file.at(token + 2, "toggle"), file.kind(token + 3) == .leftParen,
            file.kind(token + 4) == .rightParen
        {
            self = .toggle
            return
        }
        guard file.kind(token + 1) == .equal, let (value, end) = Self.literal(at: token + 2, in: file),
            end >= file.tokens.count || file.tokens[end].isAtStartOfLine || file.kind(end) == .semicolon
                || file.kind(end) == .rightBrace
        else { return nil }
        self = value
    }

    /// `true`, `false`, `nil`, `.name`, `Type.name`, each with a payload `(…)`: the value
    /// and the token after it.
    static func literal(at token: Int, in file: ParsedFile) -> (WrittenLiteral, Int)? {
        if file.at(token, "true") { return (.bool(true), token + 1) }
        if file.at(token, "false") { return (.bool(false), token + 1) }
        if file.at(token, "nil") { return (.enumCase("none"), token + 1) }
        var name = token + 1
        if file.kind(token) == .identifier, file.text(token).startsWithUppercase, file.kind(token + 1) == .period {
            name = token + 2
        } else if file.kind(token) != .period {
            return nil
        }
        guard file.kind(name - 1) == .period, file.kind(name) == .identifier else { return nil }
        var end = name + 1
        if file.kind(end) == .leftParen, !file.tokens[end].isAtStartOfLine { end = file.skipGroup(end) }
        return (.enumCase(file.text(name)), end)
    }

    /// Whether, in the `switch` whose block is `block`, this value selects another case than
    /// the one whose `case`/`default` label is at `label`: every pattern of the label (or,
    /// for `default`, of the other labels) is a plain enum case, a Boolean or `nil`.
    func leavesCase(at label: Int, ofSwitch block: Range<Int>, file: ParsedFile) -> Bool {
        guard case .enumCase(let name) = self else {
            if case .bool(let value) = self { return Self.leaves(value ? "true" : "false", label: label, block: block, file: file) }
            return false
        }
        return Self.leaves(name, label: label, block: block, file: file)
    }

    private static func leaves(_ name: String, label: Int, block: Range<Int>, file: ParsedFile) -> Bool {
        let labels = caseLabels(in: block, file: file)
        if file.at(label, "default") {
            return labels.contains { $0.token != label && $0.patterns?.contains(name) == true }
        }
        guard let own = labels.first(where: { $0.token == label }), let patterns = own.patterns else { return false }
        return !patterns.contains(name)
    }

    /// The `case` and `default` labels directly in a `switch` block, each with its
    /// patterns' case names; nil patterns when one is not a plain case (`let x`, `_`, a
    /// `where` clause, `.some(…)`, which matches any value written).
    static func caseLabels(in block: Range<Int>, file: ParsedFile) -> [(token: Int, patterns: [String]?)] {
        var result: [(token: Int, patterns: [String]?)] = []
        var token = block.lowerBound + 1
        while token < block.upperBound - 1 {
            switch file.kind(token) {
            case .leftParen, .leftSquare, .leftBrace:
                token = file.skipGroup(token)
                continue
            default:
                break
            }
            if file.at(token, "default") {
                result.append((token, []))
            } else if file.at(token, "case") {
                result.append((token, patterns(after: token, before: block.upperBound, file: file)))
            }
            token += 1
        }
        return result
    }

    private static func patterns(after label: Int, before end: Int, file: ParsedFile) -> [String]? {
        var names: [String] = []
        var token = label + 1
        while token < end {
            if file.at(token, "let") || file.at(token, "var") { token += 1 }
            guard let (value, next) = literal(at: token, in: file), case .enumCase(let name) = value.normalized, name != "some"
            else { return nil }
            names.append(name)
            token = next
            if file.kind(token) == .postfixQuestionMark { token += 1 }
            if file.kind(token) == .colon { return names }
            guard file.kind(token) == .comma else { return nil }
            token += 1
        }
        return nil
    }

    /// A Boolean as the case name a pattern spells.
    private var normalized: WrittenLiteral {
        if case .bool(let value) = self { return .enumCase(value ? "true" : "false") }
        return self
    }
}

/// One clause of an `if` condition judged after a write.
enum ClauseTruth: Equatable {
    case holds, fails
    /// The write (`toggle()`) turns it to the opposite of what it was.
    case flips
    case unknown
}

enum BranchCondition {
    /// Whether `range` is exactly a read of the state written as `field`, through the
    /// body's property `property`: `field` or `self.field` (the view's own state, then
    /// `property == field`), `property.field`, `self.property.field`, with a `?` or `!`.
    static func reads(_ range: Range<Int>, field: String, through property: String, in file: ParsedFile) -> Bool {
        var token = range.lowerBound
        if file.at(token, "self"), file.kind(token + 1) == .period { token += 2 }
        if property != field {
            guard file.spells(token, property) else { return false }
            token += 1
            if file.kind(token) == .postfixQuestionMark || file.kind(token) == .exclamationMark { token += 1 }
            guard file.kind(token) == .period else { return false }
            token += 1
        }
        guard file.spells(token, field) else { return false }
        token += 1
        if file.kind(token) == .exclamationMark { token += 1 }
        return token == range.upperBound
    }

    /// The clauses of a condition, split at its top-level `,` and `&&`.
    static func clauses(of condition: Range<Int>, in file: ParsedFile) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = condition.lowerBound
        var token = start
        while token < condition.upperBound {
            switch file.kind(token) {
            case .leftParen, .leftSquare, .leftBrace:
                token = file.skipGroup(token)
                continue
            case .comma:
                result.append(start..<token)
                start = token + 1
            case .binaryOperator where file.at(token, "&&"):
                result.append(start..<token)
                start = token + 1
            default:
                break
            }
            token += 1
        }
        result.append(start..<condition.upperBound)
        return result.filter { !$0.isEmpty }
    }

    /// Whether `clause` holds after the state is written `value`: `state`, `!state`,
    /// `state == literal`, `state != literal`, `let x = state` (`if let state`),
    /// `case .x = state`; unknown for any other clause.
    static func truth(
        of clause: Range<Int>, after value: WrittenLiteral, field: String, through property: String, in file: ParsedFile
    ) -> ClauseTruth {
        func reads(_ range: Range<Int>) -> Bool { Self.reads(range, field: field, through: property, in: file) }
        /// `state?.member…`: a member chain that starts with an optional chain on the state.
        func readsOptionalChain(_ range: Range<Int>) -> Bool {
            guard let question = range.first(where: { file.kind($0) == .postfixQuestionMark }), file.kind(question + 1) == .period,
                reads(range.lowerBound..<question), let chain = file.memberChain(at: range.lowerBound, limit: range.upperBound)
            else { return false }
            return chain.end == range.upperBound
        }
        func matches(_ literal: WrittenLiteral, negated: Bool) -> ClauseTruth {
            if value == .toggle { return literal == .bool(true) || literal == .bool(false) ? .flips : .unknown }
            return (value == literal) != negated ? .holds : .fails
        }
        let start = clause.lowerBound
        if file.at(start, "let") || file.at(start, "var") {
            // `if let state` or `let x = state`: holds for any value but `nil`.
            let bound = file.kind(start + 2) == .equal ? start + 3..<clause.upperBound : start + 1..<clause.upperBound
            // `let user = state?.user`: an optional chain through `nil` is `nil`.
            if value == .enumCase("none"), readsOptionalChain(bound) { return .fails }
            guard reads(bound), value != .toggle else { return .unknown }
            return value == .enumCase("none") ? .fails : .holds
        }
        if file.at(start, "case") {
            guard let equal = (start..<clause.upperBound).first(where: { file.kind($0) == .equal }), reads(equal + 1..<clause.upperBound),
                let (pattern, end) = WrittenLiteral.literal(at: start + 1, in: file), end == equal || file.kind(end) == .postfixQuestionMark
            else { return .unknown }
            return matches(pattern, negated: false)
        }
        if file.kind(start) == .prefixOperator, file.at(start, "!"), reads(start + 1..<clause.upperBound) {
            return matches(.bool(false), negated: false)
        }
        if reads(clause) { return matches(.bool(true), negated: false) }
        guard let comparison = clause.first(where: { file.at($0, "==") || file.at($0, "!=") }) else { return .unknown }
        let negated = file.at(comparison, "!=")
        let left = start..<comparison
        let right = comparison + 1..<clause.upperBound
        for (state, other) in [(left, right), (right, left)] where reads(state) {
            guard let (literal, end) = WrittenLiteral.literal(at: other.lowerBound, in: file), end == other.upperBound else { return .unknown }
            return matches(literal, negated: negated)
        }
        return .unknown
    }
}
