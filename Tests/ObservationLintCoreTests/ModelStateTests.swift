import ObservationLintCore
import ObservationSyntax
import XCTest

final class ModelStateTests: XCTestCase {
    func testChangingMembersLeaveOutWhatInitializationSettles() {
        let source = """
            final class Connection: ObservableObject {
                let id = UUID()
                var endpoint: String
                private(set) var port = 0
                private(set) var retries = 0
                @Published var state = ""
                @Published private(set) var settled = ""
                weak var delegate: AnyObject?
                @AppStorage("timeout") var timeout = 30
                var address: String { "\\(endpoint):\\(port)" }
                var summary: String { "\\(address) after \\(retries)" }
                init(endpoint: String) {
                    self.endpoint = endpoint
                    configure()
                }
                private func configure() { port = 443; settled = "yes" }
                func retry() { retries += 1 }
            }
            final class Relay: ObservableObject {
                let connection = Connection(endpoint: "a")
                init() { connection.endpoint = "b" }
            }
            """
        let index = ProjectIndex(files: [ParsedFile(path: "Models.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
        let changing = index.changingMembers(of: index.types["Connection"]!)
        XCTAssertEqual(changing, ["retries", "state", "delegate", "timeout", "summary", "retry"])
    }

    func testSetupMethodsOnlyInitializationCallsAreInitialization() {
        let source = """
            final class Model: ObservableObject {
                private var a = 0
                private var b = 0
                private var c = 0
                private var d = 0
                init() {
                    setUp()
                    DispatchQueue.main.async { self.later() }
                    NotificationCenter.default.addObserver(self, selector: #selector(update), name: .changed, object: nil)
                }
                @objc private func update() { d = 1 }
                private func setUp() { a = 1; configure() }
                private func configure() { b = 1 }
                private func later() { c = 1 }
                func reload() { child.refresh(); child.items.append(1); if child.isReady { } }
                let child = Child()
            }
            """
        let index = ProjectIndex(files: [ParsedFile(path: "Models.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
        let accesses = index.memberAccesses(of: index.types["Model"]!)
        XCTAssertEqual(accesses.mutations["a"]?.map(\.inInitializer), [true])
        XCTAssertEqual(accesses.mutations["b"]?.map(\.inInitializer), [true])
        XCTAssertEqual(accesses.mutations["c"]?.map(\.inInitializer), [false])
        XCTAssertEqual(accesses.mutations["d"]?.map(\.inInitializer), [false])
        // `child.refresh()` is a call of the child's method; `append` a mutation; `isReady {` no call.
        XCTAssertEqual(accesses.calls["child"]?.count, 1)
        XCTAssertEqual(accesses.mutations["child"]?.count, 1)
    }
}
