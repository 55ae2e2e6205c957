import ObservationSyntax

// A binding handed to a project view changes the value only when the view writes through
// it: `Picker(selection: $model.choice)` does, `Summary(total: $model.total)` with
// `@Binding var total` that `Summary` only reads does not.

extension ProjectIndex {
    /// Whether the binding at `location` (`$model.field`, an argument of a project view's
    /// construction) is only read: the view has no initializer of its own (the argument
    /// sets the `@Binding` property of its label), and its code neither assigns nor mutates
    /// that property nor hands `$property` on: whatever binding the argument yields
    /// (`showAll ? $model.all : $model.open`), the view writes through none. False for
    /// anything else (a system control, a view with an initializer).
    public func isBindingOnlyRead(at location: TokenLocation) -> Bool {
        for site in viewGraph.constructions(inFile: location.file) {
            guard let argument = site.arguments.first(where: { $0.value.contains(location.token) }) else { continue }
            guard let label = argument.label, let view = types[site.view],
                view.functions.allSatisfy({ $0.function.kind != .initializer }),
                let (_, property) = view.property(named: label), property.attributes.contains(where: { $0.simpleName == "Binding" })
            else { return false }
            if !(memberAccesses(of: view).mutations[label] ?? []).isEmpty { return false }
            let handedOn = "$" + label
            return !view.declarations.contains { declaration in
                let file = files[declaration.file]
                return declaration.decl.members.contains { file.kind($0) == .dollarIdentifier && file.spells($0, handedOn) }
            }
        }
        return false
    }

    /// Whether the binding at `location` (`$item`, a whole argument of a project view's
    /// construction) never replaces the value it binds: the view's `@Binding` property of
    /// the argument's label (its initializers, if any, store the argument in it: `_item =
    /// item`) is never assigned as a whole (`item = …`, `&item`) nor handed on as a whole
    /// (`$item`; `$item.title` is fine). For an object, a write of a member through the binding
    /// (`item.title = …`) changes the object, not which object the binding holds.
    public func isBindingNeverReplaced(at location: TokenLocation) -> Bool {
        let file = files[location.file]
        guard file.kind(location.token) == .dollarIdentifier, file.kind(location.token + 1) != .period else { return false }
        for site in viewGraph.constructions(inFile: location.file) {
            guard let argument = site.arguments.first(where: { $0.value == location.token..<location.token + 1 }) else { continue }
            guard let label = argument.label, let view = types[site.view],
                let (_, property) = view.property(named: label), property.attributes.contains(where: { $0.simpleName == "Binding" })
            else { return false }
            let stored = "_" + label
            for (declarationFile, initializer) in view.functions where initializer.kind == .initializer {
                let source = files[declarationFile]
                guard let body = initializer.body,
                    body.contains(where: { source.spells($0, stored) && source.at($0 + 1, "=") && source.spells($0 + 2, label) })
                else { return false }
            }
            let replacing = (memberAccesses(of: view).mutations[label] ?? []).contains { write in
                let source = files[write.file]
                return source.kind(write.token + 1) != .period || source.kind(write.token - 1) == .prefixAmpersand
            }
            return !replacing && !view.declarations.contains { declaration in
                let source = files[declaration.file]
                return declaration.decl.members.contains {
                    source.kind($0) == .dollarIdentifier && source.spells($0, "$" + label) && source.kind($0 + 1) != .period
                }
            }
        }
        return false
    }
}
