import ObservationLintCore
import ObservationSyntax
import XCTest

final class StateCopiesTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: true)
    }

    private func copies(_ view: String, in source: String) -> (ProjectIndex, [StateCopy]) {
        let index = index(source)
        return (index, index.types[view].map(index.stateCopies) ?? [])
    }

    private func line(_ location: TokenLocation, in index: ProjectIndex) -> Int {
        let file = index.files[location.file]
        return file.source.location(of: file.byteRange(location.token..<location.token + 1).lowerBound).line
    }

    private let loader = """
        final class Loader: ObservableObject {
            @Published var isLoading = false
            @Published var items: [String] = []
            var cache: [String] = []
            func load() { isLoading = true; items = ["a"]; isLoading = false }
        }

        """

    /// A copy through a local bound from the field, a copy decided by a branch on another
    /// field, and no copy of a field that does not announce its changes.
    func testCopiesThroughALocalAndABranch() {
        let source = loader + """
            struct Summary: View {
                @ObservedObject var loader: Loader
                @State private var title = ""
                @State private var status = ""
                @State private var cached = 0
                var body: some View {
                    Text(title + status).onAppear { refresh() }
                }
                func refresh() {
                    if let first = loader.items.first { title = first }
                    if loader.isLoading { status = "Loading" } else if title.isEmpty { status = "Empty" } else { status = "" }
                    cached = loader.cache.count
                }
            }
            """
        let (index, found) = copies("Summary", in: source)
        XCTAssertEqual(found.map(\.state), ["title", "status", "status", "status"])
        XCTAssertEqual(found.map(\.field), ["items", "isLoading", "isLoading", "isLoading"])
        XCTAssertEqual(found.map { line($0.site, in: index) }, [16, 17, 17, 17])
        XCTAssertTrue(found.allSatisfy { $0.moment == "onAppear" && $0.resync == nil })
    }

    /// `.onChange(of:)` of the field and `.onReceive` of a timer re-sync; `.onChange(of:)` of
    /// the view's own state does not.
    func testResyncs() {
        let source = loader + """
            struct Counts: View {
                @ObservedObject var loader: Loader
                @State private var offset = 0
                @State private var a = 0
                @State private var b = 0
                @State private var c = 0
                let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                var body: some View {
                    Text("\\(a) \\(b) \\(c)")
                        .onAppear { a = loader.items.count; b = loader.items.count; c = loader.items.count }
                        .onChange(of: loader.items) { a = 0 }
                        .onReceive(timer) { _ in b = loader.items.count }
                        .onChange(of: offset) { c = loader.items.count }
                }
            }
            """
        let (_, found) = copies("Counts", in: source)
        XCTAssertEqual(found.map(\.state), ["a", "b", "c"])
        XCTAssertEqual(found.map { $0.resync != nil }, [true, true, false])
    }

    /// Later writes leave out the initializer, the method the copying code awaits before
    /// copying, and a function that names the event publisher whose handler copies again.
    func testLaterWrites() {
        let source = """
            import Combine
            final class Feed: ObservableObject {
                @Published var posts: [String]
                let refreshed = PassthroughSubject<Void, Never>()
                init() { posts = [] }
                func load() async { posts = ["a"] }
                func refresh() { posts = ["b"]; refreshed.send() }
                func clear() { posts = [] }
            }
            struct FeedCount: View {
                @ObservedObject var feed: Feed
                @State private var count = 0
                var body: some View {
                    Text("\\(count)")
                        .task { await feed.load(); count = feed.posts.count }
                        .onReceive(feed.refreshed) { count = feed.posts.count }
                }
            }
            """
        let (index, found) = copies("FeedCount", in: source)
        XCTAssertEqual(found.count, 1)
        guard let copy = found.first else { return }
        XCTAssertEqual(copy.calledMethods, ["load"])
        XCTAssertEqual(copy.eventPublishers, ["refreshed"])
        XCTAssertEqual(index.laterWrites(of: copy).map { line($0.site, in: index) }, [8])
        XCTAssertEqual(index.stateCopyLines(of: index.types["FeedCount"]!).count, 1)
        XCTAssertTrue(index.stateCopyLines(of: index.types["FeedCount"]!)[0].contains("not copied again when it changes — App.swift:8"))
    }

    /// An `@Observable` model held in a plain `let`: its tracked properties are sources,
    /// `@ObservationIgnored` ones are not.
    func testObservableSources() {
        let source = """
            @Observable final class Player {
                var volume = 0.5
                @ObservationIgnored var peak = 0.0
            }
            struct VolumeLabel: View {
                let player: Player
                @State private var shown = 0.0
                @State private var peak = 0.0
                var body: some View {
                    Text("\\(shown) \\(peak)")
                        .onAppear { shown = player.volume; peak = player.peak }
                }
            }
            """
        let (_, found) = copies("VolumeLabel", in: source)
        XCTAssertEqual(found.map(\.state), ["shown"])
        XCTAssertEqual(found.first?.model, "Player")
    }

    /// `.task(id:)` is a moment when its id reads only inputs the parent passes (`track`): it
    /// runs again only for another input. Not when the id reads the model, the view's own state
    /// (a handler may bump it when the source changes) or a local (read from the source).
    func testTaskWithAnInputIdIsAMoment() {
        let source = """
            @Observable final class Player {
                var volume = 0.5
            }
            struct VolumeLabel: View {
                let player: Player
                let track: Int
                @State private var version = 0
                @State private var atStart = 0.0
                @State private var fromModel = 0.0
                @State private var fromState = 0.0
                @State private var fromLocal = 0.0
                var body: some View {
                    let current = player.volume
                    Text("\\(atStart) \\(fromModel) \\(fromState) \\(fromLocal)")
                        .task(id: track) { atStart = player.volume }
                        .task(id: player.volume) { fromModel = player.volume }
                        .task(id: version) { fromState = player.volume }
                        .task(id: current) { fromLocal = player.volume }
                }
            }
            """
        let (_, found) = copies("VolumeLabel", in: source)
        XCTAssertEqual(found.map(\.state), ["atStart"])
        XCTAssertEqual(found.map(\.moment), ["task(id: track)"])
    }

    /// An awaited result fetched for the field is no copy, nor is a value a branch assigns
    /// that names more than constants.
    func testAwaitedResultsAndComputedBranchValuesAreNoCopies() {
        let source = loader + """
            struct Details: View {
                @ObservedObject var loader: Loader
                @State private var verified = false
                @State private var message = ""
                var body: some View {
                    Text("\\(verified) \\(message)").task {
                        verified = await check(loader.items)
                        if loader.isLoading { message = describe(loader) }
                    }
                }
                func check(_ items: [String]) async -> Bool { true }
                func describe(_ loader: Loader) -> String { "" }
            }
            """
        XCTAssertTrue(copies("Details", in: source).1.isEmpty)
    }

    /// A write in another type's initializer runs before the view exists; a `didSet` of the
    /// field that calls a function sending the event publisher sends it on every write.
    func testWritesBeforeTheViewAndObserversThatSend() {
        let source = """
            import Combine
            final class Store: ObservableObject {
                @Published var apps: [String] = []
                @Published var selected = "" { didSet { announce() } }
                let changed = PassthroughSubject<Void, Never>()
                func announce() { changed.send() }
                func pick(_ app: String) { selected = app }
            }
            struct Launcher {
                let store = Store()
                init() { store.apps = ["a"] }
            }
            struct AppsView: View {
                @EnvironmentObject var store: Store
                @State private var count = 0
                @State private var current = ""
                var body: some View {
                    Text("\\(count) \\(current)")
                        .onAppear { count = store.apps.count; current = store.selected }
                        .onReceive(store.changed) { current = store.selected }
                }
            }
            """
        let (index, found) = copies("AppsView", in: source)
        XCTAssertEqual(found.map(\.state), ["count", "current"])
        XCTAssertEqual(found.map { index.laterWrites(of: $0).count }, [0, 0])
    }

    /// The value `.onChange(of:)` follows is no render read; a reset in `.onDisappear` is a
    /// write besides the copy.
    func testShownReadsAndOtherWrites() {
        let source = loader + """
            struct Visibility: View {
                @ObservedObject var loader: Loader
                @State private var isVisible = false
                @State private var count = 0
                var body: some View {
                    Text("\\(count)")
                        .onAppear { isVisible = loader.isLoading; count = loader.items.count }
                        .onDisappear { isVisible = false }
                        .onChange(of: isVisible) { print(isVisible) }
                }
            }
            """
        let index = index(source)
        let view = index.types["Visibility"]!
        XCTAssertNil(index.renderRead(of: "isVisible", in: view))
        XCTAssertNotNil(index.renderRead(of: "count", in: view))
        XCTAssertTrue(index.isWrittenBesidesCopies("isVisible", in: view))
        XCTAssertFalse(index.isWrittenBesidesCopies("count", in: view))
    }

    /// `.onChange(of:)` of a computed value or a fetch request may follow the source: a
    /// re-sync; a write in a view function that copies again right after is no later write.
    func testFollowedComputedValuesAndViewFlowsThatCopyAgain() {
        let source = loader + """
            struct Flows: View {
                @ObservedObject var loader: Loader
                @State private var count = 0
                @State private var first = ""
                var total: Int { 3 }
                var body: some View {
                    Text("\\(count) \\(first)")
                        .onAppear { countItems(); first = loader.items.first ?? "" }
                        .onChange(of: total) { first = loader.items.first ?? "" }
                    Button("Add") { add() }
                }
                func countItems() { count = loader.items.count }
                func add() {
                    loader.items.append("x")
                    countItems()
                }
            }
            """
        let (index, found) = copies("Flows", in: source)
        XCTAssertEqual(found.map(\.state), ["first", "count"])
        XCTAssertEqual(found.map { $0.resync != nil }, [true, false])
        XCTAssertEqual(found.last.map { index.laterWrites(of: $0).map { line($0.site, in: index) } }, [5])
    }

    /// The model methods the copying code calls, and those they call, run as part of the
    /// copy's moment: their writes are no later change.
    func testMethodsTheCopyingCodeStarts() {
        let source = """
            @Observable final class Thread {
                var seen: [String] = []
                func refresh() { Task { await self.markSeen() } }
                func markSeen() async { let all = await fetch(); seen = all }
                func fetch() async -> [String] { [] }
            }
            struct Replies: View {
                let thread: Thread
                @State private var seen: [String] = []
                var body: some View {
                    Text("\\(seen.count)").onAppear { seen = thread.seen; thread.refresh() }
                }
            }
            """
        let (index, found) = copies("Replies", in: source)
        XCTAssertEqual(found.first?.calledMethods, ["refresh"])
        XCTAssertEqual(found.first.map { index.laterWrites(of: $0).count }, 0)
    }

    private let ledger = """
        final class Ledger: ObservableObject {
            @Published var entries: [Entry] = []
            @Published var byDay: [Date: Double] = [:]
            @Published var selected: Entry?
            var total: Double { entries.reduce(0) { $0 + $1.amount } }
            func totals(in month: Date) -> [Double] { matching(month).map(\\.amount) }
            private func matching(_ month: Date) -> [Entry] {
                let found = entries.filter { $0.month == month }
                for (day, entries) in Dictionary(grouping: found, by: \\.day) { print(day, entries) }
                return found
            }
            func summary(_ entries: [Entry]) -> Double { entries.count }
            func reload() async {
                let entries = await fetch()
                self.entries = entries
            }
            func replace(_ entry: Entry) async {
                await save(entry)
                if let i = entries.firstIndex(where: { $0.id == entry.id }) { entries[i] = entry }
            }
            func markPaid(at i: Int) async { await save(entries[i]); entries[i].paid = true }
            func add(_ entry: Entry) async { await save(entry); entries.append(entry) }
            func reorder() async { await save(nil); entries.sort { $0.day < $1.day } }
            func recompute() async { await save(nil); entries = entries.filter { $0.paid } }
            func clear() async { await save(nil); entries = [] }
            func rename(_ name: String) async { await save(nil); selected?.name = name }
            func pick(_ entry: Entry) async { await save(nil); selected = entry }
            func setDay(_ day: Date) async { await save(nil); byDay[day] = 1 }
            func fetch() async -> [Entry] { [] }
            func save(_ entry: Entry?) async {}
        }

        """

    /// A member of the model whose code reads a field (a method through a private helper,
    /// a computed property) copies the field; a parameter or a later local of the same
    /// name is no read of it.
    func testCopiesThroughModelMembers() {
        let source = ledger + """
            struct MonthChart: View {
                @EnvironmentObject var ledger: Ledger
                let month: Date
                @State private var bars: [Double] = []
                @State private var sum = 0.0
                @State private var other = 0.0
                var body: some View {
                    Chart(bars, sum).onAppear {
                        bars = ledger.totals(in: month)
                        sum = ledger.total
                        other = ledger.summary([])
                    }
                }
            }
            """
        let (_, found) = copies("MonthChart", in: source)
        XCTAssertEqual(found.map(\.state), ["bars", "sum"])
        XCTAssertEqual(found.map(\.field), ["entries", "entries"])
        XCTAssertEqual(found.map(\.via), ["totals", "total"])
    }

    /// A local of the rendering code that the modifier's closure captures.
    func testCopiesThroughALocalOfTheEnclosingBody() {
        let source = ledger + """
            struct MonthTotal: View {
                @EnvironmentObject var ledger: Ledger
                let month: Date
                @State private var sum = 0.0
                var body: some View {
                    let rows = ledger.totals(in: month)
                    Text("\\(sum)").onAppear { sum = rows.reduce(0, +) }
                }
            }
            """
        let (index, found) = copies("MonthTotal", in: source)
        XCTAssertEqual(found.map(\.state), ["sum"])
        XCTAssertEqual(found.first.map { line($0.read, in: index) }, 37)
    }

    /// `.onChange(of: model.entries.count)` copies again on appends and removals only: an
    /// element replaced or edited in place, a reordering, and a whole replacement by another
    /// array (as many elements fetched) stay later writes; a derivation that filters and an
    /// empty literal change the count.
    func testACountKeyCoversOnlyWritesThatChangeTheCount() {
        let source = ledger + """
            struct Totals: View {
                @EnvironmentObject var ledger: Ledger
                @State private var sum = 0.0
                var body: some View {
                    Text("\\(sum)")
                        .onAppear { sum = ledger.total }
                        .onChange(of: ledger.entries.count) { sum = ledger.total }
                }
            }
            """
        let (index, found) = copies("Totals", in: source)
        XCTAssertEqual(found.count, 1)
        guard let copy = found.first else { return }
        XCTAssertNil(copy.resync)
        XCTAssertEqual(copy.partialResyncs.map(\.key), [.count])
        XCTAssertEqual(index.laterWrites(of: copy).map { line($0.site, in: index) }, [15, 19, 21, 23])
    }

    /// `.onChange(of: model.selected?.id)` copies again when the value is replaced, not when
    /// a member of it is assigned in place; a dictionary's keyed write may add a key.
    func testAnIdKeyCoversReplacementsOnly() {
        let source = ledger + """
            struct Picked: View {
                @EnvironmentObject var ledger: Ledger
                @State private var title = ""
                @State private var days = 0
                var body: some View {
                    Text(title + "\\(days)")
                        .onAppear { title = ledger.selected?.name ?? ""; days = ledger.byDay.count }
                        .onChange(of: ledger.selected?.id) { title = ledger.selected?.name ?? "" }
                        .onChange(of: ledger.byDay.count) { days = ledger.byDay.count }
                }
            }
            """
        let (index, found) = copies("Picked", in: source)
        XCTAssertEqual(found.map(\.state), ["title", "days"])
        XCTAssertEqual(found.map { $0.partialResyncs.map(\.key) }, [[.id], [.count]])
        XCTAssertEqual(found.map { index.laterWrites(of: $0).map { line($0.site, in: index) } }, [[26], []])
    }

    /// A copy decided by a member of a local bound from the field (`entry.id`) is not
    /// changed by a write of another member; a state the copying code sets again later in a
    /// closure of its own (a flash that fades) is the view's own value.
    func testMembersUsedThroughLocalsAndFlashesThatFade() {
        let source = ledger + """
            struct Flash: View {
                @EnvironmentObject var ledger: Ledger
                let target: Int
                @State private var highlight = false
                @State private var marked = false
                var body: some View {
                    if let entry = ledger.selected {
                        Text("x").opacity(highlight || marked ? 1 : 0).onAppear {
                            if entry.id == target { highlight = true }
                            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { highlight = false }
                            if entry.id == target { marked = true }
                        }
                    }
                }
            }
            """
        let (index, found) = copies("Flash", in: source)
        XCTAssertEqual(found.map(\.state), ["highlight", "marked"])
        XCTAssertEqual(found.map(\.member), ["id", "id"])
        XCTAssertEqual(found.last.map { index.laterWrites(of: $0).map { line($0.site, in: index) } }, [27])
        guard let view = index.types["Flash"] else { return XCTFail("no view") }
        XCTAssertTrue(index.isWrittenBesidesCopies("highlight", in: view))
        XCTAssertFalse(index.isWrittenBesidesCopies("marked", in: view))
    }

    /// A local of the rendering code bound again in the closure, or a closure parameter of
    /// the same name, no longer holds what the source held.
    func testLocalsBoundAgainAreNoCopies() {
        let source = ledger + """
            struct Rebound: View {
                @EnvironmentObject var ledger: Ledger
                let month: Date
                @State private var sum = 0.0
                @State private var first = 0.0
                var body: some View {
                    let rows = ledger.totals(in: month)
                    Text("\\(sum) \\(first) \\(rows.count)")
                        .onAppear { let rows = [1.0]; sum = rows.reduce(0, +) }
                        .onAppear { [[2.0]].forEach { rows in first = rows[0] } }
                }
            }
            """
        let (_, found) = copies("Rebound", in: source)
        XCTAssertEqual(found.map(\.state), [])
    }

    /// A copy written as `self.sum = …` in a closure of the copying code is the copy itself,
    /// as `sum = …` is, not another write.
    func testACopyThroughSelfInANestedClosureIsNoOtherWrite() {
        let source = ledger + """
            struct Delayed: View {
                @EnvironmentObject var ledger: Ledger
                @State private var sum = 0.0
                var body: some View {
                    Text("\\(sum)").onAppear { DispatchQueue.main.async { self.sum = ledger.total } }
                }
            }
            """
        let (index, found) = copies("Delayed", in: source)
        XCTAssertEqual(found.map(\.state), ["sum"])
        guard let view = index.types["Delayed"] else { return XCTFail("no view") }
        XCTAssertFalse(index.isWrittenBesidesCopies("sum", in: view))
    }

    /// `.onChange(of: model.entries.count > 0)` runs only when emptiness flips: no count key,
    /// no re-sync.
    func testAComparisonOfTheCountIsNoCountKey() {
        let source = ledger + """
            struct Totals: View {
                @EnvironmentObject var ledger: Ledger
                @State private var sum = 0.0
                var body: some View {
                    Text("\\(sum)")
                        .onAppear { sum = ledger.total }
                        .onChange(of: ledger.entries.count > 0) { sum = ledger.total }
                }
            }
            """
        let (_, found) = copies("Totals", in: source)
        XCTAssertEqual(found.count, 1)
        XCTAssertNil(found.first?.resync)
        XCTAssertEqual(found.first?.partialResyncs.map(\.key), [])
    }
}
