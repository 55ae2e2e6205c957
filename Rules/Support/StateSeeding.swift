import ObservationLintCore
import ObservationSyntax

/// A view's `@State` whose value comes from outside (SPEC §7, the definition shared by
/// `state_initialized_from_parameter` and, where a caller passes a changing value,
/// `state_initialized_from_outside`).
struct SeededState {
    enum Source {
        /// No initial value: the memberwise initializer takes it.
        case memberwise
        /// An initializer assigns it from its parameter (`assignment`: the tokens, in `file`).
        case parameter(Parameter, assignment: Range<Int>, file: Int)
    }

    let property: Property
    let source: Source
    /// The name of the view's declaration that holds it (one `#if` variant of the view).
    let declaration: TokenLocation?
    /// Further parameters the value is built from (`Model(spread: spread, sizeClass:
    /// sizeClass)`), after the source's.
    var otherParameters: [Parameter] = []

    /// The labels of every argument the value is built from.
    var labels: [String?] { [label] + otherParameters.map(\.label) }

    /// The argument label callers pass the value with (nil: unlabeled).
    var label: String? {
        switch source {
        case .memberwise: property.name
        case .parameter(let parameter, _, _): parameter.label
        }
    }
}

enum StateSeeding {
    /// The `@State` properties of `decl` (a declaration of the view `view`) that take their
    /// value from outside, except those the intent or the code exempts: `initial…`/`default…`
    /// names, optionals without an assignment (unless `includingOptionals`: a caller that
    /// passes one is known only at its call site), states the view keeps current itself
    /// (`resyncs`), and stores of The Composable Architecture handed down.
    static func seededStates(
        of decl: TypeDecl, view: TypeInfo, in file: ParsedFile, index: ProjectIndex, includingOptionals: Bool = false
    ) -> [SeededState] {
        guard view.isView else { return [] }
        let explicitInits = view.declarations.flatMap { declaration in
            declaration.decl.functions.filter { $0.kind == .initializer }.map { (declaration.file, $0) }
        }
        var result: [SeededState] = []
        // The view's modifier calls, found once for all its states.
        lazy var modifierCalls = view.declarations.map { declaration in
            let file = index.files[declaration.file]
            return (file: declaration.file, decl: declaration.decl, calls: file.calls(in: declaration.decl.members) { token in file.kind(token - 1) == .period })
        }
        for property in decl.properties
        where property.attributes.contains(named: "State") && property.isStored && !isSeedName(property.name) {
            // A store handed down is the parent's, scoped: the first one is the one to keep.
            if ViewProperty.holdsComposableArchitectureStore(property, in: file, scope: view.name, index: index) { continue }
            var source: SeededState.Source?
            var otherParameters: [Parameter] = []
            if property.initializer == nil, ViewProperty.hasMemberwiseInit(view),
                includingOptionals || !(property.type.map { TypeShape($0.text).isOptional } ?? false)
            {
                source = .memberwise
            } else {
                for (fileIndex, initializer) in explicitInits {
                    if let (parameters, tokens) = assignmentFromParameters(
                        to: property.name, hasInitialValue: hasInitialValue(property), in: initializer, file: index.files[fileIndex])
                    {
                        source = .parameter(parameters[0], assignment: tokens, file: fileIndex)
                        otherParameters = Array(parameters.dropFirst())
                        break
                    }
                }
            }
            guard let source, !resyncs(property.name, in: view, modifiers: modifierCalls, index: index) else { continue }
            result.append(
                SeededState(
                    property: property, source: source,
                    declaration: index.fileIndex(of: file).map { TokenLocation(file: $0, token: decl.nameToken) },
                    otherParameters: otherParameters))
        }
        return result
    }

    /// The call site that makes `state` a bug (SPEC §7 as amended by §9): it passes a value
    /// that can change while the view lives, the view is not re-identified by it, and the
    /// view never edits the state (`editedStates`): SwiftUI keeps the state's first value, so
    /// a state the view only shows loses every later value; a state the view edits starts
    /// from the caller's value by design (an editor's draft, a toggle's first position). Nor
    /// when the view hands the state back (`handsBack`): what its caller writes from it is
    /// the view's own value. Nil when no such site is known.
    static func changingSeed(_ state: SeededState, of view: TypeInfo, in file: ParsedFile, index: ProjectIndex)
        -> CallSites.ChangingValue?
    {
        // `state_initialized_from_outside` and `state_initialized_from_parameter` ask it of the
        // same states: once per state (its property, and the initializer assignment it comes
        // from, which fixes its labels).
        guard let declaration = state.declaration else { return uncachedChangingSeed(state, of: view, in: file, index: index) }
        var source = [-1, -1]
        if case .parameter(_, let assignment, let assignmentFile) = state.source { source = [assignmentFile, assignment.lowerBound] }
        let key = SharedAnswerKey(kind: "changingSeed", location: declaration, details: [state.property.nameToken] + source)
        return index.sharedAnswers.value(for: key) { uncachedChangingSeed(state, of: view, in: file, index: index) }
    }

