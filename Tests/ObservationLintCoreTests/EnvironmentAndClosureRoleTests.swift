import ObservationLintCore
import ObservationSyntax
import XCTest

/// The index's environment injections (with the provided expression's static type) and the
/// closure roles of `ViewCode` that the rules about body evaluation rely on.
final class EnvironmentAndClosureRoleTests: XCTestCase {
    private func index(_ files: [String: String]) -> ProjectIndex {
        let parsed = files.sorted { $0.key < $1.key }.map { ParsedFile(path: $0.key, bytes: Array($0.value.utf8)) }
        return ProjectIndex(files: parsed)
    }

    private func provided(_ index: ProjectIndex) -> [String] {
        index.environmentInjections.map { injection in
            let file = index.files[injection.file]
            return "\(file.text(injection.expression)) -> \(injection.providedType ?? "?")"
        }
    }

    func testInjectionsAreTypedFromConstructorsPropertiesLocalsAndFunctions() {
        let index = index([
            "Models.swift": """
                final class Store: ObservableObject { static let shared = Store() }
                final class Settings: ObservableObject {}
                @Observable final class Library {}
                final class AppModel: ObservableObject { let settings = Settings(); var library: Library? }
                func makeStore() -> Store { Store() }
                """,
            "App.swift": """
                struct Root: View {
                    @StateObject private var store = Store()
                    @StateObject private var app = AppModel()
                    let factory: () -> Store
                    var body: some View {
                        let local = Settings()
                        VStack {
                            A().environmentObject(store)
                            A().environmentObject(self.app.settings)
                            A().environmentObject(Store.shared)
                            A().environmentObject(local)
                            A().environmentObject(makeStore())
                            A().environmentObject(factory())
                            A().environment(Library())
                            A().environment(\\.locale, Locale(identifier: "en"))
                            if let library = app.library { A().environment(library) }
                            ForEach(stores) { store in A().environmentObject(store) }
                        }
                    }
                }
                """,
        ])
        XCTAssertEqual(
            provided(index),
            [
                "store -> Store", "self.app.settings -> Settings", "Store.shared -> Store", "local -> Settings",
                "makeStore() -> Store", "factory() -> ?", "Library() -> Library", "library -> Library", "store -> ?",
            ])
        XCTAssertEqual(index.environmentInjections.filter { $0.constructor != nil }.count, 1)
    }

    func testPreviewsAndDelegateAdaptorsAreRecorded() {
        let index = index([
            "App.swift": """
                final class AppDelegate: NSObject, ObservableObject {}
                @main struct MyApp: App {
                    @UIApplicationDelegateAdaptor(AppDelegate.self) var delegate
                    var body: some Scene { WindowGroup { Root() } }
                }
                #Preview { Root().environmentObject(AppDelegate()) }
                struct Root_Previews: PreviewProvider {
                    static var previews: some View { Root().environmentObject(AppDelegate()) }
                }
                """,
        ])
        let injections = index.environmentInjections
        XCTAssertEqual(injections.map(\.kind), [.environmentObject, .environmentObject, .delegateAdaptor])
        XCTAssertEqual(injections.map(\.isInPreview), [true, true, false])
        XCTAssertEqual(injections.map(\.providedType), ["AppDelegate", "AppDelegate", "AppDelegate"])
    }

    func testExactTypeMatching() {
        let index = index([
            "Models.swift": """
                class Base: ObservableObject {}
                final class Sub: Base {}
                struct Root: View { var body: some View { A().environmentObject(Sub()) } }
                """,
        ])
        let injection = index.environmentInjections[0]
        XCTAssertTrue(injection.mayProvide("Sub", to: .environmentObject, index: index))
        XCTAssertFalse(injection.mayProvide("Base", to: .environmentObject, index: index))
        XCTAssertFalse(injection.mayProvide("Sub", to: .environment, index: index))
    }

