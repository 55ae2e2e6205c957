import ObservationLintCore
import ObservationSyntax

public struct StateObservableInitSideEffects: Rule {
    public static let description = RuleDescription(
        id: "state_observable_init_side_effects",
        name: "@State observable with side-effecting init",
        category: .observation,
        group: .suspicious,
        summary: "`@State var m = Model()` where `Model`'s initializer starts work (a `Task`, a timer, an observer, a request).",
        rationale: """
            Unlike `@StateObject`, whose initial value is an autoclosure evaluated once, `@State` \
            evaluates its initial value every time the view's initializer runs, which is every \
            time the parent's body runs again and re-creates the view — as does the value the \
            view's initializer gives it (`_m = State(initialValue: Model())`, or `m = Model()` \
            for a state without an initial value), also a `Model(…)` another initializer passes \
            on with `self.init(…)` (for the constructions that select that initializer). SwiftUI keeps the first \
            instance and throws the new ones away, but their initializers have already run: each \
            re-render starts another `Task`, timer, notification observer, request, storage \
            write or write to a shared object (`Hub.shared.onEvent = …`, also through a \
            constant that holds it: `let hub = Hub.shared`). When that write assigns a value \
            bound to the new instance (a handler closure that uses `self`, `delegate = self`), \
            each discarded instance replaces what the kept one assigned there, so the shared \
            object no longer reaches the instance the view shows. Reported by default only with the witness, cited in notes in the order things \
            happen: the write that runs the parent's body again (and where it reads that state), \
            the site where that body re-creates this view, and the initializer's effect. A view \
            whose parents never run again while it is shown, and an initializer that only \
            assigns or reads memory (a property, `UserDefaults`, formatting), are not reported. \
            A `Task` counts by what its body does: a request, an awaited call of another \
            object, a write to shared state or storage, a subscription, a loop or a sleep; a \
            task that only reads memory and sets the new instance's own state repeats nothing \
            that matters. Nor does a subscription the instance owns: kept in its own stored \
            property (`.store(in: &cancellables)`, an `AnyCancellable` property) with closures \
            that hold `self` only `weak` or `unowned`, or a selector observer on `self`, it ends \
            when the discarded instance is freed. A closure that holds `self` strongly keeps the \
            instance, and the subscription, alive for good, and a block observer stays \
            registered until it is removed: both are reported. A parent write that changes \
            what the model is built from (`_model = State(initialValue: Model(course: course))` \
            when the caller passes another `course`) is a witness too: unlike a holder that \
            takes each new model (`@ObservedObject`), `@State` keeps the first and discards the \
            new one, so its initializer's effect repeats for nothing.
            """,
        fix: """
            Keep initializers that only assign, and start the work from the view: \
            `.task { await model.load() }`. Or create the model lazily in `.task` \
            (`@State private var model: Model?`).
            """,
        triggeringExamples: [
            // A timer under the sheet renames the draft: `DraftSheet.body` runs again and builds
            // another `DraftModel` while the sheet is up.
            """
            @Observable final class DraftModel {
                var text = ""
                init() { UserDefaults.standard.set(true, forKey: "drafting") }
            }
            struct DraftBody: View {
                @State private var ↓model = DraftModel()
                var body: some View { TextField("Text", text: $model.text) }
            }
            struct DraftSheet: View {
                let title: String
                var body: some View { Text(title); DraftBody() }
            }
            struct Notes: View {
                @State private var title = "Draft"
                @State private var isDrafting = false
                var body: some View {
                    Button("Draft") { isDrafting = true }
                        .sheet(isPresented: $isDrafting) { DraftSheet(title: title) }
                        .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in title += "!" }
                }
            }
            """,
            // Each `LiveModel` built replaces the hub's handler with one for itself: once
            // `Screen.body` runs again, goals go to a discarded model.
            """
            @MainActor final class EventHub {
                static let shared = EventHub()
                var onGoal: ((String) -> Void)?
            }
            @Observable final class LiveModel {
                var goals: [String] = []
                private let hub = EventHub.shared
                init() {
                    hub.onGoal = { [weak self] scorer in self?.goals.append(scorer) }
                }
            }
            struct LiveView: View {
                @State private var ↓model = LiveModel()
                var body: some View { List(model.goals, id: \\.self) { Text($0) } }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    LiveView()
                }
            }
            """,
            // The convenience initializer builds the model and hands it to the one that fills
            // the state (`self.model = model` initializes `@State` with it): `Home.body`
            // selects it, so each run of that body builds another `FeedModel`.
            """
            @Observable final class FeedModel {
                var posts: [String] = []
                init(account: String) {
                    NotificationCenter.default.addObserver(forName: .accountChanged, object: nil, queue: .main) { _ in }
                }
            }
            struct FeedView: View {
                let account: String
                @State private var ↓model: FeedModel
                private init(account: String, model: FeedModel) {
                    self.account = account
                    self.model = model
                }
                init(account: String) {
                    self.init(account: account, model: FeedModel(account: account))
                }
                var body: some View { List(model.posts, id: \\.self) { Text($0) } }
            }
            struct Home: View {
                @State private var account = "me"
                var body: some View {
                    Picker("Account", selection: $account) { Text("me") }
                    FeedView(account: account)
                }
            }
            """,
            // Without an initial value, assigning the state in the initializer initializes it:
            // every construction builds a new `Clock`.
            """
            @Observable final class Clock {
                var now = Date()
                private var timer: Timer?
                init() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.now = Date() }
                }
            }
            struct ClockView: View {
                let title: String
                @State private var ↓clock: Clock
                init(title: String) {
                    self.title = title
                    clock = Clock()
                }
                var body: some View { Text(clock.now, style: .time) }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    ClockView(title: "Now")
                }
            }
            """,
            """
            @Observable final class TransferFeed {
                var latest = ""
                private var cancellables = Set<AnyCancellable>()
                init() {
                    NotificationCenter.default.publisher(for: .transferAnnounced)
                        .sink { note in self.latest = note.name.rawValue }
                        .store(in: &cancellables)
                }
            }
            struct TransfersView: View {
                @State private var ↓feed = TransferFeed()
                var body: some View { Text(feed.latest) }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    TransfersView()
                }
            }
            """,
            """
            @Observable final class Clock {
                var now = Date()
                private var timer: Timer?
                init() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.now = Date() }
                }
            }
            struct ClockView: View {
                @State private var ↓clock = Clock()
                var body: some View { Text(clock.now, style: .time) }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    ClockView()
                }
            }
            """,
            """
            @Observable final class FeedModel {
                var posts: [String] = []
                init(account: String) {
                    Task { await self.reload() }
                }
                func reload() async { _ = try? await URLSession.shared.data(from: Backend.url) }
            }
            struct FeedView: View {
                let account: String
                @State private var ↓model = FeedModel(account: "me")
                var body: some View { List(model.posts, id: \\.self) { Text($0) } }
            }
            struct Home: View {
                @State private var account = "me"
                var body: some View {
                    Picker("Account", selection: $account) { Text("me") }
                    FeedView(account: account)
                }
            }
            """,
            """
            @Observable final class Connectivity {
                var isOnline = true
                init() {
                    NotificationCenter.default.addObserver(forName: .reachabilityChanged, object: nil, queue: .main) { _ in }
                }
            }
            struct StatusBar: View {
                @State private var ↓connectivity: Connectivity = .init()
                var body: some View { Text(connectivity.isOnline ? "Online" : "Offline") }
            }
            struct Root: View {
                @Environment(\\.scenePhase) private var phase
                var body: some View { StatusBar().opacity(phase == .active ? 1 : 0.5) }
            }
            """,
            """
            @Observable final class Ticker {
                var ticks = 0
                let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
            }
            struct TickerView: View {
                @State private var ↓ticker = Ticker()
                var body: some View { Text("\\(ticker.ticks)") }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    TickerView()
                }
            }
            """,
            """
            @Observable final class Scores {
                var rows: [String] = []
                init() { startPolling() }
                func startPolling() { URLSession.shared.dataTask(with: URL(string: "https://example.com")!).resume() }
            }
            struct ScoresView: View {
                @State private var ↓scores: Scores
                init() { _scores = State(initialValue: Scores()) }
                var body: some View { List(scores.rows, id: \\.self) { Text($0) } }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    ScoresView()
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // Only a button under the sheet renames the draft: it cannot run while the sheet shows
            // `DraftSheet`, nor so while it shows `DraftBody`, which `DraftSheet` builds.
            """
            @Observable final class DraftModel {
                var text = ""
                init() { UserDefaults.standard.set(true, forKey: "drafting") }
            }
            struct DraftBody: View {
                @State private var model = DraftModel()
                var body: some View { TextField("Text", text: $model.text) }
            }
            struct DraftSheet: View {
                let title: String
                var body: some View { Text(title); DraftBody() }
            }
            struct Notes: View {
                @State private var title = "Draft"
                @State private var isDrafting = false
                var body: some View {
                    Button("Draft") { isDrafting = true }
                        .sheet(isPresented: $isDrafting) { DraftSheet(title: title) }
                        Button("Rename") { title += "!" }
                }
            }
            """,
            // `hub` is a variable: which object it holds when `listen()` writes is not known.
            """
            @MainActor final class EventHub {
                static let shared = EventHub()
                var onGoal: ((String) -> Void)?
            }
            @Observable final class LiveModel {
                var goals: [String] = []
                private var hub = EventHub.shared
                init(hub: EventHub) {
                    self.hub = hub
                    listen()
                }
                private func listen() { hub.onGoal = { [weak self] scorer in self?.goals.append(scorer) } }
            }
            struct LiveView: View {
                @State private var model = LiveModel(hub: EventHub())
                var body: some View { List(model.goals, id: \\.self) { Text($0) } }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    LiveView()
                }
            }
            """,
            // `Home.body` passes the model it keeps: the initializer that builds one
            // (`init(account:)`, used by the preview) is never selected by a body that runs again.
            """
            @Observable final class FeedModel {
                var posts: [String] = []
                init(account: String) {
                    NotificationCenter.default.addObserver(forName: .accountChanged, object: nil, queue: .main) { _ in }
                }
            }
            struct FeedView: View {
                let account: String
                @State private var model: FeedModel
                init(account: String, model: FeedModel) {
                    self.account = account
                    self.model = model
                }
                init(account: String) {
                    self.init(account: account, model: FeedModel(account: account))
                }
                var body: some View { List(model.posts, id: \\.self) { Text($0) } }
            }
            struct Home: View {
                @State private var account = "me"
                @State private var feed = FeedModel(account: "me")
                var body: some View {
                    Picker("Account", selection: $account) { Text("me") }
                    FeedView(account: account, model: feed)
                }
            }
            #Preview { FeedView(account: "me") }
            """,
            // `Profile.name`'s setter writes `info`, but no code sets `name`: nothing re-runs `Screen.body`.
            """
            @main struct ShopApp: App {
                var body: some Scene { WindowGroup { Screen() } }
            }
            struct Info { var name = "" }
            @Observable final class Profile {
                private var info = Info()
                var name: String {
                    get { info.name }
                    set { info.name = newValue }
                }
            }
            @Observable final class TransferFeed {
                var latest = ""
                private var cancellables = Set<AnyCancellable>()
                init() {
                    NotificationCenter.default.publisher(for: .transferAnnounced)
                        .sink { note in self.latest = note.name.rawValue }
                        .store(in: &cancellables)
                }
            }
            struct TransfersView: View {
                @State private var feed = TransferFeed()
                var body: some View { Text(feed.latest) }
            }
            struct Screen: View {
                @State private var profile = Profile()
                var body: some View {
                    Text(profile.name)
                    TransfersView()
                }
            }
            """,
            """
            @Observable final class SearchModel {
                var results: [String] = []
                private let queries = PassthroughSubject<String, Never>()
                private var cancellables = Set<AnyCancellable>()
                init() {
                    queries
                        .debounce(for: .seconds(0.3), scheduler: RunLoop.main)
                        .sink { [weak self] in self?.results = [$0] }
                        .store(in: &cancellables)
                    NotificationCenter.default.publisher(for: .didChange)
                        .sink { [weak self] _ in self?.results = [] }
                        .store(in: &cancellables)
                }
            }
            struct SearchView: View {
                @State private var model = SearchModel()
                var body: some View { List(model.results, id: \\.self) { Text($0) } }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    SearchView()
                }
            }
            """,
            """
            @Observable final class ReleaseNotes {
                var shows = false
                init() {
                    Task { @MainActor in
                        if Preferences.shared.lastVersion != Bundle.main.version { self.shows = true }
                    }
                }
            }
            struct NotesBadge: View {
                @State private var notes = ReleaseNotes()
                var body: some View { if notes.shows { Text("New") } }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    NotesBadge()
                }
            }
            """,
            """
            @Observable final class Counter {
                var value: Int
                init(value: Int = 0) { self.value = value }
            }
            struct CounterView: View {
                @State private var counter = Counter()
                var body: some View { Text("\\(counter.value)") }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    CounterView()
                }
            }
            """,
            """
            @Observable final class Inbox {
                var messages: [String] = []
                init() { loadMessages() }
                private func loadMessages() { messages = UserDefaults.standard.stringArray(forKey: "inbox") ?? [] }
            }
            struct InboxView: View {
                @State private var inbox = Inbox()
                var body: some View { Text("\\(inbox.messages.count)") }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    InboxView()
                }
            }
            """,
            """
            @Observable final class FeedModel {
                var posts: [String] = []
                init() { Task { await self.reload() } }
                func reload() async { _ = try? await URLSession.shared.data(from: Backend.url) }
            }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View { List(model.posts, id: \\.self) { Text($0) } }
            }
            struct Home: View {
                let title: String
                var body: some View { Text(title); FeedView() }
            }
            """,
            """
            @Observable final class FeedModel {
                var posts: [String] = []
                init() { Task { await self.reload() } }
                func reload() async { _ = try? await URLSession.shared.data(from: Backend.url) }
            }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View { List(model.posts, id: \\.self) { Text($0) } }
            }
            struct Home: View {
                @State private var showsFeed = true
                @State private var count = 0
                var body: some View {
                    if showsFeed {
                        FeedView()
                    } else {
                        Button("\\(count)") { count += 1 }
                    }
                }
            }
            """,
            """
            @Observable final class Library {
                var books: [String] = []
                func load() async {}
            }
            struct LibraryView: View {
                @State private var library = Library()
                var body: some View {
                    List(library.books, id: \\.self) { Text($0) }
                        .task { await library.load() }
                }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    LibraryView()
                }
            }
            """,
            """
            final class Store: ObservableObject {
                init() { Task { await refresh() } }
                func refresh() async { _ = try? await URLSession.shared.data(from: Backend.url) }
            }
            struct StoreView: View {
                @StateObject private var store = Store()
                var body: some View { Text("Store") }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    StoreView()
                }
            }
            """,
            """
            @Observable final class Session {
                var user: String?
                static let shared = Session()
                init() { Task { await self.fetchUser() } }
                func fetchUser() async { _ = try? await URLSession.shared.data(from: Backend.url) }
            }
            struct AccountView: View {
                @State private var session = Session.shared
                var body: some View { Text(session.user ?? "") }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    AccountView()
                }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where view.isView {
            var recreations: [ReCreation]?  // found on the first model with an effect
            for property in decl.properties where property.isStored && property.attributes.contains(named: "State") {
                for construction in constructions(of: property, in: view, context: context) {
                    let call = construction.call
                    guard let model = index.type(named: call.type, from: view.name), model.isClass, model.isObservable,
                        let effect = index.initializerEffect(ofConstructing: model, call: call.call, in: construction.file)
                    else { continue }
                    if recreations == nil {
                        let declaration = TokenLocation(file: context.fileIndex, token: decl.nameToken)
                        recreations = index.reCreations(of: view, declaredAt: declaration)
                    }
                    // No body that builds this view (with an initializer that builds the
                    // model) runs again while it is shown: one model.
                    guard let witness = recreations!.first(where: { construction.isBuilt(at: $0.site, of: view, index: index) }) else { continue }
                    let parent = witness.site.enclosingTypeName ?? "the parent"
                    let place = effect.place.map { " (\($0))" } ?? ""
                    let harm = effect.replacedWithSelf
                        ? "each discarded one replaces what the kept one assigned there with a value bound to itself, so the shared object no longer reaches the kept instance"
                        : "the side effect repeats for every discarded one"
                    context.report(
                        "`@State var \(property.name)` builds a new `\(model.name)` each time `\(parent).body` runs again and re-creates this view, and building one \(effect.description)\(place): SwiftUI keeps only the first instance, but \(harm)",
                        at: property.nameToken..<property.nameToken + 1,
                        notes: Witness.triggerNotes(witness.trigger, context: context)
                            + [context.note(
                                "`\(parent).body` runs again and re-creates `\(witness.site.viewName)` here, which evaluates `\(property.name)`'s initial value",
                                at: witness.site.token..<witness.site.token + 1, in: witness.site.file)]
                            + construction.passedOnNotes(context: context)
                            + [context.note(
                                "\(effect.description) here", at: effect.location.token..<effect.location.token + 1, in: effect.location.file)],
                        help: "keep `\(model.name)`'s initializer to assignments and start the work in `.task { }`, or create the model in `.task` (`@State private var \(property.name): \(model.name)?`)")
                    break
                }
            }
        }
    }

    /// A constructor call that gives the state its value, and the initializer a construction
    /// of the view must select for it to run (nil: every construction).
    struct Construction {
        let call: (type: String, call: Call)
        let file: Int
        let through: DelegatedArgument?

        func isBuilt(at site: ViewConstruction, of view: TypeInfo, index: ProjectIndex) -> Bool {
            guard let through else { return true }
            return index.initializers(of: view, selectedBy: site.call, in: site.file).contains {
                $0.file == through.file && $0.function.nameToken == through.initializer.nameToken
            }
        }

        func passedOnNotes(context: RuleContext) -> [DiagnosticNote] {
            guard let through else { return [] }
            return [context.note(
                "whose initializer builds a new `\(call.type)` here and passes it on with `self.init`", at: through.value, in: through.file)]
        }
    }

    /// The constructor calls that give the state its value each time the view is
    /// initialized: the initial value (`= Model()`, `: Model = .init()`), and in the view's
    /// initializers `_m = State(initialValue: Model())` / `State(wrappedValue:)` / `.init(…)`,
    /// or for a state without an initial value `m = Model()` (which initializes the wrapper
    /// with `State(wrappedValue:)`). An assigned parameter of the initializer is followed to
    /// the values the view's other initializers pass for it with `self.init(…)`.
    private func constructions(of property: Property, in view: TypeInfo, context: RuleContext) -> [Construction] {
        let index = context.index
        var result: [Construction] = []
        if let constructed = index.constructedType(of: property, in: context.file, scope: view.name) {
            result.append(Construction(call: (constructed.name, constructed.call), file: context.fileIndex, through: nil))
        }
        for (fileIndex, initializer) in view.functions where initializer.kind == .initializer {
            guard let body = initializer.body else { continue }
            let file = index.files[fileIndex]
            for assignment in file.assignments(in: body) where file.at(assignment.operatorToken, "=") {
                let path = file.path(of: assignment.target)
                let value: Range<Int>
                if path == ["_" + property.name] {
                    guard let wrapped = file.wrapperInitialValue(in: assignment.value, wrappers: ["State"]) else { continue }
                    value = wrapped
                } else if path == [property.name], property.initializer == nil {
                    value = assignment.value
                } else {
                    continue
                }
                if let constructed = index.constructedType(in: value, file: file, scope: view.name, contextualType: property.type) {
                    result.append(Construction(call: (constructed.name, constructed.call), file: fileIndex, through: nil))
                    continue
                }
                guard value.count == 1, let parameter = initializer.parameters.first(where: { $0.name == file.text(value.lowerBound) })
                else { continue }
                for passed in index.delegatedArguments(for: parameter, of: initializer, declaredIn: fileIndex, in: view) {
                    guard let constructed = index.constructedType(
                        in: passed.value, file: index.files[passed.file], scope: view.name, contextualType: property.type)
                    else { continue }
                    result.append(Construction(call: (constructed.name, constructed.call), file: passed.file, through: passed))
                }
            }
        }
        return result
    }
}

/// The index's initializer effects (`ProjectIndex.initializerEffect(ofConstructing:call:in:)`)
/// for rules that hold the call's file rather than its position.
struct SideEffects {
    let index: ProjectIndex

    func effect(ofConstructing model: TypeInfo, with call: Call, in file: ParsedFile) -> InitializerEffect? {
        index.fileIndex(of: file).flatMap { index.initializerEffect(ofConstructing: model, call: call, in: $0) }
    }
}
