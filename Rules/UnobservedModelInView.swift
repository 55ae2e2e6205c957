import ObservationLintCore
import ObservationSyntax

public struct UnobservedModelInView: Rule {
    public static let description = RuleDescription(
        id: "unobserved_model_in_view",
        name: "Unobserved model in view",
        category: .ownership,
        group: .suspicious,
        summary: "A view's `body` reads the state of a project class it holds in a way that cannot observe it.",
        rationale: """
            SwiftUI re-renders a view when something it observes changes. A class that is \
            neither `@Observable` nor an `ObservableObject` announces nothing, so changes inside \
            it never update the view, whatever wrapper holds it. An `ObservableObject` announces \
            changes through `objectWillChange`, but only `@StateObject`, `@ObservedObject` and \
            `@EnvironmentObject` subscribe to it: held in `@State` (also when `body` only hands \
            `$model` on to `@Binding`s of views that read it) or a plain `let`/`var`, or read \
            through a shared instance (`Inbox.shared.unread` in a tab label, or a method whose \
            result reads its state: `Catalog.shared.items(in: c)`, a static \
            `Connections.isActive(host)` reading `shared.hosts`), or through a property wrapper \
            whose `wrappedValue` returns the state of an object it keeps without `@StateObject`/ \
            `@ObservedObject` in a `DynamicProperty`, the view keeps showing old values. Reported by default only with the witness, cited in notes in the \
            order things happen: the read while `body` is evaluated (a `Binding(get:set:)`'s \
            getter counts: the control that holds the binding calls it while it renders), and a \
            write to that state (or, for state read from another module's object the model \
            holds, the model's `objectWillChange.send()` that runs as that object reports a \
            change: `for await _ in link.updates { objectWillChange.send() }`) \
            after the object's initializer. State nothing writes once the object is set up \
            cannot go stale and is not reported; nor is a write the called method makes before \
            it returns (a get-or-create cache stores what it then returns), nor an optional \
            property that starts as nil and that no site building the view passes (in an app \
            whose views' builders are all known): the view never holds an object; nor a view \
            only previews and tests build, which never renders in the app (in a library too when \
            the view is `private` or `fileprivate`: its clients cannot build it). Nor is a write that \
            removes the view wherever it is shown: every way the app builds it passes through an \
            ancestor that observes the object and builds that way only in a branch the value \
            written leaves (`user = nil` under `if session.user != nil { Home() }`, with the \
            view below `Home`, through presentations and modifiers of `View` extensions): the \
            view goes before it could show the old value. Nor is a write only views never on \
            screen with the view start (their actions and handlers, through calls into models \
            and services): views in another branch of an `if`/`switch` of a view the app shows \
            once (`JoinScreen` beside `MemberCard` under `if membership.member != nil`); a flow \
            that suspends on the way counts only when that branch tests the field it writes \
            (the write then builds the view). Nor is a write whose \
            synchronous flow (the same function or closure, no `await` between) also writes \
            state the view observes and reads while rendering — its own `@State`/`@Binding` \
            (`selection = a; router.opened = a` in its action), or the `@Binding` of a view it \
            binds to one (`parent.day = date` in a representable's coordinator), or, in the \
            model's code, the field every caller binds the view's `@Binding` to \
            (`Agenda(day: $router.selectedDay)`): SwiftUI runs \
            its body again once the flow returns, and the body reads the new value. A write in \
            a `Task` the action starts is another flow. Nor is a read whose value only seeds \
            the `@State` of a child view built there (`Collapsible(isCollapsed: \
            !Settings.shared.expandNotes)` with `@State var isCollapsed`, or an initializer \
            doing `_x = State(initialValue: x)`): SwiftUI keeps a state's first value for the \
            life of the child's identity, so rendering the reader again would change nothing \
            on screen (unless the value also renews the child: `.id(value)`).
            """,
        fix: """
            For an `ObservableObject`: `@StateObject private var model = Model()` when the view \
            creates it, `@ObservedObject var model: Model` when it is passed in, \
            `@EnvironmentObject` when it comes from the environment. For a plain class: adopt \
            `@Observable` (then `@State`/`let` track what `body` reads).
            """,
        triggeringExamples: [
            // A periodic timeline asks for its content once a minute only.
            """
            final class Fountain {
                var lastTime = 0.0
                func advance(to now: Double) { lastTime = now }
            }
            struct FountainView: View {
                @State private var ↓fountain = Fountain()
                var body: some View {
                    TimelineView(.everyMinute) { timeline in
                        Canvas { context, size in
                            step(now: timeline.date.timeIntervalSinceReferenceDate)
                        }
                    }
                    Text("\\(fountain.lastTime)")
                }
                private func step(now: Double) { fountain.advance(to: now) }
            }
            """,
            // Another control writes the name the field shows.
            """
            final class Login: ObservableObject {
                @Published var username = ""
            }
            struct LoginForm: View {
                @State private var ↓login = Login()
                var body: some View {
                    TextField("User name", text: $login.username)
                    Button("Use e-mail") { login.username = "me@example.com" }
                }
            }
            """,
            // The parser hands the heading out, then goes on filling it.
            """
            final class Heading {
                var lines: [String] = []
                func add(_ line: String) { lines.append(line) }
            }
            final class Book {
                var headings: [Heading] = []
                func parse(_ text: [String]) {
                    var current: Heading?
                    for line in text {
                        if line.hasPrefix("#") {
                            current = Heading()
                            headings.append(current!)
                        } else {
                            current?.add(line)
                        }
                    }
                }
            }
            struct HeadingView: View {
                let ↓heading: Heading
                var body: some View { Text("\\(heading.lines.count) lines") }
            }
            """,
            // The splash's task flips `isReady` first: `Main` is shown when `config` changes.
            """
            @MainActor
            final class Launch: ObservableObject {
                static let shared = Launch()
                @Published var isReady = false
                @Published var config = ""
                func start() async {
                    isReady = true
                    try? await Task.sleep(nanoseconds: 1)
                    config = "loaded"
                }
            }
            struct LaunchRoot: View {
                @ObservedObject private var launch = Launch.shared
                var body: some View {
                    if launch.isReady { Main() } else { Splash() }
                }
            }
            struct Splash: View {
                var body: some View { Text("…").task { await Launch.shared.start() } }
            }
            struct Main: View {
                var body: some View { Text(↓Launch.shared.config) }
            }
            @main struct LaunchApp: App {
                var body: some Scene { WindowGroup { LaunchRoot() } }
            }
            """,
            // Handed on as a binding: no view on the way subscribes to `objectWillChange`.
            """
            final class Draft: ObservableObject {
                @Published var recipient = ""
                func pick(_ name: String) { recipient = name }
            }
            struct Compose: View {
                @State private var ↓draft = Draft()
                var body: some View { RecipientField(draft: $draft) }
            }
            struct RecipientField: View {
                @Binding var draft: Draft
                var body: some View { Button(draft.recipient) { draft.pick("Ann") } }
            }
            """,
            // The state lives in another module's object; the model announces its changes
            // with `objectWillChange.send()` as that object reports them.
            """
            final class Connection: ObservableObject {
                private let link: NetworkLink
                var peers: [String] { link.peers }
                init(link: NetworkLink) {
                    self.link = link
                    Task { for await _ in link.peerUpdates { self.objectWillChange.send() } }
                }
            }
            struct PeersSection: View {
                let ↓connection: Connection
                var body: some View { Text("\\(connection.peers.count) peers") }
            }
            """,
            // The control calls the binding's getter while it renders; flipping it changes
            // `sound`, and nothing renders this view (or the toggle) again.
            """
            final class Settings: ObservableObject {
                @Published var sound = true
            }
            struct SoundSection: View {
                let ↓settings: Settings
                var body: some View {
                    Toggle("Sound", isOn: .init(get: { settings.sound }, set: { settings.sound = $0 }))
                }
            }
            """,
            """
            final class BuildMode {
                static let shared = BuildMode()
                private var resolved: String?
                var current: String {
                    if let resolved { return resolved }
                    let made = ProcessInfo.processInfo.environment["MODE"] ?? "production"
                    resolved = made
                    return made
                }
                func override(_ mode: String) { resolved = mode }
            }
            struct ModeBadge: View {
                var body: some View { Text(↓BuildMode.shared.current) }
            }
            """,
            """
            final class Notifier: ObservableObject {
                @Published var status = 0
                func refresh() { status += 1 }
            }
            struct World { var notifier = Notifier() }
            var Current = World()
            struct StatusView: View {
                var body: some View { Text("\\(↓Current.notifier.status)") }
            }
            """,
            """
            final class Cart: ObservableObject {
                @Published var items: [String] = []
                func add(_ item: String) { items.append(item) }
            }
            struct CartBadge: View {
                @State private var ↓cart = Cart()
                var body: some View { Text("\\(cart.items.count)") }
            }
            """,
            """
            final class Cart: ObservableObject {
                @Published var items: [String] = []
                func add(_ item: String) { items.append(item) }
            }
            struct CartSummary: View {
                let ↓cart: Cart
                var body: some View { Text("\\(cart.items.count) items") }
            }
            """,
            """
            final class Player { var isPlaying = false }
            struct PlayButton: View {
                @State private var ↓player = Player()
                var body: some View {
                    Button(player.isPlaying ? "Pause" : "Play") { player.isPlaying.toggle() }
                }
            }
            """,
            """
            final class Downloader {
                var progress = 0.0
                func receive(_ bytes: Int, of total: Int) { progress = Double(bytes) / Double(total) }
            }
            struct DownloadView: View {
                var ↓downloader: Downloader?
                var body: some View { ProgressView(value: downloader?.progress ?? 0) }
            }
            """,
            """
            final class Clock: ObservableObject {
                @Published var time = Date()
                func tick() { time = Date() }
            }
            struct ClockPanel: View {
                let ↓clock = Clock()
                var body: some View { Text(clock.time, style: .time) }
            }
            final class ClockController: NSViewController {
                override func loadView() { view = NSHostingView(rootView: ClockPanel()) }
            }
            """,
            """
            final class Catalog: ObservableObject {
                static let shared = Catalog()
                @Published var items: [String: [String]] = [:]
                func items(in category: String) -> [String] { items[category] ?? [] }
                func load(_ category: String) { items[category] = ["a"] }
            }
            struct CategoryGrid: View {
                let category: String
                var body: some View { Text("\\(↓Catalog.shared.items(in: category).count)") }
            }
            """,
            """
            final class Connections: ObservableObject {
                static var shared = Connections()
                @Published var hosts: [String] = []
                static func isActive(_ host: String) -> Bool { shared.hosts.contains(host) }
                static func track(_ host: String) { shared.hosts.append(host) }
            }
            struct HostRow: View {
                let host: String
                var body: some View { Text(host).opacity(↓Connections.isActive(host) ? 1 : 0.5) }
            }
            """,
            """
            final class Box<Value>: ObservableObject {
                @Published var value: Value
                init(_ value: Value) { self.value = value }
                func set(_ new: Value) { Task { @MainActor in self.value = new } }
            }
            @propertyWrapper struct Deferred<Value> {
                private let box: Box<Value>
                init(wrappedValue: Value) { box = Box(wrappedValue) }
                var wrappedValue: Value {
                    get { box.value }
                    nonmutating set { box.set(newValue) }
                }
            }
            struct ProgressLabel: View {
                let progress: Int
                @Deferred private var ↓shown = 0
                var body: some View { Text("\\(shown)").onChange(of: progress) { _, new in shown = new } }
            }
            """,
            """
            class Prompt<Answer>: ObservableObject {
                @Published var show = false
                func open() { Task { @MainActor in self.show = true } }
            }
            typealias YesNoPrompt = Prompt<Bool>
            struct LinkPage: View {
                @State private var ↓prompt = YesNoPrompt()
                var body: some View { Text("Link").alert("Open?", isPresented: $prompt.show) { Button("OK") {} } }
            }
            """,
            """
            final class Inbox: ObservableObject {
                static let shared = Inbox()
                @Published var unread = 0
                func receive() { unread += 1 }
            }
            struct MainTabs: View {
                var body: some View {
                    TabView {
                        Text("Mail").tabItem { Text("Mail \\(↓Inbox.shared.unread)") }
                    }
                }
            }
            """,
            // The first read only seeds the section's `@State`; the title shows the setting.
            """
            final class Settings: ObservableObject {
                static let shared = Settings()
                @Published var expandNotes = false
                func toggle() { expandNotes.toggle() }
            }
            struct Collapsible: View {
                @State var isCollapsed: Bool
                let title: String
                var body: some View { Text(isCollapsed ? title : "-") }
            }
            struct NotesSection: View {
                var body: some View {
                    Collapsible(isCollapsed: !Settings.shared.expandNotes, title: ↓Settings.shared.expandNotes ? "Open" : "Closed")
                }
            }
            """,
            """
            final class Thumbnails {
                static let shared = Thumbnails()
                private var cache: [String: Image] = [:]
                func thumbnail(for name: String) -> Image { cache[name] ?? Image(name) }
                func clear() { cache = [:] }
                func preload(_ name: String) { cache[name] = Image(name) }
            }
            struct Thumbnail: View {
                let name: String
                var body: some View { ↓Thumbnails.shared.thumbnail(for: name) }
            }
            """,
            """
            final class Expansion: ObservableObject {
                @Published var url: String?
                func expand(_ url: String) { self.url = url }
            }
            struct Thumbnail: View {
                let name: String
                var ↓expansion: Expansion? = nil
                var body: some View {
                    Text(name).opacity(expansion?.url == name ? 0 : 1).onTapGesture { expansion?.expand(name) }
                }
            }
            struct Gallery: View {
                @StateObject private var expansion = Expansion()
                var body: some View { Thumbnail(name: "a", expansion: expansion) }
            }
            @main struct GalleryApp: App {
                var body: some Scene { WindowGroup { Gallery() } }
            }
            """,
            // Another user keeps the branch the observing `Shell` builds: the badge stays.
            """
            final class Session: ObservableObject {
                static let shared = Session()
                @Published var user: String? = "a"
                func switchUser() { user = "b" }
            }
            struct Shell: View {
                @ObservedObject private var session = Session.shared
                var body: some View {
                    if session.user != nil { Home() } else { Text("Signed out") }
                }
            }
            struct Home: View {
                var body: some View { NavigationStack { Badge() } }
            }
            struct Badge: View {
                var body: some View {
                    VStack {
                        Text(↓Session.shared.user ?? "")
                        Button("Switch") { Session.shared.switchUser() }
                    }
                }
            }
            @main struct ProfileApp: App {
                var body: some Scene { WindowGroup { Shell() } }
            }
            """,
            """
            final class Session: ObservableObject {
                static let shared = Session()
                @Published var user: String?
                func logIn(_ name: String) { user = name }
            }
            struct SignedInBadge: View {
                var body: some View { Text(↓Session.shared.user ?? "guest") }
            }
            struct LogInButton: View {
                var body: some View { Button("Log in") { Session.shared.logIn("a") } }
            }
            @main struct ProfileApp: App {
                var body: some Scene { WindowGroup { VStack { SignedInBadge(); LogInButton() } } }
            }
            """,
            // The state write runs in the action; the model's write later, in a `Task`.
            """
            final class Router: ObservableObject { @Published var opened = "" }
            struct Menu: View {
                @State private var selection = ""
                let ↓router: Router
                var body: some View {
                    Text(selection)
                    Text(router.opened)
                    Button("Open") {
                        selection = "a"
                        Task { @MainActor in router.opened = "a" }
                    }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // Read only in an animation timeline's content, which is drawn again every frame.
            """
            final class Fountain {
                var lastTime = 0.0
                func advance(to now: Double) { lastTime = now }
            }
            struct FountainView: View {
                @State private var fountain = Fountain()
                var body: some View { canvas }
                private var canvas: some View {
                    TimelineView(.animation) { timeline in
                        Canvas { context, size in
                            step(now: timeline.date.timeIntervalSinceReferenceDate)
                        }
                    }
                }
                private func step(now: Double) {
                    if fountain.lastTime < now { fountain.advance(to: now) }
                }
            }
            """,
            // Only the text field writes the name, and it shows what it wrote.
            """
            final class Login: ObservableObject {
                @Published var username = ""
            }
            struct LoginForm: View {
                @State private var login = Login()
                var body: some View {
                    TextField("User name", text: $login.username)
                }
            }
            """,
            // The setting only seeds the sections' `@State`s (memberwise, or `_x =
            // State(initialValue:)`): SwiftUI keeps a state's first value for the life of the
            // section, so rendering the parent again would change nothing on screen.
            """
            final class Settings: ObservableObject {
                static let shared = Settings()
                @Published var expandNotes = false
                func toggle() { expandNotes.toggle() }
            }
            struct Collapsible: View {
                @State var isCollapsed: Bool = true
                var body: some View { Text(isCollapsed ? "+" : "-") }
            }
            struct Folding: View {
                @State private var isOpen: Bool
                init(open: Bool) { _isOpen = State(initialValue: open) }
                var body: some View { Text(isOpen ? "-" : "+") }
            }
            struct NotesSection: View {
                var body: some View {
                    Collapsible(isCollapsed: !Settings.shared.expandNotes)
                    Folding(open: Settings.shared.expandNotes)
                }
            }
            """,
            // The parser fills each heading before it hands it out: setup, before any view.
            """
            final class Heading {
                var lines: [String] = []
                func add(_ line: String) { lines.append(line) }
            }
            enum Parser {
                static func parse(_ text: [String]) -> Heading? {
                    var current: Heading?
                    for line in text {
                        if current == nil { current = Heading() }
                        current?.add(line)
                    }
                    return current
                }
            }
            struct HeadingView: View {
                let heading: Heading
                var body: some View { Text("\\(heading.lines.count) lines") }
            }
            """,
            // The same action changes `photo`, which `body` reads: the view renders again.
            """
            @Observable final class Camera { var photo = "" }
            final class Scan { var text = "" }
            struct ScanView: View {
                @Bindable var camera: Camera
                @State private var scan = Scan()
                var body: some View {
                    Text(camera.photo)
                    Text(scan.text)
                    Button("Clear") {
                        camera.photo = ""
                        scan.text = ""
                    }
                }
            }
            """,
            // `$confirming` hands the alert a binding made from the value `body` read.
            """
            final class Mode { var isOn = false }
            struct ModeView: View {
                @State private var mode = Mode()
                @State private var confirming = false
                var body: some View {
                    Button("Toggle") {
                        mode.isOn.toggle()
                        confirming = true
                    }
                    .alert("Mode \\(mode.isOn ? "on" : "off")", isPresented: $confirming) {}
                }
            }
            """,
            // Only the join screen starts the join, and the root shows it in the other branch
            // than the card: the write (of the field the branch tests) builds the card.
            """
            @MainActor
            final class Membership: ObservableObject {
                static let shared = Membership()
                @Published var member: String?
                func join(_ name: String) async {
                    try? await Task.sleep(nanoseconds: 1)
                    member = name
                }
            }
            struct MembershipRoot: View {
                @ObservedObject private var membership = Membership.shared
                var body: some View {
                    if membership.member != nil { MemberCard() } else { JoinScreen() }
                }
            }
            struct JoinScreen: View {
                var body: some View { Button("Join") { Task { await Membership.shared.join("ann") } } }
            }
            struct MemberCard: View {
                var body: some View { Text(Membership.shared.member ?? "") }
            }
            @main struct MembershipApp: App {
                var body: some Scene { WindowGroup { MembershipRoot() } }
            }
            """,
            // The action also writes the view's own state: the body runs again and reads the
            // new value.
            """
            final class Router: ObservableObject { @Published var opened = "" }
            struct Menu: View {
                @State private var selection = ""
                let router: Router
                var body: some View {
                    Text(selection)
                    Text(router.opened)
                    Button("Open") {
                        selection = "a"
                        router.opened = "a"
                    }
                }
            }
            """,
            // The router's method also writes the field the agenda's `@Binding` is bound to.
            """
            final class Router: ObservableObject {
                @Published var selectedDay = 0
                @Published var openedDay: Int?
                func open(_ day: Int) {
                    selectedDay = day
                    openedDay = day
                }
            }
            struct Agenda: View {
                @Binding var day: Int
                let router: Router
                var body: some View {
                    Text("\\(day)")
                    Text("\\(router.openedDay ?? 0)")
                }
            }
            struct Screen: View {
                @EnvironmentObject var router: Router
                var body: some View { Agenda(day: $router.selectedDay, router: router) }
            }
            """,
            // The coordinator first writes the picker's `@Binding`, bound to the agenda's own
            // `@Binding`, which its body reads.
            """
            final class Router: ObservableObject { @Published var openedDay: Date? }
            struct DayPicker: UIViewRepresentable {
                @Binding var day: Date?
                let router: Router
                func makeUIView(context: Context) -> UIDatePicker { UIDatePicker() }
                func updateUIView(_ view: UIDatePicker, context: Context) {}
                func makeCoordinator() -> Coordinator { Coordinator(self) }
                final class Coordinator: NSObject {
                    var parent: DayPicker
                    init(_ parent: DayPicker) { self.parent = parent }
                    func picked(_ date: Date) {
                        parent.day = date
                        parent.router.openedDay = date
                    }
                }
            }
            struct Agenda: View {
                @Binding var day: Date?
                let router: Router
                var body: some View {
                    Text(day?.description ?? "")
                    DayPicker(day: $day, router: router)
                    Text(router.openedDay?.description ?? "")
                }
            }
            """,
            // The child that reads it observes it.
            """
            final class Draft: ObservableObject {
                @Published var recipient = ""
                func pick(_ name: String) { recipient = name }
            }
            struct Compose: View {
                @State private var draft = Draft()
                var body: some View { RecipientField(draft: draft) }
            }
            struct RecipientField: View {
                @ObservedObject var draft: Draft
                var body: some View { Button(draft.recipient) { draft.pick("Ann") } }
            }
            """,
            // The parent observes the object and rebuilds the slide with a closure, which
            // SwiftUI never finds equal: the slide's body runs on every change.
            """
            final class Progress: ObservableObject {
                @Published var percent = 0
                func load() { percent = 1 }
            }
            struct Slide: View {
                let progress: Progress
                let onOpen: () -> Void
                var body: some View { Text("\\(progress.percent)%") }
            }
            struct Outline: View {
                @StateObject private var progress = Progress()
                var body: some View { Slide(progress: progress, onOpen: { progress.load() }) }
            }
            """,
            // No send runs as the other module's object reports a change.
            """
            final class Connection: ObservableObject {
                private let link: NetworkLink
                var peers: [String] { link.peers }
                init(link: NetworkLink) { self.link = link }
                func refresh() { objectWillChange.send() }
            }
            struct PeersSection: View {
                let connection: Connection
                var body: some View { Text("\\(connection.peers.count) peers") }
            }
            """,
            // The shared read is in a method only `.onAppear` calls; `selection?.name` in a
            // computed property the body reads names the `@State`, not the method.
            """
            final class Inbox: ObservableObject {
                static let shared = Inbox()
                @Published var folders: [String] = []
                func reload() { folders = ["Mail"] }
            }
            struct FolderPicker: View {
                @State private var selection: String?
                private var title: String { selection?.uppercased() ?? "None" }
                var body: some View {
                    Text(title).onAppear { selection = selection(for: "Mail") }
                }
                private func selection(for name: String) -> String? { Inbox.shared.folders.first { $0 == name } }
            }
            """,
            // The getter fills the value as it is read: every read returns what it wrote.
            """
            final class BuildMode {
                static let shared = BuildMode()
                private var resolved: String?
                var current: String {
                    if let resolved { return resolved }
                    let made = ProcessInfo.processInfo.environment["MODE"] ?? "production"
                    resolved = made
                    return made
                }
            }
            struct ModeBadge: View {
                var body: some View { Text(BuildMode.shared.current) }
            }
            """,
            // The object the view observes relays the device's changes through another.
            """
            final class Devices: ObservableObject {
                static let shared = Devices()
                @Published var current: String?
                func select(_ name: String) { current = name }
            }
            final class Profile: ObservableObject {
                private let devices = Devices.shared
                private var subscriptions = Set<AnyCancellable>()
                init() {
                    devices.$current.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &subscriptions)
                }
            }
            final class ButtonSettings: ObservableObject {
                static let shared = ButtonSettings()
                @PublishedObject private var profile = Profile()
            }
            struct GestureSection: View {
                @ObservedObject var settings: ButtonSettings = .shared
                var body: some View { Text(Devices.shared.current ?? "None") }
            }
            """,
            """
            final class Thumbnails {
                static let shared = Thumbnails()
                private var cache: [String: Image] = [:]
                func thumbnail(for name: String) -> Image {
                    if let image = cache[name] { return image }
                    let image = Image(name)
                    store(image, for: name)
                    return image
                }
                private func store(_ image: Image, for name: String) { cache[name] = image }
            }
            struct Thumbnail: View {
                let name: String
                var body: some View { Thumbnails.shared.thumbnail(for: name) }
            }
            """,
            """
            final class Formatters {
                static let shared = Formatters()
                private var formatters: [String: DateFormatter] = [:]
                func formatter(for format: String) -> DateFormatter {
                    formatters[format] ?? {
                        let made = DateFormatter()
                        made.dateFormat = format
                        formatters[format] = made
                        return made
                    }()
                }
            }
            struct Stamp: View {
                let date: Date
                var body: some View { Text(Formatters.shared.formatter(for: "HH:mm").string(from: date)) }
            }
            """,
            """
            @Observable final class Cart { var items: [String] = [] }
            struct CartBadge: View {
                let cart: Cart
                @State private var local = Cart()
                var body: some View { Text("\\(cart.items.count + local.items.count)") }
            }
            """,
            """
            final class Cart: ObservableObject { @Published var items: [String] = [] }
            struct CartBadge: View {
                @ObservedObject var cart: Cart
                var body: some View { Text("\\(cart.items.count)") }
            }
            """,
            """
            final class Cart: ObservableObject { @Published var items: [String] = [] }
            struct CheckoutButton: View {
                let cart: Cart
                var body: some View { Button("Checkout") { print(cart.items) } }
            }
            """,
            """
            struct Price { var amount = 0 }
            struct PriceTag: View {
                let price: Price
                var body: some View { Text("\\(price.amount)") }
            }
            """,
            """
            final class Document: ObservableObject {
                @Published var title = ""
                var text = ""
                func load() { text = "…" }
            }
            struct DocumentPreview: View {
                let document: Document
                var body: some View {
                    Text(document.text)
                        .onReceive(document.$title) { print($0) }
                }
            }
            """,
            """
            struct RemoteView: View {
                let client: APIClient
                var body: some View { Text(client.baseURL.absoluteString) }
            }
            """,
            """
            final class Cart: ObservableObject { @Published var items: [String] = [] }
            struct CartBadge: View {
                let cart = Cart()
                var body: some View { Text("\\(cart.items.count)") }
            }
            """,
            """
            final class Inbox: ObservableObject {
                static let shared = Inbox()
                @Published var unread = 0
                func receive() { unread += 1 }
            }
            struct MainTabs: View {
                @ObservedObject private var inbox = Inbox.shared
                var body: some View {
                    TabView {
                        Text("Mail").tabItem { Text("Mail \\(Inbox.shared.unread)") }
                    }
                    Button("Clear") { print(Inbox.shared.unread) }
                }
            }
            """,
            """
            final class Notifier: ObservableObject {
                @Published var status = 0
                func refresh() { status += 1 }
            }
            struct World { var notifier = Notifier(); var title = "Status" }
            var Current = World()
            struct StatusView: View {
                @ObservedObject var notifier = Current.notifier
                var body: some View { Text("\\(Current.title): \\(notifier.status)") }
            }
            """,
            """
            final class Catalog: ObservableObject {
                static let shared = Catalog()
                let names: [String] = ["a"]
                @Published var selection = ""
                func name(at i: Int) -> String { names[i] }
                func select(_ name: String) { selection = name }
            }
            struct FirstName: View {
                var body: some View { Text(Catalog.shared.name(at: 0)) }
            }
            """,
            """
            final class Box<Value>: ObservableObject {
                @Published var value: Value
                init(_ value: Value) { self.value = value }
                func set(_ new: Value) { Task { @MainActor in self.value = new } }
            }
            @propertyWrapper struct Deferred<Value>: DynamicProperty {
                @StateObject private var box: Box<Value>
                init(wrappedValue: Value) { _box = StateObject(wrappedValue: Box(wrappedValue)) }
                var wrappedValue: Value {
                    get { box.value }
                    nonmutating set { box.set(newValue) }
                }
            }
            struct ProgressLabel: View {
                let progress: Int
                @Deferred private var shown = 0
                var body: some View { Text("\\(shown)").onChange(of: progress) { _, new in shown = new } }
            }
            """,
            """
            final class ActionBox { var action: (() -> Void)? }
            struct EventRelay: View {
                let action: () -> Void
                @State private var box = ActionBox()
                var body: some View {
                    box.action = action
                    return Color.clear.onTapGesture { box.action?() }
                }
            }
            """,
            """
            struct Gallery: View {
                final class Config { var spacing: CGFloat = 8 }
                var config = Config()
                var body: some View { HStack(spacing: config.spacing) { Text("a") } }
                func spacing(_ value: CGFloat) -> Self {
                    config.spacing = value
                    return self
                }
            }
            struct Home: View {
                var body: some View { Gallery().spacing(12) }
            }
            """,
            """
            final class Expansion: ObservableObject {
                @Published var url: String?
                func expand(_ url: String) { self.url = url }
            }
            struct Thumbnail: View {
                let name: String
                var expansion: Expansion? = nil
                var body: some View {
                    Text(name).opacity(expansion?.url == name ? 0 : 1).onTapGesture { expansion?.expand(name) }
                }
            }
            @main struct GalleryApp: App {
                var body: some Scene { WindowGroup { Thumbnail(name: "a") } }
            }
            """,
            // Signing out makes the observing `Shell` leave the branch that holds the badge,
            // two levels down: the badge goes, it never shows the old user.
            """
            final class Session: ObservableObject {
                static let shared = Session()
                @Published var user: String? = "a"
                func signOut() { user = nil }
            }
            struct Shell: View {
                @ObservedObject private var session = Session.shared
                var body: some View {
                    if session.user != nil { Home() } else { Text("Signed out") }
                }
            }
            struct Home: View {
                var body: some View { NavigationStack { Badge() } }
            }
            struct Badge: View {
                var body: some View {
                    VStack {
                        Text(Session.shared.user ?? "")
                        Button("Sign out") { Session.shared.signOut() }
                    }
                }
            }
            @main struct ProfileApp: App {
                var body: some Scene { WindowGroup { Shell() } }
            }
            """,
            """
            final class Session: ObservableObject {
                static let shared = Session()
                @Published var user: String?
                func logIn(_ name: String) { user = name }
            }
            struct SignedInBadge: View {
                var body: some View { Text(Session.shared.user ?? "guest") }
            }
            struct LogInButton: View {
                var body: some View { Button("Log in") { Session.shared.logIn("a") } }
            }
            #Preview { SignedInBadge() }
            @main struct ProfileApp: App {
                var body: some Scene { WindowGroup { LogInButton() } }
            }
            """,
            // A library's `private` view only its file's preview builds.
            """
            final class Theme: ObservableObject {
                @Published var accent = "purple"
            }
            private struct ThemeSample: View {
                @State var theme = Theme()
                var body: some View {
                    Text(theme.accent)
                    Button("Change") { theme.accent = "blue" }
                }
            }
            struct ThemeSample_Previews: PreviewProvider {
                static var previews: some View { ThemeSample() }
            }
            """,
            // The only write runs in `store(_:)`, called only by `safeLogIn(_:)`, which
            // nothing calls: no change happens.
            """
            final class Session: ObservableObject {
                static let shared = Session()
                @Published var user: String?
                func safeLogIn(_ name: String) { store(name) }
                private func store(_ name: String) { user = name }
            }
            struct SignedInBadge: View {
                var body: some View { Text(Session.shared.user ?? "guest") }
            }
            @main struct ProfileApp: App {
                var body: some Scene { WindowGroup { SignedInBadge() } }
            }
            """,
        ],
        autoFix: AutoFix(
            .unsafe,
            reason: "`@StateObject` creates the object once, lazily, and its `$` projection is an `ObservedObject.Wrapper` instead of a `Binding`, so code that uses `$name` or relies on when the object is created may need changes.",
            corrections: [
                RuleCorrection(
                    """
                    final class Stopwatch: ObservableObject { @Published var seconds = 0; func tick() { seconds += 1 } }
                    struct StopwatchLabel: View {
                        @State var ↓stopwatch = Stopwatch()
                        var body: some View { Text("\\(stopwatch.seconds)") }
                    }
                    """,
                    """
                    final class Stopwatch: ObservableObject { @Published var seconds = 0; func tick() { seconds += 1 } }
                    struct StopwatchLabel: View {
                        @StateObject var stopwatch = Stopwatch()
                        var body: some View { Text("\\(stopwatch.seconds)") }
                    }
                    """),
                RuleCorrection(
                    """
                    final class Downloads: ObservableObject { @Published var progress = 0.0; func update() { progress = 1 } }
                    struct DownloadBar: View {
                        @State private var ↓downloads = Downloads()
                        var body: some View { ProgressView(value: downloads.progress) }
                    }
                    """,
                    """
                    final class Downloads: ObservableObject { @Published var progress = 0.0; func update() { progress = 1 } }
                    struct DownloadBar: View {
                        @StateObject private var downloads = Downloads()
                        var body: some View { ProgressView(value: downloads.progress) }
                    }
                    """),
            ]))

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where ViewProperty.isViewLike(decl, view) {
            checkSharedReads(in: view, context: &context)
            for property in decl.properties where ViewProperty.isInstanceStorage(property) {
                checkWrapperRead(of: property, in: view, context: &context)
                let stateAttribute = ViewProperty.swiftUIWrapper("State", on: property, index: index)
                guard stateAttribute != nil || ViewProperty.isPlain(property),
                    ObservableCreatedInViewProperty.reportedModel(property, in: view, context: context) == nil,
                    let held = index.declaredShape(of: property, in: context.file, scope: view.name)?.directName,
                    let model = index.type(named: held, from: view.name), !model.isObservable
                else { continue }
                let isObservableObject = model.isObservableObject
                guard isObservableObject || ViewProperty.isCertainlyPlainClass(model, index: index),
                    !index.staysNil(property, of: view), !index.isBuiltOnlyInPreviews(view.name)
                else { continue }
                let holder = stateAttribute != nil ? "`@State var \(property.name)`" : "`\(property.name)`"
                let readsClause: String
                var readText = ""
                var passedAdvice = ""
                var notes: [DiagnosticNote] = []
                if let (read, write) = stateRead(of: property.name, model: model, view: view, index: index) {
                    readText = "`\(([property.name] + read.path).joined(separator: "."))`"
                    readsClause = "`body` reads \(readText)"
                    notes = [
                        context.note("`body` reads \(readText) here", at: read.lastToken..<read.lastToken + 1, in: read.file),
                        writeNote(write, context: context),
                    ]
                } else if stateAttribute != nil, isObservableObject,
                    let passed = passedRead(of: property.name, from: view, model: model, index: index, depth: 0)
                {
                    // `@State var model` handed on as `$model` to `@Binding`s of views that
                    // read it: none of them subscribes.
                    let last = passed.handOffs[passed.handOffs.count - 1]
                    readsClause = "`\(last.child.withoutTypeKeyPrefixes).body` reads `\(([last.property] + passed.read.path).joined(separator: "."))`"
                    passedAdvice = ", and `@ObservedObject` instead of `@Binding` in the views it is passed to"
                    for handOff in passed.handOffs {
                        notes.append(context.note(
                            "a binding to it is passed here to `\(handOff.child.withoutTypeKeyPrefixes)`, which holds it in `@Binding var \(handOff.property)` and does not subscribe either",
                            at: handOff.site.token..<handOff.site.token + 1, in: handOff.site.file))
                    }
                    notes.append(context.note(
                        "`\(last.child.withoutTypeKeyPrefixes).body` reads `\(([last.property] + passed.read.path).joined(separator: "."))` here",
                        at: passed.read.lastToken..<passed.read.lastToken + 1, in: passed.read.file))
                    notes.append(writeNote(passed.write, context: context))
                } else {
                    continue
                }
                if isObservableObject {
                    let wrapper = createsItself(property, in: view, file: context.file, index: index) ? "@StateObject" : "@ObservedObject"
                    var fixes: [Fix] = []
                    // Handed on as `$name`, the children's `@Binding`s must change with it.
                    if let attribute = stateAttribute, property.initializer != nil, passedAdvice.isEmpty,
                        !isReplaced(property.name, in: view, index: index)
                    {
                        fixes.append(
                            Fix(title: "Use `@StateObject`", edits: [context.edit(replacing: attribute.tokens, with: "@StateObject")]))
                    }
                    context.report(
                        "\(holder) holds the ObservableObject `\(model.name)` without subscribing to its `objectWillChange`: \(readsClause) but does not update when it changes; use `\(wrapper)`\(wrapper == "@ObservedObject" ? " (or `@EnvironmentObject` if it comes from the environment)" : "")\(passedAdvice)",
                        at: property.nameToken..<property.nameToken + 1,
                        notes: notes,
                        help: "`@StateObject` when the view creates the object, `@ObservedObject` when it is passed in, `@EnvironmentObject` when it is injected",
                        fixes: fixes)
                } else {
                    context.report(
                        "\(holder) holds `\(model.name)`, a class that is neither `@Observable` nor an `ObservableObject`: `body` reads \(readText), but changes inside the object never update the view; adopt `@Observable` on `\(model.name)`",
                        at: property.nameToken..<property.nameToken + 1,
                        notes: notes,
                        help: "mark `\(model.name)` `@Observable` (SwiftUI then tracks what `body` reads), or make it an `ObservableObject` held in `@StateObject`/`@ObservedObject`")
                }
            }
        }
    }

    /// `@Debounced var shown = 0` whose property wrapper keeps an object and returns its
    /// state from `wrappedValue` (`get { storage.value }`): SwiftUI observes an object held
    /// by a property wrapper only through `@StateObject`/`@ObservedObject` inside a wrapper
    /// that is a `DynamicProperty`. Otherwise a write to `value` does not update the view
    /// that reads `shown`.
    private func checkWrapperRead(of property: Property, in view: TypeInfo, context: inout RuleContext) {
        let index = context.index
        for attribute in property.attributes where index.mayNameType(simpleName: String(attribute.simpleName)) {
            guard let wrapper = index.type(named: String(attribute.simpleName), from: view.name), wrapper.isValueType,
                wrapper.declarations.contains(where: { $0.decl.attributes.contains(named: "propertyWrapper") })
            else { continue }
            let isDynamic = wrapper.traits.contains(.dynamicProperty)
            for read in index.memberAccesses(of: wrapper).computedReads where read.property.name == "wrappedValue" && read.path.count >= 2 {
                guard let (fileIndex, storage) = wrapper.property(named: read.path[0]), storage.isStored,
                    !isDynamic || !storage.attributes.contains(where: { ProjectIndex.observingWrappers.contains(String($0.simpleName)) }),
                    let held = index.declaredShape(of: storage, in: index.files[fileIndex], scope: wrapper.name)?.directName,
                    let model = index.type(named: held, from: wrapper.name, file: fileIndex), !model.isObservable,
                    model.isObservableObject || ViewProperty.isCertainlyPlainClass(model, index: index)
                else { continue }
                let changing = changingMembers(of: model, publishedOnly: model.isObservableObject, index: index)
                guard changing.contains(read.path[1]),
                    let write = firstWrite(
                        of: read.path[1], in: model, changing: changing, index: index, excluding: removes(view, model: model, index: index)),
                    let bodyRead = renderRead(of: property.name, in: view, index: index), !index.isBuiltOnlyInPreviews(view.name)
                else { continue }
                let wrapperName = String(attribute.simpleName)
                context.report(
                    "`@\(wrapperName) var \(property.name)` returns `\(read.path[0]).\(read.path[1])` of `\(model.name)`, an object its wrapper holds without SwiftUI observing it: `body` reads `\(property.name)` but does not update when `\(read.path[1])` changes",
                    at: property.nameToken..<property.nameToken + 1,
                    notes: [
                        context.note("`body` reads `\(property.name)` here", at: bodyRead.token..<bodyRead.token + 1, in: bodyRead.file),
                        context.note(
                            "`\(wrapperName).wrappedValue` reads `\(read.path[0]).\(read.path[1])` here",
                            at: read.tokens[1]..<read.tokens[1] + 1, in: read.file),
                        writeNote(write, context: context),
                    ],
                    help: model.isObservableObject
                        ? "make `\(wrapperName)` a `DynamicProperty` that holds the object in `@StateObject` (or `@ObservedObject`), or use `@State` and update it yourself"
                        : "adopt `@Observable` on `\(model.name)` (SwiftUI then tracks what `body` reads through the wrapper)")
                return
            }
        }
    }

    /// The first read of the view's own property `name` in content its rendering code
    /// builds (not in an action, not an assignment to it).
    private func renderRead(of name: String, in view: TypeInfo, index: ProjectIndex) -> TokenLocation? {
        for body in ViewCode.renderingBodies(of: view, index: index) {
            let file = index.files[body.file]
            var roles = RenderRoles(body: body.range, file: file, index: index)
            for token in body.range where file.kind(token) == .identifier && file.spells(token, name) {
                guard file.isOwnMemberReference(token), !file.isAssignmentOperator(token + 1), !file.isArgumentLabel(token),
                    roles.role(of: token) == .content, !index.onlySeedsChildState(TokenLocation(file: body.file, token: token))
                else { continue }
                return TokenLocation(file: body.file, token: token)
            }
        }
        return nil
    }

    /// `Store.shared.count` or `Current.inbox.unread` (a global variable, through value
    /// types' stored properties) read while `body` is evaluated (a tab label, a badge),
    /// where `Store` is an ObservableObject or a plain class and the view holds no wrapper
    /// that observes it: a write to `count` does not update the view.
    private func checkSharedReads(in view: TypeInfo, context: inout RuleContext) {
        let index = context.index
        let observedTypes = Set(view.properties.compactMap { fileIndex, property -> String? in
            guard property.attributes.contains(where: { ProjectIndex.observingWrappers.contains(String($0.simpleName)) })
            else { return nil }
            let file = index.files[fileIndex]
            // `: Inbox`, or `= Inbox.shared` / `= Inbox()`.
            let held = index.declaredShape(of: property, in: file, scope: view.name)?.directName
                ?? property.initializer.flatMap { file.kind($0.lowerBound) == .identifier ? file.text($0.lowerBound) : nil }
            return held.flatMap { index.resolve($0, from: view.name) }
        })
        var reported = Set<String>()
        // Per model, once: the members that change (a scan of its whole class hierarchy).
        var changingByModel: [String: Set<String>] = [:]
        let chains = DeclarationChains(of: view, index: index)
        for body in ViewCode.renderingBodies(of: view, index: index) where body.file == context.fileIndex {
            let file = context.file
            var roles = RenderRoles(body: body.range, file: file, index: index)
            var locals: Set<String>?
            for chain in chains.chains(in: body.range, of: body.file, file: file) where chain.names.count >= 2 {
                guard file.kind(chain.root) == .identifier, file.kind(chain.root - 1) != .period else { continue }
                let rootName = file.text(chain.root)
                if locals == nil, index.globalVariableType(named: rootName) != nil {
                    locals = file.localNames(in: body.range).union(body.parameters.map(\.name))
                }
                guard let (model, position) = sharedObject(read: chain, in: view, file: file, locals: locals ?? [], index: index),
                    !model.isObservable, !observedTypes.contains(model.name),
                    model.isObservableObject || ViewProperty.isCertainlyPlainClass(model, index: index)
                else { continue }
                let field = file.text(chain.names[position])
                guard roles.role(of: chain.root) == .content,
                    !index.onlySeedsChildState(TokenLocation(file: body.file, token: chain.root)),
                    reported.insert(model.name + "." + field).inserted
                else { continue }
                let changing = changingByModel[model.name] ?? changingMembers(of: model, publishedOnly: model.isObservableObject, index: index)
                changingByModel[model.name] = changing
                let holder = chain.names[..<position].map { file.text($0) }.joined(separator: ".")
                var notes: [DiagnosticNote] = []
                var read = "`\(holder).\(field)`"
                var changed = field
                let removesView = removes(view, model: model, index: index)
                if changing.contains(field),
                    let write = firstWrite(of: field, in: model, changing: changing, index: index, excluding: removesView)
                {
                    notes.append(writeNote(write, context: context))
                } else if file.kind(chain.names[position] + 1) == .leftParen,
                    let (result, write) = resultRead(ofMethod: field, in: model, changing: changing, index: index, excluding: removesView)
                {
                    // `Store.shared.items(for: c)`: the method's result is computed from `items`.
                    read = "`\(holder).\(field)(…)`"
                    changed = result.path[0]
                    notes.append(context.note(
                        "`\(field)(…)` reads `\(result.path[0])` here", at: result.token..<result.token + 1, in: result.file))
                    notes.append(writeNote(write, context: context))
                } else {
                    continue
                }
                // A view only previews and tests build never renders in the app: no witness.
                guard !index.isBuiltOnlyInPreviews(view.name) else { continue }
                // An object the view observes relays the change: the view renders again.
                guard !index.relaysChanges(of: changed, of: model, to: observedTypes) else { continue }
                let holderName = file.text(chain.names[position - 1])
                let isInstance = position >= 2
                context.report(
                    "`body` reads \(read) without observing `\(model.name)`: the view does not update when `\(changed)` changes",
                    at: chain.root..<chain.names[position] + 1,
                    notes: notes,
                    help: !model.isObservableObject
                        ? "adopt `@Observable` on `\(model.name)` (SwiftUI then tracks what `body` reads)"
                        : isInstance
                            ? "observe it: `@ObservedObject private var \(holderName) = \(holder)`, and read `\(holderName).\(field)\(changed == field ? "" : "(…)")`"
                            : "observe the instance `\(field)(…)` reads with `@ObservedObject`")
            }
        }
    }

    /// One step of an object handed from a view to a child view that does not observe it.
    struct HandOff {
        let site: ViewConstruction
        let child: String
        /// The child's `@Binding` property.
        let property: String
    }

    /// For an object the view holds in `@State var name` without reading it, a view it is
    /// handed to as `$name` (a `@Binding`; through such views in turn, up to three steps)
    /// whose rendering reads state of it that changes later: no view on the path subscribes
    /// to `objectWillChange`. (A plain property on the path is this rule's own finding in
    /// that view; a wrapper that observes ends the path.)
    private func passedRead(
        of name: String, from view: TypeInfo, model: TypeInfo, index: ProjectIndex, depth: Int
    ) -> (handOffs: [HandOff], read: ViewModelRead, write: (field: String, location: TokenLocation, context: String))? {
        guard depth < 3 else { return nil }
        for fileIndex in Set(view.declarations.map(\.file)).sorted() {
            for site in index.viewGraph.constructions(inFile: fileIndex) where site.enclosingType == view.name && site.context != .preview {
                for argument in site.arguments {
                    guard case .binding(let reference, let path) = argument.origin, reference.name == name, path.isEmpty else { continue }
                    guard let child = index.types[site.view], child.name != view.name,
                        let (childFile, property) = filledProperty(labeled: argument.label, in: child, index: index),
                        index.declaredShape(of: property, in: index.files[childFile], scope: child.name)?.directName
                            .flatMap({ index.type(named: $0, from: child.name) })?.name == model.name
                    else { continue }
                    guard ViewProperty.swiftUIWrapper("Binding", on: property, index: index) != nil else { continue }
                    let handOff = HandOff(site: site, child: child.name, property: property.name)
                    if let (read, write) = stateRead(of: property.name, model: model, view: child, index: index) {
                        return ([handOff], read, write)
                    }
                    if let deeper = passedRead(of: property.name, from: child, model: model, index: index, depth: depth + 1) {
                        return ([handOff] + deeper.handOffs, deeper.read, deeper.write)
                    }
                }
            }
        }
        return nil
    }

    /// The stored property of `view` that the argument labeled `label` fills: the property
    /// of that name with the memberwise initializer; with an explicit one, the property it
    /// assigns that parameter to as it is (`self._model = model`).
    private func filledProperty(labeled label: String?, in view: TypeInfo, index: ProjectIndex) -> (Int, Property)? {
        guard let label else { return nil }
        if ViewProperty.hasMemberwiseInit(view) {
            return view.property(named: label).flatMap { $0.1.isStored ? $0 : nil }
        }
        for (fileIndex, property) in view.properties where property.isStored {
            let found = ViewProperty.initializerAssignments(to: property.name, in: view, index: index).contains { entry in
                let file = index.files[entry.file]
                return entry.assignment.value.count == 1
                    && entry.initializer.parameters.contains { $0.label == label && $0.name == file.text(entry.assignment.value.lowerBound) }
            }
            if found { return (fileIndex, property) }
        }
        return nil
    }

    private func writeNote(
        _ write: (field: String, location: TokenLocation, context: String), context: RuleContext
    ) -> DiagnosticNote {
        context.note(
            "`\(write.field)` changes here, \(write.context), and the view does not update",
            at: write.location.token..<write.location.token + 1, in: write.location.file)
    }

    /// A changing member a method's result is computed from, and its first later write.
    private func resultRead(
        ofMethod method: String, in model: TypeInfo, changing: Set<String>, index: ProjectIndex,
        excluding: @escaping (PropertyWrite) -> Bool
    ) -> (ResultRead, (field: String, location: TokenLocation, context: String))? {
        for type in index.typeAndAncestors(of: model) {
            for read in index.resultReads(ofMethod: method, in: type) where changing.contains(read.path[0]) {
                // A write the call itself makes (a get-or-create cache) returns what it wrote.
                let write = firstWrite(of: read.path[0], in: model, changing: changing, index: index) {
                    excluding($0) || index.isMade($0, whileCalling: method, of: model)
                }
                if let write { return (read, write) }
            }
        }
        return nil
    }

    /// The project class whose state a chain reads through an instance every view shares, and
    /// the position of the field read: `Inbox.shared.unread` (a static property of the class),
    /// `Current.notifications.status` or `store.items` (a global variable, through stored
    /// properties of value types, to a class). Nil for other chains, and for a name a local,
    /// a parameter or a member of the view hides.
    private func sharedObject(
        read chain: MemberChain, in view: TypeInfo, file: ParsedFile, locals: Set<String>, index: ProjectIndex
    ) -> (model: TypeInfo, field: Int)? {
        let rootName = file.text(chain.root)
        if RenderingCode.isCapitalizedName(chain.root, in: file), let model = index.type(named: rootName, from: view.name) {
            guard model.isClass else { return nil }
            if chain.names.count == 2 {
                // `Connections.session(for: host)`: a static method, which may read the
                // shared instance (`resultReads(ofMethod:in:)` says what it reads).
                let method = file.text(chain.names[1])
                let isStaticMethod = file.kind(chain.names[1] + 1) == .leftParen && index.typeAndAncestors(of: model).contains { owner in
                    owner.declarations.contains { declaration in
                        declaration.decl.functions.contains {
                            $0.name == method && ($0.modifiers.contains("static") || $0.modifiers.contains("class"))
                        }
                    }
                }
                return isStaticMethod ? (model, 1) : nil
            }
            guard chain.names.count >= 3 else { return nil }
            let holder = file.text(chain.names[1])
            let isShared = index.typeAndAncestors(of: model).contains { owner in
                owner.properties.contains { $0.property.name == holder && ViewProperty.isStatic($0.property) }
            }
            return isShared ? (model, 2) : nil
        }
        guard !locals.contains(rootName), view.property(named: rootName) == nil,
            var current = index.globalVariableType(named: rootName)
        else { return nil }
        var position = 1
        while position < chain.names.count, let info = index.types[current] {
            if info.isClass { return (info, position) }
            guard info.isValueType, let (fileIndex, property) = info.property(named: file.text(chain.names[position])),
                property.isStored, !ViewProperty.isStatic(property),
                let held = index.declaredShape(of: property, in: index.files[fileIndex], scope: info.name)?.directName,
                let next = index.resolve(held, from: info.name)
            else { return nil }
            current = next
            position += 1
        }
        return nil
    }

    /// A read of the model's changing state through the property while `body` is
    /// evaluated (not in the publisher of an `.onReceive(…)`, which observes by hand), and a
    /// write to that state after initialization (SPEC §10: the witness). For an
    /// ObservableObject, state its `objectWillChange` announces: a `@Published` property or
    /// a computed property that reads one (the wrappers the message proposes then update
    /// the view). For a plain class, also a stored `var` that the class's own code (outside
    /// its initializers) or a view changes. `let`s and never-changed `var`s cannot go stale.
    private func stateRead(
        of name: String, model: TypeInfo, view: TypeInfo, index: ProjectIndex
    ) -> (read: ViewModelRead, write: (field: String, location: TokenLocation, context: String))? {
        let reads = (index.viewReads[model.name] ?? []).filter { read in
            read.view == view.name && read.reference.name == name && read.role == .content
                && !isInReceivedPublisher(read, index: index)
                && !index.onlySeedsChildState(TokenLocation(file: read.file, token: read.tokens[0]))
                && !isRedrawnEveryFrame(read, in: view, index: index)
        }
        guard !reads.isEmpty else { return nil }
        // A parent that observes the object and rebuilds the view with an input SwiftUI
        // never finds equal (a closure) runs its body again on every announced change.
        if model.isObservableObject, index.isRenderedAgainOnEveryChange(ofObjectIn: name, of: view) { return nil }
        let changing = changingMembers(of: model, publishedOnly: model.isObservableObject, index: index)
        // A flow that also writes state the view reads runs its body again, which then reads
        // the new value.
        // A write that removes the view wherever it is shown leaves no view showing the old value.
        let removesView = removes(view, model: model, index: index)
        let rendersView = { (write: PropertyWrite) in
            index.viewStateWrite(inFlowOf: write.site, renderedBy: view) != nil || removesView(write)
        }
        for read in reads where changing.contains(read.path[0]) {
            // A binding handed to a control (`TextField(text: $model.name)`): the control
            // shows the value it writes itself.
            let readFile = index.files[read.file]
            let isBinding = readFile.kind(read.tokens[0] - 2) == .dollarIdentifier
            let shownByWriter = { (write: PropertyWrite) in isBinding && write.site == TokenLocation(file: read.file, token: read.tokens[0]) }
            if let write = firstWrite(of: read.path[0], in: model, changing: changing, index: index, excluding: { rendersView($0) || shownByWriter($0) }) {
                return (read, write)
            }
        }
        guard model.isObservableObject else { return nil }
        for read in reads {
            if let change = announcedOutsideChange(of: read.path[0], in: model, index: index) { return (read, change) }
        }
        return nil
    }

    /// For a computed member that reads an object of another module the model holds
    /// (`tunnel.activeProfiles`, `let tunnel: Tunnel`), the model's `objectWillChange.send()`
    /// that runs as that object reports a change: a change the project cannot see, which
    /// only subscribers of `objectWillChange` hear.
    private func announcedOutsideChange(
        of member: String, in model: TypeInfo, index: ProjectIndex
    ) -> (field: String, location: TokenLocation, context: String)? {
        for type in index.typeAndAncestors(of: model) {
            for read in index.memberAccesses(of: type).computedReads where read.property.name == member && read.path.count >= 2 {
                let holder = read.path[0]
                guard let (fileIndex, stored) = index.typeAndAncestors(of: model).lazy.compactMap({ $0.property(named: holder) }).first,
                    stored.isStored,
                    let held = index.declaredShape(of: stored, in: index.files[fileIndex], scope: model.name)?.directName,
                    index.type(named: held, from: model.name) == nil,
                    let send = index.announcements(drivenBy: holder, in: model).first
                else { continue }
                return ("\(holder).\(read.path[1])", send, "announced by `objectWillChange.send()` as `\(holder)` reports a change")
            }
        }
        return nil
    }

    /// Whether a write of `model` removes `view` wherever the app shows it (an ancestor that
    /// observes the object builds it only in a branch the value written leaves, SPEC §10.4):
    /// the view is gone before it could show the old value, so the write is no witness. Nor
    /// is a write that cannot run while the view is shown: only views never on screen with it
    /// start it (`canRun(_:whileShowingAnyInstanceOf:writing:)`).
    private func removes(_ view: TypeInfo, model: TypeInfo, index: ProjectIndex) -> (PropertyWrite) -> Bool {
        { write in
            index.writeRemovesEveryInstance(of: view.name, write.site, ofFieldOf: model)
                || !index.canRun(write.site, whileShowingAnyInstanceOf: view.name, writing: index.files[write.site.file].text(write.site.token))
        }
    }

    /// The first write to a changing stored member, or for a computed one, to a changing
    /// stored member its getter reads.
    private func firstWrite(
        of member: String, in model: TypeInfo, changing: Set<String>, index: ProjectIndex,
        excluding: @escaping (PropertyWrite) -> Bool = { _ in false }
    ) -> (field: String, location: TokenLocation, context: String)? {
        if let write = laterWrite(of: member, in: model, index: index, excluding: excluding) {
            return (member, write.location, write.context)
        }
        for type in index.typeAndAncestors(of: model) {
            for read in index.memberAccesses(of: type).computedReads where read.property.name == member && read.path[0] != member {
                // A value the getter fills as it is read is what every read returns.
                guard changing.contains(read.path[0]),
                    let write = laterWrite(of: read.path[0], in: model, index: index, excluding: {
                        excluding($0) || index.isMade($0, whileReading: member, of: model)
                    })
                else { continue }
                return (read.path[0], write.location, write.context)
            }
        }
        return nil
    }

    /// The first write of a field that can run after a view read it: not one a view's
    /// modifier-style method makes (`func tint(_ c: Color) -> Self { config.tint = c;
    /// return self }`), which runs while the parent builds the view, before its `body`.
    private func laterWrite(
        of field: String, in model: TypeInfo, index: ProjectIndex, excluding: @escaping (PropertyWrite) -> Bool
    ) -> (location: TokenLocation, context: String)? {
        index.modelWrites(of: model, field: field, excluding: excluding).first { !isMadeWhileBuildingView($0.location, index: index) }
    }

    /// Whether the code at `location` is a view's method returning a configured copy of the
    /// view (`-> Self`, `-> Card`), outside closures: the parent calls it on the view value it
    /// builds, in its own rendering code.
    private func isMadeWhileBuildingView(_ location: TokenLocation, index: ProjectIndex) -> Bool {
        let file = index.files[location.file]
        for (decl, info) in index.typeDeclarations(in: location.file) where info.isView && decl.members.contains(location.token) {
            for function in decl.functions where function.kind == .function && !function.modifiers.contains("static") {
                guard let body = function.body, body.contains(location.token), let returned = function.returnType?.text else { continue }
                guard returned == "Self" || returned == String(info.name.simpleTypeName) else { return false }
                return !index.scopes(in: body, of: file).enclosing(location.token).contains(where: \.isClosure)
            }
        }
        return false
    }

    private func changingMembers(of model: TypeInfo, publishedOnly: Bool, index: ProjectIndex) -> Set<String> {
        let lineage = index.typeAndAncestors(of: model)
        var stored: Set<String> = []
        var changing: Set<String> = []
        for type in lineage {
            for (_, property) in type.properties where property.isStored && !property.isLet && !ViewProperty.isStatic(property) {
                stored.insert(property.name)
                if property.attributes.contains(named: "Published") { changing.insert(property.name) }
            }
        }
        var computedReads: [ComputedRead] = []
        for type in lineage {
            let accesses = index.memberAccesses(of: type)
            computedReads += accesses.computedReads
            guard !publishedOnly else { continue }
            for (member, sites) in accesses.mutations where stored.contains(member) && sites.contains(where: { !$0.inInitializer }) {
                changing.insert(member)
            }
        }
        if !publishedOnly {
            for type in index.typeAndSubtypes(of: model) {
                for mutation in index.viewMutations[type.name] ?? [] where stored.contains(mutation.path[0]) {
                    changing.insert(mutation.path[0])
                }
            }
        }
        for read in computedReads where changing.contains(read.path[0]) {
            changing.insert(read.property.name)
        }
        return changing
    }

    /// Whether the read runs only in the content of a `TimelineView(.animation)`, itself or
    /// in a helper every use of which does: the schedule asks for the content at the
    /// display's refresh rate, so each frame reads the current value (`paused:` may stop it).
    private func isRedrawnEveryFrame(_ read: ViewModelRead, in view: TypeInfo, index: ProjectIndex) -> Bool {
        let bodies = ViewCode.renderingBodies(of: view, index: index)
        func inAnimationTimeline(_ token: Int, of body: RenderingBody) -> Bool {
            let file = index.files[body.file]
            return index.scopes(in: body.range, of: file).enclosing(token).contains { scope in
                guard case .closure(let callee?, _) = scope.kind, file.at(callee, "TimelineView"), file.kind(callee + 1) == .leftParen,
                    let schedule = file.argumentList(file.groupRange(callee + 1, limit: file.tokens.count)).first?.value,
                    file.kind(schedule.lowerBound) == .period, file.at(schedule.lowerBound + 1, "animation")
                else { return false }
                return !schedule.contains { file.at($0, "paused") }
            }
        }
        func usedOnlyInAnimationTimelines(_ member: String, depth: Int) -> Bool {
            guard member != "body", depth < 4 else { return false }
            var used = false
            for body in bodies where body.name != member {
                let file = index.files[body.file]
                for token in body.range where file.kind(token) == .identifier && file.spells(token, member) && file.isOwnMemberReference(token) {
                    guard inAnimationTimeline(token, of: body) || usedOnlyInAnimationTimelines(body.name, depth: depth + 1) else { return false }
                    used = true
                }
            }
            return used
        }
        guard let body = bodies.first(where: { $0.file == read.file && $0.range.contains(read.tokens[0]) }) else { return false }
        return inAnimationTimeline(read.tokens[0], of: body) || usedOnlyInAnimationTimelines(body.name, depth: 0)
    }

    /// `.onReceive(model.publisher) { … }`: the view subscribes to the object by hand.
    private func isInReceivedPublisher(_ read: ViewModelRead, index: ProjectIndex) -> Bool {
        let file = index.files[read.file]
        var token = read.tokens[0] - 1
        var steps = 0
        // Walk out through the enclosing brackets of the read, up to the statement's start.
        while token >= 0, steps < 400 {
            if file.kind(token) == .rightParen || file.kind(token) == .rightSquare || file.kind(token) == .rightBrace {
                let open = Int(file.partner[token])
                if open >= 0, open < token { token = open - 1; steps += 1; continue }
            }
            if file.kind(token) == .leftBrace { return false }
            if file.kind(token) == .leftParen, file.at(token - 1, "onReceive") { return true }
            token -= 1
            steps += 1
        }
        return false
    }

    /// Whether the view creates the object itself: an initial value, or an initializer
    /// assigning a constructor call (`self.m = M()`, `_m = State(initialValue: M())`).
    /// Otherwise it comes from the parent.
    private func createsItself(_ property: Property, in view: TypeInfo, file: ParsedFile, index: ProjectIndex) -> Bool {
        // `var draft: Draft? = nil` waits for a caller's object.
        if let initial = property.initializer {
            return !(initial.count == 1 && file.at(initial.lowerBound, "nil"))
        }
        return ViewProperty.initializerAssignments(to: property.name, in: view, index: index).contains { entry in
            let file = index.files[entry.file]
            var value = entry.assignment.value
            if entry.throughStorage {
                guard let wrapped = file.wrapperInitialValue(in: value, wrappers: ["State"]) else { return false }
                value = wrapped
            }
            return index.constructedType(in: value, file: file, scope: view.name, contextualType: property.type) != nil
        }
    }

    /// Whether the view assigns the property itself anywhere (`model = …`): then
    /// `@StateObject`, whose value cannot be set, is no drop-in replacement.
    private func isReplaced(_ name: String, in view: TypeInfo, index: ProjectIndex) -> Bool {
        view.declarations.contains { declaration in
            let file = index.files[declaration.file]
            return file.assignments(in: declaration.decl.members).contains { file.path(of: $0.target) == [name] }
        }
    }
}
