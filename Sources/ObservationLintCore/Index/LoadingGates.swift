import ObservationSyntax

// Loading gates (SPEC §10.3, §10.4): a view shows another branch (a `ProgressView`) while a
// flag of its own says it is loading, and the flow that loads ends that state after writing
// what it loaded. What that flow writes before the end cannot reach a view the view builds
// only outside the loading branch: SwiftUI builds (or presents) it afterwards, from the
// value written.

extension ProjectIndex {
    /// Whether the code at `location`, in a method or closure of the view whose rendering
    /// code builds `site`, runs only while a `@State` flag of that view holds a value under
    /// which the view does not show `site`: the flow that runs the code (the function, or
    /// the closure it is in) writes the flag a literal after it (`isLoading = false`), and
    /// before it the flag holds another literal — written earlier in the same flow, in a
    /// block that holds the code (`isLoading = true`), and not written after that in
    /// another block (`if let cached { …; isLoading = false }`), or the flag's initial value when no
    /// code of the view writes that value again and no binding to the flag is handed out
    /// (`@State var isLoading = true`: the first load, when the flow starts only as the view
    /// appears — `.onAppear`, `.task` without `id:`; a later run of that flow, on a later
    /// appearance, is taken to load the same data). Under that value the body builds
    /// another branch than the site's (`if isLoading { ProgressView() } else { … }`, also an
    /// `else if` after it), or, for presented content (`.sheet(isPresented: $showsEditor)`,
    /// `item: $selection`), every write that presents it (`showsEditor = true`;
    /// `false`/`nil` end it) is in the view's rendering code in such a branch (a `Button`
    /// there) and the flow starts only as the view appears (a presentation already up when
    /// a timer's flow raises the flag stays up). A flow without both writes is not gated.
    /// The flag may also be a tracked field of a model the view holds, the flow a method of
    /// that model writing its own field (`isLoading = true; reports = try await fetch();
    /// isLoading = false`, the view branching on `if model.isLoading`): the write changes
    /// what the view reads only when the model is the one it holds, and then that model's
    /// flag hides the site. Such a flag needs its raising write in the flow (its initial
    /// value holds on the first load only, and the model's loads may start anywhere).
    public func runsBehindLoadingGate(_ location: TokenLocation, builtAt site: ViewConstruction) -> Bool {
        guard site.context == .rendering || site.context == .presentation,
            let container = site.enclosingType.flatMap({ types[$0] }), container.isView,
            let body = isolationFacts.enclosingBody(of: location, index: self), let owner = body.owner
        else { return false }
        if owner.name == container.name {
            guard container.properties.contains(where: { $0.property.attributes.contains(named: "State") }) else { return false }
            return runsBehindLoadingGate(location, in: body, of: container, site: site, holders: nil)
        }
        // A model's own field (`reports = …`, `self.reports = …`), read by the view through
        // a property that holds the model.
        let file = files[location.file]
        guard !owner.isView, owner.isObservable || owner.isObservableObject,
            file.kind(location.token - 1) != .period || (file.at(location.token - 2, "self") && file.kind(location.token - 3) != .period)
        else { return false }
        let holders = container.properties.compactMap { _, property in
            property.isStored && heldType(of: property.name, in: container)?.name == owner.name ? property.name : nil
        }
        return !holders.isEmpty && runsBehindLoadingGate(location, in: body, of: container, site: site, holders: (owner, holders))
    }

