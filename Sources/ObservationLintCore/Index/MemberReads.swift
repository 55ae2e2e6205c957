import Foundation
import ObservationSyntax

/// Collects, once for the whole project, every name that some code reads as a member or a
/// variable: `x.name`, `self.name`, a bare `name` inside a type (unless a parameter or a
/// local declared earlier hides it), `$name` and `x.$name`, `_name`, key paths `\.name` and
/// `\Type.name`, and code in string interpolations. Writes are not reads: `x.name = v`,
/// `name += 1`, and a statement that only calls a mutating method (`items.append(x)`).
/// Declarations, argument labels and parameter names are not reads either.
///
/// The set is names only, across all types: a name read on any type counts as read
/// everywhere, the cautious choice for rules that report what nothing reads.
enum MemberReadCollector {
    /// The names read anywhere; with `only`, just those of its names that are read (the
    /// pass then skips every other name, which makes it several times cheaper).
    static func collect(_ files: [ParsedFile], jobs: Int, only interest: NameTable? = nil) -> Set<String> {
        // Every name the pass reads is one of `interest`'s: none of no names.
        if let interest, interest.isEmpty { return [] }
        let perFile = parallelMap(files, jobs: jobs) { readNames(in: $0, only: interest) }
        var result = Set<String>()
        for names in perFile { result.formUnion(names) }
        return result
    }

    /// Methods that change the value they are called on and return nothing worth reading;
    /// a statement that only calls one of them writes its receiver.
    private static let writingMethods: Set<String> = [
        "append", "insert", "removeAll", "toggle", "sort", "reverse", "shuffle", "merge", "formUnion",
        "formIntersection", "subtract", "formSymmetricDifference", "replaceSubrange", "swapAt", "move",
    ]

    private static let writingMethodTable = NameTable(writingMethods)

    /// The names a file reads.
    static func readNames(in file: ParsedFile, only interest: NameTable? = nil) -> Set<String> {
        file.source.bytes.withUnsafeBufferPointer { bytes in
            if let interest, !mayRead(interest, in: file, bytes: bytes) { return [] }
            var scanner = ReadScanner(file: file, bytes: bytes, interest: interest)
            scanner.run()
            return scanner.readNames
        }
    }

    /// Whether a name of `interest` occurs in the file at all (as `name`, `_name`, `$name`,
    /// or in a name with backticks or other than ASCII characters, which this does not look
    /// into): a file where none does reads none.
    private static func mayRead(_ interest: NameTable, in file: ParsedFile, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for token in file.tokens where token.kind == .identifier || token.kind == .dollarIdentifier {
            let start = Int(token.start)
            let end = Int(token.end)
            let first = bytes[start]
            if first == UInt8(ascii: "`") || first >= 0x80 { return true }
            if interest.position(of: start, end, in: bytes) != nil { return true }
            if (first == UInt8(ascii: "_") || first == UInt8(ascii: "$")) && end - start > 1,
                bytes[start + 1] >= 0x80 || interest.position(of: start + 1, end, in: bytes) != nil
            {
                return true
            }
        }
        return false
    }

    /// One pass over a file's tokens. Names are interned (`NameInterner`) rather than built
    /// as a `String` per token, and the locals in scope are kept per name, so that checking
    /// whether a local hides a name does not look through every enclosing scope. With an
    /// `interest` table, reads and declarations of other names are not followed: they
    /// cannot change whether one of its names is read.
    private struct ReadScanner {
        struct OpenScope {
            /// The brace that opened it, or -1 for the file.
            var brace: Int
            /// Whether `let`/`var` in it declare locals (not members of a type or globals).
            var declaresLocals: Bool
            /// The names it declares, each once (their entries in `locals` are the last ones).
            var names: [Int32] = []
        }

