// Operators, their binding (prefix / postfix / binary, from the whitespace around them),
// and regex literals, which are told apart from the `/` operator by the same rules as
// swift-syntax's lexer.

/// The tokens of a regex literal, as offsets.
struct RegexLiteral {
    var start: Int
    /// End of the opening `#`s (== start when there are none).
    var openPoundsEnd: Int
    /// End of the pattern (the opening slash is `openPoundsEnd..<openPoundsEnd+1`).
    var patternEnd: Int
    /// Whether a closing slash follows the pattern.
    var hasClosingSlash: Bool
    /// End of the closing `#`s (== patternEnd + 1 when there are none).
    var end: Int
}

/// Operator binding: whether the characters around an operator bind it to its left or
/// right operand.
enum Binding {
    /// Whether an operator starting at `start` is bound to what precedes it.
    @inline(__always) static func isLeftBound(_ base: UnsafePointer<UInt8>, _ start: Int) -> Bool {
        if start == 0 { return false }
        switch base[start - 1] {
        case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\t"),
            UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case UInt8(ascii: "/"):
            // The end of a block comment counts as whitespace.
            return !(start >= 2 && base[start - 2] == UInt8(ascii: "*"))
        case 0xA0:
            // The end of a non-breaking space.
            return !(start >= 2 && base[start - 2] == 0xC2)
        default:
            return true
        }
    }

    /// Whether an operator ending at `end` is bound to what follows it.
    @inline(__always)
    static func isRightBound(_ base: UnsafePointer<UInt8>, _ count: Int, _ end: Int, leftBound: Bool) -> Bool {
        guard end < count else { return false }
        switch base[end] {
        case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\t"),
            UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case UInt8(ascii: "."):
            // `x^.y` is postfix, `^.y` prefix.
            return !leftBound
        case UInt8(ascii: "/"):
            // A following comment counts as whitespace.
            guard end + 1 < count else { return true }
            let next = base[end + 1]
            return !(next == UInt8(ascii: "/") || next == UInt8(ascii: "*"))
        case 0xC2:
            return !(end + 1 < count && base[end + 1] == 0xA0)
        default:
            return true
        }
    }
}

extension Lexer {
    // MARK: Binding

    @inline(__always) func isLeftBound(_ start: Int) -> Bool {
        Binding.isLeftBound(base, start)
    }

    @inline(__always) func isRightBound(_ end: Int, leftBound: Bool) -> Bool {
        Binding.isRightBound(base, count, end, leftBound: leftBound)
    }

    /// The kind of the operator `start..<end`.
    func classifyOperator(_ start: Int, _ end: Int) -> TokenKind {
        let leftBound = isLeftBound(start)
        let rightBound = isRightBound(end, leftBound: leftBound)
        let length = end - start
        if length == 1 {
            switch base[start] {
            case UInt8(ascii: "="): return .equal
            case UInt8(ascii: "&"):
                if !(leftBound == rightBound || leftBound) { return .prefixAmpersand }
            case UInt8(ascii: "."): return .period
            case UInt8(ascii: "?"): return leftBound ? .postfixQuestionMark : .infixQuestionMark
            default: break
            }
        } else if length == 2 {
            if base[start] == UInt8(ascii: "-") && base[start + 1] == UInt8(ascii: ">") { return .arrow }
            if base[start] == UInt8(ascii: "*") && base[start + 1] == UInt8(ascii: "/") { return .unknown }
        } else {
            // A `*/` inside an operator is taken as a stray end of a block comment.
            var index = start
            while index + 1 < end {
                if base[index] == UInt8(ascii: "*") && base[index + 1] == UInt8(ascii: "/") { return .unknown }
                index += 1
            }
        }
        if leftBound == rightBound { return .binaryOperator }
        return leftBound ? .postfixOperator : .prefixOperator
    }

    // MARK: Operators

    mutating func lexOperator(preferRegex: Bool) {
        let start = position
        let startsWithDot = base[start] == UInt8(ascii: ".")
        var index = start + decode(start).length
        while index < count {
            let byte = base[index]
            // A `.` continues an operator only if the operator starts with one.
            if byte == UInt8(ascii: ".") && !startsWithDot { break }
            if byte == UInt8(ascii: "<") && isAt(index + 1, UInt8(ascii: "#")) && placeholderEndsOnLine(index + 1) {
                break
            }
            if byte < 0x80 {
                if byte.isASCIIOperatorCharacter { index += 1; continue }
                break
            }
            let decoded = decodeMultiByte(index)
            if CharacterClass.isOperatorContinuation(decoded.scalar) {
                index += decoded.length
            } else {
                break
            }
        }
        var end = index

        // A regex literal may start at the operator's first `/`.
        var slash = start
        while slash < end && base[slash] != UInt8(ascii: "/") { slash += 1 }
        if slash < end,
            let regex = scanOperatorAsRegexLiteral(
                slash: slash, operatorStart: start, operatorEnd: end, preferRegex: preferRegex)
        {
            if slash > start {
                // Split off the operator in front of the regex.
                emitLexeme(classifyOperator(start, slash), start, slash)
            }
            emitRegex(regex)
            return
        }

        // `//` or `/*` inside an operator starts a comment.
        if end - start > 2 {
            var scan = start + 1
            while scan < end {
                if base[scan] == UInt8(ascii: "/") {
                    let next = at(scan + 1)
                    if next == UInt8(ascii: "/") || next == UInt8(ascii: "*") {
                        end = scan
                        break
                    }
                }
                scan += 1
            }
        }
        let kind = classifyOperator(start, end)
        if base[end - 1] == UInt8(ascii: "<")
            && (kind == .binaryOperator || kind == .prefixOperator || kind == .postfixOperator)
        {
            needsPostPass = true
            angleCandidates.append(Int32(truncatingIfNeeded: tokenCount))
        }
        emitLexeme(kind, start, end)
        position = end
    }

