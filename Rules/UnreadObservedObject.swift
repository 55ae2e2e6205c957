import ObservationLintCore
import ObservationSyntax

public struct UnreadObservedObject: Rule {
    public static let description = RuleDescription(
        id: "unread_observed_object",
        name: "Observed object never read",
        category: .viewUpdates,
        group: .performance,
        summary: "A view observes an ObservableObject its rendering code never uses.",
        rationale: """
            `@ObservedObject`, `@StateObject` and `@EnvironmentObject` subscribe the view to the \
            object's `objectWillChange`: every change of any `@Published` property of the object \
            re-evaluates the view's `body`. When the view's rendering code (its `body`, computed \
            properties and view-building helpers) uses nothing of the object — it only calls it \
            from button actions, `.task` or `.onAppear` — each of those re-renders is for nothing, \
            and with a busy object (a timer, a download's progress) they add up.
            """,
        fix: """
            Hold the object without observing it: a plain `let` for an object passed in, \
            `@State private var` to keep an owned object alive. For an environment object, pass \
            the object (or just the action) in from a parent instead.
            """,
        triggeringExamples: [
            // `selection:` is `List`'s label, not the property.
            """
            final class SelectionModel: ObservableObject { @Published var id = 0 }
            struct Sidebar: View {
                @StateObject private var ↓selection = SelectionModel()
                @State private var current: Int?
                var body: some View { List(selection: $current) { Text("Inbox").tag(0) } }
            }
            """,
            """
            final class Document: ObservableObject {
                @Published var text = ""
                func save() {}
            }
            struct SaveButton: View {
                @ObservedObject var ↓document: Document
                var body: some View {
                    Button("Save") { document.save() }
                }
            }
            """,
            """
            struct RefreshingList: View {
                @EnvironmentObject private var ↓store: Catalog
                let items: [String]
                var body: some View {
                    List(items, id: \\.self) { Text($0) }
                        .refreshable { await store.reload() }
                        .task { await store.reload() }
                }
            }
            """,
            """
            struct Screen: View {
                @StateObject private var ↓tracker = AnalyticsTracker()
                var body: some View {
                    Text("Welcome")
                        .onAppear { tracker.log("welcome") }
                }
            }
            """,
            """
            struct Toolbar: View {
                @ObservedObject var ↓player: Player
                var body: some View {
                    HStack {
                        Button(action: { player.play() }) { Image(systemName: "play") }
                        Button(action: skip) { Image(systemName: "forward") }
                    }
                }
                private func skip() { player.skip() }
            }
            """,
        ],
        nonTriggeringExamples: [
            // A closure that does not escape the initializer runs during the call.
            """
            struct Style {
                var tint = 0
                init(_ build: (inout Style) -> Void) { build(&self) }
            }
            struct Badge: View {
                @ObservedObject var model: BadgeModel
                var body: some View {
                    let style = Style { $0.tint = model.tint }
                    Text("\\(style.tint)")
                }
            }
            """,
            // The observed object is `state.settings`, which the body reads that way.
            """
            struct NoteView: View {
                let state: AppState
                @ObservedObject var settings: SettingsStore
                init(state: AppState) {
                    self.state = state
                    _settings = ObservedObject(wrappedValue: state.settings)
                }
                var body: some View { Text("Note").font(.system(size: state.settings.fontSize)) }
            }
            """,
            """
            struct Counter: View {
                @ObservedObject var model: CounterModel
                var body: some View {
                    Button("\\(model.count)") { model.increment() }
                }
            }
            """,
            """
            struct Parent: View {
                @StateObject private var model = DetailModel()
                var body: some View {
                    Detail(model: model)
                        .environmentObject(model)
                }
            }
            """,
            """
            struct Editor: View {
                @EnvironmentObject var settings: Settings
                var body: some View {
                    Toggle("Sync", isOn: $settings.sync)
                }
            }
            """,
            """
            struct Title: View {
                @ObservedObject var library: Library
                let id: Int
                var body: some View { header }
                private var header: some View { Text(library.title(for: id)) }
            }
            """,
            """
            struct Badge: View {
                @ObservedObject var inbox: Inbox
                var body: some View { Text(label()) }
                private func label() -> String { "\\(inbox.unread)" }
            }
            """,
            """
            struct CommandList: View {
                @ObservedObject private var manager: CommandManager = .shared
                var body: some View {
                    List(CommandManager.shared.commands, id: \\.self) { Text($0) }
                }
            }
            """,
            """
            struct Status: View {
                @ObservedObject var model: Model
                var body: some View {
                    Text("Idle")
                        .onChange(of: model.phase) { print($0) }
                }
            }
            """,
        ])

