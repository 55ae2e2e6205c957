import ObservationSyntax

// Loss (SPEC §10.5): what a rebuilt model takes with it — state written after its
// initializer (a model that only holds its inputs, or mirrors a source that replays its
// current value on subscription, loses nothing), and the effects of its initializer
// (a request, a task, a timer, an observer or subscription, a write to shared state or
// storage, an analytics event) as opposed to reading memory.

/// A stored property of a model written after its initializer: state a rebuilt object drops.
public struct StateChange: Sendable {
    public let field: String
    /// The write.
    public let location: TokenLocation
    /// When it runs: "in `SearchModel.search()`", "in a `Task` in `SearchModel.search()`".
    public let context: String
}

/// Work a model's initializer does beyond reading memory, which every build repeats.
public struct InitializerEffect: Sendable {
    /// "starts a `Task`", "makes a network request", "writes to `UserDefaults`".
    public let description: String
    public let location: TokenLocation
    /// Where, when not in the initializer itself: "in `setUp()`", "in the initial value of `timer`".
    public var place: String?
    /// A shared object's property assigned a value that refers to the new instance (a
    /// handler closure, `self`): each construction replaces what the previous one set there.
    public var replacedWithSelf = false
}

/// What rebuilding a model loses: the state written after its initializer, and the effect
/// its initializer repeats.
public struct ModelLoss: Sendable {
    public let changedState: [StateChange]
    public let effect: InitializerEffect?
    public var isEmpty: Bool { changedState.isEmpty && effect == nil }

    public init(changedState: [StateChange], effect: InitializerEffect?) {
        self.changedState = changedState
        self.effect = effect
    }
}

extension ProjectIndex {
    /// What building `type` again loses: its state written after initialization, and the
    /// effect of the initializer `call` selects (nil: not known, only the state).
    public func loss(ofRebuilding type: TypeInfo, call: Call? = nil, in callFile: Int? = nil) -> ModelLoss {
        let effect = call.flatMap { call in callFile.flatMap { initializerEffect(ofConstructing: type, call: call, in: $0) } }
        return ModelLoss(changedState: changedState(of: type), effect: effect)
    }

    /// What building `type` again for the stored property `property` of `view` loses. The
    /// new object is reached only through that property (and by the work its own initializer
    /// starts): when the view's code never refers to the property, nothing writes that
    /// object's state or shows it, so only the initializer's effect counts.
    /// Nor when the view only passes the object on, as it is, to a descendant that keeps it
    /// in `@State`/`@StateObject` (`keeperChain`): that one keeps the first object (the view
    /// may also inject it into an environment no view reads it from).
    /// Otherwise a field counts by its first write that can reach this object, which the
    /// change then cites: the model's own code, unless only methods other code calls on
    /// other objects of its type make it; the view's code through `property`; or any code
    /// when the model hands `self` out. A write through another reference of the type
    /// (`other.name = …`, a row fetched from storage, another view's model) is no witness.
    public func loss(ofRebuilding type: TypeInfo, call: Call?, in callFile: Int?, heldIn property: String, of view: TypeInfo) -> ModelLoss {
        let loss = loss(ofRebuilding: type, call: call, in: callFile)
        guard !loss.changedState.isEmpty else { return loss }
        guard refers(toProperty: property, of: view), keeperChain(ofHandedOn: property, of: view, model: type) == nil else {
            return ModelLoss(changedState: [], effect: loss.effect)
        }
        guard !handsOn(property, of: view) else { return loss }
        let lineage = Set((typeAndAncestors(of: type) + typeAndSubtypes(of: type)).map(\.name))
        var handedOut: Bool?
        let reached = loss.changedState.compactMap { change -> StateChange? in
            // Every write of the field, not only the first one the change names.
            guard !change.field.contains("."), let writes = stateWrites(of: type, field: change.field), !writes.isEmpty else { return change }
            let write = writes.first { write in
                guard write.throughReference else {
                    return !isMadeOnlyOnOtherObjects(at: write.site, heldIn: property, of: view, model: type)
                }
                if isWrite(at: write.site, through: property, of: view) { return true }
                if handedOut == nil { handedOut = handsOutItself(lineage) }
                return handedOut!
            }
            return write.map { StateChange(field: change.field, location: $0.site, context: $0.noteContext(in: self)) }
        }
        return ModelLoss(changedState: reached, effect: loss.effect)
    }

