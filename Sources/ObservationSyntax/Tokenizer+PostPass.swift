// The reclassifications swift-syntax's parser makes on lexical grounds, done as a pass
// over the lexer's tokens with a bounded lookahead:
//
// - Generic angle brackets. `<` after a type or declaration name opens a generic list
//   when a lookahead parses generic arguments up to a matching `>` (swift-syntax's
//   `canParseAsGenericArgumentList`): the `<` becomes `leftAngle`, and each closing `>`
//   becomes `rightAngle`, split off operators such as `>>`, `>?`, `>=` (the rest of the
//   operator is reclassified as swift-syntax re-lexes it). In expressions the token after
//   `>` must disambiguate (`isGenericTypeDisambiguatingToken`). Where swift-syntax's
//   parser is parsing a type it needs no disambiguation: after `->`, `as`, `is`, `some`,
//   `@`, `&`, `typealias T =` anything may follow; after `:` (which may also be a label
//   or a ternary) and inside a `(...)` type, a few more tokens are accepted (`=`, `where`,
//   `...`, a token on the next line, ...). Declaration generic parameter clauses
//   (`struct S<T>`, `func f<T>`, `init<T>`, `func ==<T>`) need no lookahead at all.
// - Reserved words used as names: after `.` (`x.default`; except `init`, `self`, `Self`),
//   as argument labels or parameter names (`f(for: x)`, `func f(in x: Int)`), as labels
//   of additional trailing closures (`} else: {`), and `@attached(extension)`.
// - Versions in availability lists: `macOS 12.0` is `12`, `.`, `0` (the lexer's float
//   literal, split by swift-syntax's parser).
// - Operator names: `func &(...)`, `func !(...)` are binary operators, and
//   `func ==<T>` is `==` then `<`.

enum PostPass {
    /// With `full` (the lexer saw a `<`, a keyword, a float or a `\`), makes the
    /// reclassifications above. Returns the final tokens, their brackets paired
    /// (`BracketPairing`), and the pairs too far apart for a distance.
    static func apply(
        to buffer: UnsafeMutableBufferPointer<Token>, base: UnsafePointer<UInt8>, count: Int, full: Bool,
        angleCandidates: [Int32]
    ) -> (tokens: [Token], farPartners: [Int32: Int32]) {
        guard full else {
            let far = BracketPairing.pair(buffer)
            return (Array(buffer), far)
        }
        var angleSplits: [(index: Int, offset: Int)] = []
        var replacements: [(index: Int, pieces: [Token])] = []
        var generics = GenericScanner(tokens: UnsafeBufferPointer(buffer), base: base, count: count)
        generics.findAngles(candidates: angleCandidates)
        for index in generics.leftAngles {
            buffer[index].kind = .leftAngle
        }
        for (index, offset) in generics.rightAngles {
            if offset == 0 && buffer[index].end - buffer[index].start == 1 {
                buffer[index].kind = .rightAngle
            } else {
                angleSplits.append((index, offset))
            }
        }
        for index in generics.operatorNamesBeforeAngle {
            // `func ??<T>`: the name, then `<`.
            let token = buffer[index]
            var name = token
            name.kind = .binaryOperator
            name.end -= 1
            name.flags.remove(.trailingSpace)
            let angle = Token(
                kind: .leftAngle, flags: token.flags.intersection(.trailingSpace),
                start: Int(token.end) - 1, end: Int(token.end))
            replacements.append((index, [name, angle]))
        }
        // The brackets' kinds are final here (split angles are replacements): the keyword
        // pass pairs them as it walks the tokens.
        var pairing = BracketPairing(capacity: buffer.count)
        defer { pairing.deallocate() }
        remapKeywords(buffer, base: base, byteCount: count, replacements: &replacements, pairing: &pairing)
        for (index, pieces) in splitAngles(buffer, angleSplits, base: base, count: count) {
            replacements.append((index, pieces))
        }
        if replacements.isEmpty { return (Array(buffer), pairing.far) }
        // Replacements move the tokens after them: pair the final tokens afresh.
        var tokens = replace(buffer, replacements)
        let far = tokens.withUnsafeMutableBufferPointer { tokens in
            for index in tokens.indices where tokens[index].kind.isBracket {
                tokens[index].partnerDistance = 0
            }
            return BracketPairing.pair(tokens)
        }
        return (tokens, far)
    }

    /// The tokens with some replaced by pieces (each index at most once).
    static func replace(_ tokens: UnsafeMutableBufferPointer<Token>, _ replacements: [(index: Int, pieces: [Token])])
        -> [Token]
    {
        let sorted = replacements.sorted { $0.index < $1.index }
        var result: [Token] = []
        // Exactly: the tokens are kept for the whole run.
        result.reserveCapacity(tokens.count + sorted.reduce(0) { $0 + $1.pieces.count - 1 })
        var copied = 0
        for (index, pieces) in sorted where index >= copied {
            result.append(contentsOf: UnsafeMutableBufferPointer(rebasing: tokens[copied..<index]))
            result.append(contentsOf: pieces)
            copied = index + 1
        }
        result.append(contentsOf: UnsafeMutableBufferPointer(rebasing: tokens[copied...]))
        return result
    }

    // MARK: Keywords used as names

    @inline(__always)
    static func text(_ token: Token, _ base: UnsafePointer<UInt8>, is string: StaticString) -> Bool {
        let length = Int(token.end - token.start)
        guard length == string.utf8CodeUnitCount else { return false }
        let pointer = string.utf8Start
        for offset in 0..<length where base[Int(token.start) + offset] != pointer[offset] {
            return false
        }
        return true
    }