        let file: ParsedFile
        let tokens: [Token]
        let bytes: UnsafeBufferPointer<UInt8>
        let interest: NameTable?
        var interner = NameInterner(capacity: 256)
        var typeBodies = Set<Int>()
        /// Parameter names by the `{` of the body they belong to.
        var functionParameters: [Int: [Int32]] = [:]
        var isRead: [Bool] = []
        var scopes = [OpenScope(brace: -1, declaresLocals: false)]
        /// By name number: the open scopes that declare it (depth in `scopes`) with the line
        /// counter at which they do; -1 hides the name everywhere in the scope (parameters).
        var locals: [[(depth: Int, line: Int)]] = []
        var brackets: [(token: Int, kind: TokenKind)] = []
        var line = 0
        /// `if`/`while`/`for`/`guard` awaiting its block, at a bracket depth.
        var condition: (isGuard: Bool, depth: Int)?
        var pending: [Int32] = []
        var skipped: [Bool]

        init(file: ParsedFile, bytes: UnsafeBufferPointer<UInt8>, interest: NameTable?) {
            self.file = file
            self.tokens = file.tokens
            self.bytes = bytes
            self.interest = interest
            self.skipped = [Bool](repeating: false, count: file.tokens.count)
            let accessorParameters = ["newValue", "oldValue"].filter { isOfInterest($0) }.map { interner.number($0) }
            var pendingTypes = file.types
            addFunctions(file.functions)
            addAccessors(file.properties, parameters: accessorParameters)
            while let type = pendingTypes.popLast() {
                typeBodies.insert(type.members.lowerBound)
                addFunctions(type.functions)
                addAccessors(type.properties, parameters: accessorParameters)
                pendingTypes += type.nestedTypes
            }
        }

        private mutating func addFunctions(_ functions: [FunctionDecl]) {
            for function in functions {
                guard let body = function.body else { continue }
                let names = function.parameters.map(\.name).filter { isOfInterest($0) }
                functionParameters[body.lowerBound] = names.map { interner.number($0) }
            }
        }

        private mutating func addAccessors(_ properties: [Property], parameters: [Int32]) {
            for property in properties {
                for accessor in property.accessors {
                    guard let body = accessor.body, !accessor.isImplicitGetter else { continue }
                    functionParameters[body.lowerBound] = parameters
                }
            }
        }

        var readNames: Set<String> {
            var reads = Set<String>()
            for (name, read) in isRead.enumerated() where read { reads.insert(interner.names[name]) }
            return reads
        }

        private mutating func number(_ token: Int) -> Int32 {
            let token = tokens[token]
            return interner.number(bytes.baseAddress! + Int(token.start), Int(token.end - token.start))
        }

        private func isOfInterest(_ name: String) -> Bool {
            guard let interest else { return true }
            var name = name
            return name.withUTF8 { name in
                name.baseAddress.map { interest.position(of: 0, name.count, in: UnsafeBufferPointer(start: $0, count: name.count)) != nil }
                    ?? false
            }
        }

        /// The number of the name a token declares, when it is of interest.
        private mutating func declared(_ token: Int) -> Int32? {
            interest.admits(Int(tokens[token].start), Int(tokens[token].end), in: bytes) ? number(token) : nil
        }

        private mutating func markRead(_ name: Int32) {
            while isRead.count <= Int(name) { isRead.append(false) }
            isRead[Int(name)] = true
        }

        private func isHidden(_ name: Int32) -> Bool {
            guard Int(name) < locals.count else { return false }
            for entry in locals[Int(name)] where entry.line < line { return true }
            return false
        }

        /// Declares `name` in the innermost scope at `line`: when `overwrite`, replacing a
        /// declaration already there (parameters); otherwise only if there is none.
        private mutating func addLocal(_ name: Int32, line: Int, overwrite: Bool) {
            let depth = scopes.count - 1
            while locals.count <= Int(name) { locals.append([]) }
            if let last = locals[Int(name)].last, last.depth == depth {
                if overwrite { locals[Int(name)][locals[Int(name)].count - 1].line = line }
                return
            }
            locals[Int(name)].append((depth, line))
            scopes[depth].names.append(name)
        }