    /// Whether the write at `location` is the code of `view` writing through its property
    /// `property` (`vm.name = …`, `self.vm.name`, `$vm.name`, `vm?.name`): the only
    /// reference to the object the view built that the view's code holds, when it does not
    /// hand the object on. A write through any other reference of the type (a parameter, a
    /// local, an element of a list, another view's property) changes another object.
    private func isWrite(at location: TokenLocation, through property: String, of view: TypeInfo) -> Bool {
        let file = files[location.file]
        guard view.declarations.contains(where: { $0.file == location.file && $0.decl.members.contains(location.token) }),
            file.kind(location.token - 1) == .period
        else { return false }
        var receiver = location.token - 2
        if file.kind(receiver) == .postfixQuestionMark || file.kind(receiver) == .exclamationMark { receiver -= 1 }
        let text = file.text(receiver)
        guard text == property || text == "$" + property || text == "_" + property else { return false }
        return file.kind(receiver - 1) != .period || file.at(receiver - 2, "self")
    }

    /// Whether the write is made in a method of the model's class family that only other
    /// types' code calls, none of it through the view's `property` (`viewModel.update()` in
    /// the view).
    private func isMadeOnlyOnOtherObjects(at location: TokenLocation, heldIn property: String, of view: TypeInfo, model: TypeInfo) -> Bool {
        guard let body = isolationFacts.enclosingBody(of: location, index: self), case .function(let function) = body.member,
            function.kind == .function, let owner = body.owner, owner.isClass,
            !scopes(in: body.range, of: files[location.file]).enclosing(location.token).contains(where: \.isClosure)
        else { return false }
        let lineage = Set((typeAndAncestors(of: model) + typeAndSubtypes(of: model)).map(\.name))
        guard lineage.contains(owner.name), !handsOutItself(lineage) else { return false }
        return isCalledOnlyOnOtherObjects(
            function, body: BodyKey(file: location.file, body: body.range), owner: owner, lineage: lineage, property: property, view: view,
            depth: 3)
    }

    /// Whether every project call of the method is another type's, none through the view's
    /// `property`; a call from the family's own method counts when that method's calls are
    /// such (followed `depth` methods back).
    private func isCalledOnlyOnOtherObjects(
        _ function: FunctionDecl, body: BodyKey, owner: TypeInfo, lineage: Set<String>, property: String, view: TypeInfo, depth: Int
    ) -> Bool {
        let calls = callSitesByFunction.value(for: body) { callSites(of: function, inFile: body.file, ownedBy: owner) }
        guard depth > 0, !calls.isEmpty else { return false }
        return calls.allSatisfy { call in
            guard let caller = isolationFacts.enclosingBody(of: call, index: self), let callerOwner = caller.owner else { return false }
            let file = files[call.file]
            if lineage.contains(callerOwner.name) {
                // `self.method()` or `method()` in the family's own method, outside closures.
                guard case .function(let outer) = caller.member, outer.kind == .function, file.kind(call.token - 1) != .period
                    || file.at(call.token - 2, "self"),
                    !scopes(in: caller.range, of: file).enclosing(call.token).contains(where: \.isClosure)
                else { return false }
                return isCalledOnlyOnOtherObjects(
                    outer, body: BodyKey(file: call.file, body: caller.range), owner: callerOwner, lineage: lineage, property: property,
                    view: view, depth: depth - 1)
            }
            guard callerOwner.name == view.name else { return true }
            return !(file.kind(call.token - 1) == .period && file.spells(call.token - 2, property))
        }
    }

