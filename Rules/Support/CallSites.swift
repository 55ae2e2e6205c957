import ObservationLintCore
import ObservationSyntax

/// What a view's callers pass for one of its inputs, judged on the view graph (SPEC §9):
/// whether a value can change while the view it seeds lives.
enum CallSites {
    /// A call site that passes an input, the argument, and why its value can change (for
    /// the message: "its `@State items`").
    struct ChangingValue {
        let site: ViewConstruction
        let argument: ConstructionArgument
        let reason: String
        /// The write that changes it while the view is shown (SPEC §10's trigger).
        let write: ValueWrite
    }

    /// Why a value can change: what it is (for the message), and the write that changes it.
    struct Change {
        let reason: String
        let write: ValueWrite
    }

    /// A write that changes a value after the screen that shows it appeared: where, and in
    /// what it runs ("in a `Button` closure of `CounterScreen.body`", "in `rename()`").
    struct ValueWrite {
        let file: Int
        let token: Int
        /// "`count` changes", "`counterModel` is replaced", "`$text` is handed out as a binding".
        let what: String
        let context: String

        var description: String { "\(what) \(context)" }
    }

    /// Wrappers whose value is the caller's own value state: it changes when the caller
    /// assigns it.
    private static let valueWrappers: Set<String> = [
        "State", "Binding", "FocusState", "GestureState", "AppStorage", "SceneStorage", "Query", "FetchRequest",
    ]
    /// Wrappers that hold an object: the reference stays, its fields change.
    private static let objectWrappers: Set<String> = [
        "StateObject", "ObservedObject", "EnvironmentObject", "Environment", "Bindable",
    ]

    /// Who builds the view at `site`, for messages: "`Parent`", or "`card(…)`" for a helper
    /// in an extension of `View`.
    static func caller(of site: ViewConstruction) -> String {
        guard let type = site.enclosingType else { return "a caller" }
        if TypeDecl.namesViewProtocol(type), let member = site.enclosingMember { return "`\(member)(…)`" }
        return "`\(type)`"
    }

    /// The sites constructing `view` in code the app runs, in file order: not in a view the
    /// app never shows (only previews build it, or nothing does), which builds nothing.
    static func shownSites(of view: String, declaredAt declaration: TokenLocation? = nil, index: ProjectIndex) -> [ViewConstruction] {
        let sites = declaration.map { index.viewGraph.constructions(of: view, declaredAt: $0) } ?? index.viewGraph.constructions(of: view)
        return sites.filter { site in !(site.enclosingType.map(index.isBuiltOnlyInPreviews) ?? false) }
    }

    /// The sites constructing `view` that pass the argument labeled `label`, in file order
    /// (`shownOnly`: in code the app runs, `shownSites`).
    static func sites(passing label: String?, to view: String, shownOnly: Bool = false, index: ProjectIndex)
        -> [(site: ViewConstruction, argument: ConstructionArgument)]
    {
        (shownOnly ? shownSites(of: view, index: index) : index.viewGraph.constructions(of: view)).compactMap { site in
            site.argument(labeled: label).map { (site, $0) }
        }
    }

    /// The first site that passes `label` a value that can change while the constructed
    /// view lives: built again by rendering code or presented content, from the caller's
    /// state, a model's field, or an element of a changing collection, without an identity
    /// tie to that value. `holdsReference`: the input keeps an object, whose reference only
    /// changes when a different object is passed (an element of an identified collection
    /// is the same object).
    /// `declaredAt`: the declaration of the view asked about (its `#if` variant): only sites
    /// that can build it count.
    /// `dismissingCallbacks`: the labels of closures the view calls only in a flow that then
    /// dismisses it (`StateSeeding.dismissingCallbacks`): at a site that presents the view
    /// (the content of a sheet, a cover, a push), a write in one runs as the view goes.
    static func changingValue(
        passedAs label: String?, to view: String, declaredAt declaration: TokenLocation?, holdsReference: Bool,
        dismissingCallbacks: Set<String> = [], index: ProjectIndex
    ) -> ChangingValue? {
        for site in shownSites(of: view, declaredAt: declaration, index: index) {
            guard let argument = site.argument(labeled: label) else { continue }
            let isPresented = site.context == .presentation
            let excluded = site.arguments.compactMap { argument -> CodeRange? in
                guard argument.origin == .closure else { return nil }
                // An unlabeled closure (a trailing one) is `""` in `dismissingCallbacks`.
                guard isPresented, dismissingCallbacks.contains(argument.label ?? "") else { return nil }
                return CodeRange(file: site.file, tokens: argument.value)
            }
            // A presentation nothing can show never builds the view there.
            if let change = change(of: argument, at: site, holdsReference: holdsReference, index: index, depth: 0, excluded: excluded),
                !index.isNeverPresented(site)
            {
                return ChangingValue(site: site, argument: argument, reason: change.reason, write: change.write)
            }
        }
        return nil
    }

    /// Whether the value from `origin` at `site` reads the caller's own value state
    /// (`valueWrappers`: `@State`, `@Binding`, `@FetchRequest`, …), as it is, through a
    /// local, or as an input of a value built from it.
    static func readsOwnValueState(
        _ origin: ArgumentOrigin, constructorArguments: [ArgumentOrigin] = [], at site: ViewConstruction, index: ProjectIndex,
        depth: Int = 0
    ) -> Bool {
        guard depth < 3 else { return false }
        switch origin {
        case .property(let property, _):
            return property.wrapper.map(valueWrappers.contains) ?? false
        case .constructor:
            return constructorArguments.contains { readsOwnValueState($0, at: site, index: index, depth: depth + 1) }
        case .derived(let parts):
            return parts.contains { readsOwnValueState($0, at: site, index: index, depth: depth + 1) }
        case .local(let name, _):
            guard let value = index.viewGraph.initialValue(ofLocal: name, at: site) else { return false }
            return readsOwnValueState(value.origin, constructorArguments: value.constructorArguments, at: site, index: index, depth: depth + 1)
        default:
            return false
        }
    }

    /// Why `argument` can change while the view built at `site` is shown, with the write
    /// that changes it, or nil: the site is not rendering code, the view is renewed by the
    /// value (SPEC §10.4), or no write is known.
    static func change(
        of argument: ConstructionArgument, at site: ViewConstruction, holdsReference: Bool, index: ProjectIndex, depth: Int,
        excluded: [CodeRange] = []
    ) -> Change? {
        guard site.context == .rendering || site.context == .presentation, index.renewingTie(for: argument, at: site) == nil
        else { return nil }
        switch argument.origin {
        case .staticMember:
            return sharedObjectChange(argument, at: site, holdsReference: holdsReference, index: index)
        case .constructor(let type):
            return constructorChange(of: argument, type: type, at: site, index: index, depth: depth, excluded: excluded)
        default:
            if let bound = boundMethodChange(argument.origin, value: argument.value, at: site, index: index, depth: depth, excluded: excluded) {
                return bound
            }
            return change(of: argument.origin, at: site, holdsReference: holdsReference, index: index, depth: depth, excluded: excluded)
                ?? fetchedRowChange(argument, at: site, index: index, excluded: excluded)
        }
    }

