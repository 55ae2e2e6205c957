import ObservationLintCore
import ObservationSyntax

public struct EnvironmentObjectCreatedInline: Rule {
    public static let description = RuleDescription(
        id: "environment_object_created_inline",
        name: "Environment object created inline",
        category: .environment,
        group: .suspicious,
        summary: "`.environmentObject(T())` or `.environment(T())` creates the injected model inside `body`.",
        rationale: """
            A view's (or an app's) `body` is evaluated again whenever state it reads changes, \
            and whenever an ObservableObject it holds (`@StateObject`, `@ObservedObject`) \
            publishes — also when a subscription writes it (`updater.publisher(for: \\.x)` \
            `.assign(to: &$x)`). \
            `.environmentObject(Store())` or `.environment(Model())` written there constructs a \
            new object on each evaluation and injects it in place of the previous one: every \
            view below that reads it gets a new model without what the old one held, and the \
            object's initializer (loading, subscriptions) runs again. Reported by default only \
            with the witness, cited in notes in the order things happen: the write that runs the \
            body again (and where the body reads that state), the injection of the new object, \
            and what is lost (a write to the model's state after its initializer, or its \
            initializer's effect). Content passed to another module's view as a trailing \
            closure that builds a view (`BackportStack { Feed().environmentObject(Player()) }`) \
            is built again with the body: the new closure cannot be compared to the old one. A body nothing runs again, and a model that only holds its \
            inputs, mirrors a publisher that replays its value, or has no state, are not \
            reported. The state the old object held is lost only to a view that reads it: when \
            no view the injected subtree can show reads the type from the environment \
            (`@EnvironmentObject`, `@Environment(T.self)`; through the views it builds, the \
            helpers and project modifiers it calls — in doubt, a reader is assumed), only a \
            repeated initializer effect is reported. A write that changes what the object is \
            built from (state its arguments read: `.environmentObject(CourseStore(course: \
            selected))` when `selected` changes) injects an object for the new input, as \
            intended, and is no witness; another write that runs the body still is.
            """,
        fix: """
            Create the object once, where it is owned: `@StateObject private var store = Store()` \
            (ObservableObject) or `@State private var model = Model()` (`@Observable`) in the view \
            or the `App`, and inject that: `.environmentObject(store)`, `.environment(model)`.
            """,
        triggeringExamples: [
            // `refreshes` changes nothing the store is built from.
            """
            final class CourseStore: ObservableObject {
                @Published var group = ""
                init(course: String) {}
                func join() { group = "A" }
            }
            struct GroupBadge: View {
                @EnvironmentObject var store: CourseStore
                var body: some View { Button(store.group) { store.join() } }
            }
            struct Courses: View {
                @State private var selectedCourse = "Swift"
                @State private var refreshes = 0
                var body: some View {
                    Picker("Course", selection: $selectedCourse) { Text("Swift").tag("Swift") }
                    Button("Refresh \\(refreshes)") { refreshes += 1 }
                    GroupBadge().environmentObject(↓CourseStore(course: selectedCourse))
                }
            }
            """,
            """
            final class UpdateStatus: ObservableObject {
                @Published var canCheck = false
                init(updater: Updater) { updater.publisher(for: \\.canCheck).assign(to: &$canCheck) }
            }
            final class NoticeState: ObservableObject { @Published var showsNotice = true }
            struct NoticeBanner: View {
                @EnvironmentObject var notice: NoticeState
                var body: some View { Text("Moved").alert("Moved", isPresented: $notice.showsNotice) {} }
            }
            @main
            struct ReaderApp: App {
                @StateObject private var status = UpdateStatus(updater: .shared)
                var body: some Scene {
                    WindowGroup { NoticeBanner().environmentObject(↓NoticeState()) }
                }
            }
            """,
            """
            final class Store: ObservableObject {
                @Published var items: [String] = []
                func load() { items = ["a"] }
            }
            @main
            struct ShopApp: App {
                @Environment(\\.scenePhase) private var phase
                var body: some Scene {
                    WindowGroup {
                        ContentView(active: phase == .active).environmentObject(↓Store())
                    }
                }
            }
            struct ContentView: View {
                @EnvironmentObject var store: Store
                let active: Bool
                var body: some View { Button("Load \\(store.items.count)") { store.load() } }
            }
            """,
            """
            @Observable final class Library {
                var books: [String] = []
                func add(_ book: String) { books.append(book) }
            }
            struct Shelf: View {
                @Environment(Library.self) private var library
                let query: String
                var body: some View { Button("Add") { library.add(query) } }
            }
            struct Root: View {
                @State private var query = ""
                var body: some View {
                    NavigationStack {
                        TextField("Search", text: $query)
                        Shelf(query: query)
                    }
                    .environment(↓Library())
                }
            }
            """,
            """
            final class Cart: ObservableObject {
                @Published var count = 0
                init(userID: String) {}
                func add() { count += 1 }
            }
            struct Step: View {
                @EnvironmentObject var cart: Cart
                let number: Int
                var body: some View { Button("Add \\(number)") { cart.add() } }
            }
            struct CheckoutFlow: View {
                let userID: String
                @State private var step = 0
                var body: some View {
                    TabView {
                        ForEach(0..<3) { _ in
                            Step(number: step).environmentObject(↓Cart(userID: userID))
                        }
                    }
                    Button("Next") { step += 1 }
                }
            }
            """,
            """
            @Observable final class Theme {
                var accent = "blue"
                init() { Task { await self.restore() } }
                func restore() async { _ = try? await URLSession.shared.data(from: Backend.url) }
            }
            struct Settings: View {
                @State private var isPresented = false
                @State private var edits = 0
                var body: some View {
                    Button("Edit \\(edits)") { isPresented = true; edits += 1 }
                        .sheet(isPresented: $isPresented) {
                            ThemeEditor().environment(↓Theme())
                        }
                }
            }
            """,
            """
            final class Session: ObservableObject {
                @Published var user: String?
                func signIn() { user = "me" }
            }
            struct Home: View {
                @EnvironmentObject var session: Session
                let dark: Bool
                var body: some View { Button(session.user ?? "Sign in") { session.signIn() } }
            }
            struct Shell: View {
                @Environment(\\.colorScheme) private var scheme
                var body: some View { content }
                @ViewBuilder private var content: some View {
                    Home(dark: scheme == .dark).environmentObject(↓Session.init())
                }
            }
            """,
            """
            final class Player: ObservableObject {
                @Published var playingID: String?
                func play(_ id: String) { playingID = id }
            }
            struct Clips: View {
                @EnvironmentObject var player: Player
                let filter: String
                var body: some View { Button(player.playingID ?? filter) { player.play(filter) } }
            }
            struct Feed: View {
                @State private var filter = ""
                var body: some View {
                    BackportStack(path: $path) {
                        TextField("Filter", text: $filter)
                        Clips(filter: filter).environmentObject(↓Player())
                    }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // Only a course switch runs the body again: the store is built for the new course.
            """
            final class CourseStore: ObservableObject {
                @Published var group = ""
                init(course: String) {}
                func join() { group = "A" }
            }
            struct GroupBadge: View {
                @EnvironmentObject var store: CourseStore
                var body: some View { Button(store.group) { store.join() } }
            }
            struct Courses: View {
                @State private var selectedCourse = "Swift"
                var body: some View {
                    Picker("Course", selection: $selectedCourse) { Text("Swift").tag("Swift") }
                    GroupBadge().environmentObject(CourseStore(course: selectedCourse))
                }
            }
            """,
            // A wrapper only previews build (through another preview-only view): never shown in the app.
            """
            final class Coordinator: ObservableObject {
                static let shared = Coordinator()
                @Published var visible: String?
                func show(_ id: String) { visible = id }
            }
            struct Row: View {
                @EnvironmentObject var coordinator: Coordinator
                var body: some View { Button(coordinator.visible ?? "none") { coordinator.show("a") } }
            }
            struct PreviewHost<Content: View>: View {
                @State private var ready = false
                let content: () -> Content
                var body: some View {
                    VStack { if ready { content().environmentObject(Coordinator()) } }
                        .onAppear { ready = true }
                }
            }
            struct RowGallery: View {
                var body: some View { PreviewHost { Row() } }
            }
            #Preview { RowGallery() }
            @main
            struct GalleryApp: App {
                var body: some Scene { WindowGroup { Row().environmentObject(Coordinator.shared) } }
            }
            """,
            """
            final class Player: ObservableObject {
                @Published var playingID: String?
                func play(_ id: String) { playingID = id }
            }
            struct Feed: View {
                @State private var filter = ""
                var body: some View {
                    TextField("Filter", text: $filter)
                    DeferredButton { present(Clips(filter: filter).environmentObject(Player())) }
                }
            }
            """,
            """
            final class Store: ObservableObject {
                @Published var items: [String] = []
                func load() { items = ["a"] }
            }
            @main
            struct ShopApp: App {
                var body: some Scene {
                    WindowGroup { ContentView().environmentObject(Store()) }
                }
            }
            """,
            """
            final class Store: ObservableObject {
                @Published var items: [String] = []
                func load() { items = ["a"] }
            }
            struct Root: View {
                @State private var showsShop = true
                @State private var count = 0
                var body: some View {
                    if showsShop {
                        ContentView().environmentObject(Store())
                    } else {
                        Button("\\(count)") { count += 1 }
                    }
                }
            }
            """,
            """
            final class Store: ObservableObject {
                @Published var items: [String] = []
                func load() { items = ["a"] }
            }
            @main
            struct ShopApp: App {
                @StateObject private var store = Store()
                @Environment(\\.scenePhase) private var phase
                var body: some Scene {
                    WindowGroup { ContentView(active: phase == .active).environmentObject(store) }
                }
            }
            """,
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            #Preview {
                ContentView().environmentObject(Store())
            }
            struct ContentView_Previews: PreviewProvider {
                static var previews: some View {
                    ContentView().environmentObject(Store())
                }
            }
            """,
            """
            struct Root: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    ContentView().environmentObject(ExternalStore())
                }
            }
            """,
            """
            final class Catalog: ObservableObject {
                @Published var products: [String] = []
                private var cancellables = Set<AnyCancellable>()
                init(source: Inventory) {
                    source.$products.sink { [weak self] in self?.products = $0 }.store(in: &cancellables)
                }
            }
            struct Shop: View {
                @ObservedObject var inventory: Inventory
                var body: some View {
                    ProductList().environmentObject(Catalog(source: inventory))
                }
            }
            """,
            """
            final class Preferences: ObservableObject {
                @Published var compact: Bool
                init() { compact = UserDefaults.standard.bool(forKey: "compact") }
            }
            struct Root: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    ContentView().environmentObject(Preferences())
                }
            }
            """,
            """
            final class Store: ObservableObject {
                @Published var items: [String] = []
                func load() { items = ["a"] }
            }
            struct Root: View {
                @State private var count = 0
                var body: some View {
                    Button("Open \\(count)") {
                        count += 1
                        open(ContentView().environmentObject(Store()))
                    }
                }
            }
            """,
            // No view below reads the player: the state it would lose is seen by nobody.
            """
            final class Player: ObservableObject {
                @Published var playingID: String?
                func play(_ id: String) { playingID = id }
            }
            struct Clip: View {
                @EnvironmentObject var player: Player
                var body: some View { Button(player.playingID ?? "Play") { player.play("a") } }
            }
            struct Inbox: View { var body: some View { Text("Mail") } }
            struct Messages: View {
                @State private var unread = 0
                var body: some View {
                    Button("\\(unread)") { unread += 1 }
                    Inbox().environmentObject(Player())
                }
            }
            """,
            """
            final class Formatters: ObservableObject {
                let currency = NumberFormatter()
                let dates = DateFormatter()
            }
            struct Shop: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    ProductList().environmentObject(Formatters())
                }
            }
            """,
        ],
        autoFix: AutoFix(
            .unsafe,
            reason: "The model then lives as long as the view, created once instead of on every evaluation of `body`: the point, but it changes when its initializer runs and which state the views below start from.",
            corrections: [
                RuleCorrection(
                    """
                    final class Cart: ObservableObject { @Published var items: [String] = []; func add() { items.append("") } }
                    struct CartBadge: View {
                        @EnvironmentObject var cart: Cart
                        let night: Bool
                        var body: some View { Button(night ? "Night" : "Shop") { cart.add() } }
                    }
                    struct ShopRoot: View {
                        @Environment(\\.colorScheme) private var scheme
                        var body: some View {
                            CartBadge(night: scheme == .dark).environmentObject(↓Cart())
                        }
                    }
                    """,
                    """
                    final class Cart: ObservableObject { @Published var items: [String] = []; func add() { items.append("") } }
                    struct CartBadge: View {
                        @EnvironmentObject var cart: Cart
                        let night: Bool
                        var body: some View { Button(night ? "Night" : "Shop") { cart.add() } }
                    }
                    struct ShopRoot: View {
                        @Environment(\\.colorScheme) private var scheme
                        @StateObject private var cart = Cart()

                        var body: some View {
                            CartBadge(night: scheme == .dark).environmentObject(cart)
                        }
                    }
                    """),
                RuleCorrection(
                    """
                    @Observable final class Theme { var accent = "blue"; func reset() { accent = "blue" } }
                    struct ThemedLabel: View {
                        @Environment(Theme.self) private var theme
                        let title: String
                        var body: some View { Button(title) { theme.reset() } }
                    }
                    struct ThemedRoot: View {
                        let title: String
                        @Environment(\\.colorScheme) private var scheme
                        var body: some View {
                            ThemedLabel(title: scheme == .dark ? title : "").environment(↓Theme())
                        }
                    }
                    """,
                    """
                    @Observable final class Theme { var accent = "blue"; func reset() { accent = "blue" } }
                    struct ThemedLabel: View {
                        @Environment(Theme.self) private var theme
                        let title: String
                        var body: some View { Button(title) { theme.reset() } }
                    }
                    struct ThemedRoot: View {
                        let title: String
                        @Environment(\\.colorScheme) private var scheme
                        @State private var theme = Theme()

                        var body: some View {
                            ThemedLabel(title: scheme == .dark ? title : "").environment(theme)
                        }
                    }
                    """),
            ]))

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        let file = context.file
        let injections = index.environmentInjections(inFile: context.fileIndex).filter {
            $0.constructor != nil && !$0.isInPreview && $0.kind != .delegateAdaptor
        }
        guard !injections.isEmpty else { return }
        for (decl, type) in index.typeDeclarations(in: context.fileIndex)
        where RenderingCode.isRendering(type) && !RenderingCode.isPreviewCode(type, index: index) {
            var previewOnly: Bool?  // a wrapper view written for previews
            for body in RenderingCode.bodies(in: decl, file: context.fileIndex, of: type) {
                let inside = injections.filter { body.range.contains($0.token) }
                guard !inside.isEmpty else { continue }
                var roles = RenderRoles(body: body.range, file: file, index: index, viewBuildingClosuresAreContent: true)
                for injection in inside {
                    guard let typeName = injection.providedType, let model = index.types[typeName],
                        RenderingCode.isModel(model),
                        roles.role(of: injection.token) == .content,
                        roles.role(of: injection.expression.lowerBound) == .content
                    else { continue }
                    if previewOnly == nil {
                        previewOnly = index.isBuiltOnlyInPreviews(type.name) || RenderingCode.isUsedOnlyInPreviews(type, index: index)
                    }
                    if previewOnly == true { continue }
                    // The witness: what runs this body again while the subtree is shown, and
                    // what the new object loses. A trigger that changes what the object is
                    // built from replaces it as intended (`constructionInputs`).
                    let inputs = index.constructionInputs(of: injection.constructor, in: context.fileIndex)
                    guard let trigger = index.reRenderTriggers(of: type, whileShowing: TokenLocation(file: context.fileIndex, token: injection.token))
                        .first(where: { !index.changesInput($0, of: inputs, in: type.name) })
                    else { continue }
                    var loss = index.loss(ofRebuilding: model, call: injection.constructor, in: context.fileIndex)
                    // The state the old object held is lost only to a view that reads it:
                    // with no reader reachable below, only a repeated initializer effect is.
                    if !loss.changedState.isEmpty, !index.injectedSubtreeMayReachReader(injection, of: typeName) {
                        loss = ModelLoss(changedState: [], effect: loss.effect)
                    }
                    guard let summary = Witness.lossSummary(loss, keepsFirst: false) else { continue }
                    let modifier = file.text(injection.token)
                    let wrapper = RenderingCode.ownerWrapper(for: model)
                    let holder = holderName(for: model.name)
                    let constructor = file.text(injection.expression)
                    let takesArguments = injection.constructor?.arguments.map { $0.count > 2 } ?? false
                        || injection.constructor?.trailingClosures.isEmpty == false
                    let help = takesArguments
                        ? "create it once, in a `\(wrapper) private var` of the view that owns it (built from that view's inputs), and inject the stored object"
                        : "keep it in `\(wrapper) private var \(holder) = \(constructor)` and inject `.\(modifier)(\(holder))`"
                    var fixes: [Fix] = []
                    if !takesArguments,
                        let edits = storedPropertyEdits(
                            for: injection, holder: holder, wrapper: wrapper, in: decl, type: type, body: body.range,
                            constructed: inside.filter { $0.providedType == typeName }.count, context: context)
                    {
                        fixes.append(Fix(title: "Keep the `\(model.name.simpleTypeName)` in `\(wrapper) private var \(holder)`", edits: edits))
                    }
                    let owner = "`\(type.name).\(body.name)`"
                    context.report(
                        "`.\(modifier)(\(file.text(injection.expression)))` creates a new `\(model.name)` each time \(owner) runs again: the views below get the new object, and \(summary)",
                        at: injection.expression.lowerBound..<injection.expression.lowerBound + 1,
                        notes: Witness.triggerNotes(trigger, context: context)
                            + [context.note(
                                "\(owner) runs again and injects a new `\(model.name)` here", at: injection.expression.lowerBound..<injection.expression.lowerBound + 1)]
                            + Witness.lossNotes(loss, model: model.name, keepsFirst: false, context: context),
                        help: help, fixes: fixes)
                }
            }
        }
    }

    /// `@StateObject private var store = Store()` inserted above `var body` (on a line of
    /// its own, with the same indentation), and the injection of `store`. Only where the
    /// rewrite is certain to compile: an argument-less constructor, in `body` of the type's
    /// own declaration (stored properties cannot go in an extension) outside any `#if`, the
    /// only inline `T()` there, and a name nothing in the type uses yet.
    private func storedPropertyEdits(
        for injection: EnvironmentInjection, holder: String, wrapper: String, in decl: TypeDecl, type: TypeInfo,
        body: Range<Int>, constructed: Int, context: RuleContext
    ) -> [TextEdit]? {
        let file = context.file
        guard constructed == 1, decl.kind == .struct,
            let property = decl.properties.first(where: { $0.name == "body" && $0.accessors.contains { $0.body == body } }),
            !isConditionallyCompiled(injection.expression.lowerBound, in: body, file: file)
        else { return nil }
        for declaration in type.declarations {
            let declFile = context.index.files[declaration.file]
            if declaration.decl.members.contains(where: { declFile.kind($0) == .identifier && declFile.spells($0, holder) }) {
                return nil
            }
        }
        // The body's declaration must start its line: its indentation is the new line's.
        let start = Int(file.tokens[property.declaration.lowerBound].start)
        var lineStart = start
        while lineStart > 0, file.source.bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        let indentation = file.source.bytes[lineStart..<start]
        guard indentation.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return nil }
        let indent = String(decoding: indentation, as: UTF8.self)
        let constructor = file.text(injection.expression)
        return [
            context.edit(insertingBefore: property.declaration.lowerBound, "\(wrapper) private var \(holder) = \(constructor)\n\n\(indent)"),
            context.edit(replacing: injection.expression, with: holder),
        ]
    }

    /// Inside an `#if` of the body: a stored property declared for it would be compiled on
    /// every platform, the type it creates perhaps not.
    private func isConditionallyCompiled(_ token: Int, in body: Range<Int>, file: ParsedFile) -> Bool {
        var depth = 0
        for index in body.lowerBound..<token {
            switch file.kind(index) {
            case .poundIf: depth += 1
            case .poundEndif: depth -= 1
            default: break
            }
        }
        return depth > 0
    }

    /// `AppStore` → `appStore`; `Outer.Store` → `store`.
    private func holderName(for typeName: String) -> String {
        let simple = String(typeName.simpleTypeName)
        guard let first = simple.first else { return "model" }
        return first.lowercased() + simple.dropFirst()
    }
}
