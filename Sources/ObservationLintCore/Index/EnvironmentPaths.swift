import ObservationSyntax

/// Which environment objects reach which views, walking the view graph (SPEC §9): a view
/// inherits what an ancestor injected with a modifier applied to content that builds it,
/// presented content (sheets, popovers, navigation destinations) included, and content
/// handed to a project view (`SidePanel { Downloads() }`) inherits what that view injects
/// where it renders it; a scene root, a hosting root or an image renderer starts with an
/// empty environment.
extension ProjectIndex {
    /// A path of construction sites, root first, on which `view` is shown with no ancestor
    /// applying one of `providers` (the injections that may provide what the view reads):
    /// every site on it known, from a root (scene, hosting, image renderer) down to a site of
    /// `view`. A hosting root built for a SwiftUI representable (in its code, in a class its
    /// code creates, in content handed to it) is no root: whether the environment of the
    /// SwiftUI view around the representable reaches it is not known. Nil when every complete path has a provider, when the graph cannot be
    /// completed (unknown callers, sites in code that is neither a body nor a root, content
    /// whose container's placement of it is unknown), or when a provider is applied where
    /// the analysis cannot place it (`self.environmentObject(…)` in a `View` extension, on
    /// content passed in through a parameter), or is a delegate adaptor. Several programs read
    /// as one (`mergedApps`): only paths from an app's own scenes count, and every app whose
    /// scenes reach the view must have one.
    /// `readerAt`: where the property that looks the object up is declared: only paths
    /// compiled for a platform it exists on count (a reader under `#if os(iOS)` needs the
    /// object on iOS paths only).
    public func uninjectedPath(to view: String, providers: [EnvironmentInjection], readerAt reader: TokenLocation? = nil) -> [ViewConstruction]? {
        // No root, no path (a package of views): nothing to cover or walk.
        guard viewGraph.mayHaveRoots else { return nil }
        // Views reading the same object share its providers, so they share what they cover.
        let coverage = environmentCoverages.value(for: providers.map(ObjectIdentifier.init)) {
            EnvironmentCoverage(index: self, providers: providers)
        }
        guard let coverage else { return nil }
        let facts = environmentWalkFacts.value { EnvironmentWalkFacts(index: self) }
        let platforms = reader.map(platforms(at:)) ?? .all
        func search(covering: Bool, rootsOf app: String?) -> [ViewConstruction]? {
            var search = PathSearch(
                index: self, isCovered: { site in covering && coverage.covers(site) }, platforms: facts.platforms(of:),
                isRootInSwiftUI: facts.isBuiltForRepresentable(_:), acceptsRoot: { site in app == nil || site.enclosingType == app })
            return search.path(to: view, platforms: platforms, depth: 0)
        }
        let apps = mergedApps
        guard !apps.isEmpty else { return search(covering: true, rootsOf: nil) }
        // Several programs read as one: each App shows the views its own scenes reach. A view
        // no App's scenes reach, or one App shows with the object and another without (the
        // name may mean another declaration there, one the folder does not hold), is not judged.
        var found: [ViewConstruction]?
        for app in apps where search(covering: false, rootsOf: app) != nil {
            guard let path = search(covering: true, rootsOf: app) else { return nil }
            found = found ?? path
        }
        return found
    }

    /// Whether one of `providers` applies where some construction site of `view` shows it:
    /// the view is shown with the object at one place at least.
    public func isInjectedAtSomeSite(of view: String, providers: [EnvironmentInjection]) -> Bool {
        guard !providers.isEmpty else { return false }
        let coverage = environmentCoverages.value(for: providers.map(ObjectIdentifier.init)) {
            EnvironmentCoverage(index: self, providers: providers)
        }
        guard let coverage else { return true }
        return viewGraph.constructions(of: view).contains { coverage.covers($0) }
    }

    /// Whether the modifier `injection` applies to content that holds `place`: the place lies
    /// in the modified expression, or the expression names the member (`content`, a
    /// `@ViewBuilder` helper) of the same type whose code holds the place.
    fileprivate func isCovered(_ place: Place, by injection: EnvironmentInjection, content: Range<Int>) -> Bool {
        guard place.file == injection.file else { return false }
        if content.contains(place.token) { return true }
        guard let member = place.member, place.type == injection.enclosingType else { return false }
        let file = files[place.file]
        return content.contains { file.kind($0) == .identifier && file.spells($0, member) }
    }

