import ObservationLintCore
import ObservationSyntax

public struct ObservableCreatedInViewProperty: Rule {
    public static let description = RuleDescription(
        id: "observable_created_in_view_property",
        name: "Observable created in view property",
        category: .ownership,
        group: .suspicious,
        summary: "A view's plain or `@Bindable` stored property creates an observable or ObservableObject model.",
        rationale: """
            A view is a value that SwiftUI re-creates each time a parent's body runs again. A \
            plain stored property (`let model = Model()`, or `self.model = Model()` in the view's \
            initializer; no property wrapper; also a call of a project function every return \
            path of which builds the model anew, `Models.make()`, but not one that may return a \
            kept object, a cache or a singleton) is initialized again with it, so the view gets a \
            new model and what the old one held — loaded data, selection, text being typed — is \
            lost, and work its initializer starts runs again. Reported by default only with the \
            witness, cited in notes in the order things happen: the write that runs the parent's \
            body again (and where it reads that state), the site where that body re-creates this \
            view, and what is lost (a write to the model's state after its initializer, or its \
            initializer's effect). A view whose parents never run again while it is shown, and \
            a model that only holds its inputs, are not reported. A `var` with an initial value \
            in a view without its own initializer is a parameter of the memberwise initializer, \
            its initial value that parameter's default: only the constructions that leave the \
            argument out build a model (a `let`'s initial value, and every initial value under \
            an explicit initializer, is evaluated by each construction).
            The new object is reached only through the view's property: when the view's code \
            never refers to it (the view uses a shared instance instead), nothing writes or \
            shows that object's state, so only its initializer's effect can be lost. Nor does a \
            write to another object of the model's type (a parameter, an element of a list, \
            another view's model) witness a loss: only a write that reaches this object — \
            through the property, or the model's own code the view calls on it — does.
            A model the initializer builds from its parameters is built for what the caller \
            passes: a parent write that changes what it passes for them re-creates the view for \
            the new input, as intended, and is no witness; another write still is.
            `@Bindable` owns its object no more than a plain property: it only gives bindings \
            (`$model.text`) to an observable that someone else keeps, so `@Bindable var model = \
            Model()`, `self.model = Model()` or `_model = Bindable(Model())` in the view's \
            initializer builds a new one with each re-creation in just the same way (the \
            Observation analog of `@ObservedObject var model = Model()`). `@State` keeps the \
            object and gives the same bindings. A `@Bindable` the parent passes in is not reported.
            """,
        fix: """
            Let SwiftUI keep the model across re-renders: `@State private var model = Model()` \
            for an `@Observable` class, `@StateObject private var model = Model()` for an \
            `ObservableObject`.
            """,
        triggeringExamples: [
            // A factory that builds a new model on every call is a constructor.
            """
            @Observable final class CourseModel {
                var group = ""
                func join() { group = "A" }
            }
            enum Models {
                static func course() -> CourseModel { CourseModel() }
            }
            struct CourseView: View {
                let ↓model = Models.course()
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
            // The text field writes the name of the draft `EditDraft` built, through `$draft`.
            """
            @Observable final class Draft { var name = "" }
            struct EditDraft: View {
                @Bindable var ↓draft = Draft()
                var body: some View { TextField("Name", text: $draft.name) }
            }
            struct Drafts: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    EditDraft()
                }
            }
            """,
            // `refreshes` changes nothing `CourseView` builds its model from.
            """
            @Observable final class CourseModel {
                var group = ""
                init(course: String) {}
                func join() { group = "A" }
            }
            struct CourseView: View {
                let ↓model: CourseModel
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
            // `PlayerPanel`'s `@State` keeps the first player, but `PlayerBar` reads the one
            // injected into the environment: each rebuild of `PlayerHost` shows it a new player.
            """
            @Observable final class Player {
                var isPlaying = false
                func play() { isPlaying = true }
            }
            struct PlayerPanel: View {
                @State private var player: Player
                init(player: Player) { _player = State(initialValue: player) }
                var body: some View { Button(player.isPlaying ? "Pause" : "Play") { player.play() } }
            }
            struct PlayerBar: View {
                @Environment(Player.self) private var player
                var body: some View { Text(player.isPlaying ? "Playing" : "Paused") }
            }
            struct PlayerHost: View {
                let ↓player = Player()
                var body: some View { VStack { PlayerPanel(player: player); PlayerBar() }.environment(player) }
            }
            struct Studio: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    PlayerHost()
                }
            }
            """,
            """
            @Observable final class Session {
                var user = ""
                func signIn() { user = "me" }
            }
            struct Notes: View {
                @State private var compact = false
                var body: some View { Toggle("Compact", isOn: $compact); NotesRoot(compact: compact) }
            }
            struct NotesRoot: View {
                let compact: Bool
                let ↓session = Session()
                var body: some View { Button(session.user) { session.signIn() } }
            }
            """,
            """
            @Observable final class CounterModel { var count = 0 }
            struct CounterView: View {
                let ↓model = CounterModel()
                var body: some View { Button("\\(model.count)") { model.count += 1 } }
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
            final class SearchModel: ObservableObject {
                @Published var query = ""
                func clear() { query = "" }
            }
            struct SearchView: View {
                private var ↓search = SearchModel()
                var body: some View { Text(search.query) }
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
            @Observable final class Draft {
                var text = ""
                init() { Task { await self.restore() } }
                func restore() async { _ = try? await URLSession.shared.data(from: Backend.url) }
            }
            struct ComposeView: View {
                var ↓draft: Draft = .init()
                var body: some View { Text(draft.text) }
            }
            struct Root: View {
                @Environment(\\.colorScheme) private var scheme
                var body: some View { ComposeView().tint(scheme == .dark ? .white : .black) }
            }
            """,
            """
            enum Library {
                @Observable final class Shelf {
                    var books: [String] = []
                    func add(_ book: String) { books.append(book) }
                }
            }
            struct ShelfView: View {
                let ↓shelf = Library.Shelf()
                var body: some View { Text("\\(shelf.books.count)") }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    ShelfView()
                }
            }
            """,
            // An explicit initializer evaluates every initial value, whatever it is passed.
            """
            @Observable final class Prefs {
                var enabled = false
                func toggle() { enabled.toggle() }
            }
            struct PrefsRow: View {
                let title: String
                var ↓prefs = Prefs()
                init(title: String) { self.title = title }
                var body: some View { Button(prefs.enabled ? title : "Off") { prefs.toggle() } }
            }
            struct Settings: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    PrefsRow(title: "Alerts")
                }
            }
            """,
            // One caller passes `prefs:`, but the one that runs again leaves it out.
            """
            @Observable final class Prefs {
                var enabled = false
                func toggle() { enabled.toggle() }
            }
            struct PrefsRow: View {
                var ↓prefs = Prefs()
                var body: some View { Button(prefs.enabled ? "On" : "Off") { prefs.toggle() } }
            }
            struct Settings: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    PrefsRow()
                }
            }
            struct Pinned: View {
                @State private var prefs = Prefs()
                var body: some View { PrefsRow(prefs: prefs) }
            }
            """,
            """
            @Observable final class RowModel {
                var isExpanded = false
                init(title: String) {}
                func toggle() { isExpanded.toggle() }
            }
            struct Row: View {
                let ↓model: RowModel
                init(title: String) { model = RowModel(title: title) }
                var body: some View { Text(model.isExpanded ? "Open" : "Closed") }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    Row(title: "A")
                }
            }
            """,
            // `@Bindable` gives `$draft.title` bindings but keeps no object: each tick builds a new draft.
            """
            @Observable final class TaskDraft { var title = "" }
            struct AddTaskView: View {
                @Bindable var ↓draft = TaskDraft()
                var body: some View { TextField("Title", text: $draft.title) }
            }
            struct TaskList: View {
                @State private var elapsed = 0
                @State private var isAdding = false
                var body: some View {
                    Button("\\(elapsed) s") { isAdding = true }
                        .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in elapsed += 1 }
                        .sheet(isPresented: $isAdding) { AddTaskView() }
                }
            }
            @main struct TasksApp: App {
                var body: some Scene { WindowGroup { TaskList() } }
            }
            """,
            """
            @Observable final class BlendModel {
                var prompt = ""
                init(service: Service) {}
            }
            struct BlendView: View {
                let service: Service
                @Bindable private var ↓model: BlendModel
                init(service: Service) {
                    self.service = service
                    self.model = BlendModel(service: service)
                }
                var body: some View { TextField("Prompt", text: $model.prompt) }
            }
            struct Studio: View {
                let service: Service
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    BlendView(service: service)
                }
            }
            """,
            """
            @Observable final class TaskDraft { var title = "" }
            struct EditTaskView: View {
                @Bindable private var ↓draft: TaskDraft
                init(title: String) { _draft = Bindable(TaskDraft()) }
                var body: some View { TextField("Title", text: $draft.title) }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    EditTaskView(title: "A")
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // The factory returns a shared object: every `CourseView` gets the same one.
            """
            @Observable final class CourseModel {
                var group = ""
                func join() { group = "A" }
            }
            enum Models {
                static let shared = CourseModel()
                static func course() -> CourseModel { shared }
            }
            struct CourseView: View {
                let model = Models.course()
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
            // `rename` writes the name of another draft, the parameter `other`: the draft
            // `EditDraft` builds is never written after its initializer, so a new one loses nothing.
            """
            @Observable final class Draft { var name = "" }
            struct EditDraft: View {
                @Bindable var draft = Draft()
                let others: [Draft]
                var body: some View {
                    Text(draft.name)
                    Button("Rename") { rename(others[0]) }
                }
                func rename(_ other: Draft) { other.name = "Untitled" }
            }
            struct Drafts: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    EditDraft(others: [])
                }
            }
            """,
            // A course switch passes another `course:`, the model's input: a new model is due.
            """
            @Observable final class CourseModel {
                var group = ""
                init(course: String) {}
                func join() { group = "A" }
            }
            struct CourseView: View {
                let model: CourseModel
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
            // `prefs` is a parameter of `PrefsRow`'s memberwise initializer and its initial value
            // that parameter's default: `Settings` passes `prefs:`, so the default is evaluated
            // only by the preview, never when `Settings.body` runs again.
            """
            @Observable final class Prefs {
                var enabled = false
                func toggle() { enabled.toggle() }
            }
            struct PrefsRow: View {
                var prefs = Prefs()
                var body: some View { Button(prefs.enabled ? "On" : "Off") { prefs.toggle() } }
            }
            struct Settings: View {
                @State private var prefs = Prefs()
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    PrefsRow(prefs: prefs)
                }
            }
            #Preview { PrefsRow() }
            """,
            // `PlayerHost` only passes its model on to `PlayerPanel`, whose `@State` keeps the
            // first one (and its `isPlaying`); the ones later builds of `PlayerHost` make are dropped.
            // It also injects each into the environment, but no view reads a `Player` from there.
            """
            @Observable final class Player {
                var isPlaying = false
                func play() { isPlaying = true }
            }
            struct PlayerPanel: View {
                @State private var player: Player
                init(player: Player) { _player = State(initialValue: player) }
                var body: some View { Button(player.isPlaying ? "Pause" : "Play") { player.play() } }
            }
            struct PlayerHost: View {
                let player = Player()
                var body: some View { PlayerPanel(player: player).environment(player) }
            }
            struct Studio: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    PlayerHost()
                }
            }
            """,
            // `signedIn = true` makes `Launch.body` build the other branch: `LoginView` goes
            // away with its model, it is not built again with a new one.
            """
            @Observable final class LoginModel {
                var nonce = ""
                func send() { nonce = "n" }
            }
            struct LoginView: View {
                let model = LoginModel()
                let onSignIn: () -> Void
                var body: some View { Button(model.nonce) { model.send(); onSignIn() } }
            }
            struct Launch: View {
                @State private var signedIn = false
                var body: some View {
                    if signedIn {
                        Text("Home")
                    } else {
                        LoginView(onSignIn: { signedIn = true })
                    }
                }
            }
            """,
            // `update(_:)` runs only on the popup's own object, never on the card's.
            """
            @Observable final class ActivityInfo {
                var title: String
                init(title: String) { self.title = title }
                func update(_ new: String) { title = new }
            }
            struct Card: View {
                let title: String
                let info: ActivityInfo
                init(title: String) {
                    self.title = title
                    self.info = ActivityInfo(title: title)
                }
                var body: some View { Text(info.title) }
            }
            struct Popup: View {
                @State private var info = ActivityInfo(title: "")
                var body: some View { Button("Rename") { info.update("New") } }
            }
            struct Feed: View {
                @State private var expanded = false
                var body: some View {
                    Card(title: "Run").onTapGesture { expanded.toggle() }
                    if expanded { Popup() }
                }
            }
            """,
            """
            @Observable final class Session {
                static let shared = Session()
                var user = ""
                func signIn() { user = "me" }
            }
            struct Notes: View {
                @State private var compact = false
                var body: some View { Toggle("Compact", isOn: $compact); NotesRoot(compact: compact) }
            }
            struct NotesRoot: View {
                let compact: Bool
                let session = Session()
                var body: some View { Button(Session.shared.user) { Session.shared.signIn() } }
            }
            """,
            """
            @Observable final class Session {
                var user = ""
                func signIn() { user = "me" }
            }
            @main
            struct NotesApp: App {
                var body: some Scene { WindowGroup { NotesRoot() } }
            }
            struct NotesRoot: View {
                let session = Session()
                var body: some View { Text(session.user) }
            }
            """,
            """
            @Observable final class CounterModel { var count = 0 }
            struct CounterView: View {
                let model = CounterModel()
                var body: some View { Button("\\(model.count)") { model.count += 1 } }
            }
            struct Home: View {
                let title: String
                var body: some View { Text(title); CounterView() }
            }
            """,
            """
            @Observable final class CounterModel { var count = 0 }
            struct CounterView: View {
                let model = CounterModel()
                var body: some View { Button("\\(model.count)") { model.count += 1 } }
            }
            struct Home: View {
                @State private var showsCounter = true
                @State private var count = 0
                var body: some View {
                    if showsCounter {
                        CounterView()
                    } else {
                        Button("\\(count)") { count += 1 }
                    }
                }
            }
            """,
            """
            @Observable final class CounterModel { var count = 0 }
            struct CounterView: View {
                @State private var model = CounterModel()
                var body: some View { Button("\\(model.count)") { model.count += 1 } }
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
            struct Formatter { var style = 0 }
            struct PriceView: View {
                let formatter = Formatter()
                var body: some View { Text("\\(formatter.style)") }
            }
            """,
            """
            struct MapView: View {
                let manager = CLLocationManager()
                var body: some View { Text("Map") }
            }
            """,
            """
            @Observable final class CounterModel { var count = 0 }
            final class CounterController {
                let model = CounterModel()
            }
            """,
            """
            @Observable final class Palette {
                let accent: String
                init(accent: String) { self.accent = accent }
            }
            struct Badge: View {
                let palette = Palette(accent: "blue")
                var body: some View { Text(palette.accent) }
            }
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    Badge()
                }
            }
            """,
            // The parent keeps the draft and passes it in: `@Bindable` only gives the bindings.
            """
            @Observable final class TaskDraft { var title = "" }
            struct AddTaskView: View {
                @Bindable var draft: TaskDraft
                var body: some View { TextField("Title", text: $draft.title) }
            }
            struct TaskList: View {
                @State private var draft = TaskDraft()
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    AddTaskView(draft: draft)
                }
            }
            """,
            // Nothing runs `Tasks.body` again while the form is shown.
            """
            @Observable final class TaskDraft { var title = "" }
            struct AddTaskView: View {
                @Bindable var draft = TaskDraft()
                var body: some View { TextField("Title", text: $draft.title) }
            }
            struct Tasks: View {
                let title: String
                var body: some View { Text(title); AddTaskView() }
            }
            """,
            """
            @Observable final class TaskDraft { var title = "" }
            struct AddTaskView: View {
                @State private var draft = TaskDraft()
                var body: some View { TextField("Title", text: $draft.title) }
            }
            struct TaskList: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    AddTaskView()
                }
            }
            """,
        ],
        autoFix: AutoFix(
            .unsafe,
            reason: "The model then lives as long as the view instead of being re-created on every update of the parent (a change of lifetime to review), and for a `var` a caller that passes it no longer compiles once it is `private`.",
            corrections: [
                RuleCorrection(
                    """
                    @Observable final class Player { var isPlaying = false; func play() { isPlaying = true } }
                    struct PlayerView: View {
                        internal let ↓player = Player()
                        var body: some View { Text(player.isPlaying ? "On" : "Off") }
                    }
                    struct Deck: View {
                        @State private var count = 0
                        var body: some View { Button("\\(count)") { count += 1 }; PlayerView() }
                    }
                    """,
                    """
                    @Observable final class Player { var isPlaying = false; func play() { isPlaying = true } }
                    struct PlayerView: View {
                        @State private var player = Player()
                        var body: some View { Text(player.isPlaying ? "On" : "Off") }
                    }
                    struct Deck: View {
                        @State private var count = 0
                        var body: some View { Button("\\(count)") { count += 1 }; PlayerView() }
                    }
                    """),
                RuleCorrection(
                    """
                    final class Recorder: ObservableObject { @Published var level = 0.0; func sample() { level = 1 } }
                    struct MeterView: View {
                        var ↓recorder = Recorder()
                        var body: some View { Text("\\(recorder.level)") }
                    }
                    struct Studio: View {
                        @State private var count = 0
                        var body: some View { Button("\\(count)") { count += 1 }; MeterView() }
                    }
                    """,
                    """
                    final class Recorder: ObservableObject { @Published var level = 0.0; func sample() { level = 1 } }
                    struct MeterView: View {
                        @StateObject private var recorder = Recorder()
                        var body: some View { Text("\\(recorder.level)") }
                    }
                    struct Studio: View {
                        @State private var count = 0
                        var body: some View { Button("\\(count)") { count += 1 }; MeterView() }
                    }
                    """),
                RuleCorrection(
                    """
                    @Observable final class Draft { var text = "" }
                    struct ComposeView: View {
                        @Bindable var ↓draft = Draft()
                        var body: some View { TextField("Text", text: $draft.text) }
                    }
                    struct Inbox: View {
                        @State private var count = 0
                        var body: some View { Button("\\(count)") { count += 1 }; ComposeView() }
                    }
                    """,
                    """
                    @Observable final class Draft { var text = "" }
                    struct ComposeView: View {
                        @State private var draft = Draft()
                        var body: some View { TextField("Text", text: $draft.text) }
                    }
                    struct Inbox: View {
                        @State private var count = 0
                        var body: some View { Button("\\(count)") { count += 1 }; ComposeView() }
                    }
                    """),
            ]))

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where ViewProperty.isViewLike(decl, view) {
            for property in decl.properties {
                guard let (created, witness) = Self.reportedModel(property, in: view, context: context) else { continue }
                let wrapper = created.kind == .observableObject ? "StateObject" : "State"
                let what = created.kind == .observableObject ? "the ObservableObject" : "the observable"
                let shortName = String(created.name.simpleTypeName)
                let bindings = created.bindable == nil ? "" : " (`$\(property.name).property` bindings work with `@State` too)"
                if let assignment = created.assignment {
                    let model = "a new \(created.kind == .observableObject ? "ObservableObject" : "observable") `\(created.name)`"
                    context.report(
                        "\(created.bindable == nil ? "`\(property.name)` is a plain stored property that the initializer fills with \(model)" : "the initializer fills `@Bindable var \(property.name)`, which does not own its object, with \(model)"): each time `\(witness.parent).body` runs again it re-creates this view with a new one, and \(witness.loss); use `@\(wrapper) private var \(property.name)`",
                        at: property.nameToken..<property.nameToken + 1,
                        notes: [context.note("created here", at: assignment.tokens, in: assignment.file)] + witness.notes,
                        help: "`@\(wrapper) private var \(property.name)`, set once with `_\(property.name) = \(wrapper)(\(wrapper == "State" ? "initialValue" : "wrappedValue"): \(shortName)(…))`, keeps one model for the view's lifetime\(bindings)")
                    continue
                }
                var fixes: [Fix] = []
                if let edits = ViewProperty.ownershipEdits(for: property, wrapper: wrapper, replacing: created.bindable, context: context) {
                    fixes.append(Fix(title: "Use `@\(wrapper) private var \(property.name)`", edits: edits))
                }
                context.report(
                    "\(created.bindable == nil ? "`\(property.name)` creates \(what) `\(created.name)` in a plain stored property" : "`@Bindable var \(property.name)` creates \(what) `\(created.name)` but does not own it"): each time `\(witness.parent).body` runs again it re-creates this view with a new one, and \(witness.loss); use `@\(wrapper) private var \(property.name)`",
                    at: property.nameToken..<property.nameToken + 1,
                    notes: witness.notes,
                    help: "`@\(wrapper) private var \(property.name) = \(shortName)(…)` keeps one model for the view's lifetime\(bindings)",
                    fixes: fixes)
            }
        }
    }

    /// The model this rule reports `property` for, with its witness: a created model
    /// (`createdModel`) that a body re-creating the view while it is shown rebuilds, losing
    /// its changed state or repeating its initializer's effect. `unobserved_model_in_view`
    /// leaves exactly these to this rule.
    static func reportedModel(
        _ property: Property, in view: TypeInfo, context: RuleContext
    ) -> (model: CreatedModel, witness: (loss: String, parent: String, notes: [DiagnosticNote]))? {
        let index = context.index
        guard let created = createdModel(property, in: view, file: context.file, index: index), let model = index.types[created.name],
            let witness = ViewProperty.rebuildWitness(
                of: view, property: property.name, model: model, built: created.built, in: created.file, context: context,
                building: created.assignment != nil ? { _ in true } : ViewProperty.sitesEvaluatingInitialValue(of: property, in: view))
        else { return nil }
        return (created, witness)
    }

    struct CreatedModel {
        let name: String
        let kind: ModelKind
        /// The `@Bindable` attribute holding it (nil: a plain property).
        let bindable: Attribute?
        /// Where an initializer assigns it (nil: the initial value).
        let assignment: (file: Int, tokens: Range<Int>)?
        /// What builds it, in `file`: a constructor call, or a factory call.
        let built: (model: FreshModel, call: Call)
        let file: Int
    }

    /// A view's plain stored instance property that gets a new observable or
    /// ObservableObject project object: from its initial value (`let m = Model()`, `: Model =
    /// .init()`, `let m = Factory.makeModel()` for a factory that returns a new one on every
    /// path), or from an initializer assigning one (`self.m = Model(…)`, then `assignment`
    /// says where). The kind is `.observable` also for types that are both.
    /// A `@Bindable` property owns its object no more than a plain one: the same, for an
    /// observable (`_m = Bindable(Model())` too); on an ObservableObject `@Bindable` is
    /// `observable_wrapper_mismatch`'s.
    static func createdModel(_ property: Property, in view: TypeInfo, file: ParsedFile, index: ProjectIndex) -> CreatedModel? {
        guard ViewProperty.isInstanceStorage(property) else { return nil }
        let bindable = ViewProperty.swiftUIWrapper("Bindable", on: property, index: index)
        guard bindable != nil || ViewProperty.isPlain(property) else { return nil }
        var constructed: (built: (model: FreshModel, call: Call), file: Int)?
        var assignment: (file: Int, tokens: Range<Int>)?
        if let initial = property.initializer {
            constructed = index.fileIndex(of: file).flatMap { fileIndex in
                index.newObject(builtBy: initial, in: fileIndex, code: initial, scope: view.name, parameters: [], contextualType: property.type)
                    .map { ($0, fileIndex) }
            }
        } else {
            // Only a property declared as a model can be filled with one.
            guard let declared = property.type.flatMap({ TypeShape($0.text).directName }),
                let model = index.type(named: declared, from: view.name), model.isObservable || model.isObservableObject
            else { return nil }
            for entry in ViewProperty.initializerAssignments(to: property.name, in: view, index: index) {
                let assignedFile = index.files[entry.file]
                var value = entry.assignment.value
                if entry.throughStorage {
                    guard bindable != nil, let wrapped = assignedFile.wrapperInitialValue(in: value, wrappers: ["Bindable"], unlabeled: true)
                    else { continue }
                    value = wrapped
                }
                if let body = entry.initializer.body,
                    let found = index.newObject(
                        builtBy: value, in: entry.file, code: body, scope: view.name, parameters: entry.initializer.parameters,
                        contextualType: property.type)
                {
                    constructed = (found, entry.file)
                    assignment = (entry.file, entry.assignment.target.root..<entry.assignment.value.upperBound)
                    break
                }
            }
        }
        guard let constructed, let type = index.types[constructed.built.model.type], type.isClass else { return nil }
        let kind: ModelKind
        if type.isObservable {
            kind = .observable
        } else if bindable == nil, type.isObservableObject {
            kind = .observableObject
        } else {
            return nil
        }
        return CreatedModel(
            name: type.name, kind: kind, bindable: bindable, assignment: assignment, built: constructed.built, file: constructed.file)
    }
}