    public init() {}

    private static let observingWrappers: Set<Substring> = ["ObservedObject", "StateObject", "EnvironmentObject"]

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where view.isView && !isPreview(view, index: index) {
            let candidates = decl.properties.filter { property in
                property.isStored && property.attributes.contains { Self.observingWrappers.contains($0.simpleName) && index.isSwiftUI($0) }
                    && !ViewProperty.holdsComposableArchitectureStore(property, in: context.file, scope: view.name, index: index)
            }
            guard !candidates.isEmpty, view.property(named: "body") != nil else { continue }
            // The object's type named in rendering code (`Store.shared.items`) may read the
            // same object another way: that counts as a use of every property holding it.
            var typeNames: [String: [String]] = [:]
            for property in candidates {
                if let name = heldTypeName(property, in: context.file, view: view, index: index) {
                    typeNames[name, default: []].append(property.name)
                }
            }
            // `_settings = ObservedObject(wrappedValue: state.settings)`: rendering code that
            // reads `state.settings.fontSize` reads the observed object.
            var sources: [[String]: [String]] = [:]
            for property in candidates {
                if let path = sourcePath(of: property.name, in: view, index: index) { sources[path, default: []].append(property.name) }
            }
            let uses = RenderingUses(view: view, names: Set(candidates.map(\.name)), typeNames: typeNames, sources: sources, index: index)
            for property in candidates where !uses.rendered.contains(property.name) {
                guard let wrapper = property.attributes.first(where: { Self.observingWrappers.contains($0.simpleName) })
                else { continue }
                let notes = uses.actionUses[property.name].map { use in
                    [context.note("used only in code that runs later, like this action", at: use.token..<use.token + 1, in: use.file)]
                } ?? []
                context.report(
                    "`\(view.name)` observes `\(property.name)` with `@\(wrapper.simpleName)` but its body never reads it: every change of the object re-renders `\(view.name)` for nothing",
                    at: property.nameToken..<property.nameToken + 1, notes: notes,
                    help: notes.isEmpty
                        ? "remove `\(property.name)` if `\(view.name)` does not need it; otherwise " + help(for: String(wrapper.simpleName))
                        : help(for: String(wrapper.simpleName)))
            }
        }
    }

    /// The type name the property holds, as written: its annotation (`Store`, `Store?`), the
    /// type it constructs (`= Store()`), or a static member of it (`= Store.shared`).
    private func heldTypeName(_ property: Property, in file: ParsedFile, view: TypeInfo, index: ProjectIndex) -> String? {
        if let type = property.type {
            return TypeShape(type.text).directName.map { String($0.simpleTypeName) }
        }
        guard let initializer = property.initializer, file.kind(initializer.lowerBound) == .identifier else { return nil }
        let first = file.text(initializer.lowerBound)
        return first.startsWithUppercase ? first : nil
    }

    /// The member chain of the view's own properties an initializer assigns the property
    /// from (`_settings = ObservedObject(wrappedValue: state.settings)`,
    /// `self.settings = state.settings`): `["state", "settings"]`.
    private func sourcePath(of name: String, in view: TypeInfo, index: ProjectIndex) -> [String]? {
        for (fileIndex, _, assignment, throughStorage) in ViewProperty.initializerAssignments(to: name, in: view, index: index) {
            let file = index.files[fileIndex]
            var value = assignment.value
            if throughStorage {
                guard let wrapped = file.wrapperInitialValue(in: value, wrappers: ["ObservedObject", "StateObject"]) else { continue }
                value = wrapped
            }
            guard let chain = file.memberChain(at: value.lowerBound, limit: value.upperBound), chain.end == value.upperBound else { continue }
            let path = file.path(of: chain)
            if path.count > 1, view.property(named: path[0]) != nil { return path }
        }
        return nil
    }

    /// A view that only exists for previews (nested in a `PreviewProvider`): its cost does not
    /// matter.
    private func isPreview(_ view: TypeInfo, index: ProjectIndex) -> Bool {
        var name = view.name.enclosingTypeName
        while let current = name {
            if index.types[current]?.traits.contains(.previewProvider) == true { return true }
            name = current.enclosingTypeName
        }
        return false
    }

    private func help(for wrapper: String) -> String {
        switch wrapper {
        case "StateObject": "keep the object without observing it (`@State private var`), or move the reads into the child that needs them"
        case "EnvironmentObject": "pass the object, or only the action, in from a parent as a plain `let` instead of observing it here"
        default: "hold it in a plain `let`, which keeps the reference without observing the object"
        }
    }
}