    private static func uncachedChangingSeed(_ state: SeededState, of view: TypeInfo, in file: ParsedFile, index: ProjectIndex)
        -> CallSites.ChangingValue?
    {
        // The view's own code first: it is cheaper than walking the call sites.
        let name = state.property.name
        let holdsObject = holdsObject(state.property, of: view, in: file, index: index)
        guard isUsed(name, in: view, index: index),
            editedStates(among: [name], objects: holdsObject ? [name] : [], in: view, index: index).isEmpty,
            !handsBack(name, in: view, index: index)
        else { return nil }
        let holdsReference = holdsObject && storesItself(state, index: index)
        let dismissing = dismissingCallbacks(in: view, index: index)
        for label in state.labels {
            if let seed = CallSites.changingValue(
                passedAs: label, to: view.name, declaredAt: state.declaration, holdsReference: holdsReference,
                dismissingCallbacks: dismissing, index: index)
            {
                return seed
            }
        }
        return nil
    }

    /// The view's closures (stored properties of a function type) that it calls only in a
    /// flow that then dismisses it (`onSave(draft); dismiss()`, with `dismiss` its
    /// `@Environment(\.dismiss)`, in the same closure or function body and a block that
    /// holds the call): when the view is the content a presentation shows, what its caller
    /// writes in one runs as the view goes, so the view shows nothing stale afterwards. `""`
    /// stands for an unlabeled (trailing) closure when the view has no other closure.
    static func dismissingCallbacks(in view: TypeInfo, index: ProjectIndex) -> Set<String> {
        guard let (_, dismissProperty) = view.property(named: "dismiss"), dismissProperty.isStored,
            dismissProperty.attributes.contains(where: { $0.simpleName == "Environment" })
        else { return [] }
        let closures = closureProperties(of: view)
        guard !closures.isEmpty else { return [] }
        var qualified = Set<String>()
        var other = Set<String>()
        for declaration in view.declarations {
            let file = index.files[declaration.file]
            let bodies = declaration.decl.properties.flatMap { $0.accessors.compactMap(\.body) }
                + declaration.decl.functions.filter { $0.kind != .initializer }.compactMap(\.body)
            for body in bodies {
                let scopes = index.scopes(in: body, of: file)
                for token in body where file.kind(token) == .identifier && file.isOwnMemberReference(token) {
                    let text = file.text(token)
                    guard closures.contains(text) else { continue }
                    // Every use a call that dismisses after it; a closure handed on disqualifies it.
                    let next = file.kind(token + 1) == .postfixQuestionMark ? token + 2 : token + 1
                    if file.kind(next) == .leftParen, dismisses(after: token, in: body, file: file, scopes: scopes) {
                        qualified.insert(text)
                    } else {
                        other.insert(text)
                    }
                }
            }
        }
        let result = qualified.subtracting(other)
        // The view's only closure: an unlabeled (trailing) closure a caller passes is it.
        return closures.count == 1 && !result.isEmpty ? result.union([""]) : result
    }

    /// Whether `dismiss()` follows the call at `call` in its closure (or `body`), in a block
    /// that also holds the call (not `if done { dismiss() }`).
    private static func dismisses(after call: Int, in body: Range<Int>, file: ParsedFile, scopes: BodyScopes) -> Bool {
        let closure = scopes.innermostClosure(containing: call)?.range
        return (call..<(closure ?? body).upperBound).contains { candidate in
            guard file.at(candidate, "dismiss"), file.isOwnMemberReference(candidate), file.kind(candidate + 1) == .leftParen,
                file.kind(candidate + 2) == .rightParen,
                scopes.innermostClosure(containing: candidate)?.range == closure
            else { return false }
            guard let block = scopes.innermostIndex(containing: candidate) else { return true }
            return scopes.scopes[block].range.contains(call)
        }
    }

    /// The view's stored properties of a function type without a wrapper (`let onSave: (Draft) -> Void`).
    private static func closureProperties(of view: TypeInfo) -> Set<String> {
        Set(view.properties.compactMap { _, property in
            property.isStored && property.attributes.isEmpty && property.type?.text.contains("->") == true ? property.name : nil
        })
    }

    /// Whether the view uses its state anywhere but in its initializers (`name`,
    /// `self.name`, `$name`): a state only ever assigned shows nothing, stale or not.
    private static func isUsed(_ name: String, in view: TypeInfo, index: ProjectIndex) -> Bool {
        let binding = "$" + name
        return view.declarations.contains { declaration in
            let file = index.files[declaration.file]
            // From `init` to its closing brace: its parameters and its body.
            let initializers = declaration.decl.functions.filter { $0.kind == .initializer }.compactMap { initializer in
                initializer.body.map { initializer.nameToken..<$0.upperBound }
            }
            let declarations = Set(declaration.decl.properties.map(\.nameToken))
            return declaration.decl.members.contains { token in
                guard file.kind(token) == .identifier || file.kind(token) == .dollarIdentifier else { return false }
                guard file.spells(token, name) || file.spells(token, binding), !declarations.contains(token) else { return false }
                if !file.isOwnMemberReference(token) { return false }
                return !initializers.contains { $0.contains(token) }
            }
        }
    }

