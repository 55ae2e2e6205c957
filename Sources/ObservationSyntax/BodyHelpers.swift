/// Small helpers that look into bodies (token ranges): member-access chains, assignments,
/// calls and the closures and blocks that nest inside a body.

/// `self.model.tab1.count`: a root name followed by member names. Optional chaining and
/// force unwrapping (`a?.b`, `a!.b`) continue a chain; a call or subscript ends it.
public struct MemberChain: Sendable, Hashable {
    /// Token indices of the root (`self`, `model`, `$model`, `_model`) and each member.
    public var names: [Int]
    /// The token after the chain's last name.
    public var end: Int

    public var root: Int { names[0] }
    public var last: Int { names[names.count - 1] }
}

public struct Assignment: Sendable, Hashable {
    /// What is assigned: `self.count`, `model.items`, `_state`; a subscript target
    /// (`items[0] = x`) is the chain before the subscript.
    public var target: MemberChain
    /// `=`, `+=`, `-=`, ...
    public var operatorToken: Int
    public var value: Range<Int>
}

/// A call with its arguments and trailing closures: `Foo(a: 1) { } label: { }`.
public struct Call: Sendable, Hashable {
    /// The called name's token (`Foo`, `onChange`, `append`).
    public var name: Int
    /// The parentheses and everything between them, when present.
    public var arguments: Range<Int>?
    public var trailingClosures: [TrailingClosure]

    /// The token after the call: after its last trailing closure, else its arguments (a
    /// call found by `call(at:limit:)` has one or the other).
    public var end: Int { trailingClosures.last?.body.upperBound ?? arguments?.upperBound ?? name + 1 }
}

public struct TrailingClosure: Sendable, Hashable {
    /// The label's token for the second and later closures (`label:`).
    public var label: Int?
    public var body: Range<Int>
}

/// A `{ }` inside a body: a closure, or the block of a statement (`if`, `for`, `switch`,
/// `else`, `do`, ...), which runs as part of whatever encloses it.
public struct Scope: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A closure passed to a call: `callee` is the called name's token (`Button`,
        /// `onAppear`, `sink`), `label` the argument label's token (`action:`, `label:`).
        /// Both nil for a closure stored or returned, or a local function's body.
        case closure(callee: Int?, label: Int?)
        case block
    }
    public var kind: Kind
    /// The braces and everything between them.
    public var range: Range<Int>
    /// Index of the enclosing scope in the same `BodyScopes`.
    public var parent: Int?
    /// For a closure passed to a call, the call's parenthesized arguments.
    public var callArguments: Range<Int>?

    public var isClosure: Bool {
        if case .closure = kind { true } else { false }
    }
}

/// The scopes of one body, outermost first.
public struct BodyScopes: Sendable {
    public var scopes: [Scope]

    /// Scopes that contain `token`, innermost first.
    public func enclosing(_ token: Int) -> [Scope] {
        guard var current = innermostIndex(containing: token) else { return [] }
        var chain = [scopes[current]]
        while let parent = scopes[current].parent {
            chain.append(scopes[parent])
            current = parent
        }
        return chain
    }

    /// The innermost closure that contains `token` (nil when it runs with the body itself).
    public func innermostClosure(containing token: Int) -> Scope? {
        guard var current = innermostIndex(containing: token) else { return nil }
        while !scopes[current].isClosure {
            guard let parent = scopes[current].parent else { return nil }
            current = parent
        }
        return scopes[current]
    }

    /// The position in `scopes` of the innermost scope containing `token`.
    public func innermostIndex(containing token: Int) -> Int? {
        // Scopes are sorted by start; the innermost is the last one that contains it.
        var result: Int?
        for (index, scope) in scopes.enumerated() {
            if scope.range.lowerBound > token { break }
            if scope.range.contains(token) { result = index }
        }
        return result
    }
}


/// Operators that assign: `=` and compound assignments (`+=`, `??=`, `<<=`), but not
/// comparisons.
private let comparisonOperators: Set<String> = ["==", "!=", "<=", ">=", "===", "!==", "~="]