    /// Whether the modified expression uses a property of the injecting view that holds
    /// content a caller hands over (`HStack { content() }.environmentObject(selection)`).
    fileprivate func wrapsContentProperty(_ content: Range<Int>, of injection: EnvironmentInjection) -> Bool {
        guard let type = injection.enclosingType.flatMap({ types[$0] }) else { return false }
        let held = Set(contentProperties(of: type))
        let file = files[injection.file]
        return content.contains { file.kind($0) == .identifier && held.contains(file.text($0)) }
    }

    /// The stored properties of a view that hold content its callers hand over: a closure
    /// (`let content: () -> Content`), a generic parameter (`let content: Content`), a view
    /// (`AnyView`, a project view), or anything marked `@ViewBuilder`. A `ViewModel` is not
    /// content: a name is a view when the project declares it one, else by its `View` suffix.
    func contentProperties(of type: TypeInfo) -> [String] {
        var generics = Set<String>()
        for declaration in type.declarations {
            guard let range = declaration.decl.genericParameters else { continue }
            let file = files[declaration.file]
            for token in range where file.kind(token) == .identifier && (file.kind(token - 1) == .leftAngle || file.kind(token - 1) == .comma) {
                generics.insert(file.text(token))
            }
        }
        return type.properties.compactMap { file, property in
            guard property.isStored, !property.modifiers.contains("static") else { return nil }
            if property.attributes.contains(named: "ViewBuilder") { return property.name }
            guard let text = property.type?.text else { return nil }
            let isContent = text.contains("->")
                || heldTypeName(text).map { generics.contains($0) || namesView($0, from: type.name, file: file) } ?? text.hasSuffix("View")
            return isContent ? property.name : nil
        }
    }

    /// The named type a property holds, through optionals and arrays: `RowView<Item>?` and
    /// `[RowView]` hold `RowView`; nil for other shapes (`some View`, tuples).
    private func heldTypeName(_ text: String) -> String? {
        var shape = TypeShape(text)
        while true {
            switch shape {
            case .optional(let held), .array(let held):
                shape = held
            case .named(let name, let arguments):
                guard name == "Optional", arguments.count == 1 else { return name }
                shape = arguments[0]
            default:
                return nil
            }
        }
    }

    /// Whether a written type (`AnyView`, `some View`, `RowView`) is a view.
    private func namesView(_ name: String, from scope: String, file: Int) -> Bool {
        if let info = type(named: name, from: scope, file: file) { return info.isView }
        return name.hasSuffix("View")
    }

    /// The expression a modifier such as `.environmentObject(x)` applies to, ending before
    /// its `.`: the postfix chain back to its first primary (`VStack { … }.padding()` in
    /// `VStack { … }.padding().environmentObject(x)`). Empty for an unqualified call
    /// (`environmentObject(x)` on `self`).
    func modifiedContent(of injection: EnvironmentInjection) -> Range<Int> {
        modifiedContent(beforeModifierAt: injection.token, in: files[injection.file])
    }