    /// Whether the state holds an object (a project class), declared so.
    private static func holdsObject(_ property: Property, of view: TypeInfo, in file: ParsedFile, index: ProjectIndex) -> Bool {
        guard let shape = index.declaredShape(of: property, in: file, scope: view.name) else { return false }
        return index.modelKind(of: shape, from: view.name, file: index.fileIndex(of: file)).isClass
    }

    /// Whether the state keeps the object its caller passes (`_x = State(initialValue: x)`,
    /// `self.x = x`, the memberwise initializer): its reference changes only when a caller
    /// passes another object. A state built from the parameters (`loader = ImageLoader(url:
    /// url)`) holds an object of its own: a new value passed is what changes it.
    private static func storesItself(_ state: SeededState, index: ProjectIndex) -> Bool {
        guard case .parameter(let parameter, let assignment, let fileIndex) = state.source else { return true }
        let file = index.files[fileIndex]
        guard let equal = assignment.first(where: { file.at($0, "=") }) else { return false }
        let assigned = equal + 1..<assignment.upperBound
        // `State(initialValue: x)`, `.init(wrappedValue: x)`: what it wraps.
        let value = file.wrapperInitialValue(in: assigned, wrappers: ["State"]) ?? assigned
        return value.count == 1 && file.spells(value.lowerBound, parameter.name)
    }

    /// Whether the view hands the state back as an edited draft, in an action (a `Button`
    /// action, a function it calls): passes it to a closure it was given
    /// (`onSave(draft)`), to a method of another of its properties (`store.update(draft)`),
    /// or assigns it to a `@Binding` (`item = draft`) — itself or through a computed property
    /// that reads it; or writes it on in its own `didSet`.
    /// A view that edits none of its states is no editor: passing a field of one on
    /// (`onTap(item.url)`) hands back no draft; only the whole value counts then.
    static func handsBack(_ name: String, in view: TypeInfo, index: ProjectIndex) -> Bool {
        let states = Set(view.properties.filter { $0.property.attributes.contains(named: "State") }.map(\.property.name))
        // Asked only when a field of the state is passed on (a scan of the whole view).
        var editsNoState: Bool?
        let wholeOnly = {
            if editsNoState == nil { editsNoState = editedStates(among: states, in: view, index: index).isEmpty }
            return editsNoState!
        }
        let rendering = Set(ViewCode.renderingBodies(of: view, index: index).map { [$0.file, $0.range.lowerBound] })
        // `var data: Payload { Payload(title: title) }`: what reads the state carries it.
        var carriers: Set<String> = [name]
        for declaration in view.declarations {
            let file = index.files[declaration.file]
            for property in declaration.decl.properties where property.isComputed && property.name != "body" {
                let reads = property.accessors.compactMap(\.body).contains { body in
                    body.contains { file.kind($0) == .identifier && file.spells($0, name) && file.kind($0 - 1) != .period }
                }
                if reads { carriers.insert(property.name) }
            }
            // `@State var mode: Mode { didSet { model.mode = mode } }`, `didSet { onPick(mode) }`,
            // a `@Binding` assigned; not `didSet { isDirty = true }` or `lastMode = mode`.
            if let state = declaration.decl.properties.first(where: { $0.name == name }),
                let didSet = state.accessors.first(where: { $0.kind == .didSet })?.body
            {
                let writesOn = file.assignments(in: didSet).contains { assignment in
                    let target = file.path(of: assignment.target)
                    return target.count > 1 && target[0] != name
                        && assignment.value.contains { file.kind($0) == .identifier && file.spells($0, name) && file.isOwnMemberReference($0) }
                }
                if writesOn || !handOvers(of: [name], in: didSet, view, declaration.file, index, wholeOnly: wholeOnly).isEmpty { return true }
            }
        }
        for declaration in view.declarations {
            let file = index.files[declaration.file]
            let bodies = declaration.decl.properties.filter(\.isComputed).flatMap { $0.accessors.compactMap(\.body) }
                + declaration.decl.functions.filter { $0.kind != .initializer }.compactMap(\.body)
            for body in bodies {
                let tokens = handOvers(of: carriers, in: body, view, declaration.file, index, wholeOnly: wholeOnly)
                guard !tokens.isEmpty else { continue }
                // In rendering code, only an action hands it back; a function runs when called.
                guard rendering.contains([declaration.file, body.lowerBound]) else { return true }
                var roles = RenderRoles(body: body, file: file, index: index)
                if tokens.contains(where: { roles.role(of: $0) == .action }) { return true }
            }
        }
        return false
    }

