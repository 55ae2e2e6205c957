import ObservationLintCore
import ObservationSyntax

public struct NestedObservableObject: Rule {
    public static let description = RuleDescription(
        id: "nested_observable_object",
        name: "Nested ObservableObject",
        category: .observableObject,
        group: .suspicious,
        summary: "A view reads a child ObservableObject's state through its parent ObservableObject.",
        rationale: """
            A view observing an `ObservableObject` subscribes to that object's \
            `objectWillChange` only. When the object holds another `ObservableObject` (`T`, `T?`, \
            `[T]`, `[K: T]`, with or without `@Published`), changes to the child's `@Published` \
            properties are not published by the parent: a view that reads `parent.child.value` \
            does not update when `value` changes (while rendering: directly, or through the \
            parent's computed properties). `@Published` on the child property only reports when \
            the reference itself is replaced. A parent that republishes the child's changes \
            (`child.objectWillChange.sink { … send() }`, `child.$value.assign(to: &$copy)`, a \
            subscription to a subject or a notification the child posts that sends \
            `objectWillChange`), a \
            view that subscribes to the child itself (`.onReceive(parent.child.$value)`), and \
            `weak`/`unowned` back-references are fine, and so is a parent that announces every \
            change it makes to the child (`child.select(id)` next to `objectWillChange.send()` or \
            a `@Published` change in the same function). Members of the child that never change \
            after initialization (`let`s, `var`s only initialization sets, computed properties \
            reading only those) have no change to miss.
            """,
        fix: """
            Pass the child to a subview that observes it directly (`@ObservedObject var child`), \
            forward the child's `objectWillChange` to the parent's, or move the models to \
            `@Observable`, which tracks nested objects.
            """,
        triggeringExamples: [
            """
            final class Settings: ObservableObject { @Published var theme = "light" }
            final class AppModel: ObservableObject {
                let ↓settings = Settings()
            }
            struct ThemeLabel: View {
                @ObservedObject var model: AppModel
                var body: some View { Text(model.settings.theme) }
            }
            """,
            """
            final class Session: ObservableObject { @Published var userName = "" }
            final class AppState: ObservableObject {
                @Published var ↓session: Session?
            }
            struct Greeting: View {
                @EnvironmentObject var state: AppState
                var body: some View {
                    if let session = state.session { Text(session.userName) }
                }
            }
            """,
            """
            final class Player: ObservableObject { @Published var isPlaying = false }
            final class Library: ObservableObject {
                var ↓player = Player()
                var statusText: String { player.isPlaying ? "Playing" : "Paused" }
            }
            struct NowPlaying: View {
                @EnvironmentObject var library: Library
                var body: some View { Text(library.statusText) }
            }
            """,
            """
            final class Row: ObservableObject {
                let id = UUID()
                @Published var title = ""
            }
            final class Board: ObservableObject {
                @Published var ↓rows: [Row] = []
            }
            struct BoardView: View {
                @StateObject private var board = Board()
                var body: some View {
                    ForEach(board.rows, id: \\.id) { row in Text(row.title) }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // A method handed to a call, not called: it runs when the text changes, not
            // while the body is evaluated.
            """
            final class Preferences: ObservableObject { @Published var bootedFirst = false }
            final class DevicesController: ObservableObject {
                let preferences = Preferences()
                @Published var devices: [String] = []
                func filterDevices() { if preferences.bootedFirst { devices.sort() } }
            }
            struct Sidebar: View {
                @ObservedObject var controller: DevicesController
                @State private var filter = ""
                var body: some View {
                    List(controller.devices, id: \\.self) { Text($0) }
                    TextField("Filter", text: $filter.onChange(controller.filterDevices))
                }
            }
            """,
            """
            final class Account: ObservableObject { @Published var name = "" }
            final class Header: ObservableObject {
                let account: Account
                @Published var title = ""
                init(account: Account) {
                    self.account = account
                    account.$name.map { "Hello, \\($0)" }.assign(to: &$title)
                }
            }
            struct HeaderView: View {
                @ObservedObject var header: Header
                var body: some View { Text(header.title + header.account.name) }
            }
            """,
            """
            final class Editor: ObservableObject { @Published var isDirty = false }
            final class Workspace: ObservableObject {
                @Published var editor = Editor()
            }
            struct SaveIndicator: View {
                @ObservedObject var workspace: Workspace
                @State private var refresh = false
                var body: some View {
                    Circle().opacity(workspace.editor.isDirty ? 1 : 0)
                        .onReceive(workspace.editor.objectWillChange) { _ in refresh.toggle() }
                }
            }
            """,
            """
            final class Pane: ObservableObject { @Published var axis = 0 }
            final class Tab: ObservableObject {
                weak var pane: Pane?
            }
            struct TabLabel: View {
                @ObservedObject var tab: Tab
                var body: some View { Text("\\(tab.pane?.axis ?? 0)") }
            }
            """,
            """
            final class Player: ObservableObject { @Published var isPlaying = false }
            final class Library: ObservableObject {
                let player = Player()
                var statusText: String { player.isPlaying ? "Playing" : "Paused" }
            }
            final class MenuBarController: NSObject {
                let library = Library()
                func update(_ item: NSStatusItem) { item.button?.title = library.statusText }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var theme = "light" }
            final class AppModel: ObservableObject {
                let settings = Settings()
                private var cancellables: Set<AnyCancellable> = []
                init() {
                    settings.objectWillChange
                        .sink { [weak self] _ in self?.objectWillChange.send() }
                        .store(in: &cancellables)
                }
            }
            struct ThemeLabel: View {
                @ObservedObject var model: AppModel
                var body: some View { Text(model.settings.theme) }
            }
            """,
            """
            @Observable final class Settings { var theme = "light" }
            final class AppModel: ObservableObject {
                let settings = Settings()
            }
            struct ThemeLabel: View {
                @ObservedObject var model: AppModel
                var body: some View { Text(model.settings.theme) }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var theme = "light" }
            final class AppModel: ObservableObject {
                let settings = Settings()
            }
            struct SettingsScreen: View {
                @ObservedObject var model: AppModel
                var body: some View { SettingsForm(settings: model.settings) }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var theme = "light" }
            final class AppModel: ObservableObject {
                let settings = Settings()
            }
            struct ResetButton: View {
                @ObservedObject var model: AppModel
                var body: some View {
                    Button("Reset") { model.settings.theme = "light" }
                        .onAppear { print(model.settings.theme) }
                }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var theme = "light" }
            final class AppModel: ObservableObject {
                private let settings = Settings()
            }
            """,
            """
            final class Selection: ObservableObject {
                @Published private(set) var selectedID = 0
                func select(_ id: Int) { selectedID = id }
            }
            final class Browser: ObservableObject {
                let selection = Selection()
                @Published private(set) var history: [Int] = []
                func open(_ id: Int) {
                    selection.select(id)
                    objectWillChange.send()
                }
                func back() {
                    history.removeLast()
                    selection.select(history.last ?? 0)
                }
            }
            struct BrowserTitle: View {
                @ObservedObject var browser: Browser
                var body: some View { Text("Item \\(browser.selection.selectedID)") }
            }
            """,
            """
            final class Connection: ObservableObject {
                let id = UUID()
                private(set) var port = 0
                @Published var state = "idle"
                var label: String { "\\(id) on \\(port)" }
                init(secure: Bool) { configure(secure) }
                private func configure(_ secure: Bool) { port = secure ? 443 : 80 }
                func connect() { state = "connected" }
            }
            final class Relay: ObservableObject {
                let connection = Connection(secure: true)
            }
            struct RelayLabel: View {
                @ObservedObject var relay: Relay
                var body: some View { Text(relay.connection.label) }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, parent) in index.typeDeclarations(in: context.fileIndex) where parent.isClass && parent.isObservableObject {
            let children = decl.properties.compactMap { property -> (Property, TypeInfo, isCollection: Bool)? in
                // A `weak`/`unowned` reference points back at an object owned elsewhere.
                guard property.isStored, !property.modifiers.contains("static"),
                    !property.modifiers.contains(where: { $0.name == "weak" || $0.name == "unowned" }),
                    let shape = index.declaredShape(of: property, in: context.file, scope: parent.name),
                    let held = shape.heldName, let child = index.type(named: held, from: parent.name),
                    child.isObservableObject, !child.isObservable
                else { return nil }
                return (property, child, shape.directName == nil)
            }
            guard !children.isEmpty else { continue }
            let readers = index.typeAndSubtypes(of: parent).map(\.name)
            let accesses = index.memberAccesses(of: parent)
            // The parent's own announcements; writing through a child property publishes nothing.
            let published = Set(
                index.typeAndAncestors(of: parent).flatMap(\.properties).filter { $0.property.attributes.contains(named: "Published") }
                    .map(\.property.name)
            ).subtracting(children.map(\.0.name))
            let announcements = ChangeAnnouncements(type: parent, accesses: accesses, announcing: published, index: index)
            for (property, child, isCollection) in children
            where !forwardsChanges(of: property.name, in: parent, index: index)
                && (isCollection || !announcesItsChanges(of: property.name, accesses: accesses, announcements: announcements, index: index))
            {
                let childState = ChildState(of: child, isCollection: isCollection, index: index)
                guard let read = renderRead(through: property.name, childState: childState, readers: readers, index: index)
                else { continue }
                let origin = read.origin
                let path = (read.steps.isEmpty ? [origin.reference.name] : []) + read.path
                context.report(
                    "`\(property.name)` holds the ObservableObject `\(child.name)` inside the ObservableObject `\(parent.name)`: changes to `\(child.name)`'s properties are not published by `\(parent.name)`, so `\(read.view.simpleTypeName)` does not update when `\(path.joined(separator: "."))` changes",
                    at: property.nameToken..<property.nameToken + 1,
                    notes: [context.note("read while rendering: \(read.description)", at: origin.tokens[0]..<origin.tokens[0] + 1, in: origin.file)],
                    help: "observe `\(property.name)` directly in a subview (`@ObservedObject var \(property.name): \(child.name)`), forward its `objectWillChange` to `\(parent.name)`'s, or adopt `@Observable`")
            }
        }
    }

    /// Whether the parent announces the changes it makes to the child: there is one, and
    /// every place of its code that changes the child after initialization (assigns its
    /// members, calls its methods) also sends `objectWillChange` or changes one of the
    /// parent's `@Published` properties (`child.select(id); objectWillChange.send()`). An
    /// awaited call (`await child.load()`) is not covered: the child changes while the
    /// parent waits.
    private func announcesItsChanges(
        of name: String, accesses: MemberAccesses, announcements: ChangeAnnouncements, index: ProjectIndex
    ) -> Bool {
        let changes = ((accesses.mutations[name] ?? []) + (accesses.calls[name] ?? [])).filter { site in
            let file = index.files[site.file]
            var next = site.token + 1
            if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
            return !site.inInitializer && file.kind(next) == .period
        }
        return !changes.isEmpty
            && changes.allSatisfy { site in !isAwaited(site, in: index.files[site.file]) && announcements.isAnnounced(site) }
    }

    /// `await child.load()`, `try await self.child.load()`.
    private func isAwaited(_ site: MemberSite, in file: ParsedFile) -> Bool {
        var previous = site.token - 1
        if file.kind(previous) == .period, file.at(previous - 1, "self") { previous -= 2 }
        return file.at(previous, "await")
    }

    /// Whether the parent relays the child's changes: its code subscribes to the child's
    /// `objectWillChange` or to one of its `@Published` publishers
    /// (`child.objectWillChange.sink { … send() }`, `child.$items.assign(to: &$items)`).
    func forwardsChanges(of name: String, in parent: TypeInfo, index: ProjectIndex) -> Bool {
        for declaration in parent.declarations {
            let file = index.files[declaration.file]
            let chains = index.memberChains(inDeclaration: declaration.decl.members, of: file).filter { file.rootName(of: $0) == name }
            // `child.objectWillChange…`, `child.$items…`: the chain starts at the child.
            if chains.contains(where: { $0.names.contains { isPublisher($0, in: file) } }) { return true }
            // Most declarations never name `objectWillChange`: their statements need no look.
            guard file.source.range(file.byteRange(declaration.decl.members), contains: Self.objectWillChange) else { continue }
            // `children.forEach { $0.objectWillChange… }`: the child collection and a child's
            // `objectWillChange` in one statement.
            for chain in chains where statementMentionsObjectWillChange(after: chain, in: file) {
                return true
            }
        }
        return forwardsThroughSubscription(of: name, in: parent, index: index)
    }

    /// A subscription whose closure sends the parent's `objectWillChange` to a publisher of
    /// the child (`child.didChange.sink { … send() }`) or to a notification the child posts
    /// (`NotificationCenter.default.publisher(for: .libraryChanged).sink { … send() }`,
    /// where the child calls `post(name: .libraryChanged, …)`).
    private func forwardsThroughSubscription(of name: String, in parent: TypeInfo, index: ProjectIndex) -> Bool {
        let subscriptions = index.memberAccesses(of: parent).placesSendingObjectWillChange.compactMap { place in
            place.closure.map { (file: index.files[place.file], names: statementNames(before: $0.lowerBound, in: place.body, file: index.files[place.file])) }
        }
        guard !subscriptions.isEmpty else { return false }
        if subscriptions.contains(where: { $0.names.contains(name) }) { return true }
        guard let (file, property) = parent.properties.first(where: { $0.property.name == name }),
            let held = index.declaredShape(of: property, in: index.files[file], scope: parent.name)?.heldName,
            let child = index.type(named: held, from: parent.name)
        else { return false }
        let posted = postedNotificationNames(of: child, index: index)
        return subscriptions.contains { !$0.names.isDisjoint(with: posted) }
    }

    /// The names written in the statement before a closure (`settings.objectWillChange`,
    /// `publisher(for: .libraryChanged)`).
    private func statementNames(before closure: Int, in body: Range<Int>, file: ParsedFile) -> Set<String> {
        var start = closure - 1
        while start > body.lowerBound + 1, !(file.tokens[start].isAtStartOfLine && file.kind(start) != .period) { start -= 1 }
        return Set((start..<closure).filter { file.kind($0) == .identifier }.map { file.text($0) })
    }

    /// `post(name: .libraryChanged, …)` in the child's code: the notification's last name.
    private func postedNotificationNames(of child: TypeInfo, index: ProjectIndex) -> Set<String> {
        var result = Set<String>()
        for owner in index.typeAndAncestors(of: child) {
            for declaration in owner.declarations {
                let file = index.files[declaration.file]
                for token in declaration.decl.members where file.at(token, "post") && file.kind(token + 1) == .leftParen {
                    guard file.at(token + 2, "name"), file.kind(token + 3) == .colon else { continue }
                    var last = token + 4
                    while file.kind(last + 1) == .period || file.isWord(last + 1) && file.kind(last) == .period { last += 1 }
                    if file.isWord(last) { result.insert(file.text(last)) }
                }
            }
        }
        return result
    }

    private static let objectWillChange = Array("objectWillChange".utf8)

    private func isPublisher(_ token: Int, in file: ParsedFile) -> Bool {
        file.kind(token) == .dollarIdentifier || file.at(token, "objectWillChange")
    }

    private func statementMentionsObjectWillChange(after chain: MemberChain, in file: ParsedFile) -> Bool {
        var index = chain.end
        var steps = 0
        while let kind = file.kind(index), steps < 200 {
            if file.tokens[index].isAtStartOfLine, kind != .period { return false }
            if file.at(index, "objectWillChange"), file.kind(index - 1) == .period,
                !file.at(index - 2, "self"), file.kind(index - 2) != .postfixQuestionMark
            {
                return true
            }
            index += 1
            steps += 1
        }
        return false
    }

    /// The child's properties that change after initialization (`ProjectIndex.changingMembers`):
    /// a `let`, a `var` only initialization sets, or a computed property reading only such
    /// members never changes, so no view misses a change of it. For a collection of
    /// children, element accessors (`first`, `last`) lead to an element's members.
    struct ChildState {
        let variables: Set<String>
        let isCollection: Bool

        init(of child: TypeInfo, isCollection: Bool, index: ProjectIndex) {
            let properties = index.typeAndAncestors(of: child).flatMap(\.properties).map(\.property.name)
            variables = index.changingMembers(of: child).intersection(properties)
            self.isCollection = isCollection
        }

        private static let elementAccessors: Set<String> = ["first", "last", "values", "randomElement"]

        /// Whether `path` (after the child property) reads a child's `var`.
        func isRead(by path: [String]) -> Bool {
            var member = 1
            while isCollection, member < path.count - 1, Self.elementAccessors.contains(path[member]) { member += 1 }
            return member < path.count && variables.contains(path[member])
        }
    }

    /// `parent.child.value` read on a render path from a view that observes the parent,
    /// directly or through the parent's computed properties, where `value` is a `var` of
    /// the child (`let`s never change; `children.count` reads the collection, not a child).
    /// A view that subscribes to the child itself (`.onReceive(model.child.objectWillChange)`,
    /// `.onReceive(model.child.$value)`) updates. `counts` picks the reading views that
    /// matter (here, those observing the parent).
    func renderRead(
        through name: String, childState: ChildState, readers: [String], index: ProjectIndex,
        counts: (ViewModelRead) -> Bool = { $0.reference.observesObjectWillChange }
    ) -> RenderRead? {
        for reader in readers {
            let subscribing = Set(
                (index.viewReads[reader] ?? []).filter { $0.path.count >= 2 && $0.path[0] == name && isPublisherName($0.path[1]) }
                    .map(\.view))
            if let read = index.renderReads(of: reader).first(where: {
                $0.path.count >= 2 && $0.path[0] == name && childState.isRead(by: $0.path) && $0.staysInViewModel
                    && counts($0.origin) && !subscribing.contains($0.view)
            }) {
                return read
            }
        }
        return nil
    }

    private func isPublisherName(_ name: String) -> Bool {
        name == "objectWillChange" || name.hasPrefix("$")
    }
}