    /// Whether the class family's code hands `self` out as a value (`Registry.add(self)`,
    /// `Session.current = self`): other code may then call any of its objects.
    private func handsOutItself(_ lineage: Set<String>) -> Bool {
        lineage.contains { name in
            types[name]?.declarations.contains { declaration in
                let file = files[declaration.file]
                return declaration.decl.members.contains { token in
                    file.at(token, "self") && file.kind(token + 1) != .period && file.kind(token + 1) != .postfixQuestionMark
                        && (file.kind(token - 1) == .colon || file.kind(token - 1) == .equal || file.kind(token - 1) == .leftParen
                            || file.kind(token - 1) == .comma)
                }
            } ?? false
        }
    }

    /// Whether the view's code passes its property `name` on as an argument or a value
    /// (`Child(model: viewModel)`, `let m = viewModel`, `Child(model: $viewModel)`), so other
    /// code may change the object. A binding to one field (`$viewModel.field`) hands on no
    /// object: what writes through it is a write of that field at the binding.
    private func handsOn(_ name: String, of view: TypeInfo) -> Bool {
        view.declarations.contains { declaration in
            let file = files[declaration.file]
            return declaration.decl.members.contains { token in
                if file.kind(token) == .dollarIdentifier, file.spells(token, "$" + name) { return file.kind(token + 1) != .period }
                return file.kind(token) == .identifier && file.spells(token, name) && file.kind(token - 1) != .period
                    && (file.kind(token - 1) == .colon || file.kind(token - 1) == .equal || file.kind(token - 1) == .leftParen
                        || file.kind(token - 1) == .comma)
                    && file.kind(token + 1) != .period && file.kind(token + 1) != .colon
            }
        }
    }

    /// Whether the code of `view` refers to its own property `name` — `name`, `self.name`,
    /// `$name`, `_name` — other than declaring or assigning it (`_name = …` in an initializer).
    public func refers(toProperty name: String, of view: TypeInfo) -> Bool {
        view.declarations.contains { declaration in
            let file = files[declaration.file]
            let declared = Set(declaration.decl.properties.lazy.filter { $0.name == name }.map(\.nameToken))
            return declaration.decl.members.contains { token in
                switch file.kind(token) {
                case .identifier?, .dollarIdentifier?:
                    break
                default:
                    return false
                }
                let text = file.text(token)
                guard text == name || text == "$" + name || text == "_" + name, !declared.contains(token),
                    file.isOwnMemberReference(token), !file.isArgumentLabel(token), file.kind(token + 1) != .equal
                else { return false }
                return true
            }
        }
    }

    /// The stored properties of the project class `type` (and its ancestors) written once
    /// the object is set up, with the first such write each: by its own code outside
    /// initialization, by views, through `&$name` — except writes that mirror a source that
    /// replays its current value on subscription (a `@Published` projection or a
    /// `CurrentValueSubject`, subscribed in the initializer), which a new object gets back.
    /// Subscriptions, tasks and timers the object keeps for its own work are not state.
    /// Computed once per type.
    public func changedState(of type: TypeInfo) -> [StateChange] {
        changedStateByType.value(for: type.name) { collectChangedState(of: type, visiting: [type.name]) }
    }

    /// `visiting`: the models whose objects led here (a cycle of them adds nothing).
    private func collectChangedState(of type: TypeInfo, visiting: Set<String>) -> [StateChange] {
        var result: [StateChange] = []
        let lineage = typeAndAncestors(of: type)
        for owner in lineage {
            for (fileIndex, property) in owner.properties where property.isStored {
                guard !property.modifiers.contains("static"), !property.modifiers.contains("class"),
                    !isPlumbing(property, in: files[fileIndex])
                else { continue }
                // An object the model builds itself (`let forecast = ForecastModel()`) goes with it.
                if let held = constructedType(of: property, in: files[fileIndex], scope: owner.name).flatMap({ types[$0.name] }),
                    held.isClass, !visiting.contains(held.name),
                    let inner = collectChangedState(of: held, visiting: visiting.union([held.name])).first
                {
                    result.append(StateChange(field: property.name + "." + inner.field, location: inner.location, context: inner.context))
                    continue
                }
                guard !property.isLet else { continue }
                if let write = stateWrites(of: type, property: property, in: fileIndex, owner: owner).first {
                    result.append(StateChange(field: property.name, location: write.site, context: write.noteContext(in: self)))
                } else if let assigned = assignedThroughProjection(property.name, in: lineage) {
                    result.append(assigned)
                }
            }
        }
        return result
    }

