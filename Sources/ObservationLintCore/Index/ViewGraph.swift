import ObservationSyntax

/// Where a project view is constructed, for what SwiftUI does with the view it builds
/// (SPEC §9, "The view graph").
public enum ConstructionContext: Sendable, Hashable, CustomStringConvertible {
    /// Code that runs while a rendering container's `body` is evaluated: `body`, the
    /// helpers and computed properties that build views, view-builder content closures,
    /// and a view's initializer and stored-property initial values (they run whenever the
    /// parent rebuilds the view). Built again on every render.
    case rendering
    /// Presented content: `.sheet`, `.fullScreenCover`, `.popover`, `.inspector`,
    /// `.navigationDestination`, `NavigationLink(destination:)`/`NavigationLink { }`.
    /// Evaluated while the presenter renders, and the presented view lives while shown.
    case presentation
    /// A place that runs once for the child's lifetime (see `OneTimePlace`).
    case oneTime(OneTimePlace)
    /// A `#Preview`, a `PreviewProvider` or test code: never runs in the app.
    case preview
    /// An action closure (`Button` actions, `.onAppear`, `.task`, `Task { }`): runs on an event.
    case action
    /// Anything else: functions of classes and other non-rendering types, global
    /// functions, closures the analysis cannot classify. How often it runs is unknown.
    case other

    public var description: String {
        switch self {
        case .rendering: "rendering"
        case .presentation: "presentation"
        case .oneTime(let place): "one-time (\(place.rawValue))"
        case .preview: "preview/test"
        case .action: "action"
        case .other: "other"
        }
    }
}

public enum OneTimePlace: String, Sendable, Hashable {
    /// An app's or scene's `body`: `WindowGroup { Root() }`, `Settings { … }`.
    case sceneRoot = "scene root"
    /// `UIHostingController(rootView:)`, `NSHostingController`, `NSHostingView`,
    /// `UIHostingConfiguration { }`.
    case hostingRoot = "hosting root"
    /// `rootView:` of a project subclass of a hosting controller or view: built once, but in
    /// an environment the subclass may extend (it may wrap the root in its own modifiers).
    case hostingSubclassRoot = "hosting subclass root"
    /// A class's initializer or stored-property initial value.
    case initializer = "class initializer"
    /// `ImageRenderer(content:)`.
    case imageRenderer = "image renderer"
    /// WidgetKit content: a `StaticConfiguration`, `AppIntentConfiguration`,
    /// `IntentConfiguration` or `ActivityConfiguration` closure, and the body of a view built
    /// from a `TimelineEntry`. WidgetKit renders it as a snapshot per entry: no state
    /// survives and nothing re-renders live.
    case widget = "widget"
}

/// A property of the constructing type, as a source of an argument.
public struct PropertyReference: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    /// The wrapper's simple name (`State`, `Binding`, `StateObject`, `ObservedObject`,
    /// `EnvironmentObject`, `Environment`, `Bindable`), nil for a plain property.
    public let wrapper: String?
    public let isLet: Bool
    public let isComputed: Bool

    public init(name: String, wrapper: String?, isLet: Bool, isComputed: Bool) {
        self.name = name
        self.wrapper = wrapper
        self.isLet = isLet
        self.isComputed = isComputed
    }

    public var description: String {
        if let wrapper { return "@\(wrapper) \(name)" }
        return "\(isComputed ? "computed var" : isLet ? "let" : "var") \(name)"
    }
}

/// Where an argument's value comes from.
public indirect enum ArgumentOrigin: Sendable, Hashable, CustomStringConvertible {
    /// A constructor call (`Model()`, `Model.init(…)`): the type's qualified name when it
    /// is a project type, else as written.
    case constructor(type: String)
    /// A literal (`"Title"`, `42`, `true`, `nil`), an array or dictionary of literals.
    case literal
    /// A static member or singleton (`Model.shared`, `.shared`, `.default`, an enum case).
    case staticMember
    /// The constructing type's own property (`model`, `self.model.items`): `path` is what
    /// follows the property (`["items"]`).
    case property(PropertyReference, path: [String])
    /// `$name` (`$name.field`): a binding to the caller's property.
    case binding(PropertyReference, path: [String])
    /// An element of a `ForEach` (or a `for` loop in view-building code), `path` what
    /// follows it (`item.title`: `["title"]`); `collection` where the elements come from
    /// when known.
    case element(name: String, path: [String], collection: ArgumentOrigin?)
    /// A parameter of another closure around the site (`.sheet(item:) { item in … }`).
    case closureParameter(name: String, path: [String], callee: String?)
    /// A local `let`/`var` of the enclosing code.
    case local(name: String, path: [String])
    /// A parameter of the enclosing function or initializer.
    case parameter(name: String, path: [String])
    /// A closure literal (`{ … }`, a trailing closure).
    case closure
    /// An expression built from several values (`"\(count) items"`, `a + b`, `f(x)`):
    /// where each of its names comes from.
    case derived([ArgumentOrigin])
    case unknown

    public var description: String {
        func dotted(_ head: String, _ path: [String]) -> String { ([head] + path).joined(separator: ".") }
        switch self {
        case .constructor(let type): return "constructor \(type.withoutTypeKeyPrefixes)"
        case .literal: return "literal"
        case .staticMember: return "static"
        case .property(let property, let path): return "property \(dotted(property.description, path))"
        case .binding(let property, let path): return "binding $\(dotted(property.description, path))"
        case .element(let name, let path, let collection):
            return "element \(dotted(name, path))" + (collection.map { " of \($0)" } ?? "")
        case .closureParameter(let name, let path, let callee):
            return "closure parameter \(dotted(name, path))" + (callee.map { " of \($0)" } ?? "")
        case .local(let name, let path): return "local \(dotted(name, path))"
        case .parameter(let name, let path): return "parameter \(dotted(name, path))"
        case .closure: return "closure"
        case .derived(let parts): return "derived from [" + parts.map(\.description).joined(separator: ", ") + "]"
        case .unknown: return "unknown"
        }
    }
}

extension ArgumentOrigin {
    /// The origin of a member of this value (`item.title` from `item`).
    public func appending(_ path: [String]) -> ArgumentOrigin {
        guard !path.isEmpty else { return self }
        switch self {
        case .property(let property, let own): return .property(property, path: own + path)
        case .binding(let property, let own): return .binding(property, path: own + path)
        case .element(let name, let own, let collection): return .element(name: name, path: own + path, collection: collection)
        case .closureParameter(let name, let own, let callee): return .closureParameter(name: name, path: own + path, callee: callee)
        case .local(let name, let own): return .local(name: name, path: own + path)
        case .parameter(let name, let own): return .parameter(name: name, path: own + path)
        case .constructor, .literal, .staticMember, .closure, .derived, .unknown: return self
        }
    }
}

/// What ties the constructed view's identity to a value: when the value changes, SwiftUI
/// sees a new view, with fresh state.
public enum IdentityTie: Sendable, Hashable, CustomStringConvertible {
    /// `.id(x)` applied to the construction (or to content that holds it) with an `x` that
    /// is not a constant (a literal, `.member`, `Type.member`); the tokens of `x`.
    case idModifier(Range<Int>)
    /// Built for each element of a `ForEach`: its `id:` key path as written, or nil when
    /// the elements are `Identifiable`.
    case forEach(id: String?)
    /// Presented for an item: `.sheet(item:)`, `.fullScreenCover(item:)`, `.popover(item:)`,
    /// `.navigationDestination(item:)`/`(for:)`; the modifier's name.
    case presentedItem(String)
    /// Built in one branch of an `if`/`else`/`switch` of view-building code. SwiftUI's
    /// structural identity is the branch's position: leaving the branch and entering it
    /// again builds a new view with fresh state, while a change that stays inside the branch
    /// keeps the view and its state. `pinned`: the values (as written, without `self.` and
    /// spaces) the condition fixes to one value, so that every change of them leaves the
    /// branch — `if isEditing`, `if mode == .edit`, `else` of `if isEditing`, `case .edit:`.
    /// An `if let item = selection` pins nothing: a change from one item to another stays.
    case branch(BranchKind, pinned: [String])

    public enum BranchKind: String, Sendable, Hashable {
        case ifBranch = "if"
        case elseBranch = "else"
        case switchCase = "case"
    }

    public var description: String {
        switch self {
        case .idModifier: ".id(…)"
        case .forEach(let id): "ForEach id " + (id ?? "Identifiable")
        case .presentedItem(let callee): ".\(callee)(item:)"
        case .branch(let kind, let pinned):
            "\(kind.rawValue) branch" + (pinned.isEmpty ? "" : " (renewed when \(pinned.map { "`\($0)`" }.joined(separator: ", ")) changes)")
        }
    }
}

/// One argument of a construction.
public struct ConstructionArgument: Sendable, Hashable {
    public let label: String?
    /// The value's tokens (a trailing closure: its braces).
    public let value: Range<Int>
    public let origin: ArgumentOrigin
    /// For a constructor call (`Model(id: selection)`): where each of its arguments comes
    /// from, in order; empty otherwise.
    public var constructorArguments: [ArgumentOrigin] = []
}

