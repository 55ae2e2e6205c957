import ObservationSyntax

// Views the app never shows: every site that builds them is a preview or test code, or a
// view only such code builds. Their reads never render in the app (SPEC §10: no witness).

extension ProjectIndex {
    /// Whether only previews and tests build `view` (a qualified name) in a whole program
    /// (`isWholeProgram`; a library's clients may build its views): it has construction
    /// sites, and each is in a `#Preview`, a `PreviewProvider` or test code, or in a view
    /// that only those build. A view whose builders are unknown (no site found: a root, a
    /// hosting controller the graph does not see) may render.
    public func isBuiltOnlyInPreviews(_ view: String) -> Bool {
        guard isWholeProgram else { return false }
        return previewOnlyViews.value(for: view) { isBuiltOnlyInPreviews(view, visiting: [view]) }
    }

    private func isBuiltOnlyInPreviews(_ view: String, visiting: Set<String>) -> Bool {
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
