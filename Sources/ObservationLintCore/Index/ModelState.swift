import ObservationSyntax

extension ProjectIndex {
    /// The members of the project class `type` whose value can change once the object is
    /// initialized: `@Published var`s others may set, stored `var`s changed after
    /// initialization (by the code of the class,
    /// its superclasses or subclasses, through `&$name`, through a reference anywhere in the
    /// project other than the initializer of a class holding the object, or by a view),
    /// `weak` ones (they may become nil), those a property wrapper other than `@Published`
    /// keeps elsewhere (`@AppStorage`), and the computed properties and methods whose code
    /// reads one. A view cannot miss a change of the others: there is none. Computed once
    /// per type.
    public func changingMembers(of type: TypeInfo) -> Set<String> {
        changingMembersByType.value(for: type.name) { computeChangingMembers(of: type) }
    }

    private func computeChangingMembers(of type: TypeInfo) -> Set<String> {
        let lineage = typeAndAncestors(of: type) + typeAndSubtypes(of: type).dropFirst()
        let mutated = lineage.reduce(into: Set<String>()) { names, owner in
            for (name, sites) in memberAccesses(of: owner).mutations where sites.contains(where: { !$0.inInitializer }) {
                names.insert(name)
            }
            for declaration in owner.declarations {
                let file = files[declaration.file]
                for token in declaration.decl.members where file.kind(token) == .prefixAmpersand && file.kind(token + 1) == .dollarIdentifier {
                    names.insert(String(file.text(token + 1).dropFirst()))
                }
            }
        }
        // By a view: through a reference to the object, or along a chain from another model
        // (`$app.settings.theme`; by name, as the chain's types are not known).
        var viewChanged = Set(lineage.flatMap { viewMutations[$0.name] ?? [] }.compactMap(\.path.first))
        for mutations in viewMutations.values { for mutation in mutations { viewChanged.formUnion(mutation.path.dropFirst()) } }
        var changing = Set<String>()
        var code: [(name: String, file: Int, body: Range<Int>)] = []
        for owner in lineage {
            for (file, property) in owner.properties where !isStaticMember(property.modifiers) {
                if property.isStored {
                    guard !property.isLet else { continue }
                    let keptElsewhere = property.attributes.contains {
                        $0.simpleName.startsWithUppercase && !["Published", "ObservationIgnored", "ObservedObject"].contains($0.simpleName)
                    }
                    // A `@Published var` others may set is state by intent.
                    let publishedState = property.attributes.contains(named: "Published") && isSettableFromOutside(property)
                    if keptElsewhere || publishedState || property.modifiers.contains("weak") || mutated.contains(property.name)
                        || viewChanged.contains(property.name) || isChangedThroughReference(property.name, outsideInitializersOf: type)
                    {
                        changing.insert(property.name)
                    }
                } else if let body = property.accessors.first(where: { $0.kind == .get || $0.kind == .read })?.body {
                    code.append((property.name, file, body))
                }
            }
            for (file, function) in owner.functions where function.kind == .function && !isStaticMember(function.modifiers) {
                if let body = function.body { code.append((function.name, file, body)) }
            }
        }
        var changed = true
        while changed {
            changed = false
            for member in code where !changing.contains(member.name) {
                let file = files[member.file]
                let readsChanging = member.body.contains { token in
                    file.kind(token) == .identifier && changing.contains(file.text(token))
                        && file.isOwnMemberReference(token)
                }
                if readsChanging {
                    changing.insert(member.name)
                    changed = true
                }
            }
        }
        return changing
    }

    /// The methods of the project class `type` (its own, its ancestors' and subclasses')
    /// whose call can change the object: their code, or a closure it creates, changes a
    /// member (assigns it, calls a mutating method on it, passes it `inout`) or calls a
    /// method of an object a member holds (`player.stop()`), or calls such a method of
    /// its own. The others only read (`func activeDevice() -> Device? { current }`): a
    /// caller changes nothing by calling them. Computed once per type.
    public func stateChangingFunctions(of type: TypeInfo) -> Set<String> {
        stateChangingFunctionsByType.value(for: type.name) { computeStateChangingFunctions(of: type) }
    }

