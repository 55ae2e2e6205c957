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
}
