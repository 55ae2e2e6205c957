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
    /// Part of initialization, not a later change: in an initializer, or in a private setup
    /// method that only initialization calls, outside closures.
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
    /// Calls of a member's other methods (`child.reload()`), by member name: for a member
    /// holding an object, changes it may make.
    public var calls: [String: [MemberSite]] = [:]
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
        let setup = setupMethodBodies(of: type)
        for declaration in type.declarations {
            let file = files[declaration.file]
            for function in declaration.decl.functions {
                guard let body = function.body else { continue }
                let parameters = Set(function.parameters.map(\.name))
                let isSetup = setup.contains(.init(file: declaration.file, body: body, closure: nil))
                scan(
                    body, file: declaration.file, parameters: parameters,
                    isInitializer: function.kind == .initializer || isSetup, observedProperty: nil, into: &accesses)
            }
            for property in declaration.decl.properties {
                if let body = Self.closureMethodBody(of: property, in: file) {
                    scan(body, file: declaration.file, parameters: [], isInitializer: false, observedProperty: nil, into: &accesses)
                }
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

    /// `lazy var load: () -> Void = { self.items = … }`: the closure a lazy property holds
    /// runs whenever code calls the property as it calls a method (`model.load()`), and
    /// (unlike a non-lazy initial value) it may use `self`: the code between its braces,
    /// which the type's own code is made of as a method's body is. Nil for another initial
    /// value (`lazy var formatter = { … }()` runs once, when first read).
    public static func closureMethodBody(of property: Property, in file: ParsedFile) -> Range<Int>? {
        guard property.modifiers.contains("lazy"), !property.modifiers.contains("static"), let value = property.initializer,
            value.count > 1, file.kind(value.lowerBound) == .leftBrace, Int(file.partner[value.lowerBound]) == value.upperBound - 1
        else { return nil }
        return value.lowerBound + 1..<value.upperBound - 1
    }

    /// The bodies of the type's private methods that only initialization calls: every
    /// mention of the name (`setUp()`, `self.setUp()`) is in an initializer or in another
    /// such method, outside closures (`init` calls `configure()`, which calls `loadDefaults()`).
    private func setupMethodBodies(of type: TypeInfo) -> Set<MemberAccesses.Place> {
        typealias Place = MemberAccesses.Place
        var candidates: [String: [Place]] = [:]
        var excluded = Set<String>()
        var bodies: [(place: Place, isInitializer: Bool, name: String?)] = []
        for declaration in type.declarations {
            for function in declaration.decl.functions {
                guard let body = function.body else { continue }
                let place = Place(file: declaration.file, body: body, closure: nil)
                bodies.append((place, function.kind == .initializer, function.kind == .function ? function.name : nil))
                guard function.kind == .function else { continue }
                if let level = function.modifiers.accessLevel, level <= .fileprivate, !function.modifiers.contains("static"),
                    !function.modifiers.contains("class")
                {
                    candidates[function.name, default: []].append(place)
                } else {
                    excluded.insert(function.name)
                }
            }
            for property in declaration.decl.properties {
                for accessor in property.accessors {
                    if let body = accessor.body { bodies.append((Place(file: declaration.file, body: body, closure: nil), false, nil)) }
                }
            }
        }
        for name in excluded { candidates[name] = nil }
        guard !candidates.isEmpty else { return [] }
        // For each candidate, the methods whose code mentions it; or a mention elsewhere.
        var callers: [String: Set<String>] = [:]
        var mentionedElsewhere = Set<String>()
        let candidateNames = NameTable(candidates.keys)
        for declaration in type.declarations {
            let file = files[declaration.file]
            var scopes: [Range<Int>: BodyScopes] = [:]
            let mentions = file.source.bytes.withUnsafeBufferPointer { bytes in
                declaration.decl.members.filter { token in
                    file.kind(token) == .identifier && candidateNames.position(of: file.tokens[token], in: bytes) != nil
                }
            }
            for token in mentions where !file.at(token - 1, "func") {
                guard file.isOwnMemberReference(token) else { continue }
                let name = file.text(token)
                guard candidates[name] != nil, !mentionedElsewhere.contains(name) else { continue }
                // Only a call made there: `#selector(update)` or `handler: update` runs later.
                guard file.kind(token + 1) == .leftParen,
                    let container = bodies.first(where: { $0.place.file == declaration.file && $0.place.body.contains(token) }),
                    container.isInitializer || container.name != nil
                else {
                    mentionedElsewhere.insert(name)
                    continue
                }
                let body = container.place.body
                if scopes[body] == nil { scopes[body] = self.scopes(in: body, of: file) }
                if scopes[body]!.innermostClosure(containing: token) != nil {
                    mentionedElsewhere.insert(name)
                    continue
                }
                callers[name, default: []].formUnion(container.name.map { [$0] } ?? [])
            }
        }
        var setup = Set<String>()
        var changed = true
        while changed {
            changed = false
            for (name, methods) in callers where !setup.contains(name) && !mentionedElsewhere.contains(name) {
                guard methods.isSubset(of: setup) else { continue }
                setup.insert(name)
                changed = true
            }
        }
        return Set(setup.flatMap { candidates[$0] ?? [] })
    }

    private func scan(
        _ body: Range<Int>, file fileIndex: Int, parameters: Set<String>, isInitializer: Bool,
        observedProperty: String?, into accesses: inout MemberAccesses
    ) {
        let file = files[fileIndex]
        // Most bodies record nothing: their scopes are found at the first site.
        var bodyScopes: BodyScopes?
        func scopes() -> BodyScopes {
            if let bodyScopes { return bodyScopes }
            let found = self.scopes(in: body, of: file)
            bodyScopes = found
            return found
        }
        // The names that hide members (parameters and locals), found at the first chain
        // that may be a member path.
        var hiding: Set<String>?
        func hidden() -> Set<String> {
            if let hiding { return hiding }
            let found = parameters.union(file.localNames(in: body))
            hiding = found
            return found
        }
        func site(_ token: Int) -> MemberSite {
            let closure = scopes().innermostClosure(containing: token)?.range
            return MemberSite(
                file: fileIndex, token: token, body: body, closure: closure,
                inInitializer: isInitializer && closure == nil, observedProperty: observedProperty)
        }
        func record(_ name: String, token: Int) {
            accesses.mutations[name, default: []].append(site(token))
        }
        for assignment in file.assignments(in: body) {
            if let (path, tokens) = memberPath(assignment.target, in: file, parameters: hidden()) {
                record(path[0], token: tokens[0])
            }
        }
        var start = body.lowerBound
        while start < body.upperBound {
            // The chains of `memberChains(in:)`, each built only when the token after it or
            // the `&` before it can make it one of the cases below.
            guard let end = file.memberChainEnd(at: start, limit: body.upperBound) else {
                start += 1
                continue
            }
            defer { start = end }
            let next = file.kind(end)
            guard next == .leftParen || next == .leftBrace || file.kind(start - 1) == .prefixAmpersand,
                let chain = file.memberChain(at: start, limit: body.upperBound)
            else { continue }
            // Each case below but `&name` needs a path of two names (`items.append(`): a
            // single name (`load()`, `self.load()`) is none, whatever hides it.
            let isInout = file.kind(chain.root - 1) == .prefixAmpersand
            guard isInout || chain.names.count - (file.at(chain.root, "self") ? 1 : 0) >= 2 else { continue }
            // The path's first and last names only (`memberPath` would spell every name).
            guard let tokens = memberPathTokens(chain, in: file, parameters: hidden()) else { continue }
            let last = tokens[tokens.count - 1]
            if tokens.count >= 2, file.isCalled(chain), mutatingMethodNames.contains(file.text(last)) {
                record(file.text(tokens[0]), token: tokens[0])
            } else if isInout {
                record(file.text(tokens[0]), token: tokens[0])
            } else if tokens.count == 2, file.at(tokens[0], "objectWillChange"), file.at(last, "send"), file.isCalled(chain) {
                accesses.placesSendingObjectWillChange.insert(
                    .init(file: fileIndex, body: body, closure: scopes().innermostClosure(containing: chain.root)?.range))
            } else if tokens.count >= 2, file.kind(last + 1) == .leftParen {
                accesses.calls[file.text(tokens[0]), default: []].append(site(tokens[0]))
            }
        }
    }

    /// The member path a chain reads inside the type's own code: `self.items.count` and
    /// `items.count` (unless a parameter hides `items`) give `["items", "count"]`.
    /// `parameters` is asked for only when the chain's root is a name other than `self`.
    private func memberPath(_ chain: MemberChain, in file: ParsedFile, parameters: @autoclosure () -> Set<String>) -> ([String], [Int])? {
        memberPathTokens(chain, in: file, parameters: parameters()).map { tokens in (tokens.map { file.text($0) }, tokens) }
    }

    /// The name tokens of `memberPath(_:in:parameters:)`, without their text.
    private func memberPathTokens(_ chain: MemberChain, in file: ParsedFile, parameters: @autoclosure () -> Set<String>) -> [Int]? {
        if file.at(chain.root, "self") { return chain.names.count < 2 ? nil : Array(chain.names.dropFirst()) }
        guard file.kind(chain.root) == .identifier else { return nil }
        let parameters = parameters()
        return !parameters.isEmpty && parameters.contains(file.text(chain.root)) ? nil : chain.names
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
