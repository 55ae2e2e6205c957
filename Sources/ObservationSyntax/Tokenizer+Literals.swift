// Number and string literals.

extension Lexer {
    // MARK: Numbers

    /// Skips identifier characters that follow a malformed number (swift-syntax keeps
    /// them in the literal and reports an error).
    @inline(__always) func skipTrailingIdentifierCharacters(_ index: Int) -> Int {
        skipIdentifierContinuation(index)
    }

    mutating func lexNumber() {
        let start = position
        let second = at(start + 1)
        if base[start] == UInt8(ascii: "0") {
            if second == UInt8(ascii: "x") { return lexHexNumber() }
            if second == UInt8(ascii: "o") || second == UInt8(ascii: "b") {
                let octal = second == UInt8(ascii: "o")
                var index = start + 2
                @inline(__always) func isDigit(_ byte: UInt8) -> Bool {
                    octal ? byte >= 0x30 && byte <= 0x37 : byte == 0x30 || byte == 0x31
                }
                if index < count && !isDigit(base[index]) {
                    index = skipTrailingIdentifierCharacters(index)
                } else {
                    while index < count && (isDigit(base[index]) || base[index] == UInt8(ascii: "_")) {
                        index += 1
                    }
                    index = skipTrailingIdentifierCharacters(index)
                }
                return finishNumber(.integerLiteral, start, index)
            }
        }

        var index = start
        while index < count && (base[index].isDecimalDigit || base[index] == UInt8(ascii: "_")) {
            index += 1
        }
        let next = at(index)
        if index < count && next == UInt8(ascii: ".") {
            // `1.foo` is a member access, `x.0.1` a tuple access: not float literals.
            if index + 1 >= count || !base[index + 1].isDecimalDigit
                || (hasPrevious && previousKind == .period)
            {
                return finishNumber(.integerLiteral, start, index)
            }
        } else if index >= count || (next != UInt8(ascii: "e") && next != UInt8(ascii: "E")) {
            return finishNumber(.integerLiteral, start, skipTrailingIdentifierCharacters(index))
        }

        if isAt(index, UInt8(ascii: ".")) {
            index += 1
            while index < count && (base[index].isDecimalDigit || base[index] == UInt8(ascii: "_")) {
                index += 1
            }
        }
        if index < count && (base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E")) {
            index += 1
            if index < count && (base[index] == UInt8(ascii: "-") || base[index] == UInt8(ascii: "+")) {
                index += 1
            }
            if index >= count || !base[index].isDecimalDigit {
                return finishNumber(.floatLiteral, start, skipTrailingIdentifierCharacters(index))
            }
            while index < count && (base[index].isDecimalDigit || base[index] == UInt8(ascii: "_")) {
                index += 1
            }
            index = skipTrailingIdentifierCharacters(index)
        }
        finishNumber(.floatLiteral, start, index)
    }

    @inline(__always) mutating func finishNumber(_ kind: TokenKind, _ start: Int, _ end: Int) {
        // A float may be a version in an availability list, which the post-pass splits.
        if kind == .floatLiteral { needsPostPass = true }
        emitLexeme(kind, start, end)
        position = end
    }

