import ObservationLintCore
import ObservationSyntax
import XCTest

final class LossTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "Models.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
    }

    private func changedFields(_ type: String, in source: String) -> [String] {
        let index = index(source)
        return index.types[type].map { index.changedState(of: $0).map(\.field) } ?? []
    }

    /// The effect of the first `Type(` call in the source's `let probe = …` line.
    private func effect(constructing type: String, in source: String) -> String? {
        let index = index(source)
        let file = index.files[0]
        guard let model = index.types[type],
            let token = file.tokens.indices.first(where: { file.spells($0, type) && file.at($0 - 2, "probe") }),
            let call = file.call(at: token, limit: file.tokens.count)
        else { return nil }
        return index.initializerEffect(ofConstructing: model, call: call, in: 0)?.description
    }

    func testStateWrittenAfterInitialization() {
        let source = """
            final class Search: ObservableObject {
                @Published var results: [String] = []
                @Published var query: String
                init(query: String) { self.query = query }
                func search() { results = [] }
            }
            @Observable final class Inputs {
                var title: String
                var subtitle = ""
                init(title: String) { self.title = title }
            }
            final class Mirror: ObservableObject {
                @Published var items: [String] = []
                @Published var live: [String] = []
                private var cancellables = Set<AnyCancellable>()
                init(store: Store, events: PassthroughSubject<[String], Never>) {
                    store.$items.receive(on: DispatchQueue.main).sink { [weak self] in self?.items = $0 }.store(in: &cancellables)
                    events.sink { [weak self] in self?.live = $0 }.store(in: &cancellables)
                }
            }
            """
        XCTAssertEqual(changedFields("Search", in: source), ["results"])
        XCTAssertEqual(changedFields("Inputs", in: source), [])
        XCTAssertEqual(changedFields("Mirror", in: source), ["live"])
    }

    func testInitializerEffectsBeyondReadingMemory() {
        let source = """
            final class Reader {
                var name: String
                init() { name = UserDefaults.standard.string(forKey: "name") ?? ""; load() }
                private func load() { name = name.uppercased() }
            }
            final class Writer {
                init() { UserDefaults.standard.set(true, forKey: "launched") }
            }
            final class Fetcher {
                init() { Task { await self.refresh() } }
                func refresh() async {}
            }
            final class Requester {
                init(url: URL) { setUp(url) }
                private func setUp(_ url: URL) { URLSession.shared.dataTask(with: url).resume() }
            }
            final class Tracker {
                init(analytics: Analytics) { analytics.logEvent("open") }
            }
            let probe = Reader()
            """
        XCTAssertNil(effect(constructing: "Reader", in: source))
        XCTAssertEqual(effect(constructing: "Writer", in: source.replacingOccurrences(of: "probe = Reader()", with: "probe = Writer()")), "writes to `UserDefaults`")
        XCTAssertEqual(effect(constructing: "Fetcher", in: source.replacingOccurrences(of: "probe = Reader()", with: "probe = Fetcher()")), "starts a `Task`")
        XCTAssertEqual(
            effect(constructing: "Requester", in: source.replacingOccurrences(of: "probe = Reader()", with: "probe = Requester(url: u)")),
            "makes a network request")
        XCTAssertEqual(
            effect(constructing: "Tracker", in: source.replacingOccurrences(of: "probe = Reader()", with: "probe = Tracker(analytics: a)")),
            "sends an analytics event")
    }

    func testStateWrittenThroughProjectionsReferencesAndHeldObjects() {
        let source = """
            final class Assigned: ObservableObject {
                @Published private var value = 0
                init(subject: PassthroughSubject<Int, Never>) { subject.assign(to: &$value) }
            }
            final class Replayed: ObservableObject {
                @Published private var value = 0
                init(store: Store) { store.$value.assign(to: &$value) }
            }
            final class Settings: ObservableObject { var volume = 0 }
            final class Locked: ObservableObject { private(set) var volume = 0 }
            struct Mixer: View {
                let settings: Settings
                var body: some View { Button("Mute") { settings.volume = 0 } }
            }
            final class Counter { private(set) var count = 0; func tick() { count += 1 } }
            final class Holder: ObservableObject { let counter = Counter() }
            final class Handed: ObservableObject {
                let counter: Counter
                init(counter: Counter) { self.counter = counter }
            }
            final class Cycle: ObservableObject { let next = Cycle() }
            """
        XCTAssertEqual(changedFields("Assigned", in: source), ["value"])
        XCTAssertEqual(changedFields("Replayed", in: source), [])
        XCTAssertEqual(changedFields("Settings", in: source), ["volume"])
        XCTAssertEqual(changedFields("Locked", in: source), [])
        // An object the model builds goes with it; one it is handed does not.
        XCTAssertEqual(changedFields("Holder", in: source), ["counter.count"])
        XCTAssertEqual(changedFields("Handed", in: source), [])
        XCTAssertEqual(changedFields("Cycle", in: source), [])
    }

    func testLossCombinesStateAndEffect() {
        let source = """
            final class Only: ObservableObject {
                let id: Int
                init(id: Int) { self.id = id }
            }
            let probe = Only(id: 1)
            """
        let index = index(source)
        XCTAssertTrue(index.loss(ofRebuilding: index.types["Only"]!).isEmpty)
    }
}
