import ObservationLintCore
import ObservationSyntax
import XCTest

/// Render paths (SPEC §9): what rendering code reads, through helpers, models' computed
/// properties and methods, and the models they hold; never what action closures read.
final class RenderPathsTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "A.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
    }

    private let shop = """
        final class Settings: ObservableObject { var currency = "EUR" }
        final class Cart: ObservableObject {
            var items: [String] = []
            var discount = 0
            let settings = Settings()
            var total: String { "\\(items.count) \\(settings.currency)" }
            func label(prefix: String) -> String { prefix + summary }
            private var summary: String { "\\(discount)" }
            func clear() { items = [] }
        }
        struct CartView: View {
            @ObservedObject var cart: Cart
            var body: some View {
                VStack {
                    header
                    Button("Clear") { cart.clear() }
                        .onAppear(perform: cart.clear)
                }
            }
            private var header: some View { Text(cart.total) }
            private var unused: String { cart.label(prefix: "x") }
        }
        final class CartController: NSViewController {
            let cart = Cart()
            func refresh() { title = cart.label(prefix: "Cart: ") }
        }
        """

    /// `@Environment(\.key)` holds the type of the `EnvironmentValues` member the project
    /// declares, an existential as its protocol.
    func testAnEnvironmentKeyPathHoldsTheTypeOfItsEnvironmentValue() {
        let source = """
            protocol SessionProviding: Observable { var user: String { get } }
            @Observable final class Session: SessionProviding { var user = "" }
            private struct SessionKey: EnvironmentKey { static let defaultValue: any SessionProviding = Session() }
            extension EnvironmentValues {
                var session: any SessionProviding {
                    get { self[SessionKey.self] }
                    set { self[SessionKey.self] = newValue }
                }
            }
            struct ProfileView: View {
                @Environment(\\.session) private var session
                @Environment(\\.dismiss) private var dismiss
                var body: some View { Text(session.user) }
            }
            """
        let index = index(source)
        XCTAssertEqual(index.environmentValueType(named: "session"), "SessionProviding")
        XCTAssertNil(index.environmentValueType(named: "dismiss"))
        XCTAssertEqual(index.renderReads(of: "SessionProviding").map { $0.path.joined(separator: ".") }, ["user"])
        let undeclared = source.replacingOccurrences(of: "var session: any SessionProviding", with: "var session: String")
        XCTAssertTrue(self.index(undeclared).renderReads(of: "SessionProviding").isEmpty)
    }

    /// A stored `any P` holds an instance of a class conforming to the project protocol `P`.
    func testReadsReachAModelHeldAsAnExistential() {
        let source = """
            protocol AuthProviding: AnyObject { var ok: Bool { get } }
            @Observable final class Auth: AuthProviding { var ok = false }
            @Observable final class Home {
                @ObservationIgnored private let auth: any AuthProviding
                init(auth: any AuthProviding) { self.auth = auth }
                var isAuthorized: Bool { auth.ok }
            }
            struct HomeView: View {
                @State var home: Home
                var body: some View { Text(home.isAuthorized ? "in" : "out") }
            }
            """
        XCTAssertEqual(index(source).renderReads(of: "AuthProviding").map { $0.path.joined(separator: ".") }, ["ok"])
        XCTAssertTrue(index(source.replacingOccurrences(of: "let auth: any AuthProviding", with: "let auth: String")).renderReads(of: "AuthProviding").isEmpty)
    }

    func testRenderingCodeReachesModelFieldsThroughHelpersAndComputedProperties() {
        let index = index(shop)
        let reads = index.renderReads(of: "Cart").map { $0.path.joined(separator: ".") }
        XCTAssertTrue(reads.contains("total"))
        XCTAssertTrue(reads.contains("items.count"))
        XCTAssertTrue(reads.contains("settings.currency"))
        // Action closures, methods handed to actions, unused helpers and AppKit code are not
        // render reads.
        XCTAssertFalse(reads.contains("clear"))
        XCTAssertFalse(reads.contains("label"))
        XCTAssertFalse(reads.contains("discount"))
    }

    /// A body reading a tracked property of an `@Observable` instance a type holds in a
    /// static property registers it with Observation as through a view's own property; an
    /// `ObservableObject` reached that way subscribes no view.
    func testAStaticInstanceOfAnObservableModelIsReadWhereRenderingCodeReadsIt() {
        let index = index("""
            @Observable final class Client {
                static let shared = Client()
                var online = false
                var token = ""
                var isAuthorized: Bool { !token.isEmpty }
            }
            final class Player: ObservableObject {
                static let current = Player()
                @Published var playing = false
            }
            enum Services {
                static var client: Client = Client()
            }
            struct StatusView: View {
                var body: some View {
                    VStack {
                        Text(Client.shared.online ? "Online" : "Offline")
                        Text(Player.current.playing ? "Playing" : "Paused")
                        Button("Log out") { Client.shared.token = "" }
                            .disabled(!Services.client.isAuthorized)
                    }
                }
            }
            """)
        let reads = index.renderReads(of: "Client").map { $0.path.joined(separator: ".") }
        XCTAssertEqual(Set(reads), ["online", "isAuthorized", "token.isEmpty"])
        XCTAssertTrue(index.isObservedByViews(index.types["Client"]!))
        XCTAssertEqual(index.renderReads(of: "Player").count, 0)
    }

    func testAViewBuildingMemberIsRenderingCodeOnlyWhenBodyUsesIt() throws {
        let index = index("""
            final class Plan: ObservableObject {
                var isActive = false
                var name = ""
                var note = ""
                var title = ""
                var detail = ""
            }
            struct PlanView: View {
                @ObservedObject var plan: Plan
                var body: some View {
                    VStack { summary() }
                    FlowLayout(spacing: 6) { badge }
                    CellGrid(data: [1], cellBuilder: cell)
                }
                func cell(_ item: Int) -> some View { Text(plan.detail) }
                @ViewBuilder func summary() -> some View { Text(plan.name) }
                private var badge: some View { Text(plan.title) }
                var stopButton: some View { Button("Stop") {}.disabled(!plan.isActive) }
            }
            extension PlanView {
                @ViewBuilder func noteRow() -> some View { Text(plan.note) }
            }
            """)
        let reads = index.renderReads(of: "Plan")
        XCTAssertEqual(try XCTUnwrap(reads.first { $0.path == ["name"] }).description, "`PlanView.summary` → `Plan.name`")
        // A view-building member makes content in a closure of unknown role too.
        XCTAssertTrue(reads.contains { $0.path == ["title"] })
        XCTAssertTrue(reads.contains { $0.path == ["detail"] })
        // Nothing `body` runs uses `stopButton` or `noteRow()`: SwiftUI never evaluates them.
        XCTAssertFalse(reads.contains { $0.path == ["isActive"] })
        XCTAssertFalse(reads.contains { $0.path == ["note"] })
    }

    func testAPathShowsEachStepFromTheView() throws {
        let index = index(shop)
        let items = try XCTUnwrap(index.renderReads(of: "Cart").first { $0.path.first == "items" })
        XCTAssertEqual(items.description, "`CartView.header` → `Cart.total` → `Cart.items.count`")
        XCTAssertTrue(items.staysInViewModel)
    }

    func testAPathEntersTheModelsAModelHolds() throws {
        let index = index(shop)
        let currency = try XCTUnwrap(index.renderReads(of: "Settings").first)
        XCTAssertEqual(currency.path, ["currency"])
        XCTAssertEqual(currency.description, "`CartView.header` → `Cart.total` → `Cart.settings` → `Settings.currency`")
        XCTAssertFalse(currency.staysInViewModel)
    }

    func testMethodsCalledByRenderingCodeAreFollowedButNotWhatTheyAssign() {
        let index = index("""
            final class Registry: ObservableObject {
                private var managers: [String: Int] = [:]
                var fallback = 0
                func manager(for key: String) -> Int {
                    if let known = managers[key] { return known }
                    managers[key] = fallback
                    return fallback
                }
            }
            struct EditorView: View {
                @EnvironmentObject var registry: Registry
                var body: some View { Text("\\(registry.manager(for: "a"))") }
            }
            """)
        let reads = index.renderReads(of: "Registry")
        XCTAssertEqual(Set(reads.map { $0.path[0] }), ["manager", "managers", "fallback"])
        // `managers[key]` is read once; `managers[key] = fallback` writes it.
        let managers = reads.filter { $0.path[0] == "managers" }
        XCTAssertEqual(managers.count, 1)
        XCTAssertEqual(managers.first?.steps.map(\.member), ["manager"])
    }

    /// `client.session` beside `func session(_:didReceive:)`: a name neither called nor
    /// referenced as a function names the stored property; the method's body is no render path.
    func testAStoredPropertyReadIsNotAMethodOfTheSameName() {
        let source = """
            final class Client: ObservableObject {
                var session: String?
                var inbox = 0
                func session(_ session: String, didReceive message: String) -> Int { inbox }
            }
            struct ClientView: View {
                @ObservedObject var client: Client
                var body: some View { Text(client.session ?? "") }
            }
            """
        XCTAssertEqual(Set(index(source).renderReads(of: "Client").map { $0.path[0] }), ["session"])
        let called = source.replacingOccurrences(of: "client.session ?? \"\"", with: "\"\\(client.session(\"a\", didReceive: \"b\"))\"")
        XCTAssertEqual(Set(index(called).renderReads(of: "Client").map { $0.path[0] }), ["session", "inbox"])
    }

    func testEveryPathThroughAHeldModelIsFollowedEvenFromALocal() throws {
        let index = index("""
            final class Leaf: ObservableObject { var value = 0; var label = "" }
            final class Branch: ObservableObject { let leaf = Leaf() }
            final class Trunk: ObservableObject { let branch = Branch() }
            final class Tree: ObservableObject { let trunk = Trunk() }
            struct TreeView: View {
                @ObservedObject var tree: Tree
                var body: some View {
                    if let trunk = tree.trunk {
                        Text("\\(trunk.branch.leaf.value)")
                        Text(trunk.branch.leaf.label)
                    }
                }
            }
            """)
        let leaf = index.renderReads(of: "Leaf")
        XCTAssertEqual(Set(leaf.map(\.path)), [["value"], ["label"]])
        XCTAssertTrue(leaf.allSatisfy { !$0.tokens.isEmpty })
        let value = try XCTUnwrap(leaf.first)
        XCTAssertEqual(value.description, "`TreeView.body` → `Tree.trunk` → `Trunk.branch` → `Branch.leaf` → `Leaf.value`")
    }

    /// A method handed to a call, not called, runs when the callee decides: a callback
    /// (`$query.onChange(model.filter)`, `Row(shelve: shelve)`), unless the callee builds
    /// content or runs it now (`sorted(by:)`, `map`). An argument label spelled like a method
    /// is no reference to it, and an escaping closure a project type declares as `-> Void` is
    /// a callback.
    func testMethodsHandedOverLabelsAndCallbacksOfProjectTypesAreNotRenderReads() {
        let index = index("""
            final class Library: ObservableObject {
                var query = ""
                var shelf = ""
                var sort = ""
                var format = ""
                var hidden = ""
                var carded = ""
                func filter(_ text: String) { _ = query }
                func shelve() { _ = shelf }
                func compare(_ a: String, _ b: String) -> Bool { sort < a }
                func title(_ book: String) -> String { format + book }
                func hide() { _ = hidden }
            }
            struct Dismissal: NSViewRepresentable {
                let onClose: (Bool) -> Void
                func makeNSView(context: Context) -> NSView { NSView() }
                func updateNSView(_ view: NSView, context: Context) {}
            }
            struct Row: View {
                let shelve: () -> Void
                var body: some View { Text("") }
            }
            struct Card<Content: View>: View {
                let content: Content
                init(_ make: () -> Content) { content = make() }
                var body: some View { content }
            }
            struct LibraryView: View {
                @ObservedObject var library: Library
                @State private var text = ""
                var body: some View {
                    VStack {
                        TextField("Search", text: $text.onChange(library.filter))
                        Row(shelve: shelve)
                        ForEach(["b", "a"].sorted(by: library.compare), id: \\.self) { Text($0) }
                        Text(["x"].map(library.title).joined())
                    }
                    .overlay { Dismissal(onClose: { _ in hide() }) }
                    .background { Card(makeCard) }
                }
                private func makeCard() -> some View { Text(library.carded) }
                private func hide() { library.hide() }
                private func shelve() { library.shelve() }
            }
            """)
        let reads = Set(index.renderReads(of: "Library").map { $0.path.joined(separator: ".") })
        XCTAssertEqual(reads.intersection(["query", "shelf", "hidden"]), [])
        // A function handed to a view without a label may build its content.
        XCTAssertTrue(reads.isSuperset(of: ["sort", "format", "carded"]), "\(reads)")
    }

    /// A function named with its argument labels (`scrub(to:)`, `player.seek(to:)`) is a
    /// reference, never a call: handed to a callback parameter (of a representable, whose
    /// platform view calls it on an event) it runs later, as a bare name would. Handed to
    /// content (`content: row(_:)`) or to a synchronous helper (`map(title(_:))`) it runs now.
    func testFunctionsNamedWithTheirArgumentLabelsAreReferencesNotCalls() {
        let index = index("""
            final class Player: ObservableObject {
                var duration = 0.0
                var frames: [Int] = []
                var speed = 1.0
                var format = ""
                var rows = ""
                func seek(to seconds: Double) { _ = frames.count }
                func title(_ frame: Int) -> String { format }
                func rate(_ value: Double) { _ = speed }
            }
            struct Scrubber: NSViewRepresentable {
                let onScrub: (CGFloat) -> Void
                let onRate: (Double) -> Void
                let scrubbed: (CGFloat) -> Void
                func makeNSView(context: Context) -> ScrubberView { ScrubberView() }
                func updateNSView(_ view: ScrubberView, context: Context) {
                    view.onScrub = onScrub
                    view.onRate = onRate
                    view.scrubbed = scrubbed
                }
            }
            struct PlayerView: View {
                @ObservedObject var player: Player
                var body: some View {
                    VStack {
                        Scrubber(onScrub: scrub(progress:), onRate: player.rate(_:), scrubbed: { scrub(progress: $0) })
                        Text([1].map(player.title(_:)).joined())
                        ForEach([1], id: \\.self, content: row(_:))
                    }
                }
                private func scrub(progress: CGFloat) { player.seek(to: Double(progress) * player.duration) }
                private func row(_ frame: Int) -> some View { Text(player.rows) }
            }
            """)
        let reads = Set(index.renderReads(of: "Player").map { $0.path.joined(separator: ".") })
        XCTAssertEqual(reads.intersection(["duration", "frames.count", "speed", "seek", "rate"]), [], "\(reads)")
        XCTAssertTrue(reads.isSuperset(of: ["format", "rows"]), "\(reads)")
    }
}
