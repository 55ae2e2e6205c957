import ObservationSyntax

// A write a view does not observe still reaches its `body` when the same synchronous flow
// also writes state the view observes (SPEC §10.1: announced in the same flow): SwiftUI
// runs the body again once the flow returns to the run loop, and the body then reads every
// value the flow wrote.

extension ProjectIndex {
    /// A write, in the same synchronous flow as the code at `location` (the statements of the
    /// function or closure holding it, outside closures nested in it, with no `await`
    /// between the two, and in a block that runs whenever the code at `location` does:
    /// `if changed { selection = day }` is no such write), to state that `view` holds and
    /// renders (`rendersAgain(_:byWriteAt:in:owner:)`): its own
    /// `@State`/`@Binding` (`selection = day` in its action), or the `@Binding` of a project
    /// view that `view` binds to such a state (`parent.selection = day` in a representable's
    /// coordinator, for `CalendarGrid(selection: $selection)` in `view`), or, in a model's own
    /// code, the field that every site building `view` binds one of its `@Binding`s to
    /// (`selectedDay = day` in `Router`, for `Agenda(day: $router.selectedDay)`), or an
    /// announcing property of an object the view holds and reads (`camera.image = i`). Nil
    /// when there is none: the view is not rendered again by that flow.
    public func viewStateWrite(inFlowOf location: TokenLocation, renderedBy view: TypeInfo) -> TokenLocation? {
        guard let body = isolationFacts.enclosingBody(of: location, index: self) else { return nil }
        let file = files[location.file]
        let scopes = scopes(in: body.range, of: file)
        let closure = scopes.innermostClosure(containing: location.token)?.range
        let flow = closure ?? body.range
        for token in flow where file.kind(token) == .identifier && file.isAssignmentOperator(token + 1) {
            guard token != location.token, scopes.innermostClosure(containing: token)?.range == closure,
                !(min(token, location.token)..<max(token, location.token)).contains(where: { file.at($0, "await") }),
                runsWhenever(TokenLocation(file: location.file, token: token), runs: location, body: flow),
                rendersAgain(view, byWriteAt: token, in: location.file, owner: body.owner)
            else { continue }
            return TokenLocation(file: location.file, token: token)
        }
        return nil
    }

    /// Whether the code at `location`, in `view`'s own code, is followed in the same
    /// synchronous flow (`isFollowedInSameFlow`) by the view dismissing itself
    /// (`callsDismissAction`): a Save that hands a draft back, then closes the sheet. However
    /// the view was shown, it is going away, and shows nothing that flow leaves stale.
    public func dismissesItself(_ view: TypeInfo, inFlowAfter location: TokenLocation) -> Bool {
        guard isolationFacts.enclosingBody(of: location, index: self)?.owner?.name == view.name else { return false }
        return isFollowedInSameFlow(location) { token, file in
            file.kind(token + 1) == .leftParen && callsDismissAction(token, of: view, in: file)
        }
    }

    /// Whether a token after `location` in the same synchronous flow — the closure it is
    /// in, or its body, outside closures nested in it, with no `await` between — `matches`.
    func isFollowedInSameFlow(_ location: TokenLocation, by matches: (Int, ParsedFile) -> Bool) -> Bool {
        guard let body = isolationFacts.enclosingBody(of: location, index: self) else { return false }
        let file = files[location.file]
        let scopes = scopes(in: body.range, of: file)
        let flow = scopes.innermostClosure(containing: location.token)?.range
        for token in location.token + 1..<(flow ?? body.range).upperBound where scopes.innermostClosure(containing: token)?.range == flow {
            if file.at(token, "await") { return false }
            if matches(token, file) { return true }
        }
        return false
    }

    /// Whether the callee at `token`, in `view`'s own code, is the view's way to dismiss
    /// itself: its `@Environment(\.dismiss)` action, or `presentationMode.wrappedValue.dismiss`.
    func callsDismissAction(_ token: Int, of view: TypeInfo, in file: ParsedFile) -> Bool {
        if file.at(token, "dismiss"), file.kind(token - 1) == .period, file.at(token - 2, "wrappedValue") { return true }
        guard file.kind(token) == .identifier, file.isOwnMemberReference(token), let (declared, property) = view.property(named: file.text(token)),
            property.isStored
        else { return false }
        return property.attributes.contains { attribute in
            attribute.simpleName == "Environment" && attribute.arguments.map { $0.contains { files[declared].spells($0, "dismiss") } } == true
        }
    }

