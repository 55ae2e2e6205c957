/// A hand-written Swift lexer over UTF-8 bytes.
///
/// It follows swift-syntax's lexer (SwiftParser 603) rule for rule, so that its tokens can
/// be compared with swift-syntax's one by one (see `Tests/OracleTests`), and then applies
/// the few reclassifications that swift-syntax's parser makes on lexical grounds:
/// generic `<`/`>` (splitting `>>`, `>?`, ...), and reserved words used as member names
/// or argument labels. See `Tokenizer+PostPass.swift`.
///
/// Design: one pass over the bytes with an explicit mode stack (strings and string
/// interpolations nest without recursion), no allocation per token, and every step
/// consumes at least one byte, so the tokenizer is linear and terminates on any input.
public enum Tokenizer {
    /// Tokenizes Swift source bytes. Never fails: bytes it cannot make sense of become
    /// `.unknown` tokens.
    public static func tokenize(_ bytes: [UInt8]) -> TokenizedSource {
        if bytes.isEmpty { return TokenizedSource(tokens: [], comments: []) }
        return bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(base: buffer.baseAddress!, count: buffer.count)
            lexer.run()
            defer { lexer.tokenStorage.deallocate() }
            if lexer.tokenCount > 0 && lexer.lastEnd < buffer.count {
                lexer.tokenStorage[lexer.tokenCount - 1].flags.insert(.trailingSpace)
            }
            let (tokens, far) = PostPass.apply(
                to: UnsafeMutableBufferPointer(start: lexer.tokenStorage, count: lexer.tokenCount),
                base: buffer.baseAddress!, count: buffer.count, full: lexer.needsPostPass,
                angleCandidates: lexer.angleCandidates)
            return TokenizedSource(tokens: tokens, comments: lexer.comments, farPartners: far)
        }
    }

    /// Tokenizes a string's UTF-8 bytes.
    public static func tokenize(_ source: String) -> TokenizedSource {
        tokenize(Array(source.utf8))
    }
}

/// The kinds of string literal, as the lexer distinguishes them.
enum StringKind: UInt8 {
    /// `"..."`
    case singleLine
    /// `"""..."""`
    case multiLine
    /// `'...'`
    case singleQuote
}

/// One entry of the lexer's mode stack. The bottom mode (normal code) is implicit.
struct LexerMode {
    enum Tag: UInt8 {
        /// Inside a string literal, lexing its text.
        case string
        /// Inside `\( ... )` of a string literal, lexing code.
        case interpolation
    }

    var tag: Tag
    var stringKind: StringKind
    /// Number of `#` of a raw string.
    var delimiterLength: Int32
    /// Parentheses opened inside an interpolation and not closed yet.
    var parenCount: Int32
}

struct Lexer {
    /// The longest look ahead of a scan that may fail and be retried from the next byte
    /// (an ambiguous regex literal, an editor placeholder, a curly-quoted string): a
    /// bound that keeps lexing linear on adversarial lines. swift-syntax has none, so
    /// the two differ only on such constructs longer than this.
    static let scanLimit = 4096

    let base: UnsafePointer<UInt8>
    let count: Int
    /// `ByteClass.table`, read once.
    let classes: UnsafePointer<UInt8>
    /// Current position.
    var position = 0

    /// The tokens, in a buffer of our own (appending to an `Array` checks its
    /// uniqueness every time); the post-pass turns them into an array.
    var tokenStorage: UnsafeMutablePointer<Token>
    var tokenCount = 0
    var tokenCapacity: Int
    var comments: [Token] = []
    /// Indices of operator tokens ending in `<`: where generic lists may open.
    var angleCandidates: [Int32] = []
    var modes: [LexerMode] = []

