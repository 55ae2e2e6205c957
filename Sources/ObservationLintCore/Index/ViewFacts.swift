import ObservationSyntax

/// A view's property that holds a model: `@ObservedObject var model: Model`.
public struct ViewModelReference: Sendable, Hashable {
    public let name: String
    /// The property wrapper (`ObservedObject`, `StateObject`, `EnvironmentObject`, `State`,
    /// `Bindable`, `Environment`), or nil for a plain `let`/`var`.
    public let wrapper: String?
    /// The model's qualified type name.
    public let modelType: String
}

/// A view reading a model's state: `model.child.count` in `body`.
public struct ViewModelRead: Sendable {
    public let file: Int
    public let view: String
    /// The view's member whose code reads it: `body`, a helper.
    public let renderer: String
    public let reference: ViewModelReference
    /// The members read after the reference: `["child", "count"]`.
    public let path: [String]
    /// Token of each member in `path`.
    public let tokens: [Int]
    /// Where the read runs: while `body` is evaluated (`.content`), later (`.action`), or
    /// in a closure the analysis cannot classify.
    public let role: ClosureRole

    /// The last member's token: where a note points.
    public var lastToken: Int { tokens[tokens.count - 1] }
}

/// A view changing a model's state through its reference: `model.count += 1`,
/// `model.items.append(x)`, or `$model.name` handed to a control.
public struct ViewModelMutation: Sendable {
    public let file: Int
    public let view: String
    public let reference: ViewModelReference
    public let path: [String]
    public let tokens: [Int]
}

/// Methods that change the value they are called on.
public let mutatingMethodNames: Set<String> = [
    "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange",
    "toggle", "sort", "reverse", "shuffle", "popLast", "merge", "formUnion", "formIntersection",
    "subtract", "formSymmetricDifference", "updateValue", "removeValue", "replaceSubrange",
    "swapAt", "move", "appendContentsOf",
]

/// Walks every view once, while the index is built, to record which model members views
/// read and change.
enum ViewFactsCollector {
    struct Facts {
        var reads: [String: [ViewModelRead]] = [:]
        var mutations: [String: [ViewModelMutation]] = [:]
    }

    /// Views in parallel; each model's reads and mutations in view name order.
    static func collect(_ index: ProjectIndex, jobs: Int) -> Facts {
        let views = index.types.values.filter { ViewCode.isRenderingContainer($0) && index.isOwn($0) }.sorted { $0.name < $1.name }
        let instances = StaticInstances(index)
        let perView = parallelMap(views, jobs: jobs) { view in
            var facts = Facts()
            let references = ReferenceTable(modelReferences(of: view, index: index))
            guard !references.isEmpty || !instances.byType.isEmpty else { return facts }
            let chains = DeclarationChains(of: view, index: index)
            collectReads(of: view, references: references, instances: instances, chains: chains, index: index, into: &facts)
            // Static instances only feed reads.
            if !references.isEmpty { collectMutations(of: view, references: references, chains: chains, files: index.files, into: &facts) }
            return facts
        }
        var facts = Facts()
        for found in perView {
            for (model, reads) in found.reads { facts.reads[model, default: []] += reads }
            for (model, mutations) in found.mutations { facts.mutations[model, default: []] += mutations }
        }
        return facts
    }

    /// The view's properties that hold project classes, with their wrappers.
    /// Only the properties named in `names`, when given.
    static func modelReferences(of view: TypeInfo, index: ProjectIndex, among names: Set<String>? = nil) -> [String: ViewModelReference] {
        var references: [String: ViewModelReference] = [:]
        // Straight from the declarations (`TypeInfo.properties` builds an array per call).
        for declaration in view.declarations {
            let file = index.files[declaration.file]
            for property in declaration.decl.properties where property.isStored && names.map({ $0.contains(property.name) }) ?? true {
                guard let modelType = declaredModel(of: property, in: file, view: view, index: index),
                    let kind = index.types[modelType]?.kind, kind == .class || kind == .protocol
                else { continue }
                let wrapper = property.attributes.lazy.map { String($0.simpleName) }.first { ViewModelReference.wrappers.contains($0) }
                references[property.name] = ViewModelReference(name: property.name, wrapper: wrapper, modelType: modelType)
            }
        }
        return references
    }