extension TokenStream {
    /// The chain that starts at `index`, when a name stands there and is not itself a
    /// member of something before it.
    public func memberChain(at index: Int, limit: Int) -> MemberChain? {
        guard startsMemberChain(at: index, limit: limit) else { return nil }
        var names: [Int] = []
        names.reserveCapacity(4)
        names.append(index)
        var next = index + 1
        while let name = chainName(after: next, limit: limit) {
            names.append(name)
            next = name + 1
        }
        return MemberChain(names: names, end: next)
    }

    /// The `end` of the chain `memberChain(at:limit:)` finds at `index`, without collecting
    /// its names (a test before the chain is built).
    public func memberChainEnd(at index: Int, limit: Int) -> Int? {
        guard startsMemberChain(at: index, limit: limit) else { return nil }
        var next = index + 1
        while let name = chainName(after: next, limit: limit) { next = name + 1 }
        return next
    }

    @inline(__always)
    private func startsMemberChain(at index: Int, limit: Int) -> Bool {
        guard index < limit, isChainName(index), kind(index - 1) != .period else { return false }
        return kind(index) != .keyword || at(index, "self") || at(index, "Self") || at(index, "super")
    }

    /// The member name continuing a chain whose last name ends before `next`, if any.
    @inline(__always)
    private func chainName(after next: Int, limit: Int) -> Int? {
        guard next < limit else { return nil }
        var dot = next
        // Subscripts are element access: `stations[code]?.name` reads `name` of an element.
        while dot < limit, kind(dot) == .leftSquare, !tokens[dot].flags.contains(.leadingSpace) {
            dot = skipGroup(dot)
        }
        if kind(dot) == .postfixQuestionMark || kind(dot) == .exclamationMark { dot += 1 }
        guard dot + 1 < limit, kind(dot) == .period, isChainName(dot + 1) else { return nil }
        return dot + 1
    }

    private func isChainName(_ index: Int) -> Bool {
        guard let kind = kind(index) else { return false }
        return kind == .identifier || kind == .dollarIdentifier || kind == .keyword
    }

    /// Every member-access chain in a range, in order (nested ones inside arguments and
    /// closures included).
    public func memberChains(in range: Range<Int>) -> [MemberChain] {
        var chains: [MemberChain] = []
        var index = range.lowerBound
        while index < range.upperBound {
            if let chain = memberChain(at: index, limit: range.upperBound) {
                chains.append(chain)
                index = chain.end
            } else {
                index += 1
            }
        }
        return chains
    }

    /// The chain's names as text, without a leading `self`.
    public func path(of chain: MemberChain) -> [String] {
        var names = chain.names.map { text($0) }
        if names.count > 1, names[0] == "self" { names.removeFirst() }
        return names
    }

    /// The first name of `path(of:)`, without building the others (a cheap test before it).
    public func rootName(of chain: MemberChain) -> String {
        chain.names.count > 1 && at(chain.root, "self") ? text(chain.names[1]) : text(chain.root)
    }

    /// Whether the chain's last name is called (`model.load()`, `items.append(x)`,
    /// `items.removeAll { … }`). In a condition (`if items.isEmpty {`) the brace is the
    /// statement's block, which this cannot tell: callers check the name.
    public func isCalled(_ chain: MemberChain) -> Bool {
        guard let next = kind(chain.end), !tokens[chain.end].isAtStartOfLine else { return false }
        return next == .leftParen || next == .leftBrace
    }

    /// Assignments and compound assignments in a range. Declarations (`let x = …`,
    /// `if let x = …`) and default values are not assignments.
    public func assignments(in range: Range<Int>) -> [Assignment] {
        var result: [Assignment] = []
        for index in range where isAssignmentOperator(index) {
            guard let target = assignedChain(endingBefore: index, lowerBound: range.lowerBound) else { continue }
            let valueEnd = expressionEnd(from: index + 1, end: range.upperBound, stopAtComma: true)
            result.append(Assignment(target: target, operatorToken: index, value: index + 1..<valueEnd))
        }
        return result
    }

    /// Inlined: `assignments(in:)` asks it of every token of a body.
    @inline(__always)
    public func isAssignmentOperator(_ index: Int) -> Bool {
        guard let kind = kind(index) else { return false }
        if kind == .equal { return true }
        guard kind == .binaryOperator else { return false }
        let token = tokens[index]
        guard token.end > token.start, source.bytes[Int(token.end) - 1] == UInt8(ascii: "=") else { return false }
        return !comparisonOperators.contains(text(index))
    }