    enum BracketContext: UInt8 {
        /// A call's argument list, a parameter clause, a tuple: labels are names.
        case labels
        /// `foo(for:in:)`: a compound name, whose labels stay as they are lexed.
        case compoundName
        /// `@available(...)`, `#available(...)`: platform versions.
        case availability
        case other
    }

    @inline(__always) static func isName(_ kind: TokenKind) -> Bool {
        kind == .identifier || kind == .keyword || kind == .dollarIdentifier
    }

    static func remapKeywords(
        _ tokens: UnsafeMutableBufferPointer<Token>, base: UnsafePointer<UInt8>, byteCount: Int,
        replacements: inout [(index: Int, pieces: [Token])], pairing: inout BracketPairing
    ) {
        let count = tokens.count
        // The open brackets' contexts (at most one per token).
        let stackStorage = UnsafeMutablePointer<BracketContext>.allocate(capacity: count + 1)
        defer { stackStorage.deallocate() }
        var depth = 0
        var top = BracketContext.other
        @inline(__always) func push(_ context: BracketContext) {
            stackStorage[depth] = context
            depth += 1
            top = context
        }
        // The kinds this pass looks at; the others (most tokens) are skipped at once.
        var interesting: UInt64 = 0
        for kind: TokenKind in [
            .leftParen, .leftSquare, .leftBrace, .rightParen, .rightSquare, .rightBrace, .leftAngle, .rightAngle,
            .keyword, .prefixAmpersand, .exclamationMark, .binaryOperator, .prefixOperator, .postfixOperator,
            .floatLiteral,
        ] {
            interesting |= 1 << UInt64(kind.rawValue)
        }
        var index = 0
        while index < count {
            let token = tokens[index]
            if (interesting >> UInt64(token.kind.rawValue)) & 1 == 0 {
                index += 1
                continue
            }
            switch token.kind {
            case .leftParen:
                if isCompoundName(tokens, index) {
                    push(.compoundName)
                } else if isAvailabilityList(tokens, index, base) {
                    push(.availability)
                } else {
                    push(.labels)
                }
                pairing.visit(index, .leftParen, in: tokens)
            case .prefixAmpersand, .exclamationMark:
                // `static func &(a: A, b: A)`: an operator's name.
                if index > 0 && tokens[index - 1].kind == .keyword && text(tokens[index - 1], base, is: "func") {
                    tokens[index].kind = .binaryOperator
                }
            case .binaryOperator, .prefixOperator, .postfixOperator:
                // `\.?.name`: optional chaining at the start of a key path.
                if index > 0 && tokens[index - 1].kind == .backslash,
                    let pieces = keyPathPostfixPieces(token, base: base, count: byteCount)
                {
                    replacements.append((index, pieces))
                }
            case .floatLiteral:
                if top == .availability && depth > 0, let pieces = versionPieces(tokens, index, base) {
                    replacements.append((index, pieces))
                }
            case .leftSquare:
                push(isSubscript(tokens, index, base) ? .labels : .other)
                pairing.visit(index, .leftSquare, in: tokens)
            case .leftBrace:
                push(.other)
                pairing.visit(index, .leftBrace, in: tokens)
            case .rightParen, .rightSquare, .rightBrace:
                if depth > 0 {
                    depth -= 1
                    top = depth > 0 ? stackStorage[depth - 1] : .other
                }
                pairing.visit(index, token.kind, in: tokens)
            case .leftAngle, .rightAngle:
                pairing.visit(index, token.kind, in: tokens)
            case .keyword:
                if index > 0 && tokens[index - 1].kind == .period {
                    if !(text(token, base, is: "init") || text(token, base, is: "self") || text(token, base, is: "Self")) {
                        tokens[index].kind = .identifier
                    }
                } else if top == .labels && depth > 0 && isLabel(tokens, index, base) {
                    tokens[index].kind = .identifier
                } else if isTrailingClosureLabel(tokens, index, base) || isMacroRole(tokens, index, base) {
                    tokens[index].kind = .identifier
                } else if index > 0 && tokens[index - 1].kind == .atSign && text(token, base, is: "rethrows") {
                    tokens[index].kind = .identifier  // `@rethrows protocol P`
                }
            default:
                break
            }
            index += 1
        }
    }

    /// A reserved word as an argument label or a parameter name: right after `(`, `[` or
    /// `,` and before `:` (or before a second name and `:`), or a second name so placed.
    static func isLabel(_ tokens: UnsafeMutableBufferPointer<Token>, _ index: Int, _ base: UnsafePointer<UInt8>)
        -> Bool
    {
        let token = tokens[index]
        if text(token, base, is: "_") || text(token, base, is: "inout") { return false }
        guard index > 0, index + 1 < tokens.count else { return false }
        @inline(__always) func opensElement(_ kind: TokenKind) -> Bool {
            kind == .leftParen || kind == .leftSquare || kind == .comma
        }
        let previous = tokens[index - 1].kind
        let next = tokens[index + 1].kind
        if opensElement(previous) {
            if next == .colon { return true }
            if isName(next) && index + 2 < tokens.count && tokens[index + 2].kind == .colon { return true }
            return false
        }
        if isName(previous) && index >= 2 && opensElement(tokens[index - 2].kind) && next == .colon {
            return true
        }
        // `@ViewBuilder _ operator: () -> T`: a second name after `_`.
        if previous == .keyword && text(tokens[index - 1], base, is: "_") && next == .colon {
            return true
        }
        // `@ViewBuilder else elseContent: () -> T`: the first name after an attribute.
        if previous == .identifier && index >= 2 && tokens[index - 2].kind == .atSign {
            if next == .colon { return true }
            return isName(next) && index + 2 < tokens.count && tokens[index + 2].kind == .colon
        }
        return false
    }