    /// Whether the assignment at `token` renders `view` again: it writes value state of the
    /// view that its rendering code reads or binds (`Binding` keeps the value `$name` had as
    /// `body` made it, `.alert(isPresented: $isShown)` too), or, in the view's own code, an
    /// announcing property of an object the view holds (`camera.image = i`, `@Observable`)
    /// that `body` reads or whose `objectWillChange` the view subscribes to.
    private func rendersAgain(_ view: TypeInfo, byWriteAt token: Int, in fileIndex: Int, owner: TypeInfo?) -> Bool {
        if let state = viewState(writtenAt: token, in: fileIndex, owner: owner, view: view) { return rendersProperty(state, of: view) }
        let file = files[fileIndex]
        let name = file.text(token)
        guard owner?.name == view.name, file.kind(token - 1) == .period, let (root, end) = ProjectIndex.writtenReference(at: token, in: file)
        else { return false }
        let held = end - 1 == root ? root : end - 3 == root && file.at(root, "self") ? end - 1 : nil
        guard let held, let (fileOfProperty, property) = view.property(named: file.text(held)),
            let shape = declaredShape(of: property, in: files[fileOfProperty], scope: view.name)?.directName
                ?? constructedType(of: property, in: files[fileOfProperty], scope: view.name)?.name,
            let object = type(named: shape, from: view.name), announcingProperties(of: object).contains(name)
        else { return false }
        if object.isObservableObject, property.attributes.contains(where: { Self.observingWrappers.contains(String($0.simpleName)) }) {
            return true
        }
        // Observation tracks the properties `body` reads, whatever holds the object.
        return object.isObservable && typeAndAncestors(of: object).contains { owner in
            (viewReads[owner.name] ?? []).contains { read in
                read.view == view.name && read.reference.name == property.name && read.path.first == name && read.role == .content
            }
        }
    }

    /// The property of `view` holding value state (`@State`, `@Binding`) that the assignment
    /// at `token` writes: one of its own, in its own code, or, through a reference to a
    /// project view (`parent.selection`), a `@Binding` of that view that `view` binds to one.
    private func viewState(writtenAt token: Int, in fileIndex: Int, owner: TypeInfo?, view: TypeInfo) -> String? {
        let file = files[fileIndex]
        let name = file.text(token)
        let isOwn = file.isOwnMemberReference(token) || file.kind(token - 1) == .period && file.at(token - 2, "self")
        if isOwn {
            guard let owner else { return nil }
            if owner.name == view.name { return holdsValueState(name, in: view, wrappers: ["State", "Binding"]) ? name : nil }
            return bindingBound(toField: name, of: owner, in: view)
        }
        guard file.kind(token - 1) == .period, let (root, end) = ProjectIndex.writtenReference(at: token, in: file),
            let written = staticType(of: root..<end, in: fileIndex, context: codeContexts(inFile: fileIndex).innermost(containing: token)),
            let child = types[written], holdsValueState(name, in: child, wrappers: ["Binding"])
        else { return nil }
        // `Child(name: $state)` in the view's rendering code (a representable too, which the
        // view graph does not hold).
        let childName = String(child.name.simpleTypeName)
        for body in ViewCode.renderingBodies(of: view, index: self) {
            let bodyFile = files[body.file]
            for site in body.range where bodyFile.kind(site) == .identifier && bodyFile.spells(site, childName) {
                guard bodyFile.kind(site + 1) == .leftParen,
                    let bound = bodyFile.argumentList(site + 1..<bodyFile.skipGroup(site + 1)).first(where: { argument in
                        argument.label.map { bodyFile.spells($0, name) } ?? false
                    })?.value,
                    bound.count == 1, bodyFile.kind(bound.lowerBound) == .dollarIdentifier
                else { continue }
                let source = String(bodyFile.text(bound.lowerBound).dropFirst())
                if holdsValueState(source, in: view, wrappers: ["State", "Binding"]) { return source }
            }
        }
        return nil
    }

    /// The `@Binding` of `view` that every site building it binds to the field `field` of a
    /// `model` object (`Calendar(selection: $router.selectedDay)`): a write of that field in
    /// the model's own code changes what the view reads through it.
    private func bindingBound(toField field: String, of model: TypeInfo, in view: TypeInfo) -> String? {
        let sites = viewGraph.constructions(of: view.name)
        guard !sites.isEmpty else { return nil }
        for (_, property) in view.properties where property.attributes.contains(where: { $0.simpleName == "Binding" }) {
            let bindsField = sites.allSatisfy { site in
                guard case .binding(let source, let path)? = site.argument(labeled: property.name)?.origin, path == [field],
                    let caller = site.enclosingType.flatMap({ types[$0] }), let (fileIndex, held) = caller.property(named: source.name),
                    let shape = declaredShape(of: held, in: files[fileIndex], scope: caller.name)?.directName
                else { return false }
                return type(named: shape, from: caller.name, file: fileIndex)?.name == model.name
            }
            if bindsField { return property.name }
        }
        return nil
    }

    private func holdsValueState(_ name: String, in view: TypeInfo, wrappers: Set<String>) -> Bool {
        guard let (_, property) = view.property(named: name) else { return false }
        return property.attributes.contains { wrappers.contains(String($0.simpleName)) }
    }
}