    /// The expression the modifier named at `name` applies to (empty when unqualified).
    /// Modifiers in a postfix `#if` clause (`.navigationTitle(t) #if os(macOS)
    /// .navigationSubtitle(s) #endif .environment(model)`) are part of the chain: every
    /// clause modifies the same base.
    fileprivate func modifiedContent(beforeModifierAt name: Int, in file: ParsedFile) -> Range<Int> {
        let period = name - 1
        guard file.kind(period) == .period else { return name..<name }
        var start = period
        var probe = period - 1
        while probe >= 0 {
            if file.tokens[probe + 1].isAtStartOfLine, let opening = openingDirective(ofLineEndingAt: probe, in: file) {
                probe = opening - 1
                continue
            }
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

    /// When the line ending at `last` is a conditional-compilation directive (`#if os(iOS)`,
    /// `#else`, `#endif`), the `#if` that opens its block; nil for other lines.
    private func openingDirective(ofLineEndingAt last: Int, in file: ParsedFile) -> Int? {
        var first = last
        while first > 0, !file.tokens[first].isAtStartOfLine { first -= 1 }
        switch file.kind(first) {
        case .poundIf: return first
        case .poundElseif, .poundElse, .poundEndif: break
        default: return nil
        }
        var nested = 0
        for probe in stride(from: first - 1, through: 0, by: -1) {
            switch file.kind(probe) {
            case .poundEndif: nested += 1
            case .poundIf where nested == 0: return probe
            case .poundIf: nested -= 1
            default: continue
            }
        }
        return nil
    }
}

/// A place in a type's code where views are built or content is placed: a construction
/// site, or a container's use of the content its caller handed over.
private struct Place {
    let file: Int
    let token: Int
    let type: String?
    let member: String?

    init(file: Int, token: Int, type: String?, member: String?) {
        self.file = file
        self.token = token
        self.type = type
        self.member = member
    }

    init(_ site: ViewConstruction) {
        self.init(file: site.file, token: site.token, type: site.enclosingType, member: site.enclosingMember)
    }
}

/// Where the injections that may provide an object apply: around a place in the same code,
/// or, for content handed to a project view (`SidePanel { Downloads() }`), where that view
/// renders it (`HStack { content() }.environmentObject(selection)`). Where the analysis
/// cannot tell where a container renders its content, the place counts as covered: the
/// path is incomplete.
final class EnvironmentCoverage: @unchecked Sendable {
    /// Unowned: the index keeps its coverages (a strong reference would keep it alive).
    unowned let index: ProjectIndex
    private let targets: [(injection: EnvironmentInjection, covered: Range<Int>)]
    private let facts: EnvironmentWalkFacts
    /// `covers(_:)` by construction site.
    private let coverageBySite = Memo<TokenLocation, Bool>()

    /// Nil when a provider is applied where the analysis cannot place it, or is a delegate
    /// adaptor: then no path can be shown to lack it.
    init?(index: ProjectIndex, providers: [EnvironmentInjection]) {
        var targets: [(injection: EnvironmentInjection, covered: Range<Int>)] = []
        for injection in providers where !injection.isInPreview {
            guard injection.kind != .delegateAdaptor else { return nil }
            let covered = index.modifiedContent(of: injection)
            guard index.viewGraph.constructions(inFile: injection.file).contains(where: { index.isCovered(Place($0), by: injection, content: covered) })
                || index.wrapsContentProperty(covered, of: injection)
            else { return nil }
            targets.append((injection, covered))
        }
        self.index = index
        self.targets = targets
        facts = index.environmentWalkFacts.value { EnvironmentWalkFacts(index: index) }
    }

    /// Whether an injection applies where `site` is shown.
    func covers(_ site: ViewConstruction) -> Bool {
        coverageBySite.value(for: TokenLocation(file: site.file, token: site.token)) {
            var walk = Walk()
            return covers(Place(site), depth: 0, walk: &walk)
        }
    }

    /// The places one question has answered, and those it is answering: content handed on
    /// in a cycle is shown nowhere else through it.
    private struct Walk {
        var answered: [TokenLocation: Bool] = [:]
        var open = Set<TokenLocation>()
    }

    /// Whether an injection applies where the content at `place` is shown: at the place, or
    /// where its code hands it on — a helper member named elsewhere in the type's rendering
    /// code (`SidePanel { sidebar }`), a local (`let row = Row()`, then `SidePanel { row }`),
    /// through any number of helpers (`body` → `layout`, whose value is
    /// `core.environmentObject(store)`, → `core` → `panel` → `Row()`). Content shown at
    /// several places counts as covered when one of them is (in doubt, silent); so does
    /// content handed to containers nested deeper than `depth` allows.
    private func covers(_ place: Place, depth: Int, walk: inout Walk) -> Bool {
        let key = TokenLocation(file: place.file, token: place.token)
        if let known = walk.answered[key] { return known }
        guard walk.open.insert(key).inserted else { return false }
        let result = coversWithoutMemo(place, depth: depth, walk: &walk)
        walk.open.remove(key)
        walk.answered[key] = result
        return result
    }

    private func coversWithoutMemo(_ place: Place, depth: Int, walk: inout Walk) -> Bool {
        if targets.contains(where: { index.isCovered(place, by: $0.injection, content: $0.covered) }) { return true }
        for container in sites(in: place.file) where container.enclosingType == place.type {
            guard let argument = container.arguments.first(where: { $0.value.contains(place.token) }) else { continue }
            if depth >= 4 || coversContent(argument, of: container, depth: depth, walk: &walk) { return true }
        }
        if facts.wrappedContent(in: place.file).contains(where: { $0.contains(place.token) }) { return true }
        return handedOn(place).contains { covers($0, depth: depth, walk: &walk) }
    }

    /// The places in the same type's rendering code that show what `place` builds: the uses
    /// of the helper member holding it, and of a local its value initializes.
    private func handedOn(_ place: Place) -> [Place] {
        guard let type = place.type.flatMap({ index.types[$0] }) else { return [] }
        let bodies = ViewCode.renderingBodies(of: type, index: index)
        var result: [Place] = []
        if let member = place.member, member != "body" {
            for body in bodies where body.name != member {
                result += uses(of: member, in: body, type: type.name)
            }
        }
        if let body = bodies.first(where: { $0.file == place.file && $0.range.contains(place.token) }),
            let local = local(initializedAt: place.token, in: body)
        {
            result += uses(of: local.name, in: body, type: type.name).filter { $0.token > local.end }
        }
        return result
    }

    /// `let row = Row(…)`: the local whose initial value holds `token`.
    private func local(initializedAt token: Int, in body: RenderingBody) -> (name: String, end: Int)? {
        let file = index.files[body.file]
        var probe = token - 1
        while probe > body.range.lowerBound {
            if file.kind(probe) == .equal, file.kind(probe - 1) == .identifier, file.at(probe - 2, "let") || file.at(probe - 2, "var") {
                let end = file.expressionEnd(from: probe + 1, end: body.range.upperBound, stopAtComma: false)
                return end > token ? (file.text(probe - 1), end) : nil
            }
            switch file.kind(probe) {
            case .rightParen, .rightBrace, .rightSquare:
                let open = Int(file.partner[probe])
                probe = open >= 0 && open < probe ? open - 1 : probe - 1
            case .leftBrace:
                return nil
            default:
                probe -= 1
            }
        }
        return nil
    }

    /// Whether `container` renders the content passed as `argument` inside a provider at each
    /// place it uses the property holding it (or the analysis cannot tell those places).
    private func coversContent(_ argument: ConstructionArgument, of container: ViewConstruction, depth: Int, walk: inout Walk) -> Bool {
        guard let info = index.types[container.view] else { return true }
        let held = filledProperties(argument, of: container, info: info)
        guard !held.isEmpty else { return true }
        return held.contains { name in
            let uses = uses(of: name, in: info)
            return uses.isEmpty || uses.allSatisfy { covers($0, depth: depth + 1, walk: &walk) }
        }
    }

    /// The stored properties an argument fills: through an explicit initializer, those it
    /// assigns from the matching parameter; through the memberwise one, the property of the
    /// argument's label (an unlabeled trailing closure: any property holding content).
    private func filledProperties(_ argument: ConstructionArgument, of container: ViewConstruction, info: TypeInfo) -> [String] {
        let content = index.contentProperties(of: info)
        let initializers = info.functions.filter { $0.function.kind == .initializer }
        guard !initializers.isEmpty else {
            guard let label = argument.label else { return content }
            return info.property(named: label).map { _ in [label] } ?? []
        }
        var assigned: [String] = []
        for (fileIndex, initializer) in initializers {
            guard let body = initializer.body else { continue }
            let file = index.files[fileIndex]
            for parameter in parameters(filledBy: argument, of: container, in: initializer) {
                for equal in body where file.kind(equal) == .equal && file.kind(equal - 1) == .identifier {
                    var name = file.text(equal - 1)
                    if name.hasPrefix("_") { name.removeFirst() }
                    let value = equal + 1..<file.expressionEnd(from: equal + 1, end: body.upperBound, stopAtComma: false)
                    let usesParameter = value.contains { file.kind($0) == .identifier && file.spells($0, parameter.name) }
                    if usesParameter, info.property(named: name) != nil, !assigned.contains(name) { assigned.append(name) }
                }
            }
        }
        return assigned
    }

    /// The initializer's parameter an argument fills: the one of its label; for an unlabeled
    /// trailing closure with no `_` closure parameter, the first closure parameter no other
    /// argument names (Swift's forward scan).
    private func parameters(filledBy argument: ConstructionArgument, of container: ViewConstruction, in initializer: FunctionDecl) -> [Parameter] {
        let labeled = initializer.parameters.filter { $0.label == argument.label }
        guard argument.label == nil, argument.origin == .closure else { return labeled }
        let closures = labeled.filter { $0.type?.text.contains("->") == true }
        guard closures.isEmpty else { return closures }
        let named = Set(container.arguments.compactMap(\.label))
        let closure = initializer.parameters.first { parameter in
            parameter.label.map { !named.contains($0) } == true && parameter.type?.text.contains("->") == true
        }
        return closure.map { [$0] } ?? []
    }

    /// Where the container's rendering code uses the property `name` (`content()`, `content`).
    private func uses(of name: String, in info: TypeInfo) -> [Place] {
        ViewCode.renderingBodies(of: info, index: index).flatMap { uses(of: name, in: $0, type: info.name) }
    }

    /// The references to a member or local `name` in one rendering body (not shadowed by one
    /// of its parameters).
    private func uses(of name: String, in body: RenderingBody, type: String) -> [Place] {
        guard !body.parameters.contains(where: { $0.name == name }) else { return [] }
        let file = index.files[body.file]
        var result: [Place] = []
        for token in body.range where file.kind(token) == .identifier && file.spells(token, name) {
            if !file.isOwnMemberReference(token) { continue }
            if file.kind(token + 1) == .colon || file.kind(token + 1) == .equal { continue }  // a label, a declaration
            result.append(Place(file: body.file, token: token, type: type, member: body.name))
        }
        return result
    }

    private func sites(in file: Int) -> [ViewConstruction] {
        facts.sites(in: file)
    }
}

/// What the walk asks of the project whichever objects it follows, found once per index:
/// the views built with arguments (containers of what they are handed), and the helpers
/// and modifiers that may wrap content in an environment, with where they are applied.
final class EnvironmentWalkFacts: @unchecked Sendable {
    /// Unowned: the index keeps these facts (a strong reference would keep it alive).
    private unowned let index: ProjectIndex
    /// The project views built in each file with arguments.
    private let sitesByFile = Memo<Int, [ViewConstruction]>()
    private let wrappers: (helpers: Set<String>, modifiers: Set<String>)
    private let wrappedByFile = Memo<Int, [Range<Int>]>()
    /// The project's SwiftUI representables and the classes their code creates.
    private let representableCode: Set<String>
    private let representableCallsByFile = Memo<Int, [Range<Int>]>()

    init(index: ProjectIndex) {
        self.index = index
        wrappers = Self.wrappers(in: index)
        representableCode = Self.representableCode(in: index)
    }

    /// Whether the site is built for a SwiftUI representable (`UIViewRepresentable`,
    /// `UIViewControllerRepresentable` and their AppKit siblings): in its code or a type
    /// nested in it (a `Coordinator`), in a class its code creates (the table controller
    /// of `makeUIViewController`), or in content handed to it (`TableView(items) { item in
    /// UIHostingConfiguration { Cell(item) } }`). Such code runs inside a SwiftUI view.
    func isBuiltForRepresentable(_ site: ViewConstruction) -> Bool {
        if var type = site.enclosingType {
            while true {
                if representableCode.contains(type) { return true }
                guard let dot = type.lastIndex(of: ".") else { break }
                type = String(type[..<dot])
            }
        }
        let calls = representableCallsByFile.value(for: site.file) { representableCalls(in: site.file) }
        return calls.contains { $0.contains(site.token) }
    }

    private static let representableProtocols: Set<Substring> = [
        "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
    ]

    private static func isRepresentable(_ type: TypeInfo) -> Bool {
        type.inherited.contains { representableProtocols.contains($0.simpleTypeName) }
    }

    private static func representableCode(in index: ProjectIndex) -> Set<String> {
        var result = Set<String>()
        for type in index.types.values where isRepresentable(type) {
            result.insert(type.name)
            for declaration in type.declarations {
                let file = index.files[declaration.file]
                for token in declaration.decl.members where file.kind(token) == .identifier && file.kind(token + 1) == .leftParen {
                    let text = file.text(token)
                    guard text.startsWithUppercase, index.mayNameType(simpleName: text),
                        let created = index.type(named: text, from: type.name, file: declaration.file), created.isClass
                    else { continue }
                    result.insert(created.name)
                }
            }
        }
        return result
    }

    /// The calls of a file that construct a project representable, trailing closures included.
    private func representableCalls(in fileIndex: Int) -> [Range<Int>] {
        let file = index.files[fileIndex]
        var result: [Range<Int>] = []
        for token in 0..<file.tokens.count where file.kind(token) == .identifier {
            let text = file.text(token)
            guard text.startsWithUppercase, index.mayNameType(simpleName: text),
                let call = file.call(at: token, limit: file.tokens.count),
                let type = index.type(named: text, file: fileIndex), Self.isRepresentable(type)
            else { continue }
            result.append(token..<call.end)
        }
        return result
    }

    func sites(in file: Int) -> [ViewConstruction] {
        sitesByFile.value(for: file) { index.viewGraph.constructions(inFile: file).filter { !$0.arguments.isEmpty } }
    }

    /// The platforms the site is compiled for, by the `#if os(…)` clauses around it.
    func platforms(of site: ViewConstruction) -> Platforms {
        index.platforms(at: TokenLocation(file: site.file, token: site.token))
    }

    /// The `View`-extension helpers and view modifiers of the project that may put the content
    /// they are applied to into an environment: their code injects, or hands the content to a
    /// project view (`func inPanel() -> some View { SidePanel { self } }`). Where they are
    /// applied, the analysis does not follow them: in doubt, covered.
    private static func wrappers(in index: ProjectIndex) -> (helpers: Set<String>, modifiers: Set<String>) {
        var helpers = Set<String>()
        for fileIndex in index.ownFiles {
            let file = index.files[fileIndex]
            for decl in file.types where decl.extendsView {
                for function in decl.functions where function.body.map({ mayWrap($0, in: fileIndex, index: index) }) == true {
                    helpers.insert(function.name)
                }
            }
        }
        var modifiers = Set<String>()
        for type in index.types.values where type.traits.contains(.viewModifier) {
            let wraps = type.functions.contains { fileIndex, function in
                function.name == "body" && function.body.map { mayWrap($0, in: fileIndex, index: index) } == true
            }
            if wraps { modifiers.insert(String(type.name.simpleTypeName)) }
        }
        return (helpers, modifiers)
    }

    /// Code that injects (`environmentObject(…)`, `environment(…)`) or builds a project view.
    private static func mayWrap(_ body: Range<Int>, in fileIndex: Int, index: ProjectIndex) -> Bool {
        let file = index.files[fileIndex]
        return body.contains { token in
            guard file.kind(token) == .identifier else { return false }
            if file.at(token, "environmentObject") || file.at(token, "environment") { return file.kind(token + 1) == .leftParen }
            let text = file.text(token)
            guard text.startsWithUppercase, file.kind(token + 1) == .leftParen || file.kind(token + 1) == .leftBrace else { return false }
            // By scope: a file's private view is keyed apart from its written name.
            return index.type(named: text, file: fileIndex).map(ViewGraphCollector.isConstructibleView) ?? false
        }
    }

    /// The expressions of a file that such a helper (`.inPanel()`) or modifier
    /// (`.modifier(SelectionScope())`) is applied to.
    func wrappedContent(in fileIndex: Int) -> [Range<Int>] {
        wrappedByFile.value(for: fileIndex) { collectWrappedContent(in: fileIndex) }
    }

    private func collectWrappedContent(in fileIndex: Int) -> [Range<Int>] {
        let file = index.files[fileIndex]
        var result: [Range<Int>] = []
        if !wrappers.helpers.isEmpty || !wrappers.modifiers.isEmpty {
            for token in 1..<max(file.tokens.count, 1) where file.kind(token) == .identifier && file.kind(token - 1) == .period {
                guard file.kind(token + 1) == .leftParen else { continue }
                let name = file.text(token)
                let applies = wrappers.helpers.contains(name)
                    || name == "modifier" && file.isWord(token + 2) && wrappers.modifiers.contains(file.text(token + 2))
                if applies { result.append(index.modifiedContent(beforeModifierAt: token, in: file)) }
            }
        }
        return result
    }
}

/// The platforms code is compiled for, as far as `#if os(…)` says (SPEC §9: variants). A
/// path from a root runs on one platform: every site on it must be compiled there.
struct Platforms: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    static let iOS = Platforms(rawValue: 1)
    static let macOS = Platforms(rawValue: 2)
    static let tvOS = Platforms(rawValue: 4)
    static let watchOS = Platforms(rawValue: 8)
    static let visionOS = Platforms(rawValue: 16)
    static let linux = Platforms(rawValue: 32)
    static let windows = Platforms(rawValue: 64)
    static let otherOS = Platforms(rawValue: 128)
    static let all = Platforms(rawValue: 0xFF)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The platform `os(name)` names.
    init(os name: String) {
        switch name {
        case "iOS": self = .iOS
        case "macOS", "OSX": self = .macOS
        case "tvOS": self = .tvOS
        case "watchOS": self = .watchOS
        case "visionOS", "xrOS": self = .visionOS
        case "Linux": self = .linux
        case "Windows": self = .windows
        default: self = .otherOS
        }
    }

    /// Where each `#if`/`#elseif`/`#else` clause of a file compiles its code: at each
    /// directive's token, the platforms of the code that follows it (the clauses around it
    /// intersected). Conditions other than `os(…)` (`DEBUG`, `canImport(…)`) say nothing.
    static func changes(in file: ParsedFile) -> [(token: Int, platforms: Platforms)] {
        // Per open block: the platforms its earlier clauses took, and its current clause's.
        var blocks: [(taken: Platforms, current: Platforms)] = []
        var result: [(token: Int, platforms: Platforms)] = []
        func effective() -> Platforms { blocks.reduce(.all) { $0.intersection($1.current) } }
        for token in 0..<file.tokens.count {
            switch file.kind(token) {
            case .poundIf:
                let condition = condition(after: token, in: file)
                blocks.append((condition, condition))
            case .poundElseif:
                guard !blocks.isEmpty else { continue }
                let condition = condition(after: token, in: file)
                let remaining = blocks[blocks.count - 1].taken.symmetricDifference(.all)
                blocks[blocks.count - 1].current = condition.intersection(remaining.isEmpty ? .all : remaining)
                blocks[blocks.count - 1].taken.formUnion(condition)
            case .poundElse:
                guard !blocks.isEmpty else { continue }
                let remaining = blocks[blocks.count - 1].taken.symmetricDifference(.all)
                blocks[blocks.count - 1].current = remaining.isEmpty ? .all : remaining
            case .poundEndif:
                _ = blocks.popLast()
            default:
                continue
            }
            result.append((token, effective()))
        }
        return result
    }

    /// The platforms a directive's condition (the rest of its line) allows.
    private static func condition(after directive: Int, in file: ParsedFile) -> Platforms {
        var end = directive + 1
        while end < file.tokens.count, !file.tokens[end].isAtStartOfLine { end += 1 }
        var parser = ConditionParser(file: file, position: directive + 1, end: end)
        let platforms = parser.disjunction()
        return parser.position == end ? platforms : .all
    }

    /// `os(iOS) || os(macOS)`, `!os(watchOS)`, `os(iOS) && DEBUG`: what is known of the platforms.
    private struct ConditionParser {
        let file: ParsedFile
        var position: Int
        let end: Int
        /// Nesting of parentheses and `!`: past `maxDepth` the condition says nothing (no
        /// real condition nests that deep, and the stack stays bounded on any input).
        private var depth = 0
        private static let maxDepth = 64

        init(file: ParsedFile, position: Int, end: Int) {
            self.file = file
            self.position = position
            self.end = end
        }

        mutating func disjunction() -> Platforms {
            var result = conjunction()
            while position < end, file.at(position, "||") {
                position += 1
                result.formUnion(conjunction())
            }
            return result
        }

        mutating func conjunction() -> Platforms {
            var result = unary()
            while position < end, file.at(position, "&&") {
                position += 1
                result.formIntersection(unary())
            }
            return result
        }

        mutating func unary() -> Platforms {
            depth += 1
            defer { depth -= 1 }
            guard position < end, depth <= Self.maxDepth else {
                position = end
                return .all
            }
            if file.at(position, "!") {
                position += 1
                let operand = unary()
                return operand == .all ? .all : operand.symmetricDifference(.all)
            }
            if file.kind(position) == .leftParen {
                position += 1
                let inner = disjunction()
                if position < end, file.kind(position) == .rightParen { position += 1 }
                return inner
            }
            // `os(iOS)`, or another atom (`DEBUG`, `canImport(UIKit)`), which says nothing.
            let isOS = file.at(position, "os") && file.kind(position + 1) == .leftParen
            let name = position + 2 < end ? file.text(position + 2) : ""
            position += 1
            if position < end, file.kind(position) == .leftParen { position = min(file.skipGroup(position), end) }
            return isOS ? Platforms(os: name) : .all
        }
    }
}

/// A depth-first walk from a view up to the roots, through its construction sites, on one
/// platform at a time: a path whose sites no platform compiles together is no path.
private struct PathSearch {
    let index: ProjectIndex
    let isCovered: (ViewConstruction) -> Bool
    let platforms: (ViewConstruction) -> Platforms
    let isRootInSwiftUI: (ViewConstruction) -> Bool
    /// Whether a path may start at a root (all do, but those of other Apps when several
    /// programs are read as one).
    let acceptsRoot: (ViewConstruction) -> Bool
    /// Views on the current path (a cycle adds nothing) and views with no uncovered path
    /// on the given platforms.
    var visiting = Set<String>()
    var exhausted = Set<Exhausted>()