    mutating func lexHexNumber() {
        let start = position
        var index = start + 2
        guard index < count else { return finishNumber(.integerLiteral, start, index) }
        if !base[index].isHexDigit {
            // swift-syntax looks at the byte as a Latin-1 scalar here.
            if CharacterClass.isIdentifierContinuation(UInt32(base[index])) {
                index = skipTrailingIdentifierCharacters(index)
            }
            return finishNumber(.integerLiteral, start, index)
        }
        while index < count && (base[index].isHexDigit || base[index] == UInt8(ascii: "_")) { index += 1 }

        if index >= count
            || (base[index] != UInt8(ascii: ".") && base[index] != UInt8(ascii: "p") && base[index] != UInt8(ascii: "P"))
        {
            return finishNumber(.integerLiteral, start, skipTrailingIdentifierCharacters(index))
        }

        var dot: Int? = nil
        if base[index] == UInt8(ascii: ".") {
            dot = index
            index += 1
            if index < count && !base[index].isHexDigit {
                // `0xff.description`
                return finishNumber(.integerLiteral, start, dot!)
            }
            while index < count && (base[index].isHexDigit || base[index] == UInt8(ascii: "_")) { index += 1 }
            if index >= count || (base[index] != UInt8(ascii: "p") && base[index] != UInt8(ascii: "P")) {
                if index + 1 < count && !base[index + 1].isDecimalDigit {
                    return finishNumber(.integerLiteral, start, dot!)
                }
                return finishNumber(.integerLiteral, start, index)
            }
        }

        // At the exponent's `p`.
        index += 1
        var signed = false
        if index < count && (base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")) {
            index += 1
            signed = true
        }
        if index < count && !base[index].isDecimalDigit {
            if let dot, dot + 1 < count, !base[dot + 1].isDecimalDigit, !signed {
                // `0xff.fpValue`
                return finishNumber(.integerLiteral, start, dot)
            }
            return finishNumber(.floatLiteral, start, skipTrailingIdentifierCharacters(index))
        }
        while index < count && (base[index].isDecimalDigit || base[index] == UInt8(ascii: "_")) { index += 1 }
        finishNumber(.floatLiteral, start, skipTrailingIdentifierCharacters(index))
    }

    // MARK: Strings

    /// Whether `delimiterLength` `#`s follow at `index`, and where they end. Like
    /// swift-syntax, one `#` more than the delimiter is consumed when present.
    @inline(__always) func delimiterEnd(_ index: Int, _ delimiterLength: Int) -> Int? {
        if delimiterLength == 0 { return index }
        var end = index
        let limit = index + delimiterLength + 1
        while end < count && end < limit && base[end] == UInt8(ascii: "#") { end += 1 }
        return end - index >= delimiterLength ? end : nil
    }

    /// Lexes an opening quote (`"`, `"""` or `'`), after `delimiterLength` `#`s, and
    /// enters the string.
    mutating func lexStringQuote(delimiterLength: Int) {
        let start = position
        if base[start] == UInt8(ascii: "'") {
            emitLexeme(.stringQuote, start, start + 1)
            position = start + 1
            pushString(.singleQuote, delimiterLength)
            return
        }
        var multiLine = isAt(start + 1, UInt8(ascii: "\"")) && isAt(start + 2, UInt8(ascii: "\""))
        if multiLine && delimiterLength > 0 {
            // `#"""#` is a single-line string holding a quote: a closing `"` with the
            // right number of `#` on the same line makes this a single-line string.
            var index = start + 3
            if delimiterEnd(index, delimiterLength) != nil {
                multiLine = false
            } else {
                while index < count && base[index] != UInt8(ascii: "\n") && base[index] != UInt8(ascii: "\r") {
                    if base[index] == UInt8(ascii: "\"") {
                        index += 1
                        if delimiterEnd(index, delimiterLength) != nil {
                            multiLine = false
                            break
                        }
                        continue
                    }
                    index += 1
                }
            }
        }
        if !multiLine {
            emitLexeme(.stringQuote, start, start + 1)
            position = start + 1
            pushString(.singleLine, delimiterLength)
            return
        }
        emitLexeme(.multilineStringQuote, start, start + 3)
        position = start + 3
        // The line break right after `"""` is not part of the string's text.
        if position < count {
            if base[position] == UInt8(ascii: "\r") {
                position += 1
                if isAt(position, UInt8(ascii: "\n")) { position += 1 }
                sawNewline = true
            } else if base[position] == UInt8(ascii: "\n") {
                position += 1
                sawNewline = true
            }
        }
        pushString(.multiLine, delimiterLength)
    }

    @inline(__always) mutating func pushString(_ kind: StringKind, _ delimiterLength: Int) {
        modes.append(
            LexerMode(tag: .string, stringKind: kind, delimiterLength: Int32(clamping: delimiterLength), parenCount: 0)
        )
    }

    @inline(__always) mutating func endSegment(_ start: Int, _ end: Int) {
        if end > start { emit(.stringSegment, start, end) }
        setPrevious(.stringSegment)
    }