    /// `Child(model: Model(count: count))`, or a local holding such a value (`let model =
    /// Model(count: count)` before `Child(model: model)`): the code around the site builds a
    /// new value each time it runs, from its inputs as they are then, so a changing input
    /// changes what the site passes (even an object the child keeps as it is).
    private static func constructorChange(
        of built: ConstructionArgument, type: String, at site: ViewConstruction, index: ProjectIndex, depth: Int, excluded: [CodeRange]
    ) -> Change? {
        let file = index.files[site.file]
        let values = file.constructorCall(in: built.value)?.call.arguments.map { file.argumentList($0).map(\.value).filter { !$0.isEmpty } }
        // An input the row's id follows (`ForEach(items, id: \.self) { item in Child(model: Model(item: item)) }`)
        // renews the row when it changes.
        for (position, input) in built.constructorArguments.enumerated() where index.forEachTie(renewedBy: input, at: site) == nil {
            let value = values.flatMap { position < $0.count ? $0[position] : nil }
            let found = value.flatMap { boundMethodChange(input, value: $0, at: site, index: index, depth: depth, excluded: excluded) }
                ?? change(of: input, at: site, holdsReference: false, index: index, depth: depth, excluded: excluded)
            guard let change = found else { continue }
            let built = type == ".init" ? "a value built with `.init(…)`" : "a `\(type)` built"
            return Change(reason: "\(built) from \(change.reason)", write: change.write)
        }
        return nil
    }

    /// `events[index]` in the row of a `ForEach` over positions (`ForEach(0..<events.count, id:
    /// \.self) { index in … }`), from the caller's `@FetchRequest`/`@Query` results: `ForEach`
    /// keeps a row, and the state of what it builds, for as long as its id — the position —
    /// stays, while an object of the entity inserted or deleted (and saved, for Core Data)
    /// moves another object into that position. Which object sits there is all a state
    /// holding it depends on, so a change of an object's fields is no witness.
    private static func fetchedRowChange(
        _ argument: ConstructionArgument, at site: ViewConstruction, index: ProjectIndex, excluded: [CodeRange]
    ) -> Change? {
        guard case .derived(let parts) = argument.origin, site.identity.contains(where: { if case .forEach = $0 { true } else { false } })
        else { return nil }
        let file = index.files[site.file]
        var tokens = Array(argument.value)
        if tokens.count > 2, file.at(tokens[0], "self"), file.kind(tokens[1]) == .period { tokens.removeFirst(2) }
        guard tokens.count == 4, file.kind(tokens[1]) == .leftSquare, file.kind(tokens[3]) == .rightSquare else { return nil }
        let collection = file.text(tokens[0])
        let position = file.text(tokens[2])
        // The subscript must be the row's id itself (`ForEach(…, id: \.element)` keys by object).
        let isRowPosition = parts.contains { part in
            guard case .element(let name, let path, _) = part, name == position, path.isEmpty else { return false }
            return index.forEachTie(renewedBy: part, at: site) != nil
        }
        guard isRowPosition, let callerName = site.enclosingType, let caller = index.types[callerName],
            let (fileIndex, property) = caller.property(named: collection), property.isStored,
            let (entity, isSwiftData) = index.fetchedEntity(of: property, in: index.files[fileIndex])
        else { return nil }
        var filter = WriteFilter(shownUnder: [site])
        filter.excluded = excluded
        let writes = index.fetchedEntityWrites(of: entity, isSwiftData: isSwiftData).filter { write in
            write.change != .changed && filter.counts(write.location.token, inFile: write.location.file)
                && filter.canRun(write.location.token, inFile: write.location.file, index: index)
        }
        // A deletion shifts every later row; an insertion may sort after every row (a new
        // `timestamp` under an ascending sort) and shift none.
        guard let write = writes.first(where: { $0.change == .deleted }) ?? writes.first else { return nil }
        let location = write.location
        let wrapper = isSwiftData ? "Query" : "FetchRequest"
        let shift =
            write.change == .deleted
            ? "which moves each object after it up one position"
            : "which moves other objects to new positions unless the fetch sorts it after every row"
        return Change(
            reason: "`\(collection)[\(position)]`, the object at position `\(position)` of `\(callerName)`'s `@\(wrapper) \(collection)`, in a `ForEach` row kept by that position",
            write: ValueWrite(
                file: location.file, token: location.token,
                what: "the code \(write.change.rawValue) an `\(entity)`, \(shift)",
                context: index.placeDescription(of: location.token, in: location.file)))
    }

    /// `onLogout: session.signOut`: a method handed on uncalled is bound to the object the
    /// caller's property holds; it behaves the same until the property is replaced, whatever
    /// the object's fields do. `.some(nil)` (the method of an object never replaced): no
    /// change; nil when `value` is not such a reference.
    private static func boundMethodChange(
        _ origin: ArgumentOrigin, value: Range<Int>, at site: ViewConstruction, index: ProjectIndex, depth: Int,
        excluded: [CodeRange]
    ) -> Change?? {
        let file = index.files[site.file]
        guard case .property(let property, let path) = origin, path.count == 1,
            let chain = file.memberChain(at: value.lowerBound, limit: value.upperBound), chain.end == value.upperBound,
            let model = heldModel(property.name, of: site, index: index)
        else { return nil }
        let lineage = index.typeAndAncestors(of: model)
        guard !lineage.contains(where: { $0.property(named: path[0]) != nil }),
            lineage.contains(where: { $0.functions.contains { $0.function.name == path[0] } })
        else { return nil }
        guard let replaced = change(of: .property(property, path: []), at: site, holdsReference: true, index: index, depth: depth, excluded: excluded)
        else {
            return .some(nil)
        }
        return Change(reason: "`\(property.name).\(path[0])`, a method bound to \(replaced.reason)", write: replaced.write)
    }

    /// Why a value from `origin` at `site` can change while the view built there is shown,
    /// with the write, or nil.
    static func change(
        of origin: ArgumentOrigin, at site: ViewConstruction, holdsReference: Bool, index: ProjectIndex, depth: Int,
        excluded: [CodeRange] = []
    ) -> Change? {
        change(
            of: origin, at: site, holdsReference: holdsReference, elementsOnly: false, index: index, depth: depth, shownUnder: [],
            excluded: excluded)
    }

