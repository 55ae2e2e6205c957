import ObservationSyntax

// Where an object passed to a view's initializer ends up: the stored property the argument
// lands in, and, for a plain property the view only passes on as it is, the descendant that
// keeps it in `@State`/`@StateObject` (SwiftUI keeps the first object there and drops the
// later ones unused, so a rebuilt object loses nothing but its initializer's work).

/// The stored property of a view an initializer argument lands in.
public struct ReceivingProperty: Sendable {
    public let property: Property
    public let file: Int
    /// The property's wrapper (`ObservedObject`, `Bindable`, `StateObject`, `State`); nil
    /// for a plain property.
    public let wrapper: String?
    /// The argument reaches the property through the memberwise initializer of a wrapper
    /// whose `init(wrappedValue:)` takes an escaping autoclosure (`@StateObject`): the
    /// initializer parameter is that autoclosure too (SE-0258, Swift 5.3), so
    /// `Child(model: Model())` builds the object only when SwiftUI first installs the
    /// view, not each time the caller's code runs.
    public var isBuiltOnce = false
    /// `@StateObject`/`@State`: the view keeps the first object; later ones are dropped.
    public var keepsFirst: Bool { wrapper == "StateObject" || wrapper == "State" }
}

/// A view passing the object it holds, as it is, to a project view's initializer.
public struct ModelHandOn: Sendable {
    /// The argument (`model` in `Scene(model: model)`).
    public let location: TokenLocation
    /// The view it is passed to, and where that view keeps it.
    public let receiver: String
    public let receiving: ReceivingProperty

    /// The same hand-on with its files renumbered (moving it to another index).
    func renumberingFiles(_ position: (Int) -> Int) -> ModelHandOn {
        var moved = ReceivingProperty(property: receiving.property, file: position(receiving.file), wrapper: receiving.wrapper)
        moved.isBuiltOnce = receiving.isBuiltOnce
        return ModelHandOn(location: TokenLocation(file: position(location.file), token: location.token), receiver: receiver, receiving: moved)
    }
}

extension ProjectIndex {
    /// Where the project view `child` keeps the argument labelled `label` (or, unlabelled, at
    /// `position`): the stored property of that name with the memberwise initializer; with
    /// declared initializers, the one each taking it assigns from the parameter
    /// (`self.model = model`, `_model = StateObject(wrappedValue: model)`). Nil for an
    /// `@autoclosure` parameter (built once), a wrapper the value is converted to that the
    /// property does not declare, and anything unclear; a memberwise `@StateObject` argument
    /// is an autoclosure too (`isBuiltOnce`).
    public func receivingProperty(of child: TypeInfo, label: String?, position: Int) -> ReceivingProperty? {
        let initializers = child.functions.filter { $0.function.kind == .initializer }
        if initializers.isEmpty {
            guard let label, let primary = child.declarations.first, primary.decl.kind != .extension,
                let property = primary.decl.properties.first(where: { $0.name == label && $0.isStored })
            else { return nil }
            guard var receiving = receivingProperty(property, in: primary.file) else { return nil }
            receiving.isBuiltOnce = receiving.wrapper == "StateObject"
            return receiving
        }
        var result: ReceivingProperty?
        for (fileIndex, initializer) in initializers {
            let file = files[fileIndex]
            let candidates: [Parameter]
            if let label {
                candidates = initializer.parameters.filter { $0.label == label }
            } else {
                candidates = initializer.parameters.enumerated().filter { $0.offset == position && $0.element.label == nil }.map(\.element)
            }
            guard let parameter = candidates.first else { continue }
            if parameter.isAutoclosure { return nil }
            guard let body = initializer.body, let stored = storedProperty(for: parameter, in: body, of: child, file: file),
                let receiving = receivingProperty(stored.property, in: stored.file, through: stored.value, file: file)
            else { return nil }
            result = result ?? receiving
        }
        return result
    }