    /// Whether the text from `index` (the `#` of `<#`) holds `#>` before the line ends.
    /// A scan that fails remembers where it stopped: scans starting before that fail too.
    mutating func placeholderEndsOnLine(_ index: Int) -> Bool {
        if index < placeholderFailedBefore { return false }
        var index = index
        let limit = min(count, index + Lexer.scanLimit)
        while index + 1 < limit {
            let byte = base[index]
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: "#") && base[index + 1] == UInt8(ascii: ">") { return true }
            index += 1
        }
        placeholderFailedBefore = index
        return false
    }

    // MARK: Regex literals

    /// swift-syntax's heuristic: can an expression start after the previous token?
    func isInRegexLiteralPosition() -> Bool {
        guard hasPrevious else { return true }
        switch previousKind {
        case .leftBrace, .leftParen, .leftSquare, .prefixOperator, .prefixAmpersand, .leftAngle:
            return true
        case .binaryOperator, .equal:
            return true
        case .semicolon, .comma, .colon, .infixQuestionMark:
            return true
        case .postfixOperator, .exclamationMark, .postfixQuestionMark, .rightAngle, .rightBrace,
            .rightParen, .rightSquare:
            return false
        case .arrow, .period, .atSign, .pound, .backslash, .shebang:
            return false
        case .keyword:
            switch previousKeyword {
            case .expression, .wildcard: return false
            default: return true
            }
        case .identifier, .dollarIdentifier, .colonColon, .floatLiteral, .integerLiteral:
            return false
        case .poundKeyword:
            return false
        case .poundIf, .poundElse, .poundElseif, .poundEndif:
            return true
        case .regexPoundDelimiter, .regexSlash, .regexPattern, .rawStringDelimiter, .stringQuote,
            .stringSegment, .multilineStringQuote:
            return false
        case .unknown:
            return !previousWasBacktick
        case .lineComment, .blockComment, .docLineComment, .docBlockComment:
            return true
        }
    }

    /// A `/` inside an operator: is it the start of a regex literal?
    func scanOperatorAsRegexLiteral(slash: Int, operatorStart: Int, operatorEnd: Int, preferRegex: Bool)
        -> RegexLiteral?
    {
        let leftBound = isLeftBound(operatorStart)
        let rightBound = isRightBound(operatorEnd, leftBound: leftBound)
        // A left-bound `/` is a postfix or binary operator.
        if leftBound { return nil }
        // `func /`, `operator /`: an operator name.
        if hasPrevious && previousKind == .keyword && previousKeyword == .funcOrOperator { return nil }

        var mustBeRegex = false
        if leftBound == rightBound {
            // Looks like a binary operator. `try? /.../` is a regex all the same.
            if preferRegex { mustBeRegex = true }
            if !mustBeRegex && !isInRegexLiteralPosition() { return nil }
            // In an argument list an unapplied operator is legal (`reduce(0, /)`).
            let inArgumentList: Bool
            switch previousKind {
            case .leftParen, .leftSquare, .comma, .colon, .colonColon: inArgumentList = hasPrevious
            default: inArgumentList = false
            }
            if !inArgumentList { mustBeRegex = true }
        }
        return scanRegexLiteral(at: slash, mustBeRegex: mustBeRegex)
    }

    /// Scans a regex literal (`/.../`, `#/.../#`, multi-line `#/` ... `/#`) at `start`
    /// without moving. Nil when it is not one.
    func scanRegexLiteral(at start: Int, mustBeRegex: Bool) -> RegexLiteral? {
        var index = start
        var pounds = 0
        while index < count && base[index] == UInt8(ascii: "#") {
            pounds += 1
            index += 1
        }
        guard isAt(index, UInt8(ascii: "/")) else { return nil }
        let openSlash = index
        index += 1
        let patternStart = index

        if pounds == 0 {
            if index < count {
                switch base[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    // `/ 1 /` in a result builder is two divisions.
                    if !mustBeRegex { return nil }
                case UInt8(ascii: "*"), UInt8(ascii: "/"):
                    return nil  // a comment
                default:
                    break
                }
            }
            if openSlash > 0 && base[openSlash - 1] == UInt8(ascii: "*") { return nil }
        }

        var firstNewline: Int? = nil
        if pounds > 0 {
            // `#/` followed by spaces and a line break: a multi-line literal.
            var scan = index
            while scan < count && (base[scan] == UInt8(ascii: " ") || base[scan] == UInt8(ascii: "\t")) { scan += 1 }
            if scan < count && (base[scan] == UInt8(ascii: "\n") || base[scan] == UInt8(ascii: "\r")) {
                firstNewline = scan
                index = scan
            }
        }

        // A scan that may fail is bounded (see `scanLimit`); one that must succeed is not,
        // as it consumes what it scans.
        let limit = mustBeRegex ? count : min(count, start + Lexer.scanLimit)
        var groupDepth = 0
        var classDepth = 0
        var lastUnescapedSpace = -2
        var candidateCloseSlashEnd: Int? = nil

        scanning: while true {
            // The closing delimiter?
            if index < count && base[index] == UInt8(ascii: "/") {
                let slashBegin = index
                var after = index + 1
                candidateCloseSlashEnd = after
                var closePounds = 0
                if pounds > 0 {
                    while after < count && base[after] == UInt8(ascii: "#") {
                        closePounds += 1
                        after += 1
                    }
                }
                if closePounds >= pounds {
                    if closePounds == 0 {
                        if after < count && (base[after] == UInt8(ascii: "*") || base[after] == UInt8(ascii: "/")) {
                            // Ends on the start of a comment: take the comment instead.
                            break scanning
                        }
                        if lastUnescapedSpace + 1 == slashBegin && !mustBeRegex { return nil }
                    }
                    return RegexLiteral(
                        start: start, openPoundsEnd: openSlash, patternEnd: slashBegin, hasClosingSlash: true,
                        end: after)
                }
            }
            // A pattern character.
            var escaped = false
            while true {
                if index >= limit && limit < count { return nil }
                guard index < count else {
                    if let firstNewline { index = firstNewline }
                    break scanning
                }
                let charStart = index
                let decoded = decode(index)
                index += decoded.length
                if decoded.scalar == invalidScalar { break }
                let character = decoded.scalar
                if character == 0x0A || character == 0x0D {
                    if firstNewline == nil {
                        index = charStart
                        break scanning
                    }
                    break
                }
                if character == 0x5C && !escaped {  // `\`
                    escaped = true
                    continue
                }
                if !escaped {
                    switch character {
                    case 0x28:  // (
                        if classDepth == 0 { groupDepth += 1 }
                    case 0x29:  // )
                        if classDepth == 0 {
                            if groupDepth == 0 {
                                if !mustBeRegex { return nil }
                            } else {
                                groupDepth -= 1
                            }
                        }
                    case 0x5B:  // [
                        classDepth += 1
                    case 0x5D:  // ]
                        if classDepth > 0 { classDepth -= 1 }
                    case 0x20, 0x09:
                        lastUnescapedSpace = charStart
                    default:
                        break
                    }
                }
                break
            }
        }
        // Unterminated.
        if !mustBeRegex { return nil }
        let patternLength = index - patternStart
        if pounds > 0 && patternLength > 0 {
            // Recovery: a trailing `/` or `/##` is taken as the closing delimiter.
            if base[index - 1] == UInt8(ascii: "/") {
                return RegexLiteral(
                    start: start, openPoundsEnd: openSlash, patternEnd: index - 1, hasClosingSlash: true, end: index)
            }
            if base[index - 1] == UInt8(ascii: "#"), let candidate = candidateCloseSlashEnd {
                var scan = candidate
                while scan < index && base[scan] == UInt8(ascii: "#") { scan += 1 }
                if scan == index {
                    return RegexLiteral(
                        start: start, openPoundsEnd: openSlash, patternEnd: candidate - 1, hasClosingSlash: true,
                        end: index)
                }
            }
        }
        return RegexLiteral(
            start: start, openPoundsEnd: openSlash, patternEnd: index, hasClosingSlash: false, end: index)
    }

    mutating func emitRegex(_ regex: RegexLiteral) {
        if regex.openPoundsEnd > regex.start {
            emitLexeme(.regexPoundDelimiter, regex.start, regex.openPoundsEnd)
        }
        let patternStart = regex.openPoundsEnd + 1
        emitLexeme(.regexSlash, regex.openPoundsEnd, patternStart)
        if regex.patternEnd > patternStart {
            emitLexeme(.regexPattern, patternStart, regex.patternEnd)
        }
        if regex.hasClosingSlash {
            emitLexeme(.regexSlash, regex.patternEnd, regex.patternEnd + 1)
            if regex.end > regex.patternEnd + 1 {
                emitLexeme(.regexPoundDelimiter, regex.patternEnd + 1, regex.end)
            }
        }
        position = regex.end
    }
}
