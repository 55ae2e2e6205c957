import ObservationLintCore
import ObservationSyntax

public struct StateObjectInitializedFromOutside: Rule {
    public static let description = RuleDescription(
        id: "state_object_initialized_from_outside",
        name: "StateObject initialized from outside",
        category: .ownership,
        group: .suspicious,
        summary: "A view's `@StateObject` receives an object that can change, or one its caller rebuilds while rendering with a cost beyond an allocation.",
        rationale: """
            `@StateObject` creates its object once, the first time the view appears, from the \
            autoclosure it was initialized with, and ignores it on every later initialization. \
            When the object exists before that — the parent passes it (through the memberwise \
            initializer, or `_model = StateObject(wrappedValue: model)` with a parameter), or the \
            initializer builds it in a local or in the argument of a project function that \
            wraps its argument in `StateObject` (the argument is evaluated at the call, on every \
            initialization) — SwiftUI keeps the first one and ignores the rest. \
            The rule reports only with the witness of a harm (SPEC §10), cited as notes in the \
            order things happen. Either the caller passes an object that a later write replaces \
            while the view is shown (`workspace.current = EditorStore()` in an action, `feed = \
            FeedModel()` after a refresh, the caller's `@State` object reassigned): the view goes \
            on using the first object, and what the caller does with the new one never shows. Or \
            an explicit initializer takes the object as a plain parameter (or builds it in a \
            local) and a caller builds it while rendering (a constructor, or a project factory \
            every return path of which builds a new one: `container.makeModel(id: id)`), either from inputs that a write changes \
            (the kept object goes on using the first ones) or with an initializer that starts \
            work (a task, a timer, an observer, a request) that every discarded object repeats — \
            then only with a write that runs the caller's body again while the view is shown \
            (SPEC §10.3), cited first. \
            The memberwise initializer of `@StateObject var model: Model` takes `StateObject`'s \
            autoclosure: `Child(model: Model())` is evaluated once, not on every render. Or the \
            initializer builds the object inside `StateObject`'s autoclosure from a parameter \
            (`_progress = StateObject(wrappedValue: Progress(tasks: tasks))`) and a caller passes \
            a value that a write changes while the view is shown (its own value state — \
            `@State`, `@Binding`, a fetch, app storage, or a value built from one; not a field of \
            a model, which is mostly reloaded as an equal copy of the same records; not a value \
            tied to an identity the object stands for: a `ForEach` element, \
            or one record of an `Identifiable` type (or one with a stored `id`), which a reload \
            may replace with an equal copy and a list shows under its id, or a `let` of one, \
            `post.author`; nor a binding, through \
            which the object reads the current value): \
            SwiftUI evaluates the autoclosure \
            once, so the object keeps what the first value gave it (not when the view follows \
            the input it stores from that parameter in `.onChange(of:)`, `.task(id:)` or \
            `.onReceive` with a handler that touches the object, which may hand it the new value, \
            nor for a parameter whose argument label says it is a starting value, \
            `initialQuery:`, `defaultTab:`). Not \
            reported: an object rebuilt from constant inputs whose initializer only stores \
            values (an allocation, nothing lost), a field of the caller's model that is a `let` \
            or is only written while the model is set up, a stable instance (the caller's own \
            `let` or `@StateObject`, a value a navigation route carries, a shared singleton), a \
            view that may be renewed with the value (`.id(x)` with any `x` that is not a \
            constant, a `ForEach` id, the item a presentation was made for), a change the user \
            can make only in a view the child's presentation covers (a button, or a search \
            field or other control handed a `$binding`, of the screen that pushed the child \
            onto a `NavigationStack` or a stack-styled `NavigationView`, or that a sheet \
            covers), or a view built once (a \
            scene, hosting or widget root).
            """,
        fix: """
            Create the object inside the wrapper's autoclosure from plain values: \
            `_model = StateObject(wrappedValue: Model(id: id))`, and when those values can \
            change while the view is shown, renew the view with them (`.id(id)`) or hand the \
            new value to the object in `.onChange(of:)`. If the parent owns the object, \
            use `@ObservedObject var model: Model` instead.
            """,
        triggeringExamples: [
            // The app shows the screen, whose restart replaces the object the face keeps.
            """
            final class Stopwatch: ObservableObject { @Published var seconds = 0 }
            struct StopwatchFace: View {
                @StateObject var ↓watch: Stopwatch
                var body: some View { Text("\\(watch.seconds)") }
            }
            struct StopwatchScreen: View {
                @State private var watch = Stopwatch()
                var body: some View {
                    StopwatchFace(watch: watch)
                    Button("Restart") { watch = Stopwatch() }
                }
            }
            @main struct StopwatchApp: App { var body: some Scene { WindowGroup { StopwatchScreen() } } }
            """,
            // The caller's object is replaced after a refresh: the view keeps the old one.
            """
            final class FeedModel: ObservableObject { @Published var posts: [String] = [] }
            final class Home: ObservableObject {
                @Published var feed = FeedModel()
                func refresh() async { feed = FeedModel() }
            }
            struct FeedView: View {
                @StateObject var ↓model: FeedModel
                var body: some View { Text("\\(model.posts.count)") }
            }
            struct HomeView: View {
                @StateObject private var home = Home()
                var body: some View {
                    FeedView(model: home.feed).refreshable { await home.refresh() }
                }
            }
            """,
            // The caller's own `@State` object is reassigned in an action.
            """
            final class Timer: ObservableObject { @Published var seconds = 0 }
            struct TimerFace: View {
                @StateObject var ↓timer: Timer
                var body: some View { Text("\\(timer.seconds)") }
            }
            struct TimerScreen: View {
                @State private var timer = Timer()
                var body: some View {
                    TimerFace(timer: timer)
                    Button("Restart") { timer = Timer() }
                }
            }
            """,
            """
            final class ProfileModel: ObservableObject {
                @Published var name: String
                init(userID: Int) { name = "User \\(userID)" }
            }
            struct ProfileView: View {
                @StateObject private var ↓model: ProfileModel
                init(model: ProfileModel) { _model = StateObject(wrappedValue: model) }
                var body: some View { Text(model.name) }
            }
            struct ProfileScreen: View {
                @State private var userID = 1
                var body: some View {
                    ProfileView(model: ProfileModel(userID: userID))
                    Button("Next") { userID += 1 }
                }
            }
            """,
            """
            final class DetailViewModel: ObservableObject {
                @Published var title = ""
                init() { Task { await load() } }
                func load() async { _ = try? await URLSession.shared.data(from: Backend.url) }
            }
            struct DetailView: View {
                @StateObject private var ↓viewModel: DetailViewModel
                init(viewModel: DetailViewModel) {
                    _viewModel = StateObject(wrappedValue: viewModel)
                }
                var body: some View { Text(viewModel.title) }
            }
            struct ListScreen: View {
                @State private var refreshes = 0
                var body: some View {
                    DetailView(viewModel: DetailViewModel())
                    Button("Refresh \\(refreshes)") { refreshes += 1 }
                }
            }
            """,
            """
            final class Player: ObservableObject {
                @Published var title: String
                init(track: String) { title = track }
            }
            struct PlayerView: View {
                @StateObject private var ↓player: Player
                init(track: String) {
                    let player = Player(track: track)
                    self._player = StateObject(wrappedValue: player)
                }
                var body: some View { Text(player.title) }
            }
            struct NowPlaying: View {
                @State private var track = ""
                var body: some View {
                    PlayerView(track: track)
                    Button("Next") { track = "Next" }
                }
            }
            """,
            """
            final class EditorStore: ObservableObject { @Published var text = "" }
            final class Workspace: ObservableObject {
                @Published var current = EditorStore()
                func open() { current = EditorStore() }
            }
            struct EditorView: View {
                @StateObject private var ↓store: EditorStore
                init(store: EditorStore) { _store = .init(wrappedValue: store) }
                var body: some View { TextEditor(text: $store.text) }
            }
            struct WorkspaceView: View {
                @ObservedObject var workspace: Workspace
                var body: some View { EditorView(store: workspace.current) }
            }
            """,
            // Built in the autoclosure from a parameter: the caller's later lists are ignored.
            """
            final class Progress: ObservableObject {
                let tasks: [String]
                init(tasks: [String]) { self.tasks = tasks }
            }
            struct ProgressCard: View {
                @StateObject private var ↓progress: Progress
                init(tasks: [String]) { _progress = StateObject(wrappedValue: Progress(tasks: tasks)) }
                var body: some View { Text("\\(progress.tasks.count)") }
            }
            struct TasksScreen: View {
                @State private var tasks: [String] = []
                var body: some View {
                    ProgressCard(tasks: tasks)
                    Button("Add") { tasks.append("a") }
                }
            }
            """,
            // The view follows another input (`title`), not the one the object is built from.
            """
            final class Progress: ObservableObject {
                let tasks: [String]
                init(tasks: [String]) { self.tasks = tasks }
            }
            struct ProgressCard: View {
                let title: String
                @StateObject private var ↓progress: Progress
                init(title: String, tasks: [String]) {
                    self.title = title
                    _progress = StateObject(wrappedValue: Progress(tasks: tasks))
                }
                var body: some View {
                    Text("\\(title) \\(progress.tasks.count)").onChange(of: title) { _ in print("renamed") }
                }
            }
            struct TasksScreen: View {
                @State private var tasks: [String] = []
                var body: some View {
                    ProgressCard(title: "Tasks", tasks: tasks)
                    Button("Add") { tasks.append("a") }
                }
            }
            """,
            // Callers write `query:`: the name inside the initializer is no starting value.
            """
            final class SearchModel: ObservableObject {
                @Published var query: String
                init(query: String) { self.query = query }
            }
            struct SearchField: View {
                @StateObject private var ↓search: SearchModel
                init(query initialQuery: String) { _search = StateObject(wrappedValue: SearchModel(query: initialQuery)) }
                var body: some View { TextField("Search", text: $search.query) }
            }
            struct SearchScreen: View {
                @State private var lastQuery = ""
                var body: some View {
                    SearchField(query: lastQuery)
                    Button("Clear") { lastQuery = "" }
                }
            }
            """,
            // A project function wraps its argument in `StateObject`: the argument is built at
            // every initialization, from the count the caller changes, and the first object stays.
            """
            final class Grid: ObservableObject {
                let cells: [Int]
                init(count: Int) { cells = Array(0..<count) }
            }
            func owned<T: ObservableObject>(_ object: T) -> StateObject<T> { StateObject(wrappedValue: object) }
            struct GridView: View {
                @StateObject private var ↓grid: Grid
                init(count: Int) { _grid = owned(Grid(count: count)) }
                var body: some View { Text("\\(grid.cells.count)") }
            }
            struct GridScreen: View {
                @State private var count = 3
                var body: some View {
                    GridView(count: count)
                    Button("More") { count += 1 }
                }
            }
            """,
            // A project factory builds a new object at every call, whose initializer sends an
            // analytics event; the parent's body runs again while the view is shown.
            """
            protocol Analytics { func log(_ event: String) }
            final class ItemModel: ObservableObject {
                @Published var title = ""
                init(id: Int, analytics: Analytics) { analytics.log("item_view \\(id)") }
            }
            final class Container: ObservableObject {
                let analytics: Analytics
                init(analytics: Analytics) { self.analytics = analytics }
                func makeItemModel(id: Int) -> ItemModel { ItemModel(id: id, analytics: analytics) }
            }
            struct ItemView: View {
                @StateObject private var ↓model: ItemModel
                init(model: ItemModel) { _model = StateObject(wrappedValue: model) }
                var body: some View { Text(model.title) }
            }
            struct ItemScreen: View {
                @EnvironmentObject var container: Container
                @State private var likes = 0
                var body: some View {
                    ItemView(model: container.makeItemModel(id: 1))
                    Button("Like \\(likes)") { likes += 1 }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // Nothing builds `StopwatchScreen`: the app never shows the face.
            """
            final class Stopwatch: ObservableObject { @Published var seconds = 0 }
            struct StopwatchFace: View {
                @StateObject var watch: Stopwatch
                var body: some View { Text("\\(watch.seconds)") }
            }
            struct StopwatchScreen: View {
                @State private var watch = Stopwatch()
                var body: some View {
                    StopwatchFace(watch: watch)
                    Button("Restart") { watch = Stopwatch() }
                }
            }
            @main struct StopwatchApp: App { var body: some Scene { WindowGroup { Text("Soon") } } }
            """,
            // The factory returns the object it keeps: the same one at every render.
            """
            protocol Analytics { func log(_ event: String) }
            final class ItemModel: ObservableObject {
                @Published var title = ""
                init(id: Int, analytics: Analytics) { analytics.log("item_view \\(id)") }
            }
            final class Container: ObservableObject {
                let analytics: Analytics
                lazy var item = ItemModel(id: 1, analytics: analytics)
                init(analytics: Analytics) { self.analytics = analytics }
                func makeItemModel() -> ItemModel { item }
            }
            struct ItemView: View {
                @StateObject private var model: ItemModel
                init(model: ItemModel) { _model = StateObject(wrappedValue: model) }
                var body: some View { Text(model.title) }
            }
            struct ItemScreen: View {
                @EnvironmentObject var container: Container
                @State private var likes = 0
                var body: some View {
                    ItemView(model: container.makeItemModel())
                    Button("Like \\(likes)") { likes += 1 }
                }
            }
            """,
            // The search field that changes the query is the list's own, and the list is
            // covered while the detail is pushed (a stack-styled `NavigationView`): the query
            // cannot change while the detail is shown.
            """
            final class Lookup: ObservableObject {
                let query: String
                init(query: String) { self.query = query }
            }
            struct LookupView: View {
                @StateObject var lookup: Lookup
                var body: some View { Text(lookup.query) }
            }
            struct SearchScreen: View {
                @State private var query = ""
                var body: some View {
                    NavigationView {
                        NavigationLink(destination: LookupView(lookup: Lookup(query: query))) { Text("Look up") }
                            .searchable(text: $query)
                    }
                    .navigationViewStyle(.stack)
                }
            }
            """,
            // The filter's own button and the binding it hands the link (which only reads
            // it) are covered while the choice is pushed: the category cannot change then.
            """
            final class ChoiceModel: ObservableObject {
                let choice: String
                init(choice: String) { self.choice = choice }
            }
            struct ChoiceView: View {
                @StateObject var model: ChoiceModel
                var body: some View { Text(model.choice) }
            }
            struct ChoiceLink: View {
                @Binding var category: String
                var body: some View {
                    NavigationLink(destination: ChoiceView(model: ChoiceModel(choice: category))) { Text("Select") }
                }
            }
            struct FilterScreen: View {
                @State private var category = ""
                var body: some View {
                    NavigationStack {
                        ChoiceLink(category: $category)
                        Button("Reset") { category = "" }
                    }
                }
            }
            """,
            // A field of the caller's model (reloaded by a refresh): left out — models mostly
            // reload equal copies of the same records.
            """
            final class Progress: ObservableObject {
                let tasks: [String]
                init(tasks: [String]) { self.tasks = tasks }
            }
            final class Board: ObservableObject {
                @Published var tasks: [String] = []
                func reload() async { tasks = await fetch() }
                func fetch() async -> [String] { [] }
            }
            struct ProgressCard: View {
                @StateObject private var progress: Progress
                init(tasks: [String]) { _progress = StateObject(wrappedValue: Progress(tasks: tasks)) }
                var body: some View { Text("\\(progress.tasks.count)") }
            }
            struct BoardScreen: View {
                @StateObject private var board = Board()
                var body: some View {
                    ProgressCard(tasks: board.tasks).refreshable { await board.reload() }
                }
            }
            """,
            // Built from a parameter, but renewed with it.
            """
            final class Progress: ObservableObject {
                let tasks: [String]
                init(tasks: [String]) { self.tasks = tasks }
            }
            struct ProgressCard: View {
                @StateObject private var progress: Progress
                init(tasks: [String]) { _progress = StateObject(wrappedValue: Progress(tasks: tasks)) }
                var body: some View { Text("\\(progress.tasks.count)") }
            }
            struct TasksScreen: View {
                @State private var tasks: [String] = []
                var body: some View {
                    ProgressCard(tasks: tasks).id(tasks)
                    Button("Add") { tasks.append("a") }
                }
            }
            """,
            // Built from a parameter the view keeps and hands to the object when it changes.
            """
            final class Progress: ObservableObject {
                @Published var tasks: [String]
                init(tasks: [String]) { self.tasks = tasks }
            }
            struct ProgressCard: View {
                let tasks: [String]
                @StateObject private var progress: Progress
                init(tasks: [String]) {
                    self.tasks = tasks
                    _progress = StateObject(wrappedValue: Progress(tasks: tasks))
                }
                var body: some View {
                    Text("\\(progress.tasks.count)").onChange(of: tasks) { progress.tasks = $0 }
                }
            }
            struct TasksScreen: View {
                @State private var tasks: [String] = []
                var body: some View {
                    ProgressCard(tasks: tasks)
                    Button("Add") { tasks.append("a") }
                }
            }
            """,
            // A model's record (an `Identifiable` value) that a reload replaces with an equal
            // copy: the card's object stands for that record, not for its current fields.
            """
            struct Project: Identifiable { let id: Int; var name: String }
            final class Progress: ObservableObject {
                let project: Project
                init(project: Project) { self.project = project }
            }
            final class Board: ObservableObject {
                @Published var current = Project(id: 1, name: "")
                func reload() async { current = await fetch() }
                func fetch() async -> Project { current }
            }
            struct ProjectCard: View {
                @StateObject private var progress: Progress
                init(project: Project) { _progress = StateObject(wrappedValue: Progress(project: project)) }
                var body: some View { Text(progress.project.name) }
            }
            struct BoardScreen: View {
                @StateObject private var board = Board()
                var body: some View {
                    ProjectCard(project: board.current).refreshable { await board.reload() }
                }
            }
            """,
            // The parameter says it is only where the search starts.
            """
            final class SearchModel: ObservableObject {
                @Published var query: String
                init(query: String) { self.query = query }
            }
            struct SearchField: View {
                @StateObject private var search: SearchModel
                init(initialQuery: String) { _search = StateObject(wrappedValue: SearchModel(query: initialQuery)) }
                var body: some View { TextField("Search", text: $search.query) }
            }
            struct SearchScreen: View {
                @State private var lastQuery = ""
                var body: some View {
                    SearchField(initialQuery: lastQuery)
                    Button("Clear") { lastQuery = "" }
                }
            }
            """,
            // Built from a parameter whose value never changes while the card is shown.
            """
            final class Progress: ObservableObject {
                let tasks: [String]
                init(tasks: [String]) { self.tasks = tasks }
            }
            struct ProgressCard: View {
                @StateObject private var progress: Progress
                init(tasks: [String]) { _progress = StateObject(wrappedValue: Progress(tasks: tasks)) }
                var body: some View { Text("\\(progress.tasks.count)") }
            }
            struct TasksScreen: View {
                let tasks: [String]
                @State private var count = 0
                var body: some View {
                    ProgressCard(tasks: tasks)
                    Button("\\(count)") { count += 1 }
                }
            }
            """,
            // `Notes` calls `init(text:)`, whose object only stores the text: the timer is
            // started only by the object `init()` builds.
            """
            final class Draft: ObservableObject {
                @Published var text = ""
                private var timer: Timer?
                init() { timer = Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { _ in } }
                init(text: String) { self.text = text }
            }
            struct DraftView: View {
                @StateObject private var draft: Draft
                init() {
                    let draft = Draft()
                    _draft = StateObject(wrappedValue: draft)
                }
                init(text: String) {
                    let draft = Draft(text: text)
                    _draft = StateObject(wrappedValue: draft)
                }
                var body: some View { Text(draft.text) }
            }
            struct Notes: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    DraftView(text: "a")
                }
            }
            """,
            // `Home` calls the create initializer: the object it builds loads nothing (only the
            // `.edit` case does); `Detail` calls the other one, whose argument never changes.
            """
            final class FormModel: ObservableObject {
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
            struct FormView: View {
                @StateObject private var model: FormModel
                init() {
                    let model = FormModel(mode: .create)
                    _model = StateObject(wrappedValue: model)
                }
                init(name: String) {
                    let model = FormModel(mode: .edit(name))
                    _model = StateObject(wrappedValue: model)
                }
                var body: some View { Text("\\(model.image?.count ?? 0)") }
            }
            struct Home: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    FormView()
                }
            }
            struct Detail: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    FormView(name: "a")
                }
            }
            """,
            // Nothing renders the caller again while the detail is shown: built once.
            """
            final class DetailViewModel: ObservableObject {
                @Published var title = ""
                init() { Task { await load() } }
                func load() async {}
            }
            struct DetailView: View {
                @StateObject private var viewModel: DetailViewModel
                init(viewModel: DetailViewModel) {
                    _viewModel = StateObject(wrappedValue: viewModel)
                }
                var body: some View { Text(viewModel.title) }
            }
            struct ListScreen: View {
                var body: some View {
                    NavigationLink("Open") { DetailView(viewModel: DetailViewModel()) }
                }
            }
            """,
            // The caller renews the player with an id it keeps in step with the track.
            """
            final class Player: ObservableObject {
                @Published var title: String
                init(track: String) { title = track }
            }
            struct PlayerView: View {
                @StateObject private var player: Player
                init(track: String) {
                    let player = Player(track: track)
                    self._player = StateObject(wrappedValue: player)
                }
                var body: some View { Text(player.title) }
            }
            struct NowPlaying: View {
                @State private var track = ""
                @State private var openedTrack = ""
                var body: some View {
                    PlayerView(track: track).id(openedTrack)
                    Button("Next") { track = "Next" }
                        .onChange(of: track) { openedTrack = $0 }
                }
            }
            """,
            // The track changes as the sheet presents another route: new content, a new object.
            """
            final class Player: ObservableObject {
                @Published var title: String
                init(track: String) { title = track }
            }
            struct PlayerView: View {
                @StateObject private var player: Player
                init(track: String) {
                    let player = Player(track: track)
                    self._player = StateObject(wrappedValue: player)
                }
                var body: some View { Text(player.title) }
            }
            struct Route: Identifiable { let id: Int }
            struct NowPlaying: View {
                @State private var track = ""
                @State private var route: Route?
                var body: some View {
                    Button("Next") {
                        track = "Next"
                        route = Route(id: 1)
                    }
                    .sheet(item: $route) { _ in PlayerView(track: track) }
                }
            }
            """,
            // A `let` of the caller's model: the same object for the model's lifetime.
            """
            final class FeedModel: ObservableObject { @Published var posts: [String] = [] }
            final class Home: ObservableObject {
                let feed = FeedModel()
                func refresh() async { feed.posts = [] }
            }
            struct FeedView: View {
                @StateObject var model: FeedModel
                var body: some View { Text("\\(model.posts.count)") }
            }
            struct HomeView: View {
                @StateObject private var home = Home()
                var body: some View {
                    FeedView(model: home.feed).refreshable { await home.refresh() }
                }
            }
            """,
            // Replaced after a refresh, but the caller renews the view with the object's id.
            """
            final class FeedModel: ObservableObject, Identifiable {
                let id = UUID()
                @Published var posts: [String] = []
            }
            final class Home: ObservableObject {
                @Published var feed = FeedModel()
                func refresh() async { feed = FeedModel() }
            }
            struct FeedView: View {
                @StateObject private var model: FeedModel
                init(model: FeedModel) { _model = StateObject(wrappedValue: model) }
                var body: some View { Text("\\(model.posts.count)") }
            }
            struct HomeView: View {
                @StateObject private var home = Home()
                var body: some View {
                    FeedView(model: home.feed).id(home.feed.id).refreshable { await home.refresh() }
                }
            }
            """,
            // A project function wraps its argument in `StateObject`, built from a count the
            // caller never changes.
            """
            final class Grid: ObservableObject {
                let cells: [Int]
                init(count: Int) { cells = Array(0..<count) }
            }
            func owned<T: ObservableObject>(_ object: T) -> StateObject<T> { StateObject(wrappedValue: object) }
            struct GridView: View {
                @StateObject private var grid: Grid
                init(count: Int) { _grid = owned(Grid(count: count)) }
                var body: some View { Text("\\(grid.cells.count)") }
            }
            struct GridScreen: View {
                let count: Int
                @State private var taps = 0
                var body: some View {
                    GridView(count: count)
                    Button("\\(taps)") { taps += 1 }
                }
            }
            """,
            // Replaced, but the view is renewed with it.
            """
            final class Timer: ObservableObject { @Published var seconds = 0 }
            struct TimerFace: View {
                @StateObject var timer: Timer
                var body: some View { Text("\\(timer.seconds)") }
            }
            struct TimerScreen: View {
                @State private var timer = Timer()
                var body: some View {
                    TimerFace(timer: timer).id(ObjectIdentifier(timer))
                    Button("Restart") { timer = Timer() }
                }
            }
            """,
            // Only set while the model is set up, before the screen appears.
            """
            final class Editor: ObservableObject { @Published var text = "" }
            final class Workspace: ObservableObject {
                @Published var current: Editor
                init() {
                    current = Editor()
                    configure()
                }
                private func configure() { current = Editor() }
            }
            struct EditorView: View {
                @StateObject var editor: Editor
                var body: some View { TextEditor(text: $editor.text) }
            }
            struct WorkspaceView: View {
                @ObservedObject var workspace: Workspace
                var body: some View { EditorView(editor: workspace.current) }
            }
            """,
            """
            final class ProfileModel: ObservableObject { @Published var name = "" }
            struct ProfileView: View {
                @StateObject var model: ProfileModel
                var body: some View { Text(model.name) }
            }
            struct ProfileScreen: View {
                var body: some View { ProfileView(model: ProfileModel()) }
            }
            """,
            """
            final class SearchModel: ObservableObject {
                @Published var query: String
                init(query: String) { self.query = query }
            }
            struct SearchView: View {
                @StateObject private var search: SearchModel
                init(search: SearchModel) { _search = StateObject(wrappedValue: search) }
                var body: some View { TextField("Search", text: $search.query) }
            }
            struct SearchScreen: View {
                let scope: String
                var body: some View { SearchView(search: SearchModel(query: scope)) }
            }
            """,
            """
            final class Thread: ObservableObject { @Published var title = "" }
            enum Route: Hashable { case thread(Thread) }
            struct ThreadView: View {
                @StateObject var thread: Thread
                var body: some View { Text(thread.title) }
            }
            struct Inbox: View {
                let pinned: Thread
                var body: some View {
                    ThreadView(thread: pinned)
                        .navigationDestination(for: Route.self) { route in
                            switch route { case .thread(let thread): ThreadView(thread: thread) }
                        }
                }
            }
            """,
            """
            final class ProfileModel: ObservableObject {
                static let shared = ProfileModel()
                @Published var name = ""
            }
            struct ProfileView: View {
                @StateObject var model: ProfileModel
                var body: some View { Text(model.name) }
            }
            struct ProfileScreen: View {
                @StateObject private var model = ProfileModel()
                var body: some View {
                    ProfileView(model: model)
                    ProfileView(model: .shared)
                }
            }
            """,
            """
            import UIKit
            final class ProfileModel: ObservableObject { @Published var name = "" }
            struct ProfileView: View {
                @StateObject var model: ProfileModel
                var body: some View { Text(model.name) }
            }
            final class ProfileController: UIViewController {
                let host = UIHostingController(rootView: ProfileView(model: ProfileModel()))
            }
            """,
            """
            final class Library: ObservableObject { @Published var books: [String] = [] }
            struct LibraryView: View {
                @StateObject var library: Library
                var body: some View { Text("\\(library.books.count)") }
            }
            @main
            struct LibraryApp: App {
                var body: some Scene { WindowGroup { LibraryView(library: Library()) } }
            }
            """,
            """
            struct DetailView: View {
                @StateObject private var viewModel: DetailViewModel
                init(viewModel: DetailViewModel) {
                    _viewModel = StateObject(wrappedValue: viewModel)
                }
                var body: some View { Text(viewModel.title) }
            }
            """,
            """
            struct DetailView: View {
                @StateObject private var viewModel: DetailViewModel
                init(id: Item.ID) {
                    _viewModel = StateObject(wrappedValue: DetailViewModel(id: id))
                }
                var body: some View { Text(viewModel.title) }
            }
            """,
            """
            struct DetailView: View {
                @StateObject private var viewModel: DetailViewModel
                init(viewModel: @autoclosure @escaping () -> DetailViewModel) {
                    _viewModel = StateObject(wrappedValue: viewModel())
                }
                var body: some View { Text(viewModel.title) }
            }
            """,
            """
            struct CounterView: View {
                @StateObject private var counter = Counter()
                var body: some View { Text("\\(counter.value)") }
            }
            """,
            """
            struct ProfileView: View {
                @ObservedObject var model: ProfileModel
                var body: some View { Text(model.name) }
            }
            """,
            """
            final class Holder {
                @StateObject var model: ProfileModel
                init(model: ProfileModel) { _model = StateObject(wrappedValue: model) }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where ViewProperty.isViewLike(decl, view) {
            for property in decl.properties where ViewProperty.isInstanceStorage(property) {
                guard ViewProperty.swiftUIWrapper("StateObject", on: property, index: index) != nil else { continue }
                let at = property.nameToken..<property.nameToken + 1
                // The memberwise initializer takes `StateObject`'s autoclosure: `Child(m: M())`
                // is evaluated once, so only a changing object is a finding.
                if property.initializer == nil, ViewProperty.hasMemberwiseInit(view),
                    let finding = callerFinding(
                        passing: property.name, to: view, property: property, evaluatedOnce: true, context: context)
                {
                    context.report(finding.message, at: at, notes: finding.notes, help: help(for: property.name))
                    continue
                }
                for (fileIndex, initializer, assignment, _) in ViewProperty.initializerAssignments(to: property.name, in: view, index: index) {
                    let file = index.files[fileIndex]
                    guard let wrapped = index.wrapperValue(in: assignment.value, file: fileIndex, wrappers: ["StateObject"]) else { continue }
                    let value = wrapped.value
                    guard let source = existingObject(value, in: initializer, before: assignment.operatorToken, file: file)
                            ?? wrapped.helper.flatMap({ helper in
                                index.constructedType(in: value, file: file, scope: view.name).map { _ in .passed(value, through: helper) }
                            })
                    else {
                        // `_model = StateObject(wrappedValue: Model(items: items))`: built once, from the first value.
                        if let finding = builtFromParameterFinding(
                            value, in: initializer, file: fileIndex, property: property, of: view, context: context)
                        {
                            let built = context.note(
                                "the initializer builds it here, inside `StateObject`'s autoclosure, which SwiftUI evaluates only when the view first appears",
                                at: assignment.target.root..<assignment.value.upperBound, in: fileIndex)
                            var notes = finding.notes
                            notes.insert(built, at: min(1, notes.count))
                            context.report(finding.message, at: at, notes: notes, help: help(for: property.name))
                            break
                        }
                        continue
                    }
                    let handOver = context.note(
                        "the existing object is handed to `StateObject` here", at: assignment.target.root..<assignment.value.upperBound,
                        in: fileIndex)
                    let finding: (message: String, notes: [DiagnosticNote])?
                    switch source {
                    case .parameter(let parameter):
                        finding = callerFinding(
                            passing: parameter.label, to: view, property: property, evaluatedOnce: false, context: context)
                    case .local(let name, let tokens):
                        finding = localFinding(
                            "the local `\(name)`", built: tokens, in: file, by: initializer, property: property, of: view, context: context)
                    case .passed(let tokens, let helper):
                        // A function's argument is evaluated at the call, not in `StateObject`'s autoclosure.
                        finding = localFinding(
                            "the argument of `\(helper)(…)`", built: tokens, in: file, by: initializer, property: property, of: view,
                            context: context)
                    }
                    if let finding {
                        context.report(finding.message, at: at, notes: finding.notes + [handOver], help: help(for: property.name))
                    }
                    break
                }
            }
        }
    }

    private func help(for name: String) -> String {
        "create the object inside the wrapper from plain values (`_\(name) = StateObject(wrappedValue: Model(id: id))`), or use `@ObservedObject` if the parent owns it"
    }

    /// The caller that makes the input `label` a bug: one that builds the object in
    /// rendering code (unless the initializer takes an autoclosure, `evaluatedOnce`) with a
    /// harm the code does not rule out (see `rebuildHarm`), or one that passes an object
    /// that can change while the view lives (later objects are ignored). The message and a
    /// note at that argument.
    private func callerFinding(
        passing label: String?, to view: TypeInfo, property: Property, evaluatedOnce: Bool, context: RuleContext
    ) -> (message: String, notes: [DiagnosticNote])? {
        let name = property.name
        let sites = CallSites.sites(passing: label, to: view.name, shownOnly: true, index: context.index)
        for (site, argument) in sites where !evaluatedOnce {
            guard site.context == .rendering || site.context == .presentation,
                let harm = rebuildHarm(of: argument, at: site, index: context.index)
            else { continue }
            // A repeated effect needs what renders the caller again while the view is shown.
            var triggerNotes: [DiagnosticNote] = []
            if harm.write == nil {
                guard let trigger = reRenderTrigger(of: site, building: view, index: context.index) else { continue }
                triggerNotes = Witness.triggerNotes(trigger, context: context)
            }
            let caller = CallSites.caller(of: site)
            return (
                "`@StateObject var \(name)` is given an object that \(caller) builds while rendering: every render builds another one, which SwiftUI throws away, keeping only the first, \(harm)",
                triggerNotes + [context.note("\(caller) builds `\(harm.object)` here on every render", at: argument.value, in: site.file)]
                    + harm.notes(in: context, at: argument, of: site))
        }
        for (site, argument) in sites {
            guard let change = CallSites.change(of: argument, at: site, holdsReference: true, index: context.index, depth: 0)
            else { continue }
            let caller = CallSites.caller(of: site)
            return (
                "`@StateObject var \(name)` keeps the first object \(caller) passes, \(change.reason): \(change.write.what) while this view is shown, and SwiftUI ignores the new object, so the view goes on using the old one",
                [
                    context.note("\(caller) passes `\(label ?? "_"):` here", at: argument.value, in: site.file),
                    context.note(
                        "then \(change.write.description): `@StateObject \(name)` keeps the first object",
                        at: change.write.token..<change.write.token + 1, in: change.write.file),
                ])
        }
        return nil
    }

    /// What rebuilding the object at every render costs beyond an allocation, or nil: an
    /// object rebuilt from the same constant inputs whose initializer only stores values
    /// loses nothing. The argument builds the object with a constructor or a project factory
    /// that returns a new one on every call (`container.makeModel(id: id)`). Either the
    /// constructor's inputs can change (the kept first object goes stale: which input), or
    /// the object's initializer, as the constructor or the factory calls it, starts work (a
    /// task, a timer, an observer, a request) that every discarded object repeats.
    private func rebuildHarm(of argument: ConstructionArgument, at site: ViewConstruction, index: ProjectIndex) -> RebuildHarm? {
        guard let built = index.newObject(passedAs: argument, at: site) else { return nil }
        let object = built.model.type
        let changing = argument.constructorArguments.lazy.compactMap {
            CallSites.change(of: $0, at: site, holdsReference: false, index: index, depth: 0)
        }.first
        if let changing {
            return RebuildHarm(
                object: object,
                description: "and it is built from \(changing.reason), which changes while the view is shown: the kept object goes on using the first value",
                write: changing.write, factoryConstruction: nil)
        }
        guard let model = index.types[object] else { return nil }
        for construction in built.model.constructions {
            guard let effect = SideEffects(index: index).effect(ofConstructing: model, with: construction.call, in: index.files[construction.file])
            else { continue }
            let isFactory = construction.file != site.file || construction.call != built.call
            return RebuildHarm(
                object: object, description: "and building one \(effect.description), repeated for every discarded object", write: nil,
                factoryConstruction: isFactory ? construction : nil)
        }
        return nil
    }

    private struct RebuildHarm: CustomStringConvertible {
        let object: String
        let description: String
        /// The write that changes an input, when that is the harm.
        let write: CallSites.ValueWrite?
        /// Where the factory the argument calls builds the object, when it is a factory.
        let factoryConstruction: ModelConstruction?

        func notes(in context: RuleContext, at argument: ConstructionArgument, of site: ViewConstruction) -> [DiagnosticNote] {
            var notes: [DiagnosticNote] = []
            if let construction = factoryConstruction {
                notes.append(
                    context.note(
                        "the factory it calls builds a new `\(object)` here on every call",
                        at: construction.call.name..<construction.call.name + 1, in: construction.file))
            }
            if let write { notes.append(context.note("then \(write.description)", at: write.token..<write.token + 1, in: write.file)) }
            return notes
        }
    }

    /// `let model = Model(…)` in the initializer, handed to `StateObject`: built at every
    /// initialization. A finding when a caller initializes the view with that initializer
    /// while rendering and the rebuild has a harm: the initializer's inputs change at that
    /// site, or building the object starts work.
    private func localFinding(
        _ described: String, built tokens: Range<Int>?, in file: ParsedFile, by initializer: FunctionDecl, property: Property,
        of view: TypeInfo, context: RuleContext
    ) -> (message: String, notes: [DiagnosticNote])? {
        let index = context.index
        let constructed = tokens.flatMap { index.constructedType(in: $0, file: file, scope: view.name) }
        let effect = constructed.flatMap { constructed in
            index.types[constructed.name].flatMap { SideEffects(index: index).effect(ofConstructing: $0, with: constructed.call, in: file) }
        }
        for site in CallSites.shownSites(of: view.name, index: index) where site.context == .rendering || site.context == .presentation {
            guard index.initializers(of: view, selectedBy: site.call, in: site.file).contains(where: { $0.function === initializer })
            else { continue }
            let changing = site.arguments.lazy.compactMap {
                CallSites.change(of: $0, at: site, holdsReference: false, index: index, depth: 0)
            }.first
            let harm: String
            var notes: [DiagnosticNote] = []
            var triggerNotes: [DiagnosticNote] = []
            if let changing {
                harm = "it is built from \(changing.reason), which changes while the view is shown: the kept object goes on using the first value"
                notes.append(
                    context.note(
                        "then \(changing.write.description)", at: changing.write.token..<changing.write.token + 1, in: changing.write.file))
            } else if let effect, let trigger = reRenderTrigger(of: site, building: view, index: index) {
                harm = "building one \(effect.description), repeated for every discarded object"
                triggerNotes = Witness.triggerNotes(trigger, context: context)
            } else {
                continue
            }
            let caller = CallSites.caller(of: site)
            return (
                "`@StateObject var \(property.name)` receives \(described), which the initializer builds before `StateObject` is created: \(caller) initializes `\(view.name)` while rendering, so a new object is built and thrown away on every render (SwiftUI keeps the first one), and \(harm)",
                triggerNotes + [context.note("\(caller) builds `\(view.name)` here, on every render", at: site.tokens, in: site.file)] + notes)
        }
        return nil
    }

    /// `_model = StateObject(wrappedValue: Model(items: items))`: SwiftUI evaluates the
    /// autoclosure once, when the view first appears, so the object keeps what the first
    /// `items` gave it. A finding when a caller that selects this initializer passes, for a
    /// parameter the object is built from, a value that a write changes while the view is
    /// shown (no renewing identity, SPEC §10.4; not a value tied to an identity,
    /// `isTiedToIdentity`), and the view does not follow the input it stores from that
    /// parameter in `.onChange(of:)`/`.task(id:)`/`.onReceive` with a handler that touches
    /// the object (which may hand it the new value). The message and notes: the value
    /// passed, the write.
    private func builtFromParameterFinding(
        _ value: Range<Int>, in initializer: FunctionDecl, file fileIndex: Int, property: Property, of view: TypeInfo,
        context: RuleContext
    ) -> (message: String, notes: [DiagnosticNote])? {
        let index = context.index
        let file = index.files[fileIndex]
        let parameters = initializer.parameters.filter { parameter in
            // `initialQuery:` says the value is only where the object starts.
            // A `Binding` reads the caller's current value: the object built from it follows it.
            !parameter.isAutoclosure && !(parameter.type?.text.contains("->") ?? false) && !StateSeeding.isSeedParameter(parameter)
                && !(parameter.type?.text.hasPrefix("Binding<") ?? false)
                && value.contains { token in
                    file.kind(token) == .identifier && file.spells(token, parameter.name) && file.kind(token - 1) != .period
                        && file.kind(token + 1) != .colon
                }
        }
        guard !parameters.isEmpty,
            !StateSeeding.followsInputs(parameters, of: view, in: initializer, file: fileIndex, object: property.name, index: index)
        else { return nil }
        for site in CallSites.shownSites(of: view.name, index: index) {
            guard index.initializers(of: view, selectedBy: site.call, in: site.file).contains(where: { $0.function === initializer })
            else { continue }
            for parameter in parameters {
                // Only the caller's own value state (`@State`, `@Binding`, a fetch, app storage, or
                // a value built from one): a model's field is mostly reloaded as an equal copy of
                // the same record (measured on develop apps: about half the findings without
                // this limit were wrong), so the rule leaves it out.
                guard let argument = site.argument(labeled: parameter.label),
                    CallSites.readsOwnValueState(argument.origin, constructorArguments: argument.constructorArguments, at: site, index: index),
                    !isTiedToIdentity(argument.origin, parameter: parameter, in: view, file: fileIndex, at: site, index: index),
                    let change = CallSites.change(of: argument, at: site, holdsReference: false, index: index, depth: 0)
                else { continue }
                let caller = CallSites.caller(of: site)
                let name = property.name
                return (
                    "`@StateObject var \(name)` is built once, from the first `\(parameter.label ?? "_"):` that \(caller) passes, \(change.reason): \(change.write.what) while this view is shown, and SwiftUI does not build the object again, so the view goes on using the object built from the old value",
                    [
                        context.note(
                            "\(caller) passes `\(parameter.label ?? "_"):` here, building `\(name)` when `\(view.name)` first appears",
                            at: argument.value, in: site.file),
                        context.note(
                            "then \(change.write.description): `@StateObject \(name)` keeps the object built from the first value",
                            at: change.write.token..<change.write.token + 1, in: change.write.file),
                    ])
            }
        }
        return nil
    }

    /// Whether the value passed for `parameter` stands for a record with an identity, which
    /// the object built from it represents: a `ForEach` element (or a field of one), or a
    /// value of a project type that is `Identifiable` or has a stored `id` (one record, not a
    /// collection of them: `file: WorkspaceFile`, `project: Project?`), which a reload may
    /// replace with an equal copy and a list shows under its id; or a binding (`$text`),
    /// through which the object reads the current value; or a `let` of such a record read
    /// at the call site (`post.author`: a reload of the post brings the same author).
    /// Other values (`tasks: [String]`,
    /// a model's list, the caller's own counter) are not.
    private func isTiedToIdentity(
        _ origin: ArgumentOrigin, parameter: Parameter, in view: TypeInfo, file fileIndex: Int, at site: ViewConstruction,
        index: ProjectIndex
    ) -> Bool {
        switch origin {
        case .element, .binding:
            return true
        case .property(let reference, let path) where !path.isEmpty:
            // `post.author`: a `let` of an identified record (a reload brings the same one).
            guard var owner = site.enclosingType.flatMap({ index.types[$0] }) else { break }
            for name in [reference.name] + path {
                if isRecord(owner), let (_, field) = owner.property(named: name), field.isLet { return true }
                guard let (file, property) = owner.property(named: name),
                    let held = index.declaredShape(of: property, in: index.files[file], scope: owner.name)?.heldName,
                    let next = index.type(named: held, from: owner.name, file: file)
                else { break }
                owner = next
            }
        default:
            break
        }
        guard let type = parameter.type else { return false }
        let shape = TypeShape(type.text)
        let isOne: Bool
        switch shape {
        case .named, .optional(.named): isOne = true
        default: isOne = false
        }
        guard isOne, let held = shape.heldName, let record = index.type(named: held, from: view.name, file: fileIndex) else { return false }
        return isRecord(record)
    }

    /// A type with an identity: `Identifiable`, or with a stored `id`.
    private func isRecord(_ type: TypeInfo) -> Bool {
        type.inherited.contains("Identifiable") || type.property(named: "id")?.property.isStored == true
    }

    /// What runs the body that builds `view` at `site` again while the view is shown (SPEC
    /// §10.3), re-initializing it in place: the trigger that repeats an initializer's effect.
    /// Not a change the body reads only in the site's `.id(…)` (that builds a new view, whose
    /// object is the one kept), nor a write in the view's own `.onDisappear` (it is going
    /// away), nor a write the presentation showing it covers (`ProjectIndex.canRun(_:whileShowing:)`),
    /// nor, for presented content, a write in a flow that also sets the presenting
    /// state (it presents, ends or switches the presentation, so the view shown is another
    /// one). Nil when nothing else does.
    private func reRenderTrigger(of site: ViewConstruction, building view: TypeInfo, index: ProjectIndex) -> ReRenderTrigger? {
        guard index.reCreations(of: view).contains(where: { $0.site === site }),
            let parent = site.enclosingType.flatMap({ index.types[$0] })
        else { return nil }
        let file = index.files[site.file]
        let ids = site.identity.compactMap { tie -> Range<Int>? in if case .idModifier(let tokens) = tie { tokens } else { nil } }
        let leaving = modifierClosures(named: "onDisappear", after: site, in: file)
        let presentation = PresentationEnd(site, index: index)
        return index.reRenderTriggers(of: parent, whileShowing: TokenLocation(file: site.file, token: site.token)).first { trigger in
            if let read = trigger.read, read.file == site.file, ids.contains(where: { $0.contains(read.token) }) { return false }
            guard let write = trigger.write else { return true }
            if write.file == site.file, leaving.contains(where: { $0.contains(write.token) }) { return false }
            // A write the presentation covers cannot run while the view is shown.
            if !index.canRun(write, whileShowing: site) { return false }
            if let presentation, let place = writePlace(write, of: trigger.property, in: parent, index: index),
                presentation.setsState(in: place.closure ?? place.body, file: index.files[place.file])
            {
                return false
            }
            return true
        }
    }

    /// Where the write at `location` of the stored property `name` of `type` runs.
    private func writePlace(_ location: TokenLocation, of name: String, in type: TypeInfo, index: ProjectIndex) -> MemberAccesses.Place? {
        index.changes(of: type).writes(of: name).first { $0.site == location }?.place
    }

    /// The closures of the modifiers named `name` applied to the view built at `site`
    /// (`Child().frame(…).onDisappear { … }`).
    private func modifierClosures(named name: StaticString, after site: ViewConstruction, in file: ParsedFile) -> [Range<Int>] {
        var closures: [Range<Int>] = []
        var position = site.call.end
        while file.kind(position) == .period, file.kind(position + 1) == .identifier,
            let call = file.call(at: position + 1, limit: file.tokens.count)
        {
            if file.at(position + 1, name) { closures += call.trailingClosures.map(\.body) + [call.arguments].compactMap { $0 } }
            position = call.end
        }
        return closures
    }

    private enum ExistingObject {
        case parameter(Parameter)
        /// A local, with its initial value's tokens when it has one.
        case local(String, Range<Int>?)
        /// A value passed through a project function that wraps it in `StateObject`.
        case passed(Range<Int>, through: String)
    }

    /// `x` (or `x!`, `x ?? fallback`) when `x` names a parameter of the initializer (not an
    /// `@autoclosure`) or a local declared before `limit`.
    private func existingObject(_ value: Range<Int>, in initializer: FunctionDecl, before limit: Int, file: ParsedFile) -> ExistingObject? {
        guard file.kind(value.lowerBound) == .identifier else { return nil }
        var next = value.lowerBound + 1
        if next < value.upperBound, file.kind(next) == .exclamationMark { next += 1 }
        guard next == value.upperBound || file.kind(next) == .binaryOperator && file.text(next) == "??" else { return nil }
        let name = file.text(value.lowerBound)
        if let body = initializer.body, let declared = localDeclaration(name, in: body.lowerBound..<limit, file: file) {
            return .local(name, initialValue(after: declared, before: limit, file: file))
        }
        if let parameter = initializer.parameters.first(where: { $0.name == name }) {
            guard !parameter.isAutoclosure, !(parameter.type?.text.contains("->") ?? false) else { return nil }
            return .parameter(parameter)
        }
        return nil
    }

    /// The name token of `let name`/`var name` declared in `range`.
    private func localDeclaration(_ name: String, in range: Range<Int>, file: ParsedFile) -> Int? {
        for token in range where file.at(token, "let") || file.at(token, "var") {
            if file.kind(token + 1) == .identifier, file.spells(token + 1, name), file.kind(token + 2) != .period {
                return token + 1
            }
        }
        return nil
    }

    /// `= Model(…)` after a local's name (and its annotation): the value's tokens.
    private func initialValue(after nameToken: Int, before limit: Int, file: ParsedFile) -> Range<Int>? {
        var equals = nameToken + 1
        while equals < limit, !file.isAssignmentOperator(equals), file.kind(equals) != .leftBrace { equals += 1 }
        guard equals < limit, file.at(equals, "=") else { return nil }
        // `try? Model(…)`, `await Model(…)`: the constructor after the keywords.
        var start = equals + 1
        while file.at(start, "try") || file.at(start, "await") || file.kind(start) == .postfixQuestionMark
            || file.kind(start) == .exclamationMark
        {
            start += 1
        }
        guard let call = file.call(at: start, limit: limit) ?? file.call(at: start + 2, limit: limit) else { return nil }
        return start..<call.end
    }
}
