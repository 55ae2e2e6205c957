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
