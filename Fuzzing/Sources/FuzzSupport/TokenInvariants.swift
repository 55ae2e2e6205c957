import ObservationSyntax

/// What the tokenizer promises on any input (SPEC §1: it never crashes, never loops, and
/// invalid input yields error tokens).
public enum TokenInvariants {
    /// Tokens and comments cover the input exactly: each is non-empty and within bounds,
    /// both lists are in order, none overlaps another, and the bytes between them are
    /// whitespace or a byte order mark. The whitespace flags say what lies between
    /// neighbours. Tokenizing again gives the same tokens.
    public static func check(_ bytes: [UInt8]) {
        let result = Tokenizer.tokenize(bytes)
        for list in [result.tokens, result.comments] {
            for token in list {
                if token.start >= token.end || Int(token.end) > bytes.count {
                    violated("token \(token.kind) \(token.range) is empty or outside \(bytes.count) bytes")
                }
            }
            for (previous, next) in zip(list, list.dropFirst()) where previous.end > next.start {
                violated("tokens out of order: \(previous.kind) \(previous.range), \(next.kind) \(next.range)")
            }
        }
        let all = merged(result.tokens, result.comments)
        var covered = 0
        for token in all {
            if Int(token.start) < covered {
                violated("\(token.kind) \(token.range) overlaps the token or comment before it (ending at \(covered))")
            }
            checkGap(bytes, covered..<Int(token.start))
            covered = Int(token.end)
        }
        checkGap(bytes, covered..<bytes.count)
        checkFlags(result.tokens, bytes: bytes)
        let again = Tokenizer.tokenize(bytes)
        if again.tokens != result.tokens || again.comments != result.comments {
            violated("tokenizing the same bytes twice gave different tokens")
        }
    }

    /// Tokens and comments in order of their start (each list is in order already).
    static func merged(_ tokens: [Token], _ comments: [Token]) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(tokens.count + comments.count)
        var next = (token: 0, comment: 0)
        while next.token < tokens.count || next.comment < comments.count {
            if next.comment == comments.count
                || next.token < tokens.count && tokens[next.token].start <= comments[next.comment].start
            {
                result.append(tokens[next.token])
                next.token += 1
            } else {
                result.append(comments[next.comment])
                next.comment += 1
            }
        }
        return result
    }

    /// Bytes no token covers must be whitespace, line breaks or a byte order mark.
    static func checkGap(_ bytes: [UInt8], _ gap: Range<Int>) {
        var index = gap.lowerBound
        while index < gap.upperBound {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
                index += 1
            case 0xEF where index + 2 < gap.upperBound && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                index += 3
            default:
                violated("byte \(bytes[index]) at \(index) is in no token, yet is not whitespace")
            }
        }
    }

    /// `leadingSpace`: bytes (whitespace or comments) before the token; `trailingSpace`:
    /// bytes after it; `atStartOfLine`: the first token, or a line break before it (in
    /// whitespace or inside a block comment).
    static func checkFlags(_ tokens: [Token], bytes: [UInt8]) {
        for (index, token) in tokens.enumerated() {
            let gapStart = index == 0 ? 0 : Int(tokens[index - 1].end)
            let gapEnd = index + 1 < tokens.count ? Int(tokens[index + 1].start) : bytes.count
            let before = gapStart..<Int(token.start)
            let expectedLeading = !before.isEmpty
            let expectedTrailing = Int(token.end) < gapEnd
            let expectedStart = index == 0 || bytes[before].contains { $0 == 0x0A || $0 == 0x0D }
            if token.flags.contains(.leadingSpace) != expectedLeading {
                violated("token \(index) \(token.kind) \(token.range): leadingSpace is \(!expectedLeading)")
            }
            if token.flags.contains(.trailingSpace) != expectedTrailing {
                violated("token \(index) \(token.kind) \(token.range): trailingSpace is \(!expectedTrailing)")
            }
            if token.isAtStartOfLine != expectedStart {
                violated("token \(index) \(token.kind) \(token.range): atStartOfLine is \(!expectedStart)")
            }
        }
    }
}