    /// The project type a view property holds: the type it declares, or for
    /// `@Environment(\.key)` the type of the environment value `key`.
    private static func declaredModel(of property: Property, in file: ParsedFile, view: TypeInfo, index: ProjectIndex) -> String? {
        if let shape = index.declaredShape(of: property, in: file, scope: view.name) {
            return shape.directName.flatMap { resolveModel($0, from: view.name, index: index) }
        }
        guard let environment = property.attributes.first(named: "Environment"), let arguments = environment.arguments,
            arguments.count == 3, file.kind(arguments.lowerBound) == .backslash, file.kind(arguments.lowerBound + 1) == .period
        else { return nil }
        return index.environmentValueType(named: file.text(arguments.lowerBound + 2))
    }

    /// The project type a view property's type names, through a type alias of a generic
    /// type (`typealias Comment = Entity<CommentData>`) too.
    private static func resolveModel(_ name: String, from view: String, index: ProjectIndex) -> String? {
        if let resolved = index.resolve(name, from: view) { return resolved }
        guard let alias = index.typeAliases[view + "." + name] ?? index.typeAliases[name],
            let target = TypeShape(alias).directName, target != name
        else { return nil }
        return index.resolve(target, from: view)
    }

    /// The static stored properties holding an `@Observable` class's instance
    /// (`static let shared = Session()`): by the qualified name of the type declaring them,
    /// the property's name and the model's qualified name. A body reading
    /// `Session.shared.online` registers `online` with Observation as it does through a
    /// view's own property, whatever the path to the instance. An `ObservableObject` reached
    /// that way is not observed (no wrapper subscribes the view) and is left out.
    struct StaticInstances {
        let byType: [String: [String: ViewModelReference]]
        /// The simple names of the types in `byType`: a cheap test of a chain's first name.
        let typeNames: NameTable

        init(_ index: ProjectIndex) {
            var byType: [String: [String: ViewModelReference]] = [:]
            // A static property can hold an observable class only if its type or its initial
            // value names one: most static properties are constants, ruled out on their tokens.
            let observableNames = NameTable(index.types.values.lazy.filter { $0.isClass && $0.isObservable }.map { String($0.name.simpleTypeName) })
            for type in index.types.values where !observableNames.isEmpty {
                for declaration in type.declarations {
                    let file = index.files[declaration.file]
                    for property in declaration.decl.properties where property.isStored && property.modifiers.contains("static") {
                        let namesObservable = file.source.bytes.withUnsafeBufferPointer { bytes in
                            [property.type?.tokens, property.initializer].contains { range in
                                range?.contains { file.kind($0) == .identifier && observableNames.position(of: file.tokens[$0], in: bytes) != nil } ?? false
                            }
                        }
                        guard namesObservable, let shape = index.declaredShape(of: property, in: file, scope: type.name),
                            let name = shape.directName, let model = index.resolve(name, from: type.name),
                            let info = index.types[model], info.isClass, info.isObservable
                        else { continue }
                        let holder = String(type.name.withoutTypeKeyPrefixes.split(separator: ".").last ?? "")
                        byType[type.name, default: [:]][property.name] = ViewModelReference(
                            name: holder + "." + property.name, wrapper: nil, modelType: model)
                    }
                }
            }
            self.byType = byType
            typeNames = NameTable(byType.keys.map { String($0.withoutTypeKeyPrefixes.split(separator: ".").last ?? "") })
        }

        /// `Type.shared` starting `chain` (`Type` resolved from `view`): the reference it reads.
        func reference(startingAt chain: MemberChain, in file: ParsedFile, from view: String, index: ProjectIndex) -> ViewModelReference? {
            guard chain.names.count > 2, file.kind(chain.root) == .identifier else { return nil }
            let token = file.tokens[chain.root]
            let named = file.source.bytes.withUnsafeBufferPointer { typeNames.position(of: Int(token.start), Int(token.end), in: $0) != nil }
            guard named, let type = index.resolve(file.text(chain.root), from: view) else { return nil }
            return byType[type]?[file.text(chain.names[1])]
        }
    }

    /// A view's model references, looked up by a chain's first name on its bytes.
    struct ReferenceTable {
        let names: NameTable
        /// The reference of each of `names.names`.
        let references: [ViewModelReference]

        init(_ byName: [String: ViewModelReference]) {
            names = NameTable(byName.keys)
            references = names.names.map { byName[$0]! }
        }

