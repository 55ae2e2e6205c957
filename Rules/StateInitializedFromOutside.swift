import ObservationLintCore
import ObservationSyntax

public struct StateInitializedFromOutside: Rule {
    public static let description = RuleDescription(
        id: "state_initialized_from_outside",
        name: "State initialized from outside",
        category: .ownership,
        group: .suspicious,
        summary: "A view's `@State` is seeded by a caller that passes a value which can change while the view lives.",
        rationale: """
            SwiftUI creates a view's `@State` storage once, when the view first appears, and \
            ignores every later value its initializer receives. A view that never edits the \
            state outside its initializers — never assigns it, calls no mutating method on it, \
            hands out no `$state` or `&state`; for a state holding an object, never replaces the \
            reference (setting the object's fields or calling its methods changes the object, \
            not which one the state holds) — only shows a copy of its caller's value and loses \
            every later one. A view that edits it starts its own state there on purpose (an \
            editor's draft, a toggle's first position): the opt-in \
            `state_initialized_from_parameter` reports that. The rule reports only with the \
            witness of that harm (SPEC §10), cited as notes in the order things happen: the call \
            site that passes the value, then a write that changes it in code that runs while the \
            view is shown — an action, a task, a callback, a subscription, a binding handed to a \
            control; not an initializer, not setup before the value is handed out — after which \
            the view goes on showing (or, when only its actions use it, using) its first value. \
            A state built from several parameters (`Model(spread: spread, sizeClass: sizeClass)`) \
            is asked about each, and so is one the caller builds into a local first (`let model = \
            Thread(story: story, loggedIn: loggedIn)` before `ThreadScreen(model: model)`: each run \
            of the caller's code builds a new one from the inputs as they are then). What can change: the caller's own \
            `@State`/`@Binding`/`@AppStorage` (another view writing the same key counts), an \
            environment value the system sets while the view is shown (`\\.horizontalSizeClass`, \
            `\\.colorScheme`, `\\.dynamicTypeSize`, `\\.scenePhase`; its declaration is cited), a \
            field of its model or of an object the model holds and relays (`app.search.results` \
            where `app` forwards `search.objectWillChange`, or where `search` is `@Observable`, \
            which the caller's body tracks however it reached it), a method's result or computed property that reads such a field (also through another computed property), \
            an element of a collection whose elements are replaced or edited, the object at a \
            position of the caller's `@FetchRequest`/`@Query` results in a `ForEach` row kept by \
            that position (`ForEach(0..<events.count, id: \\.self) { i in Card(event: events[i]) \
            }`) when the app inserts or deletes an object of the entity, and a reference \
            the caller *replaces* (`counterModel = CounterViewModel(value: 5)`: a `@State var \
            model: CounterViewModel` seeded with the old object keeps it; a state holding an object \
            built from the value, `ImageLoader(url: url)`, changes with the value). What cannot: a `let` \
            of a model, a `var` written only in its initializer or setup, a constant, a method \
            handed on uncalled (`onLogout: session.signOut`: bound to an object never replaced), \
            a write to another stored member of the field passed (`context.pin = …` for \
            `context.uri`; `session.filter = nil` for `session.export` of the caller's \
            `@State`/`@Binding` struct, also in a project view it hands `$session` to), a write through a `Binding` a model holds (`isPresented.wrappedValue \
            = false`: the setter is `nonmutating`, the binding stays the same), a filter a computed collection applies (`searchText`, also in a model's \
            computed collection: it selects elements, it changes none), a write \
            that runs only once presented content is gone (SwiftUI builds a sheet's, popover's \
            or destination's content anew each time it presents it): in the presentation's \
            `onDismiss:` or the view's own `.onDisappear`, or in a flow that also sets its `isPresented` state to `false`, its \
            item to `nil` or another item, or calls `dismiss()`, in the same function or \
            closure, or in a closure handed to the presented view that it calls only in a flow \
            that then dismisses it (`onSave(draft); dismiss()`) — \
            and a write that cannot run while the view is shown: when a modal `.sheet`, \
            `.fullScreenCover` or `.popover` (no `presentationBackgroundInteraction`) shows it, \
            or a push onto a `NavigationStack` (a `NavigationLink` destination, \
            `.navigationDestination`), the views it covers — every other view of its window (a \
            `Settings` window or another scene stays usable), or for a push the presenter and \
            the views up to the stack — cannot take \
            the user's input (a copy of the presenter that the presented content opens again \
            is another instance, with `@State` of its own), so their actions, gestures, the methods only those call (a \
            model's method too, `store.select(item)` in a covered list's row, when every call of \
            it in the project is such code), a \
            `Task` they start up to its first `await` (an `await` inside that `Task` does not \
            hold up the action) and the synchronous part of their `.onAppear`/`.task` witness \
            nothing. Nor does an `.onChange(of: query)` action of a view whose own `query` changes only in such \
            code (`.searchable(text: $query)` on a covered screen), nor a binding the caller \
            hands to a project view whose only writes through it are such code (its \
            `TextField`). Writes from the presented content itself, after an `await`, in timers, \
            notifications and subscriptions still count, and so does a push in a \
            `NavigationSplitView` or `NavigationView`, which show the list beside the detail. \
            Nor can a write run while the view is shown when only handlers of views in another \
            branch of an `if`/`switch` than the view run it (or a closure handed to a project \
            view there that calls it only from its own actions: `PinEntry { pin in \
            model.setPin(pin) }`) (`if let album { \
            AlbumDetail(album: album) } else { ProgressView().task { await load() } }`): one \
            evaluation builds one branch, SwiftUI runs a view's actions and handlers only while \
            that view is shown and cancels its `.task`/`.refreshable` when it goes, and entering \
            the view's branch builds it anew with the value written; a handler beside the view \
            or in its branch, `.onDisappear`, and a `Task`'s code after an `await` still count. \
            Likewise a write the caller makes while a loading flag of its own hides the view: \
            the flow that writes also ends the flag after the write (`career = await fetch(); \
            isLoading = false`), the flag held the other value before it (set earlier in that \
            flow, or its initial value `@State var isLoading = true` that nothing sets again — \
            the first load, of a flow that starts only as the view appears — `.task` without \
            `id:`, `.onAppear` —; a later run of the flow is taken to load the same data), and \
            under that value the body builds another branch than the view's (`if isLoading { \
            ProgressView() } else { … }`, an `else if` after it) or, for a sheet, every write \
            that presents it is in such a branch (a button there) and the flow starts only as \
            the view appears (a sheet already up when a timer's flow raises the flag stays \
            up). A flow `.task(id:)`, `.refreshable`, `.onChange` or a button starts may run \
            again after the first load, with the flag ended. Nor is there a witness when \
            the presentation that shows the view never shows it: its `isPresented:`/`item:` \
            state starts `false`/`nil`, nothing that makes the presenter sets it \
            (`_isEditing = State(initialValue: …)`, a memberwise argument), and only a method \
            nothing in the app calls (tests aside) sets it otherwise. Nor for an object passed \
            as it is, which changes only when it is replaced, in a `$model` handed to a project \
            view that only writes members of the object through its `@Binding`. It \
            stays silent when the view may be renewed with the value — SwiftUI's identity \
            (SPEC §10.4): `.id(x)` with any `x` that is not a constant (a parent may keep the id \
            in step with the value), a `ForEach` id that changes with the element (`\\.self`, \
            `\\.hashValue`, a per-element `UUID()` on elements that are replaced rather than \
            edited; the element itself passed, of a class `Identifiable` without an `id` of its \
            own, whose id is the object), an `if`/`switch` branch whose condition fixes the value (`if isEditing`, \
            `case .edit:`; an `if let item = selection` branch does not: a change from one item \
            to another keeps the view; a branch around the caller, or around every use of a \
            view-building helper such as `var rows: some View`, renews what it builds as well), \
            `.sheet(item:) { item in … }` passing the item, or a tie further up: a write that \
            runs only in `.onChange(of: selection)` (not `initial: true`) of the view that builds \
            the child, where every site that builds that view hands `selection` down \
            (`$selection`, or as it is) from a value an `.id(selection)` or a pinning branch on \
            the way follows, runs only as that view is renewed with all it builds \
            — when the view re-syncs the state \
            (`.onChange(of:)` (also through a method of its own it calls, or a method of the state named as \
            the action, `.onChange(of: input, initial: true, model.update)`; following a computed \
            property of the state's model that reads an object the model keeps, \
            `model.currentAccount`, counts as following an input), \
            `.task(id:)`, a package's modifier handed the input whose closure \
            assigns the state, an event handler such as `.onReceive`), hands it back to its \
            caller, whose write from it is the view's own value (`onSave(draft)`, `item = draft` \
            to a `@Binding`, `Store.shared.save(draft)`; a field of it, `onOpen(item.id)`, only in \
            a view that edits another state), is a WidgetKit snapshot, never uses the state, or has no known caller (a caller in a view the \
            app never shows — only previews build it, or nothing does — is none). Not seeded at all: \
            a parameter whose argument label says it is only where the state starts \
            (`initial…`, `default…`, `startsExpanded`). Reported on its own: a state that already \
            has its initial value when the initializer runs — declared with one (`@State var \
            count = 0`) or an optional (`Int?`, starting as `nil`) — that the initializer \
            assigns through `self.count = count`: the setter runs before SwiftUI installs the \
            storage and is dropped, so the view never gets what its caller passes (a caller \
            passing another value than the declared one is the witness; not when the view \
            never uses the state or assigns it again itself in `.onChange(of:)`, `.task(id:)`, …); \
            write `_count = State(initialValue: count)`. The definition \
            alone (any `@State` filled from a parameter) is the opt-in \
            `state_initialized_from_parameter`.
            """,
        fix: """
            The view only shows the value: use `let x` (or `@Binding var x` if it is to change \
            it), or follow later values in `.onChange(of:)`, or renew the view with `.id(value)` \
            at the call site.
            """,
        triggeringExamples: [
            // The roster edits a character in place: the card under its id keeps the old name.
            """
            struct Character: Identifiable { let id: Int; var name: String }
            final class Roster: ObservableObject {
                @Published private(set) var characters: [Character] = []
                @Published var prefix = ""
                var shown: [Character] { prefix.isEmpty ? characters : characters.filter { $0.name.hasPrefix(prefix) } }
                func rename(_ id: Int) { if let i = characters.firstIndex(where: { $0.id == id }) { characters[i].name = "Rick" } }
            }
            struct CharacterCard: View {
                @State var ↓character: Character
                var body: some View { Text(character.name) }
            }
            struct RosterView: View {
                @StateObject private var roster = Roster()
                var body: some View {
                    List {
                        ForEach(roster.shown) { character in
                            CharacterCard(character: character).onTapGesture { roster.rename(character.id) }
                        }
                    }
                }
            }
            """,
            // The field beside the feed edits the address it shows.
            """
            struct FeedDetail: View {
                @State var ↓address: String
                var body: some View { Text(address) }
            }
            struct AddressField: View {
                @Binding var address: String
                var body: some View { TextField("Address", text: $address) }
            }
            struct Home: View {
                @State private var address = ""
                var body: some View {
                    AddressField(address: $address)
                    FeedDetail(address: address)
                }
            }
            """,
            // The app shows the list, whose button changes the count the badge keeps.
            """
            struct Badge: View {
                @State var ↓count: Int
                var body: some View { Text("\\(count)") }
            }
            struct Inbox: View {
                @State private var unread = 0
                var body: some View {
                    Badge(count: unread)
                    Button("Receive") { unread += 1 }
                }
            }
            @main struct MailApp: App { var body: some Scene { WindowGroup { Inbox() } } }
            """,
            // The links stay on screen while the model loads: a title pushed then keeps the old value.
            """
            @Observable final class TitlesModel {
                var titles: [String] = []
                var isLoading = false
                func load() async {
                    isLoading = true
                    titles = await fetch()
                    isLoading = false
                }
                func fetch() async -> [String] { [] }
            }
            struct TitleView: View {
                @State var ↓title: String
                var body: some View { Text(title) }
            }
            struct Titles: View {
                @State private var model = TitlesModel()
                var body: some View {
                    NavigationStack {
                        if model.isLoading { ProgressView() }
                        List(model.titles, id: \\.self) { title in
                            NavigationLink(title) { TitleView(title: title) }
                        }
                    }
                    .task { await model.load() }
                }
            }
            """,
            // The destination builds a new model from `loggedIn` each time it runs; the screen keeps the first.
            """
            @Observable final class Thread {
                let story: String
                let loggedIn: Bool
                init(story: String, loggedIn: Bool) { self.story = story; self.loggedIn = loggedIn }
            }
            struct ThreadScreen: View {
                @State var ↓model: Thread
                var body: some View { Text(model.loggedIn ? "Reply" : "Log in to reply") }
            }
            struct Stories: View {
                @State private var loggedIn = false
                var body: some View {
                    NavigationStack {
                        NavigationLink("Open", value: "story")
                            .navigationDestination(for: String.self) { story in
                                let model = Thread(story: story, loggedIn: loggedIn)
                                ThreadScreen(model: model)
                                    .toolbar { Button("Log in") { loggedIn = true } }
                            }
                    }
                }
            }
            @main struct StoriesApp: App { var body: some Scene { WindowGroup { Stories() } } }
            """,
            // The editor replaces the recipe through the binding: the card keeps the old one.
            """
            @Observable final class Recipe { var title = "" }
            struct RecipeCard: View {
                @State var ↓recipe: Recipe
                var body: some View { Text(recipe.title) }
            }
            struct RecipeEditor: View {
                @Binding var recipe: Recipe
                var body: some View { Button("New") { recipe = Recipe() } }
            }
            struct RecipeScreen: View {
                @State private var recipe = Recipe()
                var body: some View {
                    RecipeCard(recipe: recipe)
                    RecipeEditor(recipe: $recipe)
                }
            }
            """,
            // `Board` re-reads its title when the selection changes, and nothing renews it.
            """
            struct Caption: View {
                @State var ↓title: String
                var body: some View { Text(title) }
            }
            struct Board: View {
                @Binding var selection: String
                @State private var title = ""
                var body: some View {
                    Caption(title: title).onChange(of: selection) { title = selection.uppercased() }
                }
            }
            struct Root: View {
                @State private var selection = "a"
                var body: some View {
                    Board(selection: $selection)
                    Button("Next") { selection = "b" }
                }
            }
            """,
            // A button pushes the editor; a timer renames the note while it is shown.
            """
            @Observable final class Router {
                enum Destination: Hashable, Identifiable { case edit; var id: Self { self } }
                var destination: Destination?
                func editTapped() { destination = .edit }
            }
            struct Notes: View {
                @State private var router = Router()
                @State private var title = ""
                var body: some View {
                    NavigationStack {
                        Button(title) { router.editTapped() }
                            .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in title = "Tick" }
                            .navigationDestination(item: $router.destination) { _ in TitleEditor(title: title) }
                    }
                }
            }
            @main struct NotesApp: App { var body: some Scene { WindowGroup { Notes() } } }
            struct TitleEditor: View {
                @State var ↓title: String
                var body: some View { Text(title) }
            }
            """,
            // The editor can open while the first load is still running: its button is not
            // in a branch the loading flag hides.
            """
            struct Career { var job = "" }
            struct CareerSection: View {
                @State private var isLoading = true
                @State private var isEditing = false
                @State private var career = Career()
                var body: some View {
                    VStack {
                        if isLoading { ProgressView() }
                        Button("Edit") { isEditing = true }
                    }
                    .task { await load() }
                    .sheet(isPresented: $isEditing) { CareerEditor(job: career.job) }
                }
                private func load() async {
                    career = await fetch()
                    isLoading = false
                }
                private func fetch() async -> Career { Career(job: "Baker") }
            }
            @main struct CareerApp: App { var body: some Scene { WindowGroup { CareerSection() } } }
            struct CareerEditor: View {
                @State private var ↓job: String
                init(job: String) { _job = State(initialValue: job) }
                var body: some View { Text(job) }
            }
            """,
            // The first load runs behind the loading flag, but `.task(id:)` loads again for
            // each new query with the flag ended, while the editor is shown.
            """
            struct NoteScreen: View {
                @State private var isLoading = true
                @State private var query = ""
                @State private var note = ""
                var body: some View {
                    VStack {
                        TextField("Query", text: $query)
                        if isLoading { ProgressView() } else { NoteEditor(text: note) }
                    }
                    .task(id: query) { await load() }
                }
                private func load() async {
                    note = await fetch(query)
                    isLoading = false
                }
                private func fetch(_ query: String) async -> String { query }
            }
            @main struct NotesApp: App { var body: some Scene { WindowGroup { NoteScreen() } } }
            struct NoteEditor: View {
                @State private var ↓text: String
                init(text: String) { _text = State(initialValue: text) }
                var body: some View { Text(text) }
            }
            """,
            // A view the editor presents saves another bio while the editor is shown.
            """
            struct BioUpdate { let text: String }
            final class ProfileClient {
                static let shared = ProfileClient()
                func save(_ update: BioUpdate) async {
                    try? await Task.sleep(nanoseconds: 1)
                    await MainActor.run { Account.shared.bio = update.text }
                }
            }
            final class Account: ObservableObject {
                static let shared = Account()
                @Published var bio = ""
            }
            struct AccountSettings: View {
                @ObservedObject private var account = Account.shared
                @State private var isEditing = false
                var body: some View {
                    Button("Edit") { isEditing = true }.sheet(isPresented: $isEditing) { BioEditor(bio: account.bio) }
                }
            }
            @main struct AccountApp: App {
                var body: some Scene { WindowGroup { AccountSettings() } }
            }
            struct BioEditor: View {
                @State var ↓bio: String
                @State private var isSuggesting = false
                var body: some View {
                    VStack {
                        Text(bio)
                        Button("Suggest") { isSuggesting = true }
                    }
                    .sheet(isPresented: $isSuggesting) { BioSuggestions() }
                }
            }
            struct BioSuggestions: View {
                var body: some View {
                    Button("Use a suggestion") { Task { await ProfileClient.shared.save(BioUpdate(text: "Hi")) } }
                }
            }
            """,
            // The handler follows a value the state's model computes from its own values (not
            // from another object): no later input reaches it.
            """
            @Observable final class Session { var account = "guest" }
            @Observable final class Inbox {
                var account: String
                var title: String { account.uppercased() }
                init(account: String) { self.account = account }
                func retitle(_ old: String, _ new: String) { account = new.lowercased() }
            }
            struct InboxStack: View {
                @State var ↓inbox: Inbox
                var body: some View { Text(inbox.account).onChange(of: inbox.title, inbox.retitle) }
            }
            struct Main: View {
                @State private var session = Session()
                var body: some View {
                    InboxStack(inbox: Inbox(account: session.account))
                    Button("Switch") { session.account = "work" }
                }
            }
            """,
            // The handler follows a stored value of the state's own model: no later input reaches it.
            """
            @Observable final class Session { var account = "guest" }
            @Observable final class Inbox {
                var account: String
                init(account: String) { self.account = account }
                func switchAccount(_ old: String, _ new: String) { account = new }
            }
            struct InboxStack: View {
                @State var ↓inbox: Inbox
                var body: some View { Text(inbox.account).onChange(of: inbox.account, inbox.switchAccount) }
            }
            struct Main: View {
                @State private var session = Session()
                var body: some View {
                    InboxStack(inbox: Inbox(account: session.account))
                    Button("Switch") { session.account = "work" }
                }
            }
            """,
            // An optional the memberwise initializer defaults to `nil`, passed by a caller.
            """
            struct Page: Identifiable { let id: Int; var address: String }
            final class Site: ObservableObject {
                @Published var pages: [Page] = []
                func reload() { Task { @MainActor in self.pages = [Page(id: 1, address: "https://b")] } }
            }
            struct PageImage: View {
                @State var ↓url: URL?
                var body: some View { Text(url?.absoluteString ?? "") }
            }
            struct SiteView: View {
                @ObservedObject var site: Site
                var body: some View {
                    ForEach(site.pages) { page in PageImage(url: URL(string: page.address)) }
                    Button("Reload") { site.reload() }
                }
            }
            """,
            // The cell edits nothing: passing `repo.id` on hands back no draft.
            """
            struct Repo: Identifiable { let id: String; var stars: Int }
            final class RepoSearch: ObservableObject {
                @Published var results: [Repo] = []
                func run() { Task { @MainActor in self.results = [Repo(id: "a", stars: 2)] } }
            }
            struct RepoCell: View {
                @State var ↓repo: Repo
                let onOpen: (String) -> Void
                var body: some View { Text("\\(repo.stars)").onTapGesture { onOpen(repo.id) } }
            }
            struct RepoList: View {
                @StateObject private var search = RepoSearch()
                var body: some View {
                    ForEach(search.results) { repo in RepoCell(repo: repo, onOpen: { print($0) }) }
                    Button("Search") { search.run() }
                }
            }
            """,
            // The app model relays its search's changes: a new search renders the list again.
            """
            import Combine
            struct Repo: Identifiable { let id: String; var stars: Int }
            final class RepoSearch: ObservableObject {
                @Published var results: [Repo] = []
                func run() { Task { @MainActor in self.results = [Repo(id: "a", stars: 2)] } }
            }
            final class AppModel: ObservableObject {
                let search = RepoSearch()
                private var relay: AnyCancellable?
                init() { relay = search.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() } }
            }
            struct StarCount: View {
                @State var ↓stars: Int
                var body: some View { Text("\\(stars)") }
            }
            struct RepoResults: View {
                @EnvironmentObject var app: AppModel
                var body: some View {
                    ForEach(app.search.results) { repo in StarCount(stars: repo.stars) }
                    Button("Search") { app.search.run() }
                }
            }
            """,
            // A timer changes the text while the same tip stays presented in a popover.
            """
            struct Tip: Identifiable { let id: Int }
            final class Tips: ObservableObject { @Published var current: Tip? }
            struct TipText: View {
                @State var ↓text: String
                var body: some View { Text(text) }
            }
            struct TipHost: View {
                @StateObject private var tips = Tips()
                @State private var tip: Tip?
                @State private var text = ""
                var body: some View {
                    Button("Tip") { tip = Tip(id: 1) }
                        .popover(item: $tip) { _ in TipText(text: text) }
                        .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in
                            text = "Changed"
                        }
                }
            }
            """,
            // A split view shows the list beside the pushed editor: the word can be renamed
            // while the editor is shown.
            """
            struct Word { var text: String }
            struct WordEditor: View {
                @State var ↓text: String
                var body: some View { Text(text) }
            }
            struct WordList: View {
                @State private var word = Word(text: "a")
                var body: some View {
                    NavigationSplitView {
                        NavigationLink("Edit") { WordEditor(text: word.text) }
                        Button("Rename") { word.text = "Renamed" }
                    } detail: {
                        Text("Pick a word")
                    }
                }
            }
            """,
            // A refresh in the detail's own branch replaces the album while it is shown.
            """
            struct Album { var title: String }
            struct AlbumDetail: View {
                @State private var ↓title: String
                init(album: Album) { _title = State(initialValue: album.title) }
                var body: some View { Text(title) }
            }
            struct AlbumLoader: View {
                @State private var album: Album?
                var body: some View {
                    if let album {
                        AlbumDetail(album: album).refreshable { await load() }
                    } else {
                        ProgressView().task { await load() }
                    }
                }
                func load() async { album = await fetch() }
                func fetch() async -> Album { Album(title: "") }
            }
            """,
            // The answer changes while the sheet stays up: the card keeps the first one.
            """
            struct Flashcard: View {
                @State var ↓answer: String
                var body: some View { Text(answer) }
            }
            struct Deck: View {
                @State private var answer = ""
                @State private var isShowing = false
                var body: some View {
                    Button("Show") { isShowing = true }
                        .sheet(isPresented: $isShowing) {
                            Flashcard(answer: answer)
                            Button("Reveal") { reveal() }
                        }
                }
                func reveal() { answer = "42" }
            }
            """,
            // The parent replaces the object it passed: the child's `@State` keeps the old one.
            """
            @Observable final class CounterViewModel {
                var value: Int
                init(value: Int) { self.value = value }
            }
            struct Counter: View {
                @State var ↓model: CounterViewModel
                var body: some View { Text("\\(model.value)") }
            }
            struct CounterParent: View {
                @State private var counterModel = CounterViewModel(value: 0)
                var body: some View {
                    Counter(model: counterModel)
                    Button("Reset") { counterModel = CounterViewModel(value: 5) }
                }
            }
            """,
            // Setting the object's fields changes the object, not which one the state holds.
            """
            @Observable final class CounterViewModel {
                var value: Int
                init(value: Int) { self.value = value }
            }
            struct Counter: View {
                @State var ↓model: CounterViewModel
                var body: some View {
                    Stepper("\\(model.value)", value: $model.value)
                    Button("Add") { model.value += 1 }
                }
            }
            struct CounterParent: View {
                @State private var counterModel = CounterViewModel(value: 0)
                var body: some View {
                    Counter(model: counterModel)
                    Button("Reset") { counterModel = CounterViewModel(value: 5) }
                }
            }
            """,
            // `if let` keeps the view while the selection moves from one note to another.
            """
            struct Note: Identifiable { let id: Int; var title: String }
            struct NoteTitle: View {
                @State var ↓title: String
                var body: some View { Text(title) }
            }
            struct NoteBrowser: View {
                let notes: [Note]
                @State private var selection: Note?
                var body: some View {
                    if let note = selection { NoteTitle(title: note.title) }
                    ForEach(notes) { note in Button(note.title) { selection = note } }
                }
            }
            """,
            // A new object built from a changing input: the first one is kept.
            """
            @Observable final class Tally {
                var start: Int
                init(start: Int) { self.start = start }
            }
            struct TallyView: View {
                @State var ↓tally: Tally
                var body: some View { Text("\\(tally.start)") }
            }
            struct TallyScreen: View {
                @State private var count = 0
                var body: some View {
                    TallyView(tally: Tally(start: count))
                    Button("Add") { count += 1 }
                }
            }
            """,
            // A setting another view changes.
            """
            struct SizeLabel: View {
                @State var ↓size: Double
                var body: some View { Text("\\(size)") }
            }
            struct FontPreview: View {
                @AppStorage("fontSize") private var fontSize = 12.0
                var body: some View { SizeLabel(size: fontSize) }
            }
            struct FontSettings: View {
                @AppStorage("fontSize") private var fontSize = 12.0
                var body: some View { Slider(value: $fontSize, in: 8...30) }
            }
            """,
            """
            struct CounterLabel: View {
                @State var ↓count: Int
                var body: some View { Text("\\(count)") }
            }
            struct CounterScreen: View {
                @State private var count = 0
                var body: some View {
                    CounterLabel(count: count)
                    Button("Add") { count += 1 }
                }
            }
            """,
            """
            final class Library: ObservableObject {
                @Published var selected = Book(title: "")
                func select(_ book: Book) { selected = book }
            }
            struct Book { var title: String }
            struct BookTitle: View {
                @State private var ↓title: String
                init(book: Book) { _title = State(initialValue: book.title) }
                var body: some View { Text(title) }
            }
            struct LibraryView: View {
                @ObservedObject var library: Library
                var body: some View { BookTitle(book: library.selected) }
            }
            """,
            """
            struct Todo: Identifiable { let id: Int; var title: String }
            struct TodoRow: View {
                @State var ↓title: String
                var body: some View { Text(title) }
            }
            struct TodoList: View {
                @State private var todos: [Todo] = []
                var body: some View {
                    ForEach(todos) { todo in TodoRow(title: todo.title) }
                    Button("Rename") { todos[0].title = "Renamed" }
                }
            }
            """,
            """
            struct PageText: View {
                @State private var ↓text: String
                init(text: String) { _text = State(initialValue: text) }
                var body: some View { Text(text) }
            }
            struct Page: View {
                let text: String
                @State private var isShowing = false
                var body: some View {
                    Button("Show") { isShowing = true }
                        .sheet(isPresented: $isShowing) {
                            PageText(text: text).presentationBackgroundInteraction(.enabled)
                        }
                }
            }
            struct Reader: View {
                @State private var current = ""
                var body: some View {
                    Page(text: current)
                    TextField("Page", text: $current)
                }
            }
            """,
            """
            struct Draft: View {
                @State var ↓text: String
                var body: some View { Text(text) }
            }
            final class Compose: ObservableObject {
                @Published var text = ""
                func reset() { text = "" }
            }
            struct ComposeScreen: View {
                @StateObject private var compose = Compose()
                var body: some View { Draft(text: compose.text) }
            }
            """,
            // The parent replaces the object whose method it passed: the child keeps the old one's.
            """
            @Observable final class Session {
                var user = ""
                func signOut() { user = "" }
            }
            struct LogoutButton: View {
                @State var ↓onLogout: () -> Void
                var body: some View { Button("Log out") { onLogout() } }
            }
            struct Account: View {
                @State private var session = Session()
                var body: some View {
                    LogoutButton(onLogout: session.signOut)
                    Button("Switch") { session = Session() }
                }
            }
            """,
            // Setting the member passed changes it: the view keeps the first one.
            """
            struct Context { var pin = ""; var uri: String? }
            @Observable final class Flow {
                private(set) var context = Context()
                func open(_ uri: String) { context.uri = uri }
            }
            struct Issue: View {
                @State var ↓uri: String
                var body: some View { Text(uri) }
            }
            struct FlowView: View {
                @State private var flow = Flow()
                var body: some View {
                    Issue(uri: flow.context.uri ?? "")
                    Button("Open") { flow.open("a") }
                }
            }
            """,
            // Built from several inputs: the size class the system changes on rotation is one.
            """
            @Observable final class DayModel {
                let title: String
                let isCompact: Bool
                init(title: String, isCompact: Bool) {
                    self.title = title
                    self.isCompact = isCompact
                }
            }
            struct DayContent: View {
                @State private var ↓model: DayModel
                init(title: String, sizeClass: UserInterfaceSizeClass?) {
                    _model = State(wrappedValue: DayModel(title: title, isCompact: sizeClass == .compact))
                }
                var body: some View { Text(model.isCompact ? model.title : "") }
            }
            struct DayPager: View {
                @Environment(\\.horizontalSizeClass) private var sizeClass
                var body: some View { DayContent(title: "Today", sizeClass: sizeClass) }
            }
            """,
            // The state holds an object built from the value passed: a new address keeps the
            // old loader.
            """
            struct Profile: Identifiable { let id: Int; var imageURL: String }
            @Observable final class ImageLoader {
                var image: String?
                init(url: String) {}
            }
            struct RemoteImage: View {
                @State private var ↓loader: ImageLoader
                init(url: String) { _loader = State(initialValue: ImageLoader(url: url)) }
                var body: some View { Text(loader.image ?? "") }
            }
            struct People: View {
                @State private var profiles: [Profile] = []
                var body: some View {
                    ForEach(profiles) { profile in RemoteImage(url: profile.imageURL) }
                    Button("Reload") { Task { profiles = await fetch() } }
                }
                func fetch() async -> [Profile] { [] }
            }
            """,
            // A new connection replaces the one the shown host was seeded with.
            """
            final class Connection {}
            @Observable final class AppModel {
                var connection: Connection? = Connection()
                func reconnect() { connection = Connection() }
            }
            struct PlayerHost: View {
                @State private var ↓connection: Connection
                init(connection: Connection) { _connection = State(initialValue: connection) }
                var body: some View { Text("\\(ObjectIdentifier(connection).hashValue)") }
            }
            struct Shell: View {
                @Environment(AppModel.self) private var model
                var body: some View {
                    if let connection = model.connection {
                        host(connection: connection)
                    }
                }
                private func host(connection: Connection) -> some View { PlayerHost(connection: connection) }
            }
            """,
            // Selecting another kind keeps the page and its grid, which keeps the first title.
            """
            enum Kind: String { case movies, shows }
            @Observable final class Browser {
                var selectedKind: Kind?
                func showShows() { selectedKind = .shows }
            }
            struct Grid: View {
                @State private var ↓title: String
                init(title: String) { _title = State(initialValue: title) }
                var body: some View { Text(title) }
            }
            struct KindPage: View {
                let kind: Kind
                var body: some View { Grid(title: kind.rawValue) }
            }
            struct BrowserView: View {
                @State private var browser = Browser()
                var body: some View {
                    if let kind = browser.selectedKind {
                        KindPage(kind: kind)
                    }
                    Button("Switch") { browser.showShows() }
                }
            }
            """,
            // Assigning another binding replaces the one the chat's model was built with.
            """
            @Observable final class ChatModel {
                var isPresented: Binding<Bool>
                init(isPresented: Binding<Bool>) { self.isPresented = isPresented }
            }
            @Observable final class SupportModel {
                var isPresented: Binding<Bool>
                init(isPresented: Binding<Bool>) { self.isPresented = isPresented }
                var chat: ChatModel { ChatModel(isPresented: isPresented) }
                func close() { isPresented.wrappedValue = false }
                func move(to other: Binding<Bool>) { isPresented = other }
            }
            struct ChatScene: View {
                @State var ↓model: ChatModel
                var body: some View { Button("Done") { model.isPresented.wrappedValue = false } }
            }
            struct SupportScene: View {
                @State var model: SupportModel
                var body: some View {
                    ChatScene(model: model.chat)
                    Button("Move") { model.move(to: .constant(true)) }
                }
            }
            """,
            // The session goes to a view that writes the very member passed.
            """
            struct Session { var export: String = ""; var filter: String? }
            struct ExportView: View {
                @State private var ↓model: String
                init(export: String) { _model = State(initialValue: export) }
                var body: some View { Text(model) }
            }
            struct FilterBar: View {
                @Binding var session: Session
                var body: some View { Button("Clear") { session.export = "" } }
            }
            struct SplitView: View {
                @Binding var session: Session
                var body: some View {
                    ExportView(export: session.export)
                    FilterBar(session: $session)
                }
            }
            """,
            // An `@Observable` store the session holds loads the avatar after the card appeared.
            """
            @Observable final class AvatarStore {
                var images: [Int: String] = [:]
                func image(for id: Int) -> String? { images[id] }
                func load(_ id: Int) async { images[id] = await fetch(id) }
                func fetch(_ id: Int) async -> String { "" }
            }
            @Observable final class Session {
                let avatars = AvatarStore()
            }
            struct ProfileCard: View {
                @State private var ↓avatar: String?
                init(avatar: String?) { _avatar = State(initialValue: avatar) }
                var body: some View { Text(avatar ?? "") }
            }
            struct ProfileScreen: View {
                @Environment(Session.self) private var session
                let userID: Int
                var body: some View {
                    ProfileCard(avatar: session.avatars.image(for: userID))
                        .task { await session.avatars.load(userID) }
                }
            }
            """,
            // A computed property computed from another that reads the model.
            """
            @Observable final class Session {
                var fee = 0
                func refresh() async { fee = await loadFee() }
                func loadFee() async -> Int { 1 }
            }
            struct PaymentStep: View {
                @State private var ↓cost: Int
                init(cost: Int) { _cost = State(initialValue: cost) }
                var body: some View { Text("\\(cost)") }
            }
            struct Wizard: View {
                @Environment(Session.self) private var session
                private var fee: Int { session.fee }
                private var total: Int { fee + 20 }
                var body: some View {
                    PaymentStep(cost: total)
                        .task { await session.refresh() }
                }
            }
            """,
            // Another instance of the presenter, opened from the pushed screen, writes the same
            // shared store the first one passes from.
            """
            @Observable final class Cart { var picked: Offer? }
            struct Offer: Identifiable { let id: Int; var price: Int }
            struct Shop: View {
                @Environment(Cart.self) private var cart
                var body: some View {
                    NavigationStack {
                        OfferCard(offer: Offer(id: 1, price: 5)) { cart.picked = Offer(id: 1, price: 5) }
                            .navigationDestination(isPresented: Binding(get: { cart.picked != nil }, set: { if !$0 { cart.picked = nil } })) {
                                if let offer = cart.picked { Checkout(offer: offer) }
                            }
                    }
                }
            }
            struct Checkout: View {
                let offer: Offer
                @State private var browsing = false
                var body: some View {
                    VStack {
                        OfferCard(offer: offer) {}
                        Button("Shop") { browsing = true }
                    }
                    .navigationDestination(isPresented: $browsing) { Shop() }
                }
            }
            struct OfferCard: View {
                @State private var ↓offer: Offer
                let onTap: () -> Void
                init(offer: Offer, onTap: @escaping () -> Void) { _offer = State(initialValue: offer); self.onTap = onTap }
                var body: some View { Button("\\(offer.price)", action: onTap) }
            }
            @main struct ShopApp: App { var body: some Scene { WindowGroup { Shop().environment(Cart()) } } }
            """,
            // The card calls `onSave` but dismisses itself only when the job is empty: after a
            // save it stays up, showing its first value.
            """
            struct Career { var job: String }
            struct CareerSection: View {
                @State private var career = Career(job: "")
                @State private var editing = false
                var body: some View {
                    Text(career.job)
                        .onTapGesture { editing = true }
                        .sheet(isPresented: $editing) {
                            CareerEditor(career: career) { updated in career = updated }
                        }
                }
            }
            struct CareerEditor: View {
                @Environment(\\.dismiss) private var dismiss
                @State private var ↓job: String
                let onSave: (Career) -> Void
                init(career: Career, onSave: @escaping (Career) -> Void) { _job = State(initialValue: career.job); self.onSave = onSave }
                var body: some View {
                    Text(job)
                    Button("Confirm") {
                        let updated = Career(job: job.isEmpty ? "-" : job)
                        onSave(updated)
                        if job.isEmpty { dismiss() }
                    }
                }
            }
            """,
            // Shown inline, not presented: `dismiss()` does not remove the card.
            """
            struct Career { var job: String }
            struct CareerSection: View {
                @State private var career = Career(job: "")
                var body: some View {
                    VStack {
                        Text(career.job)
                        CareerEditor(career: career) { updated in career = updated }
                    }
                }
            }
            struct CareerEditor: View {
                @Environment(\\.dismiss) private var dismiss
                @State private var ↓job: String
                let onSave: (Career) -> Void
                init(career: Career, onSave: @escaping (Career) -> Void) { _job = State(initialValue: career.job); self.onSave = onSave }
                var body: some View {
                    Text(job)
                    Button("Confirm") {
                        let updated = Career(job: job.isEmpty ? "-" : job)
                        onSave(updated)
                        dismiss()
                    }
                }
            }
            """,
            // The computed `folder` reads the store, which a timer changes while the sheet is up.
            """
            import Combine
            struct Folder: Identifiable { let id: Int; var name: String }
            @Observable final class Shelf {
                var folders: [Folder] = []
                func addFolder() { folders.append(Folder(id: folders.count, name: "New")) }
            }
            struct FolderDetail: View {
                let id: Int
                @Environment(Shelf.self) private var shelf
                @State private var renaming = false
                private var folder: Folder? { shelf.folders.first { $0.id == id } }
                var body: some View {
                    Text(folder?.name ?? "")
                        .toolbar { Button("Rename") { renaming = true } }
                        .sheet(isPresented: $renaming) { RenameField(name: folder?.name ?? "") }
                        .onReceive(Timer.publish(every: 5, on: .main, in: .common).autoconnect()) { _ in shelf.addFolder() }
                }
            }
            struct RenameField: View {
                @State private var ↓text: String
                init(name: String) { _text = State(initialValue: name) }
                var body: some View { Text(text) }
            }
            @main struct ShelfApp: App { var body: some Scene { WindowGroup { FolderDetail(id: 0).environment(Shelf()) } } }
            """,
            // `count` already holds 0 when `init` runs: `self.count = count` goes through
            // `State`'s setter before SwiftUI installs the storage and is dropped, so the view
            // always shows 0, whatever `Post` passes.
            """
            struct Likes: View {
                @State private var ↓count: Int = 0
                init(count: Int) { self.count = count }
                var body: some View { Text("\\(count)") }
            }
            struct Post: View {
                @State private var likes = 3
                var body: some View {
                    Likes(count: likes)
                    Button("Like") { likes += 1 }
                }
            }
            """,
            // An optional state starts as `nil` before `init` runs: the assignment is dropped too.
            """
            struct Likes: View {
                @State private var ↓count: Int?
                init(count: Int?) { self.count = count }
                var body: some View { Text("\\(count ?? 0)") }
            }
            struct Post: View {
                var body: some View { Likes(count: 3) }
            }
            """,
            // Rows kept by position: a saved insertion moves another note into a row's position,
            // and the row keeps the note it was first given.
            """
            import CoreData
            final class Note: NSManagedObject { @NSManaged var title: String? }
            struct NoteList: View {
                @Environment(\\.managedObjectContext) private var context
                @FetchRequest(sortDescriptors: [SortDescriptor(\\.title)]) private var notes: FetchedResults<Note>
                var body: some View {
                    List {
                        ForEach(0..<notes.count, id: \\.self) { index in NoteRow(note: notes[index]) }
                    }
                    .toolbar {
                        Button("Add") {
                            let note = Note(context: context)
                            note.title = "New"
                            try? context.save()
                        }
                    }
                }
            }
            struct NoteRow: View {
                @State var ↓note: Note
                var body: some View { Text(note.title ?? "") }
            }
            """,
            // Rows kept by index over an array the caller edits: index 0 shows another word.
            """
            struct WordRow: View {
                @State var ↓word: String
                var body: some View { Text(word) }
            }
            struct WordList: View {
                @State private var words = ["b"]
                var body: some View {
                    ForEach(words.indices, id: \\.self) { i in WordRow(word: words[i]) }
                    Button("Add") { words.insert("a", at: 0) }
                }
            }
            """,
            // The loop's `tag` hides the state: the row hands nothing of its own back.
            """
            struct TagRow: View {
                @State var ↓tag: String
                let onRemove: (String) -> Void
                var body: some View { Text(tag) }
                func removeAll(_ tags: [String]) { for tag in tags { onRemove(tag) } }
            }
            struct TagList: View {
                @State private var tags = ["a"]
                var body: some View {
                    ForEach(tags.indices, id: \\.self) { i in TagRow(tag: tags[i], onRemove: { _ in }) }
                    Button("Add") { tags.insert("b", at: 0) }
                }
            }
            """,
            // Reloaded in place: the same ids come back with new fields, the rows stay.
            """
            struct Match: Identifiable { let id: Int; var score: Int }
            final class League: ObservableObject {
                @Published var matches: [Match] = []
                func reload() async { matches = [Match(id: 1, score: 2)] }
            }
            struct MatchCard: View {
                @State var ↓match: Match
                var body: some View { Text("\\(match.score)") }
            }
            struct MatchList: View {
                @EnvironmentObject var league: League
                var body: some View {
                    List { ForEach(league.matches) { match in MatchCard(match: match) } }
                        .refreshable { await league.reload() }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // The filter and the page loads select and add characters; none is edited under its id.
            """
            struct Character: Identifiable { let id: Int; var name: String }
            final class Roster: ObservableObject {
                @Published private(set) var characters: [Character] = []
                @Published var prefix = ""
                var shown: [Character] { prefix.isEmpty ? characters : characters.filter { $0.name.hasPrefix(prefix) } }
                func loadMore() async { characters.append(contentsOf: await fetch()) }
                func fetch() async -> [Character] { [] }
            }
            struct CharacterCard: View {
                @State var character: Character
                var body: some View { Text(character.name) }
            }
            struct RosterView: View {
                @StateObject private var roster = Roster()
                var body: some View {
                    List {
                        TextField("Filter", text: $roster.prefix)
                        ForEach(roster.shown) { character in CharacterCard(character: character) }
                    }
                    .task { await roster.loadMore() }
                }
            }
            """,
            // The address field is on the screen the pushed feed covers: it takes no input meanwhile.
            """
            struct FeedDetail: View {
                @State var address: String
                var body: some View { Text(address) }
            }
            struct AddressField: View {
                @Binding var address: String
                var body: some View { TextField("Address", text: $address) }
            }
            struct Home: View {
                @State private var address = ""
                @State private var opened = false
                var body: some View {
                    NavigationStack {
                        AddressField(address: $address)
                        Button("Open") { opened = true }
                            .navigationDestination(isPresented: $opened) { FeedDetail(address: address) }
                    }
                }
            }
            """,
            // Nothing builds `Inbox`: the app never shows the badge.
            """
            struct Badge: View {
                @State var count: Int
                var body: some View { Text("\\(count)") }
            }
            struct Inbox: View {
                @State private var unread = 0
                var body: some View {
                    Badge(count: unread)
                    Button("Receive") { unread += 1 }
                }
            }
            @main struct MailApp: App { var body: some Scene { WindowGroup { Text("Mail") } } }
            """,
            // The model's `isLoading` hides the links while its load runs: a title is pushed only after it.
            """
            @Observable final class TitlesModel {
                var titles: [String] = []
                var isLoading = false
                func load() async {
                    isLoading = true
                    titles = await fetch()
                    isLoading = false
                }
                func fetch() async -> [String] { [] }
            }
            struct TitleView: View {
                @State var title: String
                var body: some View { Text(title) }
            }
            struct Titles: View {
                @State private var model = TitlesModel()
                var body: some View {
                    NavigationStack {
                        if model.isLoading {
                            ProgressView()
                        } else {
                            List(model.titles, id: \\.self) { title in
                                NavigationLink(title) { TitleView(title: title) }
                            }
                        }
                    }
                    .task { await model.load() }
                }
            }
            """,
            // The model is built from the destination's value only: a new value is a new destination.
            """
            @Observable final class Thread {
                let story: String
                init(story: String) { self.story = story }
            }
            struct ThreadScreen: View {
                @State var model: Thread
                var body: some View { Text(model.story) }
            }
            struct Stories: View {
                @State private var loggedIn = false
                var body: some View {
                    NavigationStack {
                        NavigationLink("Open", value: "story")
                            .navigationDestination(for: String.self) { story in
                                let model = Thread(story: story)
                                ThreadScreen(model: model)
                                    .toolbar { Button("Log in") { loggedIn = true } }
                            }
                    }
                }
            }
            @main struct StoriesApp: App { var body: some Scene { WindowGroup { Stories() } } }
            """,
            // The editor only writes a field of the recipe: the card holds that same object.
            """
            @Observable final class Recipe { var title = "" }
            struct RecipeCard: View {
                @State var recipe: Recipe
                var body: some View { Text(recipe.title) }
            }
            struct RecipeEditor: View {
                @Binding var recipe: Recipe
                var body: some View { Button("Rename") { recipe.title = "Soup" } }
            }
            struct RecipeScreen: View {
                @State private var recipe = Recipe()
                var body: some View {
                    RecipeCard(recipe: recipe)
                    RecipeEditor(recipe: $recipe)
                }
            }
            """,
            // The title changes only as the selection does, and `.id(selection)` renews `Board`
            // — `Caption` and its state with it — on each change.
            """
            struct Caption: View {
                @State var title: String
                var body: some View { Text(title) }
            }
            struct Board: View {
                @Binding var selection: String
                @State private var title = ""
                var body: some View {
                    Caption(title: title).onChange(of: selection) { title = selection.uppercased() }
                }
            }
            struct Root: View {
                @State private var selection = "a"
                var body: some View {
                    Board(selection: $selection).id(selection)
                    Button("Next") { selection = "b" }
                }
            }
            """,
            // Rows kept by the object: an inserted note gets a row of its own.
            """
            import CoreData
            final class Note: NSManagedObject { @NSManaged var title: String? }
            struct NoteList: View {
                @Environment(\\.managedObjectContext) private var context
                @FetchRequest(sortDescriptors: [SortDescriptor(\\.title)]) private var notes: FetchedResults<Note>
                var body: some View {
                    List { ForEach(notes) { note in NoteRow(note: note) } }
                        .toolbar {
                            Button("Add") {
                                _ = Note(context: context)
                                try? context.save()
                            }
                        }
                }
            }
            struct NoteRow: View {
                @State var note: Note
                var body: some View { Text(note.title ?? "") }
            }
            """,
            // The value is the row's id: a renamed word is a new row, with a new state.
            """
            struct Word: Hashable { var text: String }
            struct WordRow: View {
                @State var word: Word
                var body: some View { Text(word.text) }
            }
            struct WordList: View {
                @State private var words = [Word(text: "a")]
                var body: some View {
                    ForEach(words, id: \\.self) { word in WordRow(word: word) }
                    Button("Rename") { words[0].text = "b" }
                }
            }
            """,
            // The counter replaces its object itself: the caller's is only the first one.
            """
            @Observable final class CounterViewModel {
                var value: Int
                init(value: Int) { self.value = value }
            }
            struct Counter: View {
                @State var model: CounterViewModel
                var body: some View {
                    Text("\\(model.value)")
                    Button("Restart") { model = CounterViewModel(value: 0) }
                }
            }
            struct CounterParent: View {
                @State private var counterModel = CounterViewModel(value: 0)
                var body: some View {
                    Counter(model: counterModel)
                    Button("Reset") { counterModel = CounterViewModel(value: 5) }
                }
            }
            """,
            // The view edits the title: the caller's value is only where its draft starts.
            """
            struct TitleEditor: View {
                @State var title: String
                var body: some View { TextField("Title", text: $title) }
            }
            struct Notes: View {
                @State private var title = ""
                var body: some View {
                    TitleEditor(title: title)
                    Button("Rename") { title = "Renamed" }
                }
            }
            """,
            // A toggle's first position.
            """
            struct PinToggle: View {
                @State private var isPinned: Bool
                init(isPinned: Bool) { _isPinned = State(initialValue: isPinned) }
                var body: some View { Toggle("Pinned", isOn: $isPinned) }
            }
            struct NoteRow: View {
                @State private var pinned = false
                var body: some View {
                    PinToggle(isPinned: pinned)
                    Button("Pin") { pinned.toggle() }
                }
            }
            """,
            // The picker edits the mode: the player's mode is only where it starts.
            """
            final class Player: ObservableObject { @Published var mode = 0 }
            struct ModePicker: View {
                @ObservedObject var player: Player
                @State private var isDirty = false
                @State var mode: Int { didSet { isDirty = true } }
                var body: some View { Picker("Mode", selection: $mode) { Text("A").tag(0) } }
            }
            struct PlayerScreen: View {
                @StateObject private var player = Player()
                var body: some View {
                    ModePicker(player: player, mode: player.mode)
                    Button("Next") { player.mode += 1 }
                }
            }
            """,
            // The editor is pushed only for `.edit`, which only `editTapped()` sets, and nothing
            // calls it: the editor is never shown, whatever `title` does.
            """
            @Observable final class Router {
                enum Destination: Hashable, Identifiable { case edit; var id: Self { self } }
                var destination: Destination?
                func editTapped() { destination = .edit }
            }
            struct Notes: View {
                @State private var router = Router()
                @State private var title = ""
                var body: some View {
                    NavigationStack {
                        Text(title)
                            .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in title = "Tick" }
                            .navigationDestination(item: $router.destination) { _ in TitleEditor(title: title) }
                    }
                }
            }
            @main struct NotesApp: App { var body: some Scene { WindowGroup { Notes() } } }
            struct TitleEditor: View {
                @State var title: String
                var body: some View { TextField("Title", text: $title) }
            }
            """,
            // The load writes `career` while `isLoading` (true until the load ends it) shows
            // the `ProgressView`: the buttons that open the editor are in the other branches,
            // so the editor is built afterwards, from the loaded value.
            """
            struct Career { var job = "" }
            struct CareerSection: View {
                @State private var isLoading = true
                @State private var isEditing = false
                @State private var career = Career()
                var body: some View {
                    VStack {
                        if isLoading {
                            ProgressView()
                        } else if career.job.isEmpty {
                            Button("Add") { isEditing = true }
                        } else {
                            Button("Edit") { isEditing = true }
                        }
                    }
                    .task { await load() }
                    .sheet(isPresented: $isEditing) { CareerEditor(job: career.job) }
                }
                private func load() async {
                    career = await fetch()
                    isLoading = false
                }
                private func fetch() async -> Career { Career(job: "Baker") }
            }
            @main struct CareerApp: App { var body: some Scene { WindowGroup { CareerSection() } } }
            struct CareerEditor: View {
                @State private var job: String
                init(job: String) { _job = State(initialValue: job) }
                var body: some View { TextField("Job", text: $job) }
            }
            """,
            // The store is an `ObservableObject` the session does not relay: the screen is not rendered again.
            """
            final class AvatarStore: ObservableObject {
                @Published var images: [Int: String] = [:]
                func image(for id: Int) -> String? { images[id] }
                func load(_ id: Int) async { images[id] = await fetch(id) }
                func fetch(_ id: Int) async -> String { "" }
            }
            @Observable final class Session {
                let avatars = AvatarStore()
            }
            struct ProfileCard: View {
                @State private var avatar: String?
                init(avatar: String?) { _avatar = State(initialValue: avatar) }
                var body: some View { Text(avatar ?? "") }
            }
            struct ProfileScreen: View {
                @Environment(Session.self) private var session
                let userID: Int
                var body: some View {
                    ProfileCard(avatar: session.avatars.image(for: userID))
                        .task { await session.avatars.load(userID) }
                }
            }
            """,
            // The session goes to a view that writes only another member than the one passed.
            """
            struct Session { var export: String = ""; var filter: String? }
            struct ExportView: View {
                @State private var model: String
                init(export: String) { _model = State(initialValue: export) }
                var body: some View { Text(model) }
            }
            struct FilterBar: View {
                @Binding var session: Session
                var body: some View { Button("Clear") { session.filter = nil } }
            }
            struct SplitView: View {
                @Binding var session: Session
                var body: some View {
                    ExportView(export: session.export)
                    FilterBar(session: $session)
                }
            }
            """,
            // The save that changes `bio` is started only by the editor's own code, through a
            // service: the editor hands back what it holds.
            """
            struct BioUpdate { let text: String }
            final class ProfileClient {
                static let shared = ProfileClient()
                func save(_ update: BioUpdate) async {
                    try? await Task.sleep(nanoseconds: 1)
                    await MainActor.run { Account.shared.bio = update.text }
                }
            }
            final class Account: ObservableObject {
                static let shared = Account()
                @Published var bio = ""
            }
            struct AccountSettings: View {
                @ObservedObject private var account = Account.shared
                @State private var isEditing = false
                var body: some View {
                    Button("Edit") { isEditing = true }.sheet(isPresented: $isEditing) { BioEditor(bio: account.bio) }
                }
            }
            @main struct AccountApp: App {
                var body: some Scene { WindowGroup { AccountSettings() } }
            }
            struct BioEditor: View {
                @State var bio: String
                var body: some View {
                    VStack {
                        TextField("Bio", text: $bio)
                        Button("Save") { Task { await performSave() } }
                    }
                }
                private func performSave() async {
                    let update = BioUpdate(text: bio)
                    await ProfileClient.shared.save(update)
                }
            }
            """,
            // Closing writes through the binding the model holds (`wrappedValue`'s setter is
            // `nonmutating`): the binding, and the model built from it, stay the same.
            """
            @Observable final class ChatModel {
                var isPresented: Binding<Bool>
                init(isPresented: Binding<Bool>) { self.isPresented = isPresented }
            }
            @Observable final class SupportModel {
                var isPresented: Binding<Bool>
                init(isPresented: Binding<Bool>) { self.isPresented = isPresented }
                var chat: ChatModel { ChatModel(isPresented: isPresented) }
                func close() { isPresented.wrappedValue = false }
            }
            struct ChatScene: View {
                @State var model: ChatModel
                var body: some View { Button("Done") { model.isPresented.wrappedValue = false } }
            }
            struct SupportScene: View {
                @State var model: SupportModel
                var body: some View {
                    ChatScene(model: model.chat)
                    Button("Close") { model.close() }
                }
            }
            """,
            // `.onChange(of:initial:_:)` hands each new input to a method of the state, named
            // as the action.
            """
            @Observable final class Results {
                var query: String
                init(query: String) { self.query = query }
                func update(_ old: String, _ new: String) { query = new }
            }
            struct ResultsList: View {
                let query: String
                @State private var results: Results
                init(query: String) {
                    self.query = query
                    _results = State(initialValue: Results(query: query))
                }
                var body: some View { Text(results.query).onChange(of: query, initial: true, results.update) }
            }
            struct Search: View {
                @State private var query = ""
                var body: some View {
                    TextField("Search", text: $query)
                    ResultsList(query: query)
                }
            }
            """,
            // The state's model follows a value it reads from outside (a computed property)
            // and takes each new one in.
            """
            @Observable final class Session { var account = "guest" }
            @Observable final class Inbox {
                let session: Session
                var account: String
                var currentAccount: String { session.account }
                init(session: Session, account: String) {
                    self.session = session
                    self.account = account
                }
                func switchAccount(_ old: String, _ new: String) { account = new }
            }
            struct InboxStack: View {
                @State var inbox: Inbox
                var body: some View { Text(inbox.account).onChange(of: inbox.currentAccount, initial: true, inbox.switchAccount) }
            }
            struct Main: View {
                @State private var session = Session()
                var body: some View {
                    InboxStack(inbox: Inbox(session: session, account: session.account))
                    Button("Switch") { session.account = "work" }
                }
            }
            """,
            // Clearing the selection fails the parent's `if let`: page and grid are removed.
            """
            enum Kind: String { case movies, shows }
            @Observable final class Browser {
                var selectedKind: Kind?
                func clear() { selectedKind = nil }
            }
            struct Grid: View {
                @State private var title: String
                init(title: String) { _title = State(initialValue: title) }
                var body: some View { Text(title) }
            }
            struct KindPage: View {
                let kind: Kind
                var body: some View { Grid(title: kind.rawValue) }
            }
            struct BrowserView: View {
                @State private var browser = Browser()
                var body: some View {
                    if let kind = browser.selectedKind {
                        KindPage(kind: kind)
                    }
                    Button("Switch") { browser.clear() }
                }
            }
            """,
            // Signing out fails the `if let` around the host: it is removed, not given a new input.
            """
            final class Connection {}
            @Observable final class AppModel {
                var connection: Connection? = Connection()
                func signOut() { connection = nil }
            }
            struct PlayerHost: View {
                @State private var connection: Connection
                init(connection: Connection) { _connection = State(initialValue: connection) }
                var body: some View { Text("\\(ObjectIdentifier(connection).hashValue)") }
            }
            struct Shell: View {
                @Environment(AppModel.self) private var model
                var body: some View {
                    if let connection = model.connection {
                        host(connection: connection)
                    }
                }
                private func host(connection: Connection) -> some View { PlayerHost(connection: connection) }
            }
            """,
            // Built from an object of an identified collection: rebuilding the list passes the
            // same object again.
            """
            final class Spread: Identifiable { let id = UUID(); var title = "" }
            @Observable final class SpreadModel {
                let spread: Spread
                init(spread: Spread) { self.spread = spread }
            }
            struct SpreadPage: View {
                @State private var model: SpreadModel
                init(spread: Spread) { _model = State(wrappedValue: SpreadModel(spread: spread)) }
                var body: some View { Text(model.spread.title) }
            }
            struct Pager: View {
                @State private var spreads: [Spread] = []
                var body: some View {
                    ForEach(spreads) { spread in SpreadPage(spread: spread) }
                    Button("Sort") { spreads = spreads.reversed() }
                }
            }
            """,
            // Re-synced through a method of its own that the `.onChange` closure calls.
            """
            struct TimeAgo: View {
                let date: Date
                @State private var text: String
                init(date: Date) {
                    self.date = date
                    _text = State(initialValue: date.description)
                }
                var body: some View { Text(text).onChange(of: date) { _, _ in refresh() } }
                private func refresh() { text = date.description }
            }
            struct Feed: View {
                @State private var date = Date()
                var body: some View {
                    TimeAgo(date: date)
                    Button("Now") { date = Date() }
                }
            }
            """,
            // An environment value only the app's own code sets, and none does.
            """
            struct RowHeightLabel: View {
                @State private var height: CGFloat
                init(height: CGFloat) { _height = State(initialValue: height) }
                var body: some View { Text("\\(height)") }
            }
            struct RowHost: View {
                @Environment(\\.defaultMinListRowHeight) private var rowHeight
                var body: some View { RowHeightLabel(height: rowHeight) }
            }
            """,
            // A search filters the rows it shows: it changes no row's title.
            """
            struct Note: Identifiable { let id: Int; var title: String }
            @Observable final class Browser {
                var notes: [Note] = []
                var searchText = ""
            }
            struct NoteRow: View {
                @State var title: String
                var body: some View { TextField("Title", text: $title) }
            }
            struct NoteBrowser: View {
                @State private var browser = Browser()
                private var visible: [Note] { browser.notes.filter { browser.searchText.isEmpty || $0.title.contains(browser.searchText) } }
                var body: some View {
                    ForEach(visible) { note in NoteRow(title: note.title) }
                    TextField("Search", text: $browser.searchText)
                }
            }
            """,
            // Setting another stored member of the field leaves the member passed as it is.
            """
            struct Context { var pin = ""; var uri: String? }
            @Observable final class Flow {
                private(set) var context = Context()
                func setPin(_ pin: String) { context.pin = pin }
            }
            struct Issue: View {
                @State var uri: String
                var body: some View { Text(uri) }
            }
            struct FlowView: View {
                @State private var flow = Flow()
                var body: some View {
                    Issue(uri: flow.context.uri ?? "")
                    Button("PIN") { flow.setPin("1") }
                }
            }
            """,
            // The editor writes its draft back into the object it was given: a reload brings
            // back what it saved.
            """
            final class Note: Identifiable { let id = UUID(); var title = "" }
            struct NoteEditor: View {
                let note: Note
                let onEdited: () -> Void
                @State private var title: String
                init(note: Note, onEdited: @escaping () -> Void) {
                    self.note = note
                    self.onEdited = onEdited
                    _title = State(initialValue: note.title)
                }
                var body: some View { TextField("Title", text: $title).onSubmit { save() } }
                private func save() {
                    note.title = title
                    onEdited()
                }
            }
            struct NoteList: View {
                @State private var notes: [Note] = []
                var body: some View {
                    ForEach(notes) { note in NoteEditor(note: note, onEdited: { Task { await load() } }) }
                }
                func load() async { notes = await fetch() }
                func fetch() async -> [Note] { [] }
            }
            """,
            // A method of an object never replaced behaves the same whatever its fields do.
            """
            @Observable final class Session {
                var user = ""
                func signOut() { user = "" }
                func load() { Task { @MainActor in self.user = "Ann" } }
            }
            struct Actions { let signOut: () -> Void }
            struct LogoutButton: View {
                @State var onLogout: () -> Void
                @State var actions: Actions
                var body: some View { Button("Log out") { onLogout(); actions.signOut() } }
            }
            struct Account: View {
                @State private var session = Session()
                var body: some View {
                    LogoutButton(onLogout: session.signOut, actions: Actions(signOut: session.signOut))
                    Button("Load") { session.load() }
                }
            }
            """,
            // A modifier gets the input and a binding to the state: it can load the new image.
            """
            struct Avatar: View {
                let url: URL
                @State private var image: Image?
                init(url: URL) {
                    self.url = url
                    _image = State(initialValue: ImageCache.shared.image(for: url))
                }
                var body: some View {
                    (image ?? Image(systemName: "person")).cachedImage(for: url, into: $image)
                }
            }
            struct Profile: View {
                @State private var url = URL(fileURLWithPath: "/a")
                var body: some View {
                    Avatar(url: url)
                    Button("Next") { url = URL(fileURLWithPath: "/b") }
                }
            }
            """,
            // `.onChange(of: query)` hands each new query to the model the state holds.
            """
            @Observable final class Results {
                var query: String
                init(query: String) { self.query = query }
                func update(query: String) { self.query = query }
            }
            struct ResultsList: View {
                let query: String
                @State private var results: Results
                init(query: String) {
                    self.query = query
                    _results = State(initialValue: Results(query: query))
                }
                var body: some View {
                    Text(results.query).onChange(of: query) { _, new in results.update(query: new) }
                }
            }
            struct Search: View {
                @State private var query = ""
                var body: some View {
                    TextField("Search", text: $query)
                    ResultsList(query: query)
                }
            }
            """,
            // A package's modifier handed the input, whose closure assigns the state, re-syncs it.
            """
            struct Repo: Identifiable { let id: String; var stars: Int }
            final class RepoSearch: ObservableObject {
                @Published var results: [Repo] = []
                func run() { Task { @MainActor in self.results = [Repo(id: "a", stars: 2)] } }
            }
            struct StarCount: View {
                let stars: Int
                @State private var shown: Int
                init(stars: Int) {
                    self.stars = stars
                    _shown = State(initialValue: stars)
                }
                var body: some View {
                    Text("\\(shown)").watch(value: stars) { _, new in shown = new }
                }
            }
            struct RepoList: View {
                @StateObject private var search = RepoSearch()
                var body: some View {
                    ForEach(search.results) { repo in StarCount(stars: repo.stars) }
                    Button("Search") { search.run() }
                }
            }
            """,
            // The only write changes a `Comment`: an `Entity<CommentData>` is never the
            // `Entity<PostData>` the score comes from.
            """
            protocol Payload {}
            struct PostData: Payload { var score = 0 }
            struct CommentData: Payload { var score = 0 }
            final class Entity<T: Payload>: ObservableObject {
                @Published var data: T
                init(data: T) { self.data = data }
            }
            typealias Post = Entity<PostData>
            typealias Comment = Entity<CommentData>
            struct ScoreBadge: View {
                @State var score: Int
                var body: some View { Text("\\(score)") }
            }
            struct PostRow: View {
                @ObservedObject var post: Post
                var body: some View { ScoreBadge(score: post.data.score) }
            }
            struct CommentRow: View {
                @ObservedObject var comment: Comment
                var body: some View { Button("Up") { comment.data.score += 1 } }
            }
            """,
            // Nothing relays the search's changes to the app model: the list is not rendered
            // again by a new search, and no new value reaches the child.
            """
            struct Repo: Identifiable { let id: String; var stars: Int }
            final class RepoSearch: ObservableObject {
                @Published var results: [Repo] = []
                func run() { Task { @MainActor in self.results = [Repo(id: "a", stars: 2)] } }
            }
            final class AppModel: ObservableObject { let search = RepoSearch() }
            struct StarCount: View {
                @State var stars: Int
                var body: some View { Text("\\(stars)") }
            }
            struct RepoResults: View {
                @EnvironmentObject var app: AppModel
                var body: some View {
                    ForEach(app.search.results) { repo in StarCount(stars: repo.stars) }
                    Button("Search") { app.search.run() }
                }
            }
            """,
            // `storage` holds an object: binding `$app.storage.expanded` changes the object's
            // other field, never the folder the child copied.
            """
            final class Storage: ObservableObject {
                @Published var folder = "/"
                @Published var expanded: Set<String> = []
            }
            final class AppModel: ObservableObject { @Published var storage = Storage() }
            struct NewFile: View {
                @State var folder: String
                var body: some View { TextField("Folder", text: $folder) }
            }
            struct Outline: View {
                @Binding var expanded: Set<String>
                var body: some View { Button("Expand") { expanded.insert("a") } }
            }
            struct Explorer: View {
                @EnvironmentObject var app: AppModel
                var body: some View {
                    VStack {
                        NewFile(folder: app.storage.folder)
                        Outline(expanded: $app.storage.expanded)
                    }
                }
            }
            """,
            // The item comes from a binding the analysis cannot follow: whether the same tip
            // stays presented while the text changes is not established.
            """
            struct Tip: Identifiable { let id: Int }
            final class Tips: ObservableObject { @Published var current: Tip? }
            struct TipText: View {
                @State var text: String
                var body: some View { Text(text) }
            }
            struct TipHost: View {
                @StateObject private var tips = Tips()
                @State private var tip: Tip?
                @State private var text = ""
                private var currentTip: Binding<Tip?> {
                    Binding(get: { tips.current }, set: { tips.current = $0 })
                }
                var body: some View {
                    Button("Tip") { tip = Tip(id: 1) }
                        .popover(item: currentTip) { _ in TipText(text: text) }
                        .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in
                            text = "Changed"
                        }
                }
            }
            """,
            // A push onto a stack covers the list: its button cannot rename the word while
            // the editor is shown.
            """
            struct Word { var text: String }
            struct WordEditor: View {
                @State var text: String
                var body: some View { TextField("Word", text: $text) }
            }
            struct WordList: View {
                @State private var word = Word(text: "a")
                var body: some View {
                    NavigationStack {
                        NavigationLink("Edit") { WordEditor(text: word.text) }
                        Button("Rename") { word.text = "Renamed" }
                    }
                }
            }
            """,
            // A sheet is modal: the list's buttons cannot pick another word while it is shown.
            """
            struct Word { var text: String }
            struct WordEditor: View {
                @State var text: String
                var body: some View { TextField("Word", text: $text) }
            }
            struct WordList: View {
                let words: [Word]
                @State private var editing: Word?
                @State private var isEditing = false
                var body: some View {
                    ForEach(words.indices, id: \\.self) { i in
                        Button(words[i].text) {
                            editing = words[i]
                            isEditing = true
                        }
                    }
                    .sheet(isPresented: $isEditing) {
                        if let editing { WordEditor(text: editing.text) }
                    }
                }
            }
            """,
            // Every use of the rows stands in a branch of `isCompact`: a change builds new rows.
            """
            struct ModeLabel: View {
                @State var isCompact: Bool
                var body: some View { Text(isCompact ? "Compact" : "Full") }
            }
            struct GalleryRow: View {
                @Binding var isCompact: Bool
                var body: some View { ModeLabel(isCompact: isCompact) }
            }
            struct Gallery: View {
                @State private var isCompact = false
                var rows: some View { GalleryRow(isCompact: $isCompact) }
                var body: some View {
                    if isCompact { VStack { rows } } else { HStack { rows } }
                    Toggle("Compact", isOn: $isCompact)
                }
            }
            """,
            // The answer changes only as the sheet goes away: the next one is built anew.
            """
            struct Flashcard: View {
                @State var answer: String
                var body: some View { Text(answer) }
            }
            struct Deck: View {
                @State private var answer = ""
                @State private var isShowing = false
                var body: some View {
                    Button("Show") { isShowing = true }
                        .sheet(isPresented: $isShowing, onDismiss: { answer = "" }) {
                            Flashcard(answer: answer)
                            Button("Reveal") { reveal() }
                        }
                }
                func reveal() {
                    answer = "42"
                    isShowing = false
                }
            }
            """,
            // The parent renews the label with an id it keeps in step with the count.
            """
            struct CounterLabel: View {
                @State var count: Int
                var body: some View { Text("\\(count)") }
            }
            struct CounterScreen: View {
                @State private var count = 0
                @State private var generation = 0
                var body: some View {
                    CounterLabel(count: count).id(generation)
                    Button("Add") {
                        count += 1
                        generation += 1
                    }
                }
            }
            """,
            // The draft is handed back to a project type's method by the save action.
            """
            struct Reminder { var title: String }
            final class ReminderStore {
                static let shared = ReminderStore()
                func save(_ reminder: Reminder) {}
            }
            final class Reminders: ObservableObject {
                @Published var current = Reminder(title: "")
                func reload() { current = Reminder(title: "Fresh") }
            }
            struct ReminderEditor: View {
                @State var draft: Reminder
                var body: some View {
                    TextField("Title", text: $draft.title)
                    Button("Save") { ReminderStore.shared.save(draft) }
                }
            }
            struct ReminderScreen: View {
                @ObservedObject var reminders: Reminders
                var body: some View { ReminderEditor(draft: reminders.current) }
            }
            """,
            // Loaded only from the loading and failure branches: the detail is built with the
            // album loaded, and nothing replaces it while the detail is shown.
            """
            struct Album { var title: String }
            struct AlbumDetail: View {
                @State private var title: String
                init(album: Album) { _title = State(initialValue: album.title) }
                var body: some View { Text(title) }
            }
            struct AlbumLoader: View {
                @State private var album: Album?
                @State private var failed = false
                var body: some View {
                    if failed {
                        Text("Failed").refreshable { await load() }
                    } else if let album {
                        AlbumDetail(album: album)
                    } else {
                        ProgressView().task { await load() }
                    }
                }
                func load() async {
                    guard let loaded = try? await fetch() else { failed = true; return }
                    album = loaded
                }
                func fetch() async throws -> Album { Album(title: "") }
            }
            """,
            // Loaded when the list appears, before it presents an editor for one of them.
            """
            struct Filter: Identifiable { let id: Int; var title: String }
            struct FilterEditor: View {
                @State var title: String
                var body: some View { TextField("Title", text: $title) }
            }
            struct FilterList: View {
                @State private var filters: [Filter] = []
                var body: some View {
                    List(filters) { filter in
                        NavigationLink(filter.title) { FilterEditor(title: filter.title) }
                    }
                    .task { filters = await loadFilters() }
                }
                func loadFilters() async -> [Filter] { [] }
            }
            """,
            // A `let` of the caller's model never changes.
            """
            final class Profile: ObservableObject {
                let userID: Int
                @Published var name = ""
                init(userID: Int) { self.userID = userID }
                func rename() { name = "New" }
            }
            struct UserBadge: View {
                @State var id: Int
                var body: some View { Text("\\(id)") }
            }
            struct ProfileScreen: View {
                @ObservedObject var profile: Profile
                var body: some View {
                    UserBadge(id: profile.userID)
                    Button("Rename") { profile.rename() }
                }
            }
            """,
            // The branch fixes the value: every change of `mode` leaves it, so the view is new.
            """
            enum Mode: String { case reading, editing }
            struct ModeBanner: View {
                @State var title: String
                var body: some View { Text(title) }
            }
            struct Document: View {
                @State private var mode = Mode.reading
                var body: some View {
                    switch mode {
                    case .editing: ModeBanner(title: mode.rawValue)
                    case .reading: Button("Edit") { mode = .editing }
                    }
                }
            }
            """,
            // The element's hash is its id: an edited element is a new view.
            """
            struct Tag: Hashable { var name: String }
            struct TagChip: View {
                @State var name: String
                var body: some View { Text(name) }
            }
            struct TagList: View {
                @State private var tags: [Tag] = []
                var body: some View {
                    ForEach(tags, id: \\.hashValue) { tag in TagChip(name: tag.name) }
                    Button("Rename") { tags[0].name = "Renamed" }
                }
            }
            """,
            // Each element built gets a new `UUID()`: reloaded rows are new views.
            """
            struct Row: Identifiable { let id = UUID(); let title: String }
            struct RowLabel: View {
                @State var title: String
                var body: some View { Text(title) }
            }
            struct Feed: View {
                @State private var rows: [Row] = []
                var body: some View {
                    ForEach(rows) { row in RowLabel(title: row.title) }
                    Button("Reload") { rows = [Row(title: "Fresh")] }
                }
            }
            """,
            // A class identified by the object itself: each row keeps getting the same object.
            """
            final class Conversation: Identifiable { var members: [String] = [] }
            final class Inbox: ObservableObject {
                @Published var conversations: [Conversation] = []
                func sort() { conversations = conversations.sorted { $0.members.count < $1.members.count } }
            }
            struct ConversationRow: View {
                @State var members: [String]
                init(conversation: Conversation) { _members = State(initialValue: conversation.members) }
                var body: some View { Text(members.joined()) }
            }
            struct InboxList: View {
                @StateObject private var inbox = Inbox()
                var body: some View {
                    ForEach(inbox.conversations) { conversation in ConversationRow(conversation: conversation) }
                    Button("Sort") { inbox.sort() }
                }
            }
            """,
            // The state writes itself on to the model in its `didSet`: an edited draft.
            """
            final class Player: ObservableObject { @Published var mode = 0 }
            struct ModePicker: View {
                @ObservedObject var player: Player
                @State var mode: Int { didSet { player.mode = mode } }
                var body: some View { Picker("Mode", selection: $mode) { Text("A").tag(0) } }
            }
            struct PlayerScreen: View {
                @StateObject private var player = Player()
                var body: some View {
                    ModePicker(player: player, mode: player.mode)
                    Button("Next") { player.mode += 1 }
                }
            }
            """,
            """
            struct CounterLabel: View {
                @State var count: Int
                var body: some View { Text("\\(count)") }
            }
            struct CounterScreen: View {
                @State private var start = 10
                var body: some View { CounterLabel(count: start) }
            }
            """,
            """
            final class Session: ObservableObject {
                @Published var user: String
                init(user: String) { self.user = user }
            }
            struct Greeting: View {
                @State var name: String
                var body: some View { Text(name) }
            }
            struct Home: View {
                @StateObject private var session = Session(user: "Ann")
                var body: some View { Greeting(name: session.user) }
            }
            """,
            """
            import Combine
            struct Clock: View {
                @State var now: Date
                var body: some View {
                    Text(now, style: .time)
                        .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { now = $0 }
                }
            }
            struct ClockScreen: View {
                @State private var start = Date()
                var body: some View {
                    Clock(now: start)
                    Button("Reset") { start = Date() }
                }
            }
            """,
            """
            import WidgetKit
            struct Entry: TimelineEntry { let date: Date; let count: Int }
            struct CountView: View {
                @State var count: Int
                var body: some View { Text("\\(count)") }
            }
            struct CountWidgetView: View {
                let entry: Entry
                var body: some View { CountView(count: entry.count) }
            }
            struct CountWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "count", provider: Provider()) { entry in CountWidgetView(entry: entry) }
                }
            }
            """,
            """
            struct Note { var text: String }
            struct NoteEditor: View {
                @State private var draft: Note
                let onSave: (Note) -> Void
                init(note: Note, onSave: @escaping (Note) -> Void) {
                    _draft = State(initialValue: note)
                    self.onSave = onSave
                }
                var body: some View {
                    TextField("Text", text: $draft.text)
                    Button("Save") { onSave(draft) }
                }
            }
            struct NoteScreen: View {
                @State private var note = Note(text: "")
                var body: some View { NoteEditor(note: note) { note = $0 } }
            }
            """,
            """
            struct CounterLabel: View {
                @State var count: Int
                var body: some View { Text("\\(count)") }
            }
            struct CounterScreen: View {
                @State private var count = 0
                var body: some View { CounterLabel(count: count).id(count) }
            }
            """,
            """
            import UIKit
            struct Badge: View {
                @State var label: String
                var body: some View { Text(label) }
            }
            final class BadgeController: UIViewController {
                var title = "New"
                lazy var host = UIHostingController(rootView: Badge(label: title))
            }
            """,
            """
            @Observable final class Player { var isPlaying = false }
            struct PlayerControls: View {
                @State var player: Player
                var body: some View { Text(player.isPlaying ? "Pause" : "Play") }
            }
            struct PlayerScreen: View {
                @State private var player = Player()
                var body: some View { PlayerControls(player: player) }
            }
            """,
            """
            struct CounterView: View {
                @State var count: Int
                var body: some View { Text("\\(count)") }
            }
            """,
            """
            import ComposableArchitecture
            struct ChildView: View {
                @State var store: StoreOf<Child>
                var body: some View { Text("\\(store.count)") }
            }
            struct ParentView: View {
                let store: StoreOf<Parent>
                var body: some View { ChildView(store: store.scope(state: \\.child, action: \\.child)) }
            }
            """,
            """
            struct CounterView: View {
                @State private var count = 0
                var body: some View { Text("\\(count)") }
            }
            """,
            """
            struct ListView: View {
                let items: [Item]
                @State private var selection: Item?
                var body: some View { List(items) { Text($0.title) } }
            }
            """,
            """
            struct StepperView: View {
                let title: String
                @State private var value: Int
                init(title: String) {
                    self.title = title
                    _value = State(initialValue: 10)
                }
                var body: some View { Stepper(title, value: $value) }
            }
            """,
            """
            struct SliderView: View {
                @State private var level: Double
                init(initialLevel: Double) { _level = State(initialValue: initialLevel) }
                var body: some View { Slider(value: $level) }
            }
            """,
            // The parameter says where the panel starts; the user opens and closes it.
            """
            struct FilterPanel: View {
                @State private var isExpanded: Bool
                init(startsExpanded: Bool) { _isExpanded = State(initialValue: startsExpanded) }
                var body: some View { DisclosureGroup("Filters", isExpanded: $isExpanded) { Text("") } }
            }
            struct FilterScreen: View {
                @State private var filters: [String] = []
                var body: some View {
                    FilterPanel(startsExpanded: !filters.isEmpty)
                    Button("Add") { filters.append("a") }
                }
            }
            """,
            // The caller passes the value the state is declared with: dropping it loses nothing.
            """
            struct Likes: View {
                @State private var count: Int = 0
                init(count: Int) { self.count = count }
                var body: some View { Text("\\(count)") }
            }
            struct Post: View {
                var body: some View { Likes(count: 0) }
            }
            """,
            // The view assigns the state again when the task runs: the dropped value is not the one shown.
            """
            struct Likes: View {
                let total: Int
                @State private var count: Int?
                init(total: Int) {
                    self.total = total
                    self.count = total
                }
                var body: some View { Text("\\(count ?? 0)").task(id: total) { count = total } }
            }
            struct Post: View {
                @State private var likes = 3
                var body: some View { Likes(total: likes) }
            }
            """,
            // The write changes another member of the session than the export passed.
            """
            struct Session { var export: String = ""; var filter: String? }
            struct ExportView: View {
                @State private var model: String
                init(export: String) { _model = State(initialValue: export) }
                var body: some View { Text(model) }
            }
            struct SplitView: View {
                @Binding var session: Session
                var body: some View {
                    ExportView(export: session.export)
                    Button("Clear") { session.filter = nil }
                }
            }
            """,
            """
            struct NameField: View {
                let name: String
                @State private var draft: String
                init(name: String) {
                    self.name = name
                    _draft = State(initialValue: name)
                }
                var body: some View {
                    TextField("Name", text: $draft)
                        .onChange(of: name) { _, newName in draft = newName }
                }
            }
            """,
            """
            final class Holder {
                @State var value: Int
                init(value: Int) { self.value = value }
            }
            """,
            // `picked` is `Shop`'s own state: only a tap in the shop covered by the push sets it;
            // the `Shop` opened from `Checkout` is another instance, with a `picked` of its own.
            """
            struct Offer: Identifiable { let id: Int; var price: Int }
            struct Shop: View {
                @State private var picked: Offer?
                var body: some View {
                    NavigationStack {
                        OfferCard(offer: Offer(id: 1, price: 5)) { picked = Offer(id: 1, price: 5) }
                            .navigationDestination(isPresented: Binding(get: { picked != nil }, set: { if !$0 { picked = nil } })) {
                                if let offer = picked { Checkout(offer: offer) }
                            }
                    }
                }
            }
            struct Checkout: View {
                let offer: Offer
                @State private var browsing = false
                var body: some View {
                    VStack {
                        OfferCard(offer: offer) {}
                        Button("Shop") { browsing = true }
                    }
                    .navigationDestination(isPresented: $browsing) { Shop() }
                }
            }
            struct OfferCard: View {
                @State private var offer: Offer
                let onTap: () -> Void
                init(offer: Offer, onTap: @escaping () -> Void) { _offer = State(initialValue: offer); self.onTap = onTap }
                var body: some View { Button("\\(offer.price)", action: onTap) }
            }
            @main struct ShopApp: App { var body: some Scene { WindowGroup { Shop() } } }
            """,
            // The sheet's card calls `onSave` only right before it dismisses itself: the write
            // runs as it goes.
            """
            struct Career { var job: String }
            struct CareerSection: View {
                @State private var career = Career(job: "")
                @State private var editing = false
                var body: some View {
                    Text(career.job)
                        .onTapGesture { editing = true }
                        .sheet(isPresented: $editing) {
                            CareerEditor(career: career) { updated in career = updated }
                        }
                }
            }
            struct CareerEditor: View {
                @Environment(\\.dismiss) private var dismiss
                @State private var job: String
                let onSave: (Career) -> Void
                init(career: Career, onSave: @escaping (Career) -> Void) { _job = State(initialValue: career.job); self.onSave = onSave }
                var body: some View {
                    Text(job)
                    Button("Confirm") {
                        let updated = Career(job: job.isEmpty ? "-" : job)
                        onSave(updated)
                        dismiss()
                    }
                }
            }
            """,
            // The computed `folder` reads the shelf, which only a button of the list the sheet
            // covers changes.
            """
            struct Folder: Identifiable { let id: Int; var name: String }
            @Observable final class Shelf {
                var folders: [Folder] = []
                func addFolder() { folders.append(Folder(id: folders.count, name: "New")) }
            }
            struct FolderList: View {
                @Environment(Shelf.self) private var shelf
                var body: some View {
                    NavigationStack {
                        List {
                            ForEach(shelf.folders) { folder in
                                NavigationLink(folder.name) { FolderDetail(id: folder.id) }
                            }
                            Button("Add") { shelf.addFolder() }
                        }
                    }
                }
            }
            struct FolderDetail: View {
                let id: Int
                @Environment(Shelf.self) private var shelf
                @State private var renaming = false
                private var folder: Folder? { shelf.folders.first { $0.id == id } }
                var body: some View {
                    Text(folder?.name ?? "")
                        .toolbar { Button("Rename") { renaming = true } }
                        .sheet(isPresented: $renaming) { RenameField(name: folder?.name ?? "") }
                }
            }
            struct RenameField: View {
                @State private var text: String
                init(name: String) { _text = State(initialValue: name) }
                var body: some View { Text(text) }
            }
            @main struct ShelfApp: App { var body: some Scene { WindowGroup { FolderList().environment(Shelf()) } } }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) {
            // An optional the memberwise initializer defaults to `nil` counts where a caller passes it.
            for state in StateSeeding.seededStates(of: decl, view: view, in: context.file, index: index, includingOptionals: true) {
                guard let seed = StateSeeding.changingSeed(state, of: view, in: context.file, index: index) else { continue }
                let name = state.property.name
                let caller = CallSites.caller(of: seed.site)
                let viewName = view.name
                // "showing" only when its body shows the state; an action keeps using it.
                let effect = index.rendersProperty(name, of: view) ? "goes on showing" : "keeps using"
                // In the order things happen: the value passed, the write that changes it.
                context.report(
                    "`@State var \(name)` keeps the first value \(caller) passes, \(seed.reason): \(seed.write.what) while `\(viewName)` is shown, and SwiftUI ignores the new value, so the view \(effect) the old one",
                    at: state.property.nameToken..<state.property.nameToken + 1,
                    notes: [
                        context.note(
                            "\(caller) passes `\(seed.argument.label ?? "_"):` here, seeding `\(name)` when `\(viewName)` first appears",
                            at: seed.argument.value, in: seed.site.file),
                        context.note(
                            "then \(seed.write.description): `\(viewName)`'s `@State \(name)` keeps the first value",
                            at: seed.write.token..<seed.write.token + 1, in: seed.write.file),
                    ],
                    help: help(for: name))
            }
            for dropped in StateSeeding.droppedAssignments(of: decl, view: view, index: index) {
                guard let finding = droppedFinding(dropped, of: view, context: context) else { continue }
                let name = dropped.property.name
                context.report(
                    finding.message, at: dropped.property.nameToken..<dropped.property.nameToken + 1, notes: finding.notes,
                    help: "seed the state through its storage: `_\(name) = State(initialValue: …)`")
            }
        }
    }

    /// `self.count = count` in `init` for `@State var count = 0` (or an optional, `nil`):
    /// the write goes through `State`'s setter before SwiftUI installs the storage, and
    /// SwiftUI drops it, so the view keeps the declared value whatever its caller passes.
    /// The witness: a caller that selects that initializer and passes the parameter a value
    /// other than the declared one (written the same, or `nil` for an optional).
    private func droppedFinding(
        _ dropped: StateSeeding.DroppedAssignment, of view: TypeInfo, context: RuleContext
    ) -> (message: String, notes: [DiagnosticNote])? {
        let index = context.index
        let code = index.files[dropped.file]
        let property = dropped.property
        let initial = property.initializer.map { context.file.text($0) } ?? "nil"
        func written(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for site in CallSites.shownSites(of: view.name, index: index) {
            guard let argument = site.argument(labeled: dropped.parameter.label),
                index.initializers(of: view, selectedBy: site.call, in: site.file).contains(where: { $0.function === dropped.initializer })
            else { continue }
            let passed = written(index.files[site.file].text(argument.value))
            if passed == written(initial) { continue }
            let caller = CallSites.caller(of: site)
            let name = property.name
            let effect = index.rendersProperty(name, of: view) ? "shows" : "uses"
            let assignment = written(code.text(dropped.assignment))
            return (
                "`\(assignment)` in `init` is dropped: `@State var \(name)` already has its initial value, so SwiftUI keeps `\(written(initial))` and `\(view.name)` never \(effect) what \(caller) passes; write `_\(name) = State(initialValue: \(written(code.text(dropped.value))))`",
                [
                    context.note(
                        "\(caller) passes `\(dropped.parameter.label ?? "_"):` here", at: argument.value, in: site.file),
                    context.note(
                        "`\(view.name)`'s initializer assigns it through `State`'s setter, before SwiftUI installs the storage of `\(name)`: SwiftUI drops the write and keeps `\(written(initial))`",
                        at: dropped.assignment, in: dropped.file),
                ])
        }
        return nil
    }

    private func help(for name: String) -> String {
        "the view only shows the value: use `let \(name)` (or `@Binding`), re-sync it in `.onChange(of:)`, or renew the view with `.id(…)` on the value"
    }
}
