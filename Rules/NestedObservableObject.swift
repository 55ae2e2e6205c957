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
            the reference itself is replaced. The rule reports the witness: a change of the \
            child's state that can happen after a view read it (not one made to a new object \
            before anything holds it: `let entry = Entry(context: c); entry.rate = r` in the \
            block that built it, in a property's initial value (`static var preview = { … }()`), or \
            `Entry(context: c).fill(r)`; a Core Data `NSManagedObject` \
            announces its own attribute changes, never its children's), which the parent does not \
            announce, and the render read through the parent. An action's \
            `parent.child.value = x` is such a change; a binding `$parent.child.value` is not \
            when `child` is `@Published`: after setting `value` it writes the object back into \
            `parent.child`, which announces. A control that shows its own input (`TextField`, \
            `SecureField`, `TextEditor`, `DatePicker`) handed `$parent.child.value` shows what is \
            entered through that binding itself: it is no stale read of those changes (another \
            read of `value` is, such as a `Stepper`'s label). A parent that republishes the child's changes in \
            code (`child.objectWillChange.sink { … send() }`, a subscription to a subject or a \
            notification the child posts that sends `objectWillChange`; \
            `child.$value.assign(to: &$copy)` for the changes of `value` only; a commented-out \
            subscription is none), a \
            view that subscribes to the child itself (`.onReceive(parent.child.$value)`) or \
            observes an object of its type (`@ObservedObject var child: Child`), \
            `weak`/`unowned` back-references, and a parent that announces every change it makes \
            to the child in the same synchronous flow (`child.select(id)` next to \
            `objectWillChange.send()`, in the same function or in every caller; a closure \
            another type hands to the parent, which the parent runs only where it announces, \
            as in the `didSet` of a `@Published` property; calling a \
            child's method that changes nothing, such as `child.activeDevice()`, is no change \
            to announce) are fine. Such a parent covers its own calls only: a method that \
            changes the child later, in a completion handler or `DispatchQueue.main.async { }` \
            it hands over (`routes.load()`), changes it after the announcement, and a view's \
            action (`parent.child.value = x`) changes it without the parent. The finding names \
            every view that reads the child through the parent and misses a change. \
            Members of the child that never change after it reaches a view (`let`s, `var`s only \
            initialization or setup sets) have no change to miss.
            """,
        fix: """
            Pass the child to a subview that observes it directly (`@ObservedObject var child`), \
            forward the child's `objectWillChange` to the parent's, or move the models to \
            `@Observable`, which tracks nested objects.
            """,
        triggeringExamples: [
            """
            final class SplitManager: ObservableObject {
                @Published var isSplit = false
                private var splitWindows: Set<Int> = []
                func split(_ window: Int) { splitWindows.insert(window) }
                func isSplit(for window: Int) -> Bool { splitWindows.contains(window) }
            }
            final class Browser: ObservableObject {
                let ↓split = SplitManager()
            }
            struct SplitBadge: View {
                @ObservedObject var browser: Browser
                let window: Int
                var body: some View { Text(browser.split.isSplit(for: window) ? "Split" : "Single") }
            }
            """,
            """
            final class Settings: ObservableObject {
                @Published var theme = "light"
                func useDarkTheme() { theme = "dark" }
            }
            final class AppModel: ObservableObject {
                let ↓settings = Settings()
            }
            struct ThemeLabel: View {
                @ObservedObject var model: AppModel
                var body: some View { Text(model.settings.theme) }
            }
            """,
            """
            final class Session: ObservableObject {
                @Published var userName = ""
                func rename(_ name: String) { userName = name }
            }
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
            final class Player: ObservableObject {
                @Published var isPlaying = false
                func play() { isPlaying = true }
            }
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
                func rename(_ newTitle: String) { title = newTitle }
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
            // The forwarding subscription is commented out: nothing relays the inbox's changes.
            """
            final class Inbox: ObservableObject {
                @Published var unread = 0
                func receive() { unread += 1 }
            }
            final class Account: ObservableObject {
                let ↓inbox = Inbox()
                private var forwarding: AnyCancellable?
                init() {
                    // forwarding = inbox.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
                }
            }
            struct AccountBadge: View {
                @ObservedObject var account: Account
                var body: some View { Text("\\(account.inbox.unread)") }
            }
            """,
            // The forwarding is in a private method nothing calls: it never runs.
            """
            final class Inbox: ObservableObject {
                @Published var unread = 0
                func receive() { unread += 1 }
            }
            typealias Profile = Account<String>
            final class Account<ID>: ObservableObject {
                let ↓inbox = Inbox()
                private var forwarding: AnyCancellable?
                private func forwardInbox() {
                    forwarding = inbox.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
                }
            }
            struct ProfileBadge: View {
                @ObservedObject var profile: Profile
                var body: some View { Text("\\(profile.inbox.unread)") }
            }
            """,
            // `devices.active()` only reads: `start()` announces its own change, not the
            // devices' changes `refresh()` makes.
            """
            final class Devices: ObservableObject {
                @Published var available: [String] = []
                func refresh() { available = ["Built-in"] }
                func active() -> String? { available.first }
            }
            final class Recorder: ObservableObject {
                @Published var ↓devices = Devices()
                @Published var isRecording = false
                func start() {
                    guard devices.active() != nil else { return }
                    isRecording = true
                }
            }
            struct RecordButton: View {
                @StateObject private var recorder = Recorder()
                var body: some View {
                    Button("Record") { recorder.start() }.disabled(recorder.devices.available.isEmpty)
                }
            }
            """,
            // The subscription relays changes of `text`, not of `mentions`.
            """
            final class Draft: ObservableObject {
                @Published var text = ""
                @Published var mentions: Set<String> = []
                func mention(_ name: String) { mentions.insert(name) }
            }
            final class Composer: ObservableObject {
                let ↓draft = Draft()
                @Published var preview = ""
                private var subscriptions = Set<AnyCancellable>()
                init() {
                    draft.$text.sink { [weak self] in self?.preview = $0 }.store(in: &subscriptions)
                }
            }
            struct MentionsLabel: View {
                @ObservedObject var composer: Composer
                var body: some View { Text(composer.draft.mentions.sorted().joined(separator: ", ")) }
            }
            """,
            // An action sets the member on the object the property holds: `@Published` on
            // `options` does not see it.
            """
            final class Options: ObservableObject { @Published var isEnabled = true }
            final class SettingsModel: ObservableObject {
                @Published var ↓options = Options()
            }
            struct SettingsForm: View {
                @StateObject private var model = SettingsModel()
                var body: some View {
                    Button("Disable") { model.options.isEnabled = false }
                    Text(model.options.isEnabled ? "On" : "Off")
                }
            }
            """,
            // The text field shows what is typed through its binding, but the count next to
            // it reads `title` too and stays as it was.
            """
            final class Draft: ObservableObject { @Published var title = "" }
            final class Editor: ObservableObject {
                var ↓draft = Draft()
            }
            struct TitleEditor: View {
                @StateObject private var editor = Editor()
                var body: some View {
                    TextField("Title", text: $editor.draft.title)
                    Text("\\(editor.draft.title.count) characters")
                }
            }
            """,
            // The binding writes `options` back, but a plain `var` announces nothing.
            """
            final class Options: ObservableObject { @Published var isEnabled = true }
            final class SettingsModel: ObservableObject {
                var ↓options = Options()
            }
            struct SettingsForm: View {
                @StateObject private var model = SettingsModel()
                var body: some View {
                    Toggle("Enabled", isOn: $model.options.isEnabled)
                    Text(model.options.isEnabled ? "On" : "Off")
                }
            }
            """,
            // `load()` changes `items` in its completion handler, after the parent's
            // `objectWillChange.send()` next to the call.
            """
            final class Client { func fetch(_ done: @escaping ([String]) -> Void) {} }
            final class Routes: ObservableObject {
                @Published var items: [String] = []
                private let client = Client()
                func load() { client.fetch { found in DispatchQueue.main.async { self.items = found } } }
            }
            final class Session: ObservableObject {
                @Published var ↓routes = Routes()
                @Published var isConnected = false
                func connect() {
                    isConnected = true
                    routes.load()
                }
            }
            struct RoutesTab: View {
                @EnvironmentObject var session: Session
                var body: some View { Text(session.routes.items.isEmpty ? "No routes" : "Routes") }
            }
            """,
            // The parent announces its own change of the child; the view's action does not.
            """
            final class Peers: ObservableObject {
                @Published var filter = ""
                @Published var names: [String] = []
                func reset() { names = [] }
            }
            final class Session: ObservableObject {
                @Published var ↓peers = Peers()
                @Published var isConnected = false
                func disconnect() {
                    isConnected = false
                    peers.reset()
                }
            }
            struct PeerSearch: View {
                @EnvironmentObject var session: Session
                var body: some View {
                    Text(session.peers.filter)
                    Button("Clear") { session.peers.filter = "" }
                }
            }
            """,
            // One of the parent's calls of the child's helper announces nothing.
            """
            final class Chat: ObservableObject {
                @Published private(set) var messages: [String] = []
                func rollback(_ id: String) { remove(id) }
                private func remove(_ id: String) { messages.removeAll { $0 == id } }
            }
            final class Session: ObservableObject {
                let ↓chat = Chat()
                func fail(_ id: String) {
                    chat.rollback(id)
                    objectWillChange.send()
                }
                func undo(_ id: String) { chat.rollback(id) }
            }
            struct MessageCount: View {
                @ObservedObject var session: Session
                var body: some View { Text("\\(session.chat.messages.count)") }
            }
            """,
            // The card also runs the closure in `reset()`, which announces nothing.
            """
            final class Topic: ObservableObject { @Published var isFavourite = false }
            final class TopicCard: ObservableObject {
                private let ↓topic: Topic
                let onToggle: (Bool) -> Void
                init(topic: Topic, onToggle: @escaping (Bool) -> Void) {
                    self.topic = topic
                    self.onToggle = onToggle
                }
                @Published var isOn = false { didSet { onToggle(isOn) } }
                func reset() { onToggle(false) }
                var icon: String { topic.isFavourite ? "star.fill" : "star" }
            }
            final class TopicsEditor {
                func card(for topic: Topic) -> TopicCard {
                    TopicCard(topic: topic, onToggle: { value in topic.isFavourite = value })
                }
            }
            struct TopicCardView: View {
                @ObservedObject var card: TopicCard
                var body: some View { Image(systemName: card.icon).onTapGesture { card.reset() } }
            }
            """,
        ],
        nonTriggeringExamples: [
            // The only changes are made to new objects, before the parent holds them (in the
            // block that built it, or on the object a constructor call just returned).
            """
            final class Reading: ObservableObject {
                @Published var value = 0.0
                @Published var note = ""
                func annotated(_ text: String) -> Self { note = text; return self }
            }
            final class Meter: ObservableObject {
                @Published var readings: [Reading] = []
                private let queue = DispatchQueue(label: "meter")
                func record(_ value: Double) {
                    queue.async {
                        let reading = Reading()
                        reading.value = value
                        DispatchQueue.main.async { self.readings.append(reading) }
                    }
                }
                func mark(_ text: String) { readings.append(Reading().annotated(text)) }
            }
            struct MeterView: View {
                @ObservedObject var meter: Meter
                var body: some View { Text("\\(meter.readings.first?.value ?? 0) \\(meter.readings.first?.note ?? "")") }
            }
            """,
            // A package's property wrapper may relay the child's changes through the
            // enclosing instance (`_enclosingInstance`): nothing shows that they are lost.
            """
            final class Scheme: ObservableObject {
                @Published var current = "Default"
                func select(_ name: String) { current = name }
            }
            final class PointerSettings: ObservableObject {
                @PublishedObject var scheme = Scheme()
                var title: String { scheme.current }
            }
            struct PointerView: View {
                @ObservedObject var settings: PointerSettings
                var body: some View { Text(settings.title) }
            }
            """,
            // The view observes the child itself.
            """
            final class Filters: ObservableObject {
                @Published var applied: [String] = []
                func apply(_ filter: String) { applied.append(filter) }
            }
            final class Repository: ObservableObject {
                let filters = Filters()
            }
            struct LibraryView: View {
                @ObservedObject var repository: Repository
                @ObservedObject var filters: Filters
                var body: some View { Text("\\(repository.filters.applied.count) filters") }
            }
            """,
            // `split.isSplit(for: id)` calls the method, which reads only what never changes
            // after setup; the `@Published isSplit` it shares a base name with is not read.
            """
            final class SplitManager: ObservableObject {
                @Published var isSplit = false
                private var splitWindows: Set<Int> = []
                init(windows: Set<Int>) { splitWindows = windows }
                func toggle() { isSplit.toggle() }
                func isSplit(for window: Int) -> Bool { splitWindows.contains(window) }
            }
            final class Browser: ObservableObject {
                let split = SplitManager(windows: [1])
            }
            struct SplitBadge: View {
                @ObservedObject var browser: Browser
                let window: Int
                var body: some View { Text(browser.split.isSplit(for: window) ? "Split" : "Single") }
            }
            """,
            // The parent relays the inbox's changes.
            """
            final class Inbox: ObservableObject {
                @Published var unread = 0
                func receive() { unread += 1 }
            }
            final class Account: ObservableObject {
                let inbox = Inbox()
                private var forwarding: AnyCancellable?
                init() {
                    forwarding = inbox.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
                }
            }
            struct AccountBadge: View {
                @ObservedObject var account: Account
                var body: some View { Text("\\(account.inbox.unread)") }
            }
            """,
            // The lazy property's initializer relays the picker's changes before anything
            // reaches the picker through it.
            """
            final class Picker: ObservableObject {
                @Published var isVisible = false
                func toggle() { isVisible.toggle() }
            }
            final class Toolbar: ObservableObject {
                private var cancellables = Set<AnyCancellable>()
                lazy var picker: Picker = {
                    let model = Picker()
                    model.objectWillChange
                        .sink { [weak self] _ in self?.objectWillChange.send() }
                        .store(in: &cancellables)
                    return model
                }()
            }
            struct ToolbarView: View {
                @ObservedObject var toolbar: Toolbar
                var body: some View {
                    Button("Pick") { toolbar.picker.toggle() }
                    if toolbar.picker.isVisible { Text("Picking") }
                }
            }
            """,
            // The parent's only change to the child goes through a helper whose caller announces.
            """
            final class Selection: ObservableObject {
                @Published private(set) var selectedID = 0
                func select(_ id: Int) { selectedID = id }
            }
            final class Browser: ObservableObject {
                let selection = Selection()
                func open(_ id: Int) {
                    choose(id)
                    objectWillChange.send()
                }
                private func choose(_ id: Int) { selection.select(id) }
            }
            struct BrowserTitle: View {
                @ObservedObject var browser: Browser
                var body: some View { Text("Item \\(browser.selection.selectedID)") }
            }
            """,
            // The child's change runs in its own helper, reached only from the parent's
            // call followed by its announcement in the same synchronous flow.
            """
            final class Chat: ObservableObject {
                @Published private(set) var messages: [String] = []
                @Published private(set) var isTyping = false
                func rollback(_ id: String) { remove(id) }
                private func remove(_ id: String) { messages.removeAll { $0 == id } }
                func setTyping(_ on: Bool) { isTyping = on }
            }
            final class Session: ObservableObject {
                let chat = Chat()
                func fail(_ id: String) {
                    chat.rollback(id)
                    print("rolled back", id)
                    objectWillChange.send()
                }
                func type() { chat.setTyping(true) }
            }
            struct MessageCount: View {
                @ObservedObject var session: Session
                var body: some View { Text("\\(session.chat.messages.count)") }
            }
            """,
            // Nothing changes the child's state once it exists.
            """
            final class Theme: ObservableObject {
                @Published var accent = "blue"
            }
            final class Appearance: ObservableObject {
                let theme = Theme()
            }
            struct AccentLabel: View {
                @ObservedObject var appearance: Appearance
                var body: some View { Text(appearance.theme.accent) }
            }
            """,
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
            // The only read is the text field's own binding, through which the only change is
            // made: the field shows what is typed.
            """
            final class Draft: ObservableObject { @Published var title = "" }
            final class Editor: ObservableObject {
                var draft = Draft()
            }
            struct TitleEditor: View {
                @StateObject private var editor = Editor()
                var body: some View {
                    TextField("Title", text: $editor.draft.title)
                }
            }
            """,
            // The binding sets `isEnabled`, then writes the object back into `@Published var
            // options`, which announces.
            """
            final class Options: ObservableObject { @Published var isEnabled = true }
            final class SettingsModel: ObservableObject {
                @Published var options = Options()
            }
            struct SettingsForm: View {
                @StateObject private var model = SettingsModel()
                var body: some View {
                    Toggle("Enabled", isOn: $model.options.isEnabled)
                    Text(model.options.isEnabled ? "On" : "Off")
                }
            }
            """,
            // The subscription relays every change of `text`, the only member the view reads.
            """
            final class Draft: ObservableObject {
                @Published var text = ""
                @Published var mentions: Set<String> = []
                func type(_ newText: String) { text = newText }
                func mention(_ name: String) { mentions.insert(name) }
            }
            final class Composer: ObservableObject {
                let draft = Draft()
                @Published var preview = ""
                private var subscriptions = Set<AnyCancellable>()
                init() {
                    draft.$text.sink { [weak self] in self?.preview = $0 }.store(in: &subscriptions)
                }
            }
            struct DraftLabel: View {
                @ObservedObject var composer: Composer
                var body: some View { Text(composer.draft.text) }
            }
            """,
            // `log()` calls a method that only reads: the parent's one change to the selection
            // is announced.
            """
            final class Selection: ObservableObject {
                @Published private(set) var selectedID = 0
                func select(_ id: Int) { selectedID = id }
                func describe() -> String { "Item \\(selectedID)" }
            }
            final class Browser: ObservableObject {
                let selection = Selection()
                func open(_ id: Int) {
                    selection.select(id)
                    objectWillChange.send()
                }
                func log() { print(selection.describe()) }
            }
            struct BrowserTitle: View {
                @ObservedObject var browser: Browser
                var body: some View { Text("Item \\(browser.selection.selectedID)") }
            }
            """,
            // `isSplit` is a local holding the method's result, not the `@Published isSplit`.
            """
            final class SplitManager: ObservableObject {
                @Published var isSplit = false
                private var windows: Set<Int> = []
                func toggle() { isSplit.toggle() }
                func isSplit(for window: Int) -> Bool { contains(window) }
                private func contains(_ window: Int) -> Bool { windows.contains(window) }
            }
            final class Browser: ObservableObject {
                let split = SplitManager()
            }
            struct SplitBadge: View {
                @ObservedObject var browser: Browser
                let window: Int
                var body: some View {
                    let isSplit = browser.split.isSplit(for: window)
                    Text(isSplit ? "Split" : "Single")
                }
            }
            """,
            // The action changes `selected` on the parent in the same flow: it announces.
            """
            final class Tab: ObservableObject { @Published var isSuspended = true }
            final class Tabs: ObservableObject {
                @Published var tabs: [Tab] = []
                @Published var selected: Tab?
            }
            struct TabStrip: View {
                @ObservedObject var model: Tabs
                var body: some View {
                    ForEach(model.tabs.indices, id: \\.self) { index in
                        Button("Tab") {
                            let tab = model.tabs[index]
                            model.selected = tab
                            tab.isSuspended = false
                        }
                        .opacity(model.tabs[index].isSuspended ? 0.5 : 1)
                    }
                }
            }
            """,
            // The closure the card holds runs only in `isOn`'s `didSet`: `@Published` announced
            // the card's change before it runs, so the card's view renders with `isFavourite`.
            """
            final class Topic: ObservableObject { @Published var isFavourite = false }
            final class TopicCard: ObservableObject {
                private let topic: Topic
                let onToggle: (Bool) -> Void
                init(topic: Topic, onToggle: @escaping (Bool) -> Void) {
                    self.topic = topic
                    self.onToggle = onToggle
                }
                @Published var isOn = false { didSet { onToggle(isOn) } }
                var icon: String { topic.isFavourite ? "star.fill" : "star" }
            }
            final class TopicsEditor {
                func card(for topic: Topic) -> TopicCard {
                    TopicCard(topic: topic, onToggle: { value in topic.isFavourite = value })
                }
            }
            struct TopicCardView: View {
                @ObservedObject var card: TopicCard
                var body: some View { Image(systemName: card.icon).onTapGesture { card.isOn.toggle() } }
            }
            """,
            // Core Data entities filled where a property's initial value builds them, before
            // anything holds them.
            """
            final class Bank: NSManagedObject { @NSManaged var name: String }
            struct Persistence {
                static var preview: [Bank] = {
                    (0..<2).map { i in
                        let bank = Bank(context: Container.viewContext)
                        bank.name = "Bank \\(i)"
                        return bank
                    }
                }()
            }
            final class BanksModel: ObservableObject {
                @Published var banks: [Bank] = Persistence.preview
            }
            struct BanksView: View {
                @StateObject private var model = BanksModel()
                var body: some View { ForEach(0..<model.banks.count, id: \\.self) { Text(model.banks[$0].name) } }
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
            let parentChanges = index.changes(of: parent)
            for (property, child, isCollection) in children {
                // A subscription to the child's `objectWillChange` relays all its changes; one
                // to `child.$text` only those of `text`.
                let forwarding = index.forwarding(of: property.name, in: parent)
                guard forwarding?.relayed != nil || forwarding == nil else { continue }
                // The parent announcing its own changes of the child leaves those other code
                // makes through a reference (a view's action).
                let announcedByParent = !isCollection && announcesItsChanges(of: property.name, holding: child, in: parent, changes: parentChanges, index: index)
                let announcedCalls = announcedByParent ? [] : methodsCalledWithAnnouncement(on: property.name, holding: child, in: parent, changes: parentChanges, index: index)
                let relayed = forwarding?.relayed ?? []
                let childState = ChildState(of: child, isCollection: isCollection, index: index)
                let witnesses = witnessesByView(
                    through: property.name, childState: childState, readers: readers, index: index
                ) { read, member, calling in
                    childWrite(
                        changing: member, calling: calling, of: child, in: parent, relayed: relayed, onlyOtherCode: announcedByParent,
                        announcedCalls: announcedCalls, index: index)
                        ?? (relayed.contains(member) ? nil : viewWrite(of: member, through: property.name, in: parent, announcing: parentChanges.announcing, index: index))
                }
                guard let (read, write) = witnesses.first else { continue }
                let origin = read.origin
                let path = (read.steps.isEmpty ? [origin.reference.name] : []) + read.path
                context.report(
                    "`\(property.name)` holds the ObservableObject `\(child.name)` inside the ObservableObject `\(parent.name)`: changes to `\(child.name)`'s properties are not published by `\(parent.name)`, so `\(read.view.simpleTypeName)` does not update when `\(path.joined(separator: "."))` changes",
                    at: property.nameToken..<property.nameToken + 1,
                    notes: [
                        context.note(
                            "`\(child.name.simpleTypeName).\(write.name)` changes in \(write.member), which `\(parent.name.simpleTypeName)` does not announce\(write.context)",
                            at: write.site.token..<write.site.token + 1, in: write.site.file),
                        context.note("read while rendering: \(read.description)", at: origin.tokens[0]..<origin.tokens[0] + 1, in: origin.file),
                    ] + otherViewNotes(witnesses.dropFirst(), first: write, parent: parent, child: child, context: context),
                    help: "observe `\(property.name)` directly in a subview (`@ObservedObject var \(property.name): \(child.name)`), forward its `objectWillChange` to `\(parent.name)`'s, or adopt `@Observable`")
            }
        }
    }

    /// A write that changes the child's `member` after the child may have reached a view: of
    /// the member itself, or, for a computed property or method, of a stored property its
    /// code reads.
    private typealias Witness = (name: String, member: String, site: TokenLocation, context: String)

    /// `calling`: the read calls the child's method `member` (`manager.isSplit(for: id)`),
    /// which is not a read of a stored property of the same base name.
    /// `relayed`: the child's properties whose changes the parent relays (`child.$text.sink`).
    /// A view's write next to a change it makes to the parent (`model.selected = tab;
    /// tab.isOpen = true`) is announced by the parent.
    /// `onlyOtherCode`: the parent announces its own changes of the child, so only writes
    /// other types' code makes through a reference (a view's action) are left.
    private func childWrite(
        changing member: String, calling: Bool, of child: TypeInfo, in parent: TypeInfo, relayed: Set<String>,
        onlyOtherCode: Bool = false, announcedCalls: Set<String> = [], index: ProjectIndex
    ) -> Witness? {
        let changes = index.changes(of: child)
        var names = calling ? [] : [member]
        let lineage = index.typeAndAncestors(of: child)
        let bodies = lineage.flatMap(\.properties).filter { !calling && $0.property.name == member && $0.property.isComputed }
            .compactMap { owner in owner.property.accessors.first { $0.kind == .get || $0.kind == .read }?.body.map { (owner.file, $0) } }
            + lineage.flatMap(\.functions).filter { $0.function.name == member }.compactMap { owner in owner.function.body.map { (owner.file, $0) } }
        for (fileIndex, body) in bodies {
            let file = index.files[fileIndex]
            for token in body where file.kind(token) == .identifier && file.isOwnMemberReference(token) {
                let name = file.text(token)
                if !names.contains(name), changes.properties.contains(where: { $0.property.name == name }) { names.append(name) }
            }
        }
        for name in names where !relayed.contains(name) {
            let candidates = changes.writes(of: name).filter {
                $0.phase == .afterHandout && !(onlyOtherCode && !isMadeByOtherCode($0, than: parent, index: index))
                    && !isAnnounced($0, by: parent, index: index) && !isAnnouncedByEveryCall($0, by: parent, index: index)
            }
            // Where the parent announces some of its calls, a write in a method it calls that
            // way is the weakest witness, and one in code that runs later than the call
            // making it (a completion handler) the clearest.
            let uncovered = candidates.filter { !isMadeInCall(of: announcedCalls, $0, child: child, index: index) }
            let later = announcedCalls.isEmpty ? nil : uncovered.first { $0.place?.closure != nil }
            if let write = later ?? uncovered.first ?? candidates.first {
                return (name, write.member, write.site, write.contextDescription(in: index))
            }
        }
        return nil
    }

    /// Whether the parent announces a write to the child in the flow that makes it: the
    /// parent's own code (`tab.isOpen = true; tabs.append(tab)`), a view's that changes
    /// the parent there too (`model.selected = tab; tab.isOpen = true`), or a closure the
    /// parent holds and runs only where it announces (`ProjectIndex.announcingClosureHolder`).
    private func isAnnounced(_ write: PropertyWrite, by parent: TypeInfo, index: ProjectIndex) -> Bool {
        guard let writer = write.writer else { return false }
        let lineage = index.typeAndAncestors(of: parent)
        if lineage.contains(where: { $0.name == writer.type }) { return !index.writerFlows(of: write).isEmpty }
        if let holder = index.announcingClosureHolder(of: write), lineage.contains(where: { $0.name == holder }) { return true }
        return index.isAnnouncedOnObject(of: parent, by: write)
    }

    /// Whether every call running a write in the child's own method comes from the
    /// parent's code, in a flow that announces on the parent (`ProjectIndex.announcingCallers`:
    /// `child.rollback(id)` two lines before `objectWillChange.send()`, or through the child's
    /// own methods that run on into such a call): the parent's views render again and read it.
    private func isAnnouncedByEveryCall(_ write: PropertyWrite, by parent: TypeInfo, index: ProjectIndex) -> Bool {
        guard let callers = index.announcingCallers(of: write) else { return false }
        let family = Set((index.typeAndAncestors(of: parent) + index.typeAndSubtypes(of: parent)).map(\.name))
        return callers.isSubset(of: family)
    }

    /// A view changing the child's member through the parent (`$parent.child.name` handed
    /// to a control, `parent.child.name = x` in an action). A binding writes what it
    /// projects back along its path (`parent.child = child` after setting `name`), so
    /// through an announcing property (`@Published var child`) its writes are announced.
    private func viewWrite(
        of member: String, through property: String, in parent: TypeInfo, announcing: Set<String>, index: ProjectIndex
    ) -> Witness? {
        for owner in index.typeAndAncestors(of: parent) {
            for mutation in index.viewMutations[owner.name] ?? []
            where mutation.path.count >= 2 && mutation.path[0] == property && mutation.path[1] == member
                && !(announcing.contains(property) && isBinding(mutation, in: index.files[mutation.file]))
            {
                return (member, "`\(mutation.view.simpleTypeName)`", TokenLocation(file: mutation.file, token: mutation.tokens[1]), "")
            }
        }
        return nil
    }

    /// `$parent.child.name`: a binding to the member, projected from the view's `$parent`.
    private func isBinding(_ mutation: ViewModelMutation, in file: ParsedFile) -> Bool {
        let first = mutation.tokens[0]
        return file.kind(first - 1) == .period && file.kind(first - 2) == .dollarIdentifier
    }

    /// Whether the parent announces the changes it makes to the child: there is one, and
    /// every place of its code that changes the child after initialization (assigns its
    /// members, calls its methods) announces in the same flow (`child.select(id);
    /// objectWillChange.send()`). An awaited call (`await child.load()`) is not covered: the
    /// child changes while the parent waits. A call of a child's method that only reads
    /// (`child.activeDevice()`, `ProjectIndex.stateChangingFunctions`) changes nothing.
    private func announcesItsChanges(
        of name: String, holding child: TypeInfo, in parent: TypeInfo, changes: TypeChanges, index: ProjectIndex
    ) -> Bool {
        let accesses = index.memberAccesses(of: parent)
        let readOnly = readingMethods(of: child, index: index)
        let sites = ((accesses.mutations[name] ?? []) + (accesses.calls[name] ?? []).filter { site in
            calledMethod(at: site, in: index.files[site.file]).map { !readOnly.contains($0) } ?? true
        }).filter { site in
            let file = index.files[site.file]
            var next = site.token + 1
            if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
            return !site.inInitializer && file.kind(next) == .period
        }
        return !sites.isEmpty
            && sites.allSatisfy { site in
                !isAwaited(site, in: index.files[site.file]) && !changes.flows(at: site).isEmpty
                    && !changesChildLater(at: site, child: child, index: index)
            }
    }

    /// The child's methods that change nothing when called: declared in its code, none
    /// changing its state.
    private func readingMethods(of child: TypeInfo, index: ProjectIndex) -> Set<String> {
        let lineage = index.typeAndAncestors(of: child) + index.typeAndSubtypes(of: child).dropFirst()
        let declared = Set(lineage.flatMap(\.functions).filter { $0.function.kind == .function }.map(\.function.name))
        return declared.subtracting(index.stateChangingFunctions(of: child))
    }

    /// `child.load()`, `child?.load()`: the method called right on the child at a call site
    /// of `MemberAccesses.calls`; nil when the call is further along (`child.list.reload()`).
    private func calledMethod(at site: MemberSite, in file: ParsedFile) -> String? {
        var next = site.token + 1
        if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
        guard file.kind(next) == .period, file.kind(next + 2) == .leftParen else { return nil }
        return file.text(next + 1)
    }

    /// `await child.load()`, `try await self.child.load()`.
    private func isAwaited(_ site: MemberSite, in file: ParsedFile) -> Bool {
        var previous = site.token - 1
        if file.kind(previous) == .period, file.at(previous - 1, "self") { previous -= 2 }
        return file.at(previous, "await")
    }

    /// Whether the parent relays the child's changes in code that runs
    /// (`ProjectIndex.forwarding(of:in:)`).
    func forwardsChanges(of name: String, in parent: TypeInfo, index: ProjectIndex) -> Bool {
        index.forwarding(of: name, in: parent) != nil
    }

    /// The child's properties that change after initialization (`ProjectIndex.changingMembers`):
    /// a `let`, a `var` only initialization sets, or a computed property reading only such
    /// members never changes, so no view misses a change of it. For a collection of
    /// children, element accessors (`first`, `last`) lead to an element's members.
    struct ChildState {
        let variables: Set<String>
        let isCollection: Bool

        /// The child's methods (`isSplit(for:)`), by name.
        let methods: Set<String>
        /// The views that observe an object of the child's type themselves
        /// (`@ObservedObject var filters: Filters`): its own announcements update them.
        let observers: Set<String>

        init(of child: TypeInfo, isCollection: Bool, index: ProjectIndex) {
            let lineage = index.typeAndAncestors(of: child)
            let properties = lineage.flatMap(\.properties).map(\.property.name)
            variables = index.changingMembers(of: child).intersection(properties)
            methods = Set(lineage.flatMap(\.functions).filter { $0.function.kind == .function }.map(\.function.name))
            observers = Set(
                index.observedAs(child).flatMap { index.modelHolders[$0] ?? [] }
                    .filter { ProjectIndex.observingWrappers.contains($0.wrapper ?? "") }.map(\.holder))
            self.isCollection = isCollection
        }

        /// Whether `read` calls the child's method at its member (`manager.isSplit(for: id)`)
        /// rather than reading a stored property of the same base name (`manager.isSplit`);
        /// nil when the path reaches the member through a local (`let split =
        /// manager.isSplit(for: id)`, then `split`), whose binding the read does not show.
        func callsMethod(_ read: RenderRead, index: ProjectIndex) -> Bool? {
            var position = 1
            while isCollection, position < read.path.count - 1, Self.elementAccessors.contains(read.path[position]) { position += 1 }
            guard position < read.path.count, methods.contains(read.path[position]) else { return false }
            // The read's tokens name the end of its path; a local bound to its start is the
            // first token when there are fewer tokens than names.
            let token = read.tokens.count - (read.path.count - position)
            guard token > 0 || read.tokens.count == read.path.count else { return nil }
            return index.files[read.file].kind(read.tokens[token] + 1) == .leftParen
        }

        private static let elementAccessors: Set<String> = ["first", "last", "values", "randomElement"]

        /// Whether `path` (after the child property) reads a child's `var`.
        func isRead(by path: [String]) -> Bool {
            member(readBy: path) != nil
        }

        /// The child's changing member `path` (after the child property) reads.
        func member(readBy path: [String]) -> String? {
            var member = 1
            while isCollection, member < path.count - 1, Self.elementAccessors.contains(path[member]) { member += 1 }
            return member < path.count && variables.contains(path[member]) ? path[member] : nil
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
        renderReads(through: name, childState: childState, readers: readers, index: index, counts: counts).first
    }

    /// Every read `renderRead(through:childState:readers:index:counts:)` accepts, in the
    /// readers' order.
    func renderReads(
        through name: String, childState: ChildState, readers: [String], index: ProjectIndex,
        counts: (ViewModelRead) -> Bool = { $0.reference.observesObjectWillChange }
    ) -> [RenderRead] {
        readers.flatMap { reader -> [RenderRead] in
            let subscribing = Set(
                (index.viewReads[reader] ?? []).filter { $0.path.count >= 2 && $0.path[0] == name && isPublisherName($0.path[1]) }
                    .map(\.view))
            return index.renderReads(of: reader).filter {
                $0.path.count >= 2 && $0.path[0] == name && childState.isRead(by: $0.path) && $0.staysInViewModel
                    && counts($0.origin) && !subscribing.contains($0.view) && !childState.observers.contains($0.view)
                    && !index.isBuiltOnlyInPreviews($0.view)
            }
        }
    }

    private func isPublisherName(_ name: String) -> Bool {
        name == "objectWillChange" || name.hasPrefix("$")
    }
}

// Witnesses per reading view, and changes a child's method makes after it returns.
extension NestedObservableObject {
    /// For each view reading the child through the parent, its first render read with a
    /// witness write (`witness(read, member, calling)`), in the readers' order: each such
    /// view misses the change.
    private func witnessesByView(
        through name: String, childState: ChildState, readers: [String], index: ProjectIndex,
        witness: (RenderRead, String, Bool) -> Witness?
    ) -> [(read: RenderRead, write: Witness)] {
        // The witness depends on the member read (and whether the read calls it).
        var witnesses: [String: Witness?] = [:]
        var byView: [String: [(read: RenderRead, write: Witness, throughRead: Bool)]] = [:]
        var views: [String] = []
        for read in renderReads(through: name, childState: childState, readers: readers, index: index) {
            guard let member = childState.member(readBy: read.path), let calling = childState.callsMethod(read, index: index) else { continue }
            let key = "\(member) \(calling)"
            let found = witnesses[key] ?? witness(read, member, calling)
            witnesses[key] = found
            guard let write = found else { continue }
            let throughRead = isMade(write, through: read.origin)
            if throughRead, showsItsOwnChanges(read.origin, in: index) { continue }
            if byView[read.view] == nil { views.append(read.view) }
            byView[read.view, default: []].append((read, write, throughRead))
        }
        // A read the control writing through it shows is the weakest: another is cited first.
        let preferred = { (pairs: [(read: RenderRead, write: Witness, throughRead: Bool)]) in pairs.first { !$0.throughRead } ?? pairs.first }
        guard let first = views.first.flatMap({ byView[$0].flatMap(preferred) }) else { return [] }
        // Another view is cited with a read the first witness changes when it has one.
        return [(first.read, first.write)] + views.dropFirst().compactMap { view in
            byView[view].flatMap { pairs in pairs.first { $0.write.site == first.write.site } ?? preferred(pairs) }.map { ($0.read, $0.write) }
        }
    }

    /// The other views that miss a change: their render read, and the write when it is not
    /// one already cited (a few of them).
    private func otherViewNotes(
        _ others: ArraySlice<(read: RenderRead, write: Witness)>, first: Witness, parent: TypeInfo, child: TypeInfo,
        context: RuleContext
    ) -> [DiagnosticNote] {
        var cited: Set<TokenLocation> = [first.site]
        var notes: [DiagnosticNote] = []
        for (read, write) in others.prefix(Self.otherViewLimit) {
            let origin = read.origin
            notes.append(context.note(
                "`\(read.view.simpleTypeName)` does not update either: read while rendering: \(read.description)",
                at: origin.tokens[0]..<origin.tokens[0] + 1, in: origin.file))
            if cited.insert(write.site).inserted {
                notes.append(context.note(
                    "`\(child.name.simpleTypeName).\(write.name)` changes in \(write.member), which `\(parent.name.simpleTypeName)` does not announce\(write.context)",
                    at: write.site.token..<write.site.token + 1, in: write.site.file))
            }
        }
        return notes
    }

    private static let otherViewLimit = 8

    /// Whether the write is made through the binding the read is (`$parent.child.name`
    /// handed to a control).
    private func isMade(_ write: Witness, through read: ViewModelRead) -> Bool {
        read.file == write.site.file && read.tokens.contains(write.site.token)
    }

    /// `TextField("Name", text: $parent.child.name)`, `DatePicker("Start", selection:
    /// $parent.child.start)`: the platform's control shows what the user enters through the
    /// binding itself, so a change made through it leaves that read current (another read of
    /// the value in the view goes stale).
    private func showsItsOwnChanges(_ read: ViewModelRead, in index: ProjectIndex) -> Bool {
        let file = index.files[read.file]
        let first = read.tokens[0]
        guard file.kind(first - 1) == .period, file.kind(first - 2) == .dollarIdentifier, file.kind(first - 3) == .colon,
            file.kind(read.lastToken + 1) == .rightParen || file.kind(read.lastToken + 1) == .comma
        else { return false }
        let label = first - 4
        // The call whose argument list holds the binding.
        var depth = 0
        var current = label - 1
        while current > 0, first - current < 400 {
            switch file.kind(current) {
            case .rightParen, .rightSquare, .rightBrace: depth += 1
            case .leftSquare, .leftBrace:
                if depth == 0 { return false }
                depth -= 1
            case .leftParen:
                if depth == 0 { return Self.selfShowingControls[file.text(current - 1)].map { file.spells(label, $0) } ?? false }
                depth -= 1
            default: break
            }
            current -= 1
        }
        return false
    }

    /// The controls showing their own input, with the label of the binding they show.
    private static let selfShowingControls: [String: String] = [
        "TextField": "text", "SecureField": "text", "TextEditor": "text", "DatePicker": "selection",
    ]

    /// A write made by code of a type other than the parent's (a view's action through a
    /// reference), not by the child's own code.
    private func isMadeByOtherCode(_ write: PropertyWrite, than parent: TypeInfo, index: ProjectIndex) -> Bool {
        guard let writer = write.writer else { return false }
        return !index.typeAndAncestors(of: parent).contains { $0.name == writer.type }
    }

    /// `child.load()` where `load` changes the child after it returns
    /// (`ProjectIndex.functionsChangingLater(of:)`): an announcement next to the call comes
    /// before that change. A call handing the child a closure (`child.load { … }`) may be told
    /// when the change is made, and is left as it was.
    private func changesChildLater(at site: MemberSite, child: TypeInfo, index: ProjectIndex) -> Bool {
        let file = index.files[site.file]
        guard let method = calledMethod(at: site, in: file), index.functionsChangingLater(of: child).contains(method) else { return false }
        var next = site.token + 1
        if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
        guard let call = file.call(at: next + 1, limit: site.body.upperBound) else { return false }
        let passesClosure = !call.trailingClosures.isEmpty
            || (call.arguments.map { arguments in arguments.contains { file.kind($0) == .leftBrace } } ?? false)
        return !passesClosure
    }

    /// The child's methods the parent calls (`child.clear()`) only where its flow announces
    /// the change before the call returns: their own synchronous writes are poor witnesses,
    /// so a write elsewhere is cited first.
    private func methodsCalledWithAnnouncement(
        on name: String, holding child: TypeInfo, in parent: TypeInfo, changes: TypeChanges, index: ProjectIndex
    ) -> Set<String> {
        var covered = Set<String>()
        var uncovered = Set<String>()
        for site in index.memberAccesses(of: parent).calls[name] ?? [] where !site.inInitializer {
            let file = index.files[site.file]
            guard let method = calledMethod(at: site, in: file) else { continue }
            if !isAwaited(site, in: file), !changes.flows(at: site).isEmpty, !changesChildLater(at: site, child: child, index: index) {
                covered.insert(method)
            } else {
                uncovered.insert(method)
            }
        }
        return covered.subtracting(uncovered)
    }

    /// Whether `write` is made by the child's own code, synchronously, in one of `methods`.
    private func isMadeInCall(of methods: Set<String>, _ write: PropertyWrite, child: TypeInfo, index: ProjectIndex) -> Bool {
        guard !methods.isEmpty, write.writer == nil, let place = write.place, place.closure == nil else { return false }
        return index.typeAndAncestors(of: child).contains { owner in
            owner.declarations.contains { declaration in
                declaration.file == place.file
                    && declaration.decl.functions.contains { methods.contains($0.name) && $0.body == place.body }
            }
        }
    }
}