    /// `elementsOnly`: the value is an element's field, changed only by writes that replace
    /// or edit elements (not `append`, `remove`, `sort`, which keep each element as it is).
    /// `shownUnder`: the sites between the view asked about and `site` (a presentation
    /// among them covers its presenters while the view is shown).
    /// `excluded`: code whose writes witness nothing (the seeded view's own callbacks).
    private static func change(
        of origin: ArgumentOrigin, at site: ViewConstruction, holdsReference: Bool, elementsOnly: Bool, index: ProjectIndex,
        depth: Int, shownUnder: [ViewConstruction], excluded: [CodeRange]
    ) -> Change? {
        let caller = caller(of: site)
        let shownUnder = shownUnder + [site]
        guard let callerType = site.enclosingType.flatMap({ index.types[$0] }) else { return nil }
        switch origin {
        case .property(let property, let path):
            // A reference passed as it is changes only when the caller replaces it.
            let replacedOnly = holdsReference && path.isEmpty
            var filter = WriteFilter(
                replacedOnly: replacedOnly, elementsOnly: elementsOnly && path.count <= 1,
                presenter: site.context == .presentation ? site.enclosingType : nil,
                presentation: PresentationEnd(site, index: index), shownUnder: shownUnder)
            filter.limitToContent(of: site, index: index)
            filter.heldArguments = heldArguments(property.name, of: site, index: index)
            filter.excluded = excluded
            filter.branchHolder = (site, property.name)
            if let wrapper = property.wrapper {
                // `@State var model = Model()` passing `model.title`: a field of the model it holds.
                if let field = path.first, let model = heldModel(property.name, of: site, index: index) {
                    guard let write = fieldWrite(field, of: model, filter: filter.forField(path[...], of: model, index: index), index: index)
                        ?? relayedFieldWrite(path, of: model, filter: filter, index: index)
                    else { return nil }
                    return Change(reason: "\(describe(property, path)), a field of \(caller)'s model", write: write)
                }
                if valueWrappers.contains(wrapper) {
                    // `session.content` of `@Binding var session: Session`, a struct: a write to
                    // another stored member (`session.filter = nil`) leaves it as it is.
                    if let first = path.first, let value = fieldType(property.name, of: callerType, index: index), !value.isClass,
                        let (_, member) = value.property(named: first), member.isStored
                    {
                        filter.member = first
                        filter.memberNames = Set(value.properties.compactMap { $0.property.isStored ? $0.property.name : nil })
                    }
                    guard let write = stateWrite(property, of: callerType, filter: filter, index: index, depth: depth) else { return nil }
                    return Change(reason: "\(describe(property, path)), \(caller)'s own state", write: write)
                }
                if wrapper == "Environment", let (key, write) = systemEnvironmentChange(property.name, of: callerType, index: index) {
                    return Change(reason: "`\(([property.name] + path).joined(separator: "."))` (`@Environment(\\.\(key))`)", write: write)
                }
                return nil
            }
            // A stored or computed property holding a model: a field of it.
            if let field = path.first, let model = heldModel(property.name, of: site, index: index) {
                guard let write = fieldWrite(field, of: model, filter: filter.forField(path[...], of: model, index: index), index: index)
                    ?? relayedFieldWrite(path, of: model, filter: filter, index: index)
                else { return nil }
                return Change(reason: "\(describe(property, path)), a field of \(caller)'s model", write: write)
            }
            if property.isComputed {
                return computedChange(of: property, at: site, elementsOnly: elementsOnly, filter: filter.forFieldsRead(), index: index, depth: depth)
            }
            return inheritedChange(
                of: property, path: path, at: site, holdsReference: holdsReference, elementsOnly: elementsOnly, index: index,
                depth: depth, shownUnder: shownUnder, excluded: excluded)
        case .element(let name, let path, let collection):
            // An object of an identified collection stays the same object; a value element
            // changes its fields under the same id when an element is replaced or edited.
            guard !holdsReference, let collection, !(path.isEmpty && holdsObjects(collection, at: site, index: index)),
                let source = change(
                    of: collection, at: site, holdsReference: false, elementsOnly: true, index: index, depth: depth,
                    shownUnder: Array(shownUnder.dropLast()), excluded: excluded)
            else { return nil }
            return Change(reason: "`\(([name] + path).joined(separator: "."))`, an element of \(source.reason)", write: source.write)
        case .derived(let parts):
            // A part that is the row's id never changes under the row.
            for part in parts where index.forEachTie(renewedBy: part, at: site) == nil {
                if let change = change(
                    of: part, at: site, holdsReference: holdsReference, elementsOnly: elementsOnly, index: index, depth: depth,
                    shownUnder: Array(shownUnder.dropLast()), excluded: excluded)
                {
                    return change
                }
            }
            return nil
        case .local(let name, let path):
            // `let title = model.title` in the caller's code: the value it was given.
            guard depth < 3, let value = index.viewGraph.initialValue(ofLocal: name, at: site) else { return nil }
            if value.origin == .staticMember, path.isEmpty {
                return sharedObjectChange(value, at: site, holdsReference: holdsReference, index: index)
            }
            if case .constructor(let type) = value.origin, path.isEmpty {
                guard let built = constructorChange(of: value, type: type, at: site, index: index, depth: depth + 1, excluded: excluded)
                else { return nil }
                return Change(reason: "`\(name)`, \(built.reason)", write: built.write)
            }
            return change(
                of: value.origin.appending(path), at: site, holdsReference: holdsReference, elementsOnly: elementsOnly, index: index,
                depth: depth + 1, shownUnder: Array(shownUnder.dropLast()), excluded: excluded)
        case .constructor, .literal, .staticMember, .binding, .closureParameter, .parameter, .closure, .unknown:
            return nil
        }
    }

    /// Environment values the system changes while a view is shown, without any code of the
    /// app: the size classes (rotation, Split View, Stage Manager), the color scheme and its
    /// contrast (appearance), the text size, the scene's phase, accessibility settings.
    private static let systemEnvironmentKeys: [String: String] = [
        "horizontalSizeClass": "the window's width class changes (rotation, Split View, Stage Manager)",
        "verticalSizeClass": "the window's height class changes (rotation)",
        "colorScheme": "the appearance switches between light and dark",
        "colorSchemeContrast": "the user changes the contrast setting",
        "dynamicTypeSize": "the user changes the text size",
        "sizeCategory": "the user changes the text size",
        "scenePhase": "the scene becomes active, inactive or goes to the background",
        "legibilityWeight": "the user turns bold text on or off",
        "accessibilityReduceMotion": "the user changes Reduce Motion",
        "accessibilityReduceTransparency": "the user changes Reduce Transparency",
        "accessibilityDifferentiateWithoutColor": "the user changes Differentiate Without Color",
        "isLuminanceReduced": "the display dims to Always-On",
        "controlActiveState": "the window becomes key or loses focus",
    ]

    /// `@Environment(\.horizontalSizeClass) var sizeClass`: a value SwiftUI changes while
    /// the view is shown (`systemEnvironmentKeys`); the key, and the declaration cited with
    /// when it changes.
    private static func systemEnvironmentChange(_ name: String, of caller: TypeInfo, index: ProjectIndex) -> (String, ValueWrite)? {
        guard let (fileIndex, property) = caller.property(named: name),
            let arguments = property.attributes.first(named: "Environment")?.arguments
        else { return nil }
        let file = index.files[fileIndex]
        let tokens = arguments.filter { file.kind($0) != .leftParen && file.kind($0) != .rightParen }
        guard tokens.count == 3, file.kind(tokens[0]) == .backslash, file.kind(tokens[1]) == .period,
            let when = systemEnvironmentKeys[file.text(tokens[2])]
        else { return nil }
        let key = file.text(tokens[2])
        return (key, ValueWrite(file: fileIndex, token: property.nameToken, what: "`\(name)` changes when \(when)", context: "(SwiftUI sets it)"))
    }

    /// `Settings.shared.fontSize`: a field of an object a type keeps in a static property,
    /// changed by a write to that field.
    private static func sharedObjectChange(_ argument: ConstructionArgument, at site: ViewConstruction, holdsReference: Bool, index: ProjectIndex)
        -> Change?
    {
        let file = index.files[site.file]
        guard let chain = file.memberChain(at: argument.value.lowerBound, limit: argument.value.upperBound), chain.names.count >= 3,
            chain.end == argument.value.upperBound || chain.end + 1 == argument.value.upperBound,
            let owner = index.type(named: file.text(chain.names[0]), from: site.enclosingType, file: site.file),
            let (fileIndex, shared) = owner.property(named: file.text(chain.names[1])), shared.modifiers.contains("static"),
            let model = sharedType(of: shared, in: fileIndex, owner: owner, index: index), model.isClass
        else { return nil }
        let path = chain.names.dropFirst(2).map { file.text($0) }
        let filter = WriteFilter(replacedOnly: holdsReference && path.count == 1)
        guard let write = fieldWrite(path[0], of: model, filter: filter, index: index) else { return nil }
        let written = chain.names.map { file.text($0) }.joined(separator: ".")
        return Change(reason: "`\(written)`, a field of the shared `\(model.name)`", write: write)
    }

    /// The class a static property holds: by its annotation, or the constructor of its
    /// initial value (`static let shared = Settings()`).
    private static func sharedType(of property: Property, in fileIndex: Int, owner: TypeInfo, index: ProjectIndex) -> TypeInfo? {
        let file = index.files[fileIndex]
        if let held = index.declaredShape(of: property, in: file, scope: owner.name)?.directName {
            return index.type(named: held == "Self" ? owner.name : held, from: owner.name, file: fileIndex)
        }
        guard let initializer = property.initializer, let constructed = index.constructedType(in: initializer, file: file, scope: owner.name)
        else { return nil }
        return index.types[constructed.name]
    }

    /// Tokens of one file.
    struct CodeRange {
        let file: Int
        let tokens: Range<Int>
    }