    /// The writes of the stored property `property` (declared by `owner`, in file
    /// `fileIndex`) of an object of `type` that change its state once the object is set up
    /// (`modelWrites`): not those that mirror a source replaying its current value, keep the
    /// value a binding had, or set back the literal it starts with.
    private func stateWrites(of type: TypeInfo, property: Property, in fileIndex: Int, owner: TypeInfo) -> LazyFilterSequence<[PropertyWrite]> {
        let handed = holdsHandedObject(property, in: fileIndex, of: owner)
        let initial = constantInitialValue(of: property, in: fileIndex, of: type)
        return changes(of: type).writes(of: property.name).lazy.filter { [self] write in
            write.phase == .afterHandout && !isReplayedWrite(at: write.site, of: type)
                && !keepsValue(boundAt: write.site, holdsHandedObject: handed) && !(initial.map { isAssignment(of: $0, at: write.site) } ?? false)
        }
    }

    /// `stateWrites` of the stored property named `field` of `type` or an ancestor.
    private func stateWrites(of type: TypeInfo, field: String) -> LazyFilterSequence<[PropertyWrite]>? {
        for owner in typeAndAncestors(of: type) {
            if let (fileIndex, property) = owner.property(named: field) {
                return stateWrites(of: type, property: property, in: fileIndex, owner: owner)
            }
        }
        return nil
    }

    /// The literal a stored property starts with when no initializer sets it: its initial
    /// value when that is one literal token (`nil`, `false`, `0`), or `nil` for an optional
    /// `var` without one. Nil when an initializer assigns it or the value is not a literal.
    private func constantInitialValue(of property: Property, in fileIndex: Int, of type: TypeInfo) -> String? {
        guard !changes(of: type).writes(of: property.name).contains(where: { $0.phase == .initializer }) else { return nil }
        let file = files[fileIndex]
        guard let initializer = property.initializer else {
            guard let text = property.type?.text.filter({ !$0.isWhitespace }), text.hasSuffix("?") else { return nil }
            return "nil"
        }
        guard initializer.count == 1 else { return nil }
        let token = initializer.lowerBound
        guard file.at(token, "nil") || file.at(token, "true") || file.at(token, "false") || file.kind(token) == .integerLiteral
        else { return nil }
        return file.text(token)
    }

    /// Whether the write at `location` is `name = literal`: it sets the value the property
    /// started with, so the property never holds anything else through it.
    private func isAssignment(of literal: String, at location: TokenLocation) -> Bool {
        let file = files[location.file]
        let equal = location.token + 1
        guard file.kind(equal) == .equal, file.spells(equal + 1, literal) else { return false }
        let after = equal + 2
        return after >= file.tokens.count || file.tokens[after].isAtStartOfLine || file.kind(after) == .semicolon
            || file.kind(after) == .rightBrace
    }

    /// Whether the stored property holds a project class object the model was handed, not
    /// one it built: declared as a class, with no initial value or initializer assignment
    /// that constructs one. Writes through it change that shared object, which a rebuilt
    /// model is handed again.
    private func holdsHandedObject(_ property: Property, in fileIndex: Int, of owner: TypeInfo) -> Bool {
        let file = files[fileIndex]
        guard property.initializer == nil,
            let name = declaredShape(of: property, in: file, scope: owner.name)?.directName,
            type(named: name, from: owner.name)?.isClass == true
        else { return false }
        return !memberAccesses(of: owner).mutations[property.name, default: []].contains { site in
            let siteFile = files[site.file]
            let equal = site.token + 1
            guard site.inInitializer, siteFile.kind(equal) == .equal else { return false }
            let value = siteFile.expressionEnd(from: equal + 1, end: site.body.upperBound, stopAtComma: false)
            return (equal + 1..<value).contains { token in
                siteFile.kind(token) == .identifier && siteFile.kind(token + 1) == .leftParen && siteFile.kind(token - 1) != .period
                    && type(named: siteFile.text(token), from: owner.name)?.isClass == true
            }
        }
    }