    /// A path from a root runs on one platform: a macOS-only site does not continue a path
    /// from an iOS-only root (SPEC §9, variants).
    func testUninjectedPathsStayOnOnePlatform() {
        func path(appInjectsOnMac: Bool) -> [String]? {
            let index = index([
                "App.swift": """
                    final class Store: ObservableObject { @Published var count = 0 }
                    @main
                    struct StoreApp: App {
                        @StateObject private var store = Store()
                        var body: some Scene {
                            #if os(iOS)
                            WindowGroup { Home() }
                            #else
                            WindowGroup { Home()\(appInjectsOnMac ? ".environmentObject(store)" : "") }
                            #endif
                        }
                    }
                    """,
                "Home.swift": """
                    struct Home: View {
                        var body: some View {
                            #if os(macOS)
                            Badge()
                            #elseif os(iOS) || os(visionOS)
                            Badge().environmentObject(Store())
                            #endif
                        }
                    }
                    struct Badge: View {
                        @EnvironmentObject var store: Store
                        var body: some View { Text("\\(store.count)") }
                    }
                    """,
            ])
            let providers = index.environmentInjections(mayProvide: "Store")
            return index.uninjectedPath(to: "Badge", providers: providers).map { path in
                path.map { "\($0.enclosingType ?? "?") builds \($0.view) at line \(index.files[$0.file].source.location(of: index.files[$0.file].byteRange($0.token..<$0.token + 1).lowerBound).line)" }
            }
        }
        XCTAssertNil(path(appInjectsOnMac: true))
        XCTAssertEqual(path(appInjectsOnMac: false), ["StoreApp builds Home at line 9", "Home builds Badge at line 4"])
    }

    /// A property declared in several variants — `#if` clauses, same-named app types of
    /// several targets, a type alias declared per clause — holds a known type only when the
    /// variants agree: which one the injecting code is compiled with is not known.
    func testPropertiesDeclaredPerVariantAreTypedOnlyWhenTheVariantsAgree() {
        let index = index([
            "Models.swift": """
                class Data: ObservableObject {}
                final class RemoteData: Data {}
                """,
            "iOS/App.swift": """
                struct UTM: App {
                    #if WITH_REMOTE
                    private let data: RemoteData
                    #else
                    private let data: Data
                    #endif
                    var body: some Scene { WindowGroup { Single() } }
                }
                struct Single: View {
                    #if WITH_REMOTE
                    typealias DataType = RemoteData
                    #else
                    typealias DataType = Data
                    #endif
                    let data: DataType
                    let same: Data
                    var body: some View { A().environmentObject(data).environmentObject(same) }
                }
                """,
            "macOS/App.swift": """
                struct UTM: App {
                    let data: Data
                    var homeWindow: some View { Home().environmentObject(data) }
                    var body: some Scene { WindowGroup { homeWindow } }
                }
                """,
        ])
        XCTAssertEqual(provided(index), ["data -> ?", "same -> Data", "data -> ?"])
    }

    /// A hosting root built for a SwiftUI representable (content handed to it, its own code,
    /// a class its code creates) is not known to start with an empty environment: the path
    /// is incomplete. A hosting controller of UIKit code still starts empty.
    func testHostingRootsBuiltForRepresentablesAreNoRoots() {
        func path(hosting: String) -> [String]? {
            let index = index([
                "Views.swift": """
                    final class Store: ObservableObject { @Published var count = 0 }
                    struct Cell: View {
                        @EnvironmentObject var store: Store
                        var body: some View { Text("\\(store.count)") }
                    }
                    struct Table<Content>: UIViewControllerRepresentable {
                        let content: (Int) -> UIHostingConfiguration<Content, EmptyView>
                        func makeUIViewController(context: Context) -> TableController { TableController() }
                        func updateUIViewController(_ controller: TableController, context: Context) {}
                    }
                    struct Explorer: View {
                        var body: some View { Table { _ in UIHostingConfiguration { Cell() } } }
                    }
                    """,
                "Hosting.swift": hosting,
            ])
            let providers = index.environmentInjections(mayProvide: "Store")
            return index.uninjectedPath(to: "Cell", providers: providers).map { path in path.map { $0.enclosingType ?? "?" } }
        }
        XCTAssertNil(path(hosting: "final class TableController: UITableViewController {}"))
        XCTAssertNil(
            path(hosting: """
                final class TableController: UITableViewController {
                    func header() -> UIViewController { UIHostingController(rootView: Cell()) }
                }
                """))
        XCTAssertEqual(
            path(hosting: """
                final class TableController: UITableViewController {}
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func show() { window?.rootViewController = UIHostingController(rootView: Cell()) }
                }
                """),
            ["SceneDelegate"])
    }