    /// The states among `names` the view edits outside its initializers: assigns them
    /// (`draft = …`, `draft.title = …`), calls a mutating method on them
    /// (`draft.items.append(x)`, a `mutating func` of the project struct the state holds, any
    /// method of a project class), or hands them out as a binding (`$draft`, `&draft`).
    /// A state in `objects` holds an object the view keeps: only replacing the reference edits
    /// the state (`model = Model()`, `&model`, `$model` handed out whole); setting a field
    /// (`model.title = …`, `$model.title`) or calling a method changes the object, not which
    /// one the state holds. A state holding a collection of objects (`[Item]` of a class)
    /// is edited by replacing it or an element (`items = …`, `items[0] = …`) or by a mutating
    /// method of the collection (`items.append(x)`); setting an element's field
    /// (`items[0].done = true`) or calling its method (`items.first?.archive()`) changes the
    /// element object, and other methods of the collection (`items.sorted()`) only read it.
    /// One pass over each declaration.
    static func editedStates(
        among names: Set<String>, objects: Set<String> = [], in view: TypeInfo, index: ProjectIndex
    ) -> Set<String> {
        guard !names.isEmpty else { return [] }
        let bindings = Set(names.map { "$" + $0 })
        let elementObjects = Set(names.filter { name in
            guard !objects.contains(name), let (file, property) = view.property(named: name), let type = property.type,
                TypeShape(type.text).directName == nil
            else { return false }
            return heldType(of: property, in: view, file: file, index: index)?.isClass == true
        })
        let references = objects.union(elementObjects)
        var edited = Set<String>()
        for declaration in view.declarations {
            let file = index.files[declaration.file]
            let initializers = declaration.decl.functions.filter { $0.kind == .initializer }.compactMap(\.body)
            func isInInitializer(_ token: Int) -> Bool { initializers.contains { $0.contains(token) } }
            // For an object, a member after the name (`$model.title`, `&model.count`) is the object's.
            func isWhole(_ name: String, _ token: Int) -> Bool { !objects.contains(name) || file.kind(token + 1) != .period }
            let members = declaration.decl.members
            for assignment in file.assignments(in: members) {
                let path = file.path(of: assignment.target)
                guard let first = path.first, names.contains(first), !references.contains(first) || path.count == 1,
                    !isInInitializer(assignment.operatorToken), file.isOwnMemberReference(assignment.target.root)
                else { continue }
                edited.insert(first)
            }
            for chain in index.memberChains(inDeclaration: members, of: file) where chain.names.count > 1 && file.isCalled(chain) {
                let path = file.path(of: chain)
                guard let first = path.first, names.contains(first), !objects.contains(first), path.count > 1,
                    file.isOwnMemberReference(chain.root), !isInInitializer(chain.root),
                    elementObjects.contains(first)
                        ? path.count == 2 && mutatingMethodNames.contains(path[1])
                        : mutates(path, of: view.property(named: first)?.property, in: view, file: declaration.file, index: index)
                else { continue }
                edited.insert(first)
            }
            for token in members {
                switch file.kind(token) {
                case .dollarIdentifier:
                    let text = file.text(token)
                    let name = String(text.dropFirst())
                    if bindings.contains(text), isWhole(name, token), !isInInitializer(token) { edited.insert(name) }
                case .identifier:
                    guard file.at(token - 1, "&") else { continue }
                    let text = file.text(token)
                    if names.contains(text), isWhole(text, token), !isInInitializer(token) { edited.insert(text) }
                default:
                    continue
                }
            }
        }
        return edited
    }

    /// Whether calling `path` (`["draft", "items", "append"]`) may change the value the
    /// property holds: a mutating method of the standard library's values, a `mutating func`
    /// of the project struct it holds, or any method of a project class it holds.
    /// `title.uppercased()`, `date.formatted()` only read it.
    private static func mutates(_ path: [String], of property: Property?, in view: TypeInfo, file: Int, index: ProjectIndex) -> Bool {
        let method = path[path.count - 1]
        if mutatingMethodNames.contains(method) { return true }
        guard let held = heldType(of: property, in: view, file: file, index: index) else { return false }
        if held.isClass { return true }
        return path.count == 2 && held.functions.contains { $0.function.name == method && $0.function.modifiers.contains("mutating") }
    }

