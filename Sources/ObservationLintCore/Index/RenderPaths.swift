import ObservationSyntax

// Render paths (SPEC §9): the one definition of "rendering code" and of "read by a view".
// Rendering code is the `body` of a rendering container (view, view modifier, app, scene)
// and the members of the container it uses outside action closures (its other
// view-building members among them), transitively. A model member is read by a view when rendering code reads
// it, directly or through the model's computed properties and methods, transitively.

/// A piece of a rendering container's code that runs while its `body` is evaluated.
public struct RenderingBody: Sendable {
    /// The member whose code this is: `body`, `header`, `row`.
    public let name: String
    public let file: Int
    public let range: Range<Int>
    /// Parameters of a helper, which hide the container's members.
    public let parameters: [Parameter]
}

/// A member a render path goes through: a model's computed property or method (its code
/// reads the next member), or a stored property holding the next model (`app.settings`).
public struct RenderStep: Sendable {
    /// The qualified name of the type whose member it is.
    public let owner: String
    public let member: String
    public let file: Int
    /// The member's code (a getter or a function body); nil for a stored property.
    public let body: Range<Int>?
    /// Where the path reads the next member.
    public let token: Int
}

/// A model member chain read by rendering code: directly (`model.items.count` in `body`),
/// through the model's own members (`body` reads `model.summary`, whose getter reads
/// `items.count`), or through another model holding it (`app.cart.items`).
public struct RenderRead: Sendable {
    /// The rendering code's read that starts the path.
    public let origin: ViewModelRead
    /// The members the path passes through, in order (empty for a direct read).
    public let steps: [RenderStep]
    /// The qualified name of the model whose member chain `path` is.
    public let model: String
    /// The chain read on the model, without `self`: `["items", "count"]`.
    public let path: [String]
    public let file: Int
    /// Token of each name in `path` (never empty; fewer when part of the path comes from a
    /// local bound to it).
    public let tokens: [Int]

    /// The rendering container whose code starts the path.
    public var view: String { origin.view }

    /// Whether the path stays inside the model the view holds (no stored property hop).
    public var staysInViewModel: Bool { steps.allSatisfy { $0.body != nil } }

    /// The path for a note: `` `CartView.body` → `Cart.total` → `Cart.items` ``.
    public var description: String {
        let start = "`\(origin.view.simpleTypeName).\(origin.renderer)`"
        let members = steps.map { "`\($0.owner.simpleTypeName).\($0.member)`" }
            + ["`\(model.simpleTypeName).\(path.joined(separator: "."))`"]
        return ([start] + members).joined(separator: " → ")
    }
}

extension ViewCode {
    /// Rendering containers, whose `body` SwiftUI re-evaluates when their state changes:
    /// views, view modifiers, apps and scenes (value types).
    public static func isRenderingContainer(_ type: TypeInfo) -> Bool {
        (type.kind == .struct || type.kind == .enum) && !type.traits.isDisjoint(with: [.view, .viewModifier, .app, .scene])
    }

    /// Where rendering starts in one declaration of a container: `body`, computed
    /// properties of view (or scene) type or marked `@ViewBuilder`/`@SceneBuilder`,
    /// functions that build views, and a modifier's `body(content:)`.
    public static func renderingRoots(in decl: TypeDecl, file: Int, of type: TypeInfo) -> [RenderingBody] {
        var result: [RenderingBody] = []
        for property in decl.properties where property.isComputed && !isStatic(property.modifiers) {
            let typeText = property.type?.text ?? ""
            guard property.name == "body" || property.attributes.contains(named: "ViewBuilder")
                || property.attributes.contains(named: "SceneBuilder") || buildsViews(typeText)
            else { continue }
            for accessor in property.accessors where accessor.kind == .get {
                if let body = accessor.body { result.append(RenderingBody(name: property.name, file: file, range: body, parameters: [])) }
            }
        }
        for function in decl.functions where function.kind == .function && !isStatic(function.modifiers) {
            let isModifierBody = function.name == "body" && type.traits.contains(.viewModifier)
            guard isModifierBody || function.attributes.contains(named: "ViewBuilder") || buildsViews(function.returnType?.text ?? ""),
                let body = function.body
            else { continue }
            result.append(RenderingBody(name: function.name, file: file, range: body, parameters: function.parameters))
        }
        return result
    }

    private static func isStatic(_ modifiers: [Modifier]) -> Bool {
        modifiers.contains("static") || modifiers.contains("class")
    }

    private static func buildsViews(_ typeText: String) -> Bool {
        typeText.hasPrefix("some View") || typeText == "AnyView" || typeText == "some Scene" || typeText == "some SwiftUI.View"
    }