/// A place where the project constructs one of its views: `Row(item: item)`,
/// `Row.init(…)`, `.init(…)` where the type comes from the context, `Row.make(…)` (a static
/// factory of `Row` that returns it). A class: rules keep lists of them per view.
public final class ViewConstruction: Sendable {
    /// The constructed view's qualified name.
    public let view: String
    public let file: Int
    /// The type name's token (`init` for `.init(…)`): where a note points.
    public let token: Int
    public let call: Call
    /// The type whose code holds the site, and the member (`body`, `init`, a function or
    /// property name, `#Preview`); nil outside types.
    public let enclosingType: String?
    public let enclosingMember: String?
    public let context: ConstructionContext
    public let arguments: [ConstructionArgument]
    /// Innermost first.
    public let identity: [IdentityTie]
    /// For content a presenting modifier shows (`.sheet(isPresented: $isShowing, onDismiss:
    /// reset) { … }`): the modifier's argument list, with its parentheses; nil otherwise.
    public let presentingArguments: Range<Int>?

    init(
        view: String, file: Int, token: Int, call: Call, enclosingType: String?, enclosingMember: String?,
        context: ConstructionContext, arguments: [ConstructionArgument], identity: [IdentityTie],
        presentingArguments: Range<Int>? = nil
    ) {
        self.view = view
        self.file = file
        self.token = token
        self.call = call
        self.enclosingType = enclosingType
        self.enclosingMember = enclosingMember
        self.context = context
        self.arguments = arguments
        self.identity = identity
        self.presentingArguments = presentingArguments
    }

    /// The argument passed with `label` (nil: unlabeled).
    public func argument(labeled label: String?) -> ConstructionArgument? {
        arguments.first { $0.label == label }
    }

    /// The view's name as written in the source (type keys of private types carry a prefix).
    public var viewName: String { view.withoutTypeKeyPrefixes }

    /// For `debug graph`: the site (`path:line`), then one line for the context, each
    /// argument and the identity ties.
    public func describe(in index: ProjectIndex) -> (site: String, line: Int, details: [String]) {
        let file = index.files[self.file]
        let line = file.source.location(of: file.byteRange(token..<token + 1).lowerBound).line
        let place = [enclosingType?.withoutTypeKeyPrefixes, enclosingMember].compactMap { $0 }.joined(separator: ".")
        var details = ["\(context)" + (place.isEmpty ? "" : " in \(place)")]
        for argument in arguments {
            let renewal = index.renewingTie(for: argument, at: self).map { " (a change renews the view: \($0))" } ?? ""
            details.append("\(argument.label ?? "_"): \(argument.origin)\(renewal)".withoutTypeKeyPrefixes)
        }
        if !identity.isEmpty { details.append("identity: " + identity.map(\.description).joined(separator: ", ")) }
        if let cover = index.cover(of: self) { details.append("while shown: \(cover)") }
        return ("\(file.path):\(line)", line, details)
    }

    /// The call's tokens, from the type name to the last parenthesis or trailing closure.
    public var tokens: Range<Int> {
        token..<call.end
    }
}

/// Every construction site of every project view. Found on demand, view by view (a rule
/// asks about the few views it judges), or all at once for `constructions`; each answer is
/// computed once. Valid while its index lives (it reads the index's files).
public final class ViewGraph: @unchecked Sendable {
    private unowned let index: ProjectIndex
    private let references: NameReferences
    private let sitesByView = Memo<String, [ViewConstruction]>()
    private let findings = SharedFindings()
    private let jobs: Int
    private let allSites = OnDemand<[ViewConstruction]>()
    private let sitesByFile = Memo<Int, [ViewConstruction]>()
    private let candidatesByFile: Lazy<[Int: [Int]]>
    private let namesRootCallee = OnDemand<Bool>()

    init(index: ProjectIndex, references: NameReferences, jobs: Int) {
        self.index = index
        self.references = references
        self.jobs = jobs
        candidatesByFile = Lazy { [unowned index] in
            ViewGraphCollector.candidates(references: references, views: index.types.values.filter(ViewGraphCollector.isConstructibleView))
        }
    }

    /// Every site, in file order, then token order: each file's, files in parallel.
    public var constructions: [ViewConstruction] {
        allSites.value {
            parallelMap(candidatesByFile.value.keys.sorted(), jobs: jobs) { constructions(inFile: $0) }.flatMap { $0 }
        }
    }

    /// Whether a site may be a root, one whose view starts with an empty environment
    /// (`.oneTime(.sceneRoot)`, `.oneTime(.hostingRoot)`, `.oneTime(.imageRenderer)`): false
    /// when no file names a scene, a hosting controller or configuration, or an image
    /// renderer with a project view's name or an `.init(…)` after it in the code around it
    /// (a package of views; `ImageRenderer(content: AnyView(content))`). Found without
    /// building a site.
    public var mayHaveRoots: Bool {
        namesRootCallee.value {
            let names = NameTable(rootCallees)
            return candidatesByFile.value.contains { fileIndex, references in
                let file = index.files[fileIndex]
                return file.source.bytes.withUnsafeBufferPointer { bytes in
                    file.tokens.indices.contains { token in
                        names.position(of: file.tokens[token], in: bytes) != nil
                            && Self.mayBuildSite(after: token, in: file, references: references)
                    }
                }
            }
        }
    }

    /// Whether a site may stand after `callee` in the parentheses, brackets or block around it,
    /// where the callee's own parentheses and closures lie: one of the file's references to a
    /// project view's name, or an `.init(…)` (built for a view the code returns).
    private static func mayBuildSite(after callee: Int, in file: ParsedFile, references: [Int]) -> Bool {
        var end = callee + 1
        scan: while end < file.tokens.count {
            switch file.tokens[end].kind {
            case .leftParen, .leftBrace, .leftSquare:
                let close = Int(file.partner[end])
                guard close > end else { return true }  // unbalanced: in doubt
                end = close + 1
            case .rightParen, .rightBrace, .rightSquare:
                break scan
            default:
                end += 1
            }
        }
        let after = callee + 1..<end
        return references.contains { after.contains($0) } || after.contains { file.at($0, "init") && file.kind($0 - 1) == .period }
    }

    /// The sites in one file, in token order: what `constructions` holds for it, found
    /// without searching the other files.
    public func constructions(inFile fileIndex: Int) -> [ViewConstruction] {
        sitesByFile.value(for: fileIndex) {
            guard let tokens = candidatesByFile.value[fileIndex] else { return [] }
            return ViewGraphCollector.sites(in: fileIndex, at: tokens, index: index, findings: findings) { view in
                index.types[view].map(ViewGraphCollector.isConstructibleView) == true
            }
        }
    }

    /// The sites that construct `view` (a qualified name), in file and token order; empty
    /// when its callers are unknown.
    public func constructions(of view: String) -> [ViewConstruction] {
        sitesByView.value(for: view) {
            guard let info = index.types[view], ViewGraphCollector.isConstructibleView(info) else { return [] }
            return ViewGraphCollector.collect(index, references: references, views: [info], jobs: 1, findings: findings)
        }
    }

    /// The initial value of a local that the code at `site` names, as an argument passing
    /// it would be (its tokens and where it comes from): `let title = model.title` before
    /// `Row(title: title)`. Nil when the local has none, or is bound another way (a `for`
    /// loop, a closure parameter).
    public func initialValue(ofLocal name: String, at site: ViewConstruction) -> ConstructionArgument? {
        initialValue(ofLocal: name, at: TokenLocation(file: site.file, token: site.token))
    }

    /// The initial value of a local that the code at `location` names (see above).
    public func initialValue(ofLocal name: String, at location: TokenLocation) -> ConstructionArgument? {
        var collector = FileCollector(fileIndex: location.file, index: index, findings: findings)
        return collector.localInitialValue(of: name, before: location.token)
    }

    /// Where the value of `expression` (tokens of `file`) comes from, as an argument at its
    /// place would: `.unknown` outside code.
    public func origin(of expression: Range<Int>, in file: Int) -> ArgumentOrigin {
        var collector = FileCollector(fileIndex: file, index: index, findings: findings)
        return collector.origin(of: expression)
    }

    /// The views with at least one construction site, sorted.
    public var constructedViews: [String] { Set(constructions.map(\.view)).sorted() }

    /// The sites that can build the declaration of `view` whose name is at `declaration`:
    /// those whose `#if os(…)` conditions can hold together with the declaration's (a
    /// parent compiled only for iOS builds the iOS variant of a view, not one declared under
    /// `#if os(tvOS)`).
    public func constructions(of view: String, declaredAt declaration: TokenLocation) -> [ViewConstruction] {
        let declared = index.platforms(at: declaration)
        return constructions(of: view).filter { !index.platforms(at: TokenLocation(file: $0.file, token: $0.token)).isDisjoint(with: declared) }
    }
}

extension ProjectIndex {
    /// The platforms the code at `location` is compiled for, by the `#if os(…)` clauses
    /// around it in its file and the platforms of the Xcode targets that compile the file
    /// (`buildTargets`; all where none is known).
    func platforms(at location: TokenLocation) -> Platforms {
        let changes = platformChangesByFile.value(for: location.file) { Platforms.changes(in: files[location.file]) }
        // The last directive before the location.
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].token < location.token { low = middle + 1 } else { high = middle }
        }
        let compiled = low == 0 ? .all : changes[low - 1].platforms
        return compiled.intersection(buildTargets[location.file]?.platforms ?? .all)
    }
}

// MARK: - Collecting