    /// An injection in a computed property or `@ViewBuilder` helper that `body` uses covers
    /// every view the helpers it wraps build, however many helpers deep and in whichever
    /// file (`body` → `layout`, whose value is `core.environmentObject(store)`, → `core` →
    /// … → `Badge()`).
    func testInjectionsInHelpersCoverViewsBuiltManyHelpersDeeper() {
        func path(layout: String) -> [String]? {
            let index = index([
                "App.swift": """
                    final class Store: ObservableObject { @Published var count = 0 }
                    @main
                    struct StoreApp: App {
                        var body: some Scene { WindowGroup { Home() } }
                    }
                    struct Badge: View {
                        @EnvironmentObject var store: Store
                        var body: some View { Text("\\(store.count)") }
                    }
                    struct Toast: View {
                        var body: some View { Text("Saved") }
                    }
                    """,
                "Home.swift": """
                    struct Home: View {
                        @StateObject var store = Store()
                        var body: some View { layout.padding() }
                    }
                    extension Home {
                        var layout: some View { \(layout) }
                        private var core: some View { stack.overlay { Toast() } }
                    }
                    """,
                "Home+Panels.swift": """
                    extension Home {
                        var stack: some View { HStack { left; right } }
                        private var left: some View { Text("Left") }
                        private var right: some View { VStack { panel(width: 10) } }
                        private func panel(width: CGFloat) -> some View { VStack { column } }
                        private var column: some View { ScrollView { content } }
                        @ViewBuilder private var content: some View { Badge() }
                    }
                    """,
            ])
            let providers = index.environmentInjections(mayProvide: "Store")
            return index.uninjectedPath(to: "Badge", providers: providers).map { path in path.map { $0.enclosingType ?? "?" } }
        }
        XCTAssertNil(path(layout: "core.environmentObject(store)"))
        XCTAssertEqual(path(layout: "core"), ["StoreApp", "Home"])
    }

    func testInjectionsAfterAndInsidePostfixConditionalClausesModifyTheWholeChain() {
        func path(_ chain: String) -> [String]? {
            let index = index([
                "App.swift": """
                    @Observable final class Conversation { var title = "" }
                    @main
                    struct ChatApp: App {
                        var body: some Scene { WindowGroup { ConversationView() } }
                    }
                    struct MessageList: View {
                        @Environment(Conversation.self) var conversation
                        var body: some View { Text(conversation.title) }
                    }
                    struct Footer: View {
                        var body: some View { Text("Footer") }
                    }
                    struct ConversationView: View {
                        @State var conversation = Conversation()
                        var body: some View {
                            VStack {
                                Text("Header")
                                \(chain)
                            }
                        }
                    }
                    """
            ])
            let providers = index.environmentInjections(mayProvide: "Conversation")
            return index.uninjectedPath(to: "MessageList", providers: providers).map { path in path.map { $0.enclosingType ?? "?" } }
        }
        let after = """
            MessageList()
                .navigationTitle("Chat")
                #if os(macOS)
                .navigationSubtitle("Sub")
                #elseif os(iOS)
                .padding()
                #else
                #if DEBUG
                .border(.red)
                #endif
                #endif
                .safeAreaInset(edge: .bottom) { Footer() }
                .environment(conversation)
            """
        XCTAssertNil(path(after))
        let inside = """
            MessageList()
                #if os(iOS)
                .safeAreaInset(edge: .bottom) { Footer() }
                .environment(conversation)
                #endif
            """
        XCTAssertNil(path(inside))
        let sibling = """
            MessageList()
            Footer()
                #if os(iOS)
                .padding()
                #endif
                .environment(conversation)
            """
        XCTAssertEqual(path(sibling), ["ChatApp", "ConversationView"])
    }

    /// The role of the closure that contains the marker `probe` (a call of `probe()`).
    /// Asked of one `RenderRoles` per probe, and of one shared by all probes in reverse
    /// order: its remembered scope roles must not change an answer.
    private func roles(_ code: String, extra: [String: String] = [:]) -> [ClosureRole] {
        var files = extra
        files["View.swift"] = code
        let index = index(files)
        let fileIndex = index.files.firstIndex { $0.path == "View.swift" }!
        let file = index.files[fileIndex]
        let body = 0..<file.tokens.count
        let probes = file.tokens.indices.filter { file.at($0, "probe") }
        let separately = probes.map { probe in
            var roles = RenderRoles(body: body, file: file, index: index)
            return roles.role(of: probe)
        }
        var shared = RenderRoles(body: body, file: file, index: index)
        let together = probes.reversed().map { shared.role(of: $0) }
        XCTAssertEqual(Array(together.reversed()), separately)
        return separately
    }