    /// The chain assigned by the operator at `operatorIndex`: `a.b = `, `a.b[i] = `,
    /// `a?.b = `.
    private func assignedChain(endingBefore operatorIndex: Int, lowerBound: Int) -> MemberChain? {
        var last = operatorIndex - 1
        while last >= lowerBound, kind(last) == .rightSquare {
            let open = Int(partner[last])
            guard open >= lowerBound, open < last else { return nil }
            last = open - 1
        }
        if kind(last) == .postfixQuestionMark || kind(last) == .exclamationMark { last -= 1 }
        guard last >= lowerBound, isChainName(last) else { return nil }
        // Walk back to the root of the chain, through subscripts (`items[i].count = `).
        var root = last
        while root - 2 >= lowerBound, kind(root - 1) == .period {
            var previous = root - 2
            if kind(previous) == .postfixQuestionMark || kind(previous) == .exclamationMark { previous -= 1 }
            while previous >= lowerBound, kind(previous) == .rightSquare, partner[previous] >= 0 {
                previous = Int(partner[previous]) - 1
            }
            guard previous >= lowerBound, isChainName(previous) else { return nil }
            root = previous
        }
        // A declaration or a pattern binds rather than assigns.
        if let before = kind(root - 1), root - 1 >= lowerBound {
            if before == .colon && !endsCaseLabel(root - 1) || before == .period || before == .comma && isInBindingList(root) { return nil }
            if before == .keyword || before == .identifier {
                if at(root - 1, "let") || at(root - 1, "var") || at(root - 1, "case") { return nil }
            }
        }
        guard let chain = memberChain(at: root, limit: operatorIndex), chain.names.last == last else { return nil }
        return chain
    }

    /// Whether the colon ends a `switch` case label (`case .done(let value):`, `default:`),
    /// after which a statement starts, rather than a type annotation (`var a: Int = 1`).
    private func endsCaseLabel(_ colon: Int) -> Bool {
        var probe = colon - 1
        var steps = 0
        while probe >= 0, steps < 64 {
            if kind(probe) == .rightParen || kind(probe) == .rightSquare, partner[probe] >= 0, Int(partner[probe]) < probe {
                probe = Int(partner[probe])
            } else if kind(probe) == .leftParen || kind(probe) == .leftSquare || kind(probe) == .leftBrace {
                return false
            } else if at(probe, "case") || at(probe, "default") {
                return tokens[probe].isAtStartOfLine || probe > 0 && (kind(probe - 1) == .leftBrace || kind(probe - 1) == .semicolon)
                    || probe > 1 && at(probe - 1, "unknown")
            }
            if tokens[probe].isAtStartOfLine { return false }
            probe -= 1
            steps += 1
        }
        return false
    }

    /// `let a = 1, b = 2` and `if let a = x, let b = y` list bindings after commas.
    private func isInBindingList(_ index: Int) -> Bool {
        var probe = index - 1
        var steps = 0
        while probe >= 0, steps < 64, !tokens[probe].isAtStartOfLine {
            if at(probe, "let") || at(probe, "var") { return true }
            probe -= 1
            steps += 1
        }
        return probe >= 0 && (at(probe, "let") || at(probe, "var"))
    }

    /// The call whose name is at `nameIndex`, if a call stands there: `name(…)`,
    /// `name { }`, `name(…) { } label: { }`.
    public func call(at nameIndex: Int, limit: Int) -> Call? {
        guard isChainName(nameIndex) || kind(nameIndex) == .rightAngle else { return nil }
        var index = nameIndex + 1
        if kind(index) == .leftAngle { index = skipGroup(index) }  // `Foo<T>(…)`
        var arguments: Range<Int>?
        if index < limit, kind(index) == .leftParen, !tokens[index].isAtStartOfLine {
            arguments = groupRange(index, limit: limit)
            index = arguments!.upperBound
        }
        var closures: [TrailingClosure] = []
        if index < limit, kind(index) == .leftBrace, !tokens[index].isAtStartOfLine {
            let body = groupRange(index, limit: limit)
            closures.append(TrailingClosure(label: nil, body: body))
            index = body.upperBound
            while index + 2 < limit, isWord(index), kind(index + 1) == .colon, kind(index + 2) == .leftBrace {
                let labeled = groupRange(index + 2, limit: limit)
                closures.append(TrailingClosure(label: index, body: labeled))
                index = labeled.upperBound
            }
        }
        guard arguments != nil || !closures.isEmpty else { return nil }
        return Call(name: nameIndex, arguments: arguments, trailingClosures: closures)
    }

