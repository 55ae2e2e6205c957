import ObservationLintCore
import ObservationSyntax
import XCTest

final class CallerAnnouncementsTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
    }

    /// For each write of `field` of `model`: the types whose announcing flows make every call
    /// running it (sorted, "-" when none), and whether `view` renders again with them.
    private func callers(of field: String, in model: String, view: String, _ source: String) -> [String] {
        let index = index(source)
        guard let info = index.types[model] else {
            XCTFail("no type \(model)")
            return []
        }
        return index.changes(of: info).writes(of: field).map { write in
            let callers = index.announcingCallers(of: write).map { $0.sorted().joined(separator: ",") } ?? "-"
            return "\(write.member): \(callers) \(index.isRenderedAgain(view, byCallersOf: write))"
        }
    }

    private let models = """
        final class Summary: ObservableObject {
            var items: [Int] = []
            func update(_ new: [Int]) { items = new }
        }
        final class Dashboard: ObservableObject {
            @Published var isLoading = false
            let summary = Summary()
            func refresh(_ new: [Int]) {
                isLoading = true
                updateChildren(new)
                isLoading = false
            }
            private func updateChildren(_ new: [Int]) { summary.update(new) }
        }
        """

    func testAMethodOnlyAnAnnouncingCallerRunsRendersItsObserversAgain() {
        let source = models + """

            struct DashboardView: View {
                @ObservedObject var dashboard: Dashboard
                var body: some View { Text("\\(dashboard.summary.items.count)") }
            }
            struct SummaryView: View {
                @ObservedObject var summary: Summary
                var body: some View { Text("\\(summary.items.count)") }
            }
            """
        XCTAssertEqual(callers(of: "items", in: "Summary", view: "DashboardView", source), ["`update()`: Dashboard true"])
        // A view observing only the summary hears nothing of the dashboard's announcement.
        XCTAssertEqual(callers(of: "items", in: "Summary", view: "SummaryView", source), ["`update()`: Dashboard false"])
    }

    /// A call of the method in another type's method that nothing runs is no call.
    func testACallInCodeThatNeverRunsIsNoCaller() {
        let source = models + """

            struct DashboardView: View {
                @ObservedObject var dashboard: Dashboard
                var body: some View {
                    Text("\\(dashboard.summary.items.count)")
                    Button("Refresh") { dashboard.refresh([1]) }
                }
                private func clear() { dashboard.summary.update([]) }
            }
            @main struct DashboardApp: App {
                var body: some Scene { WindowGroup { DashboardView(dashboard: Dashboard()) } }
            }
            """
        XCTAssertEqual(callers(of: "items", in: "Summary", view: "DashboardView", source), ["`update()`: Dashboard true"])
        let called = source.replacingOccurrences(of: "dashboard.refresh([1]) }", with: "dashboard.refresh([1]); clear() }")
        XCTAssertEqual(callers(of: "items", in: "Summary", view: "DashboardView", called), ["`update()`: - false"])
    }

    /// An asynchronous method's write after its last `await` runs on into the caller once the
    /// call returns: `await summary.load()`, then `isLoading = false`, announces it; a caller
    /// announcing only before its `async let` is awaited does not, nor does any caller of a
    /// write made before the method's last `await`.
    func testAnAsynchronousMethodsLastSegmentRunsOnIntoItsCallers() {
        let source = """
            @MainActor final class Summary: ObservableObject {
                var items: [Int] = []
                var early: [Int] = []
                var raced: [Int] = []
                func load() async {
                    items = await fetch()
                }
                func prefetch() async {
                    early = []
                    raced = await fetch()
                }
                private func fetch() async -> [Int] { [] }
            }
            @MainActor final class Dashboard: ObservableObject {
                @Published var isLoading = false
                let summary = Summary()
                func refresh() async {
                    isLoading = true
                    await summary.load()
                    isLoading = false
                }
                func reload() async {
                    async let loading: Void = summary.load()
                    _ = await loading
                    isLoading = false
                }
                func warm() async {
                    async let warming: Void = summary.prefetch()
                    isLoading = false
                    _ = await warming
                }
            }
            """
        XCTAssertEqual(callers(of: "items", in: "Summary", view: "-", source), ["`load()`: Dashboard false"])
        XCTAssertEqual(callers(of: "early", in: "Summary", view: "-", source), ["`prefetch()`: - false"])
        XCTAssertEqual(callers(of: "raced", in: "Summary", view: "-", source), ["`prefetch()`: - false"])
    }

    /// A call from another method of the write's own type runs on in that method: its own
    /// calls decide (`rollback(id)` two lines before `objectWillChange.send()`). One of them
    /// announcing nothing, or an `await` after the call in that method, leaves it unannounced.
    func testACallFromTheOwnTypesMethodIsResolvedThroughThatMethodsCallers() {
        let source = """
            final class Chat: ObservableObject {
                @Published var messages: [String] = []
                var drafts: [String] = []
                var pending: [String] = []
                func rollback(_ id: String) { remove(id) }
                func remove(_ id: String) { messages.removeAll { $0 == id } }
                func discard() { clearDrafts() }
                private func clearDrafts() { drafts = [] }
                func settle() async {
                    dropPending()
                    await Task.yield()
                }
                private func dropPending() { pending = [] }
            }
            final class Session: ObservableObject {
                @Published var isSending = false
                let chat = Chat()
                func fail(_ id: String) {
                    chat.rollback(id)
                    print(id)
                    objectWillChange.send()
                }
                func close() {
                    objectWillChange.send()
                    chat.discard()
                }
                func reset() { chat.discard() }
                func finish() async {
                    await chat.settle()
                    isSending = false
                }
            }
            struct SessionView: View {
                @ObservedObject var session: Session
                var body: some View { Text("\\(session.chat.messages.count) \\(session.chat.drafts.count) \\(session.chat.pending.count)") }
            }
            """
        XCTAssertEqual(callers(of: "messages", in: "Chat", view: "SessionView", source), ["`remove()`: Session true"])
        // `reset` calls `discard` in a flow that announces nothing.
        XCTAssertEqual(callers(of: "drafts", in: "Chat", view: "SessionView", source), ["`clearDrafts()`: - false"])
        // `settle` waits after the call: the views may render before the caller announces.
        XCTAssertEqual(callers(of: "pending", in: "Chat", view: "SessionView", source), ["`dropPending()`: - false"])
    }

    func testACallerFlowThatAnnouncesNothingLeavesTheWriteUnannounced() {
        let source = """
            final class Summary: ObservableObject {
                var items: [Int] = []
                func update(_ new: [Int]) { items = new }
            }
            final class Dashboard: ObservableObject {
                @Published var isLoading = false
                let summary = Summary()
                func refresh(_ new: [Int]) {
                    isLoading = true
                    summary.update(new)
                }
                func reset() { summary.update([]) }
            }
            struct DashboardView: View {
                @ObservedObject var dashboard: Dashboard
                var body: some View { Text("\\(dashboard.summary.items.count)") }
            }
            """
        // `reset` calls it in a flow that announces nothing: its views keep the old items.
        XCTAssertEqual(callers(of: "items", in: "Summary", view: "DashboardView", source), ["`update()`: - false"])
    }

    func testAnAnnouncementOnlyOneBranchAfterTheCallMakesIsNoCover() {
        let source = """
            final class Summary: ObservableObject {
                var items: [Int] = []
                func update(_ new: [Int]) -> Bool { items = new; return !new.isEmpty }
            }
            final class Dashboard: ObservableObject {
                @Published var isEmpty = false
                let summary = Summary()
                func refresh(_ new: [Int]) {
                    if !summary.update(new) {
                        isEmpty = true
                    }
                }
            }
            struct DashboardView: View {
                @ObservedObject var dashboard: Dashboard
                var body: some View { Text("\\(dashboard.summary.items.count)") }
            }
            """
        XCTAssertEqual(callers(of: "items", in: "Summary", view: "DashboardView", source), ["`update()`: - false"])
    }

    func testAViewCallerRendersAgainOnlyWithStateItsBodyReads() {
        let source = """
            final class Player: ObservableObject {
                var url = ""
                func load(_ new: String) { url = new }
            }
            struct PlayerCard: View {
                @ObservedObject var player: Player
                @State private var requestID = 0
                @State private var title = ""
                var body: some View {
                    Text(player.url + title)
                        .onAppear {
                            requestID += 1
                            player.load("a")
                        }
                        .onTapGesture {
                            title = "b"
                            player.load("b")
                        }
                }
            }
            """
        // The `onAppear` flow changes only `requestID`, which the body never reads.
        XCTAssertEqual(callers(of: "url", in: "Player", view: "PlayerCard", source), ["`load()`: - false"])
    }

    func testAWriteInAClosureThatRunsLaterIsNotInTheCallersFlow() {
        let source = """
            final class Summary: ObservableObject {
                var items: [Int] = []
                func update(_ new: [Int]) { DispatchQueue.global().async { self.items = new } }
            }
            final class Dashboard: ObservableObject {
                @Published var isLoading = false
                let summary = Summary()
                func refresh(_ new: [Int]) {
                    isLoading = true
                    summary.update(new)
                }
            }
            struct DashboardView: View {
                @ObservedObject var dashboard: Dashboard
                var body: some View { Text("\\(dashboard.summary.items.count)") }
            }
            """
        XCTAssertEqual(callers(of: "items", in: "Summary", view: "DashboardView", source), ["a closure in `update()`: - false"])
    }

    /// A closure handed to an object's initializer runs where the object calls it: in the
    /// `didSet` of a `@Published` property, after its publisher announced, so the object's
    /// views render with what the closure wrote. Not when the object also calls it where it
    /// announces nothing, or other code calls it too.
    func testAClosureTheHolderRunsOnlyWhereItAnnouncesIsAnnouncedByTheHolder() {
        let source = """
            final class Topic: ObservableObject { @Published var isFavourite = false }
            final class Card: ObservableObject {
                private let topic: Topic
                let onToggle: (Bool) -> Void
                init(topic: Topic, onToggle: @escaping (Bool) -> Void) {
                    self.topic = topic
                    self.onToggle = onToggle
                }
                @Published var isOn = false { didSet { onToggle(isOn) } }
                var icon: String { topic.isFavourite ? "star.fill" : "star" }
            }
            final class Editor {
                func card(_ topic: Topic) -> Card {
                    Card(topic: topic, onToggle: { value in topic.isFavourite = value })
                }
            }
            """
        func holders(_ source: String) -> [String] {
            let index = index(source)
            return index.changes(of: index.types["Topic"]!).writes(of: "isFavourite").map { index.announcingClosureHolder(of: $0) ?? "-" }
        }
        XCTAssertEqual(holders(source), ["Card"])
        XCTAssertEqual(holders(source.replacingOccurrences(of: "var icon", with: "func reset() { onToggle(false) }\n    var icon")), ["-"])
        XCTAssertEqual(holders(source + "func tap(_ card: Card) { card.onToggle(true) }"), ["-"])
        // Another type's own property of the name is not the card's.
        XCTAssertEqual(holders(source + "final class Row { var onToggle: () -> Void = {}; func tap() { onToggle() } }"), ["Card"])
        XCTAssertEqual(holders(source.replacingOccurrences(of: "@Published var isOn", with: "var isOn")), ["-"])
    }

    /// `self.call.name = n` in a view's method whose every call goes on, in the same
    /// synchronous flow, to announce on the same object (`begin()` → `call.start()`, which
    /// sets `@Published state`): announced there. Not when the flow announces on another
    /// object, only in a closure that runs later, or only in some branch.
    func testAWriteThroughAHeldObjectIsAnnouncedByItsCallersLaterAnnouncementOnTheSameObject() {
        let source = """
            final class Call: ObservableObject {
                @Published var state = 0
                var name: String?
                func start() { state = 1 }
            }
            struct Screen: View {
                @ObservedObject var call: Call
                @ObservedObject var other: Call
                var body: some View {
                    Button("Go") {
                        DispatchQueue.main.async {
                            setUp()
                            begin()
                        }
                    }
                }
                private func setUp() { self.call.name = "x" }
                private func begin() { self.call.start() }
            }
            """
        func announcers(_ source: String, _ old: String = "", _ new: String = "") -> [String] {
            XCTAssert(old.isEmpty || source.contains(old), old)
            let index = index(old.isEmpty ? source : source.replacingOccurrences(of: old, with: new))
            return index.changes(of: index.types["Call"]!).writes(of: "name").map { write in
                write.flows.map { $0.map(\.name).joined(separator: ",") }.joined(separator: "; ")
            }
        }
        XCTAssertEqual(announcers(source), ["state"])
        // Before the call, directly through the reference, or in the writing method itself.
        XCTAssertEqual(announcers(source, "setUp()\n                begin()", "call.state = 2\n            setUp()"), ["state"])
        XCTAssertEqual(announcers(source, "self.call.name = \"x\"", "self.call.name = \"x\"; self.call.objectWillChange.send()"), ["objectWillChange"])
        // In an action closure, through `self.call`.
        XCTAssertEqual(announcers(source, "DispatchQueue.main.async {", "self.call.name = \"y\"; self.call.state = 3\n            DispatchQueue.main.async {"), ["state", "state"])
        // Another object, a later flow, a branch, a local of the name: nothing.
        XCTAssertEqual(announcers(source, "self.call.start()", "other.start()"), [""])
        XCTAssertEqual(announcers(source, "begin()\n", "Task { begin() }\n"), [""])
        XCTAssertEqual(announcers(source, "begin()\n", "if Bool.random() { begin() }\n"), [""])
        XCTAssertEqual(announcers(source, "{ self.call.name", "{ let call = Call(); call.name"), [""])
        // Called from elsewhere too, with no announcement there: nothing.
        XCTAssertEqual(announcers(source, "var body: some View {", "var body: some View {\n        Button(\"Set\") { setUp() }"), [""])
    }
}