    /// A container's rendering code: its `body` (or, when it declares none, its roots), and
    /// the computed properties and methods of the container (extensions included) that
    /// rendering code uses in content, outside
    /// action closures and closures of unknown role (another module's `.watch(value:) { … }`)
    /// (`header`, `row(for:)`, `ForEach(items, content: row)`), transitively. A method
    /// handed over to run later (`.introspect(…, customize: configure)`, `.onSubmit(save)`)
    /// is a callback.
    public static func renderingBodies(of container: TypeInfo, index: ProjectIndex) -> [RenderingBody] {
        // The view graph, the view facts and several rules ask for the same views.
        index.renderingBodiesByType.value(for: container.name) { collectRenderingBodies(of: container, index: index) }
    }

    private static func collectRenderingBodies(of container: TypeInfo, index: ProjectIndex) -> [RenderingBody] {
        var members: [String: [RenderingBody]] = [:]
        var functionNames = Set<String>()
        var propertyNames = Set<String>()
        var functionBodies = Set<TokenLocation>()
        var roots: [RenderingBody] = []
        for declaration in container.declarations {
            roots += renderingRoots(in: declaration.decl, file: declaration.file, of: container)
            for property in declaration.decl.properties where !isStatic(property.modifiers) {
                propertyNames.insert(property.name)
            }
            for property in declaration.decl.properties where property.isComputed && !isStatic(property.modifiers) {
                if let body = property.accessors.first(where: { $0.kind == .get })?.body {
                    members[property.name, default: []].append(
                        RenderingBody(name: property.name, file: declaration.file, range: body, parameters: []))
                }
            }
            for function in declaration.decl.functions where function.kind == .function && !isStatic(function.modifiers) {
                if let body = function.body {
                    functionNames.insert(function.name)
                    functionBodies.insert(TokenLocation(file: declaration.file, token: body.lowerBound))
                    members[function.name, default: []].append(
                        RenderingBody(name: function.name, file: declaration.file, range: body, parameters: function.parameters))
                }
            }
        }
        // SwiftUI evaluates `body` (a modifier's `body(content:)`): another view-building
        // member is rendering code only when `body` uses it. A container whose `body` the
        // project does not declare (a protocol extension's) starts from all of them.
        let entries = roots.filter { $0.name == "body" }
        var result = entries.isEmpty ? roots : entries
        // A member that builds views makes content wherever rendering code uses it outside an
        // action: in a closure of unknown role too (a project `Layout`'s content), or handed
        // to a call that builds content with it (`Section(data: files, contentBuilder: cell)`).
        let viewBuilders = Set(roots.map(\.name))
        guard !members.isEmpty else { return result }
        let memberNames = NameTable(members.keys)
        var visited = Set(result.map { TokenLocation(file: $0.file, token: $0.range.lowerBound) })
        var next = 0
        while next < result.count {
            let current = result[next]
            next += 1
            let file = index.files[current.file]
            let hidden = Set(current.parameters.map(\.name))
            var roles = RenderRoles(body: current.range, file: file, index: index)
            // `selection?.matcher` beside `func selection(for:)`: a name not called names
            // the property, never the method.
            var called: [(name: String, isCall: Bool)] = []
            file.source.bytes.withUnsafeBufferPointer { bytes in
                for token in current.range where file.kind(token) == .identifier {
                    guard memberNames.position(of: file.tokens[token], in: bytes) != nil, file.isOwnMemberReference(token),
                        !file.isArgumentLabel(token)
                    else { continue }
                    let name = file.text(token)
                    let start = file.kind(token - 1) == .period ? token - 2 : token  // `self.name`
                    guard !hidden.contains(name), !isHandedToAction(from: start, to: token + 1, in: file),
                        !(functionNames.contains(name) && !viewBuilders.contains(name) && isHandedOver(from: start, to: token + 1, in: file)),
                        roles.role(of: token) == .content || viewBuilders.contains(name) && roles.role(of: token) == .unknown
                    else { continue }
                    called.append((name, file.kind(token + 1) == .leftParen || file.kind(token + 1) == .leftBrace))
                }
            }
            for (name, isCall) in called {
                let skipsFunctions = !isCall && propertyNames.contains(name)
                for body in members[name] ?? [] {
                    let start = TokenLocation(file: body.file, token: body.range.lowerBound)
                    guard !(skipsFunctions && functionBodies.contains(start)), visited.insert(start).inserted else { continue }
                    result.append(body)
                }
            }
        }
        return result
    }