/// Finds the construction sites from the places project view names occur
/// (`NameReferences`: a view's name is written wherever it is built or declared as a
/// member's type, where `.init(…)` may build it), files in parallel.
enum ViewGraphCollector {
    fileprivate static func collect(
        _ index: ProjectIndex, references: NameReferences, views: [TypeInfo], jobs: Int, findings: SharedFindings
    ) -> [ViewConstruction] {
        let wanted = Set(views.map(\.name))
        let candidates = candidates(references: references, views: views)
        let perFile = parallelMap(candidates.keys.sorted(), jobs: jobs) { fileIndex in
            sites(in: fileIndex, at: candidates[fileIndex]!, index: index, findings: findings) { wanted.contains($0) }
        }
        return perFile.flatMap { $0 }
    }

    /// Per file, the tokens where the name of one of `views` is written.
    fileprivate static func candidates(references: NameReferences, views: [TypeInfo]) -> [Int: [Int]] {
        var candidates: [Int: [Int]] = [:]
        for name in Set(views.map { String($0.name.simpleTypeName) }) {
            for location in references.typeNames[name] ?? [] { candidates[location.file, default: []].append(location.token) }
        }
        return candidates
    }

    fileprivate static func sites(
        in fileIndex: Int, at tokens: [Int], index: ProjectIndex, findings: SharedFindings, isWanted: (String) -> Bool
    ) -> [ViewConstruction] {
        var collector = FileCollector(fileIndex: fileIndex, index: index, findings: findings)
        return collector.constructions(at: tokens.sorted()).filter { isWanted($0.view) }
    }

    /// Views and view modifiers: rendering containers a caller constructs.
    static func isConstructibleView(_ info: TypeInfo) -> Bool {
        (info.isView || info.traits.contains(.viewModifier)) && (info.kind == .struct || info.kind == .class || info.kind == .enum)
    }
}

/// Declarations that precede a type name that is not a construction (`struct Row`, `-> Row {`).
private let declaringKeywords: Set<String> = [
    "struct", "class", "enum", "extension", "protocol", "actor", "typealias", "func", "case", "is", "as", "some",
    "any", "import", "let", "var",
]

/// Calls whose content closures build an app's scenes: their content is a scene root.
private let sceneCallees: Set<String> = [
    "WindowGroup", "Window", "DocumentGroup", "MenuBarExtra", "Settings", "UtilityWindow", "ImmersiveSpace",
]
private let hostingControllers: Set<String> = ["UIHostingController", "NSHostingController", "NSHostingView"]
/// The callees whose content or argument `makeConstruction` makes a root: a scene, a hosting
/// controller or configuration, an image renderer.
private let rootCallees = sceneCallees.union(hostingControllers).union(["UIHostingConfiguration", "ImageRenderer"])
private let presentingModifiers: Set<String> = ["sheet", "fullScreenCover", "popover", "inspector", "navigationDestination"]
/// Keywords that open a statement with a block.
private let statementKeywords: Set<String> = ["if", "else", "switch", "for", "guard", "while", "do", "repeat", "catch"]
/// WidgetKit configurations: the views their content closures build are widget snapshots.
private let widgetConfigurations: Set<String> = [
    "StaticConfiguration", "AppIntentConfiguration", "IntentConfiguration", "ActivityConfiguration",
]

/// One piece of code that can hold sites: a member's body or initial value, or a preview.
private struct CodeMember: Sendable {
    let range: Range<Int>
    let type: String?
    let name: String
    let base: ConstructionContext
    let parameters: [Parameter]
    /// The view a `return .init(…)` builds: the declared return (or property) type when it
    /// is a project view.
    let contextualView: String?
}

/// What the searches of one view graph find per file and per token, whichever views they
/// look for: found once.
private struct SharedFindings: Sendable {
    let membersByFile = Memo<Int, [CodeMember]>()
    let siteAtReference = Memo<TokenLocation, ViewConstruction?>()
    let contextualSitesByFile = Memo<Int, [ViewConstruction]>()
}

/// A `(` or a `{` around a site, innermost first.
private enum Frame {
    case parenthesis(callee: Int?, label: String?, arguments: Range<Int>)
    case closure(Scope)
}

private struct FileCollector {
    let fileIndex: Int
    let index: ProjectIndex
    let file: ParsedFile
    private let findings: SharedFindings
    /// Per member start: its scopes and its local declarations, found on first use.
    private var scopesByMember: [Int: BodyScopes] = [:]
    private var localsByMember: [Int: [(name: String, token: Int)]] = [:]

    init(fileIndex: Int, index: ProjectIndex, findings: SharedFindings) {
        self.fileIndex = fileIndex
        self.index = index
        self.file = index.files[fileIndex]
        self.findings = findings
    }

    mutating func constructions(at referenceTokens: [Int]) -> [ViewConstruction] {
        var result: [ViewConstruction] = []
        for token in referenceTokens {
            let found = findings.siteAtReference.value(for: TokenLocation(file: fileIndex, token: token)) { construction(named: token) }
            if let found { result.append(found) }
        }
        result += findings.contextualSitesByFile.value(for: fileIndex) { contextualConstructions() }
        return result.sorted { $0.token < $1.token }
    }

    private mutating func contextualConstructions() -> [ViewConstruction] {
        var result: [ViewConstruction] = []
        for member in allMembers() where member.contextualView != nil {
            for token in member.range where file.kind(token) == .period && file.at(token + 1, "init") {
                if let found = contextualConstruction(at: token + 1, in: member) { result.append(found) }
            }
        }
        return result
    }

    // MARK: Sites

    /// `Row(…)`, `Outer.Row(…)`, `Row.init(…)`, `Row.make(…)` at a reference to a view's name.
    private mutating func construction(named reference: Int) -> ViewConstruction? {
        var root = reference
        while file.kind(root - 1) == .period, file.kind(root - 2) == .identifier, isCapitalized(root - 2) { root -= 2 }
        guard file.kind(root - 1) != .period, file.kind(root - 1) != .arrow, file.kind(root - 1) != .atSign,
            !(file.kind(root - 1) == .keyword && declaringKeywords.contains(file.text(root - 1))),
            !isTypeAnnotation(before: root), let member = member(containing: reference),
            // `MacOSView()` in a type with its own `func MacOSView()` calls that method, whose
            // code is the type's own rendering code (`ViewCode.renderingBodies`).
            !index.memberShadows(file.text(root), in: member.type)
        else { return nil }
        let written = (stride(from: root, through: reference, by: 2).map { file.text($0) }).joined(separator: ".")
        guard let view = index.type(named: written, from: member.type, file: fileIndex),
            ViewGraphCollector.isConstructibleView(view)
        else { return nil }
        var callee = reference
        if file.kind(reference + 1) == .period, file.kind(reference + 2) == .identifier || file.at(reference + 2, "init") {
            callee = reference + 2
            guard file.at(callee, "init") || isStaticFactory(file.text(callee), of: view) else { return nil }
        }
        guard let call = file.call(at: callee, limit: file.tokens.count) else { return nil }
        if isSceneLevel(written, at: reference, in: member) { return nil }
        return makeConstruction(of: view.name, token: reference, call: call, in: member)
    }

    /// `Settings { … }` written among an app's scenes is SwiftUI's scene, whatever view of
    /// that name the project declares (a view cannot stand where a scene is built; one
    /// declared for another platform is not visible there).
    private mutating func isSceneLevel(_ written: String, at token: Int, in member: CodeMember) -> Bool {
        guard sceneCallees.contains(written), let type = member.type.flatMap({ index.types[$0] }),
            !type.traits.isDisjoint(with: [.app, .scene])
        else { return false }
        return !frames(around: token, in: member).contains { if case .closure = $0 { true } else { false } }
    }

    /// `.init(…)` returned from a function (or computed property) that returns a project
    /// view, or assigned to a property annotated with one.
    private mutating func contextualConstruction(at initToken: Int, in member: CodeMember) -> ViewConstruction? {
        guard let view = member.contextualView else { return nil }
        let before = initToken - 2
        let isReturned = file.at(before, "return") || before + 1 == member.range.lowerBound
            || (file.kind(before) == .leftBrace && before == member.range.lowerBound)
        guard isReturned, let call = file.call(at: initToken, limit: member.range.upperBound) else { return nil }
        return makeConstruction(of: view, token: initToken, call: call, in: member)
    }

    /// Whether `name`, called from `member`, is a project class inheriting from SwiftUI's
    /// hosting controller or view, directly or through other project classes.
    private func isHostingSubclass(_ name: String, in member: CodeMember) -> Bool {
        guard index.mayNameType(simpleName: String(name.simpleTypeName)) else { return false }
        var type = index.type(named: name, from: member.type, file: fileIndex)
        for _ in 0..<8 {
            guard let info = type, info.isClass, let superclass = info.inherited.first else { return false }
            if hostingControllers.contains(String(superclass.simpleTypeName)) { return true }
            type = index.types[superclass]
        }
        return false
    }

    private func isStaticFactory(_ name: String, of view: TypeInfo) -> Bool {
        view.functions.contains { _, function in
            function.name == name && function.modifiers.contains("static")
                && function.returnType.map { $0.text == "Self" || $0.text == String(view.name.simpleTypeName) } == true
        }
    }

    /// `var x: Row {`, `struct A: Row {`: a type after a declaration's colon.
    private func isTypeAnnotation(before root: Int) -> Bool {
        guard file.kind(root - 1) == .colon else { return false }
        let declaring = root - 3
        return file.kind(declaring) == .keyword && declaringKeywords.contains(file.text(declaring))
    }

