import ObservationLintCore
import ObservationSyntax

public struct EnvironmentObjectNotInjected: Rule {
    public static let description = RuleDescription(
        id: "environment_object_not_injected",
        name: "Environment object not injected",
        category: .environment,
        group: .correctness,
        summary: "An `@EnvironmentObject` or `@Environment(T.self)` whose type nothing injects on some path to the view.",
        rationale: """
            `@EnvironmentObject var store: Store` and `@Environment(Model.self) var model` do not \
            create their object: they look it up, by its exact type, among the objects an \
            ancestor injected with `.environmentObject(_:)` or `.environment(_:)`, when the \
            property is read. When no ancestor did, SwiftUI stops the app at that read ("No \
            ObservableObject of type Store found", "No Observable object of type Model found"). \
            Injecting a subclass or a superclass does not count: the lookup uses the static type \
            that was passed. A crash claim must be exact, so the rule reports only with its \
            witness: the property is read (in rendering code or in an action — an unread \
            environment object is never looked up), and the view graph holds a complete path \
            from a root — a scene's content, a hosting controller's or hosting configuration's \
            root, an image renderer, each of which starts with an empty environment — down to \
            the view, every step a known construction site, with no injection on it. Sheets and \
            navigation destinations inherit their presenter's environment; a modifier on a \
            scene (`WindowGroup { … }.environmentObject(store)`) covers its content; content \
            handed to a container view (`SidePanel { Downloads() }`) is shown where the container \
            places it, inside whatever the container injects there. Every root of every platform \
            variant is walked (`#if os(iOS)` and `#else` scenes each need the object); a \
            property declared per variant with different types (`#if REMOTE let data: \
            RemoteData #else let data: Data #endif`) may provide either. A hosting controller or \
            configuration built for a SwiftUI representable (content handed to it, its \
            coordinator, a controller it creates) is no root: whether the environment around the \
            representable reaches it is not known. The notes \
            show the path from the root down to the view, then the read. Where the walk cannot \
            follow a step (unknown callers, an injection it cannot place, a view declared twice), \
            it stays silent. Several `@main` apps are several modules (one entry point per \
            module, SE-0281): where no target tells their files apart (an Xcode target, or a \
            package's target folder such as `Sources/Demo/`), each app's scenes are walked \
            alone, and a view no app's scenes reach, or one app shows with the object and \
            another without (a name there may mean a declaration the folder does not hold), \
            is not judged. A `public` model is no exception: another module may inject it \
            where it shows the view, but nothing can inject it between a root of this code and \
            the views that root shows.
            """,
        fix: """
            Inject the object on an ancestor of every place the view is shown — usually the \
            `App`'s `WindowGroup` content, and each `#Preview`: `.environmentObject(store)` \
            (ObservableObject) or `.environment(model)` (`@Observable`). A view that can live \
            without the model can read `@Environment(Model.self) private var model: Model?`.
            """,
        triggeringExamples: [
            // The modifiers after the `#if` clause apply to `ComposeBar`, not to the sibling
            // above it.
            """
            @Observable final class Conversation { var title = "" }
            struct MessageList: View {
                @Environment(Conversation.self) private var ↓conversation
                var body: some View { Text(conversation.title) }
            }
            struct ConversationView: View {
                @State private var conversation = Conversation()
                var body: some View {
                    VStack {
                        MessageList()
                        ComposeBar()
                            #if os(macOS)
                            .padding()
                            #endif
                            .environment(conversation)
                    }
                }
            }
            struct ComposeBar: View {
                var body: some View { Text("Compose") }
            }
            @main
            struct ChatApp: App {
                var body: some Scene { WindowGroup { ConversationView() } }
            }
            """,
            // A package's public model and view: a module importing them may inject the
            // object where it shows the view, but not below a root of this code.
            """
            public final class TabModel: ObservableObject { @Published public var selection = 0 }
            public struct CoursePage: View {
                @EnvironmentObject private var ↓tabs: TabModel
                public init() {}
                public var body: some View { Text("\\(tabs.selection)") }
            }
            @main
            struct CampusWatchApp: App {
                var body: some Scene { WindowGroup { CoursePage() } }
            }
            """,
            // Read only in a branch, but shown nowhere with the object: no site could select
            // a branch that does without it.
            """
            final class Authenticator: ObservableObject { @Published var enabled = false }
            @main
            struct TipsApp: App {
                var body: some Scene { WindowGroup { TipRow(showsToggle: true) } }
            }
            struct TipRow: View {
                @EnvironmentObject var ↓authenticator: Authenticator
                let showsToggle: Bool
                var body: some View {
                    if showsToggle { Toggle("Face ID", isOn: $authenticator.enabled) }
                }
            }
            """,
            """
            final class Cart: ObservableObject { @Published var items: [String] = [] }
            @main
            struct ShopApp: App {
                var body: some Scene { WindowGroup { Checkout() } }
            }
            struct Checkout: View {
                @StateObject private var cart = Cart()
                var body: some View { content.environmentObject(cart) }
                @ViewBuilder private var content: some View { CartBadge() }
            }
            struct CartBadge: View {
                @EnvironmentObject var ↓cart: Cart
                var body: some View { Text("\\(cart.items.count)") }
            }
            final class BadgeController: UIViewController {
                override func viewDidLoad() { addChild(UIHostingController(rootView: CartBadge())) }
            }
            """,
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            struct CartView: View {
                @EnvironmentObject private var ↓store: Store
                var body: some View { Text("\\(store.items.count)") }
            }
            @main
            struct ShopApp: App {
                var body: some Scene { WindowGroup { CartView() } }
            }
            """,
            // An image renderer starts with an empty environment and evaluates the body.
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            struct CartSummary: View {
                @EnvironmentObject private var ↓store: Store
                var body: some View { Text("\\(store.items.count)") }
            }
            @MainActor func snapshot() -> CGImage? { ImageRenderer(content: CartSummary()).cgImage }
            """,
            // Read in an action, not while rendering: the lookup still fails there.
            """
            @Observable final class Library { var books: [String] = [] }
            struct Shelf: View {
                @Environment(Library.self) private var ↓library
                var body: some View { Button("Add") { library.books.append("New") } }
            }
            @main
            struct ReaderApp: App {
                var body: some Scene { WindowGroup { Shelf() } }
            }
            """,
            // One platform's scene injects, the other's does not: compiled for macOS, it crashes.
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            @main
            struct ShopApp: App {
                @StateObject private var store = Store()
                var body: some Scene {
                    #if os(iOS)
                    WindowGroup { CartView().environmentObject(store) }
                    #else
                    WindowGroup { CartView() }
                    #endif
                }
            }
            struct CartView: View {
                @EnvironmentObject private var ↓store: Store
                var body: some View { Text("\\(store.items.count)") }
            }
            """,
            """
            class BaseStore: ObservableObject { @Published var isLoading = false }
            final class CartStore: BaseStore {}
            @main
            struct ShopApp: App {
                @StateObject private var cart = CartStore()
                var body: some Scene {
                    WindowGroup { Spinner().environmentObject(cart) }
                }
            }
            struct Spinner: View {
                @EnvironmentObject var ↓store: BaseStore
                var body: some View { Text(store.isLoading ? "Loading" : "Done") }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var theme = "light" }
            @Observable final class Profile { var name = "" }
            struct Header: View {
                @EnvironmentObject var settings: Settings
                @Environment(Profile.self) var ↓profile: Profile
                var body: some View { Text(profile.name + settings.theme) }
            }
            struct Root: View {
                @StateObject private var settings = Settings()
                var body: some View {
                    Header().environmentObject(settings)
                }
            }
            @main
            struct ProfileApp: App {
                var body: some Scene { WindowGroup { Root() } }
            }
            """,
            """
            final class Cart: ObservableObject { @Published var items: [String] = [] }
            @main
            struct ShopApp: App {
                @StateObject private var cart = Cart()
                var body: some Scene {
                    WindowGroup { Home().environmentObject(cart) }
                }
            }
            struct Home: View {
                var body: some View { CartBadge() }
            }
            struct CartBadge: View {
                @EnvironmentObject var ↓cart: Cart
                var body: some View { Text("\\(cart.items.count)") }
            }
            final class WidgetController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(UIHostingController(rootView: CartBadge()))
                }
            }
            """,
            """
            final class Selection: ObservableObject { @Published var id: Int? }
            @main
            struct FilesApp: App {
                var body: some Scene { WindowGroup { Browser() } }
            }
            struct Browser: View {
                var body: some View {
                    SplitPanel { Downloads() } footer: { Details() }
                }
            }
            struct SplitPanel<Header: View, Footer: View>: View {
                @StateObject private var selection = Selection()
                @ViewBuilder let header: () -> Header
                @ViewBuilder let footer: () -> Footer
                var body: some View {
                    VStack {
                        header().environmentObject(selection)
                        footer()
                    }
                }
            }
            struct Downloads: View {
                @EnvironmentObject var selection: Selection
                var body: some View { Text("\\(selection.id ?? 0)") }
            }
            struct Details: View {
                @EnvironmentObject var ↓selection: Selection
                var body: some View { Text("\\(selection.id ?? 0)") }
            }
            """,
            """
            final class Selection: ObservableObject { @Published var id: Int? }
            final class PanelViewModel { var title = "Files" }
            @main
            struct FilesApp: App {
                var body: some Scene { WindowGroup { Browser() } }
            }
            struct Browser: View {
                @StateObject private var selection = Selection()
                var body: some View {
                    VStack {
                        Toolbar().environmentObject(selection)
                        SidePanel(viewModel: PanelViewModel()) { Downloads() }
                    }
                }
            }
            struct SidePanel<Content: View>: View {
                let viewModel: PanelViewModel
                @ViewBuilder let content: () -> Content
                var body: some View { VStack { content() } }
            }
            struct Toolbar: View {
                @EnvironmentObject var selection: Selection
                var body: some View { Text("\\(selection.id ?? 0)") }
            }
            struct Downloads: View {
                @EnvironmentObject var ↓selection: Selection
                var body: some View { Text("\\(selection.id ?? 0)") }
            }
            """,
            """
            @Observable final class Player { var title = "" }
            @main
            struct MusicApp: App {
                @State private var player = Player()
                var body: some Scene {
                    WindowGroup { Library().environment(player) }
                    Window("Mini Player", id: "mini") { NowPlaying() }
                }
            }
            struct Library: View {
                var body: some View { NowPlaying() }
            }
            struct NowPlaying: View {
                @Environment(Player.self) private var ↓player
                var body: some View { Text(player.title) }
            }
            """,
            // Two apps of unknown targets: only the phone app shows `CartView`, without its store.
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            @main
            struct PhoneApp: App {
                var body: some Scene { WindowGroup { CartView() } }
            }
            @main
            struct WatchApp: App {
                var body: some Scene { WindowGroup { Text("Watch") } }
            }
            struct CartView: View {
                @EnvironmentObject private var ↓store: Store
                var body: some View { Text("\\(store.items.count)") }
            }
            """,
        ],
        nonTriggeringExamples: [
            // A modifier after a postfix `#if` clause applies to the whole chain, from its
            // base `MessageList()` on.
            """
            @Observable final class Conversation { var title = "" }
            struct MessageList: View {
                @Environment(Conversation.self) private var conversation
                var body: some View { Text(conversation.title) }
            }
            struct ConversationView: View {
                @State private var conversation = Conversation()
                var body: some View {
                    MessageList()
                        .navigationTitle(conversation.title)
                        #if os(macOS)
                        .navigationSubtitle("Chat")
                        #elseif os(iOS)
                        .navigationBarTitleDisplayMode(.inline)
                        #endif
                        .safeAreaInset(edge: .bottom) { ComposeBar() }
                        .environment(conversation)
                }
            }
            struct ComposeBar: View {
                var body: some View { Text("Compose") }
            }
            @main
            struct ChatApp: App {
                var body: some Scene { WindowGroup { ConversationView() } }
            }
            """,
            // An image renderer draws the view once and runs none of its `.onAppear` code.
            """
            final class Store: ObservableObject { @Published var items: [String] = []; func track() {} }
            struct CartSummary: View {
                @EnvironmentObject private var store: Store
                var body: some View { Text("Cart").onAppear { store.track() } }
            }
            @MainActor func snapshot() -> CGImage? { ImageRenderer(content: CartSummary()).cgImage }
            """,
            // Never read: the object is looked up only when the property is read.
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            struct CartView: View {
                @EnvironmentObject private var store: Store
                var body: some View { Text("Cart") }
            }
            @main
            struct ShopApp: App {
                var body: some Scene { WindowGroup { CartView() } }
            }
            """,
            // Every platform's scene injects it.
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            @main
            struct ShopApp: App {
                @StateObject private var store = Store()
                var body: some Scene {
                    #if os(iOS)
                    WindowGroup { CartView().environmentObject(store) }
                    #else
                    WindowGroup { CartView().environmentObject(store).frame(minWidth: 400) }
                    Settings { CartView().environmentObject(store) }
                    #endif
                }
            }
            struct CartView: View {
                @EnvironmentObject private var store: Store
                var body: some View { Text("\\(store.items.count)") }
            }
            """,
            // The view looks the object up only on iOS, where the scene injects it.
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            @main
            struct ShopApp: App {
                @StateObject private var store = Store()
                var body: some Scene {
                    #if os(iOS)
                    WindowGroup { CartView().environmentObject(store) }
                    #else
                    WindowGroup { CartView() }
                    #endif
                }
            }
            struct CartView: View {
                #if os(iOS)
                @EnvironmentObject private var store: Store
                var body: some View { Text("\\(store.items.count)") }
                #else
                var body: some View { Text("Cart") }
                #endif
            }
            """,
            // Injected in a hosting configuration's content and on the scene itself.
            """
            import UIKit
            final class Store: ObservableObject { @Published var items: [String] = [] }
            final class CartCells: UICollectionViewController {
                let store = Store()
                func configure(_ cell: UICollectionViewCell) {
                    cell.contentConfiguration = UIHostingConfiguration { CartRow().environmentObject(store) }
                }
            }
            @main
            struct ShopApp: App {
                @StateObject private var store = Store()
                var body: some Scene { WindowGroup { CartRow() }.environmentObject(store) }
            }
            struct CartRow: View {
                @EnvironmentObject private var store: Store
                var body: some View { Text("\\(store.items.count)") }
            }
            """,
            // The scene's content comes from a property of the app whose `#if` variants (or
            // same-named apps of other targets) declare `data` with different types: which one
            // is injected is not known, so the injection may provide `Library`.
            """
            class Library: ObservableObject { @Published var count = 0 }
            final class RemoteLibrary: Library {}
            @main
            struct ReaderApp: App {
                #if REMOTE
                let library: RemoteLibrary
                #else
                let library: Library
                #endif
                init() { library = Library() }
                @ViewBuilder var homeWindow: some View { Shelf().environmentObject(library) }
                var body: some Scene { WindowGroup { homeWindow } }
            }
            struct Shelf: View {
                @EnvironmentObject var library: Library
                var body: some View { Text("\\(library.count)") }
            }
            """,
            // A hosting configuration built in content handed to a SwiftUI representable:
            // whether the environment around the representable reaches it is not known.
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            struct Table<Content: View>: UIViewControllerRepresentable {
                let cell: (String) -> UIHostingConfiguration<Content, EmptyView>
                func makeUIViewController(context: Context) -> UITableViewController { UITableViewController() }
                func updateUIViewController(_ controller: UITableViewController, context: Context) {}
            }
            @main
            struct ShopApp: App {
                @StateObject private var store = Store()
                var body: some Scene { WindowGroup { CartList().environmentObject(store) } }
            }
            struct CartList: View {
                var body: some View { Table { _ in UIHostingConfiguration { CartRow() } } }
            }
            struct CartRow: View {
                @EnvironmentObject private var store: Store
                var body: some View { Text("\\(store.items.count)") }
            }
            """,
            // Shown with the object where it reads it, and read only in the branch those
            // sites select: the tips shown without it never look it up.
            """
            final class Authenticator: ObservableObject { @Published var enabled = false }
            enum Tip { case faceId, contextMenu }
            @main
            struct TipsApp: App {
                @StateObject private var authenticator = Authenticator()
                var body: some Scene {
                    WindowGroup {
                        TipRow(tip: .faceId).environmentObject(authenticator)
                        TipRow(tip: .contextMenu)
                    }
                }
            }
            struct TipRow: View {
                @EnvironmentObject var authenticator: Authenticator
                let tip: Tip
                var body: some View {
                    switch tip {
                    case .faceId: Toggle("Face ID", isOn: $authenticator.enabled)
                    case .contextMenu: Text("Long-press a row")
                    }
                }
            }
            """,
            // Swift looks `Row()` up in the innermost scope first: in `Archive` it calls the
            // view's own `Row()` method, so the window never builds `struct Row`.
            """
            @Observable final class Mailbox { var unread = 0 }
            @main
            struct MailApp: App {
                @State private var mailbox = Mailbox()
                var body: some Scene {
                    WindowGroup { Inbox().environment(mailbox) }
                    Window("Archive", id: "archive") { Archive() }
                }
            }
            struct Inbox: View {
                var body: some View { List { Row() } }
            }
            struct Archive: View {
                var body: some View { List { Row() } }
                @ViewBuilder func Row() -> some View { Text("Archived") }
            }
            struct Row: View {
                @Environment(Mailbox.self) private var mailbox
                var body: some View { Text("\\(mailbox.unread)") }
            }
            """,
            // A path runs on one platform: the macOS-only window shows `Preferences`, whose
            // `Badge` is built only on iOS.
            """
            @Observable final class Mailbox { var unread = 0 }
            @main
            struct MailApp: App {
                @State private var mailbox = Mailbox()
                var body: some Scene {
                    WindowGroup { Inbox().environment(mailbox) }
                    #if os(macOS)
                    Window("Settings", id: "settings") { Preferences() }
                    #endif
                }
            }
            struct Inbox: View {
                var body: some View { Badge() }
            }
            struct Preferences: View {
                var body: some View {
                    #if os(iOS)
                    Badge()
                    #else
                    Text("Settings")
                    #endif
                }
            }
            struct Badge: View {
                @Environment(Mailbox.self) private var mailbox
                var body: some View { Text("\\(mailbox.unread)") }
            }
            """,
            // No caller known: no path from a root, so no crash is established.
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            struct CartView: View {
                @EnvironmentObject private var store: Store
                var body: some View { Text("\\(store.items.count)") }
            }
            """,
            // A hosting subclass's root: what the subclass adds to its environment is not
            // modelled, so the walk does not start there.
            """
            final class Theme: ObservableObject { @Published var tint = 0 }
            @main
            struct SupportApp: App {
                @StateObject private var theme = Theme()
                var body: some Scene { WindowGroup { StatusPage().environmentObject(theme) } }
            }
            struct StatusPage: View {
                @EnvironmentObject var theme: Theme
                var body: some View { Text("\\(theme.tint)") }
            }
            final class StatusHostingController: UIHostingController<StatusPage> {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.backgroundColor = .black
                }
            }
            final class SupportController: UIViewController {
                func showStatus() {
                    navigationController?.pushViewController(StatusHostingController(rootView: StatusPage()), animated: true)
                }
            }
            """,
            // Among an app's scenes, `Settings { … }` is SwiftUI's scene, not the project's
            // iOS-only `Settings` view.
            """
            final class Library: ObservableObject { @Published var count = 0 }
            @main
            struct ReaderApp: App {
                @StateObject private var library = Library()
                var body: some Scene {
                    WindowGroup { Shelf().environmentObject(library) }
                    #if os(macOS)
                    Settings { LibrarySettings().environmentObject(library) }
                    #endif
                }
            }
            struct Shelf: View { var body: some View { Text("Shelf") } }
            struct LibrarySettings: View {
                @EnvironmentObject var library: Library
                var body: some View { Text("\\(library.count)") }
            }
            #if os(iOS)
            struct Settings: View {
                @EnvironmentObject var library: Library
                var body: some View { Text("\\(library.count)") }
            }
            #endif
            """,
            // Two targets in one project, each with its own `ContentView`: which one an app
            // shows is not known, so no path through that name is complete.
            """
            final class DeviceStats: ObservableObject { @Published var memory = 0 }
            @main
            struct EvalApp: App {
                var body: some Scene { WindowGroup { ContentView().environmentObject(DeviceStats()) } }
            }
            struct BasicApp: App {
                var body: some Scene { WindowGroup { ContentView() } }
            }
            struct ContentView: View {
                @EnvironmentObject var stats: DeviceStats
                var body: some View { Text("\\(stats.memory)") }
            }
            struct ContentView: View {
                var body: some View { Text("Basic") }
            }
            """,
            // Two apps of unknown targets: the watch app's `ContentView` is not in the folder,
            // and reaches the phone app's only because the two modules are read as one.
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            final class Workout: ObservableObject { @Published var heartRate = 0 }
            @main
            struct PhoneApp: App {
                @StateObject private var store = Store()
                var body: some Scene { WindowGroup { ContentView().environmentObject(store) } }
            }
            @main
            struct WatchApp: App {
                @StateObject private var workout = Workout()
                var body: some Scene { WindowGroup { ContentView().environmentObject(workout) } }
            }
            struct ContentView: View {
                var body: some View { CartView() }
            }
            struct CartView: View {
                @EnvironmentObject private var store: Store
                var body: some View { Text("\\(store.items.count)") }
            }
            """,
            """
            final class Selection: ObservableObject { @Published var id: Int? }
            @main
            struct FilesApp: App {
                var body: some Scene { WindowGroup { Browser() } }
            }
            struct Browser: View {
                var body: some View { Section("Files") { Downloads() } }
            }
            struct Section<Content: View>: View {
                @StateObject private var selection = Selection()
                let title: String
                let content: Content
                init(_ title: String, @ViewBuilder content: () -> Content) {
                    self.title = title
                    self.content = content()
                }
                var body: some View {
                    VStack { Toolbar(); content }.environmentObject(selection).navigationTitle(title)
                }
            }
            struct Toolbar: View {
                @EnvironmentObject var selection: Selection
                var body: some View { Text("\\(selection.id ?? 0)") }
            }
            struct Downloads: View {
                @EnvironmentObject var selection: Selection
                var body: some View { Text("\\(selection.id ?? 0)") }
            }
            """,
            """
            final class Selection: ObservableObject { @Published var id: Int? }
            @main
            struct FilesApp: App {
                @StateObject private var selection = Selection()
                var body: some Scene {
                    WindowGroup { Downloads().inPanel() }
                    Window("Inspector", id: "inspector") { Downloads().environmentObject(selection) }
                }
            }
            extension View {
                func inPanel() -> some View { SidePanel { self } }
            }
            struct SidePanel<Content: View>: View {
                @StateObject private var selection = Selection()
                @ViewBuilder let content: () -> Content
                var body: some View { content().environmentObject(selection) }
            }
            struct Downloads: View {
                @EnvironmentObject var selection: Selection
                var body: some View { Text("\\(selection.id ?? 0)") }
            }
            """,
            """
            final class Selection: ObservableObject { @Published var id: Int? }
            @main
            struct FilesApp: App {
                var body: some Scene { WindowGroup { Browser() } }
            }
            struct Browser: View {
                var body: some View {
                    SidePanel(content: { Downloads() })
                }
            }
            struct SidePanel<Content: View>: View {
                @StateObject private var selection = Selection()
                let content: () -> Content
                var body: some View {
                    HStack { Toolbar(); content() }.environmentObject(selection)
                }
            }
            struct Toolbar: View {
                @EnvironmentObject var selection: Selection
                var body: some View { Text("\\(selection.id ?? 0)") }
            }
            struct Downloads: View {
                @EnvironmentObject var selection: Selection
                var body: some View { Text("\\(selection.id ?? 0)") }
            }
            """,
            """
            final class Selection: ObservableObject { @Published var id: Int? }
            @main
            struct FilesApp: App {
                var body: some Scene { WindowGroup { Browser() } }
            }
            struct Browser: View {
                var body: some View {
                    Card { Downloads() }
                }
            }
            struct Card<Content: View>: View {
                @StateObject private var selection = Selection()
                private let content: Content
                init(@ViewBuilder content: () -> Content) { self.content = content() }
                var body: some View { VStack { Toolbar(); framed } .environmentObject(selection) }
                private var framed: some View { content.padding().border(.gray) }
            }
            struct Toolbar: View {
                @EnvironmentObject var selection: Selection
                var body: some View { Text("\\(selection.id ?? 0)") }
            }
            struct Downloads: View {
                @EnvironmentObject var selection: Selection
                var body: some View { Text("\\(selection.id ?? 0)") }
            }
            """,
            """
            final class Selection: ObservableObject { @Published var id: Int? }
            @main
            struct FilesApp: App {
                @StateObject private var selection = Selection()
                var body: some Scene {
                    WindowGroup { Browser() }
                    Window("Inspector", id: "inspector") { Inspector().environmentObject(selection) }
                }
            }
            struct Browser: View {
                var body: some View { Downloads().modifier(SelectionScope()) }
            }
            struct SelectionScope: ViewModifier {
                @StateObject private var selection = Selection()
                func body(content: Content) -> some View { content.environmentObject(selection) }
            }
            struct Inspector: View {
                var body: some View { Downloads() }
            }
            struct Downloads: View {
                @EnvironmentObject var selection: Selection
                var body: some View { Text("\\(selection.id ?? 0)") }
            }
            """,
            """
            final class Cart: ObservableObject { @Published var items: [String] = [] }
            @main
            struct ShopApp: App {
                var body: some Scene { WindowGroup { Checkout() } }
            }
            struct Checkout: View {
                @StateObject private var cart = Cart()
                var body: some View { content.environmentObject(cart) }
                @ViewBuilder private var content: some View { CartBadge() }
            }
            struct CartBadge: View {
                @EnvironmentObject var cart: Cart
                var body: some View { Text("\\(cart.items.count)") }
            }
            """,
            """
            @Observable final class Favorites { var ids: [Int] = [] }
            @main
            struct SkiApp: App {
                var body: some Scene { WindowGroup { Resorts() } }
            }
            struct Resorts: View {
                @State private var favorites = Favorites()
                var body: some View {
                    NavigationSplitView { List { ResortRow() } } detail: { Text("Pick one") }
                        .environment(favorites)
                }
            }
            struct ResortRow: View {
                @Environment(Favorites.self) private var favorites
                var body: some View { Text("\\(favorites.ids.count)") }
            }
            """,
            """
            final class Cart: ObservableObject { @Published var items: [String] = [] }
            @main
            struct ShopApp: App {
                @StateObject private var cart = Cart()
                var body: some Scene {
                    WindowGroup { Home().environmentObject(cart) }
                }
            }
            struct Home: View {
                @State private var showsCart = false
                var body: some View {
                    Button("Cart") { showsCart = true }
                        .sheet(isPresented: $showsCart) { CartSheet() }
                }
            }
            struct CartSheet: View {
                @EnvironmentObject var cart: Cart
                var body: some View { Text("\\(cart.items.count)") }
            }
            final class WidgetController: UIViewController {
                let cart = Cart()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(UIHostingController(rootView: CartSheet().environmentObject(cart)))
                }
            }
            """,
            """
            final class Cart: ObservableObject { @Published var items: [String] = [] }
            @main
            struct ShopApp: App {
                var body: some Scene {
                    WindowGroup { Home().withShopEnvironment() }
                }
            }
            extension View {
                func withShopEnvironment() -> some View { environmentObject(Cart()) }
            }
            struct Home: View {
                var body: some View { CartBadge() }
            }
            struct CartBadge: View {
                @EnvironmentObject var cart: Cart
                var body: some View { Text("\\(cart.items.count)") }
            }
            """,
            """
            final class Cart: ObservableObject { @Published var items: [String] = [] }
            struct Checkout: View {
                @StateObject private var cart = Cart()
                var body: some View { CartBadge().environmentObject(cart) }
            }
            struct CartBadge: View {
                @EnvironmentObject var cart: Cart
                var body: some View { Text("\\(cart.items.count)") }
            }
            enum Screens {
                static func badge() -> some View { CartBadge() }
            }
            """,
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            @main
            struct ShopApp: App {
                @StateObject private var store = Store()
                var body: some Scene {
                    WindowGroup { CartView().environmentObject(store) }
                }
            }
            struct CartView: View {
                @EnvironmentObject private var store: Store
                var body: some View { Text("\\(store.items.count)") }
            }
            """,
            """
            @Observable final class Library { var books: [String] = [] }
            struct Shelf: View {
                @Environment(Library.self) private var library: Library?
                var body: some View { Text("\\(library?.books.count ?? 0)") }
            }
            """,
            """
            public final class FeedStore: ObservableObject { @Published public var posts: [String] = [] }
            public struct FeedView: View {
                @EnvironmentObject private var store: FeedStore
                public var body: some View { Text("\\(store.posts.count)") }
            }
            """,
            """
            struct AccountView: View {
                @EnvironmentObject var session: SessionFromAnotherModule
                var body: some View { Text(session.name) }
            }
            """,
            """
            final class AppDelegate: NSObject, UIApplicationDelegate, ObservableObject {
                @Published var pushToken: String?
            }
            @main
            struct PushApp: App {
                @UIApplicationDelegateAdaptor(AppDelegate.self) var delegate
                var body: some Scene { WindowGroup { TokenView() } }
            }
            struct TokenView: View {
                @EnvironmentObject var delegate: AppDelegate
                var body: some View { Text(delegate.pushToken ?? "none") }
            }
            """,
            """
            final class SceneDelegate: NSObject, UIWindowSceneDelegate, ObservableObject {
                @Published var isForeground = true
            }
            final class AppDelegate: NSObject, UIApplicationDelegate {
                func application(
                    _ application: UIApplication, configurationForConnecting session: UISceneSession,
                    options: UIScene.ConnectionOptions
                ) -> UISceneConfiguration {
                    let configuration = UISceneConfiguration(name: nil, sessionRole: session.role)
                    configuration.delegateClass = SceneDelegate.self
                    return configuration
                }
            }
            struct ForegroundBadge: View {
                @EnvironmentObject var scene: SceneDelegate
                var body: some View { Text(scene.isForeground ? "Active" : "Background") }
            }
            """,
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            struct CartView: View {
                @EnvironmentObject private var store: Store
                var body: some View { Text("\\(store.items.count)") }
            }
            struct Host: View {
                let makeStore: () -> Store
                var body: some View { CartView().environmentObject(makeStore()) }
            }
            """,
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            struct CartView: View {
                @EnvironmentObject private var store: Store
                var body: some View { Text("\\(store.items.count)") }
            }
            #Preview {
                CartView().environmentObject(Store())
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        let file = context.file
        for (decl, type) in index.typeDeclarations(in: context.fileIndex) where type.kind == .struct {
            for property in decl.properties where property.isStored {
                guard let reader = reader(of: property, in: file, scope: type.name, index: index),
                    let model = index.types[reader.type],
                    // No root, no path (`uninjectedPath`): the reads are not looked for.
                    index.viewGraph.mayHaveRoots,
                    // The object is looked up when the property is read: unread, it never crashes.
                    let firstRead = firstRead(of: property, in: type, index: index)
                else { continue }
                let providers = index.environmentInjections(mayProvide: model.name).filter {
                    $0.mayProvide(model.name, to: reader.kind, index: index)
                }
                // The crash claim is exact: a complete path from a root, every step known.
                guard let path = index.uninjectedPath(
                    to: type.name, providers: providers, readerAt: TokenLocation(file: context.fileIndex, token: property.nameToken))
                else { continue }
                // An image renderer draws the view once: none of its actions, `.onAppear` or
                // `.task` runs, so only a read while rendering looks the object up.
                var read = firstRead
                if path.first?.context == .oneTime(.imageRenderer) {
                    guard let rendered = renderingRead(of: property, in: type, index: index) else { continue }
                    read = rendered
                }
                // Shown with the object elsewhere, and read only in branches: which branch
                // runs where it is shown without it depends on values the walk does not follow.
                if readsOnlyInBranches(property, in: type, index: index),
                    index.isInjectedAtSomeSite(of: type.name, providers: providers)
                {
                    continue
                }
                var related: DiagnosticNote?
                if providers.isEmpty, let injection = relatedInjection(of: model, kind: reader.kind, index: index),
                    let provided = injection.providedType
                {
                    related = context.note(
                        "`\(provided)` is injected here, but the environment is keyed by the exact type passed: this does not provide `\(model.name)`",
                        at: injection.token..<injection.token + 1, in: injection.file)
                }
                reportPath(path, reader: reader, property: property, read: read, related: related, anyProvider: !providers.isEmpty, context: &context)
            }
        }
    }

    /// A view shown, on one path from a root, with no ancestor providing the object; the
    /// notes follow the path from the root down to the view, then the read that crashes.
    private func reportPath(
        _ path: [ViewConstruction], reader: Reader, property: Property, read: (file: Int, token: Int), related: DiagnosticNote?,
        anyProvider: Bool, context: inout RuleContext
    ) {
        guard let root = path.first else { return }
        // A root built in a free function is named by it (`makeWindow()`).
        let rootName = root.enclosingType ?? root.enclosingMember.map { "\($0)()" } ?? "the root"
        let names = [rootName] + path.map(\.view)
        let modifier = reader.kind == .environmentObject ? "environmentObject" : "environment"
        var notes = [
            context.note(
                "`\(rootName)` shows `\(root.view)` here, \(rootPlace(root, in: context.index.files[root.file])): it starts with an empty environment",
                at: root.token..<root.token + 1, in: root.file)
        ]
        for (parent, site) in zip(path, path.dropFirst()) {
            // Content handed to a container: the innermost one, which did not provide it either.
            let container = context.index.viewGraph.constructions(inFile: site.file).last { container in
                container.enclosingType == site.enclosingType
                    && container.arguments.contains { $0.value.contains(site.token) }
            }
            let shownBy = container.map { " for `\($0.viewName)` to show" } ?? ""
            notes.append(
                context.note(
                    "`\(parent.view)` builds `\(site.view)` here\(shownBy), without providing `\(reader.type)`", at: site.token..<site.token + 1,
                    in: site.file))
        }
        notes.append(
            context.note(
                "`\(property.name)` is read here \(context.index.placeDescription(of: read.token, in: read.file)): the lookup fails",
                at: read.token..<read.token + 1, in: read.file))
        if let related { notes.append(related) }
        let provided = anyProvider
            ? "no ancestor on the path \(names.map { "`\($0)`" }.joined(separator: " → ")) injects `\(reader.type)`"
            : "no `.\(modifier)(…)` in the analyzed files provides `\(reader.type)`, and the path \(names.map { "`\($0)`" }.joined(separator: " → ")) shows this view"
        context.report(
            "\(provided): shown there, SwiftUI stops the app when `\(property.name)` is read (\"\(crashMessage(reader))\")",
            at: property.nameToken..<property.nameToken + 1,
            notes: notes,
            help: "inject it with `.\(modifier)(…)` on this path too (at `\(rootName)`, or on a view between it and this one)"
                + (reader.kind == .environment ? ", or declare `var \(property.name): \(reader.type.simpleTypeName)?` if the view can do without it" : ""))
    }

    /// The first place the view's code reads the property (`store`, `self.store`, `$store`),
    /// rendering code first: where the lookup happens.
    private func firstRead(of property: Property, in view: TypeInfo, index: ProjectIndex) -> (file: Int, token: Int)? {
        let reads = reads(of: property, in: view, index: index)
        let rendering = ViewCode.renderingBodies(of: view, index: index)
        return reads.first { read in rendering.contains { $0.file == read.file && $0.range.contains(read.token) } } ?? reads.first
    }

    /// A read of the property in content its rendering code builds while it is evaluated,
    /// not in a closure that runs later (an action, `.onAppear`, `.task`).
    private func renderingRead(of property: Property, in view: TypeInfo, index: ProjectIndex) -> (file: Int, token: Int)? {
        let reads = reads(of: property, in: view, index: index)
        for body in ViewCode.renderingBodies(of: view, index: index) {
            var roles = RenderRoles(body: body.range, file: index.files[body.file], index: index)
            if let read = reads.first(where: { $0.file == body.file && body.range.contains($0.token) && roles.role(of: $0.token) == .content }) {
                return read
            }
        }
        return nil
    }

    /// Whether every read of the property lies in a branch of the view's code: the block
    /// of an `if`, `else`, `guard` or `switch` (`switch tip { case .faceId: Toggle(isOn:
    /// $store.enabled) … }`). A read in a condition itself is not in a branch.
    private func readsOnlyInBranches(_ property: Property, in view: TypeInfo, index: ProjectIndex) -> Bool {
        let reads = reads(of: property, in: view, index: index)
        return !reads.isEmpty && reads.allSatisfy { isInBranch($0.token, in: index.files[$0.file]) }
    }

    /// A `{` around `token` opened by a line that starts a branch (`if …{`, `} else {`,
    /// `switch x {`, `guard … else {`).
    private func isInBranch(_ token: Int, in file: ParsedFile) -> Bool {
        enclosingBraces(of: token, in: file).contains { brace in
            var start = brace - 1
            while start >= 0 {
                if file.at(start, "if") || file.at(start, "else") || file.at(start, "switch") || file.at(start, "guard") { return true }
                if file.tokens[start].isAtStartOfLine || file.kind(start) == .leftBrace || file.kind(start) == .rightBrace { break }
                start -= 1
            }
            return false
        }
    }

    /// The `{` of each block around `token`, innermost first (balanced groups before it skipped).
    private func enclosingBraces(of token: Int, in file: ParsedFile) -> [Int] {
        var braces: [Int] = []
        var probe = token - 1
        while probe >= 0 {
            switch file.kind(probe) {
            case .rightBrace, .rightParen, .rightSquare:
                let open = Int(file.partner[probe])
                guard open >= 0, open < probe else { return braces }
                probe = open - 1
            case .leftBrace:
                braces.append(probe)
                probe -= 1
            default:
                probe -= 1
            }
        }
        return braces
    }

    /// The places the view's code reads the property, in declaration order.
    private func reads(of property: Property, in view: TypeInfo, index: ProjectIndex) -> [(file: Int, token: Int)] {
        let binding = "$" + property.name
        var reads: [(file: Int, token: Int)] = []
        for declaration in view.declarations {
            let file = index.files[declaration.file]
            let declared = Set(declaration.decl.properties.map(\.nameToken))
            for token in declaration.decl.members {
                guard file.kind(token) == .identifier && file.spells(token, property.name)
                    || file.kind(token) == .dollarIdentifier && file.spells(token, binding),
                    !declared.contains(token)
                else { continue }
                if file.isOwnMemberReference(token), !file.isArgumentLabel(token) { reads.append((declaration.file, token)) }
            }
        }
        return reads
    }

    private func rootPlace(_ root: ViewConstruction, in file: ParsedFile) -> String {
        switch root.context {
        case .oneTime(.hostingRoot) where isInHostingConfiguration(root.token, in: file): "as a hosting configuration's content"
        case .oneTime(.hostingRoot): "as a hosting controller's root"
        case .oneTime(.imageRenderer): "in an image renderer"
        default: "as a scene's root"
        }
    }

    /// Whether the innermost block around `token` is a `UIHostingConfiguration { … }` closure.
    private func isInHostingConfiguration(_ token: Int, in file: ParsedFile) -> Bool {
        enclosingBraces(of: token, in: file).first.map { $0 > 0 && file.at($0 - 1, "UIHostingConfiguration") } ?? false
    }

    private func crashMessage(_ reader: Reader) -> String {
        reader.kind == .environmentObject
            ? "No ObservableObject of type \(reader.type.simpleTypeName) found"
            : "No Observable object of type \(reader.type.simpleTypeName) found"
    }

    private struct Reader {
        let type: String
        let kind: EnvironmentInjection.Kind
    }

    /// `@EnvironmentObject var x: T` with `T` an ObservableObject of the project, or
    /// `@Environment(T.self) var x` (not optional) with `T` an observable of the project.
    private func reader(of property: Property, in file: ParsedFile, scope: String, index: ProjectIndex) -> Reader? {
        if ViewProperty.swiftUIWrapper("EnvironmentObject", on: property, index: index) != nil {
            guard let type = property.type, case .named(let name, _) = TypeShape(type.text),
                let resolved = index.resolve(name, from: scope), let info = index.types[resolved],
                info.isClass, info.isObservableObject
            else { return nil }
            return Reader(type: resolved, kind: .environmentObject)
        }
        if let attribute = ViewProperty.swiftUIWrapper("Environment", on: property, index: index),
            let arguments = attribute.arguments, arguments.count >= 3, file.at(arguments.upperBound - 1, "self"),
            file.kind(arguments.upperBound - 2) == .period
        {
            if let type = property.type, TypeShape(type.text).isOptional { return nil }
            let written = file.text(arguments.lowerBound..<arguments.upperBound - 2).filter { !$0.isWhitespace }
            guard case .named(let name, _) = TypeShape(written),
                let resolved = index.resolve(name, from: scope), let info = index.types[resolved],
                info.isClass, info.isObservable
            else { return nil }
            return Reader(type: resolved, kind: .environment)
        }
        return nil
    }

    /// An injection of a subclass or superclass of `model`, which the developer may have
    /// meant to provide it.
    private func relatedInjection(of model: TypeInfo, kind: EnvironmentInjection.Kind, index: ProjectIndex) -> EnvironmentInjection? {
        let related = Set(index.typeAndAncestors(of: model).map(\.name) + index.typeAndSubtypes(of: model).map(\.name))
            .subtracting([model.name])
        return index.environmentInjections.first { injection in
            injection.providedType.map(related.contains) == true && (injection.kind == kind || injection.kind == .delegateAdaptor)
        }
    }
}