    /// When `expression` is exactly one constructor-shaped call — `Name(…)`, `Name { … }`,
    /// `Outer.Inner(…)`, `Name.init(…)`, `Name<T>(…)`, `.init(…)` — the type name as
    /// written (nil for `.init(…)`, whose type comes from the context) and the call. Whether
    /// the name is a type is the caller's to decide (`Name` may be a function).
    public func constructorCall(in expression: Range<Int>) -> (typeName: String?, call: Call)? {
        guard !expression.isEmpty else { return nil }
        let callee: Int
        var typeName: String?
        if kind(expression.lowerBound) == .period {
            guard at(expression.lowerBound + 1, "init") else { return nil }
            callee = expression.lowerBound + 1
        } else {
            guard let chain = memberChain(at: expression.lowerBound, limit: expression.upperBound) else { return nil }
            var names = path(of: chain)
            if names.count > 1, names.last == "init" { names.removeLast() }
            // `Self.Inner()` names a nested type; `self.make()`, `super.init()` are no constructors.
            guard !names.contains(where: { $0 == "self" || $0 == "super" || $0 == "init" }),
                names.count > 1 || names[0] != "Self"
            else { return nil }
            callee = chain.last
            typeName = names.joined(separator: ".")
        }
        guard let call = call(at: callee, limit: expression.upperBound), call.end == expression.upperBound else { return nil }
        return (typeName, call)
    }

    /// The value handed to a property wrapper's initializer when `expression` is exactly
    /// `Wrapper(wrappedValue: x)`, `Wrapper(initialValue: x)` or `.init(wrappedValue: x)`,
    /// with `Wrapper` one of `wrappers` (qualified names allowed: `SwiftUI.StateObject`);
    /// with `unlabeled`, also `Wrapper(x)`, for a wrapper that has that initializer (`Bindable`).
    public func wrapperInitialValue(in expression: Range<Int>, wrappers: Set<String>, unlabeled: Bool = false) -> Range<Int>? {
        guard let (typeName, call) = constructorCall(in: expression), let arguments = call.arguments,
            call.trailingClosures.isEmpty
        else { return nil }
        if let typeName {
            guard let simple = typeName.split(separator: ".").last, wrappers.contains(String(simple)) else { return nil }
        }
        let list = argumentList(arguments)
        guard list.count == 1, !list[0].value.isEmpty,
            list[0].label.map({ at($0, "wrappedValue") || at($0, "initialValue") }) ?? unlabeled
        else { return nil }
        return list[0].value
    }

    /// Every call in a range whose name satisfies `matches` (nested calls included).
    public func calls(in range: Range<Int>, where matches: (Int) -> Bool) -> [Call] {
        var result: [Call] = []
        for index in range where matches(index) {
            if let call = call(at: index, limit: range.upperBound) { result.append(call) }
        }
        return result
    }

    /// The labelled argument `label:` inside a call's parentheses: the tokens of its value.
    public func argument(_ label: StaticString, in arguments: Range<Int>) -> Range<Int>? {
        var index = arguments.lowerBound + 1
        let close = arguments.upperBound - 1
        while index < close {
            let valueStart: Int
            if isWord(index), kind(index + 1) == .colon, at(index, label) {
                valueStart = index + 2
                var end = valueStart
                while end < close, kind(end) != .comma {
                    end = kind(end).map(isOpener) == true ? skipGroup(end) : end + 1
                }
                return valueStart..<min(end, close)
            }
            index = kind(index).map(isOpener) == true ? skipGroup(index) : index + 1
        }
        return nil
    }