    /// Where `body` passes the state (or a computed property that reads it: `names`) to a
    /// closure or a method of another property of the view, or of a project type
    /// (`Store.shared.save(draft)`), or assigns it to one of its `@Binding`s: the tokens that
    /// do it.
    /// `wholeOnly`: only the value itself counts (`onSave(draft)`), not a field of it.
    private static func handOvers(
        of names: Set<String>, in body: Range<Int>, _ view: TypeInfo, _ fileIndex: Int, _ index: ProjectIndex, wholeOnly: () -> Bool
    ) -> [Int] {
        let file = index.files[fileIndex]
        // A body that never names the state hands nothing back.
        guard body.contains(where: { token in file.kind(token) == .identifier && names.contains { file.spells(token, $0) } }) else { return [] }
        // `for event in events { moc.delete(event) }`: a local of the state's name hides it
        // (`self.event` still names the state).
        let locals = file.localNames(in: body)
        func mentionsState(_ range: Range<Int>) -> Bool {
            range.contains { token in
                file.kind(token) == .identifier && names.contains { file.spells(token, $0) } && file.isOwnMemberReference(token)
                    && (file.kind(token - 1) == .period || !locals.contains(file.text(token)))
                    && !(file.kind(token + 1) == .period && wholeOnly())
            }
        }
        var result: [Int] = []
        for assignment in file.assignments(in: body) where file.at(assignment.operatorToken, "=") {
            var path = file.path(of: assignment.target)
            if path.first == "self", path.count > 1 { path.removeFirst() }
            guard let target = view.property(named: path[0])?.property, !names.contains(target.name), mentionsState(assignment.value)
            else { continue }
            // `item = draft` to a `@Binding`; `note.title = title` into a field of the object
            // (or binding) the view was given, not of one of its own states: written back.
            let isGiven = target.attributes.contains(named: "Binding")
                || (path.count > 1 && !target.attributes.contains(named: "State") && file.isOwnMemberReference(assignment.target.root))
            if isGiven { result.append(assignment.operatorToken) }
        }
        // `.onChange(of: draft) { _, new in onCommit(new) }`: what the closure passes on is the state.
        let calls = file.calls(in: body, where: { file.kind($0) == .identifier })
        let followers = calls.filter { call in
            file.at(call.name, "onChange") && file.kind(call.name - 1) == .period
                && call.arguments.flatMap { file.argument("of", in: $0) }.map(mentionsState) == true
        }
        for call in calls {
            let isFollowing = followers.contains { $0.trailingClosures.contains { $0.body.contains(call.name) } }
            guard let arguments = call.arguments, isFollowing || mentionsState(arguments) else { continue }
            // `onSave(draft)`, `self.onSave(draft)`: a closure the view holds; `store.save(draft)`.
            var root = call.name
            while file.kind(root - 1) == .period, file.isWord(root - 2) { root -= 2 }
            if file.at(root, "self"), root + 2 <= call.name { root += 2 }
            // `Service.shared.save(draft)`, `Store.update(draft)`: a project type takes it.
            if root != call.name, view.property(named: file.text(root)) == nil,
                index.type(named: file.text(root), from: view.name, file: fileIndex) != nil
            {
                result.append(call.name)
                continue
            }
            guard let owner = view.property(named: file.text(root))?.property, !names.contains(owner.name) else { continue }
            if root != call.name || owner.type.map({ $0.text.contains("->") }) == true { result.append(call.name) }
        }
        return result
    }

    /// A name that says the value is only where the state starts: `initialCount`,
    /// `defaultTab`, `startsExpanded` (not `startDate`: a value of the data).
    static func isSeedName(_ name: String) -> Bool {
        name.hasPrefix("initial") || name.hasPrefix("default") || startsPrefix(of: name)
    }

    /// A parameter whose argument label (what callers write; the name when unlabeled) says
    /// it is only a starting value: `init(initialQuery query:)`, not `init(query initialQuery:)`.
    static func isSeedParameter(_ parameter: Parameter) -> Bool {
        isSeedName(parameter.label ?? parameter.name)
    }

    /// `startsExpanded`, `startsOpen`: "starts" followed by a capitalized word.
    private static func startsPrefix(of name: String) -> Bool {
        guard name.hasPrefix("starts") else { return false }
        return name.dropFirst("starts".count).first?.isUppercase ?? false
    }

    /// The assignment in `initializer` that stores a value built from its parameters into
    /// the state `name` (through `self.name`, `name`, or `_name`): the parameters, in the
    /// order the value names them. A state declared with an initial value (`@State var
    /// count = 0`) is already initialized when the initializer runs: `self.count = count`
    /// goes through `State`'s setter before SwiftUI installs the storage, and SwiftUI drops
    /// it, so only `_count = State(initialValue: count)` seeds it.
    private static func assignmentFromParameters(
        to name: String, hasInitialValue: Bool, in initializer: FunctionDecl, file: ParsedFile
    ) -> (parameters: [Parameter], tokens: Range<Int>)? {
        guard let body = initializer.body else { return nil }
        let parameters = initializer.parameters.filter { !isSeedParameter($0) }
        guard !parameters.isEmpty else { return nil }
        for assignment in file.assignments(in: body) {
            let path = file.path(of: assignment.target)
            guard path == ["_" + name] || path == [name] && !hasInitialValue else { continue }
            var found: [Parameter] = []
            for token in assignment.value {
                guard file.kind(token) == .identifier, file.kind(token - 1) != .period, file.kind(token + 1) != .colon,
                    let parameter = parameters.first(where: { $0.name == file.text(token) }),
                    !found.contains(where: { $0.name == parameter.name })
                else { continue }
                found.append(parameter)
            }
            if !found.isEmpty { return (found, assignment.target.root..<assignment.value.upperBound) }
        }
        return nil
    }

