import ObservationLintCore
import ObservationSyntax
import XCTest

final class ModelStateTests: XCTestCase {
    private func holdsMutableState(_ type: String, in source: String) -> Bool? {
        let index = ProjectIndex(files: [ParsedFile(path: "Models.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
        return index.types[type].map(index.holdsMutableState)
    }

    func testStateByIntentOrByChange() {
        let source = """
            final class Published: ObservableObject { @Published var items: [String] = [] }
            @Observable final class Tracked { var title = "" }
            @Observable final class OnlyInit {
                private(set) var title: String
                init(title: String) { self.title = title }
            }
            final class ChangedLater: ObservableObject {
                private var page = 0
                func next() { page += 1 }
            }
            final class Plumbing: ObservableObject {
                private var cancellables = Set<AnyCancellable>()
                private var refresh: Task<Void, Never>?
            }
            final class Assigned: ObservableObject {
                private var value = 0
                init(subject: PassthroughSubject<Int, Never>) { subject.assign(to: &$value) }
            }
            """
        XCTAssertEqual(holdsMutableState("Published", in: source), true)
        XCTAssertEqual(holdsMutableState("Tracked", in: source), true)
        XCTAssertEqual(holdsMutableState("OnlyInit", in: source), false)
        XCTAssertEqual(holdsMutableState("ChangedLater", in: source), true)
        XCTAssertEqual(holdsMutableState("Plumbing", in: source), false)
        XCTAssertEqual(holdsMutableState("Assigned", in: source), true)
    }

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

    func testChangesThroughReferences() {
        let source = """
            final class Settings: ObservableObject { var volume = 0 }
            final class Locked: ObservableObject { private(set) var volume = 0 }
            func mute(_ settings: Settings) { settings.volume = 0 }
            """
        XCTAssertEqual(holdsMutableState("Settings", in: source), true)
        XCTAssertEqual(holdsMutableState("Locked", in: source), false)
    }

    func testHeldObjectsAndUnseenSuperclasses() {
        let source = """
            final class Counter { private(set) var count = 0; func tick() { count += 1 } }
            final class Constant { let value = 1 }
            final class Holder: ObservableObject { let counter = Counter() }
            final class WeakHolder: ObservableObject { weak var counter: Counter? }
            final class ConstantHolder: ObservableObject { let constants: [Constant] = [] }
            final class Cycle: ObservableObject { let next: Cycle? = nil }
            final class Delegate: NSObject, ObservableObject { let id = 1 }
            final class Controller: UIViewController, ObservableObject { let id = 1 }
            """
        XCTAssertEqual(holdsMutableState("Holder", in: source), true)
        XCTAssertEqual(holdsMutableState("WeakHolder", in: source), false)
        XCTAssertEqual(holdsMutableState("ConstantHolder", in: source), false)
        XCTAssertEqual(holdsMutableState("Cycle", in: source), false)
        XCTAssertEqual(holdsMutableState("Delegate", in: source), false)
        XCTAssertEqual(holdsMutableState("Controller", in: source), true)
    }
}