    /// `.onSubmit(model.filter)`, `.introspect(…, customize: configure)`: a function (named
    /// from `start` to before `end`) handed to a call as an argument, not called, so it runs
    /// when the callee decides — not while the body is evaluated. Unlabeled, only where the
    /// callee is one of SwiftUI's or Combine's event handlers; labeled, unless the label is a
    /// content one (`content: row`) or the callee builds content or runs it now
    /// (`items.sorted(by: model.precedes)`).
    public static func isHandedOver(from start: Int, to end: Int, in file: ParsedFile) -> Bool {
        let end = referenceEnd(end, in: file)
        guard file.kind(end) == .comma || file.kind(end) == .rightParen else { return false }
        var separator = start - 1
        var label: String?
        if file.kind(separator) == .colon, file.isWord(separator - 1) {
            label = file.text(separator - 1)
            separator -= 2
        }
        guard let open = file.argumentListOpener(from: separator), file.kind(open - 1) == .identifier else { return false }
        let callee = file.text(open - 1)
        guard let label else { return actionCallees.contains(callee) }
        return !contentLabels.contains(label) && !contentCallees.contains(callee)
    }

    /// `Button(action: save)`, `.onAppear(perform: model.load)`: a method (the name, or the
    /// chain, from `start` to before `end`) handed over to run later.
    public static func isHandedToAction(from start: Int, to end: Int, in file: ParsedFile) -> Bool {
        file.kind(start - 1) == .colon && file.isWord(start - 2) && isActionLabel(file.text(start - 2))
            && file.kind(referenceEnd(end, in: file)) != .leftParen
    }

    /// Where a function reference ends: after the argument labels of a compound name
    /// (`scrub(progress:)`, `model.seek(to:)`, `row(_:)` — a reference, never a call) when
    /// they follow at `end`, else `end`.
    static func referenceEnd(_ end: Int, in file: ParsedFile) -> Int {
        guard file.kind(end) == .leftParen, !file.tokens[end].flags.contains(.leadingSpace) else { return end }
        var probe = end + 1
        while file.isWord(probe), file.kind(probe + 1) == .colon { probe += 2 }
        return probe > end + 1 && file.kind(probe) == .rightParen ? probe + 1 : end
    }
}

extension ProjectIndex {
    /// The project type a global variable holds (`var Current: World`, `let store = Store()`),
    /// by the variable's name; nil when no file declares it or declarations disagree.
    public func globalVariableType(named name: String) -> String? {
        globalVariableTypes.value {
            var result: [String: String] = [:]
            var conflicting = Set<String>()
            for (position, file) in files.enumerated() {
                for property in file.properties where !property.modifiers.contains("static") {
                    guard let held = declaredShape(of: property, in: file, scope: nil)?.directName,
                        let type = resolve(held, file: position)
                    else { continue }
                    if let known = result[property.name], known != type { conflicting.insert(property.name) }
                    result[property.name] = type
                }
            }
            for name in conflicting { result[name] = nil }
            return result
        }[name]
    }

    /// The render reads of a model (by qualified type name). Computed for every model at
    /// once, on first use.
    public func renderReads(of model: String) -> [RenderRead] {
        renderReadsByModel.value { RenderPathCollector.collect(self) }[model] ?? []
    }
}

/// Follows the reads of rendering code through models' computed properties and methods,
/// and through stored properties into the project classes they hold. Each member is
/// followed once for observing views and once for the others (rules about
/// ObservableObjects need a view that observes): the first path found is the one a note
/// shows.
enum RenderPathCollector {
    private typealias MemberBody = (file: Int, body: Range<Int>, parameters: Set<String>)

    /// A model's members: the code of its computed properties and methods, and the
    /// classes its stored properties hold.
    private struct Members {
        var code: [String: [MemberBody]] = [:]
        var held: [String: String] = [:]
        var names = Set<String>()
        var functions = Set<String>()
        var stored = Set<String>()
    }

    /// `client.session` beside `func session(_:didReceive:)`: a name not called names the
    /// stored property, never the method.
    private static func namesStoredProperty(_ read: RenderRead, of members: Members, index: ProjectIndex) -> Bool {
        guard members.stored.contains(read.path[0]), read.tokens.count == read.path.count else { return false }
        let file = index.files[read.file]
        let next = file.kind(read.tokens[0] + 1)
        return next != .leftParen && next != .leftBrace
    }

    /// A member's code, or a chain through a held model, followed for observing views or
    /// for the others.
    private struct Followed: Hashable {
        let observes: Bool
        let model: String
        let path: [String]
    }

