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
public struct Token: Sendable, Hashable {
    public var kind: TokenKind
    public var flags: TokenFlags
    /// For a paired bracket of a `ParsedFile`, the number of tokens to its partner
    /// (`UInt16.max`: look it up in the file's far pairs); 0 otherwise. It sits in what
    /// would be padding, so the file needs no separate partner array. Not part of
    /// equality: a token is its kind, flags and range.
    @usableFromInline var partnerDistance: UInt16 = 0
    public var start: UInt32
    public var end: UInt32

    public static func == (lhs: Token, rhs: Token) -> Bool {
        lhs.kind == rhs.kind && lhs.flags == rhs.flags && lhs.start == rhs.start && lhs.end == rhs.end
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(flags)
        hasher.combine(start)
        hasher.combine(end)
    }

    public init(kind: TokenKind, flags: TokenFlags = [], start: Int, end: Int) {
        self.kind = kind
        self.flags = flags
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
    }

    public var range: Range<Int> { Int(start)..<Int(end) }
    public var isAtStartOfLine: Bool { flags.contains(.atStartOfLine) }
}

/// What the tokenizer produces for one file: the significant tokens, in order, and the
/// comments apart from them (suppression comments and `// expect:` read these).
public struct TokenizedSource: Sendable {
    public var tokens: [Token]
    public var comments: [Token]

    public init(tokens: [Token], comments: [Token]) {
        self.tokens = tokens
        self.comments = comments
    }
}
