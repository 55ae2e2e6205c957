import ObservationSyntax

/// Where a type's own code touches one of its members.
public struct MemberSite: Sendable {
    public let file: Int
    /// The member's name token.
    public let token: Int
    /// The function or accessor body the site is in.
    public let body: Range<Int>
    /// Inside a closure that the body creates (so it runs at another time).
    public var inClosure: Bool { closure != nil }
    /// The innermost closure around the site, if any.
    public let closure: Range<Int>?
    /// In an initializer, outside closures: part of initialization, not a later change.
    public let inInitializer: Bool
    /// In a `willSet`/`didSet` of this property.
    public let observedProperty: String?
}

/// A computed property of the type reading a member chain: `var total: Int { items.count }`.
public struct ComputedRead: Sendable {
    public let file: Int
    public let property: Property
    /// The chain read, without `self`: `["items", "count"]`.
    public let path: [String]
    public let tokens: [Int]
}

/// How a type's own code reads and changes its members, gathered in one pass over the
/// bodies of all its declarations (extensions in other files included).
public struct MemberAccesses: Sendable {
    /// Mutations by member name: assignments, compound assignments, mutating method calls
    /// (`items.append(x)`) and `&member` arguments.
    public var mutations: [String: [MemberSite]] = [:]
    /// Reads in computed property getters.
    public var computedReads: [ComputedRead] = []
    /// The places (a body, or a closure in it) that call `objectWillChange.send()`
    /// directly.
    public var placesSendingObjectWillChange: Set<Place> = []

    /// Code that runs as one piece: a function or accessor body, or one closure in it.
    public struct Place: Hashable, Sendable {
        public let file: Int
        public let body: Range<Int>
        public let closure: Range<Int>?

        public init(_ site: MemberSite) {
            self.init(file: site.file, body: site.body, closure: site.closure)
        }

        init(file: Int, body: Range<Int>, closure: Range<Int>?) {
            self.file = file
            self.body = body
            self.closure = closure
        }
    }
}

extension ProjectIndex {
    /// How `type`'s own code reads and changes its members (computed once per type).
    public func memberAccesses(of type: TypeInfo) -> MemberAccesses {
        memberAccessesByType.value(for: type.name) { collectMemberAccesses(of: type) }
    }

    private func collectMemberAccesses(of type: TypeInfo) -> MemberAccesses {
        var accesses = MemberAccesses()
        for declaration in type.declarations {
            let file = files[declaration.file]
            for function in declaration.decl.functions {
                guard let body = function.body else { continue }
                let parameters = Set(function.parameters.map(\.name))
                scan(
                    body, file: declaration.file, parameters: parameters,
                    isInitializer: function.kind == .initializer, observedProperty: nil, into: &accesses)
            }
            for property in declaration.decl.properties {
                for accessor in property.accessors {
                    guard let body = accessor.body else { continue }
                    let observed = accessor.kind == .willSet || accessor.kind == .didSet ? property.name : nil
                    scan(
                        body, file: declaration.file, parameters: ["newValue", "oldValue"], isInitializer: false,
                        observedProperty: observed, into: &accesses)
                    if accessor.kind == .get, property.modifiers.accessLevel.map({ $0 > .private }) ?? true {
                        let locals = file.localNames(in: body)
                        for chain in file.memberChains(in: body) {
                            guard let (path, tokens) = memberPath(chain, in: file, parameters: locals) else { continue }
                            accesses.computedReads.append(
                                ComputedRead(file: declaration.file, property: property, path: path, tokens: tokens))
                        }
                    }
                }
            }
        }
        return accesses
    }

    private func scan(
        _ body: Range<Int>, file fileIndex: Int, parameters: Set<String>, isInitializer: Bool,
        observedProperty: String?, into accesses: inout MemberAccesses
    ) {
        let file = files[fileIndex]
        let scopes = file.scopes(in: body)
        let parameters = parameters.union(file.localNames(in: body))
        func innermostClosure(_ token: Int) -> Range<Int>? {
            scopes.enclosing(token).first { if case .closure = $0.kind { true } else { false } }?.range
        }
        func record(_ name: String, token: Int) {
            let closure = innermostClosure(token)
            accesses.mutations[name, default: []].append(
                MemberSite(
                    file: fileIndex, token: token, body: body, closure: closure,
                    inInitializer: isInitializer && closure == nil, observedProperty: observedProperty))
        }
        for assignment in file.assignments(in: body) {
            if let (path, tokens) = memberPath(assignment.target, in: file, parameters: parameters) {
                record(path[0], token: tokens[0])
            }
        }
        for chain in file.memberChains(in: body) {
            guard let (path, tokens) = memberPath(chain, in: file, parameters: parameters) else { continue }
            if path.count >= 2, file.isCalled(chain), mutatingMethodNames.contains(path[path.count - 1]) {
                record(path[0], token: tokens[0])
            } else if file.kind(chain.root - 1) == .prefixAmpersand {
                record(path[0], token: tokens[0])
            } else if path == ["objectWillChange", "send"], file.isCalled(chain) {
                accesses.placesSendingObjectWillChange.insert(
                    .init(file: fileIndex, body: body, closure: innermostClosure(chain.root)))
            }
        }
    }

    /// The member path a chain reads inside the type's own code: `self.items.count` and
    /// `items.count` (unless a parameter hides `items`) give `["items", "count"]`.
    private func memberPath(_ chain: MemberChain, in file: ParsedFile, parameters: Set<String>) -> ([String], [Int])? {
        let rootIsSelf = file.at(chain.root, "self")
        if rootIsSelf, chain.names.count < 2 { return nil }
        if !rootIsSelf, file.kind(chain.root) != .identifier || parameters.contains(file.text(chain.root)) {
            return nil
        }
        let tokens = rootIsSelf ? Array(chain.names.dropFirst()) : chain.names
        return (tokens.map { file.text($0) }, tokens)
    }

    /// `type` and the project classes it inherits from, nearest first.
    public func typeAndAncestors(of type: TypeInfo) -> [TypeInfo] {
        var result = [type]
        var current = type
        while result.count < 32,
            let superclass = current.inherited.lazy.compactMap({ self.types[$0] }).first(where: { $0.isClass }),
            !result.contains(where: { $0.name == superclass.name })
        {
            result.append(superclass)
            current = superclass
        }
        return result
    }

    /// The project types that inherit from `type` (directly or not), and `type` itself.
    public func typeAndSubtypes(of type: TypeInfo) -> [TypeInfo] {
        var result = [type]
        var seen: Set<String> = [type.name]
        var next = 0
        while next < result.count {
            for name in subtypes[result[next].name] ?? [] where seen.insert(name).inserted {
                if let info = types[name] { result.append(info) }
            }
            next += 1
        }
        return result
    }
}
