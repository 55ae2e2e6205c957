import ObservationLintCore
import ObservationSyntax

/// A write of a model's property in code that runs off the main thread, with the steps that
/// put it there (`ProjectIndex.executionContext(at:)`), through up to two of the class's own
/// methods that the off-main code calls (methods that run where their caller runs:
/// synchronous ones of a class with no actor isolation, `nonisolated(nonsending)` ones).
struct OffMainWrite {
    let property: Property
    /// The changed chain: `self.items`, `items` in `items.append(x)`.
    let tokens: Range<Int>
    /// Outermost first: the context of the off-main code, then each call into the method
    /// that writes.
    let steps: [ContextStep]
}

/// Finds, in one declaration of a class, the writes of some of its stored properties that
/// run off the main thread. `properties`: the candidates by name (the class's own and its
/// superclasses').
struct OffMainWriteFinder {
    let index: ProjectIndex
    let type: TypeInfo
    let properties: [String: Property]
    /// How many levels of the class's own methods that run where their caller runs to follow
    /// back to an off-main caller.
    private let callerDepth = 2
    /// The class's calls of its own methods by name, found on the first question.
    private let ownCalls = OwnCalls()

    init(index: ProjectIndex, type: TypeInfo, properties: [String: Property]) {
        self.index = index
        self.type = type
        self.properties = properties
    }

    func writes(in decl: TypeDecl, file fileIndex: Int) -> [OffMainWrite] {
        let file = index.files[fileIndex]
        var results: [OffMainWrite] = []
        var bodies: [(body: Range<Int>, parameters: Set<String>, function: FunctionDecl?)] = []
        for function in decl.functions where function.kind != .deinitializer {
            if let body = function.body { bodies.append((body, Set(function.parameters.map(\.name)), function)) }
        }
        for property in decl.properties {
            for accessor in property.accessors { if let body = accessor.body { bodies.append((body, ["newValue", "oldValue"], nil)) } }
        }
        for (body, parameters, function) in bodies {
            let scanner = WriteScanner(file: file, body: body, parameters: parameters)
            var callerLookedUp = false
            var callerSteps: [ContextStep]?
            for chain in scanner.mutatedChains() {
                guard let property = scanner.property(changedBy: chain, among: properties, holdsValue: holdsValue) else { continue }
                let context = index.executionContext(at: TokenLocation(file: fileIndex, token: chain.root))
                var steps: [ContextStep]?
                if context.isolation == .offMain {
                    steps = context.steps
                } else if context.isolation == .unknown, runsWhereCalled(context), let function, function.kind == .function {
                    // Directly in a method that runs where its caller runs: an off-main caller.
                    if !callerLookedUp {
                        callerSteps = offMainCaller(of: function, depth: callerDepth)
                        callerLookedUp = true
                    }
                    steps = callerSteps
                }
                if let steps {
                    results.append(OffMainWrite(property: property, tokens: chain.root..<chain.last + 1, steps: steps))
                }
            }
        }
        return results
    }

    /// The steps of a call of `function` (a method of the class that runs where its caller
    /// runs) from code that runs off the main thread, following callers that are themselves
    /// such methods, up to `depth` levels.
    private func offMainCaller(of function: FunctionDecl, depth: Int) -> [ContextStep]? {
        guard depth > 0 else { return nil }
        for call in calls(of: function.name) {
            let context = index.executionContext(at: call.location)
            let step = ContextStep(
                kind: .function, site: call.location, isolation: .offMain,
                description: "calls `\(function.name)()`, which runs where its caller runs")
            if context.isolation == .offMain { return context.steps + [step] }
            if context.isolation == .unknown, runsWhereCalled(context), call.function.kind == .function,
                let outer = offMainCaller(of: call.function, depth: depth - 1)
            {
                return outer + [step]
            }
        }
        return nil
    }

    /// Code directly in a method (no closure around it) whose place is unknown: it runs where
    /// the method's caller runs.
    private func runsWhereCalled(_ context: ExecutionContext) -> Bool {
        context.steps.allSatisfy { $0.kind == .function || $0.kind == .afterAwait }
    }

    /// Calls `name(…)` / `self.name(…)` in the method bodies of the class and its
    /// superclasses, with the method each stands in.
    private func calls(of name: String) -> [(location: TokenLocation, function: FunctionDecl)] {
        if ownCalls.byName == nil {
            var byName: [String: [(location: TokenLocation, function: FunctionDecl)]] = [:]
            for owner in index.typeAndAncestors(of: type) {
                for declaration in owner.declarations {
                    let file = index.files[declaration.file]
                    for function in declaration.decl.functions {
                        guard let body = function.body else { continue }
                        for token in body where file.kind(token) == .identifier && file.kind(token + 1) == .leftParen {
                            guard isOwnCall(token, in: file) else { continue }
                            byName[file.text(token), default: []].append((TokenLocation(file: declaration.file, token: token), function))
                        }
                    }
                }
            }
            ownCalls.byName = byName
        }
        return ownCalls.byName?[name] ?? []
    }