        var isEmpty: Bool { references.isEmpty }

        /// The reference the chain's first name (after `self.`, without a binding's `$`) names.
        func reference(rootOf chain: MemberChain, in file: ParsedFile) -> ViewModelReference? {
            guard !references.isEmpty else { return nil }
            let root = chain.names.count > 1 && file.at(chain.root, "self") ? chain.names[1] : chain.root
            let token = file.tokens[root]
            let start = Int(token.start) + (file.kind(root) == .dollarIdentifier ? 1 : 0)
            return file.source.bytes.withUnsafeBufferPointer { names.position(of: start, Int(token.end), in: $0) }.map { references[$0] }
        }
    }

    private static func collectReads(
        of view: TypeInfo, references: ReferenceTable, instances: StaticInstances, chains: DeclarationChains,
        index: ProjectIndex, into facts: inout Facts
    ) {
        for rendering in ViewCode.renderingBodies(of: view, index: index) {
            let (fileIndex, body) = (rendering.file, rendering.range)
            let file = index.files[fileIndex]
            var roles = RenderRoles(body: body, file: file, index: index)
            var aliases: [String: (reference: ViewModelReference, path: [String])] = [:]
            let parameters = Set(rendering.parameters.map(\.name))
            for chain in chains.chains(in: body, of: fileIndex, file: file) {
                // Most chains start at no reference: rule them out on the bytes.
                let instance = instances.byType.isEmpty ? nil : instances.reference(startingAt: chain, in: file, from: view.name, index: index)
                let direct = references.reference(rootOf: chain, in: file)
                guard instance != nil || direct != nil || !aliases.isEmpty else { continue }
                // The root's name, when a local alias or a parameter may be it.
                let rootName = instance == nil && direct == nil || !parameters.isEmpty ? referenceName(file.rootName(of: chain)) : nil
                let alias = instance == nil && direct == nil ? aliases[rootName!] : nil
                guard instance != nil || direct != nil || alias != nil, !(rootName.map(parameters.contains) ?? false)
                else { continue }
                var names = file.path(of: chain)
                var tokens = Array(chain.names.suffix(names.count))
                let reference: ViewModelReference
                var prefix: [String] = []
                if let instance {
                    // `Type.shared.name`: the path starts after the instance.
                    reference = instance
                    names.removeFirst()
                    tokens.removeFirst()
                } else if let direct {
                    reference = direct
                } else if let alias {
                    reference = alias.reference
                    prefix = alias.path
                } else {
                    continue
                }
                names.removeFirst()
                tokens.removeFirst()
                // `box.action = action` writes `action` and reads only what leads to it.
                if file.kind(chain.end) == .equal, !names.isEmpty {
                    names.removeLast()
                    tokens.removeLast()
                }
                let path = prefix + names
                if let bound = boundName(before: chain, in: file), !path.isEmpty {
                    aliases[bound] = (reference, path)
                }
                guard !path.isEmpty else { continue }
                let runsLater = ViewCode.isHandedToAction(from: chain.root, to: chain.end, in: file)
                    || path.count == 1 && ViewCode.isHandedOver(from: chain.root, to: chain.end, in: file)
                        && isMethod(path[0], of: reference.modelType, index: index)
                let role = runsLater ? .action : roles.role(of: chain.root)
                facts.reads[reference.modelType, default: []].append(
                    ViewModelRead(
                        file: fileIndex, view: view.name, renderer: rendering.name, reference: reference, path: path,
                        tokens: tokens.isEmpty ? [chain.root] : tokens, role: role))
            }
        }
    }

    /// Whether `name` is a method of `model` (or an ancestor), not a property.
    private static func isMethod(_ name: String, of model: String, index: ProjectIndex) -> Bool {
        guard let info = index.types[model] else { return false }
        var isMethod = false
        for type in index.typeAndAncestors(of: info) {
            for declaration in type.declarations {
                if declaration.decl.properties.contains(where: { $0.name == name }) { return false }
                if !isMethod { isMethod = declaration.decl.functions.contains { $0.kind == .function && $0.name == name } }
            }
        }
        return isMethod
    }

    /// The property a chain's first name refers to: `$model` (a binding) is `model`'s.
    private static func referenceName(_ name: String) -> String {
        name.utf8.first == UInt8(ascii: "$") ? String(name.dropFirst()) : name
    }