    /// Which writes change the value passed.
    struct WriteFilter {
        /// Only an assignment of the whole value (`model = Model()`): a reference passed as it is.
        var replacedOnly = false
        /// Only writes that replace or edit elements (`items = …`, `items[i].title = …`,
        /// `$items` handed out): the value is a field of an element.
        var elementsOnly = false
        /// The view that presents the one the value seeds (a navigation destination, a
        /// sheet): its appearance handlers (`.onAppear`, `.task` without `id:`) run when it
        /// appears, before it presents anything, so their writes are no witness.
        var presenter: String?
        /// How the presentation that shows the seeded view ends, in the presenter's code.
        var presentation: PresentationEnd?
        /// Only writes in these tokens of that file count: the content a presentation shows
        /// for an item whose binding is not a state's own (`.sheet(item: editRequest)`, a
        /// `Binding(get:set:)` over a model), where a write runs while that item is shown;
        /// elsewhere, whether the same item stays presented is not established.
        var content: (file: Int, tokens: Range<Int>)?
        /// The sites that show the view the value seeds, from it outwards: a write that cannot
        /// run while one of them is shown (`ProjectIndex.canRun(_:whileShowing:)`) is no witness.
        var shownUnder: [ViewConstruction] = []
        /// The generic arguments of the class the caller's property holds, as it spells its
        /// type (`Post` for `Entity<PostData>`): a write through a reference spelled with
        /// other arguments (`comment.data = …` with `var comment: Entity<CommentData>`)
        /// changes another object (`ProjectIndex.genericArguments(ofSpelled:)`).
        var heldArguments: [TypeShape]?
        /// The site in the caller's rendering code that shows the seeded view (or a view
        /// around it) and the caller's property the value is read through: a write that makes
        /// the caller build another branch than the one holding the site (`client = nil` under
        /// `if let client = model.client`) removes the view rather than changing its input
        /// (`ProjectIndex.writeRemovesView(builtAt:_:of:)`), so it is no witness.
        var branchHolder: (site: ViewConstruction, property: String)?

        /// Code whose writes are no witness: closures handed to the seeded view that it calls
        /// only where it assigns its state itself.
        var excluded: [CodeRange] = []

        /// For a view presented for an item, from a value the item does not carry, when the
        /// analysis cannot tell which writes change the item: only writes in the presented
        /// content count.
        mutating func limitToContent(of site: ViewConstruction, index: ProjectIndex) {
            guard site.identity.contains(where: { if case .presentedItem = $0 { true } else { false } }),
                let arguments = site.presentingArguments, presentation?.isDirect != true
            else { return }
            let file = index.files[site.file]
            guard let call = file.call(at: arguments.lowerBound - 1, limit: file.tokens.count) else { return }
            content = (site.file, arguments.lowerBound - 1..<call.end)
        }

        /// Whether a write at `token` of `file` is in the code that counts.
        func counts(_ token: Int, inFile file: Int) -> Bool {
            !excluded.contains { $0.file == file && $0.tokens.contains(token) }
                && content.map { $0.file == file && $0.tokens.contains(token) } ?? true
        }

        /// Whether a write at `token` of `file` can run while the seeded view is shown, and
        /// leaves it shown.
        func canRun(_ token: Int, inFile file: Int, index: ProjectIndex) -> Bool {
            let write = TokenLocation(file: file, token: token)
            if let (site, property) = branchHolder, index.writeRemovesView(builtAt: site, write, of: property) { return false }
            // Written while a loading flag of a view on the way hides the view (or what presents it).
            if shownUnder.contains(where: { index.runsBehindLoadingGate(write, builtAt: $0) }) { return false }
            // Run only as the view that builds one on the way is renewed, with all it builds.
            if let renewed = index.renewedViewRunning(write), shownUnder.contains(where: { $0.enclosingType == renewed }) { return false }
            // Started only by the seeded view's own code (taken as it handing back what it
            // holds: the value written is not checked), or only by views never on screen with it.
            if let seeded = shownUnder.first?.view {
                if index.runsOnlyFromCode(of: seeded, write) { return false }
                let field = index.files[file].text(token)
                if !index.canRun(write, whileShowingAnyInstanceOf: seeded, writing: field) { return false }
            }
            guard shownUnder.allSatisfy({ index.canRun(write, whileShowing: $0) }) else { return false }
            return !runsOnlyOnUnwitnessedChange(write, index: index)
        }

        /// How many `.onChange` triggers `canRun` has followed to get here.
        var triggerDepth = 0

        /// Whether the code at `write` runs only in an `.onChange(of: query)` of a view whose
        /// own state `query` changes only where it cannot change while the seeded view is
        /// shown (`.searchable(text: $query)` on a screen a sheet covers): the action runs
        /// only when `query` has changed.
        private func runsOnlyOnUnwitnessedChange(_ write: TokenLocation, index: ProjectIndex) -> Bool {
            guard triggerDepth < 2, let (view, name) = index.changeHandlerTrigger(of: write),
                let (_, property) = view.property(named: name), property.isStored,
                let wrapper = property.attributes.first(where: { ["State", "Binding"].contains($0.simpleName) })
            else { return false }
            var filter = forFieldsRead()
            filter.elementsOnly = false
            filter.triggerDepth = triggerDepth + 1
            let reference = PropertyReference(name: name, wrapper: String(wrapper.simpleName), isLet: false, isComputed: false)
            return CallSites.stateWrite(reference, of: view, filter: filter, index: index, depth: 0) == nil
        }

        /// For the fields a getter or method reads to compute the value: any write to them
        /// changes it (no member or replacement restriction), still only where a write counts
        /// and can run while the seeded view is shown. For an element of the value, only
        /// writes that replace or edit elements of the collections it reads
        /// (`writeOfFieldsRead`).
        func forFieldsRead() -> WriteFilter {
            var filter = WriteFilter(
                elementsOnly: elementsOnly, presenter: presenter, presentation: presentation, content: content, shownUnder: shownUnder)
            filter.excluded = excluded
            filter.branchHolder = branchHolder
            return filter
        }

        /// The stored member of the field that the value reads (`uri` of `context.uri`): a
        /// write to another member of the field (`context.pin = …`) leaves it as it is.
        var member: String?
        /// The stored members of the value that holds `member`, when known: only a write to
        /// one of them is to another member (`session.reset()` may change `member` too).
        var memberNames: Set<String>?

        /// For the field `path[0]` of `model`, the value reading `path`: a reference field is
        /// replaced by any write to it; a member read of a stored member is changed only by
        /// writes of the whole field or of that member.
        func forField(_ path: ArraySlice<String>, of model: TypeInfo, index: ProjectIndex) -> WriteFilter {
            let isDirect = path.count == 1
            var filter = WriteFilter(
                replacedOnly: replacedOnly && isDirect, elementsOnly: elementsOnly && isDirect, presenter: presenter,
                presentation: presentation, content: content, shownUnder: shownUnder, heldArguments: heldArguments)
            filter.excluded = excluded
            filter.branchHolder = branchHolder
            if path.count > 1, let fieldType = CallSites.fieldType(path[path.startIndex], of: model, index: index),
                let (_, member) = fieldType.property(named: path[path.startIndex + 1]), member.isStored
            {
                filter.member = member.name
            }
            return filter
        }

        /// Whether the write at `token` (the field's name) goes to another member of the
        /// field than `member` (`context.pin = …`, `context.pin.append(…)`).
        func isToOtherMember(_ token: Int, in file: ParsedFile) -> Bool {
            guard let member else { return false }
            var next = token + 1
            if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
            guard file.kind(next) == .period, file.isWord(next + 1), !file.spells(next + 1, member) else { return false }
            return memberNames.map { $0.contains(file.text(next + 1)) } ?? true
        }

