import ObservationLintCore
import ObservationSyntax
import XCTest

/// `ProjectIndex.genericArguments(ofSpelled:)`, `spelledReceiverType(of:)`,
/// `isMade(_:whileCalling:of:)` and the creator writes of a generic type's constructor.
final class SpecializationTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "Models.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
    }

    private let entities = """
        protocol Payload {}
        struct PostData: Payload { var votes = 0 }
        struct CommentData: Payload { var collapsed = false }
        final class Entity<T: Payload>: ObservableObject {
            @Published var data: T?
            init(data: T?) { self.data = data }
            func duplicate() -> Entity<T> {
                let copy = Entity<T>(data: nil)
                copy.data = data
                return copy
            }
        }
        typealias Post = Entity<PostData>
        typealias Comment = Entity<CommentData>
        typealias Story = Post
        extension Comment {
            func collapse() { data?.collapsed = true }
        }
        struct CommentRow: View {
            @ObservedObject var comment: Comment
            var body: some View { Button("Hide") { comment.data?.collapsed = true } }
        }
        """

    func testGenericArgumentsFollowAliases() {
        let index = index(entities)
        XCTAssertEqual(index.genericArguments(ofSpelled: "Post"), [TypeShape("PostData")])
        XCTAssertEqual(index.genericArguments(ofSpelled: "Story?"), [TypeShape("PostData")])
        XCTAssertEqual(index.genericArguments(ofSpelled: "Entity<CommentData>"), [TypeShape("CommentData")])
        XCTAssertNil(index.genericArguments(ofSpelled: "Entity"))
        XCTAssertNil(index.genericArguments(ofSpelled: "CommentRow"))
    }

    func testTheReceiverOfAWriteAsWritten() {
        let index = index(entities)
        let writes = index.changes(of: index.types["Entity"]!).writes(of: "data")
        let receivers = writes.filter { $0.phase == .afterHandout }.map { index.spelledReceiverType(of: $0) }
        // The extension of `Comment` and the row's `comment`; the class's own code spells none.
        XCTAssertEqual(receivers, ["Comment", "Comment"])
    }

    func testAGenericConstructorsLocalIsSetUpByItsCreator() {
        let index = index(entities)
        let writes = index.changes(of: index.types["Entity"]!).writes(of: "data")
        let copy = writes.first { $0.throughReference && $0.member.contains("duplicate") }
        XCTAssertEqual(copy?.phase, .setup)
    }

    func testAWriteTheCalledMethodMakesBeforeItReturns() {
        let source = """
            final class Thumbnails {
                private var cache: [String: Int] = [:]
                func thumbnail(for name: String) -> Int {
                    if let found = cache[name] { return found }
                    store(1, for: name)
                    return 1
                }
                func size(for name: String) -> Int {
                    cache[name] ?? {
                        cache[name] = 2
                        return 2
                    }()
                }
                private func store(_ value: Int, for name: String) { cache[name] = value }
                func clear() { cache = [:] }
                func refresh() { Task { self.cache = [:] } }
            }
            """
        let index = index(source)
        let type = index.types["Thumbnails"]!
        let writes = index.changes(of: type).writes(of: "cache")
        XCTAssertEqual(writes.count, 4)
        let byThumbnail = writes.filter { index.isMade($0, whileCalling: "thumbnail", of: type) }
        XCTAssertEqual(byThumbnail.map(\.member), ["`store()`"])
        let bySize = writes.filter { index.isMade($0, whileCalling: "size", of: type) }
        XCTAssertEqual(bySize.map(\.member), ["`size()`"])
        XCTAssertFalse(writes.contains { index.isMade($0, whileCalling: "clear", of: type) && $0.member != "`clear()`" })
    }
    func testAWriteTheReadPropertysGetterMakesBeforeItReturns() {
        let source = """
            final class BuildMode {
                private var resolved: String?
                var current: String {
                    if let resolved { return resolved }
                    let made = "production"
                    remember(made)
                    return made
                }
                var label: String { current.uppercased() }
                private func remember(_ mode: String) { resolved = mode }
                func override(_ mode: String) { resolved = mode }
            }
            """
        let index = index(source)
        let type = index.types["BuildMode"]!
        let writes = index.changes(of: type).writes(of: "resolved")
        XCTAssertEqual(writes.count, 2)
        XCTAssertEqual(writes.filter { index.isMade($0, whileReading: "current", of: type) }.map(\.member), ["`remember()`"])
        XCTAssertTrue(writes.filter { index.isMade($0, whileReading: "label", of: type) }.isEmpty)
        XCTAssertTrue(writes.filter { index.isMade($0, whileCalling: "current", of: type) }.isEmpty)
    }

    private let routers = """
        @Observable final class Router<Screen: Hashable> {
            var path: [Screen] = []
        }
        enum AuthDestination: Hashable { case register }
        enum TabDestination: Hashable { case detail }
        struct AuthCoordinator: View {
            @State private var router = Router<AuthDestination>()
            var body: some View { NavigationStack(path: $router.path) { Text("Login") } }
        }
        struct TabCoordinator: View {
            @State private var router = Router<TabDestination>()
            var body: some View { Text("\\(router.path.count)") }
        }
        struct SharedTab: View {
            @State private var router: Router<TabDestination>
            init(router: Router<TabDestination>) { _router = State(initialValue: router) }
            var body: some View { Button("Push") { router.path.append(.detail) } }
        }
        struct EnvironmentTab: View {
            @Environment(Router<TabDestination>.self) private var router
            var body: some View { Text("\\(router.path.count)") }
        }
        """

    func testThePropertysTypeAsWritten() {
        let index = index(routers)
        func spelled(_ type: String) -> String? {
            let (file, property) = index.types[type]!.property(named: "router")!
            return index.spelledType(of: property, in: index.files[file])
        }
        XCTAssertEqual(spelled("AuthCoordinator"), "Router<AuthDestination>")
        XCTAssertEqual(spelled("SharedTab"), "Router<TabDestination>")
        XCTAssertEqual(spelled("EnvironmentTab"), "Router<TabDestination>")
    }

    func testTheReceiverOfABindingProjectionAsWritten() {
        let index = index(routers)
        let writes = index.changes(of: index.types["Router"]!).writes(of: "path")
        func receiver(by type: String) -> String? {
            let write = writes.first { write in index.types[type]!.declarations.contains { $0.decl.members.contains(write.site.token) } }!
            return index.spelledReceiverType(of: write)
        }
        // `$router.path` handed to a view writes through `router`, built as `Router<AuthDestination>()`.
        XCTAssertEqual(receiver(by: "AuthCoordinator"), "Router<AuthDestination>")
        XCTAssertEqual(receiver(by: "SharedTab"), "Router<TabDestination>")
    }
}