        private mutating func declare(_ names: [Int32]) {
            guard !names.isEmpty else { return }
            if let condition, condition.depth == brackets.count, !condition.isGuard {
                pending += names
            } else if scopes[scopes.count - 1].declaresLocals {
                for name in names { addLocal(name, line: line, overwrite: false) }
            }
        }

        private mutating func popScope() {
            let scope = scopes.removeLast()
            for name in scope.names { locals[Int(name)].removeLast() }
        }

        mutating func run() {
            var index = 0
            while index < tokens.count {
                let token = tokens[index]
                if token.isAtStartOfLine { line += 1 }
                switch token.kind {
                case .leftParen, .leftSquare, .leftAngle:
                    brackets.append((index, token.kind))
                case .leftBrace:
                    scopes.append(OpenScope(brace: index, declaresLocals: !typeBodies.contains(index)))
                    if let parameters = functionParameters[index] {
                        for name in parameters { addLocal(name, line: -1, overwrite: true) }
                    } else if let nameTokens = closureParameters(after: index, in: file) {
                        for nameToken in nameTokens {
                            if let name = declared(nameToken) { addLocal(name, line: -1, overwrite: true) }
                            skipped[nameToken] = true
                        }
                    }
                    // The block of a condition: `if let x`, `for x in` bind in it.
                    if let current = condition, current.depth == brackets.count {
                        if !current.isGuard {
                            for name in pending { addLocal(name, line: -1, overwrite: true) }
                        }
                        condition = nil
                        pending = []
                    }
                    brackets.append((index, .leftBrace))
                case .rightParen, .rightSquare, .rightAngle, .rightBrace:
                    let opener = Int(file.partner[index])
                    if opener >= 0, let position = brackets.lastIndex(where: { $0.token == opener }) {
                        brackets.removeSubrange(position...)
                        while scopes.count > 1, scopes[scopes.count - 1].brace >= opener { popScope() }
                        if let current = condition, current.depth > brackets.count {
                            condition = nil
                            pending = []
                        }
                    }
                case .keyword:
                    if file.kind(index - 1) != .period { keyword(at: index) }
                case .identifier:
                    if !skipped[index], let name = readName(at: index),
                        isReadName(at: index, in: file, brackets: brackets, bytes: bytes)
                    {
                        if file.kind(index - 1) == .period || !isHidden(name) { markRead(name) }
                    }
                case .dollarIdentifier:
                    let start = Int(token.start)
                    let length = Int(token.end) - start
                    if length > 1, bytes[start + 1] < 0x80 {
                        // `$name` reads `name`; `$0` reads nothing.
                        if !(bytes[start + 1] >= UInt8(ascii: "0") && bytes[start + 1] <= UInt8(ascii: "9")),
                            interest.admits(start + 1, start + length, in: bytes)
                        {
                            markRead(interner.number(bytes.baseAddress! + start + 1, length - 1))
                        }
                    } else if length > 1 {
                        let text = file.text(index)
                        if text.count > 1, let first = text.dropFirst().first, !first.isNumber, isOfInterest(String(text.dropFirst())) {
                            markRead(interner.number(String(text.dropFirst())))
                        }
                    }
                default:
                    break
                }
                index += 1
            }
        }

        private enum Keyword { case `if`, `while`, `guard`, `for`, `let`, `var`, other }

        /// The keyword a token spells, among those the pass follows. Static (and the interest
        /// is asked through `admits`): a mutating method that calls a non-mutating one of the
        /// scanner copies the scanner for the call, and this is asked of every keyword.
        private static func keyword(_ token: Token, in bytes: UnsafeBufferPointer<UInt8>) -> Keyword {
            let start = Int(token.start)
            func spells(_ word: StaticString) -> Bool { memcmp(bytes.baseAddress! + start, word.utf8Start, word.utf8CodeUnitCount) == 0 }
            switch Int(token.end) - start {
            case 2: return spells("if") ? .if : .other
            case 3: return spells("for") ? .for : spells("let") ? .let : spells("var") ? .var : .other
            case 5: return spells("while") ? .while : spells("guard") ? .guard : .other
            default: return .other
            }
        }