    /// `(` of `@available`, `@backDeployed`, `@_originallyDefinedIn`, `@_specialize`,
    /// `#available`, `#unavailable`.
    static func isAvailabilityList(
        _ tokens: UnsafeMutableBufferPointer<Token>, _ open: Int, _ base: UnsafePointer<UInt8>
    ) -> Bool {
        guard open >= 1 else { return false }
        let previous = tokens[open - 1]
        if previous.kind == .poundKeyword {
            return text(previous, base, is: "#available") || text(previous, base, is: "#unavailable")
        }
        guard open >= 2, previous.kind == .identifier, tokens[open - 2].kind == .atSign else { return false }
        return text(previous, base, is: "available") || text(previous, base, is: "backDeployed")
            || text(previous, base, is: "_originallyDefinedIn") || text(previous, base, is: "_specialize")
    }

    /// A version in an availability list, `macOS 12.0` or `introduced: 12.0`, which
    /// the lexer takes for a float literal: swift-syntax's parser splits it into
    /// `12`, `.`, `0` (when the part before the dot is all digits).
    static func versionPieces(
        _ tokens: UnsafeMutableBufferPointer<Token>, _ index: Int, _ base: UnsafePointer<UInt8>
    ) -> [Token]? {
        guard index >= 1 else { return nil }
        let previous = tokens[index - 1]
        var isVersion = previous.kind == .identifier
        if previous.kind == .colon && index >= 2 {
            let label = tokens[index - 2]
            isVersion =
                label.kind == .identifier
                && (text(label, base, is: "introduced") || text(label, base, is: "obsoleted")
                    || text(label, base, is: "deprecated"))
        }
        guard isVersion else { return nil }
        let token = tokens[index]
        let start = Int(token.start)
        let end = Int(token.end)
        var dot = start
        while dot < end && base[dot].isDecimalDigit { dot += 1 }
        guard dot > start, dot + 1 < end, base[dot] == UInt8(ascii: ".") else { return nil }
        var restIsFloat = false
        for offset in (dot + 1)..<end where base[offset] == UInt8(ascii: "e") || base[offset] == UInt8(ascii: "E") {
            restIsFloat = true
        }
        return [
            Token(kind: .integerLiteral, flags: token.flags.subtracting(.trailingSpace), start: start, end: dot),
            Token(kind: .period, start: dot, end: dot + 1),
            Token(
                kind: restIsFloat ? .floatLiteral : .integerLiteral, flags: token.flags.intersection(.trailingSpace),
                start: dot + 1, end: end),
        ]
    }

