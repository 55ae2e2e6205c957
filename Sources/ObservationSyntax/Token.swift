/// The lexical kind of a token. Kinds follow swift-syntax's lexer closely so that the
/// tokenizer can be checked against it token by token (see `TokenCategory`).
public enum TokenKind: UInt8, Sendable, CaseIterable {
    // Words
    /// `foo`, `` `foo` `` (with its backticks), and contextual keywords (`get`, `some`,
    /// `async`, `actor`, `mutating`, ...), which only the parser can tell from names.
    case identifier
    /// Reserved words that are keywords in every position (`class`, `var`, `self`, `true`,
    /// `in`, ...: swift-syntax's lexer-classified keywords) and the wildcard `_`. A
    /// reserved word used as a name is an `identifier`: right after `.` (`x.default`;
    /// but `.init`, `.self`, `.Self` stay keywords), and as an argument label or a
    /// parameter name (`f(for: x)`, `func f(in x: Int)`).
    case keyword
    /// `$0`, `$name` (swift-syntax calls `$name` an identifier; both are identifiers
    /// by category). A lone `$` is an `identifier`.
    case dollarIdentifier

    // Literals
    case integerLiteral
    case floatLiteral
    /// `"` or `'` opening or closing a single-line string. A string cut by the end of
    /// its line has no closing quote.
    case stringQuote
    /// `"""` opening or closing a multi-line string.
    case multilineStringQuote
    /// Literal text inside a string: all the text between two delimiters (a quote, the
    /// `\(` and the `)` of an interpolation) is one segment, escapes, line breaks and
    /// indentation included (but not the line break right after an opening `"""`).
    /// Interpolations are lexed as ordinary tokens between `backslash`
    /// (+ `rawStringDelimiter`) `(` ... `)`. No segment is empty.
    case stringSegment
    /// The `#`s of a raw string (`#"`, `"#`) and of a raw interpolation (`\#(`).
    case rawStringDelimiter
    /// `/` opening or closing a regex literal.
    case regexSlash
    /// The `#`s of an extended regex literal (`#/ ... /#`).
    case regexPoundDelimiter
    /// The pattern between a regex literal's slashes.
    case regexPattern

    // Punctuation
    case leftParen, rightParen, leftBrace, rightBrace, leftSquare, rightSquare
    /// `<` and `>` of a generic parameter or argument list (a `>>` that closes two
    /// lists is two tokens).
    case leftAngle, rightAngle
    case period, comma, colon, semicolon, equal, arrow, atSign, backslash
    /// `::` (a module selector, `Module::name`; swift-syntax lexes it as one token).
    case colonColon
    /// `#` before a macro or directive name that is not a pound keyword (`#Preview`,
    /// `#selector`, `#warning`).
    case pound
    /// `&` bound to the expression on its right (`&value`).
    case prefixAmpersand
    /// `?` bound to the expression on its left (`a?.b`, `T?`).
    case postfixQuestionMark
    /// `?` of the ternary operator.
    case infixQuestionMark
    /// `!` bound to the expression on its left (`a!`, `T!`).
    case exclamationMark

    // Operators
    case binaryOperator, prefixOperator, postfixOperator

    // Pound keywords
    case poundIf, poundElseif, poundElse, poundEndif
    /// `#sourceLocation`, `#available`, `#unavailable` (swift-syntax's pound keywords;
    /// `#_hasSymbol(...)` is `pound` + identifier, like a macro).
    case poundKeyword

    // Trivia (kept apart from the other tokens, see `TokenizedSource.comments`)
    case lineComment, blockComment, docLineComment, docBlockComment
    /// `#!` on the first line.
    case shebang

    /// Bytes the tokenizer could not make sense of (an unterminated block comment, a
    /// stray byte or control character, invalid UTF-8, a backtick that opens no name, a
    /// stray `*/`, a version-control conflict marker). Never a failure.
    case unknown
}

/// Coarse lexical categories, the unit of comparison with swift-syntax.
public enum TokenCategory: String, Sendable {
    case identifier, keyword, literal, `operator`, punctuation, comment, unknown
}

extension TokenKind {
    public var category: TokenCategory {
        switch self {
        case .identifier, .dollarIdentifier: .identifier
        case .keyword, .poundIf, .poundElseif, .poundElse, .poundEndif, .poundKeyword: .keyword
        case .integerLiteral, .floatLiteral, .stringSegment, .regexPattern: .literal
        case .binaryOperator, .prefixOperator, .postfixOperator: .operator
        case .stringQuote, .multilineStringQuote, .rawStringDelimiter, .regexSlash,
            .regexPoundDelimiter, .leftParen, .rightParen, .leftBrace, .rightBrace,
            .leftSquare, .rightSquare, .leftAngle, .rightAngle, .period, .comma, .colon,
            .colonColon, .semicolon, .equal, .arrow, .atSign, .backslash, .pound, .prefixAmpersand,
            .postfixQuestionMark, .infixQuestionMark, .exclamationMark:
            .punctuation
        case .lineComment, .blockComment, .docLineComment, .docBlockComment, .shebang: .comment
        case .unknown: .unknown
        }
    }