    /// The descendants an object `view` holds in its plain stored property `property` is
    /// passed to, ending in the one that keeps it in `@State`/`@StateObject`: when every
    /// reference of the view's code to the property passes it, as it is, to a project
    /// view's initializer argument that lands in such storage — directly, or in another
    /// view's plain property that view passes on the same way (`depth` views down). The
    /// descendant keeps the first object; the ones later built views pass are dropped
    /// unused. Nil when the view uses the object otherwise (reads it, binds it, passes it
    /// anywhere else).
    /// With the object's class `model` known, the view may also inject it into the
    /// environment (`.environmentObject(model)`, `.environment(model)`) when no project view
    /// reads that class (or a superclass) from the environment: nothing sees which object
    /// the subtree gets.
    public func keeperChain(ofHandedOn property: String, of view: TypeInfo, model: TypeInfo? = nil, depth: Int = 3) -> [ModelHandOn]? {
        guard depth > 0 else { return nil }
        // A local package's view: its own index saw the views it passes to.
        guard !isImported(view) else { return view.keeperChainsOfHandedOn[property] }
        var chain: [ModelHandOn]?
        let wrapperName = "_" + property
        let bindingName = "$" + property
        for declaration in view.declarations {
            let file = files[declaration.file]
            let declared = Set(declaration.decl.properties.lazy.filter { $0.name == property }.map(\.nameToken))
            // An initializer's parameter of that name shadows the property in its body.
            let shadowed = declaration.decl.functions.filter { function in
                function.kind == .initializer && function.parameters.contains { $0.name == property }
            }.compactMap(\.body)
            for token in declaration.decl.members {
                guard let kind = file.kind(token), kind == .identifier || kind == .dollarIdentifier else { continue }
                let namesWrapper = file.spells(token, wrapperName)
                if kind == .dollarIdentifier || namesWrapper {
                    guard namesWrapper || file.spells(token, bindingName) else { continue }
                    // `_model = …` sets it; anything else uses the wrapper.
                    if file.kind(token + 1) == .equal { continue }
                    return nil
                }
                guard file.spells(token, property), !declared.contains(token), file.isOwnMemberReference(token), !file.isArgumentLabel(token),
                    file.kind(token + 1) != .equal, !shadowed.contains(where: { $0.contains(token) })
                else { continue }
                if let model, isUnreadInjection(at: token, in: file, of: model) { continue }
                guard let handOn = handOn(at: token, in: file, fileIndex: declaration.file, from: view.name) else { return nil }
                let rest: [ModelHandOn]
                if handOn.receiving.keepsFirst {
                    rest = []
                } else if handOn.receiving.wrapper == nil, let receiver = types[handOn.receiver],
                    let further = keeperChain(ofHandedOn: handOn.receiving.property.name, of: receiver, model: model, depth: depth - 1)
                {
                    rest = further
                } else {
                    return nil
                }
                chain = chain ?? [handOn] + rest
            }
        }
        return chain
    }

    /// `.environmentObject(name)` or `.environment(name)`, the reference at `token` being the
    /// whole argument, where no project view reads `model`'s class or a superclass of it from
    /// the environment with that modifier's wrapper.
    private func isUnreadInjection(at token: Int, in file: ParsedFile, of model: TypeInfo) -> Bool {
        let start = file.kind(token - 1) == .period && file.at(token - 2, "self") ? token - 2 : token
        guard file.kind(token + 1) == .rightParen, file.kind(start - 1) == .leftParen, file.kind(start - 3) == .period else { return false }
        let kind: EnvironmentInjection.Kind
        if file.at(start - 2, "environmentObject") {
            kind = .environmentObject
        } else if file.at(start - 2, "environment") {
            kind = .environment
        } else {
            return false
        }
        return typeAndAncestors(of: model).allSatisfy { environmentReaders(of: $0.name, kind: kind).isEmpty }
    }

    /// The view exported with the chains of its plain stored properties that have one.
    func withKeeperChains(_ view: TypeInfo) -> TypeInfo {
        guard view.isView else { return view }
        var exported = view
        for (_, property) in view.properties where property.isStored && property.attributes.isEmpty
            && !property.modifiers.contains("static")
        {
            if let chain = keeperChain(ofHandedOn: property.name, of: view) { exported.keeperChainsOfHandedOn[property.name] = chain }
        }
        return exported
    }