    /// Whether a `@State` is initialized before an initializer runs: declared with a value
    /// (`= 0`), or an optional (`Int?`, `Optional<Int>`, `Int!`), which starts as `nil`.
    static func hasInitialValue(_ property: Property) -> Bool {
        property.initializer != nil || (property.type.map { TypeShape($0.text).isOptional } ?? false)
    }

    /// An assignment in an initializer that SwiftUI drops: `self.count = count` to a
    /// `@State` that already has its initial value (`hasInitialValue`) goes through
    /// `State`'s setter before SwiftUI installs the storage, so the view keeps the declared
    /// value whatever its caller passes. Only for a state the view uses and does not assign
    /// again itself (`resyncs`).
    struct DroppedAssignment {
        let property: Property
        let parameter: Parameter
        let initializer: FunctionDecl
        /// `self.count = count`: the tokens, in `file`.
        let assignment: Range<Int>
        /// The assigned value's tokens.
        let value: Range<Int>
        let file: Int
    }

    /// The dropped assignments of `decl`'s `@State`s (see `DroppedAssignment`).
    static func droppedAssignments(of decl: TypeDecl, view: TypeInfo, index: ProjectIndex) -> [DroppedAssignment] {
        guard view.isView else { return [] }
        let explicitInits = view.declarations.flatMap { declaration in
            declaration.decl.functions.filter { $0.kind == .initializer }.map { (declaration.file, $0) }
        }
        guard !explicitInits.isEmpty else { return [] }
        var result: [DroppedAssignment] = []
        lazy var modifierCalls = view.declarations.map { declaration in
            let file = index.files[declaration.file]
            return (file: declaration.file, decl: declaration.decl, calls: file.calls(in: declaration.decl.members) { token in file.kind(token - 1) == .period })
        }
        for property in decl.properties
        where property.attributes.contains(named: "State") && property.isStored && hasInitialValue(property) {
            for (fileIndex, initializer) in explicitInits {
                let file = index.files[fileIndex]
                guard let body = initializer.body else { continue }
                for assignment in file.assignments(in: body) where file.at(assignment.operatorToken, "=") && file.path(of: assignment.target) == [property.name] {
                    guard let parameter = initializer.parameters.first(where: { parameter in
                        assignment.value.contains { token in
                            file.kind(token) == .identifier && file.spells(token, parameter.name) && file.kind(token - 1) != .period
                                && file.kind(token + 1) != .colon
                        }
                    }) else { continue }
                    result.append(
                        DroppedAssignment(
                            property: property, parameter: parameter, initializer: initializer,
                            assignment: assignment.target.root..<assignment.value.upperBound, value: assignment.value, file: fileIndex))
                    break
                }
            }
        }
        return result.filter { dropped in
            isUsed(dropped.property.name, in: view, index: index)
                && !resyncs(dropped.property.name, in: view, modifiers: modifierCalls, index: index)
        }
    }

    /// Handlers SwiftUI or the system runs on events, not on the user's action: a view that
    /// assigns its state in one keeps the state current from its own source, so the seed is
    /// only a first value (`.onReceive(publisher)`, `.refreshable`, `.task`, notification
    /// observers and subscriptions), besides re-syncing on its input in `.onChange(of:)`.
    private static let keepingCurrent: Set<String> = ["onChange", "task", "onReceive", "refreshable", "addObserver", "sink"]

    /// Whether the view assigns the state again on its own: when its input changes
    /// (`.onChange(of:)`, `.task(id:)`, or any modifier handed one of the view's inputs
    /// whose trailing closure assigns the state itself: `.watch(value: color) { _, new in
    /// shown = new }`, as a package may define `.onChange`) or when an event handler brings
    /// a newer value (`keepingCurrent`). A `Button` action alone is not that: it edits the
    /// stale copy.
    /// `modifiers`: the calls `.name(…)` of each of the view's declarations (by file).
    private static func resyncs(_ name: String, in view: TypeInfo, modifiers: [(file: Int, decl: TypeDecl, calls: [Call])], index: ProjectIndex) -> Bool {
        let inputs = Set(view.properties.compactMap { _, property -> String? in
            property.isStored && property.attributes.isEmpty && !ViewProperty.isStatic(property) ? property.name : nil
        })
        lazy var rendering = ViewCode.renderingBodies(of: view, index: index)
        let binding = "$" + name
        for (fileIndex, decl, calls) in modifiers {
            let file = index.files[fileIndex]
            for call in calls {
                if keepingCurrent.contains(where: { file.spells(call.name, $0) }) {
                    var closures = call.trailingClosures.map(\.body)
                    if let arguments = call.arguments { closures.append(arguments) }
                    for closure in closures
                    where file.assignments(in: closure).contains(where: { file.path(of: $0.target) == [name] })
                        || callsAssigningMethod(name, in: closure, of: decl, file: file)
                    {
                        return true
                    }
                    if let arguments = call.arguments,
                        mentions(inputs, in: arguments, file: file)
                            || followsDerivedValue(of: name, in: arguments, view: view, file: fileIndex, index: index),
                        call.trailingClosures.contains(where: { handsValues(toMethodOf: name, in: $0.body, file: file) })
                            || handsMethodReference(of: name, in: arguments, file: file)
                    {
                        return true
                    }
                } else if let arguments = call.arguments, handsBinding(binding, withInputs: inputs, in: arguments, file: file),
                    let body = rendering.first(where: { $0.file == fileIndex && $0.range.contains(call.name) }),
                    index.scopes(in: body.range, of: file).innermostClosure(containing: call.name) == nil
                {
                    return true
                } else if let arguments = call.arguments, let closure = call.trailingClosures.first?.body,
                    mentions(inputs, in: arguments, file: file),
                    assignsDirectly(name, in: closure, file: file, index: index)
                {
                    return true
                }
            }
        }
        return false
    }