    /// Whether the view write at `location` — `$model.field…` — leaves the field's value
    /// as it was: a binding to a member of an object the model was handed (that object
    /// changes, not the model), or the whole field handed to a project view's `@Binding`
    /// that never writes it.
    private func keepsValue(boundAt location: TokenLocation, holdsHandedObject: Bool) -> Bool {
        let file = files[location.file]
        let field = location.token
        guard file.kind(field - 1) == .period, file.kind(field - 2) == .dollarIdentifier else { return false }
        if file.kind(field + 1) == .period { return holdsHandedObject }
        return receivingViewKeeps(bindingAt: field - 2, endingAt: field + 1, in: file, holdsHandedObject: holdsHandedObject, depth: 0)
    }

    /// A binding expression `token..<end` passed as `label: $…` to a project view, whose
    /// `@Binding` property it lands in (`label` itself with a memberwise initializer, or the
    /// one its initializers set `_name = parameter`) the view neither assigns, mutates, nor
    /// hands on (except to another such view) — or, for an object the model was handed,
    /// changes only through.
    private func receivingViewKeeps(bindingAt token: Int, endingAt end: Int, in file: ParsedFile, holdsHandedObject: Bool, depth: Int) -> Bool {
        guard depth < 4, file.kind(end) == .comma || file.kind(end) == .rightParen,
            file.kind(token - 1) == .colon, file.kind(token - 2) == .identifier,
            let open = file.argumentListOpener(from: token - 3), file.kind(open - 1) == .identifier,
            let view = types[file.text(open - 1)], view.isValueType,
            let label = boundProperty(receiving: file.text(token - 2), in: view),
            view.properties.contains(where: { $0.property.name == label && $0.property.attributes.contains(named: "Binding") })
        else { return false }
        let written = memberAccesses(of: view).mutations[label, default: []].contains { site in
            !(holdsHandedObject && files[site.file].kind(site.token + 1) == .period)
        }
        guard !written else { return false }
        let dollar = "$" + label
        for declaration in view.declarations {
            let viewFile = files[declaration.file]
            for use in declaration.decl.members where viewFile.kind(use) == .dollarIdentifier && viewFile.spells(use, dollar) {
                if viewFile.kind(use + 1) == .period, holdsHandedObject { continue }
                guard receivingViewKeeps(bindingAt: use, endingAt: use + 1, in: viewFile, holdsHandedObject: holdsHandedObject, depth: depth + 1)
                else { return false }
            }
        }
        return true
    }

    /// The stored property of `view` an argument labelled `label` initializes: the property
    /// of that name with the memberwise initializer; with declared initializers, the
    /// `_name` every one taking `label` sets from that parameter (nil when one does not).
    private func boundProperty(receiving label: String, in view: TypeInfo) -> String? {
        let initializers = view.functions.filter { $0.function.kind == .initializer }
        guard !initializers.isEmpty else { return label }
        var found: String?
        for (fileIndex, initializer) in initializers {
            guard let parameter = initializer.parameters.first(where: { $0.label == label }) else { continue }
            guard let body = initializer.body else { return nil }
            let file = files[fileIndex]
            let assignment = body.first { token in
                file.kind(token) == .identifier && file.text(token).hasPrefix("_") && file.kind(token + 1) == .equal
                    && file.spells(token + 2, parameter.name) && file.kind(token + 3) != .period && file.kind(token + 3) != .leftParen
            }
            guard let assignment else { return nil }
            let name = String(file.text(assignment).dropFirst())
            guard found == nil || found == name else { return nil }
            found = name
        }
        return found
    }