    /// `\.?.x`: swift-syntax's parser splits an operator made of `.`, `?` and `!` that
    /// starts a key path into `.`, `?`, `!` components (`getNumOptionalKeyPathPostfixComponents`);
    /// the rest is lexed again.
    static func keyPathPostfixPieces(_ token: Token, base: UnsafePointer<UInt8>, count: Int) -> [Token]? {
        let start = Int(token.start)
        let end = Int(token.end)
        var components = 0
        var lastWasDot = false
        var mayBeAfterTypeName = true
        var scan = start
        while scan < end {
            let byte = base[scan]
            if byte == UInt8(ascii: ".") {
                if !mayBeAfterTypeName { break }
                if lastWasDot { return nil }
                lastWasDot = true
            } else if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!") {
                mayBeAfterTypeName = false
                lastWasDot = false
                components += 1
            } else {
                return nil
            }
            scan += 1
        }
        guard components > 0 else { return nil }
        var pieces: [Token] = []
        var position = start
        for _ in 0..<components {
            if base[position] == UInt8(ascii: ".") {
                pieces.append(Token(kind: .period, start: position, end: position + 1))
                position += 1
            }
            let kind: TokenKind = base[position] == UInt8(ascii: "!") ? .exclamationMark : .postfixQuestionMark
            pieces.append(Token(kind: kind, start: position, end: position + 1))
            position += 1
        }
        if position < end {
            let rightBound = Binding.isRightBound(base, count, end, leftBound: true)
            let kind: TokenKind =
                end - position == 1 && base[position] == UInt8(ascii: ".")
                ? .period : (rightBound ? .binaryOperator : .postfixOperator)
            pieces.append(Token(kind: kind, start: position, end: end))
        }
        pieces[0].flags = token.flags.subtracting(.trailingSpace)
        pieces[pieces.count - 1].flags.formUnion(token.flags.intersection(.trailingSpace))
        return pieces
    }

    /// `} else: {`: the label of an additional trailing closure (not `default`, which
    /// swift-syntax leaves to switch cases).
    static func isTrailingClosureLabel(
        _ tokens: UnsafeMutableBufferPointer<Token>, _ index: Int, _ base: UnsafePointer<UInt8>
    ) -> Bool {
        guard index >= 1, index + 2 < tokens.count, tokens[index - 1].kind == .rightBrace,
            tokens[index + 1].kind == .colon, tokens[index + 2].kind == .leftBrace
        else { return false }
        let token = tokens[index]
        return !(text(token, base, is: "default") || text(token, base, is: "inout") || text(token, base, is: "_"))
    }

    /// `@attached(extension, ...)`: a macro role.
    static func isMacroRole(_ tokens: UnsafeMutableBufferPointer<Token>, _ index: Int, _ base: UnsafePointer<UInt8>)
        -> Bool
    {
        guard index >= 3, tokens[index - 1].kind == .leftParen, tokens[index - 2].kind == .identifier,
            tokens[index - 3].kind == .atSign
        else { return false }
        return text(tokens[index - 2], base, is: "attached") && text(tokens[index], base, is: "extension")
    }

    /// `(` starting `label:label:...)`.
    static func isCompoundName(_ tokens: UnsafeMutableBufferPointer<Token>, _ open: Int) -> Bool {
        var index = open + 1
        var pairs = 0
        while index + 1 < tokens.count && pairs < 64 {
            guard isName(tokens[index].kind), tokens[index + 1].kind == .colon else { return false }
            index += 2
            pairs += 1
            if index < tokens.count && tokens[index].kind == .rightParen { return true }
        }
        return false
    }

    /// `[` right after an expression, on the same line: a subscript (whose arguments
    /// take labels), not a collection literal.
    static func isSubscript(_ tokens: UnsafeMutableBufferPointer<Token>, _ open: Int, _ base: UnsafePointer<UInt8>)
        -> Bool
    {
        guard open > 0, !tokens[open].flags.contains(.atStartOfLine) else { return false }
        let previous = tokens[open - 1]
        switch previous.kind {
        case .identifier, .dollarIdentifier, .rightParen, .rightSquare, .postfixQuestionMark, .exclamationMark,
            .rightAngle, .stringQuote, .multilineStringQuote, .rawStringDelimiter:
            return true
        case .period:
            return true  // `\.[key, default: 0]`, a key path subscript
        case .keyword:
            return text(previous, base, is: "self") || text(previous, base, is: "Self") || text(previous, base, is: "super")
        default:
            return false
        }
    }

    // MARK: Splitting

    /// Splits operators at the generic `>`s found in them. The rest of an operator is
    /// classified as swift-syntax's lexer classifies it when it lexes it again after the
    /// split: `?`/`!` bind to the `>` (postfix), anything else is an operator bound on
    /// its left.
    static func splitAngles(
        _ tokens: UnsafeMutableBufferPointer<Token>, _ splits: [(index: Int, offset: Int)],
        base: UnsafePointer<UInt8>, count: Int
    ) -> [(Int, [Token])] {
        guard !splits.isEmpty else { return [] }
        let sorted = splits.sorted { ($0.index, $0.offset) < ($1.index, $1.offset) }
        var result: [(Int, [Token])] = []
        var next = 0
        while next < sorted.count {
            let index = sorted[next].index
            let token = tokens[index]
            var marks: [Int] = []
            while next < sorted.count && sorted[next].index == index {
                marks.append(Int(token.start) + sorted[next].offset)
                next += 1
            }
            result.append((index, pieces(of: token, rightAnglesAt: marks, base: base, count: count)))
        }
        return result
    }

    static func pieces(of token: Token, rightAnglesAt marks: [Int], base: UnsafePointer<UInt8>, count: Int)
        -> [Token]
    {
        var pieces: [Token] = []
        let end = Int(token.end)
        var position = Int(token.start)
        while position < end {
            var piece = Token(kind: .rightAngle, start: position, end: position + 1)
            if !marks.contains(position) {
                piece = GenericScanner.remainder(start: position, end: end, base: base, count: count)
            }
            piece.flags = pieces.isEmpty ? token.flags.subtracting(.trailingSpace) : []
            position = Int(piece.end)
            if position == end && token.flags.contains(.trailingSpace) { piece.flags.insert(.trailingSpace) }
            pieces.append(piece)
        }
        return pieces
    }
}

/// The lookahead that decides whether `<` opens a generic list. It walks tokens like
/// swift-syntax's `canParseType`, where an operator starting with `>` may be split: the
/// cursor is a token index plus a byte offset into it.
struct GenericScanner {
    let tokens: UnsafeBufferPointer<Token>
    let base: UnsafePointer<UInt8>
    let count: Int

    /// Token indices of `<` that open generic lists.
    var leftAngles: [Int] = []
    /// Closing `>`s: token index and byte offset in the token.
    var rightAngles: [(Int, Int)] = []
    /// `func ??<T>`: operator names that end with the `<` of a generic parameter clause.
    var operatorNamesBeforeAngle: [Int] = []

    // Lookahead state.
    var index = 0
    var offset = 0
    var budget = 0
    var depth = 0
    var pendingLeft: [Int] = []
    var pendingRight: [(Int, Int)] = []
    /// Tokens already found to open a generic list (nested in an earlier one).
    var isLeftAngle: Set<Int> = []

    init(tokens: UnsafeBufferPointer<Token>, base: UnsafePointer<UInt8>, count: Int) {
        self.tokens = tokens
        self.base = base
        self.count = count
        self.budget = Self.lookaheadBudget
    }

    /// Token steps one `<` may look ahead (generic lists are short), and all of them
    /// together (a bound that keeps the pass linear on adversarial input).
    static let lookaheadBudget = 512
    static let maximumDepth = 32
    var totalBudget = 0

    // MARK: Driving