    /// `let c = model.child`, `if let c = model.child`, `ForEach(model.items) { item in`:
    /// the local name bound to the chain, if any.
    private static func boundName(before chain: MemberChain, in file: ParsedFile) -> String? {
        let equal = chain.root - 1
        if file.kind(equal) == .equal, file.kind(equal - 1) == .identifier,
            file.at(equal - 2, "let") || file.at(equal - 2, "var")
        {
            return file.text(equal - 1)
        }
        // `ForEach(model.items) { item in` / `ForEach(model.items, id: \.id) { item in`
        if file.kind(chain.root - 1) == .leftParen, file.at(chain.root - 2, "ForEach") {
            let close = Int(file.partner[chain.root - 1])
            if close > 0, file.kind(close + 1) == .leftBrace, file.kind(close + 2) == .identifier,
                file.at(close + 3, "in")
            {
                return file.text(close + 2)
            }
        }
        return nil
    }

    private static func collectMutations(
        of view: TypeInfo, references: ReferenceTable, chains: DeclarationChains, files: [ParsedFile],
        into facts: inout Facts
    ) {
        for (declaration, declarationChains) in zip(view.declarations, chains.byDeclaration) {
            let file = files[declaration.file]
            let members = declaration.decl.members
            func record(_ chain: MemberChain, _ dropLast: Bool) {
                guard let reference = references.reference(rootOf: chain, in: file) else { return }
                var names = file.path(of: chain)
                var tokens = Array(chain.names.suffix(names.count))
                names.removeFirst()
                tokens.removeFirst()
                if dropLast {
                    names.removeLast()
                    tokens.removeLast()
                }
                guard !names.isEmpty else { return }
                facts.mutations[reference.modelType, default: []].append(
                    ViewModelMutation(
                        file: declaration.file, view: view.name, reference: reference, path: names, tokens: tokens))
            }
            for assignment in file.assignments(in: members) { record(assignment.target, false) }
            for chain in declarationChains {
                if file.isCalled(chain), chain.names.count > 2, mutatingMethodNames.contains(file.text(chain.last)) {
                    record(chain, true)
                } else if file.kind(chain.root) == .dollarIdentifier, chain.names.count > 1 {
                    record(chain, false)  // `$model.name` handed to a control that writes it
                }
            }
        }
    }
}

/// The member chains of each declaration of a view, found once for its reads, its
/// mutations and the rules that scan its bodies.
public struct DeclarationChains {
    private let declarations: [TypeDeclaration]
    let byDeclaration: [[MemberChain]]

    /// The chains of each declaration of `view`, found once per index
    /// (`ProjectIndex.memberChains(inDeclaration:of:)`: rules read them again).
    public init(of view: TypeInfo, index: ProjectIndex) {
        declarations = view.declarations
        byDeclaration = view.declarations.map { index.memberChains(inDeclaration: $0.decl.members, of: index.files[$0.file]) }
    }

    /// The chains of a body inside one of the declarations: those of the declaration that
    /// start in it (a chain never spans a brace, so the declaration's scan and the body's
    /// agree).
    public func chains(in body: Range<Int>, of fileIndex: Int, file: ParsedFile) -> ArraySlice<MemberChain> {
        guard
            let position = declarations.firstIndex(where: {
                $0.file == fileIndex && $0.decl.members.lowerBound <= body.lowerBound && body.upperBound <= $0.decl.members.upperBound
            })
        else { return file.memberChains(in: body)[...] }
        let chains = byDeclaration[position]
        let first = chains.firstPosition { $0.root >= body.lowerBound }
        let end = chains[first...].firstPosition { $0.root >= body.upperBound }
        return chains[first..<end]
    }
}

extension RandomAccessCollection {
    /// The first position whose element satisfies `isAtOrAfter` (its end when none does), for
    /// a predicate false then true along the collection: a binary search.
    func firstPosition(where isAtOrAfter: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if isAtOrAfter(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}

extension ViewModelReference {
    static let wrappers: Set<String> = [
        "ObservedObject", "StateObject", "EnvironmentObject", "State", "Bindable", "Environment",
    ]

    /// Wrappers through which a view subscribes to an ObservableObject's changes.
    public var observesObjectWillChange: Bool {
        wrapper == "ObservedObject" || wrapper == "StateObject" || wrapper == "EnvironmentObject"
    }
}

