import ObservationSyntax

/// Which environment objects reach which views, walking the view graph (SPEC §9): a view
/// inherits what an ancestor injected with a modifier applied to content that builds it,
/// presented content (sheets, popovers, navigation destinations) included; a scene root,
/// a hosting root or an image renderer starts with an empty environment.
extension ProjectIndex {
    /// A path of construction sites, root first, on which `view` is shown with no ancestor
    /// applying one of `providers` (the injections that may provide what the view reads):
    /// every site on it known, from a root (scene, hosting, image renderer) down to a site of
    /// `view`. Nil when every complete path has a provider, when the graph cannot be
    /// completed (unknown callers, sites in code that is neither a body nor a root), or when
    /// a provider is applied where the analysis cannot place it (`self.environmentObject(…)`
    /// in a `View` extension, on content passed in from elsewhere), or is a delegate adaptor.
    public func uninjectedPath(to view: String, providers: [EnvironmentInjection]) -> [ViewConstruction]? {
        var targets: [(injection: EnvironmentInjection, covered: Range<Int>)] = []
        for injection in providers where !injection.isInPreview {
            guard injection.kind != .delegateAdaptor else { return nil }
            let covered = modifiedContent(of: injection)
            guard viewGraph.constructions.contains(where: { isCovered($0, by: injection, content: covered) }) else { return nil }
            targets.append((injection, covered))
        }
        var search = PathSearch(index: self) { site in targets.contains { self.isCovered(site, by: $0.injection, content: $0.covered) } }
        return search.path(to: view, depth: 0)
    }

    /// Whether the modifier `injection` applies to content that holds `site`: the site lies in
    /// the modified expression, or the expression names the member (`content`, a
    /// `@ViewBuilder` helper) of the same type whose code holds the site.
    private func isCovered(_ site: ViewConstruction, by injection: EnvironmentInjection, content: Range<Int>) -> Bool {
        guard site.file == injection.file else { return false }
        if content.contains(site.token) { return true }
        guard let member = site.enclosingMember, site.enclosingType == injection.enclosingType else { return false }
        let file = files[site.file]
        return content.contains { file.kind($0) == .identifier && file.text($0) == member }
    }

    /// The expression a modifier such as `.environmentObject(x)` applies to, ending before
    /// its `.`: the postfix chain back to its first primary (`VStack { … }.padding()` in
    /// `VStack { … }.padding().environmentObject(x)`). Empty for an unqualified call
    /// (`environmentObject(x)` on `self`).
    private func modifiedContent(of injection: EnvironmentInjection) -> Range<Int> {
        let file = files[injection.file]
        let period = injection.token - 1
        guard file.kind(period) == .period else { return injection.token..<injection.token }
        var start = period
        var probe = period - 1
        while probe >= 0 {
            switch file.kind(probe) {
            case .rightParen, .rightBrace, .rightSquare:
                let open = Int(file.partner[probe])
                guard open >= 0, open < probe else { return start..<period }
                start = open
                probe = open - 1
                continue
            case .postfixQuestionMark, .exclamationMark:
                probe -= 1
                continue
            case .colon where file.kind(probe - 1) == .identifier && file.kind(probe - 2) == .rightBrace:
                probe -= 2  // `} detail: {`: a labeled trailing closure
                continue
            case .identifier, .keyword:
                start = probe
                guard file.kind(probe - 1) == .period else { return start..<period }
                start = probe - 1
                probe -= 2
            default:
                return start..<period
            }
        }
        return start..<period
    }
}

/// A depth-first walk from a view up to the roots, through its construction sites.
private struct PathSearch {
    let index: ProjectIndex
    let isCovered: (ViewConstruction) -> Bool
    /// Views on the current path (a cycle adds nothing) and views with no uncovered path.
    var visiting = Set<String>()
    var exhausted = Set<String>()

    init(index: ProjectIndex, isCovered: @escaping (ViewConstruction) -> Bool) {
        self.index = index
        self.isCovered = isCovered
    }

    mutating func path(to view: String, depth: Int) -> [ViewConstruction]? {
        guard depth < 32, !exhausted.contains(view), visiting.insert(view).inserted else { return nil }
        defer { visiting.remove(view) }
        for site in index.viewGraph.constructions(of: view) where !isCovered(site) {
            switch site.context {
            case .oneTime(.sceneRoot), .oneTime(.hostingRoot), .oneTime(.imageRenderer):
                return [site]
            case .rendering, .presentation:
                guard let parent = site.enclosingType, let info = index.types[parent], info.isView,
                    !info.traits.contains(.viewModifier),
                    let path = path(to: parent, depth: depth + 1)
                else { continue }
                return path + [site]
            default:
                continue
            }
        }
        exhausted.insert(view)
        return nil
    }
}
