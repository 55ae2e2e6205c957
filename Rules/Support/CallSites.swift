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
    }

    /// Wrappers whose value is the caller's own value state: it changes when the caller
    /// assigns it.
    private static let valueWrappers: Set<String> = [
        "State", "Binding", "FocusState", "GestureState", "AppStorage", "SceneStorage", "Query",
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

    /// The sites constructing `view` that pass the argument labeled `label`, in file order.
    static func sites(passing label: String?, to view: String, index: ProjectIndex)
        -> [(site: ViewConstruction, argument: ConstructionArgument)]
    {
        index.viewGraph.constructions(of: view).compactMap { site in
            site.argument(labeled: label).map { (site, $0) }
        }
    }

    /// The first site that passes `label` a value that can change while the constructed
    /// view lives: built again by rendering code or presented content, from the caller's
    /// state, a model's field, or an element of a changing collection, without an identity
    /// tie to that value. `holdsReference`: the input keeps an object, whose reference only
    /// changes when a different object is passed (an element of an identified collection
    /// is the same object).
    static func changingValue(passedAs label: String?, to view: String, holdsReference: Bool, index: ProjectIndex)
        -> ChangingValue?
    {
        for (site, argument) in sites(passing: label, to: view, index: index) {
            if let reason = change(of: argument, at: site, holdsReference: holdsReference, index: index, depth: 0) {
                return ChangingValue(site: site, argument: argument, reason: reason)
            }
        }
        return nil
    }

    /// Why `argument` can change while the view built at `site` lives, or nil (stable, or
    /// not known).
    static func change(
        of argument: ConstructionArgument, at site: ViewConstruction, holdsReference: Bool, index: ProjectIndex, depth: Int
    ) -> String? {
        guard site.context == .rendering || site.context == .presentation, !isReidentified(argument, at: site, index: index)
        else { return nil }
        return change(of: argument.origin, at: site, holdsReference: holdsReference, index: index, depth: depth)
    }

    /// Why a value from `origin` at `site` can change while the view built there lives, or nil.
    static func change(
        of origin: ArgumentOrigin, at site: ViewConstruction, holdsReference: Bool, index: ProjectIndex, depth: Int
    ) -> String? {
        let caller = caller(of: site)
        switch origin {
        case .property(let property, let path):
            if let wrapper = property.wrapper {
                // `@State var model = Model()` passing `model.title`: a field of the model it holds.
                if let field = path.first, let model = heldModel(property.name, of: site, index: index) {
                    guard fieldCanChange(field, of: model, at: site, index: index) else { return nil }
                    return "\(describe(property, path)), a field of \(caller)'s model"
                }
                if valueWrappers.contains(wrapper), !(holdsReference && path.isEmpty) {
                    guard wrapper != "State" || isWritten(property.name, by: site, index: index) else { return nil }
                    return "\(describe(property, path)), \(caller)'s own state"
                }
                if objectWrappers.contains(wrapper), !path.isEmpty {
                    return "\(describe(property, path)), a field of \(caller)'s model"
                }
                return nil
            }
            if property.isComputed { return computedChange(of: property, at: site, index: index) }
            if let field = path.first, isModel(property.name, of: site, index: index) {
                if let model = heldModel(property.name, of: site, index: index),
                    !fieldCanChange(field, of: model, at: site, index: index)
                {
                    return nil
                }
                return "\(describe(property, path)), a field of \(caller)'s model"
            }
            return inheritedChange(of: property, path: path, at: site, holdsReference: holdsReference, index: index, depth: depth)
        case .element(let name, let path, let collection):
            // An object of an identified collection stays the same object; a value element
            // changes its fields under the same id, unless only its id is passed.
            guard !holdsReference, let collection, !isIdentity(path, of: site),
                let source = change(of: collection, at: site, holdsReference: false, index: index, depth: depth)
            else { return nil }
            return "`\(([name] + path).joined(separator: "."))`, an element of \(source)"
        case .derived(let parts):
            for part in parts {
                if let reason = change(of: part, at: site, holdsReference: holdsReference, index: index, depth: depth) {
                    return reason
                }
            }
            return nil
        case .constructor, .literal, .staticMember, .binding, .closureParameter, .local, .parameter, .closure, .unknown:
            return nil
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
        of property: PropertyReference, path: [String], at site: ViewConstruction, holdsReference: Bool,
        index: ProjectIndex, depth: Int
    ) -> String? {
        guard depth < 3, let callerName = site.enclosingType, let caller = index.types[callerName], caller.isView,
            let (_, stored) = caller.property(named: property.name), stored.isStored, stored.initializer == nil,
            let label = inputLabel(of: property.name, in: caller, index: index)
        else { return nil }
        for (outer, argument) in sites(passing: label, to: callerName, index: index) {
            let reasonHoldsReference = holdsReference && path.isEmpty
            if let reason = change(of: argument, at: outer, holdsReference: reasonHoldsReference, index: index, depth: depth + 1) {
                let written = ([property.name] + path).joined(separator: ".")
                return "`\(written)`, which `\(callerName)` gets from \(reason)"
            }
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
    /// state or a field of its model (`visibleNotes` filtering `@State notes`).
    private static func computedChange(of property: PropertyReference, at site: ViewConstruction, index: ProjectIndex)
        -> String?
    {
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
                    guard let (_, read) = caller.property(named: file.text(token)),
                        let wrapper = read.attributes.first(where: { valueWrappers.contains(String($0.simpleName)) || objectWrappers.contains(String($0.simpleName)) })
                    else { continue }
                    // A computed value changes only with something changeable it reads: a
                    // written `@State`, a model field that changes after `init`.
                    if let model = heldModel(read.name, of: site, index: index) {
                        if file.kind(token + 1) == .period, file.kind(token + 2) == .identifier,
                            !fieldCanChange(file.text(token + 2), of: model, at: site, index: index)
                        {
                            continue
                        }
                    } else if wrapper.simpleName == "State", !isWritten(read.name, by: site, index: index) {
                        continue
                    }
                    return "`\(property.name)`, computed from `@\(wrapper.simpleName) \(read.name)`"
                }
            }
        }
        return nil
    }

    /// Whether the caller writes its `@State` `name` after initialization (a `@State`
    /// nobody writes is a constant for the caller's lifetime): assigns or mutates it in its
    /// code (actions included), or hands out `$name` as a binding.
    private static func isWritten(_ name: String, by site: ViewConstruction, index: ProjectIndex) -> Bool {
        guard let callerName = site.enclosingType, let caller = index.types[callerName] else { return true }
        if index.memberAccesses(of: caller).mutations[name]?.contains(where: { !$0.inInitializer }) == true { return true }
        let binding = "$" + name
        return caller.declarations.contains { declaration in
            let file = index.files[declaration.file]
            return declaration.decl.members.contains { file.kind($0) == .dollarIdentifier && file.spells($0, binding) }
        }
    }

    /// The project class the caller's property `name` holds (an observable model, a plain
    /// class), or nil.
    private static func heldModel(_ name: String, of site: ViewConstruction, index: ProjectIndex) -> TypeInfo? {
        guard let callerName = site.enclosingType, let caller = index.types[callerName],
            let (fileIndex, property) = caller.property(named: name),
            let held = index.declaredShape(of: property, in: index.files[fileIndex], scope: callerName)?.heldName,
            let model = index.type(named: held, from: callerName, file: fileIndex), model.isClass
        else { return nil }
        return model
    }

    /// Whether the model's field `field` can change after the model's initializer: a `var`
    /// the model's own code writes outside `init`, that other code writes through a
    /// reference (`model.field = x`, `model.field.append(x)`), or that a view binds
    /// (`$model.field`). A `let`, or a `var` set only in `init`, is a constant.
    private static func fieldCanChange(_ field: String, of model: TypeInfo, at site: ViewConstruction, index: ProjectIndex)
        -> Bool
    {
        guard let owner = index.typeAndAncestors(of: model).first(where: { $0.property(named: field) != nil }),
            let (_, stored) = owner.property(named: field)
        else { return true }
        if stored.isLet { return false }
        if stored.isComputed { return true }
        if index.memberAccesses(of: owner).mutations[field]?.contains(where: { !$0.inInitializer }) == true { return true }
        let ownCode = owner.declarations.map { ($0.file, $0.decl.members) }
        let outsideWrites = index.memberUpdateCandidates(named: field).contains { location in
            !ownCode.contains { $0.0 == location.file && $0.1.contains(location.token) } && index.isMemberWrite(at: location)
        }
        // Or a view binds it (`$model.field` in a `TextField` of another view holding the same model).
        return outsideWrites || index.isChangedByView(field, of: owner)
    }

    /// Whether the caller's stored property `name` holds a model (an observable or
    /// ObservableObject), whose fields change while the reference stays.
    private static func isModel(_ name: String, of site: ViewConstruction, index: ProjectIndex) -> Bool {
        guard let callerName = site.enclosingType, let caller = index.types[callerName],
            let (fileIndex, property) = caller.property(named: name),
            let shape = index.declaredShape(of: property, in: index.files[fileIndex], scope: callerName)
        else { return false }
        return index.modelKind(of: shape, from: callerName, file: fileIndex).isModel
    }

    /// Whether `path` after a `ForEach` element is what the `ForEach` identifies it by:
    /// `item.id` for `Identifiable` elements, `x` for `id: \.x`, the element itself for
    /// `id: \.self`.
    private static func isIdentity(_ path: [String], of site: ViewConstruction) -> Bool {
        for case .forEach(let id) in site.identity {
            guard let id else { return path == ["id"] }
            let keyPath = id.hasPrefix("\\.") ? String(id.dropFirst(2)) : id
            return keyPath == "self" ? path.isEmpty : path == keyPath.split(separator: ".").map(String.init)
        }
        return false
    }

    /// Whether the site renews the view when the argument changes: `.id(…)` naming the
    /// argument's root, or the argument is the item a presentation was made for.
    private static func isReidentified(_ argument: ConstructionArgument, at site: ViewConstruction, index: ProjectIndex)
        -> Bool
    {
        let file = index.files[site.file]
        let root = argument.value.first { file.isWord($0) && !file.at($0, "self") }.map { file.text($0) }
        for tie in site.identity {
            guard case .idModifier(let tokens) = tie, let root else { continue }
            if tokens.contains(where: { file.isWord($0) && file.spells($0, root) }) { return true }
        }
        return false
    }
}
