import ObservationLintCore
import ObservationSyntax

public struct MissingPublished: Rule {
    public static let description = RuleDescription(
        id: "missing_published",
        name: "Missing @Published",
        category: .observableObject,
        group: .suspicious,
        summary: "An ObservableObject's stored `var` that views read changes without `@Published`.",
        rationale: """
            An `ObservableObject` tells its views to re-render only through `objectWillChange`, \
            which `@Published` properties send before every change. A stored `var` without \
            `@Published` changes silently: views that read it while rendering, directly or \
            through the model's computed properties and methods, keep showing the old value \
            until something else happens to refresh them. The rule reports the witness: a change \
            that can happen after a view read the value (not in `init`, nor in setup that runs \
            before the object is handed out) and that nothing announces in the same synchronous \
            flow, and the render read that goes stale. A change is announced by a `@Published` \
            change or an `objectWillChange.send()` in the same function (the closures it passes \
            to non-escaping parameters run before the call returns), in the functions it \
            calls (or in a closure they schedule to run soon: `Task { }`, `DispatchQueue.main.async`, \
            after which the views render again and read the new value), or in every function that \
            calls it (a call in code nothing runs is none); an `await` ends the flow, and so does a \
            closure that runs later. A task group's child tasks (`group.addTask { }`) end before the group's call \
            returns: the code after that call follows their writes. Assigning a member through a \
            property of a type not known to be a value (`player?.volume = 0` on an `AVPlayer`) \
            changes the object it holds, not the property; code that runs only as the object is \
            freed (`deinit`, the private functions only it calls) changes nothing a view holds; a \
            send of the object's own Combine subject tells only the views that receive it \
            (`.onReceive(model.didChange)`). Changing a member of a `@Published` value \
            (`model.sheet.isShown = false`) runs its setter, and so announces. What an \
            `async` function does after its last `await` (not in a loop that awaits, such as \
            `for await`) runs on into its caller once the call returns (`let names = await load()`, then `self.names = names`; for `async let \
            names = load()`, where the caller next awaits `names`). A view \
            observing another object also hears of a change made by a method that only that \
            object's code calls, where that flow announces a change of its own (`isLoading = false` \
            in a coordinator, not only in a branch after the call). A change made \
            only as a view's whole content goes (in an `.onDisappear` applied to all its `body` \
            shows, directly or through the functions only it calls) to an object the view \
            creates in its own `@StateObject` leaves nothing stale: its readers are gone with it. \
            Nor does a change that only views never on screen with the reader start (views in \
            another branch of an `if`/`switch` of a view the app shows once, through calls into \
            models and services): the reader is built after it. \
            A binding handed to a project view that only reads it (`Grid(cells: byWeek ? \
            $model.weeks : $model.days)`) changes nothing. \
            Presentation content (`.sheet { }`, `.popover { }`, a navigation destination) is built \
            when SwiftUI presents it: a read only there misses no change the presenting view makes \
            as it appears (synchronously in its `.onAppear`). \
            A cache filled by a getter while a view reads it must not \
            publish; `@AppStorage` publishes the changes made through the property on its own; \
            a class that is also `@Observable` is tracked by Observation, whatever wrapper holds it.
            """,
        fix: """
            Mark the property `@Published`. If it must stay a plain property, call \
            `objectWillChange.send()` in every function that changes it.
            """,
        triggeringExamples: [
            // The object's subject tells its subscribers, not the view reading the index.
            """
            import Combine
            final class Carousel: ObservableObject {
                let pageChanged = PassthroughSubject<Int, Never>()
                private var ↓page = 0
                var title: String { "Page \\(page)" }
                func scrolled(to index: Int) {
                    DispatchQueue.main.async { [weak self] in
                        self?.page = index
                        self?.pageChanged.send(index)
                    }
                }
            }
            struct CarouselHeader: View {
                @ObservedObject var carousel: Carousel
                var body: some View { Text(carousel.title) }
            }
            """,
            // A change of a field of the value that nothing in its step announces.
            """
            struct Recipe { var name = ""; var isStored = false }
            final class RecipeModel: ObservableObject {
                @Published var isDownloaded = false
                var ↓recipe = Recipe()
            }
            struct RecipeScreen: View {
                @ObservedObject var model: RecipeModel
                var body: some View {
                    Text(model.recipe.isStored ? "Stored" : "Online")
                        .task {
                            await Task.yield()
                            model.recipe.isStored = true
                        }
                }
            }
            """,
            // The list is shown by the sheet, not kept as a child's first `@State`.
            """
            final class Library: ObservableObject {
                @Published var isEditing = false
                var ↓keywords: [String] = []
                func load() async {
                    try? await Task.sleep(for: .seconds(1))
                    keywords = ["soup"]
                }
            }
            struct KeywordList: View {
                let suggestions: [String]
                var body: some View { ForEach(suggestions, id: \\.self) { Text($0) } }
            }
            struct MetadataSection: View {
                @ObservedObject var library: Library
                @State private var isPicking = false
                var body: some View {
                    Button("Keywords") {
                        isPicking = true
                        Task { await library.load() }
                    }
                        .sheet(isPresented: $isPicking) { KeywordList(suggestions: library.keywords) }
                }
            }
            """,
            // The handler receives a plain publisher, not an announcement of an object the
            // view observes.
            """
            import Combine
            final class Builder: ObservableObject {
                @Published var name = ""
                var ↓owner = ""
            }
            struct AddSheet: View {
                @StateObject private var builder = Builder()
                let owners = PassthroughSubject<String, Never>()
                var body: some View {
                    Text(builder.owner)
                        .onReceive(owners) { builder.owner = $0 }
                }
            }
            """,
            // The view's action announces on the call only in a later turn
            // (`DispatchQueue.main.async`): a flow of its own, not the write's.
            """
            final class Call: ObservableObject {
                @Published var state = 0
                var ↓peerName: String?
                func start() { state = 1 }
            }
            struct CallScreen: View {
                @ObservedObject var call: Call
                var body: some View {
                    Text(call.peerName ?? "")
                    Button("Call") {
                        setPeer()
                        DispatchQueue.main.async { begin() }
                    }
                }
                private func setPeer() { self.call.peerName = "Ada" }
                private func begin() { self.call.start() }
            }
            """,
            """
            final class Tab: ObservableObject { var ↓spaceID = 0 }
            final class TabStore: ObservableObject {
                @Published var bySpace: [Int: [Tab]] = [:]
                func move(_ tab: Tab, to space: Int) {
                    tab.spaceID = space
                    bySpace[space, default: []].append(tab)
                }
            }
            struct TabRow: View {
                @ObservedObject var tab: Tab
                var body: some View { Text("Space \\(tab.spaceID)") }
            }
            """,
            """
            final class Cart: ObservableObject {
                var ↓items: [String] = []
                var count: Int { items.count }
                func add(_ item: String) { items.append(item) }
            }
            struct CartBadge: View {
                @EnvironmentObject var cart: Cart
                var body: some View { Text("\\(cart.count) items") }
            }
            """,
            """
            final class Stopwatch: ObservableObject {
                var ↓ticks = 0
                func tick() { ticks += 1 }
            }
            struct StopwatchView: View {
                @ObservedObject var stopwatch: Stopwatch
                var body: some View { Text("\\(stopwatch.ticks)") }
            }
            """,
            """
            class Store: ObservableObject {}
            final class ProfileStore: Store {
                private(set) var ↓name = ""
                func rename(to newName: String) { name = newName }
            }
            struct ProfileView: View {
                @EnvironmentObject var store: ProfileStore
                var body: some View { Text(store.name) }
            }
            """,
            """
            protocol Loading: ObservableObject {}
            final class Loader: Loading {
                var ↓isLoading = false
                func load() { isLoading = true }
                var status: String { isLoading ? "Loading" : "Done" }
            }
            struct LoaderStatus: View {
                @ObservedObject var loader: Loader
                var body: some View { Text(loader.status) }
            }
            """,
            """
            final class Feed: ObservableObject {
                var ↓posts: [String] = []
                var isEmpty: Bool { posts.isEmpty }
                func refresh() {
                    objectWillChange.send()
                    DispatchQueue.main.async { self.posts = [] }
                }
            }
            struct FeedView: View {
                @StateObject private var feed = Feed()
                var body: some View { feed.isEmpty ? Text("Nothing yet") : Text("New posts") }
            }
            """,
            """
            final class Profile: ObservableObject {
                private var ↓displayName = ""
                var greeting: String { "Hello, \\(displayName)" }
                init(first: String, last: String) { applyName(first, last) }
                func rename(first: String, last: String) { applyName(first, last) }
                private func applyName(_ first: String, _ last: String) { displayName = first + " " + last }
            }
            struct GreetingView: View {
                @ObservedObject var profile: Profile
                var body: some View { Text(profile.greeting) }
            }
            """,
            """
            final class Timeline: ObservableObject {
                @Published var isLoading = false
                var ↓posts: [String] = []
                func refresh() async {
                    isLoading = true
                    posts = await api.load()
                }
            }
            struct TimelineView: View {
                @StateObject private var timeline = Timeline()
                var body: some View { List(timeline.posts, id: \\.self) { Text($0) } }
            }
            """,
            """
            final class Screen: ObservableObject {
                var ↓title = ""
                func configure(title: String) { self.title = title }
            }
            func makeScreen() -> ScreenView {
                let screen = Screen()
                screen.configure(title: "Inbox")
                return ScreenView(screen: screen)
            }
            struct ScreenView: View {
                @ObservedObject var screen: Screen
                var body: some View { Button(screen.title) { screen.configure(title: "Archive") } }
            }
            """,
            """
            final class Summary: ObservableObject {
                var ↓items: [Int] = []
                func update(_ new: [Int]) { items = new }
            }
            final class Dashboard: ObservableObject {
                @Published var isLoading = false
                let summary = Summary()
                func refresh(_ new: [Int]) {
                    isLoading = true
                    summary.update(new)
                    isLoading = false
                }
            }
            struct SummaryView: View {
                @ObservedObject var summary: Summary
                var body: some View { Text("\\(summary.items.count)") }
            }
            """,
            // The caller publishes before it awaits the `async let`: the helper's write comes
            // after that, and nothing publishes it.
            """
            @MainActor final class Directory: ObservableObject {
                @Published var isLoading = false
                private var ↓titles: [Int: String] = [:]
                func reload() async {
                    async let found = loadNames()
                    isLoading = true
                    _ = await found
                }
                private func loadNames() async -> [String] {
                    let fetched = await Task { "Ada" }.value
                    titles = [1: fetched]
                    return [fetched]
                }
                func title(_ id: Int) -> String { titles[id] ?? "" }
            }
            struct TitleRow: View {
                @ObservedObject var directory: Directory
                var body: some View { Text(directory.title(1)) }
            }
            """,
        ],
        nonTriggeringExamples: [
            // A weakly captured `self?.objectWillChange.send()` announces like `self.`'s.
            """
            final class Brands: ObservableObject {
                private(set) var names: [String] = []
                init(load: @escaping () async -> [String]) {
                    Task { @MainActor [weak self] in
                        let loaded = await load()
                        self?.names = loaded
                        self?.objectWillChange.send()
                    }
                }
            }
            struct BrandList: View {
                @ObservedObject var brands: Brands
                var body: some View { List(brands.names, id: \\.self) { Text($0) } }
            }
            """,
            // The child tasks end before the task group returns; the code after it announces.
            """
            final class Feed: ObservableObject {
                private(set) var creators: [String] = []
                private(set) var brands: [String] = []
                @MainActor func loadCreators() async { creators = await api.creators() }
                @MainActor func loadBrands() async { brands = await api.brands() }
                func loadAll() {
                    Task { @MainActor [weak self] in
                        await withTaskGroup(of: Void.self) { group in
                            guard let self else { return }
                            group.addTask { await self.loadCreators() }
                            group.addTask { await self.loadBrands() }
                        }
                        self?.objectWillChange.send()
                    }
                }
            }
            struct FeedView: View {
                @ObservedObject var feed: Feed
                var body: some View { Text("\\(feed.creators.count) creators, \\(feed.brands.count) brands") }
            }
            """,
            // A local hides the method of the same name: `load()` calls the closure, and the
            // helper's write runs on into `reload()`, which publishes after it.
            """
            final class Pages: ObservableObject {
                @Published private(set) var items: [String] = []
                private(set) var didLoadFirstPage = false
                var onLoad: (() async -> [String])?
                private func load() async -> [String] {
                    guard let load = onLoad else { return [] }
                    let result = await load()
                    markLoaded()
                    return result
                }
                private func markLoaded() { didLoadFirstPage = true }
                @MainActor func reload() async { items = await load() }
            }
            struct PagesView: View {
                @ObservedObject var pages: Pages
                var body: some View { pages.didLoadFirstPage ? Text("\\(pages.items.count)") : Text("Loading") }
            }
            """,
            // Set up on the new object (a nested type) before the lazy property hands it out.
            """
            enum Profile {
                final class Grid: ObservableObject { var placeholder = "" }
            }
            struct GridView: View {
                @ObservedObject var grid: Profile.Grid
                var body: some View { Text(grid.placeholder) }
            }
            final class ProfileModel: ObservableObject {
                lazy var grid: Profile.Grid = {
                    let grid = Profile.Grid()
                    grid.placeholder = "Nothing yet"
                    return grid
                }()
            }
            """,
            // `volume` is the player object's: the property still holds the same player.
            """
            import AVKit
            final class PlayerService: ObservableObject {
                private(set) var player: AVPlayer?
                init(player: AVPlayer?) { self.player = player }
                func setVolume(_ value: Float) { player?.volume = value }
            }
            struct PlayerView: View {
                @ObservedObject var service: PlayerService
                var body: some View { VideoPlayer(player: service.player) }
            }
            """,
            // What runs only as the object is freed changes nothing a view holds.
            """
            final class Stream: ObservableObject {
                private(set) var connection: String?
                init(connection: String) { self.connection = connection }
                deinit { close() }
                private func close() { connection = nil }
            }
            struct StreamView: View {
                @ObservedObject var stream: Stream
                var body: some View { Text(stream.connection ?? "Closed") }
            }
            """,
            // The `@Published` write later in the same synchronous step announces the change
            // of the value's field too (`objectWillChange` fires before the view renders).
            """
            struct Recipe { var name = ""; var isStored = false }
            final class RecipeModel: ObservableObject {
                @Published var isDownloaded = false
                var recipe = Recipe()
            }
            struct RecipeScreen: View {
                @ObservedObject var model: RecipeModel
                var body: some View {
                    Text(model.recipe.isStored ? "Stored" : "Online")
                        .task {
                            await Task.yield()
                            if !model.recipe.isStored {
                                model.recipe.isStored = true
                            }
                            model.isDownloaded = model.recipe.isStored
                        }
                }
            }
            """,
            // The sheet's picker keeps the list as its first `@State`: rendering the section
            // again would not change it.
            """
            final class Library: ObservableObject {
                @Published var isEditing = false
                var keywords: [String] = []
                func load() async {
                    try? await Task.sleep(for: .seconds(1))
                    keywords = ["soup"]
                }
            }
            struct KeywordPicker: View {
                @State var suggestions: [String]
                var body: some View { ForEach(suggestions, id: \\.self) { Text($0) } }
            }
            struct MetadataSection: View {
                @ObservedObject var library: Library
                @State private var isPicking = false
                var body: some View {
                    Button("Keywords") {
                        isPicking = true
                        Task { await library.load() }
                    }
                        .sheet(isPresented: $isPicking) { KeywordPicker(suggestions: library.keywords) }
                }
            }
            """,
            // `owner.$text` sends as `owner`, a `@StateObject` of the view, announces: the
            // view renders after the handler wrote `builder.owner`.
            """
            final class DebouncedText: ObservableObject { @Published var text = "" }
            final class Builder: ObservableObject {
                @Published var name = ""
                var owner = ""
            }
            struct AddSheet: View {
                @StateObject private var owner = DebouncedText()
                @StateObject private var builder = Builder()
                var body: some View {
                    Text(builder.owner)
                        .onReceive(owner.$text) { builder.owner = $0 }
                }
            }
            """,
            // Every call of `setPeer()` goes on, in the same flow, to `begin()`, which
            // announces on the same call (`start()` sets `@Published state`): the view
            // renders again and reads the new name.
            """
            final class Call: ObservableObject {
                @Published var state = 0
                var peerName: String?
                func start() { state = 1 }
            }
            struct CallScreen: View {
                @ObservedObject var call: Call
                var body: some View {
                    Text(call.peerName ?? "")
                    Button("Call") {
                        DispatchQueue.main.async {
                            setPeer()
                            begin()
                        }
                    }
                }
                private func setPeer() { self.call.peerName = "Ada" }
                private func begin() { self.call.start() }
            }
            """,
            // `chat.session` names the stored property: the delegate method of the same name
            // is not called, so `isMuted`, which only it reads, is not shown.
            """
            final class Chat: ObservableObject {
                @Published var session: String?
                @Published var lastMessage = ""
                private var isMuted = false
                func mute() { isMuted = true }
                func session(_ session: String, didReceive message: String) {
                    if !isMuted { lastMessage = message }
                }
            }
            struct ChatTitle: View {
                @ObservedObject var chat: Chat
                var body: some View { Text(chat.session ?? "Offline") }
            }
            """,
            // Changing a member of a `@Published` value (`splitter.sheet.step = 2`) runs its
            // setter, which announces: the view renders again and reads the new range.
            """
            final class Splitter: ObservableObject {
                @Published var sheet: (isShown: Bool, step: Int) = (false, 0)
                var range: ClosedRange<Int>?
            }
            struct SplitSheet: View {
                @ObservedObject var splitter: Splitter
                var body: some View {
                    Text("\\(splitter.range?.lowerBound ?? 0)")
                    Button("Next") {
                        splitter.range = 1...2
                        splitter.sheet.step = 2
                    }
                }
            }
            """,
            // The grid only reads the binding it gets, whichever of the two it is.
            """
            final class Month: ObservableObject {
                var days: [Int] = []
                var weeks: [Int] = []
            }
            struct DayGrid: View {
                @Binding var cells: [Int]
                var body: some View { Text("\\(cells.count)") }
            }
            struct MonthScreen: View {
                @ObservedObject var month: Month
                @State private var byWeek = false
                var body: some View { DayGrid(cells: byWeek ? $month.weeks : $month.days) }
            }
            """,
            // Every call of `reset` that runs comes from `show`, which announces `isShown`
            // soon after: `resetAll` is called by nothing.
            """
            final class Hub: ObservableObject {
                @Published var isShown = false
                private(set) var message = ""
                func reset() { message = "" }
                func show(_ text: String) {
                    reset()
                    message = text
                    DispatchQueue.main.async { self.isShown = true }
                }
            }
            struct HubView: View {
                @StateObject private var hub = Hub()
                var body: some View {
                    Text(hub.message)
                    Button("Show") { hub.show("Hi") }
                }
                private func resetAll() { hub.reset() }
            }
            @main struct HubApp: App {
                var body: some Scene { WindowGroup { HubView() } }
            }
            """,
            // Only the join screen changes the greeting, and the root shows it in the other
            // branch than the card: the card is built after the change, with the new value.
            """
            @MainActor final class Membership: ObservableObject {
                @Published var member: String?
                var greeting = "Hello"
                func chooseGreeting(_ text: String) { greeting = text }
            }
            struct MembershipRoot: View {
                @StateObject private var membership = Membership()
                var body: some View {
                    if membership.member != nil { MemberCard(membership: membership) } else { JoinScreen(membership: membership) }
                }
            }
            struct JoinScreen: View {
                @ObservedObject var membership: Membership
                var body: some View {
                    Button("Formal") { membership.chooseGreeting("Good day") }
                    Button("Join") { membership.member = "ann" }
                }
            }
            struct MemberCard: View {
                @ObservedObject var membership: Membership
                var body: some View { Text(membership.greeting) }
            }
            @main struct MembershipApp: App {
                var body: some Scene { WindowGroup { MembershipRoot() } }
            }
            """,
            // Every call of `update` comes from `refresh`, which announces `isLoading` on the
            // dashboard the view observes in the same flow: the view renders again after it.
            """
            final class Summary: ObservableObject {
                var items: [Int] = []
                func update(_ new: [Int]) { items = new }
            }
            final class Dashboard: ObservableObject {
                @Published var isLoading = false
                let summary = Summary()
                func refresh(_ new: [Int]) {
                    isLoading = true
                    summary.update(new)
                    isLoading = false
                }
            }
            struct DashboardView: View {
                @ObservedObject var dashboard: Dashboard
                var body: some View { Text("\\(dashboard.summary.items.count)") }
            }
            """,
            // The observer runs as `apply` writes `items`, which then announces `isOn`.
            """
            final class DownloadBar: ObservableObject {
                @Published private(set) var isOn = false
                var items: [Int] = [] { didSet { count = items.count } }
                var count = 0
                func apply(_ new: [Int]) {
                    items = new
                    isOn = !new.isEmpty
                }
            }
            struct DownloadBarView: View {
                @ObservedObject var bar: DownloadBar
                var body: some View { Text("\\(bar.count)") }
            }
            """,
            // The refresh schedules `load()`, which announces `items` when it is done.
            """
            final class Pages: ObservableObject {
                @Published var items: [Int] = []
                var page = 1
                func load() async { items = await fetch(page) }
            }
            struct PagesView: View {
                @ObservedObject var pages: Pages
                var body: some View {
                    List(pages.items, id: \\.self) { Text("\\($0) of \\(pages.page)") }
                        .refreshable {
                            pages.page = 1
                            Task { await pages.load() }
                        }
                }
            }
            """,
            // The code around the awaited `MainActor.run { }` goes on to publish.
            """
            final class Recorder: ObservableObject {
                @Published private(set) var isSending = false
                private var promptID: Int?
                var isRecording: Bool { promptID != nil }
                func start(_ id: Int) {
                    promptID = id
                    isSending = false
                }
                func finish() async {
                    await MainActor.run { self.promptID = nil }
                    await submit()
                }
                private func submit() async {
                    await MainActor.run { self.isSending = true }
                }
            }
            struct RecordButton: View {
                @ObservedObject var recorder: Recorder
                var body: some View { Text(recorder.isRecording ? "Stop" : "Record") }
            }
            """,
            // The computed property's setter announces in the same flow as the write.
            """
            final class Composer: ObservableObject {
                @Published private var stored = ""
                private var edits = 0
                var text: String {
                    get { stored }
                    set { stored = newValue }
                }
                var summary: String { "\\(edits) edits" }
                func type(_ value: String) {
                    text = value
                    edits += 1
                }
            }
            struct ComposerView: View {
                @ObservedObject var composer: Composer
                var body: some View { Text(composer.summary) }
            }
            """,
            // A change through a property whose package wrapper may publish through the
            // enclosing instance (`@PublishedObject`) may announce in the same flow.
            """
            final class Scheme: ObservableObject { @Published var speed = 1.0 }
            final class ScrollSettings: ObservableObject {
                @PublishedObject private var scheme = Scheme()
                private var cache = 1.0
                var speed: Double { cache }
                func setSpeed(_ value: Double) {
                    scheme.speed = value
                    cache = value
                }
            }
            struct ScrollView: View {
                @ObservedObject var settings: ScrollSettings
                var body: some View { Text("\\(settings.speed)") }
            }
            """,
            // Read only in a sheet's content, which SwiftUI builds when it presents the sheet:
            // after the change the presenting view makes as it appears.
            """
            final class Exporter: ObservableObject {
                @Published var progress = 0.0
                var file = ""
            }
            struct ExportView: View {
                let name: String
                @StateObject private var exporter = Exporter()
                @State private var sharing = false
                var body: some View {
                    Button("Share") { sharing = true }
                        .sheet(isPresented: $sharing) { Text(exporter.file) }
                        .onAppear { exporter.file = name }
                }
            }
            """,
            // Changed only as the view that owns the object goes: nothing still shows it.
            """
            final class PlayerModel: ObservableObject {
                @Published var duration = 0.0
                var player: String?
                func start(_ url: String) { Task { @MainActor in player = url; duration = 1 } }
                func cleanup() { player = nil }
            }
            struct PlayerOverlay: View {
                @StateObject private var model = PlayerModel()
                let isShown: Bool
                var body: some View {
                    if isShown {
                        ZStack { Text(model.player ?? "Loading") }
                            .onAppear { model.start("clip") }
                            .onDisappear { stop() }
                    }
                }
                private func stop() { model.cleanup() }
            }
            """,
            // The object's own subject tells its subscribers in the same flow.
            """
            final class Cache: ObservableObject {
                let didChange = PassthroughSubject<Void, Never>()
                var entries: [String] = []
                func update(_ new: [String]) {
                    entries = new
                    didChange.send()
                }
            }
            struct CacheView: View {
                @ObservedObject var cache: Cache
                @State private var revision = 0
                var body: some View {
                    Text("\\(cache.entries.count) entries (\\(revision))")
                        .onReceive(cache.didChange) { revision += 1 }
                }
            }
            """,
            // The writer's flow changes its `@Published` state, which a container the view
            // observes relays.
            """
            final class Tab: ObservableObject { var spaceID = 0 }
            final class TabStore: ObservableObject {
                @Published var bySpace: [Int: [Tab]] = [:]
                func move(_ tab: Tab, to space: Int) {
                    tab.spaceID = space
                    bySpace[space, default: []].append(tab)
                }
            }
            final class Browser: ObservableObject {
                let tabs = TabStore()
                private var relay: AnyCancellable?
                init() { relay = tabs.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() } }
            }
            struct TabRow: View {
                @EnvironmentObject var browser: Browser
                @ObservedObject var tab: Tab
                var body: some View { Text("Space \\(tab.spaceID)") }
            }
            """,
            // The action that changes it also changes the view's own state: the view re-renders.
            """
            final class Draft: ObservableObject {
                var text = ""
            }
            struct DraftEditor: View {
                @ObservedObject var draft: Draft
                @State private var clears = 0
                var body: some View {
                    Text(draft.text)
                    Button("Clear") {
                        draft.text = ""
                        clears += 1
                    }
                }
            }
            """,
            // Every caller of the helper publishes in the same flow.
            """
            final class Library: ObservableObject {
                @Published var books: [String] = []
                private var positions: [String: Int] = [:]
                func load(_ loaded: [String]) {
                    rebuildPositions(loaded)
                    books = loaded
                }
                private func rebuildPositions(_ loaded: [String]) { for (i, b) in loaded.enumerated() { positions[b] = i } }
                func position(of book: String) -> Int { positions[book] ?? 0 }
            }
            struct BookRow: View {
                @ObservedObject var library: Library
                let book: String
                var body: some View { Text("\\(library.position(of: book)). \\(book)") }
            }
            """,
            // The helper's writes after its last `await` run on into its caller once the
            // call returns, and every caller publishes there (after awaiting the `async let`).
            """
            @MainActor final class Directory: ObservableObject {
                @Published var names: [String] = []
                private var titles: [Int: String] = [:]
                func load() async {
                    let found = await loadNames()
                    names = found
                }
                func refresh() async {
                    async let found = loadNames()
                    names = await found
                }
                private func loadNames() async -> [String] {
                    let fetched = await Task { "Ada" }.value
                    titles = [1: fetched]
                    return [fetched]
                }
                func title(_ id: Int) -> String { titles[id] ?? "" }
            }
            struct TitleRow: View {
                @ObservedObject var directory: Directory
                var body: some View { Text(directory.title(1)) }
            }
            """,
            // `self.loadNames()` is the type's own call (another type's `loadNames()` is not),
            // and the `defer` block registered before it publishes as `load()` returns.
            """
            @MainActor final class Directory: ObservableObject {
                @Published var isLoading = false
                private var titles: [Int: String] = [:]
                func load() async {
                    isLoading = true
                    defer { isLoading = false }
                    await self.loadNames()
                }
                private func loadNames() async {
                    let fetched = await Task { "Ada" }.value
                    titles = [1: fetched]
                }
                func title(_ id: Int) -> String { titles[id] ?? "" }
            }
            final class Unrelated { func loadNames() {} }
            func other(_ unrelated: Unrelated) { unrelated.loadNames() }
            struct TitleRow: View {
                @ObservedObject var directory: Directory
                var body: some View { Text(directory.title(1)).task { await directory.load() } }
            }
            """,
            // The closure a helper takes as a non-escaping parameter runs before the helper
            // returns: its `@Published` change is in the same flow.
            """
            final class UnitsForm: ObservableObject {
                @Published var limit = 0
                var units = 0
                func bind(_ key: String, initial: (Int) -> Void, didSet: ((Int) -> Void)? = nil) { initial(0) }
                func subscribe() {
                    units = 1
                    bind("limit") { limit = $0 }
                }
            }
            struct UnitsView: View {
                @ObservedObject var form: UnitsForm
                var body: some View { Text("\\(form.units) \\(form.limit)") }
            }
            """,
            // The function it calls sends `objectWillChange`.
            """
            final class Scrubber: ObservableObject {
                var position = 0.0
                func seek(to time: Double) {
                    position = time
                    notifyChanged()
                }
                private func notifyChanged() { objectWillChange.send() }
            }
            struct ScrubberLabel: View {
                @ObservedObject var scrubber: Scrubber
                var body: some View { Text("\\(scrubber.position)") }
            }
            """,
            // The function it calls schedules the send: the views render again soon after.
            """
            @MainActor final class FetchLog: ObservableObject {
                private(set) var lines: [String] = []
                private var publishTask: Task<Void, Never>?
                func append(_ line: String) {
                    lines.append(line)
                    schedulePublish()
                }
                private func schedulePublish() {
                    guard publishTask == nil else { return }
                    publishTask = Task { @MainActor in
                        try? await Task.sleep(nanoseconds: 80_000_000)
                        self.objectWillChange.send()
                        self.publishTask = nil
                    }
                }
            }
            struct FetchLogView: View {
                @ObservedObject var log: FetchLog
                var body: some View { Text(log.lines.joined(separator: "\\n")) }
            }
            """,
            // Written only by its creator, before the object reaches a view.
            """
            final class Screen: ObservableObject {
                var title = ""
                func configure(title: String) { self.title = title }
            }
            func makeScreen() -> ScreenView {
                let screen = Screen()
                screen.configure(title: "Inbox")
                return ScreenView(screen: screen)
            }
            struct ScreenView: View {
                @ObservedObject var screen: Screen
                var body: some View { Text(screen.title) }
            }
            """,
            // Observation tracks the properties of a class that is also `@Observable`.
            """
            @Observable final class Session: ObservableObject {
                var user = ""
                func signIn(_ name: String) { user = name }
            }
            struct SessionBadge: View {
                @ObservedObject var session: Session
                var body: some View { Text(session.user) }
            }
            """,
            // After the `await`, the same flow publishes again.
            """
            final class Timeline: ObservableObject {
                @Published var isLoading = false
                var posts: [String] = []
                func refresh() async {
                    isLoading = true
                    let loaded = await api.load()
                    posts = loaded
                    isLoading = false
                }
            }
            struct TimelineView: View {
                @StateObject private var timeline = Timeline()
                var body: some View { List(timeline.posts, id: \\.self) { Text($0) } }
            }
            """,
            // The field's own observer publishes every change (through a method).
            """
            final class ChoreList: ObservableObject {
                @Published var shown: [String] = []
                var all: [String] = []
                var onlyOpen = false { didSet { applyFilter() } }
                func applyFilter() { shown = onlyOpen ? all.filter { !$0.isEmpty } : all }
            }
            struct ChoresView: View {
                @ObservedObject var list: ChoreList
                var body: some View {
                    Toggle("Open only", isOn: Binding(get: { list.onlyOpen }, set: { list.onlyOpen = $0 }))
                    Text(list.onlyOpen ? "Open" : "All")
                }
            }
            """,
            """
            final class Cart: ObservableObject {
                let currency = "EUR"
                @Published var items: [String] = []
                var count: Int { items.count }
                func add(_ item: String) { items.append(item) }
            }
            """,
            """
            final class Cache: ObservableObject {
                private var entries: [String: Int] = [:]
                func store(_ value: Int, for key: String) { entries[key] = value }
                private func lookUp(_ key: String) -> Int? { entries[key] }
            }
            """,
            """
            final class Inbox: ObservableObject {
                @Published var unread = 0
                var messages: [String] = []
                var summary: String { "\\(messages.count) messages" }
                func receive(_ message: String) {
                    messages.append(message)
                    unread += 1
                }
            }
            struct InboxHeader: View {
                @ObservedObject var inbox: Inbox
                var body: some View { Text(inbox.summary) }
            }
            """,
            """
            final class Catalog: ObservableObject {
                @Published var products: [String] = [] { didSet { sortedCache = nil } }
                private var sortedCache: [String]?
                var sorted: [String] {
                    if let sortedCache { return sortedCache }
                    let result = products.sorted()
                    sortedCache = result
                    return result
                }
            }
            struct CatalogList: View {
                @ObservedObject var catalog: Catalog
                var body: some View { List(catalog.sorted, id: \\.self) { Text($0) } }
            }
            """,
            """
            final class Transfers: ObservableObject {
                var pending: [String] = []
                var pendingCount: Int { pending.count }
                func enqueue(_ id: String) { pending.append(id) }
            }
            final class TransfersViewController: NSViewController {
                let transfers = Transfers()
                func refresh() { title = "\\(transfers.pendingCount) pending" }
            }
            """,
            """
            final class Preferences: ObservableObject {
                @AppStorage("showsHidden") var showsHidden = false
            }
            struct HiddenFilesToggle: View {
                @ObservedObject var preferences: Preferences
                var body: some View { Toggle("Show hidden files", isOn: $preferences.showsHidden) }
            }
            """,
            """
            final class Downloads: ObservableObject {
                @Published var progress = 0.0
                var lastFile = ""
                func finish(_ file: String) { lastFile = file }
            }
            struct DownloadsView: View {
                @ObservedObject var downloads: Downloads
                var body: some View {
                    ProgressView(value: downloads.progress)
                    Button("Reveal") { NSWorkspace.shared.open(URL(fileURLWithPath: downloads.lastFile)) }
                }
            }
            """,
            """
            final class Player: ObservableObject {
                var position = 0.0
                var label: String { "\\(position)" }
                func seek(to time: Double) {
                    objectWillChange.send()
                    position = time
                }
            }
            """,
            """
            final class Settings: ObservableObject {
                var name: String
                var greeting: String { "Hello, \\(name)" }
                init(name: String) { self.name = name }
            }
            """,
            """
            final class Profile: ObservableObject {
                private var displayName = ""
                var greeting: String { "Hello, \\(displayName)" }
                init(first: String, last: String) { applyName(first, last) }
                private func applyName(_ first: String, _ last: String) { displayName = first + " " + last }
            }
            struct GreetingView: View {
                @ObservedObject var profile: Profile
                var body: some View { Text(profile.greeting) }
            }
            """,
            """
            final class Child: ObservableObject { @Published var value = 0 }
            final class Parent: ObservableObject {
                var child = Child()
                var childValue: Int { child.value }
                func reset() { child = Child() }
            }
            """,
        ],
        autoFix: AutoFix(
            .safe,
            reason: "`@Published` only announces the changes that views were missing, and the fix is not offered where the wrapper cannot compile (`lazy`, `weak` or `unowned` storage, a class with synthesized `Codable`).",
            corrections: [
                RuleCorrection(
                    """
                    final class Counter: ObservableObject {
                        var ↓count = 0
                        var label: String { "\\(count)" }
                        func increment() { count += 1 }
                    }
                    struct CounterLabel: View {
                        @ObservedObject var counter: Counter
                        var body: some View { Text(counter.label) }
                    }
                    """,
                    """
                    final class Counter: ObservableObject {
                        @Published var count = 0
                        var label: String { "\\(count)" }
                        func increment() { count += 1 }
                    }
                    struct CounterLabel: View {
                        @ObservedObject var counter: Counter
                        var body: some View { Text(counter.label) }
                    }
                    """),
                RuleCorrection(
                    """
                    final class Speaker: ObservableObject {
                        private(set) var ↓volume = 0.5
                        var volumeText: String { "\\(volume)" }
                        func louder() { volume += 0.1 }
                    }
                    struct VolumeLabel: View {
                        @ObservedObject var speaker: Speaker
                        var body: some View { Text(speaker.volumeText) }
                    }
                    """,
                    """
                    final class Speaker: ObservableObject {
                        @Published private(set) var volume = 0.5
                        var volumeText: String { "\\(volume)" }
                        func louder() { volume += 0.1 }
                    }
                    struct VolumeLabel: View {
                        @ObservedObject var speaker: Speaker
                        var body: some View { Text(speaker.volumeText) }
                    }
                    """),
            ]))

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        // Observation tracks the stored properties of a class that is also `@Observable`.
        // In a local package's file, its public models too: this project's views may read them.
        for (decl, type) in index.typeDeclarationsIncludingImported(in: context.fileIndex)
        where type.isClass && type.isObservableObject && !type.isObservable {
            let candidates = decl.properties.filter(isCandidate)
            guard !candidates.isEmpty else { continue }
            let changes = index.changes(of: type)
            let readers = index.typeAndSubtypes(of: type).map(\.name)
            // `player?.volume = 0` on an `AVPlayer` changes the player, not the property.
            let opaque = index.opaqueHolders(of: type)
            for property in candidates {
                if holdsObservableObject(property, in: type, file: context.file, index: index) { continue }
                let writes = changes.writes(of: property.name).filter { write in
                    write.phase == .afterHandout && !(opaque.contains(property.name) && write.assignsMember(in: index))
                }
                // A cache filled while views render follows the state it derives from.
                guard !changes.writes(of: property.name).contains(where: \.inRenderingCode),
                    let (read, write) = witness(of: property.name, writes: writes, changes: changes, readers: readers, index: index)
                else { continue }
                let how = read.steps.last.map { "through `\($0.member)` (like `\(read.view.simpleTypeName)`)" } ?? "(like `\(read.view.simpleTypeName)`)"
                let origin = read.origin
                context.report(
                    "`\(property.name)` changes without `@Published`, so views that read it \(how) do not update when it changes",
                    at: property.nameToken..<property.nameToken + 1,
                    notes: [
                        context.note(
                            "changed in \(write.member) without an announcement (no `@Published` change or `objectWillChange.send()` in the same flow)\(write.contextDescription(in: index))",
                            at: write.site.token..<write.site.token + 1, in: write.site.file),
                        context.note("read while rendering: \(read.description)", at: origin.tokens[0]..<origin.tokens[0] + 1, in: origin.file),
                    ],
                    help: "mark it `@Published`, or call `objectWillChange.send()` before every change",
                    fixes: fix(for: property, in: type, context: context))
            }
        }
    }

    /// A render path to the property from a view that observes the object (a view holding
    /// it otherwise is `unobserved_model_in_view`'s concern), and a write the view does not
    /// hear of: unannounced on the object, and not made by code whose flow re-renders that
    /// view anyway (its own `@State`, another object it observes, the observed object whose
    /// publisher runs the `.onReceive` handler making it), itself or in every call of the
    /// method making it. A read that only seeds a child's `@State` shows no change.
    private func witness(
        of name: String, writes: [PropertyWrite], changes: TypeChanges, readers: [String], index: ProjectIndex
    ) -> (RenderRead, PropertyWrite)? {
        // A send of the object's own subject (`didChange.send()`) tells only the views that
        // receive it (`.onReceive(cache.didChange)`).
        let isSubject = { (announcer: Announcer) in
            !changes.announcing.contains(announcer.name) && announcer.name != "objectWillChange" && announcer.name != "withMutation"
        }
        let unannounced = { (write: PropertyWrite, view: String) in
            !write.isAnnounced
                || write.flows.contains { flow in flow.allSatisfy { isSubject($0) && !Self.receives($0.name, in: view, index: index) } }
        }
        guard writes.contains(where: { !$0.isAnnounced || $0.flows.contains { $0.allSatisfy(isSubject) } }) else { return nil }
        for reader in readers {
            for read in index.renderReads(of: reader) where read.path.first == name && read.origin.reference.observesObjectWillChange && !index.isBuiltOnlyInPreviews(read.view) {
                // A value that only seeds a child's `@State` is kept by the child: rendering
                // again would show nothing new.
                if index.onlySeedsChildState(TokenLocation(file: read.origin.file, token: read.origin.tokens[0])) { continue }
                // Presentation content is built when presented: a write made as the presenting
                // view appears comes before it.
                let presented = index.isPresentationContent(TokenLocation(file: read.origin.file, token: read.origin.tokens[0]))
                // A write made as the reading view's content goes shows nothing stale.
                if let write = writes.first(where: {
                    unannounced($0, read.view) && !index.isRenderedAgain(read.view, by: $0) && !index.isRenderedAgain(read.view, byCallersOf: $0)
                        && !index.isRenderedAgain(read.view, byReceiverOf: $0)
                        && !index.runsOnlyAsOwnerDisappears($0.site)
                        && !(presented && index.runsAsViewAppears($0.site, view: read.view))
                        // Started only by views never on screen with the reader: no witness.
                        && index.canRun($0.site, whileShowingAnyInstanceOf: read.view, writing: name)
                }) {
                    return (read, write)
                }
            }
        }
        return nil
    }

    /// Whether the code of the type `view` receives the subject `member`
    /// (`.onReceive(model.didChange)`, `.onReceive(model.didChange.debounce(…))`).
    private static func receives(_ member: String, in view: String, index: ProjectIndex) -> Bool {
        guard let info = index.types[view] else { return true }
        return info.declarations.contains { declaration in
            let file = index.files[declaration.file]
            return declaration.decl.members.contains { token in
                guard file.kind(token) == .identifier, file.spells(token, member) else { return false }
                return (max(declaration.decl.members.lowerBound, token - 12)..<token).contains { open in
                    file.kind(open) == .leftParen && file.at(open - 1, "onReceive") && Int(file.partner[open]) > token
                }
            }
        }
    }

    private func isCandidate(_ property: Property) -> Bool {
        guard !property.isLet, property.isStored, !property.modifiers.contains("static"),
            !property.modifiers.contains("class")
        else { return false }
        // Property wrappers (capitalized attributes) manage their own storage.
        return !property.attributes.contains { $0.simpleName.startsWithUppercase }
    }

    /// ObservableObject-typed properties are `nested_observable_object`'s concern.
    private func holdsObservableObject(_ property: Property, in type: TypeInfo, file: ParsedFile, index: ProjectIndex) -> Bool {
        guard let shape = index.declaredShape(of: property, in: file, scope: type.name),
            let held = shape.heldName
        else { return false }
        return index.type(named: held, from: type.name)?.isObservableObject == true
    }

    private func fix(for property: Property, in type: TypeInfo, context: RuleContext) -> [Fix] {
        // `@Published` cannot wrap `lazy`, `weak` or `unowned` storage, and `Published` is
        // not `Codable`: a class whose coding is synthesized would no longer compile.
        guard !property.modifiers.contains(where: { ["lazy", "weak", "unowned"].contains($0.name) }),
            !type.declarations.contains(where: { declaration in
                declaration.decl.inheritance.contains { ["Codable", "Encodable", "Decodable"].contains($0.text.simpleTypeName) }
            })
        else { return [] }
        return [Fix(title: "Mark `\(property.name)` @Published", edits: [context.edit(insertingBefore: property.declaration.lowerBound, "@Published ")])]
    }
}
