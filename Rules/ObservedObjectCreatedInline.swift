import ObservationLintCore
import ObservationSyntax

public struct ObservedObjectCreatedInline: Rule {
    public static let description = RuleDescription(
        id: "observed_object_created_inline",
        name: "ObservedObject created inline",
        category: .ownership,
        group: .suspicious,
        summary: "An `@ObservedObject` whose object the view creates itself.",
        rationale: """
            `@ObservedObject` does not own its object: it observes whatever the view was \
            initialized with. When the view creates the object itself (`@ObservedObject var \
            model = Model()`, or `self.model = Model()` in its initializer; also through a \
            project function every return path of which builds the object anew, `Model.make()`, \
            but not one that may return a kept object, a cache or a singleton), each time a \
            parent's body runs again it re-creates the view and with it a new object: what the old one \
            held (loaded data, selection, progress) is lost, and work started in its initializer \
            runs again. An initializer that builds the object only when a caller leaves a \
            parameter out (`_model = ObservedObject(wrappedValue: model ?? Model())`) does so for \
            the callers that leave it out. Reported by default only with the witness, cited in notes in the order \
            things happen: the write that runs the parent's body again (and where it reads that \
            state), the site where that body re-creates this view, and what is lost (a write to \
            the model's state after its initializer, or its initializer's effect). A view whose \
            parents never run again while it is shown, and a model that only holds its inputs, \
            are not reported.
            The new object is reached only through the view's property: when the view's code \
            never refers to it (the view uses a shared instance instead), nothing writes or \
            shows that object's state, so only its initializer's effect can be lost. Nor does a \
            write to another object of the model's type (a parameter, an element of a list, \
            another view's model) witness a loss: only a write that reaches this object — \
            through the property, or the model's own code the view calls on it — does.
            An object the initializer builds from its parameters (`init(course:) { model = \
            CourseModel(course: course) }`) is built for what the caller passes: a parent write \
            that changes what it passes for them (or is made in the same synchronous step as \
            such a change) re-creates the view for the new input, as intended, and is no \
            witness; another write that re-creates the view with the same input still is. A \
            property's initial value (`@ObservedObject var model = Model()`) has no inputs: \
            every such write is a witness.
            """,
        fix: """
            Let SwiftUI own it: `@StateObject private var model = Model()`. If the parent owns \
            the object, pass it in and keep `@ObservedObject var model: Model` without an initial \
            value.
            """,
        triggeringExamples: [
            // A factory every return path of which builds a new model is a constructor: each
            // new `CourseView` value gets a new model.
            """
            final class CourseModel: ObservableObject {
                @Published var group = ""
                func join() { group = "A" }
                static func make() -> CourseModel {
                    let model = CourseModel()
                    model.group = "-"
                    return model
                }
            }
            struct CourseView: View {
                @ObservedObject var ↓model = CourseModel.make()
                var body: some View { Button(model.group) { model.join() } }
            }
            struct Courses: View {
                @State private var refreshes = 0
                var body: some View {
                    Button("Refresh \\(refreshes)") { refreshes += 1 }
                    CourseView()
                }
            }
            """,
            // `refreshes` changes nothing `CourseView` builds its model from.
            """
            final class CourseModel: ObservableObject {
                @Published var group = ""
                init(course: String) {}
                func join() { group = "A" }
            }
            struct CourseView: View {
                @ObservedObject var ↓model: CourseModel
                init(course: String) { model = CourseModel(course: course) }
                var body: some View { Button(model.group) { model.join() } }
            }
            struct Courses: View {
                @State private var selectedCourse = "Swift"
                @State private var refreshes = 0
                var body: some View {
                    Picker("Course", selection: $selectedCourse) { Text("Swift").tag("Swift") }
                    Button("Refresh \\(refreshes)") { refreshes += 1 }
                    CourseView(course: selectedCourse)
                }
            }
            """,
            """
            final class Clock: ObservableObject {
                @Published var now = Date()
                func tick() { now = Date() }
            }
            struct ClockFace: View {
                @StateObject var clock: Clock
                var body: some View { Button("\\(clock.now)") { clock.tick() } }
            }
            struct Hands: View {
                @EnvironmentObject var clock: Clock
                var body: some View { Text("\\(clock.now)") }
            }
            struct TimerScreen: View {
                @ObservedObject var ↓clock = Clock()
                var body: some View { VStack { ClockFace(clock: clock); Hands() }.environmentObject(clock) }
            }
            struct Dashboard: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    TimerScreen()
                }
            }
            """,
            """
            final class Ticker: ObservableObject {
                @Published var seconds = 0
                func tick() { seconds += 1 }
            }
            struct TimerView: View {
                @ObservedObject var ↓ticker = Ticker()
                var body: some View { Button("\\(ticker.seconds)") { ticker.tick() } }
            }
            struct Dashboard: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    TimerView()
                }
            }
            """,
            """
            final class SearchModel: ObservableObject {
                @Published var query = ""
                init(scope: Scope) {}
            }
            struct SearchView: View {
                @ObservedObject private var ↓search = SearchModel(scope: .all)
                var body: some View { TextField("Search", text: $search.query) }
            }
            struct Dashboard: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    SearchView()
                }
            }
            """,
            """
            final class FeedModel: ObservableObject {
                @Published var items: [String] = []
                init() { Task { await self.reload() } }
                func reload() async { _ = try? await URLSession.shared.data(from: Backend.url) }
            }
            struct FeedView: View {
                @ObservedObject var ↓feed: FeedModel = .init()
                var body: some View { List(feed.items, id: \\.self) { Text($0) } }
            }
            struct Root: View {
                @Environment(\\.horizontalSizeClass) private var sizeClass
                var body: some View { FeedView().padding(sizeClass == .compact ? 8 : 16) }
            }
            """,
            """
            final class DetailModel: ObservableObject {
                @Published var title = ""
                init(id: Int) {}
                func rename(_ title: String) { self.title = title }
            }
            struct DetailView: View {
                @ObservedObject var ↓model: DetailModel
                init(id: Int) {
                    self.model = DetailModel(id: id)
                }
                var body: some View { Text(model.title) }
            }
            struct Dashboard: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    DetailView(id: 1)
                }
            }
            """,
            """
            enum Settings {
                final class Store: ObservableObject { @Published var sync = false }
            }
            struct SettingsView: View {
                @ObservedObject var ↓settings: Settings.Store
                init() { _settings = ObservedObject(wrappedValue: Settings.Store()) }
                var body: some View { Toggle("Sync", isOn: $settings.sync) }
            }
            struct Dashboard: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    SettingsView()
                }
            }
            """,
            """
            final class PinStore: ObservableObject {
                @Published var pinned: [Int] = []
                func pin(_ id: Int) { pinned.append(id) }
            }
            struct WorkoutDetail: View {
                @ObservedObject private var ↓pins: PinStore
                init(pins: PinStore? = nil) { _pins = ObservedObject(wrappedValue: pins ?? PinStore()) }
                var body: some View { Button("Pin \\(pins.pinned.count)") { pins.pin(1) } }
            }
            struct ImportPreview: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    WorkoutDetail()
                }
            }
            """,
            """
            final class PinStore: ObservableObject {
                @Published var pinned: [Int] = []
                func pin(_ id: Int) { pinned.append(id) }
            }
            struct WorkoutDetail: View {
                let title: String
                let footer: () -> Text
                @ObservedObject private var ↓pins: PinStore
                init(_ title: String, _ pins: PinStore? = nil, footer: @escaping () -> Text = { Text("") }) {
                    self.title = title
                    self.footer = footer
                    _pins = ObservedObject(wrappedValue: pins ?? PinStore())
                }
                var body: some View { Button("\\(title) \\(pins.pinned.count)") { pins.pin(1) }; footer() }
            }
            struct ImportPreview: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    WorkoutDetail("Run") { Text("Last week") }
                }
            }
            """,
            """
            final class PinStore: ObservableObject {
                @Published var pinned: [Int] = []
                func pin(_ id: Int) { pinned.append(id) }
            }
            struct WorkoutDetail: View {
                @ObservedObject private var ↓pins: PinStore
                init(pins: PinStore? = nil) { _pins = ObservedObject(wrappedValue: pins ?? PinStore()) }
                var body: some View { Button("Pin \\(pins.pinned.count)") { pins.pin(1) } }
            }
            struct ImportPreview: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    WorkoutDetail(pins: nil)
                }
            }
            """,
            """
            final class PinStore: ObservableObject {
                @Published var pinned: [Int] = []
                func pin(_ id: Int) { pinned.append(id) }
            }
            struct WorkoutDetail: View {
                @ObservedObject private var ↓pins = PinStore()
                var body: some View { Button("Pin \\(pins.pinned.count)") { pins.pin(1) } }
            }
            struct Library: View {
                @State private var elapsed = 0
                @State private var showsDetail = false
                var body: some View {
                    Button("\\(elapsed)") { showsDetail = true }
                        .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in elapsed += 1 }
                        .sheet(isPresented: $showsDetail) { WorkoutDetail() }
                }
            }
            @main struct WorkoutApp: App {
                var body: some Scene { WindowGroup { Library() } }
            }
            """,
            // `.onChange(of: query)` follows a timer: it runs while the sheet is up.
            """
            final class PinStore: ObservableObject {
                @Published var pinned: [Int] = []
                func pin(_ id: Int) { pinned.append(id) }
            }
            struct WorkoutDetail: View {
                let title: String
                @ObservedObject private var ↓pins = PinStore()
                var body: some View { Button("Pin \\(title) \\(pins.pinned.count)") { pins.pin(1) } }
            }
            struct Library: View {
                @State private var query = ""
                @State private var title = ""
                @State private var showsDetail = false
                var body: some View {
                    Button(title) { showsDetail = true }
                        .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in query += "." }
                        .onChange(of: query) { newValue in title = newValue }
                        .sheet(isPresented: $showsDetail) { WorkoutDetail(title: title) }
                }
            }
            @main struct WorkoutApp: App {
                var body: some Scene { WindowGroup { Library() } }
            }
            """,
            // The parent's action is a closure its model's lazy property holds.
            """
            final class AlertModel: ObservableObject {
                @Published var notifies = false
                init(station: String) {}
            }
            struct AlertRow: View {
                @ObservedObject var ↓model: AlertModel
                init(station: String) { self.model = AlertModel(station: station) }
                var body: some View { Toggle("Notify", isOn: $model.notifies) }
            }
            final class DetailModel: ObservableObject {
                @Published var isFavourite = false
                private(set) lazy var toggleFavourite: () -> Void = { self.isFavourite.toggle() }
            }
            struct Detail: View {
                @StateObject private var detail = DetailModel()
                var body: some View {
                    AlertRow(station: "Songshan")
                    Button(detail.isFavourite ? "Unfavourite" : "Favourite") { detail.toggleFavourite() }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // The initial value is the memberwise initializer's default: the only caller passes
            // its own object, so `RidesModel()` is never built while the app runs.
            """
            final class RidesModel: ObservableObject {
                @Published var rides: [String] = []
                func load() { Task { @MainActor in rides = await fetchRides() } }
            }
            func fetchRides() async -> [String] { [] }
            struct RidesList: View {
                @ObservedObject var model = RidesModel()
                var body: some View { List(model.rides, id: \\.self) { Text($0) } }
            }
            struct Activities: View {
                @StateObject private var rides = RidesModel()
                @State private var tab = 0
                var body: some View {
                    Picker("Tab", selection: $tab) { Text("Rides").tag(0) }
                    RidesList(model: rides).onAppear { rides.load() }
                }
            }
            """,
            // The factory returns the object it keeps: every `CourseView` gets the same one.
            """
            final class CourseModel: ObservableObject {
                @Published var group = ""
                func join() { group = "A" }
                private static var cached: CourseModel?
                static func make() -> CourseModel {
                    if let cached { return cached }
                    let model = CourseModel()
                    cached = model
                    return model
                }
            }
            struct CourseView: View {
                @ObservedObject var model = CourseModel.make()
                var body: some View { Button(model.group) { model.join() } }
            }
            struct Courses: View {
                @State private var refreshes = 0
                var body: some View {
                    Button("Refresh \\(refreshes)") { refreshes += 1 }
                    CourseView()
                }
            }
            """,
            // The callback sets `station`, the row's input, in the same step as `history`.
            """
            final class AlertModel: ObservableObject {
                @Published var notifies = false
                init(station: String) {}
            }
            struct AlertRow: View {
                @ObservedObject var model: AlertModel
                init(station: String) { self.model = AlertModel(station: station) }
                var body: some View { Toggle("Notify", isOn: $model.notifies) }
            }
            final class DetailModel: ObservableObject {
                @Published var station = ""
                @Published var history: [Int] = []
                func load() {
                    API.fetch { result in
                        switch result {
                        case .success(let value):
                            self.station = value.station
                            self.history = value.history
                        case .failure: break
                        }
                    }
                }
            }
            struct Detail: View {
                @StateObject private var detail = DetailModel()
                var body: some View {
                    AlertRow(station: detail.station)
                    Text("\\(detail.history.count)").onAppear { detail.load() }
                }
            }
            """,
            // The closure writes what announces nothing: `Detail` never runs again.
            """
            final class AlertModel: ObservableObject {
                @Published var notifies = false
                init(station: String) {}
            }
            struct AlertRow: View {
                @ObservedObject var model: AlertModel
                init(station: String) { self.model = AlertModel(station: station) }
                var body: some View { Toggle("Notify", isOn: $model.notifies) }
            }
            final class VisitModel: ObservableObject {
                var opened = 0
                private(set) lazy var countOpening: () -> Void = { self.opened += 1 }
            }
            struct Detail: View {
                @StateObject private var visits = VisitModel()
                var body: some View { AlertRow(station: "Songshan").onAppear { visits.countOpening() } }
            }
            """,
            // `.onChange(of: query)` follows only the search field the sheet covers.
            """
            final class PinStore: ObservableObject {
                @Published var pinned: [Int] = []
                func pin(_ id: Int) { pinned.append(id) }
            }
            struct WorkoutDetail: View {
                let title: String
                @ObservedObject private var pins = PinStore()
                var body: some View { Button("Pin \\(title) \\(pins.pinned.count)") { pins.pin(1) } }
            }
            struct Library: View {
                @State private var query = ""
                @State private var title = ""
                @State private var showsDetail = false
                var body: some View {
                    Button(title) { showsDetail = true }
                        .searchable(text: $query)
                        .onChange(of: query) { newValue in title = newValue }
                        .sheet(isPresented: $showsDetail) { WorkoutDetail(title: title) }
                }
            }
            @main struct WorkoutApp: App {
                var body: some Scene { WindowGroup { Library() } }
            }
            """,
            // A course switch passes `CourseView` another `course:`, its model's input: the
            // new model belongs to the new course.
            """
            final class CourseModel: ObservableObject {
                @Published var group = ""
                init(course: String) {}
                func join() { group = "A" }
            }
            struct CourseView: View {
                @ObservedObject var model: CourseModel
                init(course: String) { model = CourseModel(course: course) }
                var body: some View { Button(model.group) { model.join() } }
            }
            struct Courses: View {
                @State private var selectedCourse = "Swift"
                var body: some View {
                    Picker("Course", selection: $selectedCourse) { Text("Swift").tag("Swift") }
                    CourseView(course: selectedCourse)
                }
            }
            """,
            """
            final class PinStore: ObservableObject {
                @Published var pinned: [Int] = []
                func pin(_ id: Int) { pinned.append(id) }
            }
            struct WorkoutDetail: View {
                let title: String
                @ObservedObject private var pins: PinStore
                init(_ title: String, _ pins: PinStore? = nil) { self.title = title; _pins = ObservedObject(wrappedValue: pins ?? PinStore()) }
                var body: some View { Button("\\(title) \\(pins.pinned.count)") { pins.pin(1) } }
            }
            struct Library: View {
                @StateObject private var pins = PinStore()
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    WorkoutDetail("Run", pins)
                }
            }
            """,
            """
            final class Clock: ObservableObject {
                @Published var now = Date()
                func tick() { now = Date() }
            }
            struct ClockFace: View {
                @StateObject var clock: Clock
                var body: some View { Button("\\(clock.now)") { clock.tick() } }
            }
            struct TimerScreen: View {
                @ObservedObject var clock = Clock()
                var body: some View { ClockFace(clock: clock).environmentObject(clock) }
            }
            struct Dashboard: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    TimerScreen()
                }
            }
            """,
            """
            final class PinStore: ObservableObject {
                @Published var pinned: [Int] = []
                func pin(_ id: Int) { pinned.append(id) }
            }
            struct WorkoutDetail: View {
                @ObservedObject private var pins: PinStore
                init(pins: PinStore? = nil) { _pins = ObservedObject(wrappedValue: pins ?? PinStore()) }
                var body: some View { Button("Pin \\(pins.pinned.count)") { pins.pin(1) } }
            }
            struct Library: View {
                @StateObject private var pins = PinStore()
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    WorkoutDetail(pins: pins)
                }
            }
            """,
            """
            final class ToastCenter: ObservableObject {
                static let shared = ToastCenter()
                @Published var queue: [String] = []
                func show(_ text: String) { queue.append(text) }
            }
            struct MoveSheet: View {
                @ObservedObject var toasts = ToastCenter()
                var body: some View { Button("Move") { ToastCenter.shared.show("Moved") } }
            }
            struct Library: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    MoveSheet()
                }
            }
            """,
            """
            final class UpdateAvailability: ObservableObject {
                @Published var canCheck = false
                init(updater: Updater) { updater.publisher(for: \\.canCheck).assign(to: &$canCheck) }
            }
            struct UpdateMenuItem: View {
                @ObservedObject private var availability: UpdateAvailability
                init(updater: Updater) { availability = UpdateAvailability(updater: updater) }
                var body: some View { Button("Check for Updates") {}.disabled(!availability.canCheck) }
            }
            struct UpdateSettings: View {
                let updater: Updater
                @State private var showsDetails = false
                var body: some View {
                    Toggle(showsDetails ? "Less" : "More", isOn: $showsDetails)
                    UpdateMenuItem(updater: updater)
                }
            }
            """,
            """
            final class Ticker: ObservableObject {
                @Published var seconds = 0
                func tick() { seconds += 1 }
            }
            struct TimerView: View {
                @ObservedObject var ticker = Ticker()
                var body: some View { Text("\\(ticker.seconds)") }
            }
            struct Dashboard: View {
                @State private var isRunning = false
                var body: some View { Toggle("Run", isOn: $isRunning); TimerView() }
            }
            final class TimerController: UIViewController {
                override func viewDidLoad() { addChild(UIHostingController(rootView: TimerView())) }
            }
            """,
            """
            final class Ticker: ObservableObject {
                @Published var seconds = 0
                func tick() { seconds += 1 }
            }
            struct TimerView: View {
                @ObservedObject var ticker = Ticker()
                var body: some View { Text("\\(ticker.seconds)") }
            }
            struct Dashboard: View {
                @State private var showsTimer = true
                @State private var count = 0
                var body: some View {
                    if showsTimer {
                        TimerView()
                    } else {
                        Button("\\(count)") { count += 1 }
                    }
                }
            }
            """,
            """
            final class Theme: ObservableObject {
                @Published var accent: String
                init(accent: String = "blue") { self.accent = accent }
            }
            struct Badge: View {
                @ObservedObject var theme = Theme()
                var body: some View { Text(theme.accent) }
            }
            struct Dashboard: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    Badge()
                }
            }
            """,
            """
            final class AccountStore: ObservableObject {
                static let shared = AccountStore()
                @Published var name = ""
                func rename(_ name: String) { self.name = name }
            }
            struct AccountView: View {
                @ObservedObject var account = AccountStore.shared
                var body: some View { Text(account.name) }
            }
            struct Dashboard: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    AccountView()
                }
            }
            """,
            """
            struct RowView: View {
                @ObservedObject var model: RowModel
                init(model: RowModel) { _model = ObservedObject(wrappedValue: model) }
                var body: some View { Text(model.title) }
            }
            """,
            """
            final class Ticker: ObservableObject {
                @Published var seconds = 0
                func tick() { seconds += 1 }
            }
            struct TimerView: View {
                @StateObject private var ticker = Ticker()
                var body: some View { Text("\\(ticker.seconds)") }
            }
            struct Dashboard: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    TimerView()
                }
            }
            """,
            """
            final class Player: ObservableObject { @Published var title = "" }
            let sharedPlayer = Player()
            struct PlayerView: View {
                @ObservedObject var player = sharedPlayer
                var body: some View { Text(player.title) }
            }
            """,
            """
            final class DateStyle: ObservableObject {
                let formatter = DateFormatter()
                func string(from date: Date) -> String { formatter.string(from: date) }
            }
            struct DateLabel: View {
                let date: Date
                @ObservedObject var style = DateStyle()
                var body: some View { Text(style.string(from: date)) }
            }
            struct Dashboard: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    DateLabel(date: .now)
                }
            }
            """,
            """
            final class PinStore: ObservableObject {
                @Published var pinned: [Int] = []
                func pin(_ id: Int) { pinned.append(id) }
            }
            struct WorkoutDetail: View {
                @ObservedObject private var pins = PinStore()
                var body: some View { Button("Pin \\(pins.pinned.count)") { pins.pin(1) } }
            }
            struct Library: View {
                @State private var elapsed = 0
                @State private var showsDetail = false
                var body: some View {
                    Text("\\(elapsed)")
                        .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in elapsed += 1 }
                        .sheet(isPresented: $showsDetail) { WorkoutDetail() }
                }
            }
            @main struct WorkoutApp: App {
                var body: some Scene { WindowGroup { Library() } }
            }
            """,
        ],
        autoFix: AutoFix(
            .unsafe,
            reason: "The object then lives as long as the view instead of being re-created with it (the point, but a change of lifetime to review), and once the property is `private` a caller that passes it (`View(model: …)`) no longer compiles.",
            corrections: [
                RuleCorrection(
                    """
                    final class Clock: ObservableObject { @Published var now = 0; func tick() { now += 1 } }
                    struct ClockView: View {
                        @ObservedObject public var ↓clock = Clock()
                        var body: some View { Text("\\(clock.now)") }
                    }
                    struct Face: View {
                        @State private var count = 0
                        var body: some View { Button("\\(count)") { count += 1 }; ClockView() }
                    }
                    """,
                    """
                    final class Clock: ObservableObject { @Published var now = 0; func tick() { now += 1 } }
                    struct ClockView: View {
                        @StateObject private var clock = Clock()
                        var body: some View { Text("\\(clock.now)") }
                    }
                    struct Face: View {
                        @State private var count = 0
                        var body: some View { Button("\\(count)") { count += 1 }; ClockView() }
                    }
                    """),
                RuleCorrection(
                    """
                    final class Feed: ObservableObject { @Published var items: [String] = []; func clear() { items = [] } }
                    struct FeedView: View {
                        @ObservedObject
                        var ↓feed = Feed()
                        var body: some View { Text("\\(feed.items.count)") }
                    }
                    struct Home: View {
                        @State private var count = 0
                        var body: some View { Button("\\(count)") { count += 1 }; FeedView() }
                    }
                    """,
                    """
                    final class Feed: ObservableObject { @Published var items: [String] = []; func clear() { items = [] } }
                    struct FeedView: View {
                        @StateObject
                        private var feed = Feed()
                        var body: some View { Text("\\(feed.items.count)") }
                    }
                    struct Home: View {
                        @State private var count = 0
                        var body: some View { Button("\\(count)") { count += 1 }; FeedView() }
                    }
                    """),
            ]))

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where ViewProperty.isViewLike(decl, view) {
            for property in decl.properties where ViewProperty.isInstanceStorage(property) {
                guard let attribute = ViewProperty.swiftUIWrapper("ObservedObject", on: property, index: index) else { continue }
                let name = property.name
                if let initializer = property.initializer {
                    guard let created = createdModel(
                            in: initializer, code: initializer, parameters: [], contextualType: property.type, file: context.fileIndex,
                            scope: view.name, index: index),
                        let witness = ViewProperty.rebuildWitness(
                            of: view, property: name, model: created.model, built: created.built, in: context.fileIndex, context: context,
                            building: ViewProperty.sitesEvaluatingInitialValue(of: property, in: view))
                    else { continue }
                    var fixes: [Fix] = []
                    if let edits = ViewProperty.ownershipEdits(for: property, wrapper: "StateObject", replacing: attribute, context: context) {
                        fixes.append(Fix(title: "Use `@StateObject private var \(name)`", edits: edits))
                    }
                    context.report(
                        "`@ObservedObject var \(name)` creates its own `\(created.model.name)`: each time `\(witness.parent).body` runs again it re-creates this view with a new object, and \(witness.loss); use `@StateObject private var \(name)`",
                        at: property.nameToken..<property.nameToken + 1,
                        notes: witness.notes,
                        help: "`@StateObject private var \(name) = …` keeps one object for the view's lifetime; pass the object in instead if the parent owns it",
                        fixes: fixes)
                    continue
                }
                for (fileIndex, initializer, assignment, throughStorage) in ViewProperty.initializerAssignments(to: name, in: view, index: index) {
                    let file = index.files[fileIndex]
                    var value = assignment.value
                    if throughStorage {
                        guard let wrapped = file.wrapperInitialValue(in: value, wrappers: ["ObservedObject"]) else { continue }
                        value = wrapped
                    }
                    // `parameter ?? Model()`: built for the callers that leave the parameter out.
                    var building: (ViewConstruction) -> Bool = { _ in true }
                    if let (parameter, fallback) = fallback(in: value, of: initializer, file: file) {
                        value = fallback
                        building = { site in !passes(site, parameter, of: initializer, index: index) }
                    }
                    guard let body = initializer.body,
                        let created = createdModel(
                            in: value, code: body, parameters: initializer.parameters, contextualType: property.type, file: fileIndex,
                            scope: view.name, index: index)
                    else { continue }
                    guard let witness = ViewProperty.rebuildWitness(
                        of: view, property: name, model: created.model, built: created.built, in: fileIndex, context: context,
                        building: building)
                    else { break }
                    context.report(
                        "`@ObservedObject var \(name)` is assigned a new `\(created.model.name)` in the view's initializer: each time `\(witness.parent).body` runs again it re-creates this view with a new object, and \(witness.loss); use `@StateObject private var \(name)`",
                        at: property.nameToken..<property.nameToken + 1,
                        notes: [context.note("the object is created here", at: value, in: fileIndex)] + witness.notes,
                        help: "create it in the wrapper's autoclosure instead: `_\(name) = StateObject(wrappedValue: \(created.model.name)(…))`, or pass the object in if the parent owns it")
                    break
                }
            }
        }
    }

    /// Whether the construction passes a value for `parameter` of `initializer`: an argument
    /// with its label, or for an unlabeled parameter the unlabeled argument at its position
    /// (`WorkoutDetail("Run")` passes `title`, not `pins`). An explicit `nil` passes none.
    private func passes(_ site: ViewConstruction, _ parameter: Parameter, of initializer: FunctionDecl, index: ProjectIndex) -> Bool {
        let argument: ConstructionArgument?
        if let label = parameter.label {
            argument = site.argument(labeled: label)
        } else {
            let position = initializer.parameters.prefix { $0 != parameter }.filter { $0.label == nil }.count
            // A closure (a trailing `content`) is never the object: it fills another parameter.
            argument = site.arguments.filter { $0.label == nil && $0.origin != .closure }.dropFirst(position).first
        }
        guard let argument else { return false }
        return !(argument.value.count == 1 && index.files[site.file].at(argument.value.lowerBound, "nil"))
    }

    /// `parameter ?? fallback` where `parameter` is an optional parameter of the initializer
    /// with a default value: the parameter and the fallback's tokens. The fallback runs only
    /// when a caller leaves the parameter out (or passes `nil`).
    private func fallback(in value: Range<Int>, of initializer: FunctionDecl, file: ParsedFile) -> (Parameter, Range<Int>)? {
        let operatorToken = value.lowerBound + 1
        guard value.count > 2, file.kind(value.lowerBound) == .identifier, file.kind(operatorToken) == .binaryOperator,
            file.text(operatorToken) == "??",
            let parameter = initializer.parameters.first(where: { $0.name == file.text(value.lowerBound) }), parameter.defaultValue != nil
        else { return nil }
        return (parameter, operatorToken + 1..<value.upperBound)
    }

    /// The project ObservableObject an expression builds anew (a constructor call, or a call
    /// of a project factory that returns a new one on every path), and what builds it.
    /// Observable-only project types are `observable_wrapper_mismatch`'s; types from other
    /// modules stay unknown (a library's lightweight projection, like a view store, may be
    /// meant to be re-created with the view).
    private func createdModel(
        in expression: Range<Int>, code: Range<Int>, parameters: [Parameter], contextualType: TypeRef?, file: Int, scope: String,
        index: ProjectIndex
    ) -> (model: TypeInfo, built: (model: FreshModel, call: Call))? {
        guard let built = index.newObject(
                builtBy: expression, in: file, code: code, scope: scope, parameters: parameters, contextualType: contextualType),
            let type = index.types[built.model.type], type.isClass, type.isObservableObject
        else { return nil }
        return (type, built)
    }
}