    func testButtonClosures() {
        XCTAssertEqual(
            roles("""
                let v = VStack {
                    Button("Save") { probe() }
                    Button { probe() } label: { probe() }
                    Button(role: .destructive) { probe() } label: { probe() }
                    Button(action: { probe() }) { probe() }
                }
                """),
            [.action, .action, .content, .action, .content, .action, .content])
    }

    func testActionsAndContent() {
        XCTAssertEqual(
            roles("""
                let v = List {
                    Text("a").onAppear { probe() }
                    Toggle("b", isOn: Binding(get: { probe() }, set: { _ in probe() }))
                    Stepper("c", onIncrement: { probe() }, onDecrement: { probe() })
                    Text("d").sheet(isPresented: $x, onDismiss: { probe() }) { probe() }
                    let _ = { probe() }()
                    let stored = { probe() }
                    ForEach(items) { _ in probe() }
                }
                """),
            // A binding's getter runs while the control that holds it renders; its setter later.
            [.action, .content, .action, .action, .action, .action, .content, .content, .unknown, .content])
    }

    func testSwiftUIControlsTrailingClosuresFollowTheInitializerTheArgumentsSelect() {
        XCTAssertEqual(
            roles("""
                let v = Form {
                    TextField("Name", text: $name) { probe() }
                    TextField(text: $name) { probe() }
                    SecureField("Password", text: $password) { probe() }
                    Stepper("Count", value: $count) { _ in probe() }
                    Stepper(value: $count) { probe() }
                    Stepper { probe() } onIncrement: { probe() } onDecrement: { probe() }
                    Slider(value: $volume) { probe() }
                    Slider(value: $volume, onEditingChanged: { _ in probe() })
                    Button(intent: Refresh()) { probe() }
                    PasteButton(payloadType: String.self) { _ in probe() }
                }
                """),
            [.action, .content, .action, .action, .content, .content, .action, .action, .unknown, .action, .content, .action])
    }

    func testMenusLinksAndAlertsSplitContentFromActions() {
        XCTAssertEqual(
            roles("""
                let v = VStack {
                    Menu { probe() } label: { probe() } primaryAction: { probe() }
                    Link(destination: url) { probe() }
                    Toggle(isOn: $on) { probe() }
                    Text("a").alert("Delete?", isPresented: $asking) { probe() } message: { probe() }
                    Text("b").confirmationDialog("Share", isPresented: $sharing) { Button("Mail") { probe() } }
                }
                """),
            [.content, .content, .action, .content, .content, .content, .content, .action])
    }

    func testClosuresOfAnotherModulesInitializersAreNotContent() {
        XCTAssertEqual(
            roles("""
                let v = VStack {
                    Carousel(photos) { probe() }
                    CardKit(content: { probe() }, onClose: { probe() })
                    WithPerceptionTracking { probe() }
                }
                """),
            [.unknown, .unknown, .action, .content])
    }

    /// Asked for what runs again with the body: another module's initializer's trailing
    /// closure whose first statement builds a view (a project view or a SwiftUI container)
    /// is content; one that starts with a call, one passed to a method, and one of a
    /// project type stay what `role(of:)` says.
    func testViewBuildingClosuresOfAnotherModulesInitializersAreContentWhenAsked() {
        let code = """
            struct Row: View { var body: some View { Text("") } }
            let v = VStack {
                BackportStack(path: $path) { Row().id(probe()) }
                BackportStack { VStack { probe() } }
                Deferred { present(Row(), probe()) }
                Carousel(photos) { photo in Row().id(probe()) }
                Text("").backportDestination(for: Int.self) { Row().id(probe()) }
            }
            """
        let index = index(["View.swift": code])
        let fileIndex = index.files.firstIndex { $0.path == "View.swift" }!
        let file = index.files[fileIndex]
        let probes = file.tokens.indices.filter { file.at($0, "probe") }
        var asked = RenderRoles(body: 0..<file.tokens.count, file: file, index: index, viewBuildingClosuresAreContent: true)
        XCTAssertEqual(probes.map { asked.role(of: $0) }, [.content, .content, .unknown, .unknown, .unknown])
        var plain = RenderRoles(body: 0..<file.tokens.count, file: file, index: index)
        XCTAssertEqual(probes.map { plain.role(of: $0) }, [.unknown, .unknown, .unknown, .unknown, .unknown])
    }