    mutating func findAngles(candidates: [Int32]) {
        totalBudget = 32 * tokens.count + 4096
        for candidateIndex in candidates {
            guard totalBudget > 0 else { break }
            let candidate = Int(candidateIndex)
            guard candidate > 0, candidate < tokens.count else { continue }
            let token = tokens[candidate]
            guard isOperator(token.kind), !isLeftAngle.contains(candidate) else { continue }
            let length = Int(token.end - token.start)
            guard base[Int(token.end) - 1] == UInt8(ascii: "<") else { continue }
            if length > 1 {
                // `func ??<T>(...)`: swift-syntax splits the `<` off the operator's name.
                guard tokens[candidate - 1].kind == .keyword, text(candidate - 1, is: "func"),
                    candidate + 1 < tokens.count,
                    tokens[candidate + 1].kind == .identifier
                        || (tokens[candidate + 1].kind == .keyword && text(candidate + 1, is: "let"))
                else { continue }
                operatorNamesBeforeAngle.append(candidate)
                reset(at: candidate + 1)
                if scanGenericParameters(afterOpeningAngle: true) { commit() }
                continue
            }
            if isGenericParameterClause(candidate) {
                reset(at: candidate)
                if scanGenericParameters(afterOpeningAngle: false) {
                    commit()
                } else {
                    leftAngles.append(candidate)
                    isLeftAngle.insert(candidate)
                }
                continue
            }
            guard isTypeName(candidate - 1) else { continue }
            reset(at: candidate)
            guard consumeGenericArguments() else { continue }
            let position = typePosition(candidate)
            if position == .strong || isDisambiguating() || (position == .weak && isAcceptableAfterType()) {
                commit()
            }
        }
    }

    mutating func reset(at start: Int) {
        totalBudget -= Self.lookaheadBudget - budget
        index = start
        offset = 0
        budget = Self.lookaheadBudget
        depth = 0
        pendingLeft.removeAll(keepingCapacity: true)
        pendingRight.removeAll(keepingCapacity: true)
    }

    mutating func commit() {
        leftAngles.append(contentsOf: pendingLeft)
        rightAngles.append(contentsOf: pendingRight)
        for left in pendingLeft { isLeftAngle.insert(left) }
    }

    // MARK: Token helpers

    @inline(__always) func isOperator(_ kind: TokenKind) -> Bool {
        kind == .binaryOperator || kind == .prefixOperator || kind == .postfixOperator
    }

    @inline(__always) func text(_ index: Int, is string: StaticString) -> Bool {
        PostPass.text(tokens[index], base, is: string)
    }

    /// The kind of the rest of an operator after a split at `start` (after a `>`).
    static func remainder(start: Int, end: Int, base: UnsafePointer<UInt8>, count: Int) -> Token {
        let first = base[start]
        if first == UInt8(ascii: "?") { return Token(kind: .postfixQuestionMark, start: start, end: start + 1) }
        if first == UInt8(ascii: "!") { return Token(kind: .exclamationMark, start: start, end: start + 1) }
        let rightBound = Binding.isRightBound(base, count, end, leftBound: true)
        let length = end - start
        var kind: TokenKind = rightBound ? .binaryOperator : .postfixOperator
        if length == 1 && first == UInt8(ascii: "=") {
            kind = .equal
        } else if length == 2 && first == UInt8(ascii: "-") && base[start + 1] == UInt8(ascii: ">") {
            kind = .arrow
        }
        return Token(kind: kind, start: start, end: end)
    }

    /// The token at the cursor (a rest of an operator after a split, or a whole token).
    var current: Token? {
        guard index < tokens.count else { return nil }
        let token = tokens[index]
        if offset == 0 { return token }
        return Self.remainder(start: Int(token.start) + offset, end: Int(token.end), base: base, count: count)
    }

    var currentKind: TokenKind? { current?.kind }

    var currentIsAtStartOfLine: Bool {
        offset == 0 && index < tokens.count && tokens[index].flags.contains(.atStartOfLine)
    }

    func currentText(is string: StaticString) -> Bool {
        guard let token = current else { return false }
        return PostPass.text(token, base, is: string)
    }

    mutating func advance() {
        guard index < tokens.count else { return }
        budget -= 1
        if offset == 0 {
            index += 1
            return
        }
        let token = tokens[index]
        let pieceEnd = Int(current!.end)
        if pieceEnd >= Int(token.end) {
            index += 1
            offset = 0
        } else {
            offset = pieceEnd - Int(token.start)
        }
    }

    @inline(__always) mutating func consume(_ kind: TokenKind) -> Bool {
        if currentKind == kind {
            advance()
            return true
        }
        return false
    }

    var atRightAngle: Bool {
        guard let token = current, isOperator(token.kind) || token.kind == .equal else { return false }
        return base[Int(token.start)] == UInt8(ascii: ">")
    }

    mutating func consumeRightAngle() -> Bool {
        guard atRightAngle else { return false }
        let token = tokens[index]
        pendingRight.append((index, offset))
        budget -= 1
        if Int(token.start) + offset + 1 >= Int(token.end) {
            index += 1
            offset = 0
        } else {
            offset += 1
        }
        return true
    }

    var atLeftAngle: Bool {
        guard offset == 0, let token = current, isOperator(token.kind) else { return false }
        return token.end - token.start == 1 && base[Int(token.start)] == UInt8(ascii: "<")
    }

    // MARK: Contexts

