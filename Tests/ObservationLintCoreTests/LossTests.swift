import ObservationLintCore
import ObservationSyntax
import XCTest

final class LossTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "Models.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
    }

    private func changedFields(_ type: String, in source: String) -> [String] {
        let index = index(source)
        return index.types[type].map { index.changedState(of: $0).map(\.field) } ?? []
    }

    /// The effect of the first `Type(` call in the source's `let probe = …` line.
    private func effect(constructing type: String, in source: String) -> String? {
        let index = index(source)
        let file = index.files[0]
        guard let model = index.types[type],
            let token = file.tokens.indices.first(where: { file.spells($0, type) && file.at($0 - 2, "probe") }),
            let call = file.call(at: token, limit: file.tokens.count)
        else { return nil }
        return index.initializerEffect(ofConstructing: model, call: call, in: 0)?.description
    }

    func testStateWrittenAfterInitialization() {
        let source = """
            final class Search: ObservableObject {
                @Published var results: [String] = []
                @Published var query: String
                init(query: String) { self.query = query }
                func search() { results = [] }
            }
            @Observable final class Inputs {
                var title: String
                var subtitle = ""
                init(title: String) { self.title = title }
            }
            final class Mirror: ObservableObject {
                @Published var items: [String] = []
                @Published var live: [String] = []
                private var cancellables = Set<AnyCancellable>()
                init(store: Store, events: PassthroughSubject<[String], Never>) {
                    store.$items.receive(on: DispatchQueue.main).sink { [weak self] in self?.items = $0 }.store(in: &cancellables)
                    events.sink { [weak self] in self?.live = $0 }.store(in: &cancellables)
                }
            }
            """
        XCTAssertEqual(changedFields("Search", in: source), ["results"])
        XCTAssertEqual(changedFields("Inputs", in: source), [])
        XCTAssertEqual(changedFields("Mirror", in: source), ["live"])
    }

    func testInitializerEffectsBeyondReadingMemory() {
        let source = """
            final class Reader {
                var name: String
                init() { name = UserDefaults.standard.string(forKey: "name") ?? ""; load() }
                private func load() { name = name.uppercased() }
            }
            final class Writer {
                init() { UserDefaults.standard.set(true, forKey: "launched") }
            }
            final class Fetcher {
                init(url: URL) { Task { await self.refresh(url) } }
                func refresh(_ url: URL) async { _ = try? await URLSession.shared.data(from: url) }
            }
            final class Requester {
                init(url: URL) { setUp(url) }
                private func setUp(_ url: URL) { URLSession.shared.dataTask(with: url).resume() }
            }
            final class Tracker {
                init(analytics: Analytics) { analytics.logEvent("open") }
            }
            final class ScreenTracker {
                init(analytics: AnalyticsTracking) { analytics.log(.screenView) }
            }
            final class Logged {
                init(logger: Logger) { logger.log("made") }
            }
            let probe = Reader()
            """
        XCTAssertNil(effect(constructing: "Reader", in: source))
        XCTAssertEqual(effect(constructing: "Writer", in: source.replacingOccurrences(of: "probe = Reader()", with: "probe = Writer()")), "writes to `UserDefaults`")
        XCTAssertEqual(
            effect(constructing: "Fetcher", in: source.replacingOccurrences(of: "probe = Reader()", with: "probe = Fetcher(url: u)")),
            "starts a `Task` that makes a network request")
        XCTAssertEqual(
            effect(constructing: "Requester", in: source.replacingOccurrences(of: "probe = Reader()", with: "probe = Requester(url: u)")),
            "makes a network request")
        XCTAssertEqual(
            effect(constructing: "Tracker", in: source.replacingOccurrences(of: "probe = Reader()", with: "probe = Tracker(analytics: a)")),
            "sends an analytics event")
        // `log` is an analytics event only on an analytics receiver, not on a logger.
        XCTAssertEqual(
            effect(
                constructing: "ScreenTracker", in: source.replacingOccurrences(of: "probe = Reader()", with: "probe = ScreenTracker(analytics: a)")),
            "sends an analytics event")
        XCTAssertNil(effect(constructing: "Logged", in: source.replacingOccurrences(of: "probe = Reader()", with: "probe = Logged(logger: l)")))
    }

    func testTaskIsAnEffectByWhatItsBodyDoes() {
        let source = """
            final class Notes {
                var shows = false
                init() { Task { @MainActor in if Settings.shared.lastVersion != nil { self.shows = true } } }
            }
            final class Feed {
                var items: [String] = []
                init(api: API) { Task { self.items = await api.items() } }
            }
            final class Poller {
                init() { Task { while true { try await Task.sleep(for: .seconds(1)) } } }
            }
            final class Waiter {
                init() { Task { try await Task.sleep(for: .seconds(1)); print("late") } }
            }
            final class Messages {
                init(controller: NSFetchedResultsController<Message>) { try? controller.performFetch() }
            }
            let probe = Notes()
            """
        func probing(_ call: String) -> String { source.replacingOccurrences(of: "probe = Notes()", with: "probe = \(call)") }
        // Reads memory and sets the new object's own state: nothing repeats that matters.
        XCTAssertNil(effect(constructing: "Notes", in: source))
        XCTAssertEqual(effect(constructing: "Feed", in: probing("Feed(api: a)")), "starts a `Task` that awaits `items`")
        XCTAssertEqual(effect(constructing: "Poller", in: probing("Poller()")), "starts a `Task` that runs a loop")
        XCTAssertEqual(effect(constructing: "Waiter", in: probing("Waiter()")), "starts a `Task` that sleeps and resumes")
        // A fetch reads a database, not memory.
        XCTAssertEqual(effect(constructing: "Messages", in: probing("Messages(controller: c)")), "fetches from a database")
    }

    func testSubscriptionsTheObjectOwnsEndWithIt() {
        let source = """
            final class Search {
                var results: [String] = []
                private var cancellables = Set<AnyCancellable>()
                init(queries: PassthroughSubject<String, Never>) {
                    queries
                        .debounce(for: .seconds(0.3), scheduler: RunLoop.main)
                        .sink { [weak self] query in self?.results = [query] }
                        .store(in: &cancellables)
                }
            }
            final class Sidebar {
                var channels: [String] = []
                private var cancellables: Set<AnyCancellable> = []
                private var observer: AnyCancellable?
                init(events: PassthroughSubject<String, Never>) {
                    NotificationCenter.default.publisher(for: .subscriptionsDidChange)
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] _ in self?.channels = [] }
                        .store(in: &self.cancellables)
                    observer = events.sink { [unowned self] in self.channels.append($0) }
                    NotificationCenter.default.addObserver(self, selector: #selector(refresh), name: .didChange, object: nil)
                }
                @objc func refresh() {}
            }
            final class Leaky {
                var last = ""
                private var cancellables = Set<AnyCancellable>()
                init(events: PassthroughSubject<String, Never>) {
                    events.sink { self.last = $0 }.store(in: &cancellables)
                }
            }
            final class Kept {
                var last = ""
                init(events: PassthroughSubject<String, Never>, bag: Bag) {
                    events.sink { [weak self] in self?.last = $0 }.store(in: &bag.cancellables)
                }
            }
            final class Watcher {
                init() {
                    NotificationCenter.default.addObserver(forName: .didChange, object: nil, queue: .main) { _ in print("changed") }
                }
            }
            final class Lists {
                var lists: [String] = []
                private var cancellables = Set<AnyCancellable>()
                private lazy var listsPublisher = { ResultsPublisher(controller: NSFetchedResultsController()) }()
                init() {
                    listsPublisher.publisher.sink { [weak self] in self?.lists = $0 }.store(in: &cancellables)
                }
            }
            final class ResultsPublisher {
                let publisher = PassthroughSubject<[String], Never>()
                init(controller: NSFetchedResultsController<Item>) { try? controller.performFetch() }
            }
            let probe = Search(queries: q)
            """
        func probing(_ call: String) -> String { source.replacingOccurrences(of: "probe = Search(queries: q)", with: "probe = \(call)") }
        // Kept in the object's own cancellables, without holding `self`: freed with the object.
        XCTAssertNil(effect(constructing: "Search", in: source))
        XCTAssertNil(effect(constructing: "Sidebar", in: probing("Sidebar(events: e)")))
        // The closure holds `self`, so the object (and its subscription) never goes away.
        XCTAssertEqual(effect(constructing: "Leaky", in: probing("Leaky(events: e)")), "subscribes to a publisher")
        // Kept by another object: it outlives the new one.
        XCTAssertEqual(effect(constructing: "Kept", in: probing("Kept(events: e, bag: b)")), "subscribes to a publisher")
        // A block observer stays registered until it is removed.
        XCTAssertEqual(effect(constructing: "Watcher", in: probing("Watcher()")), "adds a notification observer")
        // The first read of a lazy property builds an object whose initializer fetches.
        XCTAssertEqual(effect(constructing: "Lists", in: probing("Lists()")), "fetches from a database")
    }

    func testBindingsHandedOutAndObjectsHandedIn() {
        let source = """
            struct Info { var name = "" }
            final class Detail: ObservableObject {
                @Published var info: Info
                init(info: Info) { self.info = info }
            }
            struct DetailView: View {
                @ObservedObject var model: Detail
                var body: some View { InfoView(info: $model.info) }
            }
            struct InfoView: View {
                @Binding var info: Info
                var body: some View { Text(info.name) }
            }
            final class Summary: ObservableObject {
                @Published var info: Info
                init(info: Info) { self.info = info }
            }
            struct SummaryView: View {
                @ObservedObject var model: Summary
                var body: some View { CaptionView(info: $model.info, width: 3) }
            }
            struct CaptionView: View {
                @Binding private var caption: Info
                let width: Int
                init(info: Binding<Info>, width: Int) { self._caption = info; self.width = width }
                var body: some View { Text(caption.name) }
            }
            final class Draft: ObservableObject {
                @Published var text: Info
                init(text: Info) { self.text = text }
            }
            struct DraftView: View {
                @ObservedObject var model: Draft
                var body: some View { EditorView(text: $model.text) }
            }
            struct EditorView: View {
                @Binding var text: Info
                var body: some View { TextField("Name", text: $text.name) }
            }
            final class Prefs { var volume = 0 }
            final class Owner { let prefs = Prefs() }
            final class SharedPrefs: ObservableObject {
                let owner: Owner
                @Published var prefs: Prefs
                init(owner: Owner) { self.owner = owner; prefs = owner.prefs }
            }
            final class OwnPrefs: ObservableObject {
                @Published var prefs: Prefs
                init() { prefs = Prefs() }
            }
            struct SharedPrefsView: View {
                @ObservedObject var model: SharedPrefs
                var body: some View { VolumeView(prefs: $model.prefs) }
            }
            struct OwnPrefsView: View {
                @ObservedObject var model: OwnPrefs
                var body: some View { VolumeView(prefs: $model.prefs) }
            }
            struct VolumeView: View {
                @Binding var prefs: Prefs
                var body: some View { Slider(value: $prefs.volume) }
            }
            """
        // A child that only reads its binding keeps the value; one that edits it changes it.
        XCTAssertEqual(changedFields("Detail", in: source), [])
        XCTAssertEqual(changedFields("Summary", in: source), [])
        XCTAssertEqual(changedFields("Draft", in: source), ["text"])
        // Edits through a handed-in object change that shared object, not the model.
        XCTAssertEqual(changedFields("SharedPrefs", in: source), [])
        XCTAssertEqual(changedFields("OwnPrefs", in: source), ["prefs"])
    }

    func testKeyValueObservingPublisherReplaysItsValue() {
        let source = """
            final class Updates: ObservableObject {
                @Published var canCheck = false
                init(updater: Updater) { updater.publisher(for: \\.canCheck).assign(to: &$canCheck) }
            }
            final class Changes: ObservableObject {
                @Published var canCheck = false
                init(updater: Updater) { updater.publisher(for: \\.canCheck, options: [.new]).assign(to: &$canCheck) }
            }
            final class Initial: ObservableObject {
                @Published var canCheck = false
                init(updater: Updater) { updater.publisher(for: \\.canCheck, options: [.initial, .new]).assign(to: &$canCheck) }
            }
            """
        XCTAssertEqual(changedFields("Updates", in: source), [])
        XCTAssertEqual(changedFields("Changes", in: source), ["canCheck"])
        XCTAssertEqual(changedFields("Initial", in: source), [])
    }

    func testStateWrittenThroughProjectionsReferencesAndHeldObjects() {
        let source = """
            final class Assigned: ObservableObject {
                @Published private var value = 0
                init(subject: PassthroughSubject<Int, Never>) { subject.assign(to: &$value) }
            }
            final class Replayed: ObservableObject {
                @Published private var value = 0
                init(store: Store) { store.$value.assign(to: &$value) }
            }
            final class Settings: ObservableObject { var volume = 0 }
            final class Locked: ObservableObject { private(set) var volume = 0 }
            struct Mixer: View {
                let settings: Settings
                var body: some View { Button("Max") { settings.volume = 10 } }
            }
            final class Counter { private(set) var count = 0; func tick() { count += 1 } }
            final class Holder: ObservableObject { let counter = Counter() }
            final class Handed: ObservableObject {
                let counter: Counter
                init(counter: Counter) { self.counter = counter }
            }
            final class Cycle: ObservableObject { let next = Cycle() }
            """
        XCTAssertEqual(changedFields("Assigned", in: source), ["value"])
        XCTAssertEqual(changedFields("Replayed", in: source), [])
        XCTAssertEqual(changedFields("Settings", in: source), ["volume"])
        XCTAssertEqual(changedFields("Locked", in: source), [])
        // An object the model builds goes with it; one it is handed does not.
        XCTAssertEqual(changedFields("Holder", in: source), ["counter.count"])
        XCTAssertEqual(changedFields("Handed", in: source), [])
        XCTAssertEqual(changedFields("Cycle", in: source), [])
    }

    func testLossCombinesStateAndEffect() {
        let source = """
            final class Only: ObservableObject {
                let id: Int
                init(id: Int) { self.id = id }
            }
            let probe = Only(id: 1)
            """
        let index = index(source)
        XCTAssertTrue(index.loss(ofRebuilding: index.types["Only"]!).isEmpty)
    }

    /// A field whose every later write sets the literal it starts with never holds anything
    /// else: a rebuilt object has the same value.
    func testResetsToTheStartingValueAreNotChanges() {
        let source = """
            @Observable final class RawEvent {
                private(set) var errorMessage: String?
                var isLoading = false
                var retries = 0
                var title: String?
                init(title: String?) { self.title = title }
                func dismissError() { errorMessage = nil }
                func stop() { isLoading = false }
                func retry() { retries = 0; retries += 1 }
                func clear() { title = nil }
            }
            """
        XCTAssertEqual(changedFields("RawEvent", in: source), ["retries", "title"])
    }

    /// An object built for a view's property is reached only through that property: a view
    /// that never refers to it loses none of its state, only the initializer's effect counts.
    func testStateOfAnObjectTheViewNeverReachesIsNotLost() {
        let source = """
            final class Toasts: ObservableObject {
                static let shared = Toasts()
                @Published var queue: [String] = []
                func show(_ text: String) { queue.append(text) }
            }
            struct Unused: View {
                @ObservedObject var toasts = Toasts()
                var body: some View { Button("Save") { Toasts.shared.show("Saved") } }
            }
            struct Used: View {
                @ObservedObject var toasts = Toasts()
                var body: some View { Button("Save") { toasts.show("Saved") } }
            }
            struct Projected: View {
                @ObservedObject var toasts: Toasts
                init() { _toasts = ObservedObject(wrappedValue: Toasts()) }
                var body: some View { Child(queue: $toasts.queue) }
            }
            """
        let index = index(source)
        let toasts = index.types["Toasts"]!
        func lost(in view: String) -> [String] {
            index.loss(ofRebuilding: toasts, call: nil, in: nil, heldIn: "toasts", of: index.types[view]!).changedState.map(\.field)
        }
        XCTAssertEqual(lost(in: "Unused"), [])
        XCTAssertEqual(lost(in: "Used"), ["queue"])
        XCTAssertEqual(lost(in: "Projected"), ["queue"])
    }
    func testStateChangedOnlyOnOtherObjectsOfTheTypeIsNotLost() {
        let source = """
            final class Info: ObservableObject {
                @Published var title = ""
                func update(_ text: String) { rename(text) }
                private func rename(_ text: String) { title = text }
            }
            struct Card: View {
                @ObservedObject var info = Info()
                var body: some View { Text(info.title) }
            }
            struct Popup: View {
                @StateObject private var info = Info()
                var body: some View { Button("Rename") { info.update("New") } }
            }
            struct Editor: View {
                @ObservedObject var info = Info()
                var body: some View { Button(info.title) { info.update("New") } }
            }
            struct Handing: View {
                @ObservedObject var info = Info()
                var body: some View { Popup2(info: info) }
            }
            struct Popup2: View {
                let info: Info
                var body: some View { Button("Rename") { info.update("New") } }
            }
            """
        let index = index(source)
        let info = index.types["Info"]!
        func lost(in view: String) -> [String] {
            index.loss(ofRebuilding: info, call: nil, in: nil, heldIn: "info", of: index.types[view]!).changedState.map(\.field)
        }
        XCTAssertEqual(lost(in: "Card"), [], "only other views' objects are renamed")
        XCTAssertEqual(lost(in: "Editor"), ["title"], "renamed through the view's own property")
        XCTAssertEqual(lost(in: "Handing"), ["title"], "handed to a child that may rename it")
        // An object that hands itself out (`Registry.current = self`) may be renamed by anyone.
        let registering = self.index(source.replacingOccurrences(
            of: "@Published var title = \"\"", with: "@Published var title = \"\"\n    init() { Registry.current = self }"))
        XCTAssertEqual(
            registering.loss(ofRebuilding: registering.types["Info"]!, call: nil, in: nil, heldIn: "info", of: registering.types["Card"]!)
                .changedState.map(\.field), ["title"])
    }

    /// A write through another reference of the model's type — another view's property, a
    /// parameter, an object fetched from a list — changes another object: only a write the
    /// view's own property (or the object's own code called on it) reaches is lost with it.
    func testWritesToAnotherObjectOfTheTypeAreNotLost() {
        let source = """
            @Observable final class Draft {
                var name = ""
                var flag = false
                var count = 0
                func bump() { count += 1 }
            }
            struct AddView: View {
                @Bindable var vm = Draft()
                var body: some View { TextField("Name", text: $vm.name) }
            }
            struct EditView: View {
                @Bindable var vm = Draft()
                let drafts: [Draft]
                var body: some View {
                    Button("Flag") { vm.flag = true }
                    Button("Rename") { drafts[0].name = "x"; rename(drafts[1]) }
                }
                func rename(_ other: Draft) { other.name = "y"; other.bump() }
            }
            struct SelfView: View {
                @Bindable var vm = Draft()
                var body: some View { Button("Rename") { self.vm.name = "z"; vm.bump() } }
            }
            """
        let index = index(source)
        let draft = index.types["Draft"]!
        func lost(in view: String) -> [StateChange] {
            index.loss(ofRebuilding: draft, call: nil, in: nil, heldIn: "vm", of: index.types[view]!).changedState
        }
        XCTAssertEqual(changedFields("Draft", in: source), ["name", "flag", "count"], "the type's state changes")
        XCTAssertEqual(lost(in: "AddView").map(\.field), ["name"])
        XCTAssertEqual(lost(in: "EditView").map(\.field), ["flag"], "`name` and `count` change on other drafts")
        let reached = lost(in: "SelfView")
        XCTAssertEqual(reached.map(\.field), ["name", "count"])
        // The note cites the write that reaches the object, not `AddView`'s.
        let file = index.files[reached[0].location.file]
        XCTAssertEqual(file.text(reached[0].location.token - 2), "vm")
        XCTAssertTrue(file.at(reached[0].location.token - 4, "self"))
    }

    func testModelPassedOnToADescendantKeepingItLosesNoState() {
        let source = """
            @Observable final class Alert {
                var price = 0
                func raise() { price += 1 }
            }
            struct AlertScene: View {
                @State private var model: Alert
                init(model: Alert) { _model = State(initialValue: model) }
                var body: some View { Button("\\(model.price)") { model.raise() } }
            }
            struct AlertStack: View {
                private let model: Alert
                init(model: Alert) { self.model = model }
                var body: some View { NavigationStack { AlertScene(model: model) } }
            }
            struct Outer: View {
                let model: Alert
                var body: some View { AlertStack(model: self.model) }
            }
            struct Reading: View {
                let model: Alert
                var body: some View { AlertScene(model: model); Text("\\(model.price)") }
            }
            struct Observing: View {
                let model: Alert
                var body: some View { Editor(model: model) }
            }
            struct Editor: View {
                @Bindable var model: Alert
                var body: some View { Button("\\(model.price)") { model.raise() } }
            }
            """
        let index = index(source)
        let alert = index.types["Alert"]!
        func lost(in view: String) -> [String] {
            index.loss(ofRebuilding: alert, call: nil, in: nil, heldIn: "model", of: index.types[view]!).changedState.map(\.field)
        }
        XCTAssertEqual(index.keeperChain(ofHandedOn: "model", of: index.types["AlertStack"]!)?.map(\.receiver), ["AlertScene"])
        XCTAssertEqual(index.keeperChain(ofHandedOn: "model", of: index.types["Outer"]!)?.map(\.receiver), ["AlertStack", "AlertScene"])
        XCTAssertEqual(lost(in: "AlertStack"), [], "`AlertScene` keeps the first object")
        XCTAssertEqual(lost(in: "Outer"), [], "passed on twice, kept by `AlertScene`")
        XCTAssertEqual(lost(in: "Reading"), ["price"], "the view also shows the new object")
        XCTAssertEqual(lost(in: "Observing"), ["price"], "`Editor` takes each new object")
    }

    func testModelKeptByADescendantAndInjectedWhereNoViewReadsItLosesNoState() {
        let source = """
            final class Clock: ObservableObject {
                @Published var now = Date()
                func tick() { now = Date() }
            }
            final class Tally: ObservableObject {
                @Published var count = 0
                func add() { count += 1 }
            }
            struct Face: View {
                @StateObject var clock: Clock
                var body: some View { Text("\\(clock.now)").onAppear { clock.tick() } }
            }
            struct Counter: View {
                @StateObject var tally: Tally
                var body: some View { Button("\\(tally.count)") { tally.add() } }
            }
            struct Hand: View {
                @EnvironmentObject var tally: Tally
                var body: some View { Text("\\(tally.count)") }
            }
            struct Timer: View {
                @ObservedObject var clock = Clock()
                var body: some View { Face(clock: clock).environmentObject(clock) }
            }
            struct Scoring: View {
                @ObservedObject var tally = Tally()
                var body: some View { VStack { Counter(tally: tally); Hand() }.environmentObject(tally) }
            }
            struct Injecting: View {
                @ObservedObject var clock = Clock()
                var body: some View { Face(clock: clock).environment(\\.clock, clock) }
            }
            """
        let index = index(source)
        func lost(_ model: String, in view: String, held property: String) -> [String] {
            index.loss(ofRebuilding: index.types[model]!, call: nil, in: nil, heldIn: property, of: index.types[view]!).changedState.map(\.field)
        }
        XCTAssertEqual(lost("Clock", in: "Timer", held: "clock"), [], "`Face` keeps the first; no view reads a `Clock` from the environment")
        XCTAssertEqual(lost("Tally", in: "Scoring", held: "tally"), ["count"], "`Hand` reads the injected new object")
        XCTAssertEqual(lost("Clock", in: "Injecting", held: "clock"), ["now"], "an environment value, not an object injection")
        XCTAssertNil(index.keeperChain(ofHandedOn: "clock", of: index.types["Timer"]!), "without the model's class, every other use counts")
        XCTAssertEqual(index.keeperChain(ofHandedOn: "clock", of: index.types["Timer"]!, model: index.types["Clock"])?.map(\.receiver), ["Face"])
    }

    func testLocalPackageExportsWhereItsPublicViewPassesAModelOn() {
        let kit = ParsedFile(
            path: "Kit.swift",
            bytes: Array("""
                @Observable public final class Alert {
                    var price = 0
                    func raise() { price += 1 }
                }
                struct AlertScene: View {
                    @State private var model: Alert
                    init(model: Alert) { _model = State(initialValue: model) }
                    var body: some View { Button("\\(model.price)") { model.raise() } }
                }
                public struct AlertStack: View {
                    private let model: Alert
                    public init(model: Alert) { self.model = model }
                    public var body: some View { AlertScene(model: model) }
                }
                """.utf8))
        let app = ParsedFile(path: "App.swift", bytes: Array("struct Home: View { var body: some View { AlertStack(model: Alert()) } }".utf8))
        let package = ProjectIndex(files: [kit])
        let index = ProjectIndex(
            files: [app, kit], isPackageFile: [false, true],
            importedTypes: package.publicTypes.mapValues { $0.renumberingFiles { $0 + 1 } })
        let chain = index.keeperChain(ofHandedOn: "model", of: index.types["AlertStack"]!)
        XCTAssertEqual(chain?.map(\.receiver), ["AlertScene"])
        XCTAssertEqual(chain?.first?.receiving.file, 1)
        XCTAssertEqual(chain?.first?.receiving.wrapper, "State")
    }

    func testInitializerEffectOnlyInACaseTheArgumentDoesNotSelect() {
        let source = """
            final class Form: ObservableObject {
                enum Mode { case create, edit(String) }
                @Published var image: Data?
                init(mode: Mode) {
                    switch mode {
                    case .create:
                        image = nil
                    case .edit(let name):
                        image = Files.loadImage(named: name)
                    }
                }
            }
            let probe = Form(mode: .create)
            """
        XCTAssertNil(effect(constructing: "Form", in: source), "`.create` does not run the `.edit` case")
        XCTAssertEqual(
            effect(constructing: "Form", in: source.replacingOccurrences(of: "Form(mode: .create)", with: "Form(mode: .edit(\"a\"))")),
            "calls `loadImage`, which loads data")
        XCTAssertEqual(
            effect(constructing: "Form", in: source.replacingOccurrences(of: "Form(mode: .create)", with: "Form(mode: mode)")),
            "calls `loadImage`, which loads data", "an argument that is not a literal may select either case")
    }
}