        /// Whether a write through a reference writes to another specialization of the
        /// generic class than the one the value comes from.
        func isToOtherSpecialization(_ write: PropertyWrite, index: ProjectIndex) -> Bool {
            isToOtherSpecialization(at: write.site, throughReference: write.throughReference, index: index)
        }

        func isToOtherSpecialization(at site: TokenLocation, throughReference: Bool, index: ProjectIndex) -> Bool {
            guard let heldArguments, let spelled = index.spelledReceiverType(ofWriteAt: site, throughReference: throughReference),
                let written = index.genericArguments(ofSpelled: spelled)
            else { return false }
            return written != heldArguments
        }

        /// Whether the write at `token` (the member's name) is one of these.
        func accepts(_ token: Int, in file: ParsedFile) -> Bool {
            if isToOtherMember(token, in: file) { return false }
            var next = token + 1
            if replacedOnly { return file.at(next, "=") }
            guard elementsOnly else { return true }
            if file.kind(next) == .leftSquare { return true }  // `items[i] = …`, `items[i].title = …`
            if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
            return file.isAssignmentOperator(next)
        }
    }

    private static func describe(_ property: PropertyReference, _ path: [String]) -> String {
        let written = ([property.name] + path).joined(separator: ".")
        return property.wrapper.map { "`\(written)` (`@\($0) \(property.name)`)" } ?? "`\(written)`"
    }

    /// A plain stored input of a view caller changes when that caller's own callers pass
    /// it a changing value (through its memberwise initializer, or an initializer that
    /// stores a parameter as it is).
    private static func inheritedChange(
        of property: PropertyReference, path: [String], at site: ViewConstruction, holdsReference: Bool, elementsOnly: Bool,
        index: ProjectIndex, depth: Int, shownUnder: [ViewConstruction], excluded: [CodeRange]
    ) -> Change? {
        guard depth < 3, let callerName = site.enclosingType, let caller = index.types[callerName], caller.isView,
            let (_, stored) = caller.property(named: property.name), stored.isStored, stored.initializer == nil,
            let label = inputLabel(of: property.name, in: caller, index: index)
        else { return nil }
        for (outer, argument) in sites(passing: label, to: callerName, shownOnly: true, index: index) {
            guard outer.context == .rendering || outer.context == .presentation, index.renewingTie(for: argument, at: outer) == nil,
                let change = change(
                    of: argument.origin, at: outer, holdsReference: holdsReference && path.isEmpty, elementsOnly: elementsOnly,
                    index: index, depth: depth + 1, shownUnder: shownUnder, excluded: excluded)
            else { continue }
            let written = ([property.name] + path).joined(separator: ".")
            return Change(reason: "`\(written)`, which `\(callerName)` gets from \(change.reason)", write: change.write)
        }
        return nil
    }

    /// The argument label that fills the view's stored property `name`: its name with the
    /// memberwise initializer, the parameter's label when an initializer stores the
    /// parameter as it is (`self.note = note`). Nil when unknown.
    private static func inputLabel(of name: String, in view: TypeInfo, index: ProjectIndex) -> String?? {
        if ViewProperty.hasMemberwiseInit(view) { return .some(name) }
        for (fileIndex, initializer, assignment, _) in ViewProperty.initializerAssignments(to: name, in: view, index: index) {
            let file = index.files[fileIndex]
            guard assignment.value.count == 1,
                let parameter = initializer.parameters.first(where: { $0.name == file.text(assignment.value.lowerBound) })
            else { continue }
            return .some(parameter.label)
        }
        return nil
    }

    /// A computed property of a view caller changes when its getter reads the caller's
    /// state or a field of its model (`visibleNotes` filtering `@State notes`) that a write
    /// changes.
    /// `elementsOnly`: the value is a field of an element of the computed collection, which
    /// only a collection of project values the getter reads brings; a filter it applies
    /// (`selectedList`, `searchText`) selects elements and changes none of them.
    /// `filter`: where a write counts (`WriteFilter.forFieldsRead()`: covered views' code,
    /// the seeded view's own callbacks, removed branches are no witness through a getter
    /// either).
    private static func computedChange(
        of property: PropertyReference, at site: ViewConstruction, elementsOnly: Bool, filter: WriteFilter, index: ProjectIndex, depth: Int
    ) -> Change? {
        guard let callerName = site.enclosingType, let caller = index.types[callerName], caller.isView else { return nil }
        for declaration in caller.declarations {
            let file = index.files[declaration.file]
            guard let computed = declaration.decl.properties.first(where: { $0.name == property.name && $0.isComputed }) else {
                continue
            }
            // An object handed on: the reference stays while its fields change.
            if let shape = index.declaredShape(of: computed, in: file, scope: callerName) {
                if index.modelKind(of: shape, from: callerName, file: declaration.file).isClass { return nil }
            }
            for body in computed.accessors.compactMap(\.body) {
                for token in body where file.kind(token) == .identifier && file.kind(token - 1) != .period {
                    guard let (_, read) = caller.property(named: file.text(token)), read.name != property.name else { continue }
                    // `launchCost` computed from `launchAmount`, itself computed from a model's field.
                    if read.isComputed, read.attributes.isEmpty, depth < 2 {
                        let reference = PropertyReference(name: read.name, wrapper: nil, isLet: false, isComputed: true)
                        if let inner = computedChange(
                            of: reference, at: site, elementsOnly: elementsOnly, filter: filter, index: index, depth: depth + 1)
                        {
                            return Change(reason: "`\(property.name)`, computed from \(inner.reason)", write: inner.write)
                        }
                        continue
                    }
                    guard let wrapper = read.attributes.first(where: { valueWrappers.contains(String($0.simpleName)) || objectWrappers.contains(String($0.simpleName)) })
                    else { continue }
                    let write: ValueWrite?
                    if let model = heldModel(read.name, of: site, index: index) {
                        guard file.kind(token + 1) == .period, file.kind(token + 2) == .identifier else { continue }
                        let field = file.text(token + 2)
                        if elementsOnly, let (fieldFile, owner, stored) = fieldDeclaration(field, of: model, index: index),
                            !holdsElements(stored, in: index.files[fieldFile], scope: owner, index: index)
                        {
                            continue
                        }
                        write = fieldWrite(field, of: model, filter: filter, index: index)
                    } else if valueWrappers.contains(String(wrapper.simpleName)) {
                        if elementsOnly, !holdsElements(read, in: file, scope: callerName, index: index) { continue }
                        let reference = PropertyReference(name: read.name, wrapper: String(wrapper.simpleName), isLet: read.isLet, isComputed: false)
                        write = stateWrite(reference, of: caller, filter: filter, index: index, depth: depth)
                    } else {
                        write = nil
                    }
                    guard let write else { continue }
                    return Change(reason: "`\(property.name)`, computed from `@\(wrapper.simpleName) \(read.name)`", write: write)
                }
            }
        }
        return nil
    }

    // MARK: Writes

    /// The first write to the view's value state `property` after its initialization: an
    /// assignment or mutation in its own code (actions, tasks, callbacks), `$name` handed out
    /// as a binding, and for a `@Binding`, a write to the state its callers bind it to; for an
    /// `@AppStorage`, a write to the same key by any view.
    static func stateWrite(_ property: PropertyReference, of owner: TypeInfo, filter: WriteFilter, index: ProjectIndex, depth: Int)
        -> ValueWrite?
    {
        let name = property.name
        if let write = laterWrite(of: name, in: owner, filter: filter, index: index)
            ?? handedOutWrite(of: name, by: owner, filter: filter, index: index, depth: depth)
        {
            return write
        }
        if property.wrapper == "Binding", depth < 3, let label = inputLabel(of: name, in: owner, index: index) {
            for (outer, argument) in sites(passing: label, to: owner.name, shownOnly: true, index: index) {
                // A caller renewed by the bound state (a branch it pins) renews the view as well.
                guard case .binding(let source, let path) = argument.origin, path.isEmpty, index.renewingTie(for: argument, at: outer) == nil,
                    let outerType = outer.enclosingType.flatMap({ index.types[$0] }),
                    let write = stateWrite(source, of: outerType, filter: filter, index: index, depth: depth + 1)
                else { continue }
                return write
            }
        }
        if property.wrapper == "AppStorage" || property.wrapper == "SceneStorage" {
            return storageWrite(sharing: name, of: owner, wrapper: property.wrapper!, filter: filter, index: index, depth: depth)
        }
        return nil
    }