    func testClosuresPassedToProjectViewsFollowTheirParameters() {
        let views = """
            struct Row: View {
                let title: String
                let onDelete: () -> Void
                var body: some View { Text(title) }
            }
            struct Card<Content: View>: View {
                let content: Content
                let onTap: (() async -> Void)?
                init(@ViewBuilder content: () -> Content, onTap: (() async -> Void)? = nil) {
                    self.content = content()
                    self.onTap = onTap
                }
                var body: some View { content }
            }
            struct Tracker<Content: View>: View {
                typealias ScrollAction = (CGPoint) -> Void
                let action: ScrollAction
                let content: () -> Content
                init(onScroll: ScrollAction? = nil, @ViewBuilder content: @escaping () -> Content) {
                    self.action = onScroll ?? { _ in }
                    self.content = content
                }
                var body: some View { content() }
            }
            """
        XCTAssertEqual(
            roles(
                """
                let v = VStack {
                    Row(title: "x") { probe() }
                    Row(title: "y", onDelete: { probe() })
                    Card { probe() } onTap: { probe() }
                    Tracker { _ in probe() } content: { probe() }
                }
                """, extra: ["Views.swift": views]),
            [.action, .action, .content, .action, .action, .content])
    }

    func testClosuresPassedToProjectMethodsFollowTheirParametersAndOtherModulesAreUnknown() {
        let modifiers = """
            extension View {
                @ViewBuilder func card<Content: View>(_ on: Bool, @ViewBuilder content: () -> Content) -> some View { self }
                func conditional<Content: View>(_ on: Bool, transform: (Self) -> Content) -> some View { transform(self) }
                func swipe(threshold: CGFloat = 4, action: @escaping (CGFloat) -> Void) -> some View { self }
                func measure(_ body: () -> Void) -> some View { body(); return self }
            }
            """
        XCTAssertEqual(
            roles(
                """
                let v = VStack {
                    Text("a").card(true) { probe() }
                    Text("b").conditional(true) { view in probe() }
                    Text("c").swipe { _ in probe() }
                    Text("d").measure { probe() }
                    Text("e").watch(value: x) { _ in probe() }
                }
                """, extra: ["Modifiers.swift": modifiers]),
            [.content, .content, .action, .unknown, .unknown])
    }

    /// An unlabeled trailing closure binds as Swift's forward scan does (SE-0286): a closure
    /// parameter with a default value is skipped while a later one still needs an argument.
    func testTrailingClosureSkipsDefaultedParametersALaterOneNeeds() {
        let helpers = """
            struct Sheet: View {
                var body: some View { EmptyView() }
                func row(
                    title: String, @ViewBuilder accessory: () -> some View = { EmptyView() },
                    onShare: (() -> Void)? = nil, action: @escaping () -> Void
                ) -> some View { Text(title) }
                func tile(title: String, @ViewBuilder accessory: () -> some View = { EmptyView() }) -> some View { Text(title) }
            }
            struct Badge<Accessory: View>: View {
                var accessory: () -> Accessory = { EmptyView() }
                let onTap: () -> Void
                var body: some View { accessory() }
            }
            """
        XCTAssertEqual(
            roles(
                """
                let v = VStack {
                    row(title: "a") { probe() }
                    row(title: "b") { probe() } action: { probe() }
                    tile(title: "c") { probe() }
                    Badge { probe() }
                }
                """, extra: ["Helpers.swift": helpers]),
            [.action, .content, .action, .content, .action])
    }

    /// A view's helper called only in a closure of another module's modifier (a third-party
    /// `.watch(value:) { … }`) is not rendering code: when that closure runs is not known.
    func testRenderingBodiesDoNotFollowClosuresOfUnknownRole() {
        let index = index([
            "View.swift": """
                struct Editor: View {
                    var body: some View {
                        Text(title)
                            .watch(value: id) { _ in focusIfReady() }
                            .card { badge }
                    }
                    var title: String { "t" }
                    var badge: some Shape { Circle() }
                    func focusIfReady() { }
                }
                extension View {
                    func card<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }
                }
                """
        ])
        let names = ViewCode.renderingBodies(of: index.types["Editor"]!, index: index).map(\.name).sorted()
        XCTAssertEqual(names, ["badge", "body", "title"])
    }
}