/// Where a view keeps an initializer argument, and whether the caller's expression is an
/// autoclosure built once (a memberwise `@StateObject`, SE-0258).
final class ReceivingPropertyTests: XCTestCase {
    func testAMemberwiseStateObjectArgumentIsBuiltOnce() {
        let source = """
            import SwiftUI
            final class Model: ObservableObject {}
            struct Memberwise: View {
                @StateObject var model: Model
                var body: some View { EmptyView() }
            }
            struct Assigning: View {
                @StateObject var model: Model
                init(model: Model) { _model = StateObject(wrappedValue: model) }
                var body: some View { EmptyView() }
            }
            struct Observing: View {
                @ObservedObject var model: Model
                var body: some View { EmptyView() }
            }
            """
        let index = ProjectIndex(files: [ParsedFile(path: "Views.swift", bytes: Array(source.utf8))])
        func receiving(_ view: String) -> ReceivingProperty? {
            index.receivingProperty(of: index.types[view]!, label: "model", position: 0)
        }
        XCTAssertEqual(receiving("Memberwise")?.wrapper, "StateObject")
        XCTAssertEqual(receiving("Memberwise")?.isBuiltOnce, true)
        XCTAssertEqual(receiving("Assigning")?.isBuiltOnce, false)
        XCTAssertEqual(receiving("Assigning")?.keepsFirst, true)
        XCTAssertEqual(receiving("Observing")?.isBuiltOnce, false)
    }
}