    struct Exhausted: Hashable {
        let view: String
        let platforms: Platforms
    }

    init(
        index: ProjectIndex, isCovered: @escaping (ViewConstruction) -> Bool, platforms: @escaping (ViewConstruction) -> Platforms,
        isRootInSwiftUI: @escaping (ViewConstruction) -> Bool, acceptsRoot: @escaping (ViewConstruction) -> Bool
    ) {
        self.index = index
        self.isCovered = isCovered
        self.platforms = platforms
        self.isRootInSwiftUI = isRootInSwiftUI
        self.acceptsRoot = acceptsRoot
    }

    /// Two declarations of one name (views of two targets in one project, `#if` variants):
    /// which one a site builds is not known, so no path through it is complete.
    private func isDeclaredTwice(_ view: String) -> Bool {
        (index.types[view]?.declarations.lazy.filter { $0.decl.kind != .extension }.count ?? 0) > 1
    }

    mutating func path(to view: String, platforms allowed: Platforms, depth: Int) -> [ViewConstruction]? {
        let key = Exhausted(view: view, platforms: allowed)
        guard depth < 32, !exhausted.contains(key), !isDeclaredTwice(view), visiting.insert(view).inserted else { return nil }
        defer { visiting.remove(view) }
        // Whether a site is covered is asked last, of the sites that could continue a path.
        for site in index.viewGraph.constructions(of: view) {
            let compiled = allowed.intersection(platforms(site))
            guard !compiled.isEmpty else { continue }
            switch site.context {
            case .oneTime(.hostingRoot) where isRootInSwiftUI(site):
                continue
            case .oneTime(.sceneRoot), .oneTime(.hostingRoot), .oneTime(.imageRenderer):
                guard acceptsRoot(site), !isCovered(site) else { continue }
                return [site]
            case .rendering, .presentation:
                guard let parent = site.enclosingType, let info = index.types[parent], info.isView,
                    !info.traits.contains(.viewModifier), !isCovered(site),
                    let path = path(to: parent, platforms: compiled, depth: depth + 1)
                else { continue }
                return path + [site]
            default:
                continue
            }
        }
        exhausted.insert(key)
        return nil
    }
}
