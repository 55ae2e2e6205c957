import ObservationLintCore
import ObservationSyntax

public struct ModelCreatedInBody: Rule {
    public static let description = RuleDescription(
        id: "model_created_in_body",
        name: "Model created in body",
        category: .ownership,
        group: .suspicious,
        summary: "A view's `body` creates an observable model (or calls a factory that builds one) and hands it to a child view.",
        rationale: """
            SwiftUI evaluates `body` again whenever state it reads changes. A model constructed \
            there (`Row(model: RowModel(item))`, `NavigationLink { Detail(vm: DetailVM()) }`) is \
            built again on each evaluation, as is one returned by a project function every return \
            path of which builds it anew (`factory.makeDetailModel()`, followed through the \
            functions it returns from, and every conforming type's for a protocol; a function \
            that may return a kept object, a cache or a singleton, is not one), and one returned \
            by a call of the view's closure-typed stored property (`let makeModel: (Item) -> \
            DetailModel`, called as `makeModel(item)`) when every value the project stores in it \
            (each caller's argument, or the default) is a closure literal or a method reference \
            (`container.makeDetailModel`) that builds the model anew on every path, or the \
            caller's own such property passed on. A call of a view factory — a project \
            function every return path of which builds the same child view around a new model \
            (`factory.makeScreen()` returning `Screen(model: .init(…))`) — builds both again. \
            A child holding it as `@ObservedObject`, `@Bindable` \
            or a plain reference gets the new object and loses what the old one held (loaded \
            data, selection, text being edited); a child holding it in `@StateObject`/`@State` \
            keeps the first, but every extra build runs the initializer again (a request, a \
            task, a timer) — as does a child that only passes the model on, as it is, through \
            plain properties to a descendant holding it that way. A child whose memberwise \
            initializer takes the model for a `@StateObject` gets `StateObject`'s autoclosure \
            as its parameter (SE-0258, Swift 5.3): the model is built once, when the view first \
            appears, and is not reported. Reported by default only with the witness, cited in notes in the \
            order things happen: the write that runs the body again (and where the body reads \
            that state), the body building the new model, and what is lost — state the model's \
            code writes after its initializer, or its initializer's effect. Of the writes that \
            can run the body while the child is shown, the note cites the surest: a value the \
            system changes (`scenePhase` when the user leaves the app and comes back), then a \
            repeating timer, a notification or a subscription, then the shown content's own \
            code, then code after an `await`, then other code; a write that first ends the \
            presentation showing the child (`item = nil`, `isPresented = false` earlier in the \
            same closure) removes the child rather than building it again. A body nothing runs \
            again while the child is shown, a model that only holds its inputs or mirrors a \
            publisher that replays its value, and an initializer that only reads memory are \
            not reported. Handing `$model.field` to a view that only reads its `@Binding` \
            writes nothing, and edits made through an object the model was handed (not one it \
            built) change that shared object, which the new model is handed again. A field \
            whose every later write sets the literal it starts with (`errorMessage = nil` for an \
            optional that starts `nil`) never holds another value, so a new model has the same. \
            A write to another object of the model's type (another view's model, a parameter, \
            an element of a list) is no loss of this one: only a write the child's property, or \
            the model's own code called on it, reaches counts. \
            A write that changes what the model is built from (state its arguments read, \
            directly, through a local or an `if let`, or through a member: `selection.course`, \
            `items[index]`, a model method that reads the written field; or another write in the \
            same synchronous step as such a write) is no witness: the new model is built for the \
            new input, as intended, and keeping the old one would show stale state. Another \
            write that runs the body while the same construction is shown still is; a child \
            that keeps the first model (`@StateObject`) discards the new one either way.
            """,
        fix: """
            Create the model where it is owned: in the child, as `@StateObject private var` \
            (ObservableObject) or `@State private var` (`@Observable`), initialized from the \
            child's inputs (`_model = StateObject(wrappedValue: RowModel(item))`), or store it in \
            the parent (or its model) and pass that stored object down.
            """,
        triggeringExamples: [
            // Built for editing: "Apply" saves and the sheet stays up, so the body that
            // builds it runs again while it is shown.
            """
            @main struct DraftsApp: App { var body: some Scene { WindowGroup { Drafts() } } }
            final class Shelf: ObservableObject { @Published var count = 0 }
            final class DraftModel: ObservableObject {
                @Published var name = ""
                let shelf: Shelf
                init(shelf: Shelf) { self.shelf = shelf }
                func save() { shelf.count += 1 }
            }
            struct DraftEditor: View {
                enum Mode { case create, edit }
                @ObservedObject var model: DraftModel
                @Environment(\\.dismiss) private var dismiss
                let mode: Mode
                var body: some View {
                    TextField("Name", text: $model.name)
                    switch mode {
                    case .create: Button("Add") { model.save(); dismiss() }
                    case .edit: Button("Apply") { model.save() }
                    }
                }
            }
            struct Drafts: View {
                @StateObject private var shelf = Shelf()
                @State private var isAdding = false
                var body: some View {
                    Text("\\(shelf.count)")
                        .sheet(isPresented: $isAdding) { DraftEditor(model: ↓DraftModel(shelf: shelf), mode: .edit) }
                }
            }
            """,
            // `refreshes` changes nothing the model is built from: the same course gets a new
            // model, which starts without the joined `group`.
            """
            final class CourseModel: ObservableObject {
                @Published var group = ""
                init(course: String) {}
                func join() { group = "A" }
            }
            struct CourseView: View {
                @ObservedObject var model: CourseModel
                var body: some View { Button(model.group) { model.join() } }
            }
            struct Courses: View {
                @State private var selectedCourse = "Swift"
                @State private var refreshes = 0
                var body: some View {
                    Picker("Course", selection: $selectedCourse) { Text("Swift").tag("Swift") }
                    Button("Refresh \\(refreshes)") { refreshes += 1 }
                    CourseView(model: ↓CourseModel(course: selectedCourse))
                }
            }
            """,
            // `opened` changes after the sheet is up (the second `await`): `Drafts.body` runs
            // again and builds a new `DraftModel` for the shown `Editor`.
            """
            final class DraftModel: ObservableObject {
                @Published var text = ""
                func edit() { text += "!" }
            }
            struct Editor: View {
                @ObservedObject var model: DraftModel
                var body: some View { Text(model.text).onTapGesture { model.edit() } }
            }
            struct Draft: Identifiable {
                let id = UUID()
                static func load() async -> Draft { Draft() }
            }
            struct Drafts: View {
                @State private var draft: Draft?
                @State private var opened = 0
                var body: some View {
                    Button("New \\(opened)") {
                        Task {
                            let loaded = await Draft.load()
                            draft = loaded
                            try? await Task.sleep(nanoseconds: 1_000_000)
                            opened += 1
                        }
                    }
                    .sheet(item: $draft) { _ in Editor(model: ↓DraftModel()) }
                }
            }
            """,
            """
            final class RowModel: ObservableObject {
                @Published var isExpanded = false
                func toggle() { isExpanded.toggle() }
            }
            struct Row: View {
                @ObservedObject var model: RowModel
                var body: some View { Button(model.isExpanded ? "Open" : "Closed") { model.toggle() } }
            }
            struct Inbox: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    Row(model: ↓RowModel())
                }
            }
            """,
            """
            final class RowModel: ObservableObject {
                @Published var isExpanded = false
                init(item: String) {}
                func expand() { isExpanded = true }
            }
            struct Row: View {
                @ObservedObject var model: RowModel
                var body: some View { Text("\\(model.isExpanded)").onTapGesture { model.expand() } }
            }
            struct ListScreen: View {
                @State private var items: [String] = []
                var body: some View {
                    List(items, id: \\.self) { item in
                        Row(model: ↓RowModel(item: item))
                    }
                    .task { items = ["a", "b"] }
                }
            }
            """,
            """
            @Observable final class DetailModel {
                var notes = ""
                func clear() { notes = "" }
            }
            struct DetailView: View {
                let model: DetailModel
                var body: some View { Text(model.notes) }
            }
            // The push covers `Home`, but the `.task` loop runs on: each tick builds a new model.
            struct Home: View {
                @State private var seconds = 0
                var body: some View {
                    NavigationStack {
                        Text("\\(seconds)").task {
                            while !Task.isCancelled {
                                try? await Task.sleep(for: .seconds(1))
                                seconds += 1
                            }
                        }
                        NavigationLink("Open") {
                            DetailView(model: ↓DetailModel())
                        }
                    }
                }
            }
            """,
            """
            final class TimerModel: ObservableObject {
                @Published var seconds = 0
                private var timer: Timer?
                init() { timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in } }
            }
            struct TimerView: View {
                @StateObject var model: TimerModel
                init(model: TimerModel) { _model = StateObject(wrappedValue: model) }
                var body: some View { Text("\\(model.seconds)") }
            }
            struct Kitchen: View {
                @State private var isOn = false
                var body: some View {
                    Toggle("Light", isOn: $isOn)
                    Text(isOn ? "On" : "Off")
                    TimerView(model: ↓TimerModel())
                }
            }
            """,
            """
            final class CounterModel: ObservableObject {
                @Published var count = 0
                func increment() { count += 1 }
            }
            struct CounterView: View {
                @ObservedObject var model: CounterModel
                var body: some View { Button("\\(model.count)") { model.increment() } }
            }
            struct Dashboard: View {
                @Environment(\\.colorScheme) private var scheme
                var body: some View {
                    let counter = ↓CounterModel()
                    VStack { CounterView(model: counter) }.background(scheme == .dark ? Color.black : Color.white)
                }
            }
            """,
            // Built into a local first: the local's value is computed on every run of the body,
            // though the memberwise initializer's autoclosure then only returns it.
            """
            final class TimerModel: ObservableObject {
                @Published var seconds = 0
                private var timer: Timer?
                init() { timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in } }
            }
            struct TimerView: View {
                @StateObject var model: TimerModel
                var body: some View { Text("\\(model.seconds)") }
            }
            struct Kitchen: View {
                @State private var isOn = false
                var body: some View {
                    Toggle("Light", isOn: $isOn)
                    Text(isOn ? "On" : "Off")
                    let timer = ↓TimerModel()
                    TimerView(model: timer)
                }
            }
            """,
            // `PlayerStack` only passes the model on to `PlayerScene`, which keeps the first one:
            // each extra build starts another timer.
            """
            final class PlayerModel: ObservableObject {
                @Published var position = 0
                private var timer: Timer?
                init() { timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in } }
                func seek() { position += 1 }
            }
            struct PlayerScene: View {
                @StateObject private var model: PlayerModel
                init(model: PlayerModel) { _model = StateObject(wrappedValue: model) }
                var body: some View { Button("\\(model.position)") { model.seek() } }
            }
            struct PlayerStack: View {
                private let model: PlayerModel
                init(model: PlayerModel) { self.model = model }
                var body: some View { NavigationStack { PlayerScene(model: model) } }
            }
            struct Library: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    PlayerStack(model: ↓PlayerModel())
                }
            }
            """,
            // The deep-link handler ends the sheet before it resets the list, but the user
            // leaving the app and coming back changes `scenePhase` while the sheet is up.
            """
            final class DraftModel: ObservableObject {
                @Published var text = ""
                func edit() { text += "a" }
            }
            struct DraftEditor: View {
                @ObservedObject var model: DraftModel
                var body: some View { Button(model.text) { model.edit() } }
            }
            struct Draft: Identifiable { let id = UUID() }
            struct Drafts: View {
                @Environment(\\.scenePhase) private var scenePhase
                @State private var draft: Draft?
                @State private var resetID = UUID()
                var body: some View {
                    List { Text(scenePhase == .active ? "Drafts" : "Away") }
                        .id(resetID)
                        .sheet(item: $draft) { _ in DraftEditor(model: ↓DraftModel()) }
                        .onReceive(NotificationCenter.default.publisher(for: .reset)) { _ in
                            draft = nil
                            resetID = UUID()
                        }
                }
            }
            """,
            // A view factory: `make` returns the screen built around a new model on every
            // call (its trailing closure fills the labelled `onJoin`), so each run of
            // `Lobby.body` hands the screen a new one.
            """
            final class JoinModel: ObservableObject {
                @Published var room = ""
                func join(_ name: String) { room = name }
            }
            struct JoinScreen: View {
                @ObservedObject var model: JoinModel
                let onJoin: (String) -> Void
                var body: some View { Button(model.room) { model.join("a"); onJoin("a") } }
            }
            final class JoinFactory {
                func make(onJoin: @escaping (String) -> Void) -> some View {
                    JoinScreen(model: .init(), onJoin: onJoin)
                }
            }
            struct Lobby: View {
                let factory: JoinFactory
                @State private var joined: [String] = []
                var body: some View {
                    Text("\\(joined.count)")
                    ↓factory.make { joined.append($0) }
                }
            }
            """,
            // A factory whose every return path builds a new model is a constructor too.
            """
            final class ProfileModel: ObservableObject {
                @Published var name = ""
                private var timer: Timer?
                init() { timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in } }
            }
            protocol ScreenMaking {
                func makeProfileModel() -> ProfileModel
            }
            final class ScreenFactory: ScreenMaking {
                func makeProfileModel() -> ProfileModel {
                    let model = ProfileModel()
                    model.name = "Me"
                    return model
                }
            }
            struct ProfileView: View {
                @StateObject var model: ProfileModel
                init(model: ProfileModel) { _model = StateObject(wrappedValue: model) }
                var body: some View { Text(model.name) }
            }
            struct Home: View {
                let factory: ScreenMaking
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    ProfileView(model: ↓factory.makeProfileModel())
                }
            }
            """,
            // `Notes` calls the closure its caller stores, a method that builds a new model on
            // every call; the system changes `scenePhase` while the editor is up.
            """
            final class NoteModel: ObservableObject {
                @Published var text = ""
                func edit() { text += "!" }
            }
            struct NoteEditor: View {
                @ObservedObject var model: NoteModel
                var body: some View { Text(model.text).onTapGesture { model.edit() } }
            }
            struct Notes: View {
                let makeModel: () -> NoteModel
                @Environment(\\.scenePhase) private var scenePhase
                @State private var isEditing = false
                var body: some View {
                    Button("Edit \\(scenePhase == .active)") { isEditing = true }
                        .sheet(isPresented: $isEditing) { NoteEditor(model: ↓makeModel()) }
                }
            }
            final class Container {
                func makeNoteModel() -> NoteModel { NoteModel() }
            }
            struct NotesScreen: View {
                let container: Container
                var body: some View { Notes(makeModel: container.makeNoteModel) }
            }
            """,
            // Every caller stores a closure literal that builds a new model.
            """
            final class NoteModel: ObservableObject {
                @Published var text = ""
                func edit() { text += "!" }
            }
            struct NoteEditor: View {
                @ObservedObject var model: NoteModel
                var body: some View { Text(model.text).onTapGesture { model.edit() } }
            }
            struct Notes: View {
                let makeModel: () -> NoteModel
                @Environment(\\.scenePhase) private var scenePhase
                @State private var isEditing = false
                var body: some View {
                    Button("Edit \\(scenePhase == .active)") { isEditing = true }
                        .sheet(isPresented: $isEditing) { NoteEditor(model: ↓makeModel()) }
                }
            }
            struct NotesScreen: View {
                var body: some View { Notes(makeModel: { NoteModel() }) }
            }
            """,
            // Saving the new `Item` changes what the list's `@FetchRequest` returns while the
            // pushed editor is shown: the list's body runs again and builds a new model.
            """
            final class ItemEditorModel: ObservableObject {
                @Published var name = ""
                @Published var isSaved = false
                private let context: NSManagedObjectContext
                init(context: NSManagedObjectContext) { self.context = context }
                func save() {
                    let item = Item(context: context)
                    item.name = name
                    try? context.save()
                    isSaved = true
                }
            }
            struct ItemEditor: View {
                @ObservedObject var model: ItemEditorModel
                var body: some View {
                    TextField("Name", text: $model.name)
                    Button("Save") { model.save() }
                }
            }
            struct ItemList: View {
                @Environment(\\.managedObjectContext) private var viewContext
                @FetchRequest(sortDescriptors: []) private var items: FetchedResults<Item>
                var body: some View {
                    List(items) { item in Text(item.name ?? "") }
                    NavigationLink("Add") { ItemEditor(model: ↓ItemEditorModel(context: viewContext)) }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // The sheet's save changes the patient the details read, then dismisses the form in
            // the same flow: the new model replaces nothing shown. The wizard tab saves its own
            // form model too, but the sheet covers it, and the repository's `context.save()` is
            // `ModelContext`'s method, not the form's.
            """
            @main struct ChartApp: App { var body: some Scene { WindowGroup { Tabs(patient: Patient(name: "")) } } }
            @Model final class Patient {
                var name: String
                init(name: String) { self.name = name }
            }
            final class PatientRepository {
                private let context: ModelContext
                init(context: ModelContext) { self.context = context }
                func commit() { try? context.save() }
            }
            final class PatientFormModel: ObservableObject {
                @Published var name = ""
                @Published var saveSuccess = false
                let patient: Patient?
                init(patient: Patient?) { self.patient = patient; name = patient?.name ?? "" }
                func save() {
                    patient?.name = name
                    saveSuccess = true
                }
            }
            struct PatientForm: View {
                @Environment(\\.dismiss) private var dismiss
                @ObservedObject var model: PatientFormModel
                var body: some View {
                    TextField("Name", text: $model.name)
                    Button("Save") {
                        Task {
                            model.save()
                            if model.saveSuccess { dismiss() }
                        }
                    }
                }
            }
            struct Wizard: View {
                @StateObject private var model = PatientFormModel(patient: nil)
                var body: some View { Button("Next") { model.save() } }
            }
            struct PatientDetails: View {
                let patient: Patient
                @State private var isEditing = false
                var body: some View {
                    Text(patient.name)
                        .sheet(isPresented: $isEditing) { PatientForm(model: PatientFormModel(patient: patient)) }
                }
            }
            struct Tabs: View {
                let patient: Patient
                var body: some View {
                    TabView {
                        PatientDetails(patient: patient).tabItem { Text("Patient") }
                        Wizard().tabItem { Text("New") }
                    }
                }
            }
            """,
            // `NoteView` never writes the model it is handed; the text field writes the model
            // `NoteComposer` keeps, another object: a new `NoteModel` for `NoteView` loses nothing.
            """
            final class NoteModel: ObservableObject { @Published var text = "" }
            struct NoteView: View {
                @ObservedObject var model: NoteModel
                var body: some View { Text(model.text) }
            }
            struct NoteComposer: View {
                @StateObject private var model = NoteModel()
                var body: some View { TextField("Text", text: $model.text) }
            }
            struct Notes: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    NoteView(model: NoteModel())
                    NoteComposer()
                }
            }
            """,
            // Built for creating (`mode: .create`): the `.edit` branch never runs in this
            // editor, and "Add" dismisses it in the same action, so the body runs again as it goes.
            """
            @main struct DraftsApp: App { var body: some Scene { WindowGroup { Drafts() } } }
            final class Shelf: ObservableObject { @Published var count = 0 }
            final class DraftModel: ObservableObject {
                @Published var name = ""
                let shelf: Shelf
                init(shelf: Shelf) { self.shelf = shelf }
                func save() { shelf.count += 1 }
            }
            struct DraftEditor: View {
                enum Mode { case create, edit }
                @ObservedObject var model: DraftModel
                @Environment(\\.dismiss) private var dismiss
                let mode: Mode
                var body: some View {
                    TextField("Name", text: $model.name)
                    switch mode {
                    case .create: Button("Add") { model.save(); dismiss() }
                    case .edit: Button("Apply") { model.save() }
                    }
                }
            }
            struct Drafts: View {
                @StateObject private var shelf = Shelf()
                @State private var isAdding = false
                var body: some View {
                    Text("\\(shelf.count)")
                        .sheet(isPresented: $isAdding) { DraftEditor(model: DraftModel(shelf: shelf), mode: .create) }
                }
            }
            """,
            // Only a course switch runs the body again: the new model is built for the new
            // course, as intended (keeping the old one would show the old course).
            """
            final class CourseModel: ObservableObject {
                @Published var group = ""
                init(course: String) {}
                func join() { group = "A" }
            }
            struct CourseView: View {
                @ObservedObject var model: CourseModel
                var body: some View { Button(model.group) { model.join() } }
            }
            struct Courses: View {
                @State private var selectedCourse = "Swift"
                var body: some View {
                    Picker("Course", selection: $selectedCourse) { Text("Swift").tag("Swift") }
                    CourseView(model: CourseModel(course: selectedCourse))
                }
            }
            """,
            // The editor saves a `Tag`, not an `Item`: nothing changes what the list fetches
            // while it is shown.
            """
            final class TagEditorModel: ObservableObject {
                @Published var name = ""
                @Published var isSaved = false
                private let context: NSManagedObjectContext
                init(context: NSManagedObjectContext) { self.context = context }
                func save() {
                    let tag = Tag(context: context)
                    tag.name = name
                    try? context.save()
                    isSaved = true
                }
            }
            struct TagEditor: View {
                @ObservedObject var model: TagEditorModel
                var body: some View {
                    TextField("Name", text: $model.name)
                    Button("Save") { model.save() }
                }
            }
            struct ItemList: View {
                @Environment(\\.managedObjectContext) private var viewContext
                @FetchRequest(sortDescriptors: []) private var items: FetchedResults<Item>
                var body: some View {
                    List(items) { item in Text(item.name ?? "") }
                    NavigationLink("Add tag") { TagEditor(model: TagEditorModel(context: viewContext)) }
                }
            }
            """,
            // The factory hands the screen the model it keeps: every call shows the same one.
            """
            final class JoinModel: ObservableObject {
                @Published var room = ""
                func join(_ name: String) { room = name }
            }
            struct JoinScreen: View {
                @ObservedObject var model: JoinModel
                let onJoin: (String) -> Void
                var body: some View { Button(model.room) { model.join("a"); onJoin("a") } }
            }
            final class JoinFactory {
                private let model = JoinModel()
                func make(onJoin: @escaping (String) -> Void) -> some View {
                    JoinScreen(model: model, onJoin: onJoin)
                }
            }
            struct Lobby: View {
                let factory: JoinFactory
                @State private var joined: [String] = []
                var body: some View {
                    Text("\\(joined.count)")
                    factory.make { joined.append($0) }
                }
            }
            """,
            // `opened` changes in the flow that shows the sheet, before it sets `draft`: the
            // `Editor` does not exist yet, and while it is up the button cannot run again.
            """
            final class DraftModel: ObservableObject {
                @Published var text = ""
                func edit() { text += "!" }
            }
            struct Editor: View {
                @ObservedObject var model: DraftModel
                var body: some View { Text(model.text).onTapGesture { model.edit() } }
            }
            struct Draft: Identifiable {
                let id = UUID()
                static func load() async -> Draft { Draft() }
            }
            struct Drafts: View {
                @State private var draft: Draft?
                @State private var opened = 0
                var body: some View {
                    Button("New \\(opened)") {
                        Task {
                            let loaded = await Draft.load()
                            opened += 1
                            draft = loaded
                        }
                    }
                    .sheet(item: $draft) { _ in Editor(model: DraftModel()) }
                }
            }
            """,
            // The factory returns the object it keeps after the first call.
            """
            final class ProfileModel: ObservableObject {
                @Published var name = ""
                private var timer: Timer?
                init() { timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in } }
            }
            final class ScreenFactory {
                private var profile: ProfileModel?
                func makeProfileModel() -> ProfileModel {
                    if let profile { return profile }
                    let model = ProfileModel()
                    profile = model
                    return model
                }
            }
            struct ProfileView: View {
                @StateObject var model: ProfileModel
                var body: some View { Text(model.name) }
            }
            struct Home: View {
                let factory: ScreenFactory
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    ProfileView(model: factory.makeProfileModel())
                }
            }
            """,
            // `AlertStack` only passes the model on to `AlertScene`, whose `@State` keeps the
            // first one and its `price`; the later ones are dropped unused.
            """
            @Observable final class AlertModel {
                var price = 0
                func raise() { price += 1 }
            }
            struct AlertScene: View {
                @State private var model: AlertModel
                init(model: AlertModel) { _model = State(initialValue: model) }
                var body: some View { Button("\\(model.price)") { model.raise() } }
            }
            struct AlertStack: View {
                let model: AlertModel
                var body: some View { NavigationStack { AlertScene(model: model) } }
            }
            struct Prices: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    AlertStack(model: AlertModel())
                }
            }
            """,
            // The only write that runs `Drafts.body` again while the sheet is up first ends the
            // sheet: the body then builds no `DraftEditor`.
            """
            final class DraftModel: ObservableObject {
                @Published var text = ""
                func edit() { text += "a" }
            }
            struct DraftEditor: View {
                @ObservedObject var model: DraftModel
                var body: some View { Button(model.text) { model.edit() } }
            }
            struct Draft: Identifiable { let id = UUID() }
            struct Drafts: View {
                @State private var draft: Draft?
                @State private var resetID = UUID()
                var body: some View {
                    List { Text("Drafts") }
                        .id(resetID)
                        .sheet(item: $draft) { _ in DraftEditor(model: DraftModel()) }
                        .onReceive(NotificationCenter.default.publisher(for: .reset)) { _ in
                            draft = nil
                            resetID = UUID()
                        }
                }
            }
            """,
            // The push covers `Lobby`: its tap cannot run `Lobby.body` again while `GameView` is shown.
            """
            @Observable final class Game {
                var pieces = 0
                func use() { pieces += 1 }
            }
            struct GameView: View {
                let game: Game
                var body: some View { Button("\\(game.pieces)") { game.use() } }
            }
            struct Lobby: View {
                @State private var showsGame = false
                @State private var showsGuide = false
                var body: some View {
                    NavigationStack {
                        VStack {
                            Text("Guide").onTapGesture { showsGuide = true }
                            if showsGuide { Text("How to play") }
                            Button("Play") { showsGame = true }
                        }
                        .navigationDestination(isPresented: $showsGame) {
                            GameView(game: Game())
                        }
                    }
                }
            }
            """,
            """
            @Observable final class RawEventModel {
                let text: String
                private(set) var errorMessage: String?
                init(text: String) { self.text = text }
                func dismissError() { errorMessage = nil }
            }
            struct RawEventView: View {
                let model: RawEventModel
                var body: some View { Text(model.errorMessage ?? model.text).onTapGesture { model.dismissError() } }
            }
            struct NoteMenu: View {
                @State private var count = 0
                let note: String
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    RawEventView(model: RawEventModel(text: note))
                }
            }
            """,
            """
            final class Prefs { var volume = 0 }
            final class PrefsModel: ObservableObject {
                @Published var prefs: Prefs
                init(prefs: Prefs) { self.prefs = prefs }
            }
            struct PrefsEditor: View {
                @ObservedObject var model: PrefsModel
                var body: some View { VolumeSlider(prefs: $model.prefs) }
            }
            struct VolumeSlider: View {
                @Binding var prefs: Prefs
                var body: some View { Slider(value: $prefs.volume) }
            }
            struct PrefsButton: View {
                let prefs: Prefs
                @State private var isEditing = false
                var body: some View {
                    Button(isEditing ? "Done" : "Edit") { isEditing.toggle() }
                        .sheet(isPresented: $isEditing) { PrefsEditor(model: PrefsModel(prefs: prefs)) }
                }
            }
            """,
            """
            final class RowModel: ObservableObject {
                @Published var isExpanded = false
                func toggle() { isExpanded.toggle() }
            }
            struct Row: View {
                @ObservedObject var model: RowModel
                var body: some View { Button("Toggle") { model.toggle() } }
            }
            struct Root: View {
                let title: String
                var body: some View { Text(title); Row(model: RowModel()) }
            }
            """,
            """
            final class RowModel: ObservableObject {
                @Published var isExpanded = false
                func toggle() { isExpanded.toggle() }
            }
            struct Row: View {
                @ObservedObject var model: RowModel
                var body: some View { Button("Toggle") { model.toggle() } }
            }
            struct Screen: View {
                @State private var showsRow = true
                @State private var count = 0
                var body: some View {
                    if showsRow {
                        Row(model: RowModel())
                    } else {
                        Button("\\(count)") { count += 1 }
                    }
                }
            }
            """,
            """
            final class Formatter: ObservableObject {
                @Published var locale: String
                init(locale: String) { self.locale = locale }
            }
            struct Price: View {
                @ObservedObject var formatter: Formatter
                var body: some View { Text(formatter.locale) }
            }
            struct Cart: View {
                @State private var total = 0
                var body: some View {
                    Button("\\(total)") { total += 1 }
                    Price(formatter: Formatter(locale: "en"))
                }
            }
            """,
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            final class ItemsMirror: ObservableObject {
                @Published var items: [String] = []
                private var cancellables = Set<AnyCancellable>()
                init(store: Store) {
                    store.$items.sink { [weak self] in self?.items = $0 }.store(in: &cancellables)
                }
            }
            struct ItemsView: View {
                @ObservedObject var mirror: ItemsMirror
                var body: some View { Text("\\(mirror.items.count)") }
            }
            struct Shelf: View {
                @ObservedObject var store: Store
                var body: some View { ItemsView(mirror: ItemsMirror(store: store)) }
            }
            """,
            """
            final class TimerModel: ObservableObject {
                @Published var seconds = 0
                func tick() { seconds += 1 }
            }
            struct TimerView: View {
                @StateObject var model: TimerModel
                init(model: TimerModel) { _model = StateObject(wrappedValue: model) }
                var body: some View { Text("\\(model.seconds)") }
            }
            struct Kitchen: View {
                @State private var isOn = false
                var body: some View {
                    Toggle("Light", isOn: $isOn)
                    Text(isOn ? "On" : "Off")
                    TimerView(model: TimerModel())
                }
            }
            """,
            """
            final class DetailModel: ObservableObject {
                @Published var notes = ""
                init(id: Int) {}
                func clear() { notes = "" }
            }
            struct DetailView: View {
                @StateObject private var model: DetailModel
                init(model: @autoclosure @escaping () -> DetailModel) {
                    _model = StateObject(wrappedValue: model())
                }
                var body: some View { Text(model.notes) }
            }
            struct Home: View {
                @State private var id = 0
                var body: some View { Button("\\(id)") { id += 1 }; DetailView(model: DetailModel(id: id)) }
            }
            """,
            """
            final class RowModel: ObservableObject {
                @Published var isExpanded = false
                func toggle() { isExpanded.toggle() }
            }
            struct Row: View {
                @ObservedObject var model: RowModel
                var body: some View { Text("\\(model.isExpanded)") }
            }
            #Preview {
                Row(model: RowModel())
            }
            struct Row_Previews: PreviewProvider {
                static var previews: some View { Row(model: RowModel()) }
            }
            """,
            """
            @Observable final class EditorModel {
                var text = ""
                func clear() { text = "" }
            }
            struct Editor: View {
                let model: EditorModel
                var body: some View { Text(model.text) }
            }
            struct Notes: View {
                @State private var path: [EditorModel] = []
                var body: some View {
                    Text("\\(path.count)")
                    Button("New") { path.append(EditorModel()) }
                        .onAppear { _ = Editor(model: EditorModel()) }
                }
            }
            """,
            // The memberwise initializer's `model:` is `StateObject`'s autoclosure (SE-0258):
            // `TimerView(model: TimerModel())` builds the model once, when SwiftUI first shows
            // the view, not on each run of `Kitchen.body`.
            """
            final class TimerModel: ObservableObject {
                @Published var seconds = 0
                private var timer: Timer?
                init() { timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in } }
            }
            struct TimerView: View {
                @StateObject var model: TimerModel
                var body: some View { Text("\\(model.seconds)") }
            }
            struct Kitchen: View {
                @State private var isOn = false
                var body: some View {
                    Toggle("Light", isOn: $isOn)
                    Text(isOn ? "On" : "Off")
                    TimerView(model: TimerModel())
                }
            }
            """,
            // The only state `Screen.body` reads is the `@State` its branch tests: each change
            // leaves the branch (the row goes) or enters it (a first build), never rebuilds a
            // shown `Row`.
            """
            final class RowModel: ObservableObject {
                @Published var isExpanded = false
                func toggle() { isExpanded.toggle() }
            }
            struct Row: View {
                @ObservedObject var model: RowModel
                var body: some View { Button(model.isExpanded ? "Open" : "Closed") { model.toggle() } }
            }
            struct Screen: View {
                @State private var isLoading = true
                var body: some View {
                    if isLoading {
                        ProgressView()
                    } else {
                        Row(model: RowModel())
                    }
                    Text("").task {
                        isLoading = true
                        try? await Task.sleep(nanoseconds: 1)
                        isLoading = false
                    }
                }
            }
            """,
            // The method a caller stores returns the object it keeps.
            """
            final class NoteModel: ObservableObject {
                @Published var text = ""
                func edit() { text += "!" }
            }
            struct NoteEditor: View {
                @ObservedObject var model: NoteModel
                var body: some View { Text(model.text).onTapGesture { model.edit() } }
            }
            struct Notes: View {
                let makeModel: () -> NoteModel
                @Environment(\\.scenePhase) private var scenePhase
                @State private var isEditing = false
                var body: some View {
                    Button("Edit \\(scenePhase == .active)") { isEditing = true }
                        .sheet(isPresented: $isEditing) { NoteEditor(model: makeModel()) }
                }
            }
            final class Container {
                private lazy var note = NoteModel()
                func noteModel() -> NoteModel { note }
            }
            struct NotesScreen: View {
                let container: Container
                var body: some View { Notes(makeModel: container.noteModel) }
            }
            """,
            // One caller stores a closure that returns its own stored model.
            """
            final class NoteModel: ObservableObject {
                @Published var text = ""
                func edit() { text += "!" }
            }
            struct NoteEditor: View {
                @ObservedObject var model: NoteModel
                var body: some View { Text(model.text).onTapGesture { model.edit() } }
            }
            struct Notes: View {
                let makeModel: () -> NoteModel
                @Environment(\\.scenePhase) private var scenePhase
                @State private var isEditing = false
                var body: some View {
                    Button("Edit \\(scenePhase == .active)") { isEditing = true }
                        .sheet(isPresented: $isEditing) { NoteEditor(model: makeModel()) }
                }
            }
            struct NotesScreen: View {
                let note: NoteModel
                var body: some View {
                    Notes(makeModel: { NoteModel() })
                    Notes(makeModel: { note })
                }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        let file = context.file
        for (decl, type) in index.typeDeclarations(in: context.fileIndex)
        where RenderingCode.isRendering(type) && !RenderingCode.isPreviewCode(type, index: index) {
            var previewOnly: Bool?  // a wrapper view written for previews
            // Read once: the loop below asks for it at every token.
            let typeName = type.name
            for body in RenderingCode.bodies(in: decl, file: context.fileIndex, of: type) {
                var roles = RenderRoles(body: body.range, file: file, index: index)
                let code = Code(body: body, scope: typeName, fileIndex: context.fileIndex)
                // A local handed to several children (in `if` branches) is one finding.
                var reported = Set<Int>()
                for token in body.range {
                    if let made = madeView(at: token, code: code, index: index, file: file) {
                        guard roles.role(of: token) == .content, let child = index.types[made.view],
                            let storage = receivingStorage(of: child, label: made.label, position: made.position, index: index),
                            !storage.isBuiltOnce, let model = index.types[made.model.type], RenderingCode.isModel(model)
                        else { continue }
                        if previewOnly == nil { previewOnly = RenderingCode.isUsedOnlyInPreviews(type, index: index) }
                        if previewOnly == true { continue }
                        report(
                            CreatedModel(type: model.name, token: token, factory: made.model), model: model, handedTo: child,
                            named: String(child.name.simpleTypeName), storage: storage, builtAt: token, in: body, of: type,
                            reported: &reported, context: &context)
                        continue
                    }
                    guard let child = childView(calledAt: token, from: typeName, index: index, file: file),
                        let call = file.call(at: token, limit: body.range.upperBound), let arguments = call.arguments
                    else { continue }
                    let childName = file.text(call.name)
                    for (position, argument) in file.argumentList(arguments).enumerated() {
                        let label = argument.label.map { file.text($0) }
                        var created = createdModel(in: argument.value, code: code, index: index, file: file)
                        let isImplicitInit = created == nil && isImplicitInitCall(argument.value, file: file)
                        guard created != nil || isImplicitInit,
                            roles.role(of: argument.value.lowerBound) == .content,
                            let storage = receivingStorage(of: child, label: label, position: position, index: index)
                        else { continue }
                        if isImplicitInit {
                            // `Row(model: .init(item))`: the type is the child's property's.
                            let storageFile = index.files[storage.file]
                            guard let shape = index.declaredShape(of: storage.property, in: storageFile, scope: child.name),
                                case .named(let name, _) = shape, let resolved = index.resolve(name, from: child.name)
                            else { continue }
                            created = CreatedModel(type: resolved, token: argument.value.lowerBound)
                        }
                        guard let created, let model = index.types[created.type], RenderingCode.isModel(model),
                            roles.role(of: created.token) == .content,
                            // Built in the argument of an autoclosure parameter: once. A local
                            // (`let m = Model(); Row(model: m)`) is built on every run.
                            !(storage.isBuiltOnce && argument.value.contains(created.token))
                        else { continue }
                        if previewOnly == nil { previewOnly = RenderingCode.isUsedOnlyInPreviews(type, index: index) }
                        if previewOnly == true { continue }
                        report(
                            created, model: model, handedTo: child, named: childName, storage: storage, builtAt: call.name, in: body,
                            of: type, reported: &reported, context: &context)
                    }
                }
            }
        }
    }

    /// Reports `created`, handed to `child` (built at `site`), with its witness: what a new
    /// model loses (state written after its initializer, or an initializer effect; with
    /// `@StateObject`, only the effect), and what runs this body again while the child is
    /// shown (asked second: the parent's triggers cost more to find).
    private func report(
        _ created: CreatedModel, model: TypeInfo, handedTo child: TypeInfo, named childName: String, storage: Storage, builtAt site: Int,
        in body: RenderingBody, of type: TypeInfo, reported: inout Set<Int>, context: inout RuleContext
    ) {
        let index = context.index
        let file = context.file
        var constructions = created.factory?.constructions.map { (file: $0.file, call: Optional($0.call)) } ?? []
        if constructions.isEmpty {
            let constructor = file.kind(created.token) == .period ? created.token + 1 : created.token
            constructions = [(context.fileIndex, file.call(at: constructor, limit: body.range.upperBound))]
        }
        // A factory's return paths may build the model with different
        // initializers: the first whose rebuild loses something is the witness.
        let witnessed = constructions.lazy.map { construction in
            (construction, index.loss(
                ofRebuilding: model, call: construction.call, in: construction.file, heldIn: storage.property.name, of: child))
        }.first { Witness.lossSummary($0.1, keepsFirst: storage.keepsFirst) != nil }
        guard let (construction, loss) = witnessed, let summary = Witness.lossSummary(loss, keepsFirst: storage.keepsFirst) else { return }
        // A child that takes each new model gets one built from a changed input as intended;
        // one that keeps the first discards it, and its initializer's effect repeats anyway.
        let inputs = storage.keepsFirst || construction.file != context.fileIndex || construction.call.map({ body.range.contains($0.name) }) != true
            ? [] : index.constructionInputs(of: construction.call, in: construction.file)
        guard let trigger = reRenderTrigger(of: type, building: child, at: site, sparing: inputs, context: context) else { return }
        guard reported.insert(created.token).inserted else { return }
        let modelName = model.name
        let parent = "`\(type.name).\(body.name)`"
        let passedOn = storage.handOns.map { ", which passes it on to `\($0.receiver)`" }.joined()
        let message = storage.keepsFirst
            ? "`\(modelName)` is created while \(parent) is evaluated and handed to `\(childName)`\(passedOn), which keeps the first one in \(storage.description): each time the body runs again another `\(modelName)` is built and \(summary)"
            : "`\(modelName)` is created while \(parent) is evaluated and handed to `\(childName)`, which keeps it as \(storage.description): each time the body runs again, `\(childName)` gets a new `\(modelName)` and \(summary)"
        context.report(
            message,
            at: created.token..<created.token + 1,
            notes: Witness.triggerNotes(trigger, context: context)
                + builtNotes(created, construction: construction, parent: parent, model: modelName, context: context)
                + [context.note("`\(childName)` stores it here", at: storage.token..<storage.token + 1, in: storage.file)]
                + handOnNotes(storage.handOns, from: childName, context: context)
                + Witness.lossNotes(loss, model: modelName, keepsFirst: storage.keepsFirst, context: context),
            help: storage.keepsFirst
                ? "pass a closure the child calls once (`@autoclosure`, `StateObject(wrappedValue: make())`), or keep `\(modelName)`'s initializer to assignments and start the work in `.task`"
                : "create it in `\(childName)` as `\(RenderingCode.ownerWrapper(for: model)) private var` (initialized from its inputs), or store it in this view and pass the stored object")
    }

    /// A call of a view factory starting at `token` (`factory.makeScreen()`, the root of its
    /// chain): a project function that returns a view built around a new model on every path.
    private func madeView(at token: Int, code: Code, index: ProjectIndex, file: ParsedFile) -> FreshModelView? {
        guard file.kind(token) == .identifier || file.at(token, "self"), file.kind(token - 1) != .period,
            let end = file.memberChainEnd(at: token, limit: code.body.range.upperBound),
            file.kind(end) == .leftParen || file.kind(end) == .leftBrace, !file.tokens[end].isAtStartOfLine,
            !RenderingCode.isCapitalizedName(end - 1, in: file), index.mayNameViewFactory(at: end - 1, in: file),
            let call = file.call(at: end - 1, limit: code.body.range.upperBound)
        else { return nil }
        return index.freshModelView(
            returnedBy: token..<call.end, in: code.fileIndex, code: code.body.range, scope: code.scope, parameters: code.body.parameters)
    }

    /// Where a plain property passes the model on, and where the descendant keeps it.
    private func handOnNotes(_ handOns: [ModelHandOn], from child: String, context: RuleContext) -> [DiagnosticNote] {
        var passer = child
        return handOns.flatMap { handOn in
            defer { passer = handOn.receiver }
            let receiving = handOn.receiving
            let kept = receiving.keepsFirst ? "keeps the first one here" : "stores it here"
            return [
                context.note("`\(passer)` passes it on to `\(handOn.receiver)` here", at: handOn.location.token..<handOn.location.token + 1, in: handOn.location.file),
                context.note("`\(handOn.receiver)` \(kept)", at: receiving.property.nameToken..<receiving.property.nameToken + 1, in: receiving.file),
            ]
        }
    }

    /// What runs `type`'s body again while the child it builds at `token` is shown, the
    /// surest first: a write the presentation showing the child covers is none, nor one that
    /// first ends that presentation, nor one that changes an input of the model (`sparing`).
    private func reRenderTrigger(
        of type: TypeInfo, building child: TypeInfo, at token: Int, sparing inputs: [ConstructionInput], context: RuleContext
    ) -> ReRenderTrigger? {
        let index = context.index
        if let site = index.viewGraph.constructions(of: child.name).first(where: { $0.file == context.fileIndex && $0.token == token }) {
            return index.surestReRenderTrigger(of: type, whileShowingViewBuiltAt: site, sparing: inputs)
        }
        return index.reRenderTriggers(of: type, whileShowing: TokenLocation(file: context.fileIndex, token: token))
            .first { !index.changesInput($0, of: inputs, in: type.name) }
    }

    /// The project view called by name at `token`: `Row(…)`. Most such names are the SDK's
    /// (`Text`, `VStack`), ruled out before the full lookup.
    private func childView(calledAt token: Int, from scope: String, index: ProjectIndex, file: ParsedFile) -> TypeInfo? {
        guard file.kind(token + 1) == .leftParen, RenderingCode.isCapitalizedName(token, in: file) else { return nil }
        let name = file.text(token)
        guard index.mayNameType(simpleName: name), let child = index.type(named: name, from: scope), child.isView else { return nil }
        return child
    }

    /// `.init(…)`, exactly.
    private func isImplicitInitCall(_ value: Range<Int>, file: ParsedFile) -> Bool {
        guard value.count >= 4, file.kind(value.lowerBound) == .period, file.at(value.lowerBound + 1, "init"),
            let call = file.call(at: value.lowerBound + 1, limit: value.upperBound)
        else { return false }
        return call.end == value.upperBound
    }

    /// The body the arguments are read in, and its local declarations (`let model =
    /// RowModel(item)`), found when an argument is a lone name (few are).
    final class Code {
        let body: RenderingBody
        let scope: String
        let fileIndex: Int
        /// Each local's declarations in order, with their initial values.
        private var locals: [String: [Range<Int>?]]?

        init(body: RenderingBody, scope: String, fileIndex: Int) {
            self.body = body
            self.scope = scope
            self.fileIndex = fileIndex
        }

        /// The model the body's local `name` is declared with, when its last declaration is
        /// the first that builds one (which of several a use sees is not looked into).
        func createdLocal(named name: String, in file: ParsedFile, created: (Range<Int>) -> CreatedModel?) -> CreatedModel? {
            if locals == nil {
                var found: [String: [Range<Int>?]] = [:]
                for token in body.range where file.at(token, "let") || file.at(token, "var") {
                    let name = token + 1
                    guard file.kind(name) == .identifier else { continue }
                    let value = file.kind(name + 1) == .equal
                        ? name + 2..<file.expressionEnd(from: name + 2, end: body.range.upperBound, stopAtComma: true) : nil
                    found[file.text(name), default: []].append(value)
                }
                locals = found
            }
            // A name declared more than once in the body (in two branches) stays unknown.
            guard let declarations = locals![name], declarations.count == 1, let value = declarations[0] else { return nil }
            return created(value)
        }
    }

    /// A model the argument builds: its type, where the body builds it, and for a call of a
    /// factory, the constructions it returns.
    struct CreatedModel {
        let type: String
        let token: Int
        var factory: FreshModel?
    }

    /// A model constructed by the argument: a constructor call (`RowModel(item)`), a call
    /// that returns a newly built one (`factory.makeRowModel(item)`), or a local of the body
    /// bound to either (`let model = RowModel(item)` … `Row(model: model)`).
    private func createdModel(in value: Range<Int>, code: Code, index: ProjectIndex, file: ParsedFile, isLocal: Bool = false) -> CreatedModel? {
        if let constructed = index.constructedType(in: value, file: file, scope: code.scope) {
            return CreatedModel(type: constructed.name, token: value.lowerBound)
        }
        if let fresh = index.freshModel(
            returnedBy: value, in: code.fileIndex, code: code.body.range, scope: code.scope, parameters: code.body.parameters)
        {
            return CreatedModel(type: fresh.type, token: value.lowerBound, factory: fresh)
        }
        guard !isLocal, value.count == 1, file.kind(value.lowerBound) == .identifier else { return nil }
        return code.createdLocal(named: file.text(value.lowerBound), in: file) {
            createdModel(in: $0, code: code, index: index, file: file, isLocal: true)
        }
    }

    /// Where the body builds the model: the constructor, or the factory call with the
    /// constructions it returns.
    private func builtNotes(
        _ created: CreatedModel, construction: (file: Int, call: Call?), parent: String, model: String, context: RuleContext
    ) -> [DiagnosticNote] {
        let place = created.token..<created.token + 1
        guard created.factory != nil, let call = construction.call else {
            return [context.note("\(parent) runs again and builds a new `\(model)` here", at: place)]
        }
        return [
            context.note("\(parent) runs again and calls this factory here", at: place),
            context.note("which builds a new `\(model)` here on every call", at: call.name..<call.name + 1, in: construction.file),
        ]
    }

    /// Where the child keeps the model: `@ObservedObject`, `@Bindable` or a plain property
    /// (a new object replaces the old one), or `@StateObject`/`@State` (the first object is
    /// kept, the later ones only built) — also in a descendant a plain property is only passed
    /// on to. Nil (silent) for `@autoclosure` parameters (built once) and anything unclear; a
    /// memberwise `@StateObject`'s is marked `isBuiltOnce`.
    private func receivingStorage(of child: TypeInfo, label: String?, position: Int, index: ProjectIndex) -> Storage? {
        guard let receiving = index.receivingProperty(of: child, label: label, position: position) else { return nil }
        let property = receiving.property
        var storage = Storage(
            description: receiving.wrapper.map { "`@\($0) var \(property.name)`" } ?? "a plain `\(property.isLet ? "let" : "var") \(property.name)`",
            property: property, file: receiving.file, keepsFirst: receiving.keepsFirst, isBuiltOnce: receiving.isBuiltOnce)
        if receiving.wrapper == nil, let chain = index.keeperChain(ofHandedOn: property.name, of: child), let keeper = chain.last {
            storage.handOns = chain
            storage.keepsFirst = true
            storage.description = "`@\(keeper.receiving.wrapper!) var \(keeper.receiving.property.name)`"
        }
        return storage
    }

    struct Storage {
        var description: String
        let property: Property
        let file: Int
        /// `@StateObject`/`@State`: the child, or the descendant it passes the model on to,
        /// keeps the first object; later ones are dropped.
        var keepsFirst = false
        /// The argument is the memberwise initializer's autoclosure (`ReceivingProperty.isBuiltOnce`).
        var isBuiltOnce = false
        /// How a plain property passes it on to the descendant that keeps it.
        var handOns: [ModelHandOn] = []
        var token: Int { property.nameToken }
    }
}