    private func isCapitalized(_ token: Int) -> Bool {
        let byte = file.source.bytes[Int(file.tokens[token].start)]
        return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    private mutating func makeConstruction(of view: String, token: Int, call: Call, in member: CodeMember) -> ViewConstruction {
        let frames = frames(around: token, in: member)
        let end = call.end
        var identity: [IdentityTie] = []
        if let id = idModifier(after: end), !isConstant(id) { identity.append(.idModifier(id)) }
        var context: ConstructionContext?
        var presentingArguments: Range<Int>?
        for frame in frames {
            switch frame {
            case .parenthesis(let callee, let label, _):
                let name = callee.map { file.text($0) }
                if context == nil, let name {
                    if hostingControllers.contains(name), label == nil || label == "rootView" {
                        context = .oneTime(.hostingRoot)
                    } else if label == "rootView", isHostingSubclass(name, in: member) {
                        context = .oneTime(.hostingSubclassRoot)
                    } else if name == "ImageRenderer", label == "content" {
                        context = .oneTime(.imageRenderer)
                    } else if name == "NavigationLink", label == "destination" {
                        context = .presentation
                    }
                }
            case .closure(let scope):
                guard case .closure(let calleeToken, let label) = scope.kind else {
                    // A statement's block runs with what encloses it; a branch of view-building
                    // code gives what it builds the branch's identity.
                    if context == nil, let tie = branchTie(block: scope.range, around: token, in: member) { identity.append(tie) }
                    continue
                }
                let callee = calleeToken.map { file.text($0) }
                if callee == "ForEach", let arguments = scope.callArguments {
                    identity.append(.forEach(id: file.argument("id", in: arguments).map { file.text($0) }))
                }
                if let callee, presentingModifiers.contains(callee), let arguments = scope.callArguments,
                    file.argument("item", in: arguments) != nil || file.argument("for", in: arguments) != nil
                {
                    identity.append(.presentedItem(callee))
                }
                guard context == nil else { continue }
                let role = ViewCode.role(of: scope, in: file, index: index)
                if let callee, sceneCallees.contains(callee) {
                    context = .oneTime(.sceneRoot)
                } else if callee == "UIHostingConfiguration" {
                    context = .oneTime(.hostingRoot)
                } else if let callee, presentingModifiers.contains(callee), role != .action {
                    context = .presentation
                    presentingArguments = scope.callArguments
                } else if callee == "NavigationLink", isDestination(scope, label: label) {
                    context = .presentation
                } else if role == .action {
                    context = .action
                } else if role == .unknown {
                    context = .other
                } else if calleeToken != nil, let id = idModifier(after: callEnd(of: scope)), !isConstant(id) {
                    identity.append(.idModifier(id))  // `VStack { Row() }.id(x)` renews the whole content
                }
            }
        }
        let inWidget = frames.contains { frame in
            guard case .closure(let scope) = frame, case .closure(let callee?, _) = scope.kind else { return false }
            return widgetConfigurations.contains(file.text(callee))
        }
        if inWidget { context = .oneTime(.widget) }
        if context == .action || context == .other {
            identity.removeAll { if case .branch = $0 { true } else { false } }  // a branch of code that builds no content
        }
        if member.base == .preview { context = .preview }
        if context == nil, member.base == .rendering, let tie = helperBranchTie(of: member) { identity.append(tie) }
        let arguments = constructionArguments(of: call, frames: frames, in: member)
        return ViewConstruction(
            view: view, file: fileIndex, token: token, call: call, enclosingType: member.type,
            enclosingMember: member.name, context: context ?? member.base, arguments: arguments, identity: identity,
            presentingArguments: presentingArguments)
    }

    /// `NavigationLink { Destination() } label: { … }`, `NavigationLink("Title") { Destination() }`:
    /// the first trailing closure is the destination unless `destination:` or `value:` is given.
    private func isDestination(_ scope: Scope, label: Int?) -> Bool {
        if let label { return file.at(label, "destination") }
        guard let arguments = scope.callArguments else { return true }
        return file.argument("destination", in: arguments) == nil && file.argument("value", in: arguments) == nil
    }

    // MARK: Branches

    /// For a site in a view-building helper of a view (`var rows: some View { … }`, `func
    /// rows() -> some View`), the branch the helper's uses share: where every use of it in
    /// the view's other rendering code (in this file) stands in a branch that pins the same
    /// values (`if isList { VStack { rows } } else { Grid { rows } }`), a change of them
    /// leaves the branch and renews what the helper builds. Nil when a use pins nothing, or
    /// the helper has no use in this file.
    private mutating func helperBranchTie(of helper: CodeMember) -> IdentityTie? {
        guard let type = helper.type, helper.name != "body", helper.name != "init" else { return nil }
        var common: Set<String>?
        var kind: IdentityTie.BranchKind?
        for member in allMembers() where member.type == type && member.base == .rendering && member.range != helper.range {
            for token in member.range where file.kind(token) == .identifier && file.spells(token, helper.name) {
                guard file.isOwnMemberReference(token), file.kind(token + 1) != .colon else { continue }
                var pinned: Set<String> = []
                for frame in frames(around: token, in: member) {
                    guard case .closure(let scope) = frame, !scope.isClosure,
                        case .branch(let branchKind, let values)? = branchTie(block: scope.range, around: token, in: member)
                    else { continue }
                    if kind == nil { kind = branchKind }
                    pinned.formUnion(values)
                }
                common = common.map { $0.intersection(pinned) } ?? pinned
                if common?.isEmpty == true { return nil }
            }
        }
        guard let common, !common.isEmpty, let kind else { return nil }
        return .branch(kind, pinned: common.sorted())
    }

    /// The identity a statement block gives what it builds: the `if`/`else` branch it is, or
    /// the `case` of a `switch` block that `site` is under. Nil for other blocks (`for`,
    /// `guard … else`, `do`).
    private func branchTie(block: Range<Int>, around site: Int, in member: CodeMember) -> IdentityTie? {
        guard let keyword = statementKeyword(before: block.lowerBound, in: member) else { return nil }
        let condition = keyword + 1..<block.lowerBound
        if file.at(keyword, "if") {
            return .branch(.ifBranch, pinned: pinnedValues(ifCondition: condition) + falseLoneBools(before: keyword, in: member))
        }
        if file.at(keyword, "else") { return .branch(.elseBranch, pinned: falseLoneBools(before: keyword + 1, in: member)) }
        if file.at(keyword, "switch") {
            guard let label = caseLabel(before: site, in: block) else { return nil }
            var pinned: [String] = []
            if let subject = chainText(condition), topLevelClauses(label).count == 1,
                !label.contains(where: { file.at($0, "let") || file.at($0, "var") || file.at($0, "where") || file.at($0, "default") })
            {
                pinned = [subject]
            }
            return .branch(.switchCase, pinned: pinned)
        }
        return nil
    }

    /// The Bool values the earlier branches of an `if`/`else if` chain fix to `false` for the
    /// branch whose `if` (or `else` block) starts at `branchStart`: each earlier `if` whose
    /// condition is a lone Bool (`if isLoading { … } else if let item { here }` pins
    /// `isLoading`). Empty when `branchStart` does not follow `} else`.
    private func falseLoneBools(before branchStart: Int, in member: CodeMember) -> [String] {
        var pinned: [String] = []
        var elseKeyword = branchStart - 1
        while file.at(elseKeyword, "else"), file.kind(elseKeyword - 1) == .rightBrace {
            let open = Int(file.partner[elseKeyword - 1])
            guard open > member.range.lowerBound, open < elseKeyword - 1, let previous = statementKeyword(before: open, in: member),
                file.at(previous, "if")
            else { break }
            let clauses = topLevelClauses(previous + 1..<open)
            if clauses.count == 1, let subject = boolSubject(clauses[0]) { pinned.append(subject) }
            elseKeyword = previous - 1
        }
        return pinned
    }

    /// The keyword that opens the statement whose block starts at `brace` (`if`, `else`,
    /// `switch`, `for`, `guard`, `while`, `do`), skipping its condition; nil when the brace
    /// does not follow one within the member.
    private func statementKeyword(before brace: Int, in member: CodeMember) -> Int? {
        var probe = brace - 1
        var steps = 0
        while probe > member.range.lowerBound, steps < 96 {
            switch file.kind(probe) {
            case .rightParen, .rightSquare:
                let open = Int(file.partner[probe])
                guard open > member.range.lowerBound, open < probe else { return nil }
                probe = open - 1
            case .leftBrace, .rightBrace, .leftParen, .leftSquare, .semicolon:
                return nil
            case .keyword:
                if statementKeywords.contains(file.text(probe)) { return probe }
                probe -= 1
            default:
                probe -= 1
            }
            steps += 1
        }
        return nil
    }

    /// The pattern of the `case` label `site` is under, directly inside a `switch` block.
    private func caseLabel(before site: Int, in block: Range<Int>) -> Range<Int>? {
        var probe = site - 1
        while probe > block.lowerBound {
            switch file.kind(probe) {
            case .rightParen, .rightSquare, .rightBrace:
                let open = Int(file.partner[probe])
                guard open > block.lowerBound, open < probe else { return nil }
                probe = open - 1
            default:
                if file.at(probe, "default") { return probe..<probe + 1 }
                if file.at(probe, "case") {
                    var colon = probe + 1
                    while colon < site, file.kind(colon) != .colon {
                        colon = file.kind(colon) == .leftParen || file.kind(colon) == .leftSquare ? file.skipGroup(colon) : colon + 1
                    }
                    return probe + 1..<colon
                }
                probe -= 1
            }
        }
        return nil
    }

    /// The values an `if` condition fixes: each clause that is a Bool value (`flag`,
    /// `!flag`) or compares a value with a constant (`mode == .edit`, `count == 0`).
    /// Binding clauses (`let x = y`, `case .a(let x) = y`) fix nothing.
    private func pinnedValues(ifCondition condition: Range<Int>) -> [String] {
        var pinned: [String] = []
        for clause in topLevelClauses(condition) {
            if let subject = boolSubject(clause) ?? equalitySubject(clause) { pinned.append(subject) }
        }
        return pinned
    }

    /// `flag`, `!flag`, `self.isOn`: the value itself.
    private func boolSubject(_ clause: Range<Int>) -> String? {
        var start = clause.lowerBound
        if file.kind(start) == .prefixOperator, file.at(start, "!") { start += 1 }
        return chainText(start..<clause.upperBound)
    }

    /// `mode == .edit`, `0 == count`, `state == State.idle`: the side that is not a constant.
    private func equalitySubject(_ clause: Range<Int>) -> String? {
        guard let equals = clause.first(where: { file.kind($0) == .binaryOperator && file.at($0, "==") }) else { return nil }
        let left = clause.lowerBound..<equals
        let right = equals + 1..<clause.upperBound
        if isConstant(right) { return chainText(left) }
        if isConstant(left) { return chainText(right) }
        return nil
    }

    /// A literal, `.member` (an enum case or static), or `Type.member`.
    private func isConstant(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        if range.allSatisfy(isLiteralToken) { return true }
        let first = range.lowerBound
        if file.kind(first) == .period, range.count == 2, file.isWord(first + 1) { return true }
        if let chain = file.memberChain(at: first, limit: range.upperBound), chain.end == range.upperBound, chain.names.count > 1 {
            return isCapitalized(first)
        }
        return false
    }

    /// The member chain `range` is exactly (`self.model.isOn` → `model.isOn`), nil otherwise.
    private func chainText(_ range: Range<Int>) -> String? {
        guard !range.isEmpty, let chain = file.memberChain(at: range.lowerBound, limit: range.upperBound),
            chain.end == range.upperBound, file.kind(chain.root) != .keyword || file.at(chain.root, "self")
        else { return nil }
        var names = chain.names
        if file.at(names[0], "self") { names.removeFirst() }
        guard !names.isEmpty else { return nil }
        return names.map { file.text($0) }.joined(separator: ".")
    }

    /// The comma-separated clauses of a condition list (commas inside groups do not split).
    private func topLevelClauses(_ range: Range<Int>) -> [Range<Int>] {
        var clauses: [Range<Int>] = []
        var start = range.lowerBound
        var probe = range.lowerBound
        while probe < range.upperBound {
            switch file.kind(probe) {
            case .leftParen, .leftSquare, .leftBrace:
                probe = file.skipGroup(probe)
            case .comma:
                clauses.append(start..<probe)
                probe += 1
                start = probe
            default:
                probe += 1
            }
        }
        if start < range.upperBound { clauses.append(start..<range.upperBound) }
        return clauses
    }

    /// The end of the call a closure scope belongs to: after its last trailing closure.
    private func callEnd(of scope: Scope) -> Int {
        var end = scope.range.upperBound
        while file.isWord(end), file.kind(end + 1) == .colon, file.kind(end + 2) == .leftBrace { end = file.skipGroup(end + 2) }
        return end
    }

    /// The value of a `.id(x)` among the modifiers chained after `end`.
    private func idModifier(after end: Int) -> Range<Int>? {
        var position = end
        var steps = 0
        while steps < 24, file.kind(position) == .period, file.kind(position + 1) == .identifier {
            let name = position + 1
            guard let call = file.call(at: name, limit: file.tokens.count) else { return nil }
            if file.at(name, "id"), let arguments = call.arguments, arguments.count > 2, call.trailingClosures.isEmpty {
                return arguments.lowerBound + 1..<arguments.upperBound - 1
            }
            position = call.end
            steps += 1
        }
        return nil
    }

    // MARK: Frames

    /// The parentheses and braces around `token` within the member, innermost first.
    private mutating func frames(around token: Int, in member: CodeMember) -> [Frame] {
        var frames: [Frame] = []
        var probe = token - 1
        let start = member.range.lowerBound
        while probe > start {
            switch file.kind(probe) {
            case .rightParen, .rightSquare, .rightBrace:
                let open = Int(file.partner[probe])
                probe = open >= start && open < probe ? open - 1 : probe - 1
            case .leftParen:
                let arguments = file.groupRange(probe, limit: member.range.upperBound)
                let label = file.argumentList(arguments).first { $0.value.contains(token) || $0.value.upperBound == token }?
                    .label.map { file.text($0) }
                let callee = !file.tokens[probe].flags.contains(.leadingSpace) && file.isWord(probe - 1) ? probe - 1 : nil
                frames.append(.parenthesis(callee: callee, label: label, arguments: arguments))
                probe -= 1
            case .leftBrace:
                if let scope = scope(openingAt: probe, in: member) { frames.append(.closure(scope)) }
                probe -= 1
            default:
                probe -= 1
            }
        }
        return frames
    }

    private mutating func scope(openingAt brace: Int, in member: CodeMember) -> Scope? {
        let key = member.range.lowerBound
        if scopesByMember[key] == nil { scopesByMember[key] = index.scopes(in: member.range, of: file) }
        let scopes = scopesByMember[key]!.scopes
        // Sorted by start.
        var low = 0
        var high = scopes.count
        while low < high {
            let middle = (low + high) / 2
            if scopes[middle].range.lowerBound < brace { low = middle + 1 } else { high = middle }
        }
        return low < scopes.count && scopes[low].range.lowerBound == brace ? scopes[low] : nil
    }

    // MARK: Arguments

    private mutating func constructionArguments(of call: Call, frames: [Frame], in member: CodeMember) -> [ConstructionArgument] {
        var result: [ConstructionArgument] = []
        if let arguments = call.arguments {
            for argument in file.argumentList(arguments) where !argument.value.isEmpty {
                var constructed = ConstructionArgument(
                    label: argument.label.map { file.text($0) }, value: argument.value,
                    origin: origin(of: argument.value, at: call.name, frames: frames, in: member, depth: 0))
                if case .constructor = constructed.origin, let (_, constructor) = file.constructorCall(in: argument.value),
                    let inner = constructor.arguments
                {
                    constructed.constructorArguments = file.argumentList(inner).filter { !$0.value.isEmpty }.map {
                        origin(of: $0.value, at: call.name, frames: frames, in: member, depth: 1)
                    }
                }
                result.append(constructed)
            }
        }
        for closure in call.trailingClosures {
            result.append(ConstructionArgument(label: closure.label.map { file.text($0) }, value: closure.body, origin: .closure))
        }
        return result
    }

    /// Where the value of `expression`, used at `site`, comes from.
    private mutating func origin(
        of expression: Range<Int>, at site: Int, frames: [Frame], in member: CodeMember, depth: Int
    ) -> ArgumentOrigin {
        guard depth < 4, !expression.isEmpty else { return .unknown }
        let first = expression.lowerBound
        if expression.allSatisfy(isLiteralToken) { return .literal }
        if file.kind(first) == .leftBrace, file.skipGroup(first) == expression.upperBound { return .closure }
        if file.kind(first) == .leftSquare, file.skipGroup(first) == expression.upperBound,
            (first + 1..<expression.upperBound - 1).allSatisfy({ isLiteralToken($0) || file.kind($0) == .comma || file.kind($0) == .colon })
        {
            return .literal
        }
        // `Model(…)`, `Model.init(…)`, `.init(…)` (whose type is the parameter's); `make(…)` is a call.
        if let (written, _) = file.constructorCall(in: expression), written == nil || isCapitalized(first) {
            if let constructed = index.constructedType(in: expression, file: file, scope: member.type) {
                return .constructor(type: constructed.name)
            }
            return .constructor(type: written ?? ".init")
        }
        // `.shared`, `.default`, `.primary`: an implicit static member or enum case.
        if file.kind(first) == .period, file.isWord(first + 1), !file.at(first + 1, "init") { return .staticMember }
        if let chain = file.memberChain(at: first, limit: expression.upperBound) {
            var end = chain.end
            if file.kind(end) == .exclamationMark || file.kind(end) == .postfixQuestionMark { end += 1 }
            if end == expression.upperBound { return origin(of: chain, at: site, frames: frames, in: member, depth: depth) }
        }
        // A compound expression: where each name in it comes from.
        var parts: [ArgumentOrigin] = []
        var token = first
        while token < expression.upperBound {
            if file.kind(token) == .leftBrace {
                token = file.skipGroup(token)
                continue
            }
            if file.kind(token + 1) != .colon, let chain = file.memberChain(at: token, limit: expression.upperBound) {
                let part = origin(of: chain, at: site, frames: frames, in: member, depth: depth)
                if !parts.contains(part) { parts.append(part) }
                token = chain.end
                continue
            }
            token += 1
        }
        if parts.isEmpty { return .literal }
        return parts.count == 1 ? parts[0] : .derived(parts)
    }

    private mutating func origin(of chain: MemberChain, at site: Int, frames: [Frame], in member: CodeMember, depth: Int) -> ArgumentOrigin {
        var names = chain.names
        if file.at(names[0], "self"), names.count > 1 {
            names.removeFirst()
        } else if file.kind(names[0]) == .keyword {
            return file.at(names[0], "true") || file.at(names[0], "false") || file.at(names[0], "nil") ? .literal : .unknown
        }
        let rootText = file.text(names[0])
        let path = names.dropFirst().map { file.text($0) }
        let isThroughSelf = names[0] != chain.names[0]
        if !isThroughSelf {
            if let found = closureParameter(named: rootText, at: site, path: path, frames: frames, in: member, depth: depth) {
                return found
            }
            switch conditionBinding(of: rootText, before: site, in: member) {
            case .value(let value)?:
                // `if let item = selection { Row(item: item) }`: the unwrapped value itself.
                return origin(of: value, at: value.lowerBound, frames: frames, in: member, depth: depth + 1).appending(path)
            case .sameName?:
                break  // `if let selection { … }`: the outer `selection`
            case nil:
                if isLocal(rootText, before: site, in: member) { return .local(name: rootText, path: path) }
            }
            if let parameter = member.parameters.first(where: { $0.name == rootText }) {
                // `func row(for item: Item) -> some View` called by the view's rendering code:
                // what its callers pass.
                if let passed = helperArgument(for: parameter, of: member, depth: depth) { return passed.appending(path) }
                return .parameter(name: rootText, path: path)
            }
        }
        let isBinding = file.kind(names[0]) == .dollarIdentifier
        let propertyName = isBinding ? String(rootText.dropFirst()) : rootText
        if let type = member.type, let info = index.types[type] {
            for owner in index.typeAndAncestors(of: info) {
                guard let (_, property) = owner.property(named: propertyName) else { continue }
                let reference = PropertyReference(
                    name: propertyName, wrapper: wrapper(of: property), isLet: property.isLet, isComputed: property.isComputed)
                return isBinding ? .binding(reference, path: path) : .property(reference, path: path)
            }
        }
        if !isThroughSelf, isCapitalized(names[0]), names.count > 1 { return .staticMember }
        return .unknown
    }

    /// Where the value a view-building helper method of the view (`rowView(for: item)`, not
    /// `body` or an initializer) takes as `parameter` comes from: the first of its calls in
    /// the view's rendering code (in this file) whose argument's origin is known.
    private mutating func helperArgument(for parameter: Parameter, of helper: CodeMember, depth: Int) -> ArgumentOrigin? {
        guard depth < 3, let type = helper.type, helper.base == .rendering, helper.name != "body", helper.name != "init" else { return nil }
        let position = helper.parameters.firstIndex { $0.name == parameter.name }
        for caller in allMembers() where caller.type == type && caller.base == .rendering && caller.range != helper.range {
            for token in caller.range where file.kind(token) == .identifier && file.spells(token, helper.name) {
                guard file.isOwnMemberReference(token), file.kind(token + 1) == .leftParen else { continue }
                let arguments = file.argumentList(token + 1..<file.skipGroup(token + 1))
                let value: Range<Int>?
                if let label = parameter.label {
                    value = arguments.first { $0.label.map { file.spells($0, label) } ?? false }?.value
                } else {
                    // Unlabeled: the same position, when every parameter before it is passed.
                    value = position.flatMap { $0 < arguments.count && arguments[$0].label == nil ? arguments[$0].value : nil }
                }
                guard let value, !value.isEmpty else { continue }
                let origin = origin(of: value, at: value.lowerBound, frames: frames(around: value.lowerBound, in: caller), in: caller, depth: depth + 1)
                if origin != .unknown { return origin }
            }
        }
        return nil
    }

    private func wrapper(of property: Property) -> String? {
        property.attributes.first { $0.simpleName.startsWithUppercase && $0.simpleName != "MainActor" }.map { String($0.simpleName) }
    }

    /// A parameter of a closure around the site: a `ForEach` element (with where the
    /// elements come from), or another closure's parameter.
    private mutating func closureParameter(
        named name: String, at site: Int, path: [String], frames: [Frame], in member: CodeMember, depth: Int
    ) -> ArgumentOrigin? {
        for (position, frame) in frames.enumerated() {
            guard case .closure(let scope) = frame, case .closure(let calleeToken, _) = scope.kind,
                closureParameterNames(of: scope).contains(name)
            else { continue }
            let callee = calleeToken.map { file.text($0) }
            if callee == "ForEach" || callee == "List", let arguments = scope.callArguments {
                let collection = file.argumentList(arguments).first?.value
                let outer = Array(frames[(position + 1)...])
                return .element(
                    name: name, path: path,
                    collection: collection.map { origin(of: $0, at: $0.lowerBound, frames: outer, in: member, depth: depth + 1) })
            }
            return .closureParameter(name: name, path: path, callee: callee)
        }
        // `for item in items` in view-building code.
        if let loop = loopDeclaration(of: name, before: site, in: member) {
            let outer = frames.filter { if case .closure(let scope) = $0 { return scope.range.lowerBound < loop.in } else { return true } }
            return .element(
                name: name, path: path,
                collection: loop.collection.map { origin(of: $0, at: $0.lowerBound, frames: outer, in: member, depth: depth + 1) })
        }
        return nil
    }

    /// `{ item in`, `{ (a, b) in`, `{ [weak self] item in`; `$0`, `$1` for a closure without any.
    private func closureParameterNames(of scope: Scope) -> [String] {
        let implicit = ["$0", "$1", "$2"]
        var token = scope.range.lowerBound + 1
        if file.kind(token) == .leftSquare { token = file.skipGroup(token) }
        var names: [String] = []
        if file.kind(token) == .leftParen {
            // `(a: T, b) in`, `(a, b) -> T in`
            let close = max(file.skipGroup(token), token + 2)  // an unclosed `(` in broken code
            for probe in token + 1..<close - 1 where file.isWord(probe) || file.kind(probe) == .dollarIdentifier {
                if file.kind(probe - 1) == .leftParen || file.kind(probe - 1) == .comma { names.append(file.text(probe)) }
            }
            var after = close
            while after < scope.range.upperBound, after < close + 16, !file.at(after, "in") { after += 1 }
            return file.at(after, "in") ? names : implicit
        }
        var probe = token
        while probe + 1 < scope.range.upperBound, file.kind(probe) == .identifier || file.kind(probe) == .dollarIdentifier {
            names.append(file.text(probe))
            if file.at(probe + 1, "in") { return names }
            guard file.kind(probe + 1) == .comma else { return implicit }
            probe += 2
        }
        return implicit
    }

    /// `for name in collection` before `site` in the member, with the collection's tokens.
    private mutating func loopDeclaration(of name: String, before site: Int, in member: CodeMember) -> (in: Int, collection: Range<Int>?)? {
        for (local, token) in locals(of: member) where local == name && token < site && file.at(token - 1, "for") {
            guard file.at(token + 1, "in") else { return (token, nil) }
            var end = token + 2
            while end < member.range.upperBound, file.kind(end) != .leftBrace, !file.at(end, "where") {
                end = file.kind(end) == .leftParen || file.kind(end) == .leftSquare ? file.skipGroup(end) : end + 1
            }
            return (token + 1, token + 2..<end)
        }
        return nil
    }

    mutating func origin(of expression: Range<Int>) -> ArgumentOrigin {
        guard let member = member(containing: expression.lowerBound) else { return .unknown }
        return origin(of: expression, at: expression.lowerBound, frames: frames(around: expression.lowerBound, in: member), in: member, depth: 0)
    }

    /// The value of `let name = value` (or `let name: T = value`), the last declaration of
    /// `name` before `site` in its member.
    mutating func localInitialValue(of name: String, before site: Int) -> ConstructionArgument? {
        guard let member = member(containing: site),
            let declared = locals(of: member).last(where: { $0.name == name && $0.token < site })?.token,
            file.at(declared - 1, "let") || file.at(declared - 1, "var")
        else { return nil }
        var equals = declared + 1
        if file.kind(equals) == .colon {
            equals += 2  // past the colon and the type's first token
            while equals < site, !file.at(equals, "="), !file.tokens[equals].isAtStartOfLine {
                equals = file.kind(equals) == .leftParen || file.kind(equals) == .leftSquare || file.kind(equals) == .leftAngle
                    ? file.skipGroup(equals) : equals + 1
            }
        }
        guard file.at(equals, "=") else { return nil }
        let end = file.expressionEnd(from: equals + 1, end: member.range.upperBound, stopAtComma: true)
        guard end > equals + 1, end <= site else { return nil }
        let value = equals + 1..<end
        let frames = frames(around: value.lowerBound, in: member)
        var initial = ConstructionArgument(
            label: nil, value: value, origin: origin(of: value, at: value.lowerBound, frames: frames, in: member, depth: 1))
        if case .constructor = initial.origin, let inner = file.constructorCall(in: value)?.call.arguments {
            initial.constructorArguments = file.argumentList(inner).filter { !$0.value.isEmpty }.map {
                origin(of: $0.value, at: value.lowerBound, frames: frames, in: member, depth: 2)
            }
        }
        return initial
    }

    private enum ConditionBinding {
        /// `if let name = value`, `guard let name = value`, `, let name = value`.
        case value(Range<Int>)
        /// `if let name`: the same name, unwrapped.
        case sameName
    }

    /// The optional binding of a condition that last declares `name` before `site`, if
    /// that is how it was declared.
    private mutating func conditionBinding(of name: String, before site: Int, in member: CodeMember) -> ConditionBinding? {
        guard let declared = locals(of: member).last(where: { $0.name == name && $0.token < site })?.token else { return nil }
        let introducer = declared - 1
        guard file.at(introducer, "let") || file.at(introducer, "var") else { return nil }
        let opener = introducer - 1
        guard file.at(opener, "if") || file.at(opener, "guard") || file.at(opener, "while") || file.kind(opener) == .comma else { return nil }
        guard file.at(declared + 1, "=") else {
            let next = declared + 1
            return file.kind(next) == .leftBrace || file.kind(next) == .comma || file.at(next, "else") ? .sameName : nil
        }
        var end = declared + 2
        while end < site, file.kind(end) != .leftBrace, file.kind(end) != .comma, !file.at(end, "else") {
            end = file.kind(end) == .leftParen || file.kind(end) == .leftSquare ? file.skipGroup(end) : end + 1
        }
        return end > declared + 2 ? .value(declared + 2..<end) : nil
    }

    private mutating func isLocal(_ name: String, before site: Int, in member: CodeMember) -> Bool {
        locals(of: member).contains { $0.name == name && $0.token < site }
    }

    /// The `let`/`var`/`for`/`case let` names the member declares, in order.
    private mutating func locals(of member: CodeMember) -> [(name: String, token: Int)] {
        let key = member.range.lowerBound
        if let known = localsByMember[key] { return known }
        var found: [(name: String, token: Int)] = []
        for token in member.range where file.kind(token) == .keyword {
            guard file.at(token, "let") || file.at(token, "var") || file.at(token, "for") else { continue }
            var name = token + 1
            if file.at(name, "case") || file.at(name, "let") || file.at(name, "var") { name += 1 }
            if file.kind(name) == .identifier { found.append((file.text(name), name)) }
        }
        localsByMember[key] = found
        return found
    }

    private func isLiteralToken(_ token: Int) -> Bool {
        switch file.kind(token) {
        case .integerLiteral, .floatLiteral, .stringQuote, .multilineStringQuote, .stringSegment, .rawStringDelimiter: return true
        case .prefixOperator: return file.at(token, "-")
        case .keyword: return file.at(token, "true") || file.at(token, "false") || file.at(token, "nil")
        default: return false
        }
    }

    // MARK: Members

    private mutating func member(containing token: Int) -> CodeMember? {
        var best: CodeMember?
        for member in allMembers() where member.range.contains(token) {
            if best.map({ member.range.count < $0.range.count }) ?? true { best = member }
        }
        return best
    }

    private func allMembers() -> [CodeMember] {
        findings.membersByFile.value(for: fileIndex, findMembers)
    }

    private func findMembers() -> [CodeMember] {
        var found: [CodeMember] = []
        let isTestCode = index.neverRunsInApp(file: fileIndex)
        for function in file.functions {
            guard let body = function.body else { continue }
            found.append(
                CodeMember(
                    range: body, type: nil, name: function.name, base: isTestCode ? .preview : .other,
                    parameters: function.parameters, contextualView: contextualView(function.returnType, scope: nil)))
        }
        for property in file.properties {
            for range in [property.initializer].compactMap({ $0 }) + property.accessors.compactMap(\.body) {
                found.append(
                    CodeMember(
                        range: range, type: nil, name: property.name, base: isTestCode ? .preview : .other, parameters: [],
                        contextualView: contextualView(property.type, scope: nil)))
            }
        }
        for preview in file.previews {
            found.append(CodeMember(range: preview.body, type: nil, name: "#Preview", base: .preview, parameters: [], contextualView: nil))
        }
        visit(file.types, enclosing: nil, inPreview: isTestCode, into: &found)
        return found
    }

    private func visit(_ decls: [TypeDecl], enclosing: String?, inPreview: Bool, into found: inout [CodeMember]) {
        for decl in decls {
            let name = index.typeKey(of: decl, file: fileIndex, enclosing: enclosing)
            let info = index.types[name]
            let isPreview = inPreview || info?.traits.contains(.previewProvider) == true
            let traits = info?.traits ?? []
            // `extension View { func card() -> some View { modifier(Card()) } }` runs in the caller's body.
            let extendsView = decl.extendsView
            let isRendering = extendsView || info?.kind == .struct && !traits.isDisjoint(with: [.view, .viewModifier, .app, .scene])
            let isSceneCode = !traits.isDisjoint(with: [.app, .scene])
            let renderingBodies = isRendering && info != nil
                ? Set(ViewCode.renderingBodies(of: info!, index: index).filter { $0.file == fileIndex }.map(\.range.lowerBound)) : []
            let isWidgetContent = isRendering && !isSceneCode && info.map(holdsTimelineEntry) == true
            func base(_ range: Range<Int>, isInitializer: Bool) -> ConstructionContext {
                if isPreview { return .preview }
                if isWidgetContent, renderingBodies.contains(range.lowerBound) || isInitializer { return .oneTime(.widget) }
                if isRendering, renderingBodies.contains(range.lowerBound) { return isSceneCode ? .oneTime(.sceneRoot) : .rendering }
                if isRendering, isInitializer { return isSceneCode ? .oneTime(.sceneRoot) : .rendering }
                if isInitializer, info?.kind == .class || info?.kind == .actor { return .oneTime(.initializer) }
                return .other
            }
            for function in decl.functions {
                guard let body = function.body else { continue }
                let isInitializer = function.kind == .initializer
                let returnedView = contextualView(function.returnType, scope: name)
                // A helper that returns a project view builds it for the body that calls it.
                let buildsView = returnedView != nil || extendsView && function.returnType?.text.hasPrefix("some View") == true
                let isViewHelper = isRendering && !isSceneCode && !isPreview && buildsView && !function.modifiers.contains("static")
                let context = isViewHelper ? .rendering : base(body, isInitializer: isInitializer)
                found.append(
                    CodeMember(
                        range: body, type: name, name: isInitializer ? "init" : function.name,
                        base: context, parameters: function.parameters, contextualView: returnedView))
            }
            // A `PreviewProvider`'s `static var previews` builds its views (in previews).
            for property in decl.properties where !property.modifiers.contains("static") || isPreview {
                if let initializer = property.initializer {
                    found.append(
                        CodeMember(
                            range: initializer, type: name, name: property.name, base: base(initializer, isInitializer: true),
                            parameters: [], contextualView: contextualView(property.type, scope: name)))
                }
                for accessor in property.accessors {
                    guard let body = accessor.body else { continue }
                    found.append(
                        CodeMember(
                            range: body, type: name, name: property.name, base: base(body, isInitializer: false), parameters: [],
                            contextualView: contextualView(property.type, scope: name)))
                }
            }
            visit(decl.nestedTypes, enclosing: index.enclosingKey(of: decl, key: name), inPreview: isPreview, into: &found)
        }
    }

    /// Whether the view stores a WidgetKit `TimelineEntry` (`let entry: Provider.Entry`, a
    /// project type conforming to it): it renders one entry, as a widget snapshot.
    private func holdsTimelineEntry(_ view: TypeInfo) -> Bool {
        view.properties.contains { fileIndex, property in
            // `let entry: Entry`, not `@State var entries: [Entry]` of an app's own `Entry` type.
            guard property.isStored, !property.attributes.contains(where: { $0.simpleName.startsWithUppercase }),
                let written = property.type.map({ TypeShape($0.text) })?.directName
            else { return false }
            if written == "Entry" || written.hasSuffix(".Entry") { return true }
            guard let entry = index.type(named: written, from: view.name, file: fileIndex) else { return false }
            return entry.inherited.contains { $0 == "TimelineEntry" || $0 == "WidgetKit.TimelineEntry" }
        }
    }

    /// The project view a declared type names (`-> Row`, `var row: Row`), if any.
    private func contextualView(_ type: TypeRef?, scope: String?) -> String? {
        guard let type, case .named(let name, _) = TypeShape(type.text),
            let info = index.type(named: name, from: scope, file: fileIndex), ViewGraphCollector.isConstructibleView(info)
        else { return nil }
        return info.name
    }
}

// MARK: - Identity (SPEC §10.4)

extension ProjectIndex {
    /// The tie that gives the view built at `site` a new identity — fresh state — whenever
    /// the value of `argument` changes, if any:
    /// - `.id(x)`, whatever `x` names: the analysis cannot tell that `x` stays the same while
    ///   the value changes (a parent keeps an id in step with the value in `.onChange(of:)`),
    ///   so it cannot establish that the view is never renewed;
    /// - a branch whose condition pins the value passed (`if isEditing { Editor(isEditing:
    ///   isEditing) }`, `case .edit:` of `switch mode` passing `mode`); an `if let` branch does
    ///   not: a change from one value to another stays in it;
    /// - a `ForEach` element whose id changes with the value passed: the element itself or
    ///   its `hashValue` is the id (`id: \.self`, `id: \.hashValue`), the value passed is the
    ///   id (`item.id`), or each element gets a new `UUID()` when it is built (`let id =
    ///   UUID()`, `var id: UUID { UUID() }`) and the field passed is not changed in place;
    /// - the item a presentation was made for (`.sheet(item:) { item in … }`).
    public func renewingTie(for argument: ConstructionArgument, at site: ViewConstruction) -> IdentityTie? {
        let file = files[site.file]
        let written = writtenChain(argument.value, in: file)
        for tie in site.identity {
            switch tie {
            case .idModifier:
                return tie
            case .branch(_, let pinned):
                if let written, pinned.contains(where: { written == $0 || written.hasPrefix($0 + ".") }) { return tie }
            case .forEach:
                if let tie = forEachTie(renewedBy: argument.origin, at: site) { return tie }
            case .presentedItem(let callee):
                if case .closureParameter(_, _, let parameterOf) = argument.origin, parameterOf == callee { return tie }
            }
        }
        return nil
    }

