import ObservationSyntax

extension ProjectIndex {
    /// Whether an object of the project class `type` holds state that is lost with it: a
    /// stored `var` (in it or a project superclass; subscriptions and tasks aside) that is
    /// `@Published`, tracked by `@Observable` and settable from outside, or changed after
    /// `init` (by its own code, `&$items` handed to `assign(to:)` included, through a
    /// reference anywhere in the project, or by a view); a stored property holding a project
    /// class that holds such state; or a superclass the analysis cannot see. Re-creating an
    /// object whose properties are only set in `init` loses nothing. Computed once per type.
    public func holdsMutableState(_ type: TypeInfo) -> Bool {
        mutableStateByType.value(for: type.name) { computeHoldsMutableState(type, visiting: [type.name]) }
    }

    /// `visiting`: the types whose stored properties led here (a cycle of them adds nothing).
    private func computeHoldsMutableState(_ type: TypeInfo, visiting: Set<String>) -> Bool {
        let lineage = typeAndAncestors(of: type)
        if lineage.contains(where: hasUnseenSuperclass) { return true }
        var variables = Set<String>()
        for owner in lineage {
            for (fileIndex, property) in owner.properties where property.isStored && !isStaticMember(property.modifiers) {
                let file = files[fileIndex]
                if holdsStatefulObject(property, in: file, scope: owner.name, visiting: visiting) { return true }
                guard !property.isLet, !isPlumbing(property, in: file) else { continue }
                // A var that others may set is state by intent: `@Published` in an
                // ObservableObject, a tracked property of an `@Observable` class.
                if isSettableFromOutside(property) {
                    if property.attributes.contains(named: "Published") { return true }
                    if type.isObservable, !property.isObservationIgnored { return true }
                    if isChangedThroughReference(property.name) { return true }
                }
                variables.insert(property.name)
            }
        }
        guard !variables.isEmpty else { return false }
        for owner in lineage {
            let accesses = memberAccesses(of: owner)
            for name in variables where accesses.mutations[name]?.contains(where: { !$0.inInitializer }) == true {
                return true
            }
            for declaration in owner.declarations {
                let file = files[declaration.file]
                for token in declaration.decl.members where file.kind(token) == .prefixAmpersand {
                    if file.kind(token + 1) == .dollarIdentifier, variables.contains(String(file.text(token + 1).dropFirst())) {
                        return true
                    }
                }
            }
        }
        let names = lineage.map(\.name) + typeAndSubtypes(of: type).map(\.name)
        return names.contains { name in
            viewMutations[name]?.contains { $0.path.first.map(variables.contains) == true } == true
        }
    }

    /// A class whose superclass is declared outside the analyzed files (the first inherited
    /// name, when it is neither a project type nor a known root or protocol): it may keep
    /// state of its own.
    private func hasUnseenSuperclass(_ type: TypeInfo) -> Bool {
        guard type.isClass, let primary = type.declarations.first, let first = primary.decl.inheritance.first else {
            return false
        }
        let name = first.text.filter { !$0.isWhitespace }
        if resolve(name, from: type.name.enclosingTypeName, file: primary.file) != nil { return false }
        return !knownStatelessSupertypes.contains(name) && WellKnownProtocol.traits[name] == nil
    }

    /// A stored property holding a project class (`T`, `T?`, `[T]`, `[K: T]`) that holds
    /// state of its own: the object keeps it alive (a `weak`/`unowned` reference does not).
    private func holdsStatefulObject(_ property: Property, in file: ParsedFile, scope: String, visiting: Set<String>) -> Bool {
        guard !property.modifiers.contains("weak"), !property.modifiers.contains("unowned"),
            let shape = declaredShape(of: property, in: file, scope: scope), let held = shape.heldName,
            let resolved = resolve(held, from: scope, file: fileIndex(of: file)), let info = types[resolved], info.isClass,
            !visiting.contains(resolved)
        else { return false }
        return computeHoldsMutableState(info, visiting: visiting.union([resolved]))
    }

    /// `x.name = v`, `x.name += v`, `x.name.append(v)` somewhere in the project, through
    /// a reference other than `self` (the type's own changes are `memberAccesses`').
    private func isChangedThroughReference(_ name: String) -> Bool {
        memberUpdateCandidates(named: name).contains { location in
            let file = files[location.file]
            guard !file.at(location.token - 2, "self") else { return false }
            var next = location.token + 1
            while file.kind(next) == .leftSquare { next = file.skipGroup(next) }
            if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
            return file.isAssignmentOperator(next) || file.kind(next) == .period && mutatingMethodNames.contains(file.text(next + 1))
        }
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
    private func isPlumbing(_ property: Property, in file: ParsedFile) -> Bool {
        guard let type = property.type?.text ?? property.initializer.map({ file.text($0) }) else { return false }
        return ["Cancellable", "Task<", "Timer", "DispatchWorkItem", "NSObjectProtocol"].contains { type.contains($0) }
    }
}