    /// `$name` handed out by `owner` as a binding: the value can change through it (not
    /// through one a view only reads, nor — for a reference passed as it is — one a view
    /// never replaces, nor one handed to a control the user cannot reach
    /// while the view is shown, `WriteFilter.canRun`). When the
    /// binding goes to a project view's `@Binding`, only that view's writes witness a change
    /// (of the member, when the value passed is one stored member of it, `filter.member`),
    /// judged where they run: a control of a screen a presentation covers takes no input.
    private static func handedOutWrite(of name: String, by owner: TypeInfo, filter: WriteFilter, index: ProjectIndex, depth: Int)
        -> ValueWrite?
    {
        let binding = "$" + name
        for declaration in owner.declarations {
            let file = index.files[declaration.file]
            // A reference is replaced only through the whole binding (`$model`, not `$model.title`).
            for token in declaration.decl.members
            where file.kind(token) == .dollarIdentifier && file.spells(token, binding)
                && !(filter.replacedOnly && file.kind(token + 1) == .period) && !filter.isToOtherMember(token, in: file)
                && filter.counts(token, inFile: declaration.file) && !index.isBindingOnlyRead(at: TokenLocation(file: declaration.file, token: token))
                && !(filter.replacedOnly && index.isBindingNeverReplaced(at: TokenLocation(file: declaration.file, token: token)))
                && filter.canRun(token, inFile: declaration.file, index: index)
            {
                // Handed to a project view: its own writes through the binding, where they run.
                if let receiver = bindingReceiver(of: token, in: declaration.file, index: index) {
                    guard depth < 3,
                        let write = laterWrite(of: receiver.property, in: receiver.view, filter: filter, index: index)
                            ?? handedOutWrite(of: receiver.property, by: receiver.view, filter: filter, index: index, depth: depth + 1)
                    else { continue }
                    return write
                }
                return ValueWrite(
                    file: declaration.file, token: token, what: "`\(name)` can change through the binding `\(binding)` it hands out",
                    context: index.placeDescription(of: token, in: declaration.file))
            }
        }
        return nil
    }

    /// The project view and its `@Binding` property that the binding at `token` (`$session`,
    /// the whole argument) is passed to, or nil (a SwiftUI control, a function, unknown).
    private static func bindingReceiver(of token: Int, in fileIndex: Int, index: ProjectIndex) -> (view: TypeInfo, property: String)? {
        for site in index.viewGraph.constructions(inFile: fileIndex) {
            guard let argument = site.arguments.first(where: { $0.value == token..<token + 1 }), let view = index.types[site.view]
            else { continue }
            for (_, property) in view.properties where property.attributes.contains(named: "Binding") {
                if inputLabel(of: property.name, in: view, index: index) == .some(argument.label) { return (view, property.name) }
            }
            return nil
        }
        return nil
    }

    /// A write to another view's `@AppStorage` (`@SceneStorage`) property of the same key.
    private static func storageWrite(
        sharing name: String, of owner: TypeInfo, wrapper: String, filter: WriteFilter, index: ProjectIndex, depth: Int
    ) -> ValueWrite? {
        guard depth < 3, let (fileIndex, property) = owner.property(named: name),
            let key = property.attributes.first(where: { $0.simpleName == wrapper })?.arguments.map({ storageKey($0, in: index.files[fileIndex]) })
        else { return nil }
        for type in index.types.values.sorted(by: { $0.name < $1.name }) where type.isView && type.name != owner.name {
            for (otherFile, other) in type.properties {
                guard let attribute = other.attributes.first(where: { $0.simpleName == wrapper }), let arguments = attribute.arguments,
                    storageKey(arguments, in: index.files[otherFile]) == key
                else { continue }
                let reference = PropertyReference(name: other.name, wrapper: nil, isLet: false, isComputed: false)
                if let write = stateWrite(reference, of: type, filter: filter, index: index, depth: 3) { return write }
            }
        }
        return nil
    }

    /// The first argument of `@AppStorage("key")`, as written.
    private static func storageKey(_ arguments: Range<Int>, in file: ParsedFile) -> String {
        let list = file.argumentList(arguments)
        return list.first.map { file.text($0.value) } ?? ""
    }

    /// The first write to the model's field `field` after the model's initializer: by the
    /// model's own code outside `init` and the setup it calls, through a reference anywhere
    /// (`model.field = x`, `model.field.append(x)`), or a view binding it (`$model.field`).
    /// A `let` never changes, nor a `var` set only in `init`.
    static func fieldWrite(_ field: String, of model: TypeInfo, filter: WriteFilter, index: ProjectIndex, depth: Int = 0)
        -> ValueWrite?
    {
        let lineage = index.typeAndAncestors(of: model)
        guard let owner = lineage.first(where: { $0.property(named: field) != nil }), let (fileIndex, stored) = owner.property(named: field)
        else {
            // `model.contains(item)`: a method's result changes with the fields it reads.
            guard depth < 2, let (fileIndex, method) = lineage.lazy.compactMap({ $0.functions.first { $0.function.name == field } }).first,
                let body = method.body
            else { return nil }
            return writeOfFieldsRead(in: body, file: fileIndex, of: model, filter: filter.forFieldsRead(), index: index, depth: depth)
        }
        if stored.isLet { return nil }
        if stored.isComputed {
            guard depth < 2 else { return nil }
            for body in stored.accessors.compactMap(\.body) {
                if let write = writeOfFieldsRead(in: body, file: fileIndex, of: model, filter: filter.forFieldsRead(), index: index, depth: depth) {
                    return write
                }
            }
            return nil
        }
        if let write = laterWrite(of: field, in: model, filter: filter, index: index) { return write }
        // A view binds it (`$model.field` in a `TextField` of another view holding the same model);
        // `$model.field.member` of a field holding an object changes the object, not the field.
        let holdsObject = index.objectHolders(of: owner).contains(field) && !index.objectCollectionHolders(of: owner).contains(field)
        for mutation in index.typeAndAncestors(of: owner).flatMap({ index.viewMutations[$0.name] ?? [] })
        where mutation.path.first == field && !(holdsObject && mutation.path.count > 1)
            && !(mutation.path.count > 1 && filter.member.map { mutation.path[1] != $0 } ?? false)
        {
            guard let token = mutation.tokens.first, filter.counts(token, inFile: mutation.file),
                filter.canRun(token, inFile: mutation.file, index: index),
                !filter.isToOtherSpecialization(at: TokenLocation(file: mutation.file, token: token), throughReference: true, index: index)
            else { continue }
            return ValueWrite(
                file: mutation.file, token: token, what: "`\(field)` changes", context: index.placeDescription(of: token, in: mutation.file))
        }
        return nil
    }

