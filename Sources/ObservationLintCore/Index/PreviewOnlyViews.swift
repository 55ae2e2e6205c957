import ObservationSyntax

// Views the app never shows: no code names them, or every site that builds them is a
// preview or test code, or a view only such code builds (or that nothing builds). Their
// reads never render in the app and their bodies never run again (SPEC §10: no witness).

extension ProjectIndex {
    /// Whether the app never shows `view` (a qualified name) in a whole program
    /// (`isWholeProgram`; a library's clients or a snippet's code may build its views, not a
    /// `private` or `fileprivate` one): no code outside its
    /// own declarations and extensions names it (`isNamedOnlyInOwnDeclarations`), or it has
    /// construction sites and each is in a `#Preview`, a `PreviewProvider` or test code, or
    /// in a view the app never shows. A view whose builders are unknown (no site found but
    /// named elsewhere: a root, a hosting controller the graph does not see) may render.
    public func isBuiltOnlyInPreviews(_ view: String) -> Bool {
        previewOnlyViews.value(for: view) { isBuiltOnlyInPreviews(view, visiting: [view]) }
    }

    /// Whether only the declarations and extensions of the project view `view` name it: no
    /// other code builds it (`View()`, `View.init`, `View.self` handed to generic code, a
    /// `typealias`, a mention in a preview or a test); code commented out names nothing.
    /// Any other mention of its simple name, whatever it refers to, counts as a use.
    public func isNamedOnlyInOwnDeclarations(_ view: String) -> Bool {
        guard let info = types[view], info.isView, info.kind != nil else { return false }
        return references(toTypeNamed: String(view.simpleTypeName)).allSatisfy { site in
            info.declarations.contains { $0.file == site.file && $0.decl.declaration.contains(site.token) }
        }
    }

    private func isBuiltOnlyInPreviews(_ view: String, visiting: Set<String>) -> Bool {
        guard isWholeProgram || types[view].flatMap({ typeAccessLevel(of: $0) }).map({ $0 < .internal }) == true else { return false }
        // What builds a view only from its own code (`static func make() -> Self`) is
        // reached only through its name.
        if isNamedOnlyInOwnDeclarations(view) { return true }
        let sites = viewGraph.constructions(of: view)
        guard !sites.isEmpty, visiting.count < 8 else { return false }
        return sites.allSatisfy { site in
            if site.context == .preview { return true }
            // Built by a view that is itself only built in previews.
            guard let builder = site.enclosingType, !visiting.contains(builder), types[builder]?.isView == true else { return false }
            return isBuiltOnlyInPreviews(builder, visiting: visiting.union([builder]))
        }
    }
}