    /// `struct Name<`, `func name<`, `init<`, `subscript<`...: a generic parameter clause.
    func isGenericParameterClause(_ angle: Int) -> Bool {
        let previous = tokens[angle - 1]
        if previous.kind == .keyword && (text(angle - 1, is: "init") || text(angle - 1, is: "subscript")) {
            return angle < 2 || tokens[angle - 2].kind != .period
        }
        if (previous.kind == .postfixQuestionMark || previous.kind == .exclamationMark) && angle >= 2
            && tokens[angle - 2].kind == .keyword && text(angle - 2, is: "init")
        {
            return true
        }
        if isOperator(previous.kind) && angle >= 2 && tokens[angle - 2].kind == .keyword && text(angle - 2, is: "func") {
            return true  // `func && <T>(...)`
        }
        guard previous.kind == .identifier, angle >= 2 else { return false }
        let introducer = angle - 2
        switch tokens[introducer].kind {
        case .keyword:
            return text(introducer, is: "func") || text(introducer, is: "struct") || text(introducer, is: "class")
                || text(introducer, is: "enum") || text(introducer, is: "protocol")
                || text(introducer, is: "typealias")
        case .identifier:
            return text(introducer, is: "actor") || text(introducer, is: "macro")
        default:
            return false
        }
    }

    /// A name that generic arguments can follow.
    func isTypeName(_ index: Int) -> Bool {
        let token = tokens[index]
        switch token.kind {
        case .identifier:
            return true
        case .keyword:
            if text(index, is: "Self") || text(index, is: "Any") || text(index, is: "init") { return true }
            // A reserved word used as a member name (`.default`).
            return index > 0 && tokens[index - 1].kind == .period
        default:
            return false
        }
    }

    enum TypePosition {
        case none
        /// After `:`: a type annotation, but maybe an argument label or a ternary.
        case weak
        /// After `->`, `as`, `is`, `some`, `@`, ...: swift-syntax parses a type here and
        /// needs no disambiguation.
        case strong
    }

    /// Whether the name before `<` (with its qualifiers) stands where a type is expected.
    func typePosition(_ angle: Int) -> TypePosition {
        // Back to the start of the qualified name, `A.B<C>.D<`.
        var start = angle - 1
        var steps = 0
        while start >= 2 && tokens[start - 1].kind == .period && steps < 16 {
            steps += 1
            if isTypeName(start - 2) {
                start -= 2
            } else if let open = openingAngle(closedBy: start - 2), open >= 1, isTypeName(open - 1) {
                start = open - 1
            } else {
                break
            }
        }
        guard start > 0 else { return .none }
        let introducer = start - 1
        let token = tokens[introducer]
        switch token.kind {
        case .colon:
            return .weak
        case .arrow, .atSign:
            return .strong
        case .keyword:
            let strong =
                text(introducer, is: "as") || text(introducer, is: "is") || text(introducer, is: "extension")
                || text(introducer, is: "inout") || text(introducer, is: "throws")
            return strong ? .strong : .none
        case .identifier:
            let strong =
                text(introducer, is: "some") || text(introducer, is: "any") || text(introducer, is: "each")
                || text(introducer, is: "borrowing") || text(introducer, is: "consuming")
                || text(introducer, is: "sending") || text(introducer, is: "isolated")
            return strong ? .strong : .none
        case .postfixQuestionMark, .exclamationMark:
            let afterAs = introducer > 0 && tokens[introducer - 1].kind == .keyword && text(introducer - 1, is: "as")
            return afterAs ? .strong : .none
        case .binaryOperator:
            return text(introducer, is: "&") ? .strong : (text(introducer, is: "==") ? .weak : .none)
        case .leftParen, .comma:
            // An element of a tuple or function type: `x: (A<B>...) -> C`.
            return isTupleTypeElement(introducer) ? .weak : .none
        case .equal:
            // `typealias Name<T> = A<B>`, `associatedtype Name = A<B>`
            var back = introducer - 1
            while back >= 0 && introducer - back <= 64 {
                let token = tokens[back]
                if token.kind == .keyword {
                    if text(back, is: "typealias") || text(back, is: "associatedtype") { return .strong }
                    return .none
                }
                switch token.kind {
                case .leftBrace, .rightBrace, .semicolon, .equal, .leftParen, .rightParen:
                    return .none
                default:
                    break
                }
                if token.flags.contains(.atStartOfLine) { return .none }
                back -= 1
            }
            return .none
        default:
            return .none
        }
    }

    /// Whether `(` (or a `,` directly inside it) opens a tuple or function type: the `(`
    /// follows `:` or `->`.
    func isTupleTypeElement(_ introducer: Int) -> Bool {
        var open = introducer
        if tokens[introducer].kind == .comma {
            var depth = 0
            var index = introducer - 1
            while true {
                guard index >= 0, introducer - index <= 64 else { return false }
                switch tokens[index].kind {
                case .rightParen, .rightSquare, .rightBrace: depth += 1
                case .leftSquare, .leftBrace:
                    if depth == 0 { return false }
                    depth -= 1
                case .leftParen:
                    if depth == 0 { open = index }
                    depth -= 1
                default: break
                }
                if open != introducer { break }
                index -= 1
            }
        }
        guard open >= 1 else { return false }
        let before = tokens[open - 1].kind
        return before == .colon || before == .arrow
    }

    /// The `<` matching an operator made of `>`s (`>`, `>>`) that closes a generic list,
    /// found by counting angle brackets backwards (a few tokens at most).
    func openingAngle(closedBy close: Int) -> Int? {
        @inline(__always) func closingCount(_ index: Int) -> Int {
            let token = tokens[index]
            guard isOperator(token.kind) else { return 0 }
            var offset = Int(token.start)
            while offset < Int(token.end) {
                if base[offset] != UInt8(ascii: ">") { return 0 }
                offset += 1
            }
            return Int(token.end - token.start)
        }
        var depth = closingCount(close)
        guard depth > 0 else { return nil }
        var index = close - 1
        while index >= 0 && close - index <= 64 {
            let token = tokens[index]
            switch token.kind {
            case .leftBrace, .rightBrace, .semicolon:
                return nil
            default:
                break
            }
            if isOperator(token.kind) && token.end - token.start == 1 && base[Int(token.start)] == UInt8(ascii: "<") {
                depth -= 1
                if depth == 0 { return index }
            } else {
                depth += closingCount(index)
            }
            index -= 1
        }
        return nil
    }