    /// A write to a field of the model that code of the model reads (a computed property's
    /// getter, a method's body): its result changes with it. For an element of the result
    /// (`filter.elementsOnly`), only a write that replaces or edits an element of a
    /// collection it reads: a filter or a sort (`characters.filter { $0.status == status
    /// }`) selects and orders elements, it changes none.
    private static func writeOfFieldsRead(
        in body: Range<Int>, file fileIndex: Int, of model: TypeInfo, filter: WriteFilter, index: ProjectIndex, depth: Int
    )
        -> ValueWrite?
    {
        let file = index.files[fileIndex]
        let lineage = index.typeAndAncestors(of: model)
        var seen = Set<String>()
        for token in body where file.kind(token) == .identifier && file.isOwnMemberReference(token) {
            let name = file.text(token)
            guard seen.insert(name).inserted else { continue }
            if let (fieldFile, owner, stored) = fieldDeclaration(name, of: model, index: index) {
                if filter.elementsOnly, stored.isStored, !holdsElements(stored, in: index.files[fieldFile], scope: owner, index: index) {
                    continue
                }
            } else if !lineage.contains(where: { $0.functions.contains { $0.function.name == name } }) {
                continue
            }
            // A field, or a method of the model it calls (`getCurrentPlayer()?.activeCharacter`).
            guard let write = fieldWrite(name, of: model, filter: filter, index: index, depth: depth + 1)
            else { continue }
            return write
        }
        return nil
    }

    /// The first write of the stored property `name` of `type` that can happen after the
    /// value reached a view (the change model's `afterHandout` phase: not the initializer,
    /// not setup before the value is handed out), by its own code or through a reference.
    private static func laterWrite(of name: String, in type: TypeInfo, filter: WriteFilter, index: ProjectIndex) -> ValueWrite? {
        for write in index.changes(of: type).writes(of: name) where write.phase == .afterHandout {
            let file = index.files[write.site.file]
            guard filter.accepts(write.site.token, in: file), filter.counts(write.site.token, inFile: write.site.file),
                filter.canRun(write.site.token, inFile: write.site.file, index: index),
                !filter.isToOtherSpecialization(write, index: index)
            else { continue }
            if filter.presenter == type.name {
                if let closure = write.place?.closure, isAppearanceHandler(closure, in: file) { continue }
                if let presentation = filter.presentation,
                    presentation.isOver(at: write, in: type, index: index) || presentation.isBlocked(write, in: type, index: index)
                {
                    continue
                }
            }
            let replaced = file.at(write.site.token + 1, "=") && holdsObject(name, in: type, index: index)
            let what = replaced ? "`\(name)` is replaced" : "`\(name)` changes"
            return ValueWrite(
                file: write.site.file, token: write.site.token, what: what, context: index.placeDescription(of: write.site.token, in: write.site.file))
        }
        return nil
    }

    /// `.onAppear { … }`, `.task { … }`, `.task(priority: …) { … }`: code that runs when
    /// the view appears (not `.task(id:)`, which runs again when its id changes).
    private static func isAppearanceHandler(_ closure: Range<Int>, in file: ParsedFile) -> Bool {
        var callee = closure.lowerBound - 1
        var arguments: Range<Int>?
        if file.kind(callee) == .rightParen {
            let open = Int(file.partner[callee])
            guard open >= 0, open < callee else { return false }
            arguments = open..<callee + 1
            callee = open - 1
        }
        guard file.kind(callee - 1) == .period else { return false }
        if file.at(callee, "onAppear") { return true }
        return file.at(callee, "task") && arguments.map { file.argument("id", in: $0) == nil } ?? true
    }

    /// Whether the stored property `name` of `type` holds an object (a project class).
    private static func holdsObject(_ name: String, in type: TypeInfo, index: ProjectIndex) -> Bool {
        guard let owner = index.typeAndAncestors(of: type).first(where: { $0.property(named: name) != nil }),
            let (fileIndex, property) = owner.property(named: name),
            let shape = index.declaredShape(of: property, in: index.files[fileIndex], scope: owner.name)
        else { return false }
        return index.modelKind(of: shape, from: owner.name, file: fileIndex).isClass
    }

    /// `app.search.results` where `app` relays the changes of the object in its `search`
    /// (`search.objectWillChange.sink { self.objectWillChange.send() }`), or where `search`
    /// is `@Observable` (the caller's body, reading it, tracks it): a write to `results`
    /// renders the caller again and changes what it passes.
    private static func relayedFieldWrite(_ path: [String], of model: TypeInfo, filter: WriteFilter, index: ProjectIndex) -> ValueWrite? {
        let lineage = index.typeAndAncestors(of: model)
        guard path.count >= 2, let (fileIndex, holder) = lineage.lazy.compactMap({ $0.property(named: path[0]) }).first,
            let held = index.declaredShape(of: holder, in: index.files[fileIndex], scope: model.name)?.directName,
            let nested = index.type(named: held, from: model.name, file: fileIndex), nested.isClass,
            // Observation tracks every `@Observable` object a body reads, however it reached it.
            nested.isObservable || index.forwardings(of: nested).contains(where: { forwarding in
                forwarding.property == path[0] && lineage.contains { $0.name == forwarding.container }
            })
        else { return nil }
        return fieldWrite(path[1], of: nested, filter: filter.forField(path.dropFirst(), of: nested, index: index), index: index)
    }

    /// The project class the caller's property `name` holds (an observable model, a plain
    /// class), or nil.
    /// The generic arguments the caller's property `name` gives the class it holds, as its
    /// type is written (`var post: Post`, `typealias Post = Entity<PostData>`).
    private static func heldArguments(_ name: String, of site: ViewConstruction, index: ProjectIndex) -> [TypeShape]? {
        guard let callerName = site.enclosingType, let caller = index.types[callerName],
            let (_, property) = caller.property(named: name), let written = property.type?.text
        else { return nil }
        return index.genericArguments(ofSpelled: written)
    }

    /// Whether the caller's property the collection origin names holds objects of a project
    /// class (`let spreads: [Spread]`): an element passed as it is is the same object after
    /// the collection is rebuilt.
    private static func holdsObjects(_ collection: ArgumentOrigin, at site: ViewConstruction, index: ProjectIndex) -> Bool {
        guard case .property(let property, let path) = collection, path.isEmpty, let callerName = site.enclosingType,
            let caller = index.types[callerName], let (fileIndex, stored) = caller.property(named: property.name),
            let held = index.declaredShape(of: stored, in: index.files[fileIndex], scope: callerName)?.heldName
        else { return false }
        return index.type(named: held, from: callerName, file: fileIndex)?.isClass ?? false
    }

    /// The project type the stored or computed field `name` of `model` holds, by its
    /// annotation or initial value.
    fileprivate static func fieldType(_ name: String, of model: TypeInfo, index: ProjectIndex) -> TypeInfo? {
        guard let owner = index.typeAndAncestors(of: model).first(where: { $0.property(named: name) != nil }),
            let (fileIndex, property) = owner.property(named: name),
            let held = index.declaredShape(of: property, in: index.files[fileIndex], scope: owner.name)?.directName
        else { return nil }
        return index.type(named: held, from: owner.name, file: fileIndex)
    }

    /// The declaration of the field `name` of `model`: its file, its owner's name, the property.
    private static func fieldDeclaration(_ name: String, of model: TypeInfo, index: ProjectIndex) -> (Int, String, Property)? {
        guard let owner = index.typeAndAncestors(of: model).first(where: { $0.property(named: name) != nil }),
            let (fileIndex, property) = owner.property(named: name)
        else { return nil }
        return (fileIndex, owner.name, property)
    }

    /// Whether `property` holds a collection of project values (`[Note]`, `Set<Tag>?`,
    /// `[ID: Note]`, an array literal); a plain value (`var searchText = ""`, `var selection:
    /// Tag?`) does not.
    private static func holdsElements(_ property: Property, in file: ParsedFile, scope: String, index: ProjectIndex) -> Bool {
        guard let shape = index.declaredShape(of: property, in: file, scope: scope) else {
            return property.initializer.map { file.kind($0.lowerBound) == .leftSquare } ?? true
        }
        return holdsElements(shape, index: index)
    }