    /// Lexes a string's text up to its end, an interpolation, or (single-line strings)
    /// the end of the line. The text between two delimiters is one `stringSegment`.
    mutating func lexStringContents(kind: StringKind, delimiterLength: Int) {
        let segmentStart = position
        var index = position
        while true {
            guard index < count else {
                endSegment(segmentStart, index)
                modes.removeLast()
                position = index
                return
            }
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "\\"):
                // An interpolation: `\(`, or `\#(` in a raw string.
                if let poundsEnd = delimiterEnd(index + 1, delimiterLength), isAt(poundsEnd, UInt8(ascii: "(")) {
                    endSegment(segmentStart, index)
                    emitLexeme(.backslash, index, index + 1)
                    if poundsEnd > index + 1 { emitLexeme(.rawStringDelimiter, index + 1, poundsEnd) }
                    emitLexeme(.leftParen, poundsEnd, poundsEnd + 1)
                    position = poundsEnd + 1
                    modes.append(
                        LexerMode(
                            tag: .interpolation, stringKind: kind,
                            delimiterLength: Int32(clamping: delimiterLength), parenCount: 0))
                    return
                }
                index += 1
                guard let escapeStart = delimiterEnd(index, delimiterLength) else {
                    continue  // a plain backslash in a raw string
                }
                index = escapeStart
                guard index < count else { continue }
                let escaped = base[index]
                switch escaped {
                case UInt8(ascii: "0"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"),
                    UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"):
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    if isAt(index, UInt8(ascii: "{")) {
                        index += 1
                        while index < count && base[index].isHexDigit { index += 1 }
                        if isAt(index, UInt8(ascii: "}")) { index += 1 }
                    }
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    // In a multi-line string, `\` + spaces + line break joins two lines.
                    if kind == .multiLine {
                        var end = index
                        while end < count && (base[end] == UInt8(ascii: " ") || base[end] == UInt8(ascii: "\t")) {
                            end += 1
                        }
                        if end < count && base[end] == UInt8(ascii: "\r") {
                            end += 1
                            if isAt(end, UInt8(ascii: "\n")) { end += 1 }
                            index = end
                        } else if end < count && base[end] == UInt8(ascii: "\n") {
                            index = end + 1
                        }
                    }
                default:
                    if escaped.isDecimalDigit || escaped.isASCIILetter { index += 1 }
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if kind == .multiLine {
                    index += 1
                    if byte == UInt8(ascii: "\r") && isAt(index, UInt8(ascii: "\n")) { index += 1 }
                } else {
                    // A single-line string ends at the end of its line (unterminated).
                    endSegment(segmentStart, index)
                    modes.removeLast()
                    position = index
                    return
                }
            case UInt8(ascii: "\""):
                let closes: Bool
                switch kind {
                case .singleLine:
                    closes = delimiterEnd(index + 1, delimiterLength) != nil
                case .multiLine:
                    closes = isAt(index + 1, UInt8(ascii: "\"")) && isAt(index + 2, UInt8(ascii: "\""))
                        && delimiterEnd(index + 3, delimiterLength) != nil
                case .singleQuote:
                    closes = false
                }
                if closes {
                    endSegment(segmentStart, index)
                    closeString(kind: kind, quoteStart: index, delimiterLength: delimiterLength)
                    return
                }
                index += 1
            case UInt8(ascii: "'"):
                if kind == .singleQuote {
                    endSegment(segmentStart, index)
                    closeString(kind: kind, quoteStart: index, delimiterLength: delimiterLength)
                    return
                }
                index += 1
            default:
                if byte < 0x80 {
                    index += 1
                } else {
                    index += decodeMultiByte(index).length
                }
            }
        }
    }

    mutating func closeString(kind: StringKind, quoteStart: Int, delimiterLength: Int) {
        var index = quoteStart
        if kind == .multiLine {
            emitLexeme(.multilineStringQuote, index, index + 3)
            index += 3
        } else {
            emitLexeme(.stringQuote, index, index + 1)
            index += 1
        }
        if delimiterLength > 0 {
            let poundsStart = index
            while index < count && base[index] == UInt8(ascii: "#") { index += 1 }
            if index > poundsStart { emitLexeme(.rawStringDelimiter, poundsStart, index) }
        }
        modes.removeLast()
        position = index
    }
}