    /// The `ForEach` tie of `site` whose id changes whenever the value from `origin` (an
    /// element, or a field of it) does: the row of another value is another row, with fresh
    /// state. Also asked about each part of a value built from several
    /// (`events[index]` in `ForEach(range, id: \.self) { index in … }`: `index` is the row's id).
    public func forEachTie(renewedBy origin: ArgumentOrigin, at site: ViewConstruction) -> IdentityTie? {
        guard case .element(_, let path, let collection) = origin else { return nil }
        for tie in site.identity {
            if case .forEach(let id) = tie, elementIdentityFollows(path, id: id, collection: collection, at: site) { return tie }
        }
        return nil
    }

    /// The view whose code holds `location`, when every instance of it is renewed — with
    /// all it builds, and the state of each — whenever that code runs: code in an
    /// `.onChange(of: value)` action (not `initial: true`) runs only when `value` changes
    /// (SwiftUI compares it each time the body runs), and `value` is the view's `@Binding`
    /// or plain input that every site building the view hands down (`$selection`, or as it
    /// is) from a value an `.id(…)` on the way follows, or a branch pins, at that site or
    /// further up (`Screen(selection: $selection).id(selection)`): `.id` ties the identity of
    /// the view it modifies, and so of its whole subtree, to the value. Nil otherwise.
    public func renewedViewRunning(_ location: TokenLocation) -> String? {
        guard let body = isolationFacts.enclosingBody(of: location, index: self), let writer = body.owner, writer.isView
        else { return nil }
        let file = files[location.file]
        guard let handler = scopes(in: body.range, of: file).enclosing(location.token).first(where: { scope in
            guard case .closure(let callee, _) = scope.kind else { return false }
            return callee.map { !["withAnimation", "withTransaction"].contains(file.text($0)) } ?? true
        }), case .closure(let callee?, _) = handler.kind, file.at(callee, "onChange"), let arguments = handler.callArguments,
            file.argument("initial", in: arguments).map({ $0.count == 1 && file.at($0.lowerBound, "false") }) ?? true,
            let value = file.argument("of", in: arguments).flatMap({ writtenChain($0, in: file) }), !value.contains(".")
        else { return nil }
        return isRenewed(writer.name, whenChanging: value, depth: 0) ? writer.name : nil
    }

