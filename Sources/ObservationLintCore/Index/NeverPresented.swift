import ObservationSyntax

// Presentations that never show their content (SPEC §10.3): what a view presented only
// there seeds, or is passed, never reaches the screen.

extension ProjectIndex {
    /// Whether the presentation that shows the view built at `site` never shows it: its
    /// `isPresented:`/`item:` binding is a state's own (`$showsEditor`, `$model.destination`),
    /// the state starts as `false`/`nil`, and every write that could present — any write of
    /// it but one of `false`/`nil`, and but SwiftUI's own through the binding handed to the
    /// presenting modifier, which only ends the presentation — lies in a method the app never
    /// runs (`runsOnlyInTests`: nothing in the whole program reaches it but tests). For a view's own state,
    /// a binding to it handed anywhere else may present it.
    public func isNeverPresented(_ site: ViewConstruction) -> Bool {
        guard isWholeProgram, site.context == .presentation, let arguments = site.presentingArguments,
            let container = site.enclosingType.flatMap({ types[$0] })
        else { return false }
        let file = files[site.file]
        guard let binding = file.argument("isPresented", in: arguments) ?? file.argument("item", in: arguments),
            file.kind(binding.lowerBound) == .dollarIdentifier
        else { return false }
        let root = String(file.text(binding.lowerBound).dropFirst())
        let owner: TypeInfo
        let field: String
        if binding.count == 1 {
            owner = container
            field = root
            // `$flag` handed to anything but this presentation may set it, and so may the
            // code that makes the view: `_flag = State(initialValue: …)` in an initializer,
            // or the memberwise initializer's argument (`Screen(showsEditor: true)`), which
            // no write of the state records.
            for declaration in container.declarations {
                let code = files[declaration.file]
                for token in declaration.decl.members {
                    if code.kind(token) == .identifier, code.spells(token, "_" + root) { return false }
                    guard code.kind(token) == .dollarIdentifier, code.spells(token, "$" + root) else { continue }
                    if declaration.file == site.file, binding.contains(token) { continue }
                    return false
                }
            }
            if viewGraph.constructions(of: container.name).contains(where: { $0.argument(labeled: root) != nil }) { return false }
        } else if binding.count == 3, file.kind(binding.lowerBound + 1) == .period, file.kind(binding.lowerBound + 2) == .identifier,
            let model = heldType(of: root, in: container)
        {
            owner = model
            field = String(file.text(binding.lowerBound + 2))
        } else {
            return false
        }
        guard let (declarationFile, property) = owner.property(named: field), property.isStored else { return false }
        // A view's own flag starts where it says only as a `@State` (a `@Binding` is the
        // caller's state, which the caller's code sets).
        if owner.name == container.name, !property.attributes.contains(named: "State") { return false }
        // It starts hidden: no initial value (an optional's `nil`, or set by an initializer,
        // whose write is asked below) or `false`/`nil`.
        if property.initializer != nil {
            guard let initial = WrittenLiteral(at: property.nameToken, in: files[declarationFile]),
                initial == .bool(false) || initial == .enumCase("none")
            else { return false }
        }
        return changes(of: owner).writes(of: field).allSatisfy { write in
            if write.site.file == site.file, binding.contains(write.site.token) { return true }
            if let value = WrittenLiteral(at: write.site.token, in: files[write.site.file]),
                value == .bool(false) || value == .enumCase("none")
            {
                return true
            }
            return runsOnlyInTests(write.site)
        }
    }

    /// Whether the code at `location` lies in a method the app never runs: one that never
    /// runs (`neverRuns`), or one nothing outside the project can call whose every use is
    /// in code the app never runs — a test file (`neverRunsInApp(file:)`: a test calling
    /// `model.editTapped()` runs it only in the test bundle) or a method that never runs.
    private func runsOnlyInTests(_ location: TokenLocation) -> Bool {
        if isInMethodThatNeverRuns(location) { return true }
        guard isWholeProgram, let body = isolationFacts.enclosingBody(of: location, index: self),
            case .function(let function) = body.member, function.kind == .function, let owner = body.owner,
            !isCallableFromOutside(function, of: owner)
        else { return false }
        return !mayReference(function, of: owner) { reference in
            neverRunsInApp(file: reference.file) || isInMethodThatNeverRuns(reference)
        }
    }

    /// The project type the property `name` of `owner` holds, by its annotation or the
    /// constructor of its initial value.
    func heldType(of name: String, in owner: TypeInfo) -> TypeInfo? {
        guard let (fileIndex, property) = owner.property(named: name) else { return nil }
        let file = files[fileIndex]
        if let held = declaredShape(of: property, in: file, scope: owner.name)?.heldName {
            return type(named: held, from: owner.name, file: fileIndex)
        }
        guard let constructed = constructedType(of: property, in: file, scope: owner.name)
        else { return nil }
        return types[constructed.name]
    }
}