    /// swift-syntax's `isGenericTypeDisambiguatingToken`, for the token after `>`.
    func isDisambiguating() -> Bool {
        guard let token = current else { return true }
        switch token.kind {
        case .rightParen, .rightSquare, .leftBrace, .rightBrace, .period, .comma, .semicolon, .exclamationMark,
            .postfixQuestionMark, .colon:
            return true
        case .binaryOperator:
            return PostPass.text(token, base, is: "&")
        case .leftParen, .leftSquare:
            return !currentIsAtStartOfLine
        default:
            return false
        }
    }

    /// In a type position, what may follow a type besides the disambiguating tokens.
    func isAcceptableAfterType() -> Bool {
        guard let token = current else { return true }
        if currentIsAtStartOfLine { return true }
        switch token.kind {
        case .equal, .arrow:
            return true
        case .keyword:
            return PostPass.text(token, base, is: "where") || PostPass.text(token, base, is: "throws")
                || PostPass.text(token, base, is: "rethrows") || PostPass.text(token, base, is: "in")
        case .identifier:
            return PostPass.text(token, base, is: "async")
        case .binaryOperator, .postfixOperator:
            return PostPass.text(token, base, is: "...") || PostPass.text(token, base, is: "==")
        default:
            return false
        }
    }

    // MARK: Lookahead (after swift-syntax's `canParseType` and friends)

    var exhausted: Bool { budget <= 0 || depth > Self.maximumDepth }

    mutating func scanGenericParameters(afterOpeningAngle: Bool) -> Bool {
        if !afterOpeningAngle {
            guard atLeftAngle else { return false }
            pendingLeft.append(index)
            advance()
        }
        if atRightAngle { return consumeRightAngle() }
        while !exhausted {
            skipAttributes()
            if currentKind == .identifier && currentText(is: "each") { advance() }
            if currentKind == .keyword && currentText(is: "let") { advance() }
            guard consume(.identifier) else { return false }
            if consume(.colon) {
                guard canParseType() else { return false }
            }
            if !consume(.comma) { break }
            if atRightAngle { break }
        }
        return consumeRightAngle()
    }

    mutating func consumeGenericArguments() -> Bool {
        guard atLeftAngle else { return false }
        pendingLeft.append(index)
        advance()
        if !atRightAngle {
            repeat {
                guard !exhausted, canParseGenericArgument() else { return false }
            } while consume(.comma) && !atRightAngle
        }
        return consumeRightAngle()
    }

    mutating func canParseGenericArgument() -> Bool {
        canParseType() || canParseIntegerLiteral()
    }

    mutating func canParseIntegerLiteral() -> Bool {
        if currentKind == .prefixOperator && currentText(is: "-") && index + 1 < tokens.count
            && tokens[index + 1].kind == .integerLiteral && offset == 0
        {
            advance()
            advance()
            return true
        }
        return consume(.integerLiteral)
    }

    mutating func canParseType() -> Bool {
        guard !exhausted else { return false }
        depth += 1
        defer { depth -= 1 }
        if currentKind == .keyword && currentText(is: "repeat") { advance() }
        guard canParseTypeScalar() else { return false }
        if let kind = currentKind, isOperator(kind), currentText(is: "...") { advance() }
        return true
    }

    mutating func skipAttributes() {
        while currentKind == .atSign && !exhausted {
            advance()
            if currentKind == .identifier || currentKind == .keyword { advance() }
            // Arguments follow the name directly (`@Sendable ()` is a function type).
            if currentKind == .leftParen && offset == 0 && !tokens[index].flags.contains(.leadingSpace) {
                skipBalanced()
            }
        }
    }

    /// Skips a parenthesized group.
    mutating func skipBalanced() {
        var nesting = 0
        while let kind = currentKind, !exhausted {
            switch kind {
            case .leftParen, .leftSquare, .leftBrace: nesting += 1
            case .rightParen, .rightSquare, .rightBrace: nesting -= 1
            default: break
            }
            advance()
            if nesting <= 0 { return }
        }
    }

    mutating func canParseTypeScalar() -> Bool {
        // Specifiers and attributes.
        while let token = current, !exhausted {
            if token.kind == .keyword && currentText(is: "inout") {
                advance()
            } else if token.kind == .identifier
                && (currentText(is: "borrowing") || currentText(is: "consuming") || currentText(is: "sending")
                    || currentText(is: "isolated") || currentText(is: "__owned") || currentText(is: "__shared")
                    || currentText(is: "_const"))
            {
                advance()
            } else {
                break
            }
        }
        skipAttributes()
        guard canParseSimpleOrCompositionType() else { return false }
        if canParseFunctionTypeArrow() { return canParseType() }
        return true
    }

    mutating func canParseSimpleOrCompositionType() -> Bool {
        if currentKind == .identifier && (currentText(is: "some") || currentText(is: "any") || currentText(is: "each")) {
            advance()
        }
        guard canParseSimpleType() else { return false }
        while let token = current, isOperator(token.kind) || token.kind == .prefixAmpersand, currentText(is: "&"),
            !exhausted
        {
            advance()
            guard canParseSimpleType() else { return false }
        }
        return true
    }