    // What swift-syntax's lexer remembers of the previous token (`previousTokenKind`,
    // `previousKeyword`): regex literals and a few other rules depend on it. These are
    // lexer kinds, before any parser reclassification.
    var hasPrevious = false
    var previousKind: TokenKind = .unknown
    var previousKeyword: KeywordClass = .none
    /// The previous token was a lone backtick (swift-syntax's `.backtick`).
    var previousWasBacktick = false
    /// `try?`/`try!` was just lexed: the next `/` prefers to start a regex literal.
    var preferRegexOverBinaryOperator = false

    /// A line break since the last token (or no token yet).
    var sawNewline = true
    /// End of the last token.
    var lastEnd = 0

    /// Whether any token needs the reclassifications of the post-pass (a `<` operator, a
    /// keyword that may be a member name or argument label, a float that may be a
    /// version).
    var needsPostPass = false
    /// A scan for the end of a curly-quoted string failed before this offset: scans that
    /// start before it fail too.
    var curlyQuoteFailedBefore = 0
    /// Likewise for the end of an editor placeholder inside an operator.
    var placeholderFailedBefore = 0
    /// A search for the end of a conflict marker failed: later ones would too.
    var conflictSearchFailed: (normal: Bool, perforce: Bool) = (false, false)

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        self.classes = ByteClass.table
        tokenCapacity = count / 6 + 16
        tokenStorage = UnsafeMutablePointer<Token>.allocate(capacity: tokenCapacity)
    }

    // MARK: Bytes

    /// The byte at `index`, or 0 past the end.
    @inline(__always) func at(_ index: Int) -> UInt8 {
        index < count ? base[index] : 0
    }

    @inline(__always) func isAt(_ index: Int, _ byte: UInt8) -> Bool {
        index < count && base[index] == byte
    }

    /// Decodes the scalar at `index` as swift-syntax does. Returns `invalidScalar` for an
    /// invalid sequence, with the number of bytes it spans (at least 1).
    @inline(__always) func decode(_ index: Int) -> (scalar: UInt32, length: Int) {
        let first = base[index]
        if first < 0x80 { return (UInt32(first), 1) }
        return decodeMultiByte(index)
    }

    func decodeMultiByte(_ index: Int) -> (scalar: UInt32, length: Int) {
        let first = base[index]
        if !first.isUTF8Start {
            var end = index + 1
            while end < count, !base[end].isUTF8Start { end += 1 }
            return (invalidScalar, end - index)
        }
        let length = (~first).leadingZeroBitCount
        var value = UInt32(first) & (0x7F >> UInt32(length))
        var end = index + 1
        for _ in 1..<length {
            guard end < count else { return (invalidScalar, end - index) }
            let byte = base[end]
            if byte < 0x80 || byte >= 0xC0 { return (invalidScalar, end - index) }
            value = (value << 6) | UInt32(byte & 0x3F)
            end += 1
        }
        let bits = 32 - value.leadingZeroBitCount
        let minimal: Bool
        if bits <= 11 {
            minimal = length == 2
        } else if bits <= 16 {
            minimal = length == 3
        } else {
            minimal = length == 4
        }
        if !minimal || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) {
            return (invalidScalar, end - index)
        }
        return (value, end - index)
    }

    /// The valid scalar at `index` and its length, or nil (end of input or invalid).
    @inline(__always) func scalar(_ index: Int) -> (scalar: UInt32, length: Int)? {
        guard index < count else { return nil }
        let decoded = decode(index)
        return decoded.scalar == invalidScalar ? nil : decoded
    }

    /// Advances past identifier continuation characters from `index`.
    @inline(__always) func skipIdentifierContinuation(_ index: Int) -> Int {
        var index = index
        while index < count {
            let byte = base[index]
            if byte < 0x80 {
                if byte.isASCIIIdentifierContinue { index += 1; continue }
                return index
            }
            let decoded = decodeMultiByte(index)
            if CharacterClass.isIdentifierContinuation(decoded.scalar) {
                index += decoded.length
            } else {
                return index
            }
        }
        return index
    }

    // MARK: Emitting

    /// Appends a token, with its flags: a gap since the previous token is whitespace or a
    /// comment (`leadingSpace`, and `trailingSpace` on the previous token).
    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int) {
        if _slowPath(end - start > Token.maximumLength) { return emitInPieces(kind, start, end) }
        if tokenCount == tokenCapacity { growTokens() }
        var flags: TokenFlags = sawNewline ? .atStartOfLine : []
        if start > lastEnd {
            // Whitespace or a comment in between.
            flags.insert(.leadingSpace)
            if tokenCount > 0 { tokenStorage[tokenCount - 1].flags.insert(.trailingSpace) }
        }
        (tokenStorage + tokenCount).initialize(to: Token(kind: kind, flags: flags, start: start, end: end))
        tokenCount += 1
        lastEnd = end
        sawNewline = false
    }

    /// A token longer than `Token.maximumLength`, as consecutive tokens of its kind.
    @inline(never)
    mutating func emitInPieces(_ kind: TokenKind, _ start: Int, _ end: Int) {
        var pieceStart = start
        while pieceStart < end {
            let pieceEnd = min(pieceStart + Token.maximumLength, end)
            emit(kind, pieceStart, pieceEnd)
            pieceStart = pieceEnd
        }
    }

    @inline(never)
    mutating func growTokens() {
        let capacity = tokenCapacity * 2
        let storage = UnsafeMutablePointer<Token>.allocate(capacity: capacity)
        storage.moveInitialize(from: tokenStorage, count: tokenCount)
        tokenStorage.deallocate()
        tokenStorage = storage
        tokenCapacity = capacity
    }

    /// Emits a token and records it as the previous lexer token.
    @inline(__always)
    mutating func emitLexeme(_ kind: TokenKind, _ start: Int, _ end: Int, keyword: KeywordClass = .none) {
        emit(kind, start, end)
        setPrevious(kind, keyword: keyword)
    }

    @inline(__always)
    mutating func setPrevious(_ kind: TokenKind, keyword: KeywordClass = .none) {
        hasPrevious = true
        previousKind = kind
        previousKeyword = keyword
        previousWasBacktick = false
    }

    mutating func emitComment(_ kind: TokenKind, _ start: Int, _ end: Int) {
        var pieceStart = start
        repeat {
            let pieceEnd = min(pieceStart + Token.maximumLength, end)
            let flags: TokenFlags = sawNewline && pieceStart == start ? .atStartOfLine : []
            comments.append(Token(kind: kind, flags: flags, start: pieceStart, end: pieceEnd))
            pieceStart = pieceEnd
        } while pieceStart < end
    }

    // MARK: Main loop

    mutating func run() {
        while position < count {
            guard let mode = modes.last else {
                let byte = base[position]
                if classes[Int(byte)] & ByteClass.triviaStart != 0 {
                    if byte == UInt8(ascii: " ") && position + 1 < count
                        && classes[Int(base[position + 1])] & ByteClass.triviaStart == 0
                    {
                        position += 1  // a single space, the most common separator
                    } else {
                        skipTrivia(allowNewlines: true)
                        if position >= count { break }
                    }
                }
                // Half the tokens are words starting with an ASCII letter or `_`, and a
                // third are brackets, commas, periods and colons: both are lexed without
                // going through `lexNormal`'s dispatch (and its stack frame).
                let first = base[position]
                if classes[Int(first)] & ByteClass.identifierStart != 0 {
                    preferRegexOverBinaryOperator = false
                    lexIdentifier()
                } else if let kind = singleBytePunctuation(first) {
                    preferRegexOverBinaryOperator = false
                    single(kind)
                } else {
                    lexNormal()
                }
                continue
            }
            switch mode.tag {
            case .string:
                lexStringContents(kind: mode.stringKind, delimiterLength: Int(mode.delimiterLength))
            case .interpolation:
                lexInInterpolation(mode)
            }
        }
    }

    /// The kind of the token that the byte at `position`, `byte`, makes on its own, as
    /// `lexNormal` lexes it, when that needs no state but the next byte: a bracket, `,`,
    /// `;`, `@`, a `:` not followed by `:`, a `.` not followed by an operator character.
    @inline(__always)
    func singleBytePunctuation(_ byte: UInt8) -> TokenKind? {
        switch byte {
        case UInt8(ascii: "("): return .leftParen
        case UInt8(ascii: ")"): return .rightParen
        case UInt8(ascii: "{"): return .leftBrace
        case UInt8(ascii: "}"): return .rightBrace
        case UInt8(ascii: "["): return .leftSquare
        case UInt8(ascii: "]"): return .rightSquare
        case UInt8(ascii: ","): return .comma
        case UInt8(ascii: ";"): return .semicolon
        case UInt8(ascii: "@"): return .atSign
        case UInt8(ascii: ":"): return isAt(position + 1, UInt8(ascii: ":")) ? nil : .colon
        case UInt8(ascii: "."):
            let next = at(position + 1)
            return next < 0x80 && classes[Int(next)] & ByteClass.operatorCharacter == 0 ? .period : nil
        default: return nil
        }
    }

    mutating func lexInInterpolation(_ mode: LexerMode) {
        let singleLine = mode.stringKind != .multiLine
        skipTrivia(allowNewlines: !singleLine)
        guard position < count else { return }
        let byte = base[position]
        switch byte {
        case UInt8(ascii: "("):
            modes[modes.count - 1].parenCount += 1
            emitLexeme(.leftParen, position, position + 1)
            position += 1
        case UInt8(ascii: ")"):
            if mode.parenCount == 0 {
                modes.removeLast()
            } else {
                modes[modes.count - 1].parenCount -= 1
            }
            emitLexeme(.rightParen, position, position + 1)
            position += 1
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            // A single-line string cannot span lines: the interpolation and its string end
            // here (swift-syntax emits an empty string segment at this point).
            modes.removeLast()
            setPrevious(.stringSegment)
            if let top = modes.last, top.tag == .string, top.stringKind != .multiLine {
                modes.removeLast()
            }
        default:
            lexNormal()
        }
    }

    // MARK: Trivia

    /// Skips whitespace and comments (recording the comments). Stops at the first byte
    /// that starts a token, including bytes that only make `.unknown` tokens.
    mutating func skipTrivia(allowNewlines: Bool) {
        while position < count {
            let byte = base[position]
            if classes[Int(byte)] & ByteClass.space != 0 {
                position += 1
                // Indentation: eight bytes at a time, up to the first that is not a space
                // (the lowest nonzero byte of the word xor eight spaces).
                while position + 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                    let differences = word ^ 0x2020_2020_2020_2020
                    if differences != 0 {
                        position += differences.trailingZeroBitCount >> 3
                        break
                    }
                    position += 8
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if !allowNewlines { return }
                sawNewline = true
                position += 1
            case UInt8(ascii: "/"):
                let next = at(position + 1)
                if next == UInt8(ascii: "/") {
                    let start = position
                    let end = lineBreak(in: UnsafeBufferPointer(start: base, count: count), from: position + 2)
                    emitComment(isAt(start + 2, UInt8(ascii: "/")) ? .docLineComment : .lineComment, start, end)
                    position = end
                } else if next == UInt8(ascii: "*") {
                    if !skipBlockComment() {
                        // Unterminated: the rest of the file.
                        emit(.unknown, position, count)
                        position = count
                        return
                    }
                } else {
                    return
                }
            case UInt8(ascii: "<"), UInt8(ascii: ">"):
                if !skipConflictMarker() { return }
            case 0xEF:
                if isAt(position + 1, 0xBB) && isAt(position + 2, 0xBF) {
                    position += 3  // byte order mark
                } else {
                    return
                }
            default:
                return
            }
        }
    }

    /// Skips a `/* ... */` comment (nested). Returns false, without moving, if it is
    /// not terminated.
    mutating func skipBlockComment() -> Bool {
        let start = position
        var index = position + 2
        var depth = 1
        var newline = false
        while index < count {
            // Eight bytes at a time while none can open, close or break a line.
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word.hasByte(UInt8(ascii: "*")) || word.hasByte(UInt8(ascii: "/"))
                    || word.hasByte(UInt8(ascii: "\n")) || word.hasByte(UInt8(ascii: "\r"))
                {
                    break
                }
                index += 8
            }
            guard index < count else { break }
            let byte = base[index]
            index += 1
            if byte == UInt8(ascii: "*") {
                if index < count && base[index] == UInt8(ascii: "/") {
                    index += 1
                    depth -= 1
                    if depth == 0 { break }
                }
            } else if byte == UInt8(ascii: "/") {
                if index < count && base[index] == UInt8(ascii: "*") {
                    index += 1
                    depth += 1
                }
            } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                newline = true
            }
        }
        if depth != 0 {
            return false
        }
        let isDoc = isAt(start + 2, UInt8(ascii: "*")) && start + 3 < count && base[start + 3] != UInt8(ascii: "/")
        emitComment(isDoc ? .docBlockComment : .blockComment, start, index)
        if newline { sawNewline = true }
        position = index
        return true
    }

    /// A version-control conflict marker (`<<<<<<< ` ... `>>>>>>> `, or perforce's
    /// `>>>> ` ... `<<<<\n`) at the start of a line is skipped as one `.unknown` token.
    mutating func skipConflictMarker() -> Bool {
        let start = position
        if start > 0 {
            let previous = base[start - 1]
            guard previous == UInt8(ascii: "\n") || previous == UInt8(ascii: "\r") else { return false }
        }
        let introducer: StaticString
        let terminator: StaticString
        let normal: Bool
        if startsWith(start, "<<<<<<< ") {
            introducer = "<<<<<<< "
            terminator = ">>>>>>> "
            normal = true
            if conflictSearchFailed.normal { return false }
        } else if startsWith(start, ">>>> ") {
            introducer = ">>>> "
            terminator = "<<<<\n"
            normal = false
            if conflictSearchFailed.perforce { return false }
        } else {
            return false
        }
        var index = start + introducer.utf8CodeUnitCount
        let first = terminator.utf8Start.pointee
        while index < count {
            if base[index] == first, startsWith(index, terminator),
                base[index - 1] == UInt8(ascii: "\n") || base[index - 1] == UInt8(ascii: "\r")
            {
                var end = index + terminator.utf8CodeUnitCount
                while end < count, base[end] != UInt8(ascii: "\n"), base[end] != UInt8(ascii: "\r") {
                    end += 1
                }
                emit(.unknown, start, end)
                position = end
                return true
            }
            index += 1
        }
        if normal { conflictSearchFailed.normal = true } else { conflictSearchFailed.perforce = true }
        return false
    }

    func startsWith(_ index: Int, _ string: StaticString) -> Bool {
        let length = string.utf8CodeUnitCount
        guard index + length <= count else { return false }
        let pointer = string.utf8Start
        for offset in 0..<length where base[index + offset] != pointer[offset] {
            return false
        }
        return true
    }

    // MARK: Normal code

    mutating func lexNormal() {
        let start = position
        let byte = base[start]
        let preferRegex = preferRegexOverBinaryOperator
        preferRegexOverBinaryOperator = false
        switch byte {
        case UInt8(ascii: "@"): single(.atSign)
        case UInt8(ascii: "{"): single(.leftBrace)
        case UInt8(ascii: "["): single(.leftSquare)
        case UInt8(ascii: "("): single(.leftParen)
        case UInt8(ascii: "}"): single(.rightBrace)
        case UInt8(ascii: "]"): single(.rightSquare)
        case UInt8(ascii: ")"): single(.rightParen)
        case UInt8(ascii: ","): single(.comma)
        case UInt8(ascii: ";"): single(.semicolon)
        case UInt8(ascii: "\\"):
            single(.backslash)
            needsPostPass = true  // a key path may follow
        case UInt8(ascii: ":"):
            if isAt(start + 1, UInt8(ascii: ":")) {
                emitLexeme(.colonColon, start, start + 2)
                position = start + 2
            } else {
                single(.colon)
            }
        case UInt8(ascii: "#"):
            lexPound()
        case UInt8(ascii: "."):
            // A `.` before a name, a digit, a bracket or a space (most of them) is a period, as
            // the operator scan would find: only operator characters continue it.
            let next = at(start + 1)
            if next < 0x80 && classes[Int(next)] & ByteClass.operatorCharacter == 0 {
                single(.period)
            } else {
                lexOperator(preferRegex: preferRegex)
            }
        case UInt8(ascii: "!"), UInt8(ascii: "?"):
            if isLeftBound(start) {
                if previousKeyword == .tryKeyword && previousKind == .keyword {
                    preferRegexOverBinaryOperator = true
                }
                let kind: TokenKind = byte == UInt8(ascii: "!") ? .exclamationMark : .postfixQuestionMark
                emitLexeme(kind, start, start + 1)
                position = start + 1
                if preferRegexOverBinaryOperator { return }
            } else {
                lexOperator(preferRegex: preferRegex)
            }
        case UInt8(ascii: "<"):
            if isAt(start + 1, UInt8(ascii: "#")), let end = editorPlaceholderEnd(start) {
                emitLexeme(.identifier, start, end)
                position = end
            } else {
                lexOperator(preferRegex: preferRegex)
            }
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            lexIdentifier()
        case UInt8(ascii: "$"):
            lexDollarIdentifier()
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            lexNumber()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            lexStringQuote(delimiterLength: 0)
        case UInt8(ascii: "`"):
            lexEscapedIdentifier()
        default:
            if byte < 0x80 {
                if byte.isASCIIOperatorCharacter {
                    lexOperator(preferRegex: preferRegex)
                } else {
                    // Control characters: swift-syntax skips them as (erroneous) trivia.
                    lexUnknownBytes()
                }
                return
            }
            let decoded = decodeMultiByte(start)
            if CharacterClass.isIdentifierStart(decoded.scalar) {
                lexIdentifier()
            } else if CharacterClass.isOperatorStart(decoded.scalar) {
                lexOperator(preferRegex: preferRegex)
            } else if CharacterClass.isIdentifierContinuation(decoded.scalar) {
                // Not a valid start, but swift-syntax recovers with an identifier.
                let end = skipIdentifierContinuation(start)
                emitLexeme(.identifier, start, end)
                position = end
            } else if decoded.scalar == 0x201D {
                // A closing curly quote.
                emitLexeme(.unknown, start, start + decoded.length)
                position = start + decoded.length
            } else if decoded.scalar == 0x201C {
                // An opening curly quote: swift-syntax takes the "string" up to the closing
                // one as an identifier, for recovery.
                var end = start + decoded.length
                if start >= curlyQuoteFailedBefore {
                    if let stringEnd = curlyQuoteStringEnd(end) {
                        end = stringEnd
                    }
                }
                emitLexeme(.identifier, start, end)
                position = end
            } else {
                lexUnknownBytes()
            }
        }
    }

    @inline(__always) mutating func single(_ kind: TokenKind) {
        emitLexeme(kind, position, position + 1)
        position += 1
    }

    /// Bytes that are neither tokens nor whitespace (invalid UTF-8, control characters,
    /// a non-breaking space, other characters Swift does not allow): one `.unknown`
    /// token for the run. swift-syntax keeps them as trivia, so they do not count as the
    /// previous token.
    mutating func lexUnknownBytes() {
        let start = position
        var index = position
        while index < count {
            let byte = base[index]
            if byte < 0x80 {
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0B && byte != 0x0C && byte != 0x0D
                    || byte == 0x7F
                {
                    index += 1
                    continue
                }
                break
            }
            let decoded = decodeMultiByte(index)
            let value = decoded.scalar
            if value == 0xFEFF && decoded.length == 3 { break }  // byte order mark: whitespace
            if value != invalidScalar
                && (CharacterClass.isIdentifierContinuation(value) || CharacterClass.isOperatorStart(value)
                    || value == 0x201C || value == 0x201D)
            {
                break
            }
            index += decoded.length
        }
        if index == start { index = start + 1 }
        emit(.unknown, start, index)
        position = index
    }

    /// `“...”`: the end of a string in curly quotes, as swift-syntax finds it for recovery.
    mutating func curlyQuoteStringEnd(_ from: Int) -> Int? {
        var index = from
        let limit = min(count, from + Lexer.scanLimit)
        defer { if index > curlyQuoteFailedBefore { curlyQuoteFailedBefore = index } }
        while true {
            if index >= limit { return nil }
            let byte = base[index]
            if byte == UInt8(ascii: "\\") && isAt(index + 1, UInt8(ascii: "(")) { return nil }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return nil }
            if byte == UInt8(ascii: "\"") { return index + 1 }
            if byte == UInt8(ascii: "\\") {
                // An escape: consume it like a string literal would.
                index += 1
                if index < count {
                    let escaped = base[index]
                    if escaped == UInt8(ascii: "u") {
                        index += 1
                        if isAt(index, UInt8(ascii: "{")) {
                            index += 1
                            while index < count && base[index].isHexDigit { index += 1 }
                            if isAt(index, UInt8(ascii: "}")) { index += 1 } else { return nil }
                        } else {
                            return nil
                        }
                    } else if "0nrt\"'\\".utf8.contains(escaped) {
                        index += 1
                    } else {
                        return nil
                    }
                }
                continue
            }
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F { return nil }
                index += 1
                continue
            }
            let decoded = decodeMultiByte(index)
            if decoded.scalar == invalidScalar { return nil }
            index += decoded.length
            if decoded.scalar == 0x201D { return index }
        }
    }

    /// `<#placeholder#>` on one line: the end of it, or nil.
    func editorPlaceholderEnd(_ start: Int) -> Int? {
        var index = start + 2
        let limit = min(count, start + Lexer.scanLimit)
        while index < limit {
            let byte = base[index]
            index += 1
            if byte == UInt8(ascii: "\n") { return nil }
            if byte == UInt8(ascii: "<") && isAt(index, UInt8(ascii: "#")) { return nil }
            if byte == UInt8(ascii: "#") && isAt(index, UInt8(ascii: ">")) { return index + 1 }
        }
        return nil
    }

    // MARK: Identifiers

    @inline(__always)
    mutating func lexIdentifier() {
        let start = position
        var index = start
        var ascii = true
        // The first character was checked by the caller.
        if base[index] < 0x80 {
            index += 1
        } else {
            index += decodeMultiByte(index).length
            ascii = false
        }
        while index < count {
            let byte = base[index]
            if classes[Int(byte)] & ByteClass.identifierContinue != 0 {
                index += 1
                continue
            }
            if byte < 0x80 { break }
            let decoded = decodeMultiByte(index)
            if CharacterClass.isIdentifierContinuation(decoded.scalar) {
                index += decoded.length
                ascii = false
            } else {
                break
            }
        }
        position = index
        let length = index - start
        // Reserved words start with a lowercase letter, `A` (`Any`), `S` (`Self`) or `_`.
        if ascii && length <= 15 && classes[Int(base[start])] & ByteClass.keywordStart != 0 {
            let keywordClass = Keywords.classify(base, start, length, bufferCount: count)
            if keywordClass != .none {
                if keywordClass != .wildcard { needsPostPass = true }
                emitLexeme(.keyword, start, index, keyword: keywordClass)
                return
            }
        }
        emitLexeme(.identifier, start, index)
    }

    mutating func lexDollarIdentifier() {
        let start = position
        var index = start + 1
        var allDigits = true
        while index < count {
            let byte = base[index]
            if byte.isDecimalDigit {
                index += 1
            } else if byte < 0x80 {
                if byte.isASCIIIdentifierContinue {
                    index += 1
                    allDigits = false
                } else {
                    break
                }
            } else {
                let decoded = decodeMultiByte(index)
                if CharacterClass.isIdentifierContinuation(decoded.scalar) {
                    index += decoded.length
                    allDigits = false
                } else {
                    break
                }
            }
        }
        position = index
        if index == start + 1 {
            emitLexeme(.identifier, start, index)  // a lone `$`
        } else {
            // swift-syntax calls `$name` an identifier and `$0` a dollar identifier; both
            // are `.dollarIdentifier` here (the linter cares about projected values).
            emit(.dollarIdentifier, start, index)
            setPrevious(allDigits ? .dollarIdentifier : .identifier)
        }
    }

    mutating func lexEscapedIdentifier() {
        let start = position
        var index = start + 1
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "`") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            if byte < 0x80 { index += 1 } else { index += decodeMultiByte(index).length }
        }
        if isAt(index, UInt8(ascii: "`")) {
            emitLexeme(.identifier, start, index + 1)
            position = index + 1
            return
        }
        // A backtick that opens nothing: swift-syntax's `.backtick` token.
        emit(.unknown, start, start + 1)
        setPrevious(.unknown)
        previousWasBacktick = true
        position = start + 1
    }

    // MARK: Pound

    mutating func lexPound() {
        let start = position
        // Shebang.
        if start == 0 && isAt(1, UInt8(ascii: "!")) {
            var end = 2
            while end < count, base[end] != UInt8(ascii: "\n"), base[end] != UInt8(ascii: "\r") { end += 1 }
            emitComment(.shebang, 0, end)
            setPrevious(.shebang)
            position = end
            return
        }
        // Raw string.
        var index = start
        while index < count && base[index] == UInt8(ascii: "#") { index += 1 }
        if isAt(index, UInt8(ascii: "\"")) {
            emitLexeme(.rawStringDelimiter, start, index)
            position = index
            lexStringQuote(delimiterLength: index - start)
            return
        }
        // Extended regex literal (never fails once `#`s and `/` are there).
        if isAt(index, UInt8(ascii: "/")), let regex = scanRegexLiteral(at: start, mustBeRegex: true) {
            emitRegex(regex)
            return
        }
        // Any other run of `#`: each one but the last is a lone `#` (emitted at once,
        // which keeps long runs linear).
        while position < index - 1 {
            single(.pound)
        }
        // Pound keywords.
        let last = position
        var end = last + 1
        while end < count && base[end].isASCIIIdentifierStart { end += 1 }
        let kind: TokenKind?
        switch end - last - 1 {
        case 2 where startsWith(last + 1, "if"): kind = .poundIf
        case 4 where startsWith(last + 1, "else"): kind = .poundElse
        case 5 where startsWith(last + 1, "endif"): kind = .poundEndif
        case 6 where startsWith(last + 1, "elseif"): kind = .poundElseif
        case 9 where startsWith(last + 1, "available"): kind = .poundKeyword
        case 11 where startsWith(last + 1, "unavailable"): kind = .poundKeyword
        case 14 where startsWith(last + 1, "sourceLocation"): kind = .poundKeyword
        default: kind = nil
        }
        if let kind {
            emit(kind, last, end)
            // `#available` and friends do not sequence expressions; `#if` and friends do.
            setPrevious(kind)
            position = end
        } else {
            single(.pound)
        }
    }
}