    /// `runsBehindLoadingGate(_:builtAt:)` for a flow in `body`: the container's own code
    /// (`holders` nil), or a method of the model `holders.model` the container holds in its
    /// properties `holders.properties`.
    private func runsBehindLoadingGate(
        _ location: TokenLocation, in body: OwnedBody, of container: TypeInfo, site: ViewConstruction,
        holders: (model: TypeInfo, properties: [String])?
    ) -> Bool {
        let file = files[location.file]
        let scopes = scopes(in: body.range, of: file)
        let closure = scopes.innermostClosure(containing: location.token)?.range
        // Literal writes of the flags directly in the flow: the last one before
        // the code (in a block that holds it) and the first one after it, by state.
        var before: [String: (token: Int, value: WrittenLiteral)] = [:]
        var after: [String: WrittenLiteral] = [:]
        // States written after their last such write before the code in a block that does
        // not hold it, or to a value not known (`if let cached { note = cached; isLoading =
        // false }`): the gate may be down when the code runs.
        var reopened: Set<String> = []
        for assignment in file.assignments(in: closure ?? body.range) where file.at(assignment.operatorToken, "=") {
            let member = assignment.operatorToken - 1
            let path = file.path(of: assignment.target)
            guard path.count == 1, file.spells(member, path[0]), member != location.token,
                scopes.innermostClosure(containing: member)?.range == closure,
                holders.map({ tracksField(path[0], of: $0.model) }) ?? isState(path[0], of: container)
            else { continue }
            let value = WrittenLiteral(at: member, in: file).flatMap { $0 == .toggle ? nil : $0 }
            if member > location.token {
                if after[path[0]] == nil, let value { after[path[0]] = value }
            } else if let value,
                scopes.innermostIndex(containing: member).map({ scopes.scopes[$0].range.contains(location.token) }) ?? true
            {
                // In a block that holds the code (or at the body's top level).
                before[path[0]] = (member, value)
                reopened.remove(path[0])
            } else {
                reopened.insert(path[0])
            }
        }
        // Whether the flow starts only as the view appears (asked once, when needed).
        var startsOnAppearance: Bool?
        let startsOnlyOnAppearance = {
            if startsOnAppearance == nil { startsOnAppearance = self.startsOnlyOnAppearance(location, in: body, of: container) }
            return startsOnAppearance!
        }
        for (flag, ending) in after where !reopened.contains(flag) {
            if let holders {
                guard let raised = before[flag], raised.value != ending else { continue }
                let gate = TokenLocation(file: location.file, token: raised.token)
                // Whichever of them holds the model the flow runs on.
                if holders.properties.allSatisfy({ holder in
                    hidesUnderGate(site, gate: gate, flag: flag, through: holder, in: container, presentedBeforeFlow: { true })
                }) {
                    return true
                }
                continue
            }
            guard let gate = gateValue(of: flag, in: container, writtenBefore: before[flag], location: location, ending: ending) else { continue }
            // The flag's initial value holds on the first run only: a flow that runs again
            // while the view is shown (`.task(id:)`, `.refreshable`, a button) finds it ended.
            if before[flag] == nil, !startsOnlyOnAppearance() { continue }
            if hidesUnderGate(site, gate: gate, flag: flag, through: flag, in: container, presentedBeforeFlow: { !startsOnlyOnAppearance() }) {
                return true
            }
        }
        return false
    }

    private func isState(_ name: String, of container: TypeInfo) -> Bool {
        guard let (_, state) = container.property(named: name) else { return false }
        return state.isStored && state.attributes.contains(named: "State")
    }

    /// A field of the model that a view reading it observes: `@Published`, or a stored `var`
    /// of an `@Observable` class that Observation tracks.
    private func tracksField(_ name: String, of model: TypeInfo) -> Bool {
        model.isObservable ? isTracked(name, of: model) : publishedFields(of: model).contains(name)
    }

    /// Whether the flow holding the code at `location` (in `body`, code of `container`)
    /// starts only as the view appears: the code is in an `.onAppear { }` or a `.task { }`
    /// without `id:`, or directly in a method of the view whose every use is a call from
    /// such a flow. It runs once per appearance, before the view presents anything; a flow
    /// a `.task(id:)`, `.refreshable`, `.onChange`, a button or a timer starts may run again
    /// while what the view built after the first load, or presents, is shown.
    private func startsOnlyOnAppearance(_ location: TokenLocation, in body: OwnedBody, of container: TypeInfo, depth: Int = 0) -> Bool {
        let file = files[location.file]
        if let closure = scopes(in: body.range, of: file).innermostClosure(containing: location.token) {
            guard case .closure(let callee?, _) = closure.kind, file.kind(callee - 1) == .period else { return false }
            if file.at(callee, "onAppear") { return true }
            return file.at(callee, "task") && closure.callArguments.map { file.argument("id", in: $0) == nil } ?? true
        }
        guard depth < 2, case .function(let function) = body.member, function.kind == .function,
            !isCallableFromOutside(function, of: container)
        else { return false }
        let uses = references(to: function.name, in: container)
        return !uses.isEmpty && uses.allSatisfy { use in
            guard files[use.file].kind(use.token + 1) == .leftParen, let caller = isolationFacts.enclosingBody(of: use, index: self)
            else { return false }
            return startsOnlyOnAppearance(use, in: caller, of: container, depth: depth + 1)
        }
    }

