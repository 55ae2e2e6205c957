/// A file's tokens with their text and bracket partners, and the token-level navigation
/// shared by the declaration parser and the body helpers rules use: bracket groups,
/// expression and statement extents, accessor blocks, attributes. `ParsedFile` is one.
///
/// A class, so that a parsed file is passed around by reference, and the helpers (in
/// extensions, statically dispatched) read the token arrays without copying them.
public class TokenStream: @unchecked Sendable {
    public let source: SourceText
    /// Significant tokens (comments are kept apart).
    public let tokens: [Token]
    /// For each token that opens or closes `()`, `[]`, `{}` or a generic `<>`, the index of
    /// its partner; -1 everywhere else and for unbalanced brackets.
    public let partner: BracketPartners

    init(source: SourceText, tokens: [Token], farPartners: [Int32: Int32]) {
        self.source = source
        self.tokens = tokens
        self.partner = BracketPartners(tokens: tokens, far: farPartners)
    }
}

/// The partner of each token (see `TokenStream.partner`), read from the distance the
/// tokens carry (`Token.partnerDistance`) rather than kept in an array of its own.
public struct BracketPartners: RandomAccessCollection, Sendable {
    @usableFromInline let tokens: [Token]
    /// Pairs further apart than a distance can say, both ends.
    @usableFromInline let far: [Int32: Int32]

    init(tokens: [Token], far: [Int32: Int32]) {
        self.tokens = tokens
        self.far = far
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { tokens.count }

    @inlinable
    public subscript(index: Int) -> Int32 {
        let token = tokens[index]
        let distance = token.partnerDistance
        if distance == 0 { return -1 }
        if distance == Token.farPartner { return far[Int32(truncatingIfNeeded: index)] ?? -1 }
        switch token.kind {
        case .leftParen, .leftSquare, .leftBrace, .leftAngle: return Int32(truncatingIfNeeded: index) + Int32(distance)
        default: return Int32(truncatingIfNeeded: index) - Int32(distance)
        }
    }
}


extension TokenStream {
    // MARK: - Token queries

    // The small queries below are inlinable: the index and the rules call them per token.

    @inlinable
    public func kind(_ index: Int) -> TokenKind? {
        index >= 0 && index < tokens.count ? tokens[index].kind : nil
    }

    public func text(_ index: Int) -> String { source.text(of: tokens[index]) }

    @inlinable
    public func at(_ index: Int, _ string: StaticString) -> Bool {
        index >= 0 && index < tokens.count && source.token(tokens[index], is: string)
    }

    /// Whether the token at `index` is spelled `name` (a name known only at run time).
    @inlinable
    public func spells(_ index: Int, _ name: String) -> Bool {
        index >= 0 && index < tokens.count && source.token(tokens[index], is: name)
    }

    @inlinable
    public func isWord(_ index: Int) -> Bool {
        guard let kind = kind(index) else { return false }
        return kind == .identifier || kind == .keyword
    }

    /// Whether the name at `index` is the enclosing type's own: written bare (`name`) or on
    /// a plain `self` (`self.name`), not another value's member (`other.name`, `a.self.name`).
    @inlinable
    public func isOwnMemberReference(_ index: Int) -> Bool {
        kind(index - 1) != .period || (at(index - 2, "self") && kind(index - 3) != .period)
    }

    /// Whether the word at `index` is an argument's label (`title:` in `Row(title: x)`), not
    /// a reference: it opens an argument of a parenthesized list and a colon follows it
    /// directly (not a dictionary key, a `case` pattern or `f(a : b)`).
    public func isArgumentLabel(_ index: Int) -> Bool {
        guard kind(index + 1) == .colon, !tokens[index + 1].flags.contains(.leadingSpace) else { return false }
        return argumentListOpener(from: index - 1) != nil
    }

    /// The `(` of the parenthesized list in which `separator` (that `(` or a `,`) stands;
    /// nil outside one (an array or dictionary literal, a `case` list).
    public func argumentListOpener(from separator: Int) -> Int? {
        guard kind(separator) == .leftParen || kind(separator) == .comma else { return nil }
        var probe = separator
        while let kind = kind(probe) {
            switch kind {
            case .leftParen:
                return probe
            case .leftSquare, .leftBrace, .semicolon:
                return nil
            case .rightParen, .rightSquare, .rightBrace:
                let opener = Int(partner[probe])
                guard opener >= 0, opener < probe else { return nil }
                probe = opener - 1
            default:
                probe -= 1
            }
        }
        return nil
    }

    /// The index just past the bracket group opening at `index` (or `index + 1` when
    /// the bracket is unbalanced).
    @inlinable
    public func skipGroup(_ index: Int) -> Int {
        let match = Int(partner[index])
        return match > index ? match + 1 : index + 1
    }

    /// The range from an opening bracket through its partner, clamped to `limit`.
    public func groupRange(_ index: Int, limit: Int) -> Range<Int> {
        index..<min(skipGroup(index), limit)
    }

    public func isOpener(_ kind: TokenKind) -> Bool {
        kind == .leftParen || kind == .leftSquare || kind == .leftBrace || kind == .leftAngle
    }

