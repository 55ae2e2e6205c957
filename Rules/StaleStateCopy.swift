import ObservationLintCore
import ObservationSyntax

public struct StaleStateCopy: Rule {
    public static let description = RuleDescription(
        id: "stale_state_copy",
        name: "Stale state copy",
        category: .viewUpdates,
        group: .suspicious,
        summary: "A view shows a `@State` copy of an observed model's field, taken once, that the model changes later.",
        rationale: """
            A view that copies a field of a model it observes into its own `@State` at one \
            moment — in `.onAppear`, in `.task` without `id:` or with an `id:` of the view's own \
            values (`.task(id: item.id)`, which runs again only when the parent passes another \
            one), or in a function that code calls — \
            and shows the copy in `body` keeps showing what the field was at that moment. When \
            the model changes the field later (a `@Published` property of an ObservableObject the \
            view holds with `@ObservedObject`, `@StateObject` or `@EnvironmentObject`, a tracked \
            property of an `@Observable` class it holds), SwiftUI runs `body` again, but `body` \
            reads the copy, which nothing updates. The rule reports only with the witness (SPEC \
            §10), cited as notes in the order things happen. First the copy: the right side reads \
            the field, or a member of the model whose code reads it (a method, `model.totals(in: \
            month)`, or a computed property, through the model's other members; not a factory \
            that gives an object of a project class, which the view then owns), or a local bound \
            from either (in that code, or in the rendering code around the modifier, whose locals \
            its closure captures), or the assignment of a constant stands in a branch \
            of an `if` whose condition reads it (`if model.isLoading { status = .checking }`); an \
            awaited value (`verified = await api.check(model.name)`) is a result fetched for the \
            field, not a copy. Then a write of the field that can happen after the model reached \
            the view and after the copy, on its own time — after an `await`, in a `Task`, a \
            completion handler, a timer, a notification or a subscription (data arriving), or \
            synchronously in an action of a control of the view or of the view whose `body` \
            builds it (a `Button`'s action, directly or through a method it calls: the control \
            is on screen with the view; a synchronous action elsewhere is not placed beside \
            the view) — in the app's code (not a test) — and not in its initializer or setup, \
            nor in another type's initializer (an app's `init` runs before its views exist), not in a method of the model \
            the copying code calls (`await model.load()`, `model.refresh()`) or one such a method \
            calls (the copy's own moment starts that change), not in that code, not in \
            a function of the view that copies again itself, not in code a modal presentation or \
            a push covers while the view is shown, not in a flow of the view's own code that then \
            dismisses it (a Save button handing the edited copy back, then `dismiss()`), not an assignment of another member of the \
            field's value than the one copied (`player.rate = 1` when `player.isMuted` is copied), \
            not a `$model.field` binding handed to a view (whether it writes is not known), and \
            not a write to another specialization of a generic model. Last the read of the state \
            while rendering (not the value `.onChange(of:)` follows, which only runs a handler). \
            A handler that follows only a key of the field copies again only on the writes that \
            change the key: `.onChange(of: model.items.count)` covers appending and removing, not \
            replacing an element (`items[i] = updated`), editing one in place (`items[i].done = \
            true`), reordering, or replacing the array with another one (a fetch that returns as \
            many elements); `.onChange(of: model.selected?.id)` covers replacing the value, not \
            assigning its members in place (`selected?.name = new`). The witness is then a write \
            the key does not cover, and a note shows the handler. \
            It stays silent when the view copies again on the field's change (`.onChange(of:)` or \
            `.task(id:)` of the field, or of a computed property reading the model; `.onReceive` \
            of the field's publisher or of `objectWillChange`), when a handler whose timing is not \
            known runs the copying code (`.onReceive` of a timer or a notification, `.onChange` \
            of another model, a fetch request or a computed value, another modifier's closure such \
            as a package's `.watch(value:)`), when `.onReceive` of another publisher of the model \
            runs it and every write is in a function that names that publisher or calls one that \
            does, or in a field whose `didSet` does (it may send it), when the state is an editing \
            draft or the view's own value (`$state` handed on, the state written in code other \
            than a copy — an action, a reset in `.onDisappear`, a closure of the copying code that \
            sets it again later, a flash that fades — or handed back through a \
            closure, a binding or a save method), when a construction site gives the view an \
            `.id(…)` naming the field, and when no later write is known.
            """,
        fix: """
            Read the model's field in `body` (directly or through a computed property) instead \
            of keeping a copy, or copy it again when it changes: `.onChange(of: model.field)`.
            """,
        triggeringExamples: [
            // An `@Observable` model refreshed by a timer; the copy is taken once.
            """
            @Observable final class Clock {
                var now = Date()
                func start() { Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.now = Date() } }
            }
            struct ClockFace: View {
                let clock: Clock
                @State private var ↓shown = Date()
                var body: some View {
                    Text(shown, style: .time).onAppear { shown = clock.now }
                }
            }
            struct ClockScreen: View {
                @State private var clock = Clock()
                var body: some View { ClockFace(clock: clock).onAppear { clock.start() } }
            }
            """,
            // A `@Published` list loaded by a button elsewhere, copied in `.task` through a helper.
            """
            final class Feed: ObservableObject {
                @Published var posts: [String] = []
                func reload() { Task { @MainActor in self.posts = ["new"] } }
            }
            struct FeedCount: View {
                @EnvironmentObject var feed: Feed
                @State private var ↓count = 0
                var body: some View {
                    Text("\\(count) posts").task { update() }
                }
                func update() { count = feed.posts.count }
            }
            struct FeedScreen: View {
                @EnvironmentObject var feed: Feed
                var body: some View {
                    VStack {
                        FeedCount()
                        Button("Reload") { feed.reload() }
                    }
                }
            }
            """,
            // A local bound from the field, and a branch its condition decides.
            """
            final class Loader: ObservableObject {
                @Published var isLoading = false
                @Published var items: [String] = []
                func load() {
                    isLoading = true
                    Task { @MainActor in
                        items = await fetch()
                        isLoading = false
                    }
                }
                func fetch() async -> [String] { ["a"] }
            }
            struct Summary: View {
                @ObservedObject var loader: Loader
                @State private var ↓title = ""
                var body: some View {
                    Text(title).onAppear {
                        if let first = loader.items.first { title = first } else { title = "None" }
                    }
                    Button("Load") { loader.load() }
                }
            }
            struct LoaderScreen: View {
                @StateObject private var loader = Loader()
                var body: some View { Summary(loader: loader) }
            }
            """,
            // `.onReceive` of another publisher of the model: the function that writes the
            // field does not send it.
            """
            import Combine
            final class Downloads: ObservableObject {
                @Published var phase = 0
                let progressed = PassthroughSubject<Int, Never>()
                func restart() { Task { @MainActor in phase = 0 } }
                func advance() { phase += 1; progressed.send(phase) }
            }
            struct PhaseLabel: View {
                @EnvironmentObject var downloads: Downloads
                @State private var ↓phase = 0
                var body: some View {
                    Text("\\(phase)")
                        .onAppear { phase = downloads.phase }
                        .onReceive(downloads.progressed) { _ in phase = downloads.phase }
                }
            }
            struct DownloadsScreen: View {
                var body: some View { PhaseLabel() }
            }
            """,
            // Re-copied on scroll, a value of the view's own: not when the model changes.
            """
            @Observable final class Stats {
                var days: [Int] = []
                func compute() async {
                    let computed = await summarize()
                    days = computed
                }
                func summarize() async -> [Int] { [1, 2, 3] }
            }
            struct StatsChart: View {
                let stats: Stats
                @State private var offset = 0
                @State private var ↓visible: [Int] = []
                var body: some View {
                    Text("\\(visible.count)")
                        .onAppear { recompute() }
                        .onChange(of: offset) { recompute() }
                        .task { await stats.compute() }
                }
                func recompute() { visible = Array(stats.days.dropFirst(offset)) }
            }
            struct StatsScreen: View {
                @State private var stats = Stats()
                var body: some View { StatsChart(stats: stats) }
            }
            """,
            // Re-copied only when the count changes, through the model's method: an entry
            // replaced after saving keeps the count.
            """
            final class Ledger: ObservableObject {
                @Published var entries: [Entry] = []
                func amounts(from day: Int) -> [Double] { entries.filter { $0.day >= day }.map(\\.amount) }
                func update(_ entry: Entry) async {
                    await save(entry)
                    if let i = entries.firstIndex(where: { $0.id == entry.id }) { entries[i] = entry }
                }
                func save(_ entry: Entry) async {}
            }
            struct LedgerChart: View {
                @EnvironmentObject var ledger: Ledger
                @State private var ↓amounts: [Double] = []
                var body: some View {
                    Chart(amounts)
                        .onAppear { amounts = ledger.amounts(from: 1) }
                        .onChange(of: ledger.entries.count) { amounts = ledger.amounts(from: 1) }
                }
            }
            struct LedgerScreen: View {
                @EnvironmentObject var ledger: Ledger
                let edited: Entry
                var body: some View {
                    LedgerChart().task { await ledger.update(edited) }
                }
            }
            """,
            // A local of `body` the closure captures; the load the caller started lands later
            // and replaces the array.
            """
            @Observable final class Store {
                var items: [Item] = []
                func rows(in month: Int) -> [Item] { items.filter { $0.month == month } }
                func load() async {
                    let fetched = await fetch()
                    items = fetched
                }
                func fetch() async -> [Item] { [] }
            }
            struct MonthTotal: View {
                let store: Store
                let month: Int
                @State private var ↓total = 0.0
                var body: some View {
                    let rows = store.rows(in: month)
                    Text("\\(total)").onAppear { total = rows.map(\\.amount).reduce(0, +) }
                }
            }
            struct MonthScreen: View {
                @State private var store = Store()
                var body: some View {
                    MonthTotal(store: store, month: 1).task { await store.load() }
                }
            }
            """,
            // Re-copied when the selected value's `id` changes: renaming it in place keeps the id.
            """
            @Observable final class Picker {
                var selected: Tag?
                func rename(_ name: String) async {
                    await sync()
                    selected?.name = name
                }
                func sync() async {}
            }
            struct TagTitle: View {
                let picker: Picker
                @State private var ↓title = ""
                var body: some View {
                    Text(title)
                        .onAppear { title = picker.selected?.name ?? "" }
                        .onChange(of: picker.selected?.id) { title = picker.selected?.name ?? "" }
                }
            }
            struct TagScreen: View {
                @State private var picker = Picker()
                var body: some View {
                    TagTitle(picker: picker).task { await picker.rename("new") }
                }
            }
            """,
            // Copied in `.task(id:)` of the row's own item: it runs again for another item, not
            // when the directory it copies from fills in.
            """
            final class Directory: ObservableObject {
                @Published var names: [Int: String] = [:]
                func refresh() { Task { @MainActor in names = await fetch() } }
                func fetch() async -> [Int: String] { [1: "Ann"] }
            }
            struct Row: View {
                let itemID: Int
                @EnvironmentObject var directory: Directory
                @State private var ↓name = ""
                var body: some View {
                    Text(name).task(id: itemID) { name = directory.names[itemID] ?? "" }
                }
            }
            struct RowList: View {
                @EnvironmentObject var directory: Directory
                var body: some View {
                    Row(itemID: 1).onAppear { directory.refresh() }
                }
            }
            """,
            // A button beside the view, on the screen that builds it, resets the field through
            // the model's method.
            """
            @Observable final class Order {
                var items: [String] = ["tea"]
                func clear() { items = [] }
            }
            struct OrderSummary: View {
                let order: Order
                @State private var ↓summary = ""
                var body: some View {
                    Text(summary).onAppear { summary = order.items.joined(separator: ", ") }
                }
            }
            struct OrderScreen: View {
                @State private var order = Order()
                var body: some View {
                    VStack {
                        OrderSummary(order: order)
                        Button("Clear") { order.clear() }
                    }
                }
            }
            """,
            // A button of the sheet itself rewrites the field and leaves the sheet shown.
            """
            @Observable final class Recipe {
                var amounts: [String: Double] = [:]
            }
            struct ScaleSheet: View {
                let recipe: Recipe
                @State private var ↓amounts: [String: Double] = [:]
                var body: some View {
                    Text("\\(amounts.count)")
                        .onAppear { amounts = recipe.amounts }
                    Button("Apply") { recipe.amounts = halved() }
                }
                func halved() -> [String: Double] { amounts.mapValues { $0 / 2 } }
            }
            struct RecipeScreen: View {
                @State private var recipe = Recipe()
                @State private var scaling = false
                var body: some View {
                    Button("Scale") { scaling = true }
                        .sheet(isPresented: $scaling) { ScaleSheet(recipe: recipe) }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // The sheet's Save hands the scaled copy back, then dismisses the sheet.
            """
            @Observable final class Recipe {
                var amounts: [String: Double] = [:]
            }
            struct ScaleSheet: View {
                @Environment(\\.dismiss) private var dismiss
                let recipe: Recipe
                @State private var amounts: [String: Double] = [:]
                var body: some View {
                    Text("\\(amounts.count)")
                        .onAppear { amounts = recipe.amounts }
                    Button("Save") {
                        recipe.amounts = halved()
                        dismiss()
                    }
                }
                func halved() -> [String: Double] { amounts.mapValues { $0 / 2 } }
            }
            struct RecipeScreen: View {
                @State private var recipe = Recipe()
                @State private var scaling = false
                var body: some View {
                    Button("Scale") { scaling = true }
                        .sheet(isPresented: $scaling) { ScaleSheet(recipe: recipe) }
                }
            }
            """,
            // `.task(id:)` of the field itself copies again when it changes.
            """
            final class Directory: ObservableObject {
                @Published var names: [Int: String] = [:]
                func refresh() { Task { @MainActor in names = await fetch() } }
                func fetch() async -> [Int: String] { [1: "Ann"] }
            }
            struct Row: View {
                let itemID: Int
                @EnvironmentObject var directory: Directory
                @State private var name = ""
                var body: some View {
                    Text(name).task(id: directory.names) { name = directory.names[itemID] ?? "" }
                }
            }
            struct RowList: View {
                @EnvironmentObject var directory: Directory
                var body: some View {
                    Row(itemID: 1).onAppear { directory.refresh() }
                }
            }
            """,
            // Copied again when the field changes.
            """
            @Observable final class Clock {
                var now = Date()
                func tick() { now = Date() }
            }
            struct ClockFace: View {
                let clock: Clock
                @State private var shown = Date()
                var body: some View {
                    Text(shown, style: .time)
                        .onAppear { shown = clock.now }
                        .onChange(of: clock.now) { _, new in shown = new }
                }
            }
            """,
            // An editing draft: the copy is bound to a text field and saved back.
            """
            final class Profile: ObservableObject {
                @Published var name = ""
                func rename(_ new: String) { name = new }
            }
            struct NameEditor: View {
                @ObservedObject var profile: Profile
                @State private var draft = ""
                var body: some View {
                    TextField("Name", text: $draft).onAppear { draft = profile.name }
                    Button("Save") { profile.rename(draft) }
                }
            }
            """,
            // The only write is in the initializer: the field never changes after the copy.
            """
            final class Session: ObservableObject {
                @Published var user: String
                init(user: String) { self.user = user }
            }
            struct Greeting: View {
                @EnvironmentObject var session: Session
                @State private var name = ""
                var body: some View { Text(name).onAppear { name = session.user } }
            }
            """,
            // The model's method the copying code awaits writes the field before the copy.
            """
            @Observable final class Catalog {
                var items: [String] = []
                func load() async { items = ["a"] }
            }
            struct CatalogCount: View {
                let catalog: Catalog
                @State private var count = 0
                var body: some View {
                    Text("\\(count)").task {
                        await catalog.load()
                        count = catalog.items.count
                    }
                }
            }
            """,
            // A timer runs the copying code: whether it follows the model is not known.
            """
            final class Meter: ObservableObject {
                @Published var level = 0.0
                func sample() { level = Double.random(in: 0...1) }
            }
            struct MeterLabel: View {
                @ObservedObject var meter: Meter
                @State private var shown = 0.0
                let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                var body: some View {
                    Text("\\(shown)")
                        .onAppear { shown = meter.level }
                        .onReceive(timer) { _ in shown = meter.level }
                }
            }
            """,
            // `.onReceive` of another publisher the writing function sends.
            """
            import Combine
            final class Downloads: ObservableObject {
                @Published var phase = 0
                let progressed = PassthroughSubject<Int, Never>()
                func advance() { phase += 1; progressed.send(phase) }
            }
            struct PhaseLabel: View {
                @EnvironmentObject var downloads: Downloads
                @State private var phase = 0
                var body: some View {
                    Text("\\(phase)")
                        .onAppear { phase = downloads.phase }
                        .onReceive(downloads.progressed) { _ in phase = downloads.phase }
                }
            }
            """,
            // The button that changes the field is covered by the sheet that shows the view.
            """
            @Observable final class Order {
                var items: [String] = ["tea"]
                func clear() { items = [] }
            }
            struct OrderSummary: View {
                let order: Order
                @State private var summary = ""
                var body: some View {
                    Text(summary).onAppear { summary = order.items.joined(separator: ", ") }
                }
            }
            struct OrderScreen: View {
                @State private var order = Order()
                @State private var isShowing = false
                var body: some View {
                    Button("Clear") { order.clear() }
                        .sheet(isPresented: $isShowing) { OrderSummary(order: order) }
                }
            }
            """,
            // Only a synchronous action elsewhere changes the field: not placed beside the view.
            """
            final class Accounts: ObservableObject {
                @Published var current = "me"
                func switchTo(_ name: String) { current = name }
            }
            struct OwnerBadge: View {
                @EnvironmentObject var accounts: Accounts
                let author: String
                @State private var isMine = false
                var body: some View {
                    Text(isMine ? "You" : author).onAppear { isMine = accounts.current == author }
                }
            }
            """,
            // The view's own write copies again in the same flow.
            """
            @Observable final class Speaker { var isMuted = false }
            struct MuteButton: View {
                let speaker: Speaker
                @State private var muted = false
                var body: some View {
                    Button(muted ? "Unmute" : "Mute") { toggle() }.onAppear { sync() }
                }
                func sync() { muted = speaker.isMuted }
                func toggle() {
                    speaker.isMuted.toggle()
                    sync()
                }
            }
            """,
            // Copied again when a fetched value changes, which may change with the model.
            """
            @Observable final class Thread { var rootID = "" ; func rekey() { rootID = "b" } }
            struct ThreadReplies: View {
                let thread: Thread
                @FetchRequest(sortDescriptors: []) private var events: FetchedResults<Event>
                @State private var direct: [Event] = []
                var body: some View {
                    ForEach(direct) { Text($0.text) }
                        .task { compute() }
                        .onChange(of: events.count) { compute() }
                }
                func compute() { direct = events.filter { $0.root == thread.rootID } }
            }
            """,
            // The copy is only used by an action, never shown.
            """
            @Observable final class Player {
                var volume = 0.5
                func louder() { volume += 0.1 }
            }
            struct VolumeReset: View {
                let player: Player
                @State private var start = 0.0
                var body: some View {
                    Button("Reset") { player.volume = start }.onAppear { start = player.volume }
                }
            }
            """,
            // Re-copied when the count changes, and every write appends or removes.
            """
            final class Ledger: ObservableObject {
                @Published var entries: [Entry] = []
                func add(_ entry: Entry) async { await save(entry); entries.append(entry) }
                func remove(_ id: Int) async { await save(nil); entries.removeAll { $0.id == id } }
                func save(_ entry: Entry?) async {}
            }
            struct EntryCount: View {
                @EnvironmentObject var ledger: Ledger
                @State private var count = 0
                var body: some View {
                    Text("\\(count)")
                        .onAppear { count = ledger.entries.count }
                        .onChange(of: ledger.entries.count) { count = ledger.entries.count }
                }
            }
            """,
            // Re-copied when the selected value's `id` changes, and the value is only replaced.
            """
            @Observable final class Picker {
                var selected: Tag?
                func pick(_ tag: Tag) async { await sync(); selected = tag }
                func sync() async {}
            }
            struct TagTitle: View {
                let picker: Picker
                @State private var title = ""
                var body: some View {
                    Text(title)
                        .onAppear { title = picker.selected?.name ?? "" }
                        .onChange(of: picker.selected?.id) { title = picker.selected?.name ?? "" }
                }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        // Only a declaration with a `@State` property reports: its copies.
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where decl.properties.contains(where: { $0.attributes.contains(named: "State") }) {
            var reported = Set<String>()
            for copy in index.stateCopies(of: view) where copy.resync == nil && !reported.contains(copy.state) {
                guard let property = decl.properties.first(where: { $0.name == copy.state }),
                    let render = index.renderRead(of: copy.state, in: view),
                    !isDraft(copy.state, of: view, index: index), !isRenewed(view, byChangesOf: copy.field, index: index),
                    let write = index.laterWrites(of: copy).first(where: { isWitness($0, whileShowing: view, index: index) })
                else { continue }
                reported.insert(copy.state)
                let model = copy.model.withoutTypeKeyPrefixes
                let source = "`\(copy.reference).\(copy.field)`"
                let read = copy.via.map { "`\(copy.reference).\($0)`, which reads `\(model).\(copy.field)`," } ?? source
                let viewName = view.name.withoutTypeKeyPrefixes
                // In the order things happen: the copy, the write that changes the source (and the
                // refresh that does not follow it), the stale read.
                var notes = [
                    context.note(
                        "`.\(copy.moment)` sets `\(copy.state)` from \(read) here, as the view appears\(copy.moment.hasPrefix("task(id:") ? " and when that id changes" : "")", at: copy.site.token..<copy.site.token + 1,
                        in: copy.site.file),
                    context.note(
                        "then `\(model).\(copy.field)` changes here, in \(write.member)\(write.contextDescription(in: index)); nothing sets `\(copy.state)` from it again",
                        at: write.site.token..<write.site.token + 1, in: write.site.file),
                ]
                if let partial = copy.partialResyncs.first {
                    notes.append(
                        context.note(
                            partial.key == .count
                                ? "this handler copies again only when the count of `\(model).\(copy.field)` changes; that write can leave the count as it was"
                                : "this handler copies again only when the `id` of `\(model).\(copy.field)` changes; that write edits the value in place and keeps its `id`",
                            at: partial.site.token..<partial.site.token + 1, in: partial.site.file))
                }
                notes.append(context.note("`\(viewName)` shows the stale `\(copy.state)` here", at: render.token..<render.token + 1, in: render.file))
                context.report(
                    "`@State var \(copy.state)` keeps what `.\(copy.moment)` took from \(read.hasSuffix(",") ? String(read.dropLast()) : read): `\(model).\(copy.field)` changes later while `\(viewName)` is shown and nothing takes it again, so the view goes on showing the old value",
                    at: property.nameToken..<property.nameToken + 1,
                    notes: notes,
                    help: "read \(source) in `body` instead of a copy, or copy it again in `.onChange(of: \(copy.reference).\(copy.field))`")
            }
        }
    }

    /// An editing draft or the view's own value: the view hands `$state` to a control or on,
    /// writes it in other code than the copy (an action, a reset), or hands it back (a save
    /// closure, a binding, a model's method).
    private func isDraft(_ name: String, of view: TypeInfo, index: ProjectIndex) -> Bool {
        let binding = "$" + name
        let bound = view.declarations.contains { declaration in
            let file = index.files[declaration.file]
            return declaration.decl.members.contains { file.kind($0) == .dollarIdentifier && file.spells($0, binding) && file.isOwnMemberReference($0) }
        }
        return bound || index.isWrittenBesidesCopies(name, in: view) || StateSeeding.handsBack(name, in: view, index: index)
    }

    /// Whether the write changes the field while the view is shown: in the app's code (not a
    /// test), later than the code that starts it (after an `await`, in a `Task`, a completion
    /// handler, a timer, a notification or a subscription: data arriving) or on the user's
    /// action on a control of the view or of the view that builds it (on screen with it; a
    /// synchronous action elsewhere is not placed beside the view), and not covered by a modal
    /// presentation or a push over the view (SPEC §10.4), nor followed in the same flow by the view dismissing itself. A view the project builds nowhere known is never shown: no witness.
    private func isWitness(_ write: PropertyWrite, whileShowing view: TypeInfo, index: ProjectIndex) -> Bool {
        guard SourceRole(path: index.files[write.site.file].path) == .app,
            write.context(in: index).isAsynchronous || index.runsOnAction(write.site, beside: view.name),
            !index.dismissesItself(view, inFlowAfter: write.site)
        else { return false }
        let sites = index.viewGraph.constructions(of: view.name)
        return sites.contains { index.canRun(write.site, whileShowing: $0) }
    }

    /// A construction site that gives the view an `.id(…)` naming the field: a change of it
    /// may build the view anew.
    private func isRenewed(_ view: TypeInfo, byChangesOf field: String, index: ProjectIndex) -> Bool {
        index.viewGraph.constructions(of: view.name).contains { site in
            let file = index.files[site.file]
            return site.identity.contains { tie in
                guard case .idModifier(let tokens) = tie else { return false }
                return tokens.contains { file.kind($0) == .identifier && file.spells($0, field) }
            }
        }
    }
}