    /// Whether each site that builds `view` renews it when its input `name` changes.
    private func isRenewed(_ view: String, whenChanging name: String, depth: Int) -> Bool {
        guard depth < 4, let type = types[view], let (_, property) = type.property(named: name), property.isStored else { return false }
        let isBinding = property.attributes.contains { $0.simpleName == "Binding" }
        guard isBinding || property.attributes.isEmpty else { return false }
        let sites = viewGraph.constructions(of: view).filter { $0.context != .preview }
        return !sites.isEmpty && sites.allSatisfy { site in
            guard site.context == .rendering || site.context == .presentation, let argument = site.argument(labeled: name) else { return false }
            let file = files[site.file]
            // A binding hands down the caller's storage; a plain input, its current value.
            guard (file.kind(argument.value.lowerBound) == .dollarIdentifier) == isBinding,
                let source = writtenChain(argument.value, in: file)
            else { return false }
            for tie in site.identity {
                switch tie {
                case .idModifier(let id): if writtenChain(id, in: file) == source { return true }
                case .branch(_, let pinned): if pinned.contains(source) { return true }
                case .forEach, .presentedItem: continue
                }
            }
            guard !source.contains("."), let caller = site.enclosingType else { return false }
            return isRenewed(caller, whenChanging: source, depth: depth + 1)
        }
    }