    mutating func canParseSimpleType() -> Bool {
        guard let token = current else { return false }
        switch token.kind {
        case .keyword where currentText(is: "Any"):
            advance()
        case .prefixOperator where currentText(is: "~"):
            advance()
            guard canParseTypeIdentifier(allowKeyword: false) else { return false }
        case .keyword where currentText(is: "Self"), .identifier:
            guard canParseTypeIdentifier(allowKeyword: false) else { return false }
        case .leftParen:
            advance()
            guard canParseTupleBody() else { return false }
        case .leftSquare:
            advance()
            guard canParseCollectionBody() else { return false }
        case .keyword where currentText(is: "_"):
            advance()
        case .keyword where currentText(is: "repeat"):
            return true
        default:
            return false
        }
        while !exhausted {
            if currentKind == .period {
                advance()
                if currentKind == .identifier && (currentText(is: "Type") || currentText(is: "Protocol")) {
                    advance()
                    continue
                }
                if canParseTypeIdentifier(allowKeyword: true) { continue }
                return false
            }
            if (currentKind == .postfixQuestionMark || currentKind == .exclamationMark) && !currentIsAtStartOfLine {
                advance()
                continue
            }
            break
        }
        return true
    }

    mutating func canParseTypeIdentifier(allowKeyword: Bool) -> Bool {
        guard let token = current else { return false }
        // A module selector, `Module::Name`.
        if token.kind == .identifier, offset == 0, index + 1 < tokens.count, tokens[index + 1].kind == .colonColon {
            advance()
            advance()
        }
        guard let token = current else { return false }
        if token.kind == .keyword && currentText(is: "Any") {
            advance()
            return true
        }
        let isName =
            token.kind == .identifier || (token.kind == .keyword && currentText(is: "Self"))
            || (allowKeyword && token.kind == .keyword && !currentText(is: "_"))
        guard isName else { return false }
        advance()
        if atLeftAngle && !consumeGenericArguments() { return false }
        return true
    }

    mutating func canParseCollectionBody() -> Bool {
        // `[N of T]` (InlineArray sugar).
        let saved = (index, offset, pendingLeft.count, pendingRight.count)
        if (canParseTypeScalar() || canParseIntegerLiteral()), currentKind == .identifier, currentText(is: "of"),
            !currentIsAtStartOfLine
        {
            advance()
            if canParseGenericArgument() && consume(.rightSquare) { return true }
        }
        index = saved.0
        offset = saved.1
        pendingLeft.removeLast(pendingLeft.count - saved.2)
        pendingRight.removeLast(pendingRight.count - saved.3)

        guard canParseType() else { return false }
        if consume(.colon) {
            guard canParseType() else { return false }
        }
        return consume(.rightSquare)
    }

    /// `label:` or `label name:` at the cursor.
    func startsParameterName() -> Bool {
        guard offset == 0, index + 1 < tokens.count else { return false }
        let first = tokens[index].kind
        guard first == .identifier || first == .keyword else { return false }
        let next = tokens[index + 1].kind
        if next == .colon { return true }
        if (next == .identifier || next == .keyword) && index + 2 < tokens.count && tokens[index + 2].kind == .colon {
            return true
        }
        return false
    }

    mutating func canParseTupleBody() -> Bool {
        if currentKind == .rightParen || currentKind == .rightBrace
            || (currentKind.map(isOperator) == true && currentText(is: "..."))
        {
            return consume(.rightParen)
        }
        repeat {
            guard !exhausted else { return false }
            if currentKind == .keyword && currentText(is: "inout") { advance() }
            if startsParameterName() {
                advance()
                if currentKind == .identifier || currentKind == .keyword { advance() }
                guard consume(.colon), canParseType() else { return false }
                if consume(.equal) {
                    while let kind = currentKind, kind != .rightParen, kind != .rightBrace, kind != .comma,
                        !exhausted
                    {
                        if kind == .leftParen || kind == .leftSquare || kind == .leftBrace {
                            skipBalanced()
                        } else {
                            advance()
                        }
                    }
                }
                continue
            }
            guard canParseType() else { return false }
            if let kind = currentKind, isOperator(kind), currentText(is: "...") { advance() }
        } while consume(.comma) && currentKind != .rightParen
        return consume(.rightParen)
    }

    mutating func canParseFunctionTypeArrow() -> Bool {
        if consume(.arrow) { return true }
        guard let token = current else { return false }
        let isEffect =
            (token.kind == .identifier && (currentText(is: "async") || currentText(is: "reasync") || currentText(is: "await")))
            || (token.kind == .keyword && (currentText(is: "throws") || currentText(is: "rethrows") || currentText(is: "try")))
        guard isEffect else { return false }
        let saved = (index, offset, pendingLeft.count, pendingRight.count)
        while let token = current, !exhausted {
            if token.kind == .identifier && (currentText(is: "async") || currentText(is: "reasync") || currentText(is: "await")) {
                advance()
            } else if token.kind == .keyword && (currentText(is: "throws") || currentText(is: "rethrows") || currentText(is: "try")) {
                advance()
                if currentKind == .leftParen && !currentIsAtStartOfLine { skipBalanced() }
            } else {
                break
            }
        }
        if consume(.arrow) { return true }
        index = saved.0
        offset = saved.1
        pendingLeft.removeLast(pendingLeft.count - saved.2)
        pendingRight.removeLast(pendingRight.count - saved.3)
        return false
    }
}