        private mutating func keyword(at index: Int) {
            let keyword = Self.keyword(tokens[index], in: bytes)
            switch keyword {
            case .other:
                return
            case .if, .while, .guard, .for:
                condition = (keyword == .guard, brackets.count)
                if keyword == .for {
                    // `for x in`, `for (a, b) in`, `for case let x in`: the loop's names.
                    var probe = index + 1
                    if file.at(probe, "case") { probe += 1 }
                    if file.at(probe, "let") || file.at(probe, "var") { probe += 1 }
                    while probe < tokens.count, !file.at(probe, "in"), probe < index + 16 {
                        if file.kind(probe) == .identifier {
                            if let name = declared(probe) { pending.append(name) }
                            skipped[probe] = true
                        }
                        probe += 1
                    }
                }
            case .let, .var:
                var names: [Int32] = []
                if file.kind(index + 1) == .leftParen {
                    var inner = index + 2
                    while inner < tokens.count, file.kind(inner) != .rightParen, inner < index + 32 {
                        if file.kind(inner) == .identifier {
                            if let name = declared(inner) { names.append(name) }
                            skipped[inner] = true
                        }
                        inner += 1
                    }
                } else if file.kind(index + 1) == .identifier {
                    if let name = declared(index + 1) { names.append(name) }
                    if !isShorthandBinding(index + 1, in: file) { skipped[index + 1] = true }
                }
                declare(names)
            }
        }

        /// The name an identifier reads: its text without backticks, and without the `_` of
        /// a wrapper's storage (`_name` reads `name`) unless it follows a `.`; nil when it is
        /// not of interest.
        private mutating func readName(at index: Int) -> Int32? {
            let token = tokens[index]
            var start = Int(token.start)
            let end = Int(token.end)
            // A backtick can only open a name; a `_` may carry a combining mark (one character).
            let isPlain = bytes[start] != UInt8(ascii: "`")
                && !(bytes[start] == UInt8(ascii: "_") && end - start > 1 && bytes[start + 1] >= 0x80)
            guard isPlain else {
                var name = file.text(index)
                if name.hasPrefix("`") { name = name.filter { $0 != "`" } }
                if name.hasPrefix("_"), name.count > 1, file.kind(index - 1) != .period { name.removeFirst() }
                return isOfInterest(name) ? interner.number(name) : nil
            }
            if end - start > 1, bytes[start] == UInt8(ascii: "_"), file.kind(index - 1) != .period { start += 1 }
            guard interest.admits(start, end, in: bytes) else { return nil }
            return interner.number(bytes.baseAddress! + start, end - start)
        }
    }

    /// Whether the identifier at `index` reads its name, rather than declaring it, labelling
    /// an argument or only writing it (`name = v`, `x.name += 1`, `items.append(x)` as a
    /// statement).
    private static func isReadName(
        at index: Int, in file: ParsedFile, brackets: [(token: Int, kind: TokenKind)], bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let previous = file.kind(index - 1)
        let next = file.kind(index + 1)
        if previous == .atSign { return false }
        if previous == .keyword {
            if file.at(index - 1, "let") || file.at(index - 1, "var") {
                let introducer = index - 2
                guard file.at(introducer, "if") || file.at(introducer, "guard") || file.at(introducer, "while")
                    || file.kind(introducer) == .comma, isShorthandBinding(index, in: file)
                else { return false }
            } else if isDeclaringKeyword(index - 1, in: file) {
                return false
            }
        }
        if previous != .period, next == .colon {
            if brackets.last?.kind == .leftParen, previous == .leftParen || previous == .comma { return false }
            if previous == .identifier || file.at(index - 1, "_") { return false }
        }
        if let next, next == .equal || next == .binaryOperator && file.isAssignmentOperator(index + 1) {
            return false
        }
        if next == .period, file.kind(index + 2) == .identifier,
            writingMethodTable.position(of: file.tokens[index + 2], in: bytes) != nil,
            isStatementOnlyCall(nameToken: index + 2, chainToken: index, in: file)
        {
            return false
        }
        return true
    }

