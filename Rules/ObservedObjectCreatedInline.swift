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
            model = Model()`, or `self.model = Model()` in its initializer), every re-render of \
            the parent re-creates the view and with it a fresh object: everything the object \
            held (loaded data, selection, progress) is lost, and work started in its \
            initializer runs again.
            """,
        fix: """
            Let SwiftUI own it: `@StateObject private var model = Model()`. If the parent owns \
            the object, pass it in and keep `@ObservedObject var model: Model` without an initial \
            value.
            """,
        triggeringExamples: [
            """
            final class Ticker: ObservableObject { @Published var seconds = 0 }
            struct TimerView: View {
                @ObservedObject var ↓ticker = Ticker()
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
            final class Ticker: ObservableObject { @Published var seconds = 0 }
            struct TimerView: View {
                @ObservedObject var ↓ticker = Ticker()
                var body: some View { Text("\\(ticker.seconds)") }
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
            """,
            """
            final class FeedModel: ObservableObject { @Published var items: [String] = [] }
            struct FeedView: View {
                @ObservedObject var ↓feed: FeedModel = .init()
                var body: some View { List(feed.items, id: \\.self) { Text($0) } }
            }
            """,
            """
            final class DetailModel: ObservableObject {
                @Published var title = ""
                init(id: Int) {}
            }
            struct DetailView: View {
                @ObservedObject var ↓model: DetailModel
                init(id: Int) {
                    self.model = DetailModel(id: id)
                }
                var body: some View { Text(model.title) }
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
            """,
        ],
        nonTriggeringExamples: [
            """
            final class Ticker: ObservableObject { @Published var seconds = 0 }
            struct TimerRoot: View {
                @ObservedObject var ticker = Ticker()
                var body: some View { Text("\\(ticker.seconds)") }
            }
            final class TimerController: UIViewController {
                override func viewDidLoad() { addChild(UIHostingController(rootView: TimerRoot())) }
            }
            """,
            """
            final class Ticker: ObservableObject { @Published var seconds = 0 }
            struct TimerRoot: View {
                @ObservedObject var ticker = Ticker()
                var body: some View { Text("\\(ticker.seconds)") }
            }
            class ThemedHostingController<Content: View>: UIHostingController<Content> {}
            final class TimerHostingController: ThemedHostingController<TimerRoot> {}
            final class TimerPresenter {
                func show(from parent: UIViewController) {
                    parent.present(TimerHostingController(rootView: TimerRoot()), animated: true)
                }
            }
            """,
            """
            final class AccountStore: ObservableObject {
                static let shared = AccountStore()
                @Published var name = ""
            }
            struct AccountView: View {
                @ObservedObject var account = AccountStore.shared
                var body: some View { Text(account.name) }
            }
            """,
            """
            struct AccountView: View {
                @ObservedObject var account: AccountStore = .shared
                @ObservedObject var session = Session.current
                var body: some View { Text(account.name + session.user) }
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
            struct ThumbnailView: View {
                @ObservedObject var loader: ImageLoader
                init(url: URL, cache: ImageCache) {
                    self.loader = cache.loader(for: url)
                }
                var body: some View { Text(loader.state) }
            }
            """,
            """
            final class Ticker: ObservableObject { @Published var seconds = 0 }
            struct TimerView: View {
                @StateObject private var ticker = Ticker()
                var body: some View { Text("\\(ticker.seconds)") }
            }
            """,
            """
            import ComposableArchitecture
            struct CounterView: View {
                let store: StoreOf<Counter>
                @ObservedObject var viewStore: ViewStoreOf<Counter>
                init(store: StoreOf<Counter>) {
                    self.store = store
                    self.viewStore = ViewStore(store, observe: { $0 })
                }
                var body: some View { Text("\\(viewStore.count)") }
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
            """,
        ],
        autoFix: AutoFix(
            .unsafe,
            reason: "The object then lives as long as the view instead of being re-created with it (the point, but a change of lifetime to review), and once the property is `private` a caller that passes it (`View(model: …)`) no longer compiles.",
            corrections: [
                RuleCorrection(
                    """
                    final class Clock: ObservableObject { @Published var now = 0 }
                    struct ClockView: View {
                        @ObservedObject public var ↓clock = Clock()
                        var body: some View { Text("\\(clock.now)") }
                    }
                    """,
                    """
                    final class Clock: ObservableObject { @Published var now = 0 }
                    struct ClockView: View {
                        @StateObject private var clock = Clock()
                        var body: some View { Text("\\(clock.now)") }
                    }
                    """),
                RuleCorrection(
                    """
                    final class Feed: ObservableObject { @Published var items: [String] = [] }
                    struct FeedView: View {
                        @ObservedObject
                        var ↓feed = Feed()
                        var body: some View { Text("\\(feed.items.count)") }
                    }
                    """,
                    """
                    final class Feed: ObservableObject { @Published var items: [String] = [] }
                    struct FeedView: View {
                        @StateObject
                        private var feed = Feed()
                        var body: some View { Text("\\(feed.items.count)") }
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
                    guard let created = createdType(in: initializer, contextualType: property.type, file: context.file, scope: view.name, index: index),
                        !index.isBuiltOnlyOnce(view.name)  // built once: its object is too
                    else { continue }
                    var fixes: [Fix] = []
                    if let edits = ViewProperty.ownershipEdits(for: property, wrapper: "StateObject", replacing: attribute, context: context) {
                        fixes.append(Fix(title: "Use `@StateObject private var \(name)`", edits: edits))
                    }
                    context.report(
                        "`@ObservedObject var \(name)` creates its own `\(created)`: every re-render of the parent re-creates the view with a fresh object, and its state is lost; use `@StateObject private var \(name)`",
                        at: property.nameToken..<property.nameToken + 1,
                        notes: ViewProperty.renderingSiteNotes(of: view, context: context),
                        help: "`@StateObject private var \(name) = …` keeps one object for the view's lifetime; pass the object in instead if the parent owns it",
                        fixes: fixes)
                    continue
                }
                for (fileIndex, _, assignment, throughStorage) in ViewProperty.initializerAssignments(to: name, in: view, index: index) {
                    let file = index.files[fileIndex]
                    var value = assignment.value
                    if throughStorage {
                        guard let wrapped = file.wrapperInitialValue(in: value, wrappers: ["ObservedObject"]) else { continue }
                        value = wrapped
                    }
                    guard let created = createdType(in: value, contextualType: property.type, file: file, scope: view.name, index: index)
                    else { continue }
                    if index.isBuiltOnlyOnce(view.name) { break }
                    context.report(
                        "`@ObservedObject var \(name)` is assigned a new `\(created)` in the view's initializer: every re-render of the parent re-creates the view with a fresh object, and its state is lost; use `@StateObject private var \(name)`",
                        at: property.nameToken..<property.nameToken + 1,
                        notes: [context.note("the object is created here", at: value, in: fileIndex)]
                            + ViewProperty.renderingSiteNotes(of: view, context: context),
                        help: "create it in the wrapper's autoclosure instead: `_\(name) = StateObject(wrappedValue: \(created)(…))`, or pass the object in if the parent owns it")
                    break
                }
            }
        }
    }

    /// The type an expression constructs, when it is a project ObservableObject that holds
    /// state a fresh copy would lose.
    /// Observable-only project types are `observable_wrapper_mismatch`'s; types from other
    /// modules stay unknown (a library's lightweight projection, like a view store, may be
    /// meant to be re-created with the view).
    private func createdType(
        in expression: Range<Int>, contextualType: TypeRef?, file: ParsedFile, scope: String, index: ProjectIndex
    ) -> String? {
        guard let (name, _) = index.constructedType(in: expression, file: file, scope: scope, contextualType: contextualType),
            let type = index.types[name], type.isClass, type.isObservableObject, index.holdsMutableState(type)
        else { return nil }
        return name
    }
}