    /// `name(`, `self.name(`, `self?.name(`.
    private func isOwnCall(_ token: Int, in file: ParsedFile) -> Bool {
        if file.kind(token - 1) != .period { return !file.at(token - 1, "func") }
        if file.at(token - 2, "self") { return true }
        return file.kind(token - 2) == .postfixQuestionMark && file.at(token - 3, "self")
    }

    /// Whether the property holds a value type, so that changing a part of it changes it.
    private func holdsValue(_ property: Property) -> Bool {
        guard let (fileIndex, _) = index.typeAndAncestors(of: type).lazy
            .compactMap({ info in info.property(named: property.name).map { ($0.file, info) } }).first
        else { return false }
        let propertyFile = index.files[fileIndex]
        if let shape = index.declaredShape(of: property, in: propertyFile, scope: type.name) {
            return index.modelKind(of: shape, from: type.name) == .valueType
        }
        // An untyped literal: `= []`, `= [:]`, `= 0`, `= ""`, `= false`.
        guard let initializer = property.initializer, let first = propertyFile.kind(initializer.lowerBound) else { return false }
        return first == .leftSquare || first == .integerLiteral || first == .floatLiteral || first == .stringQuote
            || propertyFile.at(initializer.lowerBound, "true") || propertyFile.at(initializer.lowerBound, "false")
    }
}

private final class OwnCalls {
    var byName: [String: [(location: TokenLocation, function: FunctionDecl)]]?
}

/// The changes one body makes to the members of `self`.
private struct WriteScanner {
    let file: ParsedFile
    let body: Range<Int>
    /// Names that stand for `self`: `let strongSelf = self`, `guard let this = self`.
    let selfAliases: Set<String>
    /// Locals and parameters, which hide members of the same name.
    let locals: Set<String>

    init(file: ParsedFile, body: Range<Int>, parameters: Set<String>) {
        self.file = file
        self.body = body
        var aliases = Set<String>()
        for index in body where file.at(index, "let") || file.at(index, "var") {
            if file.kind(index + 1) == .identifier, file.kind(index + 2) == .equal, file.at(index + 3, "self"),
                file.kind(index + 4) != .period, file.kind(index + 4) != .postfixQuestionMark
            {
                aliases.insert(file.text(index + 1))
            }
        }
        selfAliases = aliases
        locals = file.localNames(in: body).union(parameters).subtracting(aliases)
    }

    /// Chains the body changes: assignment targets, receivers of mutating methods
    /// (`items.append(x)`), and `&chain` arguments.
    func mutatedChains() -> [MemberChain] {
        var chains = file.assignments(in: body).map(\.target)
        for chain in file.memberChains(in: body) {
            if chain.names.count >= 2, file.isCalled(chain), mutatingMethods.contains(file.text(chain.last)) {
                var receiver = chain
                receiver.names.removeLast()
                receiver.end = chain.last - 1
                chains.append(receiver)
            } else if file.kind(chain.root - 1) == .prefixAmpersand {
                chains.append(chain)
            }
        }
        var seen = Set<Int>()
        return chains.sorted { $0.root < $1.root }.filter { seen.insert($0.root).inserted }
    }

    /// The property a chain changes: `self.items`, `self?.items`, `strongSelf.items`, or
    /// `items` not hidden by a local or parameter. Deeper chains (`self.settings.theme = …`,
    /// `items[0].done = …`) change the property only when it holds a value type.
    func property(changedBy chain: MemberChain, among properties: [String: Property], holdsValue: (Property) -> Bool) -> Property? {
        let root = file.text(chain.root)
        let names: ArraySlice<Int>
        if root == "self" || selfAliases.contains(root) {
            names = chain.names.dropFirst()
        } else if file.kind(chain.root) == .identifier, !locals.contains(root) {
            names = chain.names[...]
        } else {
            return nil
        }
        guard let first = names.first, let property = properties[file.text(first)] else { return nil }
        let subscripted = file.kind(first + 1) == .leftSquare && !file.tokens[first + 1].flags.contains(.leadingSpace)
        if names.count > 1 || subscripted {
            guard holdsValue(property) else { return nil }
        }
        return property
    }
}

/// Methods that change the value they are called on.
private let mutatingMethods: Set<String> = [
    "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "toggle", "sort",
    "reverse", "shuffle", "popLast", "merge", "formUnion", "formIntersection", "subtract",
    "formSymmetricDifference", "updateValue", "removeValue", "replaceSubrange", "swapAt", "move",
]

extension RuleContext {
    /// One note per step of where a write runs, in order.
    func notes(for steps: [ContextStep]) -> [DiagnosticNote] {
        steps.map { note($0.description, at: $0.site.token..<$0.site.token + 1, in: $0.site.file) }
    }
}

extension ProjectIndex {
    /// The project types whose views may hold an instance of `type`: itself, its subclasses,
    /// its superclasses and the project protocols it conforms to.
    func observedAs(_ type: TypeInfo) -> [String] {
        var names = typeAndSubtypes(of: type).map(\.name)
        var queue = [type]
        var seen = Set(names)
        while let current = queue.popLast() {
            for name in current.inherited where seen.insert(name).inserted {
                if let info = types[name] {
                    names.append(name)
                    queue.append(info)
                }
            }
        }
        return names
    }
}
