import ObservationSyntax

// A view's optional property that nothing ever sets holds nil for the view's whole life:
// whatever its type could observe, the view never holds an object (SPEC §10: no witness).

extension ProjectIndex {
    /// Whether `property` of the view `view` holds nil wherever the program builds the
    /// view: an optional `var` without a property wrapper (whose projection others could
    /// write through) that starts as nil (`var model: Model? = nil`, or no initial
    /// value), which the view's memberwise initializer takes, but which no site that builds
    /// the view passes, and which the view's own code never assigns. Only in a whole program
    /// whose sites building the view are known (a view with none found may be built by code
    /// the graph does not see); a view with an initializer of its own may set it there.
    public func staysNil(_ property: Property, of view: TypeInfo) -> Bool {
        guard isWholeProgram, view.isValueType, !property.isLet, property.isStored, property.attributes.isEmpty, isOptional(property),
            startsNil(property, of: view),
            !view.declarations.contains(where: { $0.decl.functions.contains { $0.kind == .initializer } })
        else { return false }
        let sites = viewGraph.constructions(of: view.name)
        guard !sites.isEmpty, !sites.contains(where: { $0.argument(labeled: property.name) != nil }) else { return false }
        return !view.declarations.contains { declaration in
            let file = files[declaration.file]
            // `expansion = x`, `self.expansion = x`, `copy.expansion = x` in a modifier-style method.
            return file.assignments(in: declaration.decl.members).contains { file.path(of: $0.target).last == property.name }
        }
    }

    private func isOptional(_ property: Property) -> Bool {
        guard let type = property.type?.text else { return false }
        return type.hasSuffix("?") || type.hasPrefix("Optional<")
    }

    /// No initial value (an optional `var` starts as nil), or `= nil`.
    private func startsNil(_ property: Property, of view: TypeInfo) -> Bool {
        guard let initializer = property.initializer else { return true }
        guard initializer.count == 1, let (fileIndex, _) = view.property(named: property.name) else { return false }
        return files[fileIndex].at(initializer.lowerBound, "nil")
    }
}