/// Where a view's code uses some of its properties: in rendering code (anything that runs while
/// `body` is evaluated, or might), or only in closures that run later.
private struct RenderingUses {
    /// Names used while the body is evaluated, or in code the analysis cannot place.
    var rendered = Set<String>()
    /// For names used in actions, the first such use.
    var actionUses: [String: (file: Int, token: Int)] = [:]

    init(view: TypeInfo, names: Set<String>, typeNames: [String: [String]], sources: [[String]: [String]], index: ProjectIndex) {
        // The view's own methods, for those that actions call.
        var methods: [String: [(file: Int, body: Range<Int>)]] = [:]
        for (file, function) in view.functions where function.kind == .function {
            if let body = function.body { methods[function.name, default: []].append((file, body)) }
        }
        // The index's rendering code: the roots and the helpers they call.
        let rendering = ViewCode.renderingBodies(of: view, index: index)
        let visited = Set(rendering.map { "\($0.file):\($0.range.lowerBound)" })
        var reachedFromActions: [(file: Int, body: Range<Int>)] = []
        for body in rendering {
            let file = index.files[body.file]
            var roles = RenderRoles(body: body.range, file: file, index: index)
            if !sources.isEmpty {
                for chain in file.memberChains(in: body.range) where roles.role(of: chain.root) != .action {
                    let path = file.path(of: chain)
                    for (source, properties) in sources where path.count > source.count && Array(path.prefix(source.count)) == source {
                        rendered.formUnion(properties)
                    }
                }
            }
            for token in body.range {
                guard let name = referencedName(at: token, in: file) else { continue }
                if let holders = typeNames[name], file.kind(token + 1) == .period {
                    if roles.role(of: token) != .action {
                        rendered.formUnion(holders)
                    }
                    continue
                }
                let isProperty = names.contains(name)
                let calledMethods = methods[name] ?? []
                guard isProperty || !calledMethods.isEmpty else { continue }
                let start = file.kind(token - 1) == .period ? token - 2 : token  // `self.name`
                let isAction = roles.role(of: token) == .action || ViewCode.isHandedToAction(from: start, to: token + 1, in: file)
                    || !calledMethods.isEmpty && ViewCode.isHandedOver(from: start, to: token + 1, in: file)
                if isProperty {
                    if isAction {
                        if actionUses[name] == nil { actionUses[name] = (body.file, token) }
                    } else {
                        rendered.insert(name)
                    }
                }
                if isAction { reachedFromActions += calledMethods }
            }
        }
        // Methods reached only from actions: uses there are action uses, for the note.
        for (fileIndex, body) in reachedFromActions where !visited.contains("\(fileIndex):\(body.lowerBound)") {
            let file = index.files[fileIndex]
            for token in body {
                guard let name = referencedName(at: token, in: file), names.contains(name), actionUses[name] == nil
                else { continue }
                actionUses[name] = (fileIndex, token)
            }
        }
    }

    /// The view member a token names: `name`, `self.name`, `$name`, `_name`.
    private func referencedName(at token: Int, in file: ParsedFile) -> String? {
        guard let kind = file.kind(token), file.isOwnMemberReference(token), !file.isArgumentLabel(token) else { return nil }
        switch kind {
        case .identifier:
            let text = file.text(token)
            // The first byte before the `Character` count (a `_` may carry a combining mark).
            return text.utf8.first == UInt8(ascii: "_") && text.count > 1 ? String(text.dropFirst()) : text
        case .dollarIdentifier:
            return String(file.text(token).dropFirst())
        default:
            return nil
        }
    }
}