    /// Whether all of the type's declarations are in a local package's files.
    private func isImported(_ type: TypeInfo) -> Bool {
        !type.declarations.isEmpty && !isOwn(type)
    }

    /// `Child(label: name)` or `Child(label: self.name)`, the reference at `token` being the
    /// whole argument of a project view's initializer: where that view keeps it.
    private func handOn(at token: Int, in file: ParsedFile, fileIndex: Int, from scope: String) -> ModelHandOn? {
        let start = file.kind(token - 1) == .period ? token - 2 : token
        guard file.kind(token + 1) == .comma || file.kind(token + 1) == .rightParen else { return nil }
        let separator = file.kind(start - 1) == .colon ? start - 3 : start - 1
        guard let open = file.argumentListOpener(from: separator), file.kind(open - 1) == .identifier,
            file.text(open - 1).first?.isUppercase == true,
            let receiver = type(named: file.text(open - 1), from: scope), receiver.isView
        else { return nil }
        let close = Int(file.partner[open])
        guard close > open else { return nil }
        let arguments = file.argumentList(open..<close + 1)
        guard let position = arguments.firstIndex(where: { $0.value == start..<token + 1 }),
            let receiving = receivingProperty(of: receiver, label: arguments[position].label.map { file.text($0) }, position: position)
        else { return nil }
        return ModelHandOn(location: TokenLocation(file: fileIndex, token: token), receiver: receiver.name, receiving: receiving)
    }

    /// The property an initializer stores a parameter in: `self.model = model`,
    /// `_model = ObservedObject(wrappedValue: model)`.
    private func storedProperty(
        for parameter: Parameter, in body: Range<Int>, of child: TypeInfo, file: ParsedFile
    ) -> (property: Property, file: Int, value: Range<Int>)? {
        for assignment in file.assignments(in: body) where file.kind(assignment.operatorToken) == .equal {
            let path = file.path(of: assignment.target)
            guard path.count == 1 else { continue }
            let usesParameter = assignment.value.contains { token in
                file.kind(token) == .identifier && file.spells(token, parameter.name) && file.kind(token - 1) != .period
                    && file.kind(token + 1) != .colon
            }
            guard usesParameter else { continue }
            let name = path[0].hasPrefix("_") ? String(path[0].dropFirst()) : path[0]
            guard let (fileIndex, property) = child.property(named: name) else { return nil }
            return (property, fileIndex, assignment.value)
        }
        return nil
    }

    /// How `property` keeps what `value` (the assigned expression, when an initializer
    /// assigns it) gives it; nil for other wrappers, and for a wrapper built around the
    /// value that the property does not declare.
    private func receivingProperty(
        _ property: Property, in fileIndex: Int, through value: Range<Int>? = nil, file: ParsedFile? = nil
    ) -> ReceivingProperty? {
        let wrapper = property.attributes.first { $0.simpleName.first?.isUppercase == true && $0.simpleName != "MainActor" }
            .map { String($0.simpleName) }
        switch wrapper {
        case nil:
            // `self.model = model`, or `_model` assigned something that is not a wrapper.
            if let value, let file, isWrapperConstruction(value, file: file) { return nil }
        case "ObservedObject", "Bindable":
            if let value, let file, isWrapperConstruction(value, file: file),
                !(file.at(value.lowerBound, "ObservedObject") || file.at(value.lowerBound, "Bindable"))
            {
                return nil
            }
        case "StateObject", "State":
            break
        default:
            return nil
        }
        return ReceivingProperty(property: property, file: fileIndex, wrapper: wrapper)
    }

    /// `StateObject(wrappedValue: …)`, `.init(…)`, `State(initialValue: …)`.
    private func isWrapperConstruction(_ value: Range<Int>, file: ParsedFile) -> Bool {
        guard let first = value.first else { return false }
        if file.kind(first) == .period { return true }
        let text = file.text(first)
        return ["StateObject", "State", "ObservedObject", "Bindable", "SwiftUI"].contains(text)
    }
}