    /// Byte range covered by a token range (an empty range sits where its token starts).
    public func byteRange(_ range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else {
            let offset = range.lowerBound < tokens.count ? Int(tokens[range.lowerBound].start) : source.bytes.count
            return offset..<offset
        }
        return Int(tokens[range.lowerBound].start)..<Int(tokens[range.upperBound - 1].end)
    }

    /// The source text of a token range, as written.
    public func text(_ range: Range<Int>) -> String { source.text(byteRange(range)) }

    /// The accessor the word at `index` names (`get`, `set`, `willSet`, `didSet`, `_read`,
    /// `_modify`, `init`), compared on its bytes: `expressionEnd` asks at every `{`.
    func accessorKind(at index: Int) -> Accessor.Kind? {
        let token = tokens[index]
        switch token.end - token.start {
        case 3:
            if at(index, "get") { return .get }
            if at(index, "set") { return .set }
        case 4:
            if at(index, "init") { return .`init` }
        case 5:
            if at(index, "_read") { return .read }
        case 6:
            if at(index, "didSet") { return .didSet }
        case 7:
            if at(index, "willSet") { return .willSet }
            if at(index, "_modify") { return .modify }
        default:
            break
        }
        return nil
    }

    public func isAccessorList(from start: Int, end: Int) -> Bool {
        var index = start
        while index < end, kind(index) == .atSign { index = parseAttribute(at: index, end: end).tokens.upperBound }
        while index < end, at(index, "mutating") || at(index, "nonmutating") || at(index, "__consuming") { index += 1 }
        guard index < end, isWord(index), let accessorKind = accessorKind(at: index) else { return false }
        // `get` etc. followed by `{`, `}`, another accessor, or effects: an accessor list.
        // (A getter body starting with a call named `get(…)` is an expression.)
        let next = index + 1
        if accessorKind == .set || accessorKind == .willSet || accessorKind == .didSet, kind(next) == .leftParen {
            return true
        }
        guard next < end else { return true }
        return kind(next) == .leftBrace || isWord(next) && (self.accessorKind(at: next) != nil
            || at(next, "async") || at(next, "throws") || at(next, "mutating") || at(next, "nonmutating"))
            || kind(next) == .atSign
    }

    /// The end of an expression: at depth 0, a `,` (when separating bindings), `;`, an
    /// unmatched closer, a new line that does not continue the expression, or the
    /// `{ willSet/didSet … }` observers after an initial value.
    public func expressionEnd(from start: Int, end: Int, stopAtComma: Bool) -> Int {
        var index = start
        while index < end {
            let token = tokens[index]
            if index > start, token.isAtStartOfLine, !continuesExpression(index) { break }
            switch token.kind {
            case .comma where stopAtComma:
                return index
            case .semicolon, .rightParen, .rightSquare, .rightBrace, .rightAngle:
                return index
            case .leftBrace:
                if isAccessorList(from: index + 1, end: min(skipGroup(index), end)) { return index }
                index = skipGroup(index)
            case .leftParen, .leftSquare, .leftAngle:
                index = skipGroup(index)
            default:
                index += 1
            }
        }
        return min(index, end)
    }

    public func continuesExpression(_ index: Int) -> Bool {
        switch tokens[index].kind {
        case .period, .binaryOperator, .infixQuestionMark, .colon, .arrow, .equal: true
        case .keyword: at(index, "as") || at(index, "is")
        default: false
        }
    }

    /// Skips a statement or an unrecognized declaration starting at `start`: up to a `;`,
    /// an unmatched closer, or a new line that does not continue it.
    public func skipStatement(from start: Int, end: Int) -> Int {
        var index = start
        while index < end {
            let token = tokens[index]
            if index > start, token.isAtStartOfLine, !continuesExpression(index) { break }
            switch token.kind {
            case .semicolon:
                return index + 1
            case .rightBrace, .rightParen, .rightSquare, .rightAngle:
                return index == start ? index + 1 : index
            case .leftParen, .leftSquare, .leftBrace, .leftAngle:
                index = skipGroup(index)
            default:
                index += 1
            }
        }
        return max(min(index, end), start + 1)
    }

    // MARK: - Attributes

    /// The attribute whose `@` is at `atIndex`: its name, arguments and extent.
    public func parseAttribute(at atIndex: Int, end: Int) -> Attribute {
        var index = atIndex + 1
        var name = ""
        if index < end, isWord(index) {
            name = text(index)
            index += 1
            while index + 1 < end, kind(index) == .period, isWord(index + 1), !tokens[index].flags.contains(.leadingSpace) {
                name += "." + text(index + 1)
                index += 2
            }
        }
        if index < end, kind(index) == .leftAngle { index = skipGroup(index) }
        var arguments: Range<Int>?
        if index < end, kind(index) == .leftParen, !tokens[index].flags.contains(.leadingSpace) {
            let close = skipGroup(index) - 1
            arguments = index + 1..<max(close, index + 1)
            index = close + 1
        }
        return Attribute(name: name, atToken: atIndex, arguments: arguments, tokens: atIndex..<min(index, end))
    }

}