    /// The arguments of a call split at top-level commas: each with its label token.
    public func argumentList(_ arguments: Range<Int>) -> [(label: Int?, value: Range<Int>)] {
        var result: [(label: Int?, value: Range<Int>)] = []
        var index = arguments.lowerBound + 1
        let close = arguments.upperBound - 1
        while index < close {
            var label: Int?
            var start = index
            if isWord(index), kind(index + 1) == .colon {
                label = index
                start = index + 2
            }
            var end = start
            while end < close, kind(end) != .comma {
                end = kind(end).map(isOpener) == true ? min(skipGroup(end), close) : end + 1
            }
            result.append((label, start..<end))
            index = end + 1
        }
        return result
    }

    /// The closures and statement blocks in a body (its outer braces excluded).
    public func scopes(in body: Range<Int>) -> BodyScopes {
        var scopes: [Scope] = []
        // Open brackets: for each, the scope index of a brace and the call name of a paren.
        var stack: [(token: Int, scope: Int?, callee: Int?)] = []
        // Stack depths at which a statement keyword awaits its block; a local `func`'s
        // body runs later, like an action closure.
        var pendingBlocks: [(depth: Int, isFunction: Bool)] = []
        var index = body.lowerBound
        if kind(index) == .leftBrace { index += 1 }
        let end = kind(body.upperBound - 1) == .rightBrace ? body.upperBound - 1 : body.upperBound
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .keyword, .identifier:
                if isStatementKeyword(index), pendingBlocks.last?.depth != stack.count {
                    pendingBlocks.append((stack.count, at(index, "func")))
                }
            case .leftParen, .leftSquare, .leftAngle:
                let callee = token.kind == .leftParen && !token.flags.contains(.leadingSpace) && isChainName(index - 1)
                    ? index - 1 : nil
                stack.append((index, nil, callee))
            case .rightParen, .rightSquare, .rightAngle, .rightBrace:
                let opener = Int(partner[index])
                if let position = stack.lastIndex(where: { $0.token == opener }) {
                    stack.removeSubrange(position...)
                    // Pending depths never decrease along the list: the ones too deep are a suffix.
                    while let last = pendingBlocks.last, last.depth > stack.count { pendingBlocks.removeLast() }
                }
            case .leftBrace:
                let close = Int(partner[index])
                let range = index..<(close > index ? close + 1 : end)
                let parent = stack.last { $0.scope != nil }?.scope
                let kind: Scope.Kind
                var callArguments: Range<Int>?
                if let pending = pendingBlocks.last, pending.depth == stack.count {
                    pendingBlocks.removeLast()
                    kind = pending.isFunction ? .closure(callee: nil, label: nil) : .block
                } else {
                    (kind, callArguments) = classifyClosure(at: index, enclosingCallee: stack.last?.callee)
                }
                scopes.append(Scope(kind: kind, range: range, parent: parent, callArguments: callArguments))
                stack.append((index, scopes.count - 1, nil))
            default:
                break
            }
            index += 1
        }
        return BodyScopes(scopes: scopes)
    }

    private func isStatementKeyword(_ index: Int) -> Bool {
        guard isStatementBlockWord(index), kind(index + 1) != .colon else { return false }
        // Accessor names are keywords only at the start of an accessor block, not as the name
        // of a member called with a trailing closure (`$value.didSet { … }`).
        if kind(index) == .identifier { return kind(index + 1) == .leftBrace && kind(index - 1) != .period }
        return kind(index - 1) != .period
    }

    /// `if`, `guard`, `while`, `for`, `switch`, `catch`, `do`, `repeat`, `defer`, `else`,
    /// `func`, `get`, `set`, `willSet`, `didSet` (by length first: this runs on every word of
    /// a body).
    private func isStatementBlockWord(_ index: Int) -> Bool {
        let token = tokens[index]
        switch token.end - token.start {
        case 2: return at(index, "if") || at(index, "do")
        case 3: return at(index, "for") || at(index, "get") || at(index, "set")
        case 4: return at(index, "else") || at(index, "func")
        case 5: return at(index, "guard") || at(index, "while") || at(index, "catch") || at(index, "defer")
        case 6: return at(index, "switch") || at(index, "repeat") || at(index, "didSet")
        case 7: return at(index, "willSet")
        default: return false
        }
    }

    /// What a `{` that is not a statement block belongs to: a trailing closure of the call
    /// before it, a labelled trailing closure, or an argument of the enclosing call.
    private func classifyClosure(at brace: Int, enclosingCallee: Int?) -> (Scope.Kind, Range<Int>?) {
        let previous = brace - 1
        switch kind(previous) {
        case .rightParen:
            let open = Int(partner[previous])
            if open > 0, isChainName(open - 1) || kind(open - 1) == .rightAngle {
                return (.closure(callee: calleeName(before: open), label: nil), open..<previous + 1)
            }
        case .identifier, .keyword, .dollarIdentifier, .rightAngle:
            if !tokens[brace].isAtStartOfLine, kind(previous) != .keyword || at(previous, "self") {
                return (.closure(callee: calleeName(before: brace), label: nil), nil)
            }
        case .colon:
            let label = previous - 1
            if kind(label - 1) == .rightBrace {
                // `} label: {`: a later trailing closure of the same call.
                let firstClosure = Int(partner[label - 1])
                if firstClosure > 0 {
                    let (kind, arguments) = classifyClosure(at: firstClosure, enclosingCallee: enclosingCallee)
                    if case .closure(let callee, _) = kind {
                        return (.closure(callee: callee, label: label), arguments)
                    }
                }
            }
            return (.closure(callee: enclosingCallee, label: isWord(label) ? label : nil), nil)
        case .leftParen, .comma:
            return (.closure(callee: enclosingCallee, label: nil), nil)
        default:
            break
        }
        return (.closure(callee: nil, label: nil), nil)
    }

    /// The name a call is made through: `Foo` in `Foo(`, `Foo<T>(`.
    private func calleeName(before open: Int) -> Int? {
        var name = open - 1
        if kind(name) == .rightAngle {
            let leftAngle = Int(partner[name])
            guard leftAngle > 0 else { return nil }
            name = leftAngle - 1
        }
        return isChainName(name) ? name : nil
    }

    /// Names a body declares for itself — `let`/`var` bindings, `for` variables, closure
    /// parameters — which hide members of the same name. Collected for the whole body: a
    /// local anywhere hides the member everywhere, the cautious choice.
    public func localNames(in body: Range<Int>) -> Set<String> {
        var names = Set<String>()
        for index in body {
            guard let kind = kind(index) else { break }
            if kind == .keyword, at(index, "let") || at(index, "var") || at(index, "for") {
                var name = index + 1
                if at(name, "case") { name += 1 }
                if self.kind(name) == .leftParen {
                    // `let (a, b) = …`
                    var inner = name + 1
                    while inner < body.upperBound, self.kind(inner) != .rightParen {
                        if self.kind(inner) == .identifier { names.insert(text(inner)) }
                        inner += 1
                    }
                } else if self.kind(name) == .identifier, !isShorthandBinding(name) {
                    names.insert(text(name))
                }
            } else if kind == .keyword, at(index, "in"), let open = closureOpening(beforeIn: index) {
                for parameter in open + 1..<index where self.kind(parameter) == .identifier {
                    names.insert(text(parameter))
                }
            }
        }
        return names
    }

    /// `if let name {`, `guard let name else`: the local takes the member's own value, so
    /// the name still reads the member.
    private func isShorthandBinding(_ name: Int) -> Bool {
        guard at(name - 1, "let") || at(name - 1, "var") else { return false }
        let introducer = name - 2
        guard at(introducer, "if") || at(introducer, "guard") || at(introducer, "while") || kind(introducer) == .comma
        else { return false }
        return kind(name + 1) != .equal && kind(name + 1) != .colon
    }

    /// For `in` ending a closure's parameter list (`{ a, b in`, `{ (a: Int) in`), the `{`.
    private func closureOpening(beforeIn index: Int) -> Int? {
        var probe = index - 1
        var steps = 0
        while probe >= 0, steps < 32 {
            switch kind(probe) {
            case .leftBrace: return probe
            case .identifier, .comma, .keyword, .colon, .arrow, .period, .atSign: probe -= 1
            case .rightParen, .rightSquare:
                guard partner[probe] >= 0 else { return nil }
                probe = Int(partner[probe]) - 1
            default: return nil
            }
            steps += 1
        }
        return nil
    }
}