    /// Where the flag's value while the gate is up is written (a write in the flow, or the
    /// flag's declaration `isLoading = true`), when it differs from the value that ends it.
    private func gateValue(
        of flag: String, in container: TypeInfo, writtenBefore: (token: Int, value: WrittenLiteral)?, location: TokenLocation,
        ending: WrittenLiteral
    ) -> TokenLocation? {
        if let writtenBefore {
            return writtenBefore.value == ending ? nil : TokenLocation(file: location.file, token: writtenBefore.token)
        }
        guard let (fileIndex, property) = container.property(named: flag), property.initializer != nil,
            let initial = WrittenLiteral(at: property.nameToken, in: files[fileIndex]), initial != ending
        else { return nil }
        // The initial value holds only until the first end: nothing writes it again, and no
        // binding hands the flag out.
        let binding = "$" + flag
        for declaration in container.declarations {
            let file = files[declaration.file]
            for token in declaration.decl.members where token != property.nameToken {
                if file.kind(token) == .dollarIdentifier, file.spells(token, binding) { return nil }
                guard file.kind(token) == .identifier, file.spells(token, flag), file.isOwnMemberReference(token) else { continue }
                if file.kind(token + 1) == .period, file.at(token + 2, "toggle") { return nil }
                if file.isAssignmentOperator(token + 1), WrittenLiteral(at: token, in: file).map({ $0 == initial }) ?? true { return nil }
            }
        }
        return TokenLocation(file: fileIndex, token: property.nameToken)
    }

    /// Whether, while the flag holds the value written at `gate`, the container (reading it
    /// through its property `through`: the flag itself, or the model that holds it) neither
    /// builds `site` nor presents it. `presentedBeforeFlow`: whether the presentation may
    /// already be up when the flow raises the gate (hiding the buttons that present it
    /// then does not end it).
    private func hidesUnderGate(
        _ site: ViewConstruction, gate: TokenLocation, flag: String, through: String, in container: TypeInfo,
        presentedBeforeFlow: () -> Bool
    ) -> Bool {
        let bodies = ViewCode.renderingBodies(of: container, index: self)
        if isHidden(site.token, inFile: site.file, gate: gate, flag: flag, through: through, bodies: bodies) { return true }
        // Presented content: every write that presents it is hidden, and it is not up yet.
        guard site.context == .presentation, let arguments = site.presentingArguments, !presentedBeforeFlow() else { return false }
        let file = files[site.file]
        guard let binding = file.argument("isPresented", in: arguments) ?? file.argument("item", in: arguments), binding.count == 1,
            file.kind(binding.lowerBound) == .dollarIdentifier
        else { return false }
        let presenting = String(file.text(binding.lowerBound).dropFirst())
        guard let (_, state) = container.property(named: presenting), state.attributes.contains(named: "State") else { return false }
        var presents = false
        for declaration in container.declarations {
            let code = files[declaration.file]
            for token in declaration.decl.members where token != state.nameToken {
                if code.kind(token) == .dollarIdentifier, code.spells(token, "$" + presenting) {
                    if declaration.file == site.file, binding.contains(token) { continue }
                    return false
                }
                guard code.kind(token) == .identifier, code.spells(token, presenting), code.isOwnMemberReference(token),
                    code.isAssignmentOperator(token + 1) || code.kind(token + 1) == .period && code.at(token + 2, "toggle")
                else { continue }
                // `false` and `nil` end the presentation.
                if let value = WrittenLiteral(at: token, in: code), value == .bool(false) || value == .enumCase("none") { continue }
                guard isHidden(token, inFile: declaration.file, gate: gate, flag: flag, through: through, bodies: bodies) else { return false }
                presents = true
            }
        }
        return presents
    }

    /// Whether the code at `token` of the container's rendering code is in a branch the
    /// flag's gate value leaves: one an `if`/`switch` on the flag leaves
    /// (`writeLeavesBranch`), or an `else if`/`else` after an `if` whose every clause holds
    /// under it (`if isLoading { … } else if let item { here }`).
    private func isHidden(
        _ token: Int, inFile fileIndex: Int, gate: TokenLocation, flag: String, through: String, bodies: [RenderingBody]
    ) -> Bool {
        guard let body = bodies.first(where: { $0.file == fileIndex && $0.range.contains(token) }),
            let value = WrittenLiteral(at: gate.token, in: files[gate.file])
        else { return false }
        let file = files[fileIndex]
        if writeLeavesBranch(gate, of: through, holding: token, body: body.range, file: file) { return true }
        let scopes = scopes(in: body.range, of: file)
        let chain = scopeIndices(containing: token, in: scopes)
        for (depth, position) in chain.enumerated() {
            // An earlier sibling branch of the same chain, taken under the gate value.
            let parent = depth > 0 ? chain[depth - 1] : nil
            for earlier in scopes.scopes.indices where earlier < position && scopes.scopes[earlier].parent == parent {
                guard case .block = scopes.scopes[earlier].kind, let (condition, isThen) = ifCondition(of: scopes.scopes[earlier].range, file: file),
                    isThen, isLaterBranch(position, of: earlier, in: scopes, file: file)
                else { continue }
                let truths = BranchCondition.clauses(of: condition, in: file).map {
                    BranchCondition.truth(of: $0, after: value, field: flag, through: through, in: file)
                }
                if truths.allSatisfy({ $0 == .holds }) { return true }
            }
        }
        return false
    }
}