    public var isComment: Bool { category == .comment }
}

/// Whitespace facts about a token's surroundings, which Swift's grammar depends on
/// (an attribute or `(` on a new line, operator binding).
public struct TokenFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// A newline separates this token from the previous one (or it is the first token).
    public static let atStartOfLine = TokenFlags(rawValue: 1 << 0)
    /// Whitespace or a comment directly precedes the token.
    public static let leadingSpace = TokenFlags(rawValue: 1 << 1)
    /// Whitespace or a comment directly follows the token.
    public static let trailingSpace = TokenFlags(rawValue: 1 << 2)
}

/// A token: its kind and its byte range in the source. No text is copied; read it
/// through `SourceText`.
///
/// Eight bytes, because a project's tokens are most of what the linter keeps in memory:
/// the start offset, and one word holding the kind (6 bits), the flags (3 bits) and 23
/// bits that are the length, or for a bracket (always one byte long) the distance to
/// its partner. A token is at most `maximumLength` bytes long: the tokenizer cuts a
/// longer one (a giant string literal) into consecutive tokens of the same kind.
public struct Token: Sendable, Hashable {
    public var start: UInt32
    @usableFromInline var bits: UInt32

    public static let maximumLength = Int(payloadMask)

    @usableFromInline static let kindMask: UInt32 = 0x3F
    @usableFromInline static let flagsShift: UInt32 = 6
    @usableFromInline static let payloadShift: UInt32 = 9
    @usableFromInline static let payloadMask: UInt32 = (1 << 23) - 1

    public init(kind: TokenKind, flags: TokenFlags = [], start: Int, end: Int) {
        precondition(end - start <= Self.maximumLength, "a token is at most Token.maximumLength bytes")
        self.start = UInt32(truncatingIfNeeded: start)
        self.bits = UInt32(kind.rawValue) | UInt32(flags.rawValue) << Self.flagsShift
        if !kind.isBracket { payload = UInt32(truncatingIfNeeded: end - start) }
    }

    public var kind: TokenKind {
        @inlinable get { unsafeBitCast(UInt8(truncatingIfNeeded: bits & Self.kindMask), to: TokenKind.self) }
        set {
            let end = self.end
            bits = bits & ~Self.kindMask | UInt32(newValue.rawValue)
            payload = newValue.isBracket ? 0 : end - start
        }
    }

    public var flags: TokenFlags {
        @inlinable get { TokenFlags(rawValue: UInt8(truncatingIfNeeded: bits >> Self.flagsShift & 0x7)) }
        set { bits = bits & ~(0x7 << Self.flagsShift) | UInt32(newValue.rawValue) << Self.flagsShift }
    }

    /// The length, or a bracket's partner distance.
    @usableFromInline var payload: UInt32 {
        @inlinable get { bits >> Self.payloadShift }
        set { bits = bits & (1 << Self.payloadShift - 1) | newValue << Self.payloadShift }
    }

    public var end: UInt32 {
        @inlinable get { kind.isBracket ? start + 1 : start + payload }
        set {
            precondition(!kind.isBracket && newValue >= start && Int(newValue - start) <= Self.maximumLength)
            payload = newValue - start
        }
    }

    /// For a paired bracket of a `ParsedFile`, the number of tokens to its partner
    /// (`farPartner`: look it up in the file's far pairs); 0 otherwise. Not part of
    /// equality: a token is its kind, flags and range.
    @usableFromInline var partnerDistance: UInt32 {
        @inlinable get { kind.isBracket ? payload : 0 }
        set { if kind.isBracket { payload = newValue } }
    }

    /// The partner distance that means "further than a distance can say".
    @usableFromInline static let farPartner = payloadMask

    public static func == (lhs: Token, rhs: Token) -> Bool {
        lhs.kind == rhs.kind && lhs.flags == rhs.flags && lhs.start == rhs.start && lhs.end == rhs.end
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(flags)
        hasher.combine(start)
        hasher.combine(end)
    }

    public var range: Range<Int> { Int(start)..<Int(end) }
    public var isAtStartOfLine: Bool { flags.contains(.atStartOfLine) }
}

extension TokenKind {
    /// `(`, `)`, `{`, `}`, `[`, `]`, `<`, `>`: the kinds `ParsedFile` pairs, one byte each.
    @inlinable public var isBracket: Bool {
        rawValue &- TokenKind.leftParen.rawValue < 8
    }
}

/// What the tokenizer produces for one file: the significant tokens, in order, and the
/// comments apart from them (suppression comments and `// expect:` read these).
public struct TokenizedSource: Sendable {
    /// Paired: each bracket carries the distance to its partner (`BracketPairing`).
    public var tokens: [Token]
    public var comments: [Token]
    /// The pairs too far apart for a distance, by token index (both ends).
    public var farPartners: [Int32: Int32]

    public init(tokens: [Token], comments: [Token], farPartners: [Int32: Int32] = [:]) {
        self.tokens = tokens
        self.comments = comments
        self.farPartners = farPartners
    }
}