    private static func isDeclaringKeyword(_ index: Int, in file: ParsedFile) -> Bool {
        for keyword: StaticString in [
            "var", "let", "func", "class", "struct", "enum", "protocol", "typealias", "associatedtype", "import",
            "extension", "inout", "operator", "precedencegroup",
        ] where file.at(index, keyword) {
            return true
        }
        return false
    }

    /// `chain.method(…)` where the call is a statement on its own and its result unused.
    private static func isStatementOnlyCall(nameToken: Int, chainToken: Int, in file: ParsedFile) -> Bool {
        guard file.kind(nameToken + 1) == .leftParen || file.kind(nameToken + 1) == .leftBrace else { return false }
        // The result is not used: nothing continues after the call.
        var after = file.skipGroup(nameToken + 1)
        if file.kind(after) == .leftBrace, !file.tokens[after].isAtStartOfLine { after = file.skipGroup(after) }
        if let kind = file.kind(after), !file.tokens[after].isAtStartOfLine,
            kind == .period || kind == .postfixQuestionMark || kind == .exclamationMark || kind == .binaryOperator
        {
            return false
        }
        // The chain starts a statement.
        var root = chainToken
        while file.kind(root - 1) == .period {
            var previous = root - 2
            if file.kind(previous) == .postfixQuestionMark || file.kind(previous) == .exclamationMark { previous -= 1 }
            guard file.isWord(previous) else { return false }
            root = previous
        }
        if file.tokens[root].isAtStartOfLine { return true }
        guard let before = file.kind(root - 1) else { return true }
        return before == .leftBrace || before == .semicolon || file.at(root - 1, "in") || file.at(root - 1, "else")
    }

    /// `if let name {`, `guard let name else`: the binding reads the outer `name`.
    private static func isShorthandBinding(_ name: Int, in file: ParsedFile) -> Bool {
        let next = file.kind(name + 1)
        return next != .equal && next != .colon
    }

    /// For a closure's `{`: the name tokens of its parameters (`{ a, b in`, `{ (a: Int) -> T in`,
    /// `{ [weak self] value in`). Capture lists are not parameters.
    static func closureParameters(after brace: Int, in file: ParsedFile) -> [Int]? {
        var probe = brace + 1
        if file.kind(probe) == .leftSquare { probe = file.skipGroup(probe) }  // capture list
        var tokens: [Int] = []
        var steps = 0
        while probe < file.tokens.count, steps < 48 {
            switch file.kind(probe) {
            case .keyword where file.at(probe, "in"):
                return tokens.isEmpty ? nil : tokens
            case .identifier:
                // A parameter name: not a type after `:`/`->`, not a label before another name.
                let previous = file.kind(probe - 1)
                if previous != .colon, previous != .arrow, previous != .period, previous != .atSign,
                    file.kind(probe + 1) != .identifier
                {
                    tokens.append(probe)
                }
            case .keyword where file.at(probe, "_") || file.at(probe, "throws") || file.at(probe, "async"):
                break
            case .comma, .colon, .arrow, .period, .leftParen, .rightParen, .atSign, .postfixQuestionMark,
                .exclamationMark, .leftAngle, .rightAngle, .leftSquare, .rightSquare:
                break
            default:
                return nil
            }
            probe += 1
            steps += 1
        }
        return nil
    }
}

extension NameTable? {
    /// Whether the name spelled by `source[start..<end]` is of interest: one of the table's
    /// names, or any name when there is no table.
    fileprivate func admits(_ start: Int, _ end: Int, in source: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let table = self else { return true }
        return table.position(of: start, end, in: source) != nil
    }
}