    /// `source.assign(to: &$name)` in the model's code, where `source` does not replay its
    /// current value.
    private func assignedThroughProjection(_ name: String, in lineage: [TypeInfo]) -> StateChange? {
        for owner in lineage {
            for declaration in owner.declarations {
                let file = files[declaration.file]
                for token in declaration.decl.members where file.kind(token) == .prefixAmpersand && file.kind(token + 1) == .dollarIdentifier {
                    guard file.spells(token + 1, "$" + name) else { continue }
                    var separator = token - 1
                    if file.kind(separator) == .colon { separator -= 2 }
                    if let open = file.argumentListOpener(from: separator), file.isWord(open - 1),
                        isReplayingSource(calledAt: open - 1, in: file, of: owner)
                    {
                        continue
                    }
                    let location = TokenLocation(file: declaration.file, token: token + 1)
                    return StateChange(field: name, location: location, context: writeContext(at: location))
                }
            }
        }
        return nil
    }

    /// A write inside the `sink` of a subscription, made in an initializer, to a source that
    /// replays its current value: a new object subscribes again and gets the value back.
    private func isReplayedWrite(at location: TokenLocation, of type: TypeInfo) -> Bool {
        let file = files[location.file]
        for owner in typeAndAncestors(of: type) {
            for (fileIndex, function) in owner.functions where fileIndex == location.file && function.kind == .initializer {
                guard let body = function.body, body.contains(location.token),
                    let closure = scopes(in: body, of: file).innermostClosure(containing: location.token),
                    case .closure(let callee?, _) = closure.kind, file.at(callee, "sink")
                else { continue }
                return isReplayingSource(calledAt: callee, in: file, of: owner)
            }
        }
        return false
    }

    /// `object.publisher(for: \.name)`: Key-Value Observing's publisher, whose default
    /// options (`[.initial]`) send the current value to a new subscriber, as do explicit
    /// options that include `.initial`.
    private func isKeyValueObservingPublisher(at token: Int, in file: ParsedFile) -> Bool {
        guard file.at(token, "publisher"), file.kind(token + 1) == .leftParen else { return false }
        let close = Int(file.partner[token + 1])
        guard close > token + 1 else { return false }
        let arguments = file.argumentList(token + 1..<close + 1)
        guard let first = arguments.first, first.label.map({ file.at($0, "for") }) == true,
            file.kind(first.value.lowerBound) == .backslash
        else { return false }
        guard let options = arguments.first(where: { $0.label.map { file.at($0, "options") } == true }) else { return true }
        return options.value.contains { file.at($0, "initial") }
    }

    /// Whether the publisher chain before `.sink`/`.assign` at `callee` starts from a source
    /// that replays its current value to a new subscriber: a `@Published` projection
    /// (`$items`, `store.$items`), a `CurrentValueSubject` of the model, or Key-Value
    /// Observing's `publisher(for: \.name)`, without `dropFirst()` on the way.
    func isReplayingSource(calledAt callee: Int, in file: ParsedFile, of owner: TypeInfo) -> Bool {
        guard file.kind(callee - 1) == .period else { return false }
        var token = callee - 2
        var replays = false
        while token >= 0 {
            switch file.kind(token) {
            case .rightParen, .rightSquare:
                let open = Int(file.partner[token])
                guard open >= 0, open < token else { return false }
                token = open - 1
                continue
            case .dollarIdentifier:
                replays = true
            case .identifier:
                if file.at(token, "dropFirst") { return false }
                if file.kind(token - 1) == .period, isKeyValueObservingPublisher(at: token, in: file) { replays = true }
                let name = file.text(token)
                if file.kind(token - 1) != .period, let (propertyFile, property) = owner.property(named: name),
                    property.type?.text.hasPrefix("CurrentValueSubject") == true
                        || property.initializer.map({ files[propertyFile].text($0).hasPrefix("CurrentValueSubject") }) == true
                {
                    replays = true
                }
            case .period, .postfixQuestionMark, .exclamationMark:
                break
            case .keyword where file.at(token, "self"):
                break
            default:
                return replays
            }
            if file.kind(token) != .period, file.kind(token - 1) != .period { return replays }
            token -= 1
        }
        return replays
    }
}