    /// `model.title` for `self.model.title` or `model.title!`; nil for other expressions.
    private func writtenChain(_ value: Range<Int>, in file: ParsedFile) -> String? {
        guard let chain = file.memberChain(at: value.lowerBound, limit: value.upperBound) else { return nil }
        var end = chain.end
        if file.kind(end) == .exclamationMark || file.kind(end) == .postfixQuestionMark { end += 1 }
        guard end == value.upperBound else { return nil }
        var names = chain.names
        if file.at(names[0], "self"), names.count > 1 { names.removeFirst() }
        let written = names.map { file.text($0) }.joined(separator: ".")
        // `$isList` hands out the state `isList`.
        return written.hasPrefix("$") ? String(written.dropFirst()) : written
    }

    /// Whether the `ForEach` id changes whenever the element's `path` does.
    private func elementIdentityFollows(_ path: [String], id: String?, collection: ArgumentOrigin?, at site: ViewConstruction) -> Bool {
        let keyPath = id.map { $0.hasPrefix("\\.") ? String($0.dropFirst(2)) : $0 }.map { $0.split(separator: ".").map(String.init) }
        if let keyPath {
            if keyPath == ["self"] || keyPath == ["hashValue"] || keyPath == ["self", "hashValue"] { return true }
            if path == keyPath { return true }
            guard keyPath == ["id"] else { return false }
        } else if path == ["id"] {
            return true
        } else if path.isEmpty, let element = elementType(of: collection, at: site), isIdentifiedByObjectIdentity(element) {
            return true
        }
        // `Identifiable` (or `id: \.id`): a per-element `UUID()`.
        guard let field = path.first, let element = elementType(of: collection, at: site) else { return false }
        switch uuidIdentity(of: element) {
        case .renewedOnRead: return true
        case .renewedOnBuild:
            // A new element gets a new id; only an in-place change keeps it.
            guard let (_, stored) = element.property(named: field) else { return false }
            if stored.isLet { return true }
            return !memberUpdateCandidates(named: field).contains { isMemberWrite(at: $0) }
        case nil: return false
        }
    }