    static func collect(_ index: ProjectIndex) -> [String: [RenderRead]] {
        var queue: [RenderRead] = []
        for model in index.viewReads.keys.sorted() {
            for origin in index.viewReads[model] ?? [] where origin.role == .content {
                queue.append(RenderRead(origin: origin, steps: [], model: model, path: origin.path, file: origin.file, tokens: origin.tokens))
            }
        }
        var membersByModel: [String: Members] = [:]
        var followed = Set<Followed>()
        var result: [String: [RenderRead]] = [:]
        var next = 0
        while next < queue.count {
            let read = queue[next]
            next += 1
            result[read.model, default: []].append(read)
            let member = read.path[0]
            let observes = read.origin.reference.observesObjectWillChange
            if membersByModel[read.model] == nil { membersByModel[read.model] = members(of: read.model, index: index) }
            let members = membersByModel[read.model]!
            if !namesStoredProperty(read, of: members, index: index), let bodies = members.code[member],
                followed.insert(Followed(observes: observes, model: read.model, path: [member])).inserted
            {
                for body in bodies {
                    for (path, tokens) in memberReads(in: body, of: members, index: index) {
                        let step = RenderStep(owner: read.model, member: member, file: body.file, body: body.body, token: tokens[0])
                        queue.append(
                            RenderRead(
                                origin: read.origin, steps: read.steps + [step], model: read.model, path: path, file: body.file,
                                tokens: tokens))
                    }
                }
            }
            // `app.settings.theme`: `theme` read on the `Settings` that `settings` holds.
            if read.path.count > 1, let held = members.held[member], read.steps.count < 16,
                followed.insert(Followed(observes: observes, model: read.model, path: read.path)).inserted
            {
                let step = RenderStep(owner: read.model, member: member, file: read.file, body: nil, token: read.tokens[0])
                queue.append(
                    RenderRead(
                        origin: read.origin, steps: read.steps + [step], model: held, path: Array(read.path.dropFirst()),
                        file: read.file, tokens: read.tokens.count > 1 ? Array(read.tokens.dropFirst()) : read.tokens))
            }
        }
        return result
    }

    private static func members(of model: String, index: ProjectIndex) -> Members {
        var members = Members()
        guard let info = index.types[model] else { return members }
        for owner in index.typeAndAncestors(of: info) {
            for (file, property) in owner.properties where !property.modifiers.contains("static") {
                members.names.insert(property.name)
                if property.isStored {
                    members.stored.insert(property.name)
                    // `any Session` holds an instance of a class conforming to the protocol.
                    let written = property.type.map(\.text).flatMap { $0.hasPrefix("any ") ? TypeShape(String($0.dropFirst(4))) : nil }
                    if let shape = written ?? index.declaredShape(of: property, in: index.files[file], scope: owner.name),
                        let name = shape.directName, let held = index.resolve(name, from: owner.name),
                        index.types[held]?.kind == .class || (written != nil && index.types[held]?.kind == .protocol)
                    {
                        members.held[property.name] = held
                    }
                } else if let getter = property.accessors.first(where: { $0.kind == .get || $0.kind == .read })?.body {
                    members.code[property.name, default: []].append((file, getter, []))
                }
            }
            for (file, function) in owner.functions where function.kind == .function && !function.modifiers.contains("static") {
                members.names.insert(function.name)
                members.functions.insert(function.name)
                if let body = function.body {
                    members.code[function.name, default: []].append((file, body, Set(function.parameters.map(\.name))))
                }
            }
        }
        return members
    }
    /// The model's members a member's code reads (`items.count`, `self.items`), outside
    /// closures that run later and methods handed over to run later; not those it assigns.
    private static func memberReads(in member: MemberBody, of members: Members, index: ProjectIndex) -> [(path: [String], tokens: [Int])] {
        let file = index.files[member.file]
        let hidden = member.parameters.union(file.localNames(in: member.body))
        var roles = RenderRoles(body: member.body, file: file, index: index)
        var result: [(path: [String], tokens: [Int])] = []
        let assigned = Set(file.assignments(in: member.body).map(\.target.root))
        for chain in file.memberChains(in: member.body) where !assigned.contains(chain.root) {
            let rootIsSelf = file.at(chain.root, "self")
            let tokens = rootIsSelf ? Array(chain.names.dropFirst()) : chain.names
            guard let first = tokens.first, rootIsSelf || file.kind(chain.root) == .identifier, !file.isArgumentLabel(chain.root) else { continue }
            let path = tokens.map { file.text($0) }
            guard members.names.contains(path[0]), rootIsSelf || !hidden.contains(path[0]), roles.role(of: first) != .action,
                !(path.count == 1 && members.functions.contains(path[0]) && ViewCode.isHandedOver(from: chain.root, to: chain.end, in: file))
            else { continue }
            result.append((path, tokens))
        }
        return result
    }
}