    /// Handlers that run when a value they are handed changes.
    private static let followingHandlers: [StaticString] = ["onChange", "task", "onReceive"]

    /// Whether the view follows a change of the stored input `initializer` fills from one of
    /// `parameters` (`self.items = items`) in `.onChange(of: items)`, `.task(id: items)` or
    /// `.onReceive(…)` handed it, with a handler that touches `object` (the property built
    /// from those parameters, itself or through a method of the view's own): it may hand the
    /// new value to what it built from the first one. Following another input does not.
    static func followsInputs(
        _ parameters: [Parameter], of view: TypeInfo, in initializer: FunctionDecl, file initializerFile: Int, object: String,
        index: ProjectIndex
    ) -> Bool {
        guard let body = initializer.body else { return false }
        let code = index.files[initializerFile]
        let names = Set(parameters.map(\.name))
        var inputs = Set<String>()
        for assignment in code.assignments(in: body) where code.at(assignment.operatorToken, "=") {
            let path = code.path(of: assignment.target)
            guard path.count == 1, let (_, input) = view.property(named: path[0]), input.isStored, input.attributes.isEmpty,
                assignment.value.contains(where: { code.kind($0) == .identifier && code.kind($0 - 1) != .period && names.contains(code.text($0)) })
            else { continue }
            inputs.insert(input.name)
        }
        guard !inputs.isEmpty else { return false }
        let spellings = [object, "$" + object, "_" + object]
        for declaration in view.declarations {
            let file = index.files[declaration.file]
            func touches(_ range: Range<Int>) -> Bool {
                range.contains { token in
                    (file.kind(token) == .identifier || file.kind(token) == .dollarIdentifier)
                        && spellings.contains { file.spells(token, $0) } && file.isOwnMemberReference(token)
                }
            }
            // The view's own methods that touch the object (`sync()`).
            let touching = declaration.decl.functions.filter { $0.kind == .function && ($0.body.map(touches) ?? false) }.map(\.name)
            let calls = file.calls(in: declaration.decl.members) { token in
                file.kind(token - 1) == .period && followingHandlers.contains { file.at(token, $0) }
            }
            for call in calls {
                guard let arguments = call.arguments, mentions(inputs, in: arguments, file: file) else { continue }
                let handlers = call.trailingClosures.map(\.body) + [arguments]
                if handlers.contains(where: { handler in
                    touches(handler)
                        || handler.contains { token in
                            file.kind(token) == .identifier && file.kind(token + 1) == .leftParen && file.isOwnMemberReference(token)
                                && touching.contains { file.spells(token, $0) }
                        }
                }) {
                    return true
                }
            }
        }
        return false
    }

    /// Whether the closure calls a method of the view's own (`updateText()`) whose body
    /// assigns the state (`text = date.formatted()`).
    private static func callsAssigningMethod(_ name: String, in closure: Range<Int>, of decl: TypeDecl, file: ParsedFile) -> Bool {
        decl.functions.contains { function in
            guard function.kind == .function, let body = function.body,
                closure.contains(where: { file.kind($0) == .identifier && file.spells($0, function.name) && file.isOwnMemberReference($0) && file.kind($0 + 1) == .leftParen })
            else { return false }
            return file.assignments(in: body).contains { file.path(of: $0.target) == [name] }
        }
    }

    /// Whether a call gets one of the view's inputs and a binding to the state together
    /// (`.cachedImage(for: profile, into: $image)`): applied while the body renders, the
    /// modifier gets each new input and can write the state from it, as it would in its own
    /// `.onChange(of:)` or `.task(id:)`.
    /// (`binding` is `$name`; the binding is looked for first, by its bytes: most calls hand none.)
    private static func handsBinding(
        _ binding: String, withInputs inputs: Set<String>, in arguments: Range<Int>, file: ParsedFile
    ) -> Bool {
        func isBinding(_ token: Int) -> Bool { file.kind(token) == .dollarIdentifier && file.spells(token, binding) }
        guard arguments.contains(where: isBinding) else { return false }
        let outsideClosures = tokens(of: arguments, outsideClosuresIn: file)
        return outsideClosures.contains(where: isBinding) && mentions(inputs, in: outsideClosures, file: file)
    }