    /// A class that is `Identifiable` without an `id` of its own, nor one from its project
    /// superclasses or from a project protocol (or extension of one) it adopts: its `id` is
    /// `ObjectIdentifier(self)`, so an element passed as it is is the same object for as
    /// long as its view keeps its identity.
    private func isIdentifiedByObjectIdentity(_ element: TypeInfo) -> Bool {
        guard isReferenceType(element) else { return false }
        var pending = [element.name]
        var seen: Set<String> = [element.name]
        while let name = pending.popLast() {
            guard let type = types[name] else { continue }
            if type.property(named: "id") != nil { return false }
            for inherited in type.inherited where seen.insert(inherited).inserted { pending.append(inherited) }
        }
        return true
    }

    private enum UUIDIdentity {
        /// `var id: UUID { UUID() }`: a new id on every read.
        case renewedOnRead
        /// `let id = UUID()` (or `var`): a new id for every element built.
        case renewedOnBuild
    }

    private func uuidIdentity(of element: TypeInfo) -> UUIDIdentity? {
        guard let (fileIndex, property) = element.property(named: "id") else { return nil }
        let file = files[fileIndex]
        func isUUIDCall(_ range: Range<Int>) -> Bool {
            let tokens = range.filter { file.kind($0) != .leftBrace && file.kind($0) != .rightBrace && !file.at($0, "return") }
            return tokens.count == 3 && (file.at(tokens[0], "UUID") || file.at(tokens[0], "Foundation"))
                && file.kind(tokens[1]) == .leftParen && file.kind(tokens[2]) == .rightParen
        }
        if property.isComputed {
            return property.accessors.compactMap(\.body).contains(where: isUUIDCall) ? .renewedOnRead : nil
        }
        return property.initializer.map(isUUIDCall) == true ? .renewedOnBuild : nil
    }

    /// The element type of a collection the caller holds (`@State var todos: [Todo]`,
    /// `model.todos` of a project class), when declared.
    private func elementType(of collection: ArgumentOrigin?, at site: ViewConstruction) -> TypeInfo? {
        guard case .property(let reference, let path) = collection, path.count <= 1,
            let callerName = site.enclosingType, let caller = types[callerName],
            let (fileIndex, property) = caller.property(named: reference.name),
            var shape = declaredShape(of: property, in: files[fileIndex], scope: callerName)
        else { return nil }
        var scope = callerName
        var scopeFile = fileIndex
        if let field = path.first {
            guard let held = shape.directName, let model = type(named: held, from: callerName, file: fileIndex),
                let (modelFile, stored) = model.property(named: field),
                let fieldShape = declaredShape(of: stored, in: files[modelFile], scope: model.name)
            else { return nil }
            shape = fieldShape
            scope = model.name
            scopeFile = modelFile
        }
        if case .optional(let wrapped) = shape { shape = wrapped }
        guard case .array(let element) = shape, let name = element.directName else { return nil }
        return type(named: name, from: scope, file: scopeFile)
    }
}