    private func computeStateChangingFunctions(of type: TypeInfo) -> Set<String> {
        let flows = changeFlows(of: type)
        let holders = objectHolders(of: type)
        func function(running place: MemberAccesses.Place) -> String? {
            guard let unit = flows.unit(of: place), case .function(let name) = unit.kind
            else { return nil }
            return name
        }
        var pending: [String] = []
        for owner in typeAndAncestors(of: type) + typeAndSubtypes(of: type).dropFirst() {
            let accesses = memberAccesses(of: owner)
            let sites = Array(accesses.mutations.values.joined()) + accesses.calls.filter { holders.contains($0.key) }.values.joined()
            pending += sites.compactMap { function(running: MemberAccesses.Place($0)) }
        }
        var changing = Set<String>()
        while let name = pending.popLast() {
            guard changing.insert(name).inserted else { continue }
            pending += (flows.callers[name] ?? []).compactMap { function(running: $0.place) }
        }
        return changing
    }

    /// Whether a change through a reference (`isChangedThroughReference`) happens
    /// somewhere other than the initializer of a class holding a `type` (which sets up the
    /// object before any view observes it), outside closures.
    private func isChangedThroughReference(_ name: String, outsideInitializersOf type: TypeInfo) -> Bool {
        changesThroughReference(name).contains { location in
            !isInHoldersInitializer(location, holding: String(type.name.simpleTypeName))
        }
    }

    private func isInHoldersInitializer(_ location: TokenLocation, holding held: String) -> Bool {
        let file = files[location.file]
        var pending = file.types
        while let decl = pending.popLast() {
            pending += decl.nestedTypes
            guard decl.members.contains(location.token) else { continue }
            guard decl.kind == .class,
                let initializer = decl.functions.first(where: { $0.kind == .initializer && $0.body?.contains(location.token) == true }),
                let body = initializer.body,
                decl.properties.contains(where: { property in
                    property.isStored && declaredShape(of: property, in: file, scope: nil)?.heldName.map { String($0.simpleTypeName) } == held
                })
            else { continue }
            return file.scopes(in: body).innermostClosure(containing: location.token) == nil
        }
        return false
    }

    /// `x.name = v`, `x.name += v`, `x.name.append(v)` somewhere in the project, through
    /// a reference other than `self` (the type's own changes are `memberAccesses`').
    private func isChangedThroughReference(_ name: String) -> Bool {
        !changesThroughReference(name).isEmpty
    }

    private func changesThroughReference(_ name: String) -> [TokenLocation] {
        memberUpdateCandidates(named: name).filter { location in
            !files[location.file].at(location.token - 2, "self") && isMemberWrite(at: location)
        }
    }

    /// Whether the member at an update candidate (followed by an assignment or a method
    /// call) is written: assigned, or the method called mutates it (`items.append(x)`, not
    /// `title.uppercased()`).
    public func isMemberWrite(at location: TokenLocation) -> Bool {
        let file = files[location.file]
        var next = location.token + 1
        while file.kind(next) == .leftSquare { next = file.skipGroup(next) }
        if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
        return file.isAssignmentOperator(next) || file.kind(next) == .period && mutatingMethodNames.contains(file.text(next + 1))
    }

    private func isStaticMember(_ modifiers: [Modifier]) -> Bool {
        modifiers.contains("static") || modifiers.contains("class")
    }

    /// `var x` (also `@Published`) whose setter is not `private`/`fileprivate`.
    private func isSettableFromOutside(_ property: Property) -> Bool {
        if let level = property.modifiers.accessLevel, level <= .fileprivate { return false }
        return !property.modifiers.contains { $0.detail == "set" && ($0.name == "private" || $0.name == "fileprivate") }
    }

    /// Subscriptions, tasks and timers a model keeps for its own work: not state a view
    /// shows.
    func isPlumbing(_ property: Property, in file: ParsedFile) -> Bool {
        guard let type = property.type?.text ?? property.initializer.map({ file.text($0) }) else { return false }
        return ["Cancellable", "Task<", "Timer", "DispatchWorkItem", "NSObjectProtocol"].contains { type.contains($0) }
    }
}
