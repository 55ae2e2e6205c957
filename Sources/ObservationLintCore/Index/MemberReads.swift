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
    static func collect(_ files: [ParsedFile], jobs: Int) -> Set<String> {
        let perFile = parallelMap(files, jobs: jobs) { readNames(in: $0) }
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

    private struct Scope {
        /// The brace that opened it, or -1 for the file.
        var brace: Int
        /// Whether `let`/`var` in it declare locals (not members of a type or globals).
        var declaresLocals: Bool
        /// Local names with the line counter at which they were declared; -1 hides the name
        /// everywhere in the scope (parameters).
        var locals: [String: Int] = [:]
    }

    static func readNames(in file: ParsedFile) -> Set<String> {
        var typeBodies = Set<Int>()
        var functionParameters: [Int: [String]] = [:]
        func visit(_ types: [TypeDecl]) {
            for type in types {
                typeBodies.insert(type.members.lowerBound)
                addFunctions(type.functions)
                addAccessors(type.properties)
                visit(type.nestedTypes)
            }
        }
        func addFunctions(_ functions: [FunctionDecl]) {
            for function in functions {
                guard let body = function.body else { continue }
                functionParameters[body.lowerBound] = function.parameters.map(\.name)
            }
        }
        func addAccessors(_ properties: [Property]) {
            for property in properties {
                for accessor in property.accessors {
                    guard let body = accessor.body, !accessor.isImplicitGetter else { continue }
                    functionParameters[body.lowerBound] = ["newValue", "oldValue"]
                }
            }
        }
        visit(file.types)
        addFunctions(file.functions)
        addAccessors(file.properties)

        var reads = Set<String>()
        var scopes = [Scope(brace: -1, declaresLocals: false)]
        // Open brackets: their token and, for a brace, the index of its scope.
        var brackets: [(token: Int, kind: TokenKind)] = []
        var line = 0
        // `if`/`while`/`for`/`guard` awaiting its block, at a bracket depth.
        var condition: (keyword: String, depth: Int)?
        var pending: [String] = []
        var skipped = Set<Int>()
        let tokens = file.tokens

        func isHidden(_ name: String) -> Bool {
            for scope in scopes.reversed() {
                if let declared = scope.locals[name], declared < line { return true }
            }
            return false
        }
        func declare(_ names: [String], at index: Int) {
            guard !names.isEmpty else { return }
            if let condition, condition.depth == brackets.count, condition.keyword != "guard" {
                pending += names
            } else if scopes[scopes.count - 1].declaresLocals {
                for name in names where scopes[scopes.count - 1].locals[name] == nil {
                    scopes[scopes.count - 1].locals[name] = line
                }
            }
        }

        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.isAtStartOfLine { line += 1 }
            switch token.kind {
            case .leftParen, .leftSquare, .leftAngle:
                brackets.append((index, token.kind))
            case .leftBrace:
                var scope = Scope(brace: index, declaresLocals: !typeBodies.contains(index))
                if let parameters = functionParameters[index] {
                    for name in parameters { scope.locals[name] = -1 }
                } else if let (names, nameTokens) = closureParameters(after: index, in: file) {
                    for name in names { scope.locals[name] = -1 }
                    skipped.formUnion(nameTokens)
                }
                if let current = condition, current.depth == brackets.count {
                    if current.keyword != "guard" {
                        for name in pending { scope.locals[name] = -1 }
                    }
                    condition = nil
                    pending = []
                }
                brackets.append((index, .leftBrace))
                scopes.append(scope)
            case .rightParen, .rightSquare, .rightAngle, .rightBrace:
                let opener = Int(file.partner[index])
                if opener >= 0, let position = brackets.lastIndex(where: { $0.token == opener }) {
                    brackets.removeSubrange(position...)
                    while scopes.count > 1, scopes[scopes.count - 1].brace >= opener { scopes.removeLast() }
                    if let current = condition, current.depth > brackets.count {
                        condition = nil
                        pending = []
                    }
                }
            case .keyword:
                if file.kind(index - 1) != .period {
                    if file.at(index, "if") || file.at(index, "while") || file.at(index, "guard") || file.at(index, "for") {
                        condition = (file.text(index), brackets.count)
                        if file.at(index, "for") {
                            // `for x in`, `for (a, b) in`, `for case let x in`: the loop's names.
                            var probe = index + 1
                            if file.at(probe, "case") { probe += 1 }
                            if file.at(probe, "let") || file.at(probe, "var") { probe += 1 }
                            var names: [String] = []
                            while probe < tokens.count, !file.at(probe, "in"), probe < index + 16 {
                                if file.kind(probe) == .identifier {
                                    names.append(file.text(probe))
                                    skipped.insert(probe)
                                }
                                probe += 1
                            }
                            pending += names
                        }
                    } else if file.at(index, "let") || file.at(index, "var") {
                        var names: [String] = []
                        var nameTokens: [Int] = []
                        if file.kind(index + 1) == .leftParen {
                            var inner = index + 2
                            while inner < tokens.count, file.kind(inner) != .rightParen, inner < index + 32 {
                                if file.kind(inner) == .identifier {
                                    names.append(file.text(inner))
                                    nameTokens.append(inner)
                                }
                                inner += 1
                            }
                        } else if file.kind(index + 1) == .identifier {
                            names.append(file.text(index + 1))
                            if !isShorthandBinding(index + 1, in: file) { nameTokens.append(index + 1) }
                        }
                        skipped.formUnion(nameTokens)
                        declare(names, at: index)
                    }
                }
            case .identifier:
                if !skipped.contains(index), let name = readName(at: index, in: file, brackets: brackets) {
                    if file.kind(index - 1) == .period || !isHidden(name) { reads.insert(name) }
                }
            case .dollarIdentifier:
                let text = file.text(index)
                if text.count > 1, let first = text.dropFirst().first, !first.isNumber {
                    reads.insert(String(text.dropFirst()))
                }
            default:
                break
            }
            index += 1
        }
        return reads
    }

    /// The name an identifier reads, or nil when it declares, labels, or only writes.
    private static func readName(at index: Int, in file: ParsedFile, brackets: [(token: Int, kind: TokenKind)]) -> String? {
        var name = file.text(index)
        if name.hasPrefix("`") { name = name.filter { $0 != "`" } }
        let previous = file.kind(index - 1)
        let next = file.kind(index + 1)
        if previous == .atSign { return nil }
        if previous == .keyword {
            if file.at(index - 1, "let") || file.at(index - 1, "var") {
                // Only `if let name {` / `guard let name else` read the outer `name`.
                let introducer = index - 2
                guard file.at(introducer, "if") || file.at(introducer, "guard") || file.at(introducer, "while")
                    || file.kind(introducer) == .comma, isShorthandBinding(index, in: file)
                else { return nil }
            } else if isDeclaringKeyword(index - 1, in: file) {
                return nil
            }
        }
        if previous != .period, next == .colon {
            // `f(label: x)`, `(name: Type)`: a label; `f(_ name: Type)`, `f(a b: T)`: a parameter.
            if brackets.last?.kind == .leftParen, previous == .leftParen || previous == .comma { return nil }
            if previous == .identifier || file.at(index - 1, "_") { return nil }
        }
        if let next, next == .equal || next == .binaryOperator && file.isAssignmentOperator(index + 1) {
            return nil  // `name = v`, `x.name += 1`
        }
        if next == .period, file.kind(index + 2) == .identifier, writingMethods.contains(file.text(index + 2)),
            isStatementOnlyCall(nameToken: index + 2, chainToken: index, in: file)
        {
            return nil  // `items.append(x)` as a statement
        }
        if name.hasPrefix("_"), name.count > 1, previous != .period { name.removeFirst() }
        return name
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

    /// For a closure's `{`: the names of its parameters (`{ a, b in`, `{ (a: Int) -> T in`,
    /// `{ [weak self] value in`) and their tokens. Capture lists are not parameters.
    private static func closureParameters(after brace: Int, in file: ParsedFile) -> ([String], [Int])? {
        var probe = brace + 1
        if file.kind(probe) == .leftSquare { probe = file.skipGroup(probe) }  // capture list
        var names: [String] = []
        var tokens: [Int] = []
        var steps = 0
        while probe < file.tokens.count, steps < 48 {
            switch file.kind(probe) {
            case .keyword where file.at(probe, "in"):
                return names.isEmpty ? nil : (names, tokens)
            case .identifier:
                // A parameter name: not a type after `:`/`->`, not a label before another name.
                let previous = file.kind(probe - 1)
                if previous != .colon, previous != .arrow, previous != .period, previous != .atSign,
                    file.kind(probe + 1) != .identifier
                {
                    names.append(file.text(probe))
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