    private static func holdsElements(_ shape: TypeShape, index: ProjectIndex) -> Bool {
        switch shape {
        case .optional(let wrapped): return holdsElements(wrapped, index: index)
        case .array(let element), .set(let element), .dictionary(_, let element):
            return element.heldName.map { index.type(named: $0) != nil } ?? true
        case .named(let name, let arguments):
            return ["Array", "Set", "Dictionary", "OrderedSet", "OrderedDictionary", "IdentifiedArray", "IdentifiedArrayOf"].contains(name)
                && (arguments.last?.heldName.map { index.type(named: $0) != nil } ?? true)
        case .other: return true
        }
    }

    private static func heldModel(_ name: String, of site: ViewConstruction, index: ProjectIndex) -> TypeInfo? {
        guard let callerName = site.enclosingType, let caller = index.types[callerName],
            let (fileIndex, property) = caller.property(named: name),
            let held = index.declaredShape(of: property, in: index.files[fileIndex], scope: callerName)?.heldName,
            let model = index.type(named: held, from: callerName, file: fileIndex), model.isClass
        else { return nil }
        return model
    }
}

/// How the presentation that shows a view ends (`.sheet(isPresented: $isShowing, onDismiss:
/// reset) { Child(…) }`): SwiftUI builds presented content anew each time it presents it, so
/// a write to the value passed that runs only once the child is gone leaves nothing stale.
struct PresentationEnd {
    let file: Int
    /// The state the `isPresented:`/`item:` binding writes (`isShowing`, `model.isShowing`).
    let state: String?
    /// Whether it is an `item:` binding: any new item shows new content.
    let isItem: Bool
    /// Whether the binding is a state's own (`$isShowing`), so that the writes that present,
    /// switch or end the presentation are the assignments to `state`; not for a binding
    /// built another way (`Binding(get:set:)`, a computed property, a model's method).
    let isDirect: Bool
    /// The `onDismiss:` argument.
    let onDismiss: Range<Int>?
    /// The presenting modifier's argument list, with its parentheses.
    let presentingArguments: Range<Int>?

    init?(_ site: ViewConstruction, index: ProjectIndex) {
        guard let arguments = site.presentingArguments else { return nil }
        let file = index.files[site.file]
        self.file = site.file
        let item = file.argument("item", in: arguments)
        isItem = item != nil
        let binding = file.argument("isPresented", in: arguments) ?? item
        isDirect = binding.map { file.kind($0.lowerBound) == .dollarIdentifier || file.kind($0.lowerBound + 2) == .dollarIdentifier } ?? false
        state = binding.map { tokens in
            var text = tokens.map { file.text($0) }.joined()
            if text.hasPrefix("self.") { text.removeFirst(5) }
            return text.hasPrefix("$") ? String(text.dropFirst()) : text
        }
        onDismiss = file.argument("onDismiss", in: arguments)
        presentingArguments = arguments
    }

    /// Whether `write` (by the presenter `presenter`) runs only where no presented view is
    /// left stale by it: in the `onDismiss:` handler, or in a synchronous flow that also sets
    /// the presenting state (`isPresented` to `false`: it ends; the item to `nil` or another
    /// item: it ends or shows new content) or calls `dismiss()`, in the same function or
    /// closure and outside any closure nested in it (a `Task`, a callback). Setting
    /// `isPresented` to `true` is not: a view already shown stays.
    func isOver(at write: PropertyWrite, in presenter: TypeInfo, index: ProjectIndex) -> Bool {
        guard let place = write.place else { return false }
        let token = write.site.token
        if let onDismiss, place.file == file, runs(token, in: onDismiss, of: presenter, index: index) { return true }
        let file = index.files[place.file]
        let flow = place.closure ?? place.body
        if setsState(in: flow, file: file) { return true }
        return flow.contains { candidate in
            file.at(candidate, "dismiss") && file.kind(candidate + 1) == .leftParen && file.kind(candidate + 2) == .rightParen
                && Self.runsDirectly(candidate, in: flow, file: file)
        }
    }

    /// Closures SwiftUI runs on events rather than on the user's input: they can run while
    /// a modal presentation covers the view that holds them.
    private static let eventHandlers: Set<String> = [
        "onChange", "task", "onReceive", "onAppear", "onDisappear", "onOpenURL", "onContinueUserActivity",
        "onPreferenceChange", "onGeometryChange", "onScrollGeometryChange", "onDrop",
    ]

    /// Whether `write` is in a user action of the presenter's own view code (a `Button`'s
    /// action, a callback handed to a row) while the presentation is modal — a `.sheet` or
    /// `.fullScreenCover` whose presenter never enables `presentationBackgroundInteraction`:
    /// the user cannot act on the presenter while the presented view is shown.
    func isBlocked(_ write: PropertyWrite, in presenter: TypeInfo, index: ProjectIndex) -> Bool {
        guard let place = write.place, let closure = place.closure, let arguments = presentingArguments, place.file == file
        else { return false }
        let file = index.files[self.file]
        let callee = arguments.lowerBound - 1
        guard file.at(callee, "sheet") || file.at(callee, "fullScreenCover"),
            let presenting = file.call(at: callee, limit: file.tokens.count), !(callee..<presenting.end).contains(closure.lowerBound),
            !presenter.declarations.contains(where: { declaration in
                let source = index.files[declaration.file]
                return declaration.decl.members.contains { source.at($0, "presentationBackgroundInteraction") }
            }),
            let scope = index.scopes(in: place.body, of: file).enclosing(write.site.token).first(where: { $0.range == closure }),
            case .closure(let scopeCallee, let label) = scope.kind, ViewCode.role(of: scope, in: file, index: index) == .action
        else { return false }
        // `.onChange(of: x) { … }`, `.task { … }`, `.onReceive(p, perform: { … })`: an event, not the user.
        let handler = scopeCallee.map { file.text($0) } ?? label.map { file.text($0) }
        return handler.map { !Self.eventHandlers.contains($0) } ?? false
    }

    /// Whether the synchronous flow `flow` (a function's body or a closure) assigns the
    /// presenting state itself, outside nested closures, so that no view it showed stays:
    /// `isShowing = false`, `sheet = nil`, `sheet = .edit(id)`.
    func setsState(in flow: Range<Int>, file: ParsedFile) -> Bool {
        guard let state else { return false }
        return file.assignments(in: flow).contains { assignment in
            guard file.at(assignment.operatorToken, "=") else { return false }
            if !isItem, !(assignment.value.count == 1 && file.at(assignment.value.lowerBound, "false")) { return false }
            var path = file.path(of: assignment.target)
            if path.first == "self" { path.removeFirst() }
            return path.joined(separator: ".") == state && Self.runsDirectly(assignment.operatorToken, in: flow, file: file)
        }
    }

    /// Whether `token` is inside the `onDismiss:` handler: its closure, or the body of the
    /// presenter's method it names (`onDismiss: reset`, `onDismiss: self.reset`).
    private func runs(_ token: Int, in handler: Range<Int>, of presenter: TypeInfo, index: ProjectIndex) -> Bool {
        let file = index.files[self.file]
        if file.kind(handler.lowerBound) == .leftBrace { return handler.contains(token) }
        guard let name = handler.last, file.kind(name) == .identifier else { return false }
        return presenter.declarations.contains { declaration in
            declaration.file == self.file
                && declaration.decl.functions.contains { $0.name == file.text(name) && $0.body?.contains(token) == true }
        }
    }

    /// Whether `token` runs when `flow` does: it is not inside a closure nested in `flow`.
    private static func runsDirectly(_ token: Int, in flow: Range<Int>, file: ParsedFile) -> Bool {
        var probe = flow.lowerBound + 1
        while probe < token {
            if file.kind(probe) == .leftBrace {
                let close = Int(file.partner[probe])
                if close > token { return false }
                if close > probe { probe = close }
            }
            probe += 1
        }
        return true
    }
}