    /// The tokens of `range` outside the closures in it (`content: { … }` builds other views).
    private static func tokens(of range: Range<Int>, outsideClosuresIn file: ParsedFile) -> [Int] {
        var result: [Int] = []
        var token = range.lowerBound
        while token < range.upperBound {
            if file.kind(token) == .leftBrace {
                token = file.skipGroup(token)
                continue
            }
            result.append(token)
            token += 1
        }
        return result
    }

    /// Whether the tokens name one of the view's inputs (not as a member of something else).
    private static func mentions<Tokens: Sequence<Int>>(_ inputs: Set<String>, in tokens: Tokens, file: ParsedFile) -> Bool {
        tokens.contains { file.kind($0) == .identifier && file.kind($0 - 1) != .period && inputs.contains(file.text($0)) }
    }

    /// Whether the closure calls a method of the state with arguments (`viewModel.update(query:
    /// new)`, `draft.apply(new)`): run on a change of an input, the state takes the new value
    /// in, as an assignment would.
    private static func handsValues(toMethodOf name: String, in closure: Range<Int>, file: ParsedFile) -> Bool {
        file.calls(in: closure) { token in
            token >= 2 && file.kind(token - 1) == .period && file.spells(token - 2, name)
                && (token < 3 || file.kind(token - 3) != .period || (token >= 4 && file.at(token - 4, "self")))
        }.contains { call in call.arguments.map { $0.count > 2 } ?? false }
    }

    /// Whether a handler's arguments name a method of the state as its action, uncalled
    /// (`.onChange(of: query, model.update)`, `perform: model.refresh`): SwiftUI calls it
    /// with each new value, as `{ _, new in model.update(new) }` would.
    private static func handsMethodReference(of name: String, in arguments: Range<Int>, file: ParsedFile) -> Bool {
        arguments.contains { token in
            file.kind(token) == .identifier && file.spells(token, name) && file.isOwnMemberReference(token)
                && file.kind(token + 1) == .period && file.kind(token + 2) == .identifier
                && (file.kind(token + 3) == .rightParen && token + 3 == arguments.upperBound - 1 || file.kind(token + 3) == .comma)
                && (file.kind(token - 1) == .comma || file.kind(token - 1) == .colon && file.at(token - 2, "perform"))
        }
    }

    /// Whether a handler follows a value the model the state holds reads from another object:
    /// a read-only computed property whose getter reads a member of an object the model keeps
    /// (`.onChange(of: model.currentAccount)`, `var currentAccount: Account? { session.account }`
    /// with `let session: Session`, a class, or a `let` of a project struct, which changes only
    /// through the references it holds), so the handler runs when that source changes, as it
    /// would for an input. A getter over the model's own values (`items.count`, a `var` struct)
    /// or a property with a setter (a forwarder to its own state) follows nothing outside.
    private static func followsDerivedValue(of name: String, in arguments: Range<Int>, view: TypeInfo, file fileIndex: Int, index: ProjectIndex) -> Bool {
        let file = index.files[fileIndex]
        guard let model = heldType(of: view.property(named: name)?.property, in: view, file: fileIndex, index: index) else { return false }
        return arguments.contains { token in
            guard file.kind(token) == .identifier, file.spells(token, name), file.isOwnMemberReference(token),
                file.kind(token + 1) == .period, file.kind(token + 2) == .identifier,
                let (getterFile, property) = model.property(named: String(file.text(token + 2))),
                !property.accessors.contains(where: { $0.kind == .set || $0.kind == .modify }),
                let getter = property.accessors.first(where: { $0.kind == .get || $0.kind == .read })?.body
            else { return false }
            let code = index.files[getterFile]
            return getter.contains { read in
                guard code.kind(read) == .identifier, code.kind(read + 1) == .period, code.isOwnMemberReference(read),
                    let (_, kept) = model.property(named: String(code.text(read))), kept.isStored
                else { return false }
                // An object, or a `let` of a project type (a service struct over stores):
                // what it yields changes only outside the model's own values.
                guard let held = heldType(of: kept, in: model, file: getterFile, index: index) else { return false }
                return held.isClass || kept.isLet
            }
        }
    }

    /// The project type a property's declared type holds (`Model`, `Model?`).
    private static func heldType(of property: Property?, in owner: TypeInfo, file: Int, index: ProjectIndex) -> TypeInfo? {
        guard let type = property?.type, let held = TypeShape(type.text).heldName else { return nil }
        return index.type(named: held, from: owner.name, file: file)
    }

    /// Whether the closure assigns the state in its own code, not in a closure inside it
    /// (`.alert(title) { Button("OK") { name = "" } }` assigns it on the user's action).
    private static func assignsDirectly(_ name: String, in closure: Range<Int>, file: ParsedFile, index: ProjectIndex) -> Bool {
        let inner = index.scopes(in: closure.lowerBound + 1..<closure.upperBound - 1, of: file)
        return file.assignments(in: closure).contains { assignment in
            file.path(of: assignment.target) == [name] && inner.innermostClosure(containing: assignment.target.root) == nil
        }
    }
}
