import ObservationLintCore
import ObservationSyntax
import XCTest

final class ChangesTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "Models.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
    }

    private func writes(of property: String, in type: String, _ source: String) -> [PropertyWrite] {
        let index = index(source)
        guard let info = index.types[type] else {
            XCTFail("no type \(type)")
            return []
        }
        return index.changes(of: info).writes(of: property)
    }

    private func announcer(_ write: PropertyWrite?) -> String? {
        guard case .announced(let name, _) = write?.announcement else { return nil }
        return name
    }

    func testAnnouncedInTheSameFunction() {
        let source = """
            final class Feed: ObservableObject {
                @Published var isLoading = false
                var posts: [String] = []
                func reload() {
                    posts = []
                    isLoading = true
                }
                func clear() { posts.removeAll() }
                func later() {
                    objectWillChange.send()
                    DispatchQueue.main.async { self.posts = [] }
                }
            }
            """
        let posts = writes(of: "posts", in: "Feed", source)
        XCTAssertEqual(posts.map(\.member), ["`reload()`", "`clear()`", "a closure in `later()`"])
        XCTAssertEqual(announcer(posts[0]), "isLoading")
        XCTAssertEqual(posts[1].announcement, .unannounced)
        // The closure runs later: the send before it announces nothing of it.
        XCTAssertEqual(posts[2].announcement, .unannounced)
        XCTAssertTrue(posts.allSatisfy { $0.phase == .afterHandout && !$0.throughReference })
        // A `@Published` write announces itself.
        XCTAssertEqual(announcer(writes(of: "isLoading", in: "Feed", source).first), "isLoading")
    }

    func testAClosureALazyPropertyHoldsIsTheTypesCodeCalledAsAMethod() {
        let source = """
            final class Detail: ObservableObject {
                @Published var isFavourite = false
                var visits = 0
                var label = ""
                private(set) lazy var toggle: () -> Void = {
                    self.isFavourite.toggle()
                    self.visits += 1
                }
                lazy var title: String = { self.label = "x"; return self.label }()
                var onTap: () -> Void = { }
            }
            """
        let favourite = writes(of: "isFavourite", in: "Detail", source)
        XCTAssertEqual(favourite.map(\.member), ["`toggle()`"])
        XCTAssertEqual(favourite.first?.phase, .afterHandout)
        // Its other writes follow the same flow's announcement.
        XCTAssertEqual(announcer(writes(of: "visits", in: "Detail", source).first), "isFavourite")
        // A closure called where it stands runs once, when the property is first read: not a method.
        XCTAssertTrue(writes(of: "label", in: "Detail", source).isEmpty)
        let index = index(source)
        let file = index.files[0]
        let properties = index.types["Detail"]!.properties.map(\.property)
        XCTAssertEqual(
            properties.map { ProjectIndex.closureMethodBody(of: $0, in: file) != nil },
            [false, false, false, true, false, false])
    }

    func testAnObserversWritesAreAnnouncedByTheFlowsThatWriteItsProperty() {
        let source = """
            final class Bar: ObservableObject {
                @Published private(set) var isOn = false
                var items: [Int] = [] {
                    didSet { count = items.count }
                }
                var count = 0
                var marks: [Int] = [] {
                    didSet { total = marks.count }
                }
                var total = 0
                init() { marks = [] }
                func apply(_ new: [Int]) {
                    items = new
                    isOn = !new.isEmpty
                }
                func mark(_ new: [Int]) { marks = new }
            }
            """
        // `didSet` of `items` runs as `apply` writes it, and `apply` announces `isOn`.
        XCTAssertEqual(announcer(writes(of: "count", in: "Bar", source).first), "isOn")
        // `mark` announces nothing (the initializer's write runs no observer).
        XCTAssertEqual(writes(of: "total", in: "Bar", source).first?.announcement, .unannounced)
        // Another object's write of the property runs the observer in that flow.
        let external = source.replacingOccurrences(of: "func mark(_ new: [Int]) { marks = new }", with: "") + """

            struct Toggle: View {
                @ObservedObject var bar: Bar
                var body: some View {
                    Button("Go") { bar.marks = [1]; bar.objectWillChange.send() }
                }
            }
            """
        XCTAssertEqual(announcer(writes(of: "total", in: "Bar", external).first), "objectWillChange")
        // A control writing it through a binding announces nothing.
        let bound = external.replacingOccurrences(of: "Button(\"Go\")", with: "MarksEditor(marks: $bar.marks)\n Button(\"Go\")")
        XCTAssertEqual(writes(of: "total", in: "Bar", bound).first?.announcement, .unannounced)
    }

    func testABindingAViewOnlyReadsIsNoWrite() {
        let source = """
            final class Backup: ObservableObject {
                var nextTime = ""
            }
            struct Summary: View {
                @Binding var time: String
                var body: some View { Text(time) }
            }
            struct Screen: View {
                @ObservedObject var backup: Backup
                var body: some View { Summary(time: $backup.nextTime) }
            }
            """
        XCTAssertTrue(writes(of: "nextTime", in: "Backup", source).isEmpty)
        // A view that writes through it, or hands it to a control, changes it.
        let writing = source.replacingOccurrences(of: "Text(time)", with: "Button(\"Now\") { time = \"now\" }")
        XCTAssertEqual(writes(of: "nextTime", in: "Backup", writing).count, 1)
        let handing = source.replacingOccurrences(of: "Text(time)", with: "TextField(\"Time\", text: $time)")
        XCTAssertEqual(writes(of: "nextTime", in: "Backup", handing).count, 1)
        // A system control may write it.
        let control = source.replacingOccurrences(of: "Summary(time: $backup.nextTime)", with: "TextField(\"Time\", text: $backup.nextTime)")
        XCTAssertEqual(writes(of: "nextTime", in: "Backup", control).count, 1)
    }

    func testABindingAViewOnlyReadsIsNoWriteWhicheverBindingTheArgumentYields() {
        let source = """
            final class Month: ObservableObject {
                var days: [Int] = []
                var weeks: [Int] = []
            }
            struct Grid: View {
                @Binding var cells: [Int]
                var body: some View { Text("\\(cells.count)") }
            }
            struct MonthScreen: View {
                @ObservedObject var month: Month
                @State private var byWeek = false
                var body: some View { Grid(cells: byWeek ? $month.weeks : $month.days) }
            }
            """
        XCTAssertTrue(writes(of: "days", in: "Month", source).isEmpty)
        XCTAssertTrue(writes(of: "weeks", in: "Month", source).isEmpty)
        // A view that writes through it changes the one it holds.
        let writing = source.replacingOccurrences(of: "Text(\"\\(cells.count)\")", with: "Button(\"Clear\") { cells = [] }")
        XCTAssertEqual(writes(of: "days", in: "Month", writing).count, 1)
        XCTAssertEqual(writes(of: "weeks", in: "Month", writing).count, 1)
    }

    /// `object.sheet.isShown = false` changes part of the value `sheet` holds: its setter
    /// runs with the new value, and `@Published` announces it.
    func testAWriteThroughAMemberOfAPublishedValueAnnouncesOnTheObject() {
        let source = """
            final class Orders: ObservableObject {
                @Published var sheet: (isShown: Bool, kind: Int) = (false, 0)
                @Published var draft = Draft()
                @Published var child = Child()
                @Published var player = AVPlayer()
                var pick: Int?
            }
            struct Draft { var items: [Int] = [] }
            final class Child: ObservableObject { @Published var value = 0 }
            struct OrdersView: View {
                @ObservedObject var orders: Orders
                var body: some View {
                    Button("Split") {
                        orders.pick = 1
                        orders.sheet.kind = 2
                    }
                    Button("Add") {
                        orders.pick = 2
                        orders.draft.items.append(1)
                    }
                    Button("Read") {
                        orders.pick = 3
                        print(orders.sheet.kind)
                    }
                    Button("Child") {
                        orders.pick = 4
                        orders.child.value = 1
                    }
                    Button("Mute") {
                        orders.pick = 5
                        orders.player.volume = 0
                    }
                }
            }
            """
        let picks = writes(of: "pick", in: "Orders", source)
        XCTAssertEqual(picks.count, 5)
        XCTAssertEqual(announcer(picks[0]), "sheet")
        XCTAssertEqual(announcer(picks[1]), "draft")
        // Reading a member writes nothing; a member of an object it holds is the object's.
        XCTAssertEqual(picks[2].announcement, .unannounced)
        XCTAssertEqual(picks[3].announcement, .unannounced)
        // `AVPlayer` is a class the project never shows to be one: not known to be a value.
        XCTAssertEqual(picks[4].announcement, .unannounced)
    }

    /// A call in a method nothing runs is no flow: the callers that run announce.
    func testACallInCodeThatNeverRunsIsNoUnannouncedFlow() {
        let source = """
            final class Hub: ObservableObject {
                @Published var isShown = false
                private(set) var message = ""
                func reset() { message = "" }
                func show(_ text: String) {
                    reset()
                    message = text
                    DispatchQueue.main.async { self.isShown = true }
                }
            }
            struct HubView: View {
                @StateObject private var hub = Hub()
                var body: some View {
                    Text(hub.message)
                    Button("Show") { hub.show("Hi") }
                }
                private func resetAll() { hub.reset() }
            }
            @main struct HubApp: App {
                var body: some Scene { WindowGroup { HubView() } }
            }
            """
        let index = index(source)
        XCTAssertTrue(index.isWholeProgram)
        let resets = index.changes(of: index.types["Hub"]!).writes(of: "message").filter { $0.member == "`reset()`" }
        XCTAssertEqual(resets.count, 1)
        XCTAssertEqual(announcer(resets.first), "isShown")
        // Once a view calls it, its flow announces nothing.
        let called = source.replacingOccurrences(of: "Button(\"Show\") { hub.show(\"Hi\") }", with: "Button(\"Show\") { hub.show(\"Hi\"); resetAll() }")
        XCTAssertEqual(writes(of: "message", in: "Hub", called).first { $0.member == "`reset()`" }?.announcement, .unannounced)
    }

    func testALaterOrScheduledCallThatAnnouncesAnnouncesTheWrite() {
        let source = """
            final class Pages: ObservableObject {
                @Published var items: [Int] = []
                var page = 1
                func load() async {
                    page += 1
                    items = await fetch()
                    page += 1
                }
                func fetch() async -> [Int] { [] }
                func reset() {
                    page = 1
                    Task { await self.load() }
                }
                func drop() {
                    page = 0
                }
            }
            struct PagesView: View {
                @ObservedObject var pages: Pages
                var body: some View {
                    List(pages.items, id: \\.self) { Text("\\($0)") }
                        .refreshable {
                            pages.page = 1
                            Task { await pages.load() }
                        }
                        .onAppear { pages.page = 2 }
                }
            }
            """
        let page = writes(of: "page", in: "Pages", source)
        XCTAssertEqual(page.map(\.member), ["`load()`", "`load()`", "`reset()`", "`drop()`", "a closure in `PagesView.body`", "a closure in `PagesView.body`"])
        // `items = await fetch()` announces after its `await`: the write after it is in its flow.
        XCTAssertEqual(announcer(page[1]), "items")
        // A task scheduled after the write calls `load()`, which announces `items`.
        XCTAssertEqual(announcer(page[2]), "items")
        XCTAssertEqual(page[3].announcement, .unannounced)
        XCTAssertEqual(announcer(page[4]), "items")
        XCTAssertEqual(page[5].announcement, .unannounced)
    }

    func testAPrivateExtensionsMethodOnlyTheInitializerCallsIsSetup() {
        let source = """
            final class Settings: ObservableObject {
                var values: [String: Int] = [:]
                init() { read() }
            }
            private extension Settings {
                func read() { values = ["a": 1] }
            }
            struct FileStore { func read() -> Data { Data() } }
            enum Loader { static func load(_ store: FileStore) -> Data { store.read() } }
            """
        // `read()` is file-private: the other `read()` calls are another type's.
        XCTAssertEqual(writes(of: "values", in: "Settings", source).map(\.phase), [.setup])
    }

    func testAnnouncedLaterInTheSamePiece() {
        let source = """
            final class Loader: ObservableObject {
                var data = Data()
                var state = 0
                var other = 0
                init(url: URL) {
                    URLSession.shared.dataTask(with: url) { data, _, _ in
                        self.data = data ?? Data()
                        DispatchQueue.main.async { self.objectWillChange.send() }
                    }.resume()
                }
                func refresh() async {
                    state = 1
                    await Task.yield()
                    objectWillChange.send()
                }
                func tap() {
                    DispatchQueue.main.async { self.objectWillChange.send() }
                    other = 1
                }
                var done = false
                func finish() async {
                    defer { done = true }
                    await Task.yield()
                    objectWillChange.send()
                }
            }
            """
        // A `defer` runs after the rest of the piece: the later send comes before it.
        XCTAssertEqual(writes(of: "done", in: "Loader", source).first?.announcement, .unannounced)
        // A send the same piece schedules after the write re-renders the views, which read it.
        XCTAssertEqual(announcer(writes(of: "data", in: "Loader", source).first), "objectWillChange")
        // So does one past an `await` of the same piece.
        XCTAssertEqual(announcer(writes(of: "state", in: "Loader", source).first), "objectWillChange")
        // A send scheduled before the write announces nothing of it.
        XCTAssertEqual(writes(of: "other", in: "Loader", source).first?.announcement, .unannounced)
    }

    /// The code around an awaited `MainActor.run { }` goes on after its closure: a later
    /// announcement there (past an `await` too) re-renders the views, as one later in the
    /// closure would. Not past a `return` or a `try`, nor for a `Task { }`, which the code
    /// around does not wait for, nor another type's `run`.
    func testAnnouncedLaterAroundAnAwaitedMainActorRunClosure() {
        let source = """
            final class Recorder: ObservableObject {
                @Published var isSending = false
                var promptID: Int?
                var sessionID: Int?
                var taskID: Int?
                func finish(_ ok: Bool) async {
                    await MainActor.run {
                        self.promptID = nil
                    }
                    await submit()
                }
                func cancel(_ ok: Bool) async {
                    guard ok else {
                        await MainActor.run { self.sessionID = nil }
                        return
                    }
                    await submit()
                }
                func stop() async {
                    Task { @MainActor in self.taskID = nil }
                    await submit()
                }
                var text = ""
                func stream(_ chunks: [String]) async {
                    for chunk in chunks {
                        await MainActor.run { self.text += chunk }
                    }
                    await submit()
                }
                var uploadID: Int?
                func upload() async throws {
                    await MainActor.run { self.uploadID = nil }
                    try? await send()
                    try await send()
                    await submit()
                }
                var retryID: Int?
                func retry() async {
                    await MainActor.run { self.retryID = nil }
                    try? await send()
                    await submit()
                }
                private func send() async throws {}
                var workerID: Int?
                let worker = Worker()
                func handOff() async {
                    await worker.run { self.workerID = nil }
                    await submit()
                }
                private func submit() async {
                    await MainActor.run { self.isSending = true }
                }
            }
            final class Worker {
                func run(_ body: @escaping @Sendable () -> Void) async {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { body() }
                }
            }
            """
        XCTAssertEqual(announcer(writes(of: "promptID", in: "Recorder", source).first), "isSending")
        XCTAssertEqual(announcer(writes(of: "retryID", in: "Recorder", source).first), "isSending")
        // A `try` that throws leaves before the announcement (`try?` does not).
        XCTAssertEqual(writes(of: "uploadID", in: "Recorder", source).first?.announcement, .unannounced)
        // Another type's `run` may call the closure after the code around goes on.
        XCTAssertEqual(writes(of: "workerID", in: "Recorder", source).first?.announcement, .unannounced)
        XCTAssertEqual(writes(of: "sessionID", in: "Recorder", source).first?.announcement, .unannounced)
        XCTAssertEqual(writes(of: "taskID", in: "Recorder", source).first?.announcement, .unannounced)
        // Each round of the loop changes it again before the announcement after the loop.
        XCTAssertEqual(writes(of: "text", in: "Recorder", source).first?.announcement, .unannounced)
    }

    func testAnnouncedByACalleeThatSchedulesTheAnnouncement() {
        let source = """
            @MainActor final class FetchSession: ObservableObject {
                private(set) var rows: [String] = []
                private(set) var lateCount = 0
                private(set) var endedAt: Date?
                private(set) var note = ""
                private var publishTask: Task<Void, Never>?
                private var onDone: (() -> Void)?
                func markEvents(_ ids: [String]) {
                    for id in ids {
                        var accepted = false
                        upsert(id) { _ in accepted = true }
                        if accepted { lateCount += 1 }
                    }
                }
                func markEnded() {
                    endedAt = Date()
                    publishNow()
                }
                func annotate(_ text: String) {
                    note = text
                    publishLater()
                }
                private func upsert(_ id: String, mutate: (inout String) -> Void) {
                    var row = id
                    mutate(&row)
                    rows.append(row)
                    schedulePublish()
                }
                private func schedulePublish() {
                    guard publishTask == nil else { return }
                    publishTask = Task { @MainActor in
                        try? await Task.sleep(nanoseconds: 80_000_000)
                        self.objectWillChange.send()
                        self.publishTask = nil
                    }
                }
                private func publishNow() {
                    publishTask?.cancel()
                    objectWillChange.send()
                }
                private func publishLater() {
                    onDone = { self.objectWillChange.send() }
                }
            }
            """
        // `upsert` schedules a send after its write: the views render again and read it.
        XCTAssertEqual(announcer(writes(of: "rows", in: "FetchSession", source).first), "objectWillChange")
        // So is a write after a call of `upsert` in the same piece.
        XCTAssertEqual(announcer(writes(of: "lateCount", in: "FetchSession", source).first), "objectWillChange")
        XCTAssertEqual(announcer(writes(of: "endedAt", in: "FetchSession", source).first), "objectWillChange")
        // A closure the callee only stores may never run.
        XCTAssertEqual(writes(of: "note", in: "FetchSession", source).first?.announcement, .unannounced)
    }

    func testMemberWritesOfAHeldObjectAreNotWritesOfTheProperty() {
        let source = """
            protocol Editor: AnyObject { var theme: Int { get set } }
            final class Canvas { var zoom = 1 }
            final class Workspace: ObservableObject {
                var editor: Editor! = nil
                var canvas = Canvas()
                var size = CGSize.zero
            }
            struct Toolbar: View {
                @EnvironmentObject var workspace: Workspace
                var body: some View {
                    Button("Go") {
                        workspace.editor.theme = 2
                        workspace.canvas.zoom = 2
                        workspace.size.width = 2
                    }
                }
            }
            final class Coordinator {
                let workspace: Workspace
                init(workspace: Workspace) { self.workspace = workspace }
                func apply() { workspace.editor.theme = 3 }
            }
            """
        // A class-bound protocol or a class: the object changes, not the property holding it.
        XCTAssertTrue(writes(of: "editor", in: "Workspace", source).isEmpty)
        XCTAssertTrue(writes(of: "canvas", in: "Workspace", source).isEmpty)
        // A value's member write changes the property.
        XCTAssertEqual(writes(of: "size", in: "Workspace", source).count, 1)
    }

    func testWritesThroughAHeldBindingAreNotWritesOfTheProperty() {
        let source = """
            @Observable final class SupportModel {
                var isPresented: Binding<Bool>
                var draft: Binding<String>
                var title = ""
                init(isPresented: Binding<Bool>, draft: Binding<String>) {
                    self.isPresented = isPresented
                    self.draft = draft
                }
                func close() { isPresented.wrappedValue = false }
                func rebind(_ other: Binding<Bool>) { isPresented = other }
            }
            struct Footer: View {
                let model: SupportModel
                var body: some View { Button("Clear") { model.draft.wrappedValue = "" } }
            }
            """
        // `wrappedValue`'s setter is `nonmutating`: it writes the state the binding reaches.
        // Only assigning another binding changes the property.
        let later = { (name: String) in self.writes(of: name, in: "SupportModel", source).filter { $0.phase == .afterHandout }.map(\.member) }
        XCTAssertEqual(later("isPresented"), ["`rebind()`"])
        XCTAssertEqual(later("draft"), [])
        XCTAssertEqual(index(source).bindingHolders(of: index(source).types["SupportModel"]!), ["isPresented", "draft"])
    }

    func testMemberWritesOfALibraryClassTheProjectObservesAreNotWritesOfTheProperty() {
        let source = """
            import UploadKit
            final class Composer: ObservableObject {
                var uploader = Uploader()
                var scrollView: UIScrollView?
                var drafts: [Uploader] = []
                var options = UploadOptions()
                func send() {
                    uploader.queued = ["a"]
                    scrollView?.contentOffset = .zero
                    drafts.append(Uploader())
                    options.retries = 2
                }
            }
            struct Progress: View {
                @ObservedObject var uploader: Uploader
                var body: some View { Text("\\(uploader.queued.count)") }
            }
            final class Pager { weak var scrollView: UIScrollView? }
            """
        // `@ObservedObject` holds only classes, `weak` only class references: the object
        // changes, not the property holding it.
        XCTAssertTrue(writes(of: "uploader", in: "Composer", source).isEmpty)
        XCTAssertTrue(writes(of: "scrollView", in: "Composer", source).isEmpty)
        // A collection of them changes through its own methods.
        XCTAssertEqual(writes(of: "drafts", in: "Composer", source).count, 1)
        // Nothing shows `UploadOptions` to be a class: it may be a value.
        XCTAssertEqual(writes(of: "options", in: "Composer", source).count, 1)
    }

    func testAnnouncedThroughEveryCaller() {
        let source = """
            final class Library: ObservableObject {
                @Published var books: [String] = []
                private var index: [String: Int] = [:]
                private var other: [String: Int] = [:]
                func load(_ loaded: [String]) {
                    rebuildIndex(loaded)
                    books = loaded
                }
                func append(_ book: String) {
                    rebuildIndex([book])
                    books.append(book)
                }
                private func rebuildIndex(_ loaded: [String]) { for book in loaded { index[book] = book.count } }
                func reset() { rebuildOther() }
                func refresh() {
                    rebuildOther()
                    objectWillChange.send()
                }
                private func rebuildOther() { other = [:] }
            }
            """
        let index = writes(of: "index", in: "Library", source)
        XCTAssertEqual(index.count, 1)
        XCTAssertTrue(index[0].isAnnounced)
        XCTAssertEqual(index[0].flows.count, 2, "one flow per caller")
        // `reset()` calls the helper without announcing.
        XCTAssertEqual(writes(of: "other", in: "Library", source).first?.announcement, .unannounced)
    }

    /// An asynchronous function's last segment (after its last `await`) runs on into its
    /// caller's code once the call returns: `let found = await loadNames()`, then a
    /// `@Published` write, announces it; so does the first `await` of an `async let` the
    /// caller binds the call to. A write before the function's last `await` (or in a loop
    /// that awaits), or a caller announcing before the `async let` is awaited, is not announced.
    func testAnAsynchronousFunctionsLastSegmentRunsOnIntoItsCallers() {
        let source = """
            @MainActor final class Directory: ObservableObject {
                @Published var names: [String] = []
                @Published var isLoading = false
                private var namesByID: [Int: String] = [:]
                private var early: [Int: String] = [:]
                private var raced: [Int: String] = [:]
                private var streamed: [String] = []
                private let updates = AsyncStream<String> { _ in }
                func follow() async {
                    await followUpdates()
                    isLoading = false
                }
                private func followUpdates() async {
                    for await update in updates {
                        streamed.append(update)
                    }
                }
                func load() async {
                    let found = await loadNames()
                    names = found
                }
                func refresh() async {
                    async let found = loadNames()
                    isLoading = false
                    names = await found
                }
                private func loadNames() async -> [String] {
                    early = [:]
                    let fetched = await fetch()
                    namesByID = [1: fetched]
                    return [fetched]
                }
                func reload() async {
                    async let found = loadOthers()
                    isLoading = true
                    _ = await found
                }
                private func loadOthers() async -> [String] {
                    let fetched = await fetch()
                    raced = [1: fetched]
                    return [fetched]
                }
                private func fetch() async -> String { "" }
            }
            """
        let byID = writes(of: "namesByID", in: "Directory", source)
        XCTAssertEqual(byID.count, 1)
        XCTAssertTrue(byID[0].isAnnounced)
        XCTAssertEqual(byID[0].flows.count, 2, "one flow per caller")
        XCTAssertEqual(writes(of: "early", in: "Directory", source).first?.announcement, .unannounced)
        XCTAssertEqual(writes(of: "raced", in: "Directory", source).first?.announcement, .unannounced)
        // Each pass of the loop waits for the next update after its write.
        XCTAssertEqual(writes(of: "streamed", in: "Directory", source).first?.announcement, .unannounced)
    }

    /// The calls that return into the type's own code are its own (`await self.loadNames()`
    /// as `await loadNames()`); another type's function of the same name
    /// (`Unrelated.loadNames()`) is none of them; other code's call on an object of the type
    /// runs on into that code from where the call returns (`await directory.loadAll()`,
    /// then `directory.isLoading = false`).
    func testAnAsynchronousFunctionsCallersAreResolvedByReceiver() {
        let source = """
            @MainActor final class Directory: ObservableObject {
                @Published var names: [String] = []
                @Published var isLoading = false
                private var titles: [Int: String] = [:]
                private var all: [Int: String] = [:]
                private var silent: [Int: String] = [:]
                func load() async {
                    let found = await self.loadNames()
                    names = found
                }
                private func loadNames() async -> [String] {
                    let fetched = await fetch()
                    titles = [1: fetched]
                    return [fetched]
                }
                func loadAll() async {
                    let fetched = await fetch()
                    all = [1: fetched]
                }
                func loadSilently() async {
                    let fetched = await fetch()
                    silent = [1: fetched]
                }
                private func fetch() async -> String { "" }
            }
            final class Unrelated { func loadNames() {} }
            func other(_ u: Unrelated) { u.loadNames() }
            @MainActor final class Coordinator {
                let directory = Directory()
                func start() async {
                    await directory.loadAll()
                    directory.isLoading = false
                }
                func quiet() async {
                    directory.isLoading = true
                    await directory.loadSilently()
                }
            }
            """
        XCTAssertTrue(writes(of: "titles", in: "Directory", source).first?.isAnnounced == true)
        XCTAssertTrue(writes(of: "all", in: "Directory", source).first?.isAnnounced == true)
        XCTAssertEqual(writes(of: "silent", in: "Directory", source).first?.announcement, .unannounced)
    }

    /// A `defer` block registered before the point a call returns to, in a scope holding
    /// it, runs as that scope exits: its announcing write follows the called function's
    /// last segment. One in a block that has already exited does not.
    func testADeferBlockAnnouncesAfterTheCallReturns() {
        let source = """
            @MainActor final class Directory: ObservableObject {
                @Published var isLoading = false
                private var titles: [Int: String] = [:]
                private var others: [Int: String] = [:]
                func load() async {
                    isLoading = true
                    defer { isLoading = false }
                    await loadNames()
                }
                func reload(_ flag: Bool) async {
                    if flag {
                        defer { isLoading = false }
                        isLoading = true
                    }
                    await loadOthers()
                }
                private func loadNames() async {
                    let fetched = await fetch()
                    titles = [1: fetched]
                }
                private func loadOthers() async {
                    let fetched = await fetch()
                    others = [1: fetched]
                }
                private func fetch() async -> String { "" }
            }
            """
        XCTAssertTrue(writes(of: "titles", in: "Directory", source).first?.isAnnounced == true)
        XCTAssertEqual(writes(of: "others", in: "Directory", source).first?.announcement, .unannounced)
    }

    /// `async let (a, b) = (load(), other())` runs both calls in a child task: the caller's
    /// code goes on from the first `await` of a bound name, not from the call.
    func testATupleAsyncLetReturnsWhereItIsAwaited() {
        let source = """
            @MainActor final class Directory: ObservableObject {
                @Published var names: [String] = []
                @Published var isLoading = false
                private var titles: [Int: String] = [:]
                private var raced: [Int: String] = [:]
                func load() async {
                    async let (found, count) = (loadNames(), fetch())
                    let (loaded, _) = await (found, count)
                    names = loaded
                }
                func reload() async {
                    async let (found, count) = (loadOthers(), fetch())
                    isLoading = true
                    _ = await (found, count)
                }
                private func loadNames() async -> [String] {
                    let fetched = await fetch()
                    titles = [1: fetched]
                    return [fetched]
                }
                private func loadOthers() async -> [String] {
                    let fetched = await fetch()
                    raced = [1: fetched]
                    return [fetched]
                }
                private func fetch() async -> String { "" }
            }
            """
        XCTAssertTrue(writes(of: "titles", in: "Directory", source).first?.isAnnounced == true)
        XCTAssertEqual(writes(of: "raced", in: "Directory", source).first?.announcement, .unannounced)
    }

    func testAnnouncedByCallersInOtherTypes() {
        let source = """
            final class Board: ObservableObject {
                @Published var revision = 0
                var cards: [String] = []
                var archived: [String] = []
                func load(_ new: [String]) { cards = new }
                func archive(_ card: String) { archived.append(card) }
            }
            final class Coordinator {
                let board = Board()
                func refresh() {
                    board.load(["a"])
                    board.revision += 1
                }
                func archiveAll() { board.archive("a") }
            }
            struct BoardView: View {
                @ObservedObject var board: Board
                var body: some View {
                    Button("Reload") {
                        board.load([])
                        board.objectWillChange.send()
                    }
                }
            }
            """
        let index = index(source)
        let changes = index.changes(of: index.types["Board"]!)
        let cards = changes.writes(of: "cards")
        XCTAssertEqual(cards.first?.flows.map { $0.map(\.name) }, [["revision"], ["objectWillChange"]])
        XCTAssertEqual(changes.writes(of: "archived").first?.announcement, .unannounced)
    }

    func testWritesFromOtherCodeCarryTheWritersFlow() {
        let source = """
            final class Draft: ObservableObject {
                var text = ""
            }
            final class Session: ObservableObject {
                @Published var saving = false
                let draft = Draft()
                func save() {
                    draft.text = ""
                    saving = true
                }
                func discard() { draft.text = "" }
            }
            struct DraftEditor: View {
                @ObservedObject var draft: Draft
                @ObservedObject var session: Session
                @State private var clears = 0
                var body: some View {
                    Button("Clear") {
                        draft.text = ""
                        clears += 1
                    }
                }
            }
            struct DraftPreview: View {
                @ObservedObject var draft: Draft
                var body: some View { Text(draft.text) }
            }
            """
        let index = index(source)
        let text = index.changes(of: index.types["Draft"]!).writes(of: "text")
        XCTAssertEqual(text.map { $0.writer?.type }, ["Session", "Session", "DraftEditor"])
        XCTAssertEqual(text.map { index.writerFlows(of: $0).first?.map(\.name) }, [["saving"], nil, ["clears"]])
        XCTAssertTrue(text.allSatisfy { !$0.isAnnounced })
        // The editor re-renders with its own state and with the session it observes.
        XCTAssertTrue(index.isRenderedAgain("DraftEditor", by: text[0]))
        XCTAssertFalse(index.isRenderedAgain("DraftEditor", by: text[1]))
        XCTAssertTrue(index.isRenderedAgain("DraftEditor", by: text[2]))
        XCTAssertFalse(index.isRenderedAgain("DraftPreview", by: text[0]))
        XCTAssertFalse(index.isRenderedAgain("DraftPreview", by: text[2]))
    }

    func testAnnouncedThroughACallee() {
        let source = """
            final class Player: ObservableObject {
                var position = 0.0
                func seek(to time: Double) {
                    position = time
                    notifyChanged()
                }
                private func notifyChanged() { sendChange() }
                private func sendChange() { objectWillChange.send() }
            }
            """
        let position = writes(of: "position", in: "Player", source)
        XCTAssertEqual(announcer(position.first), "objectWillChange")
    }

    func testForwardingContainerIsCodeNotComments() {
        let source = """
            final class Child: ObservableObject { @Published var value = 0 }
            final class Parent: ObservableObject {
                let child = Child()
                private var subscription: AnyCancellable?
                init() {
                    subscription = child.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
                }
            }
            final class Silent: ObservableObject {
                let child = Child()
                init() {
                    // subscription = child.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
                }
            }
            """
        let index = index(source)
        let forwardings = index.forwardings(of: index.types["Child"]!)
        XCTAssertEqual(forwardings.map(\.container), ["Parent"])
        XCTAssertEqual(forwardings.first?.property, "child")
        XCTAssertNil(index.forwarding(of: "child", in: index.types["Silent"]!))
    }

    /// A subscription in a private method nothing calls never runs; a later one that runs
    /// still forwards.
    func testForwardingInCodeThatNeverRunsIsNoForwarding() {
        let source = """
            final class Child: ObservableObject { @Published var value = 0 }
            final class Dead: ObservableObject {
                let child = Child()
                private var subscription: AnyCancellable?
                private func forwardChild() {
                    subscription = child.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
                }
            }
            final class Revived: ObservableObject {
                let child = Child()
                private var first: AnyCancellable?
                private var second: AnyCancellable?
                private func neverCalled() {
                    first = child.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
                }
                init() {
                    second = child.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
                }
            }
            """
        let index = index(source)
        XCTAssertNil(index.forwarding(of: "child", in: index.types["Dead"]!))
        let revived = index.forwarding(of: "child", in: index.types["Revived"]!)
        XCTAssertEqual(revived.map { index.files[$0.site.file].source.location(of: index.files[$0.site.file].tokens[$0.site.token].range.lowerBound).line }, 17)
    }

    /// A lazy property's initializer closure runs before anything reaches the object it
    /// returns: a subscription there to the local it returns relays that child's changes;
    /// one to another object does not, and relays nothing of that other object either (it
    /// exists only once the lazy property has been read).
    func testForwardingSetUpInALazyInitializer() {
        let source = """
            final class Child: ObservableObject { @Published var value = 0 }
            final class Parent: ObservableObject {
                private var cancellables = Set<AnyCancellable>()
                lazy var child: Child = {
                    let model = Child()
                    model.objectWillChange
                        .sink { [weak self] _ in self?.objectWillChange.send() }
                        .store(in: &cancellables)
                    return model
                }()
            }
            final class Other: ObservableObject {
                private var cancellables = Set<AnyCancellable>()
                let spare = Child()
                lazy var child: Child = {
                    let model = Child()
                    spare.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &cancellables)
                    return model
                }()
            }
            """
        let index = index(source)
        XCTAssertNotNil(index.forwarding(of: "child", in: index.types["Parent"]!))
        XCTAssertNil(index.forwarding(of: "child", in: index.types["Other"]!))
        // `child`'s initializer subscribes to `spare` only once something reads `child`.
        XCTAssertNil(index.forwarding(of: "spare", in: index.types["Other"]!))
    }

    /// A subscription to the child's `$text` relays the changes of `text` only; one to its
    /// `objectWillChange`, anywhere in the container, relays every change.
    func testForwardingThroughPublishedPublisherRelaysThatProperty() {
        let source = """
            final class Child: ObservableObject {
                @Published var text = ""
                @Published var count = 0
                @Published var mentions: Set<String> = []
            }
            final class Partial: ObservableObject {
                let child = Child()
                @Published var preview = ""
                private var subscriptions = Set<AnyCancellable>()
                init() {
                    child.$text.sink { [weak self] in self?.preview = $0 }.store(in: &subscriptions)
                    Publishers.CombineLatest(self.child.$count, child.$text).sink { _ in }.store(in: &subscriptions)
                }
            }
            final class Full: ObservableObject {
                let child = Child()
                private var subscriptions = Set<AnyCancellable>()
                init() {
                    child.$text.sink { _ in }.store(in: &subscriptions)
                    child.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &subscriptions)
                }
            }
            """
        let index = index(source)
        let partial = index.forwarding(of: "child", in: index.types["Partial"]!)
        XCTAssertEqual(partial?.relayed, ["text", "count"])
        XCTAssertEqual(partial?.relays("mentions"), false)
        let full = index.forwarding(of: "child", in: index.types["Full"]!)
        XCTAssertNotNil(full)
        XCTAssertNil(full?.relayed)
        XCTAssertEqual(full?.relays("mentions"), true)
    }

    /// A `sink` on the child's own publisher whose closure calls a parent function that
    /// sends `objectWillChange` relays every change; one on another call's publisher that
    /// merely mentions the child relays nothing.
    func testForwardingThroughSubscriptionThatAnnouncesInAFunction() {
        let source = """
            final class Store: ObservableObject {
                let changes = PassthroughSubject<Int, Never>()
                var items: [Int] = []
            }
            final class Inbox: ObservableObject {
                private let store: Store
                private var cancellables = Set<AnyCancellable>()
                init(store: Store) {
                    self.store = store
                    store.changes
                        .sink { [weak self] change in self?.apply(change) }
                        .store(in: &cancellables)
                }
                private func apply(_ change: Int) { republish() }
                private func republish() { objectWillChange.send() }
            }
            final class Uploader: ObservableObject {
                let store = Store()
                @Published var error = ""
                private var cancellables = Set<AnyCancellable>()
                func upload() {
                    send(store.items).sink(receiveCompletion: { _ in self.error = "failed" }, receiveValue: { _ in }).store(in: &cancellables)
                }
                func send(_ items: [Int]) -> AnyPublisher<Int, Never> { Empty().eraseToAnyPublisher() }
            }
            """
        let index = index(source)
        let inbox = index.forwarding(of: "store", in: index.types["Inbox"]!)
        XCTAssertNotNil(inbox)
        XCTAssertNil(inbox?.relayed)
        XCTAssertNil(index.forwarding(of: "store", in: index.types["Uploader"]!))
    }

    /// The methods whose call changes the object: those writing its members (also later, in
    /// a closure they create) or calling a method of an object it holds, and their callers;
    /// not those that only read.
    func testStateChangingFunctions() {
        let source = """
            final class Player { func stop() {} }
            final class Devices: ObservableObject {
                @Published var available: [String] = []
                @Published var current: String?
                private var history: [String] = []
                private let player = Player()
                func refresh() { available = ["Built-in"] }
                func reconnect() { refresh() }
                func record(_ name: String) { history.append(name) }
                func later() { DispatchQueue.main.async { self.current = nil } }
                func halt() { player.stop() }
                func active() -> String? { current ?? available.first }
                func isBuiltIn(_ name: String) -> Bool { name.contains("Built-in") && active() != nil }
            }
            """
        let index = index(source)
        XCTAssertEqual(index.stateChangingFunctions(of: index.types["Devices"]!), ["refresh", "reconnect", "record", "later", "halt"])
    }

    /// The methods whose change happens after they return: a write in a closure they hand
    /// over (a completion handler, `DispatchQueue.main.async`), and their callers; not a
    /// write in a closure that runs during the call (`forEach`).
    func testFunctionsChangingLater() {
        let source = """
            final class Client { func fetch(_ done: @escaping ([String]) -> Void) {} }
            final class Routes: ObservableObject {
                @Published var items: [String] = []
                @Published var filter = ""
                private let client = Client()
                func load() { client.fetch { found in DispatchQueue.main.async { self.items = found } } }
                func reload() { filter = ""; load() }
                func later() { DispatchQueue.main.async { self.filter = "" } }
                func clear() { items = [] }
                func trim() { [1, 2].forEach { _ in self.items.removeLast() } }
            }
            """
        let index = index(source)
        XCTAssertEqual(index.functionsChangingLater(of: index.types["Routes"]!), ["load", "reload", "later"])
    }

    func testRevisionCounterAnnouncesToItsReaders() {
        let source = """
            @Observable final class ImageCache {
                private var revision = 0
                @ObservationIgnored private var images: [String: Int] = [:]
                func store(_ size: Int, for key: String) {
                    images[key] = size
                    revision += 1
                }
            }
            """
        let images = writes(of: "images", in: "ImageCache", source)
        XCTAssertEqual(announcer(images.first), "revision")
        XCTAssertTrue(images[0].isAnnounced(toReadersOf: ["revision", "images"]))
        XCTAssertFalse(images[0].isAnnounced(toReadersOf: ["images"]))
    }

    func testWrittenOnlyDuringSetup() {
        let source = """
            final class Viewer: ObservableObject {
                private(set) var title = ""
                var port = 0
                init(url: URL) { loadMetadata(url) }
                private func loadMetadata(_ url: URL) { title = url.lastPathComponent }
                func configure(port: Int) { self.port = port }
            }
            func makeScreen(url: URL) -> Screen {
                let viewer = Viewer(url: url)
                viewer.configure(port: 80)
                return Screen(viewer: viewer)
            }
            final class Holder {
                let viewer: Viewer
                init() {
                    viewer = Viewer(url: URL(fileURLWithPath: "/"))
                    viewer.port = 8080
                }
            }
            // Another type's method of the same name, called on an object of that type.
            final class Gauge {
                var port = 0
                func configure(port: Int) { self.port = port }
            }
            func recalibrate() {
                let gauge = Gauge()
                DispatchQueue.main.async { gauge.configure(port: 1) }
            }
            """
        let index = index(source)
        let changes = index.changes(of: index.types["Viewer"]!)
        XCTAssertEqual(changes.writes(of: "title").map(\.phase), [.setup])
        XCTAssertEqual(changes.writes(of: "port").map(\.phase), [.setup, .setup])
        XCTAssertEqual(changes.writes(of: "port").map(\.throughReference), [false, true])
        XCTAssertFalse(changes.writes.values.joined().contains { $0.phase == .afterHandout })
        // Called once more after the hand-out: `configure` may run at any time.
        let later = source + """

            struct Screen: View {
                let viewer: Viewer
                var body: some View { Button("Port") { viewer.configure(port: 443) } }
            }
            """
        let changedLater = self.index(later).changes(of: self.index(later).types["Viewer"]!)
        XCTAssertEqual(changedLater.writes(of: "port").first?.phase, .afterHandout)
        XCTAssertTrue(changedLater.writes.values.joined().contains { $0.phase == .afterHandout })
    }

    /// A write through a local bound to what a factory returns, when the factory returns a
    /// new object (built there, or by another such factory), is the creator's setup: no
    /// view holds the object yet. A factory that may return a shared object is not one.
    func testWritesToAFactoryMadeObjectBeforeItIsHandedOutAreSetup() {
        let source = """
            final class Store: ObservableObject {
                var plan = "pro"
                var count = 0
                static func preview(count: Int = 3) -> Store {
                    let store = Store()
                    store.count = count
                    return store
                }
                static func make() -> Store { Store() }
                private static func connected() -> Store {
                    let store = preview(count: 1)
                    return store
                }
                static func paywall() -> Store {
                    let store = connected()
                    store.plan = "free"
                    let other = Store.make()
                    other.plan = "trial"
                    return store
                }
            }
            func refresh(_ store: Store) { store.count += 1 }
            """
        let count = writes(of: "count", in: "Store", source)
        XCTAssertEqual(count.map(\.phase), [.setup, .afterHandout])
        XCTAssertEqual(writes(of: "plan", in: "Store", source).map(\.phase), [.setup, .setup])
        // A factory that returns a shared object: a write through its result may change
        // what a view shows.
        let shared = source.replacingOccurrences(of: "static func make() -> Store { Store() }", with: """
            static let shared = Store()
            static func make() -> Store { shared }
            """)
        XCTAssertEqual(writes(of: "plan", in: "Store", shared).map(\.phase), [.setup, .afterHandout])
        let sharedPreview = source.replacingOccurrences(of: "let store = Store()\n        store.count = count\n        return store", with: "return shared")
            .replacingOccurrences(of: "var count = 0", with: "var count = 0\n    static let shared = Store()")
        XCTAssertEqual(writes(of: "plan", in: "Store", sharedPreview).map(\.phase), [.afterHandout, .setup])
    }

    /// A property's initial value is code that makes the value (SPEC §10.1): an object it
    /// builds and fills there (`let bank = Bank(context: c); bank.name = …` in a `static var
    /// preview = { … }()`) has no view yet. A write there through an object it did not build
    /// is no setup.
    func testWritesToAnObjectBuiltInAPropertysInitialValueAreSetup() {
        let source = """
            final class Bank: NSManagedObject { @NSManaged var name: String }
            struct Persistence {
                static let shared = Bank(context: Context())
                static var preview: [Bank] = {
                    var banks: [Bank] = []
                    for i in 0..<2 {
                        let bank = Bank(context: Context())
                        bank.name = "Bank \\(i)"
                        banks.append(bank)
                    }
                    shared.name = "Shared"
                    return banks
                }()
            }
            """
        XCTAssertEqual(writes(of: "name", in: "Bank", source).map(\.phase), [.setup, .afterHandout])
    }

    /// A local that holds only objects its own code builds is setup until its value leaves
    /// that code (SPEC §10.1): a parser filling the heading it builds (`current?.add(p)`,
    /// `current?.title = t`) before it hands out a copy writes no object a view holds. A use
    /// that lets the value leave first (handing it out in a loop that writes it again, then
    /// writing it) makes the write one after the hand-out.
    func testWritesThroughALocalBeforeItsValueLeavesAreSetup() {
        let source = """
            final class Heading {
                var title = ""
                var paragraphs: [String] = []
                func add(_ paragraph: String) { paragraphs.append(paragraph) }
                func clone() -> Heading { Heading() }
            }
            final class Note { var text = "" }
            enum Parser {
                static func parse(_ lines: [String]) -> [Heading] {
                    var headings: [Heading] = []
                    var current: Heading?
                    for line in lines {
                        if line.hasPrefix("#") {
                            if let done = current { headings.append(done.clone()) }
                            current = Heading()
                            current?.title = line
                        } else {
                            current?.add(line)
                        }
                    }
                    let note = Note()
                    note.text = "a"
                    headings.append(Heading())
                    return headings
                }
            }
            """
        XCTAssertEqual(writes(of: "title", in: "Heading", source).map(\.phase), [.setup])
        XCTAssertEqual(writes(of: "paragraphs", in: "Heading", source).map(\.phase), [.setup])
        // Handed out inside the loop that fills it: the next line writes a shown heading.
        let handedOut = source.replacingOccurrences(of: "headings.append(done.clone())", with: "headings.append(done)")
        XCTAssertEqual(writes(of: "title", in: "Heading", handedOut).map(\.phase), [.afterHandout])
        XCTAssertEqual(writes(of: "paragraphs", in: "Heading", handedOut).map(\.phase), [.afterHandout])
        // Filled, then handed out after the loop: setup.
        let returned = """
            final class Heading {
                var paragraphs: [String] = []
                func add(_ paragraph: String) { paragraphs.append(paragraph) }
            }
            func parse(_ lines: [String]) -> Heading {
                let heading = Heading()
                for line in lines { heading.add(line) }
                return heading
            }
            func reparse(_ lines: [String], into shown: Heading) {
                var heading: Heading? = shown
                heading?.add("x")
            }
            """
        XCTAssertEqual(writes(of: "paragraphs", in: "Heading", returned).map(\.phase), [.afterHandout])
        XCTAssertEqual(
            writes(of: "paragraphs", in: "Heading", returned.components(separatedBy: "func reparse")[0]).map(\.phase), [.setup])
    }

    func testWrittenInInitializerOnly() {
        let source = """
            final class Settings: ObservableObject {
                var name: String
                init(name: String) {
                    self.name = name
                    Task { self.name = name.uppercased() }
                }
            }
            """
        let name = writes(of: "name", in: "Settings", source)
        XCTAssertEqual(name.map(\.phase), [.initializer, .afterHandout])
        XCTAssertEqual(name.map(\.member), ["`init`", "a closure in `init`"])
    }

    func testUnannouncedAfterAnAwait() {
        let source = """
            final class Feed: ObservableObject {
                @Published var isLoading = false
                var posts: [String] = []
                var drafts: [String] = []
                var pages = 0
                func refresh() async {
                    isLoading = true
                    posts = await api.load()
                }
                func refreshDrafts() async {
                    isLoading = true
                    let loaded = await api.load()
                    drafts = loaded
                    isLoading = false
                }
                func next() async {
                    objectWillChange.send()
                    try? await Task.sleep(nanoseconds: 1)
                    pages += 1
                }
            }
            """
        XCTAssertEqual(writes(of: "posts", in: "Feed", source).first?.announcement, .unannounced)
        XCTAssertEqual(announcer(writes(of: "drafts", in: "Feed", source).first), "isLoading")
        XCTAssertEqual(writes(of: "pages", in: "Feed", source).first?.announcement, .unannounced)
    }

    func testBothKindModelsTrackTheirProperties() {
        let source = """
            @Observable final class Session: ObservableObject {
                var user: String?
                @ObservationIgnored var token = ""
                func signIn() {
                    user = "me"
                    token = "t"
                }
            }
            """
        let index = index(source)
        let changes = index.changes(of: index.types["Session"]!)
        XCTAssertTrue(changes.announcing.contains("user"))
        XCTAssertFalse(changes.announcing.contains("token"))
        XCTAssertEqual(announcer(changes.writes(of: "user").first), "user")
        XCTAssertEqual(announcer(changes.writes(of: "token").first), "user")
    }

    func testViewStateAndWritesThroughReferences() {
        let source = """
            final class Counter: ObservableObject {
                var count = 0
            }
            struct CounterView: View {
                @ObservedObject var counter: Counter
                @State private var taps = 0
                var body: some View {
                    Button("Tap") {
                        taps += 1
                        counter.count += 1
                    }
                }
            }
            // The receiver's type is not known, but only `Counter` declares `count`.
            func resetFirst(_ counters: [Counter]) {
                if let first = counters.first(where: { $0.count > 0 }) { first.count = 0 }
            }
            """
        let index = index(source)
        let view = index.changes(of: index.types["CounterView"]!)
        XCTAssertEqual(view.writes(of: "taps").map(\.member), ["a closure in the getter of `body`"])
        XCTAssertEqual(announcer(view.writes(of: "taps").first), "taps")
        let count = index.changes(of: index.types["Counter"]!).writes(of: "count")
        XCTAssertEqual(count.map(\.throughReference), [true, true])
        XCTAssertEqual(count.map(\.phase), [.afterHandout, .afterHandout])
        XCTAssertEqual(count.first?.announcement, .unannounced)
        XCTAssertEqual(count.map(\.member), ["a closure in `CounterView.body`", "`resetFirst()`"])
    }

    func testALocalBuiltByAnotherTypesInitializerIsNotAReference() {
        let source = """
            final class Localizer {
                static let shared = Localizer()
                var locale = Locale.current
            }
            func stamp(_ date: Date) -> String {
                let formatter = DateFormatter()
                formatter.locale = Localizer.shared.locale
                return formatter.string(from: date)
            }
            func calendar() -> Calendar {
                var calendar = Calendar.current
                calendar.locale = Localizer.shared.locale
                return calendar
            }
            func reset() {
                let localizer = Localizer.shared
                localizer.locale = Locale.current
            }
            """
        // `formatter` holds a `DateFormatter`, `calendar` a `Calendar`: their `locale` is not
        // `Localizer.locale`.
        XCTAssertEqual(writes(of: "locale", in: "Localizer", source).map(\.member), ["`reset()`"])
    }

    func testCodeNothingRunsMakesNoChange() {
        let source = """
            @main struct NotesApp: App {
                @StateObject private var store = Store()
                var body: some Scene { WindowGroup { NotesView(store: store) } }
            }
            protocol Refreshing { func refresh() }
            func refreshAll(_ items: [Refreshing]) { for item in items { item.refresh() } }
            public final class Store: ObservableObject, Refreshing {
                var notes: [String] = []
                var draft = ""
                var lastSync = 0
                var title = ""
                var selected = 0
                var sorted = false
                func add(_ note: String) { notes.append(note) }
                func discard() { draft = "" }
                @objc func sync() { lastSync += 1 }
                func refresh() { title = "" }
                func select(_ index: Int) { selected = index }
                func sort() { sorted = true }
            }
            public extension Store {
                func publish() { draft = "published" }
            }
            struct NotesView: View {
                @ObservedObject var store: Store
                var body: some View {
                    Button("Add") { store.add("note") }
                    Button("Sort", action: store.sort)
                }
            }
            final class Unused {
                func pick(_ store: Store) { store.select(1) }
                func reset(_ store: Store) { store.selected = 0 }
            }
            """
        let index = index(source)
        XCTAssertTrue(index.isWholeProgram)
        let store = index.types["Store"]!
        let changes = index.changes(of: store)
        // Called by a view's action, handed over by name.
        XCTAssertEqual(changes.writes(of: "notes").count, 1)
        XCTAssertEqual(changes.writes(of: "sorted").count, 1)
        // Nothing names `discard`: its write is no change. A `public extension`'s member
        // may be called from outside.
        XCTAssertEqual(changes.writes(of: "draft").map(\.member), ["`publish()`"])
        XCTAssertTrue(index.neverRuns(store.functions.first { $0.function.name == "discard" }!.function, of: store))
        // The runtime may call an `@objc` method; `refresh` may witness the protocol's
        // requirement, called on the protocol's values.
        XCTAssertEqual(changes.writes(of: "lastSync").count, 1)
        XCTAssertEqual(changes.writes(of: "title").count, 1)
        // `select` is called, but only by a method nothing runs: neither write runs.
        XCTAssertEqual(changes.writes(of: "selected").map(\.member), [])
    }

    func testWithoutAnEntryPointEveryMethodMayRun() {
        let source = """
            final class Store: ObservableObject {
                var draft = ""
                func discard() { draft = "" }
            }
            """
        let index = index(source)
        XCTAssertFalse(index.isWholeProgram)
        XCTAssertEqual(writes(of: "draft", in: "Store", source).map(\.phase), [.afterHandout])
    }

    func testMethodOnlyInitializationCallsIsSetupInAWholeProgram() {
        let source = """
            @main struct ProfilesApp: App {
                @StateObject private var profiles = Profiles()
                var body: some Scene { WindowGroup { Text("\\(profiles.names.count)") } }
            }
            final class Profiles: ObservableObject {
                var names: [String] = []
                init() { load() }
                func load() { names = ["Default"] }
            }
            """
        XCTAssertEqual(writes(of: "names", in: "Profiles", source).map(\.phase), [.setup])
        // Without an entry point, code the snippet does not show may call `load()` later.
        let snippet = source.replacingOccurrences(of: "@main ", with: "").replacingOccurrences(of: ": App", with: "")
            .replacingOccurrences(of: "some Scene", with: "some View")
        XCTAssertEqual(writes(of: "names", in: "Profiles", snippet).map(\.phase), [.afterHandout])
    }

    func testSendingOnTheObjectsOwnSubjectAnnounces() {
        let source = """
            final class Cache: ObservableObject {
                private let didChange = PassthroughSubject<Void, Never>()
                private let state = CurrentValueSubject<Int, Never>(0)
                var items: [String] = []
                var other: [String] = []
                var last: [String] = []
                func update(_ new: [String]) {
                    items = new
                    didChange.send()
                }
                func replace(_ new: [String]) {
                    other = new
                    state.send(1)
                }
                func clear() { last = [] }
            }
            """
        XCTAssertEqual(announcer(writes(of: "items", in: "Cache", source).first), "didChange")
        XCTAssertEqual(announcer(writes(of: "other", in: "Cache", source).first), "state")
        XCTAssertEqual(writes(of: "last", in: "Cache", source).first?.announcement, .unannounced)
    }

    func testWriteThroughAReferenceAnnouncedOnTheSameObject() {
        let source = """
            final class Drag: ObservableObject {
                @Published var config = 0
                var cellSize = 0.0
                var spacing = 0.0
            }
            struct Grid: View {
                @ObservedObject var drag: Drag
                var body: some View {
                    Text("\\(drag.cellSize) \\(drag.spacing)")
                        .onAppear {
                            drag.config = 1
                            drag.cellSize = 40
                        }
                        .onDisappear { drag.spacing = 2 }
                }
            }
            """
        XCTAssertEqual(announcer(writes(of: "cellSize", in: "Drag", source).first), "config")
        XCTAssertEqual(writes(of: "spacing", in: "Drag", source).first?.announcement, .unannounced)
    }

    func testWriteThroughAFieldOfTheValueAnnouncedOnTheSameObject() {
        let source = """
            struct Recipe { var name = ""; var isStored: Bool? }
            final class RecipeModel: ObservableObject {
                @Published var isDownloaded: Bool?
                var recipe = Recipe()
                var draft = Recipe()
            }
            struct RecipeScreen: View {
                @ObservedObject var model: RecipeModel
                var body: some View {
                    Text(model.recipe.name)
                        .task {
                            await Task.yield()
                            if model.recipe.isStored == nil {
                                model.recipe.isStored = true
                            }
                            model.isDownloaded = model.recipe.isStored
                            model.draft.name = "Draft"
                            await Task.yield()
                            model.isDownloaded = nil
                        }
                }
            }
            """
        let recipe = writes(of: "recipe", in: "RecipeModel", source)
        XCTAssertEqual(recipe.count, 1)
        XCTAssertEqual(announcer(recipe.first), "isDownloaded")
        XCTAssertEqual(recipe.first?.writer?.type, "RecipeScreen")
        // The `@Published` write before it announces the field's change too; none after.
        XCTAssertEqual(announcer(writes(of: "draft", in: "RecipeModel", source).first), "isDownloaded")
    }

    func testAnOnReceiveHandlerOfAnObservedObjectsPublisherRendersItsObserversAgain() {
        let source = """
            final class DebouncedText: ObservableObject {
                @Published var text = ""
                var plain = ""
            }
            final class Builder: ObservableObject {
                @Published var name = ""
                var owner = ""
                var repository = ""
                var branch = ""
                var workflow = ""
            }
            struct AddSheet: View {
                @StateObject private var owner = DebouncedText()
                @StateObject private var builder = Builder()
                let branches = DebouncedText()
                var body: some View {
                    Text(builder.owner + builder.repository + builder.branch + builder.workflow)
                        .onReceive(owner.$text) { builder.owner = $0 }
                        .onReceive(self.owner.objectWillChange) { _ in Task { builder.repository = "" } }
                        .onReceive(branches.$text) { builder.branch = $0 }
                        .onReceive(owner.$plain) { builder.workflow = $0 }
                }
            }
            struct Summary: View {
                @ObservedObject var text: DebouncedText
                var body: some View { Text(text.text) }
            }
            struct Other: View {
                var body: some View { Text("") }
            }
            """
        let index = index(source)
        let builder = index.changes(of: index.types["Builder"]!)
        func rendered(_ field: String, _ view: String) -> Bool? {
            builder.writes(of: field).first.map { index.isRenderedAgain(view, byReceiverOf: $0) }
        }
        XCTAssertEqual(rendered("owner", "AddSheet"), true)
        XCTAssertEqual(rendered("owner", "Summary"), true)
        XCTAssertEqual(rendered("owner", "Other"), false)
        // In a `Task` the handler starts, after the render.
        XCTAssertEqual(rendered("repository", "AddSheet"), false)
        // A view that holds the object without observing it does not render.
        XCTAssertEqual(rendered("branch", "AddSheet"), false)
        // Not a `@Published` property's publisher.
        XCTAssertEqual(rendered("workflow", "AddSheet"), false)
    }

    func testRenderedAgainThroughAContainerThatRelaysTheWriter() {
        let source = """
            final class Tab: ObservableObject { var space = 0 }
            final class Tabs: ObservableObject {
                @Published var bySpace: [Int: [Tab]] = [:]
                func move(_ tab: Tab, to space: Int) {
                    tab.space = space
                    bySpace[space, default: []].append(tab)
                }
            }
            final class Browser: ObservableObject {
                let tabs = Tabs()
                var cancellable: AnyCancellable?
                init() { cancellable = tabs.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() } }
            }
            struct TabRow: View {
                @EnvironmentObject var browser: Browser
                @ObservedObject var tab: Tab
                var body: some View { Text("\\(tab.space)") }
            }
            struct Badge: View {
                @ObservedObject var tab: Tab
                var body: some View { Text("\\(tab.space)") }
            }
            """
        let index = index(source)
        let write = index.changes(of: index.types["Tab"]!).writes(of: "space")
        XCTAssertEqual(write.count, 1)
        XCTAssertFalse(write[0].isAnnounced)
        // `Tabs` announces in the same flow, and `Browser`, which `TabRow` observes, relays it.
        XCTAssertTrue(index.isRenderedAgain("TabRow", by: write[0]))
        XCTAssertFalse(index.isRenderedAgain("Badge", by: write[0]))
    }

    func testCollectionOfObjectsChangesThroughItsOwnMethods() {
        let source = """
            final class Profile { var name = "" }
            final class Profiles: ObservableObject {
                @Published var all: [Profile] = []
                @Published var current: Profile?
                func add(_ profile: Profile) { all.append(profile) }
                func remove(at index: Int) { all.remove(at: index) }
                func rename(_ name: String) { all.first?.name = name }
                func renameCurrent(_ name: String) { current?.name = name }
            }
            """
        // `append` and `remove` change the array; renaming an element changes the element.
        XCTAssertEqual(writes(of: "all", in: "Profiles", source).map(\.member), ["`add()`", "`remove()`"])
        XCTAssertEqual(writes(of: "current", in: "Profiles", source).count, 0)
    }

    func testNonEscapingClosureOfAProjectFunctionRunsInTheCallersFlow() {
        let source = """
            final class Tabs: ObservableObject {
                @Published var pinned: [Int] = []
                var order = 0
                var later = 0
                private func withPinned(_ body: ([Int]) -> Void) { body(pinned) }
                private func whenReady(_ body: @escaping () -> Void) { DispatchQueue.main.async(execute: body) }
                func pin() {
                    withPinned { list in order = list.count }
                    pinned.append(1)
                }
                func queue() {
                    whenReady { self.later = 1 }
                    pinned.append(2)
                }
            }
            """
        XCTAssertEqual(announcer(writes(of: "order", in: "Tabs", source).first), "pinned")
        XCTAssertEqual(writes(of: "later", in: "Tabs", source).first?.announcement, .unannounced)
    }

    func testAClosureBoundToANonEscapingParameterRunsInTheCallersFlow() {
        // `initial` is non-escaping, `didSet` (optional) escapes: the trailing closure binds to
        // `initial` (Swift's forward scan), a labelled one to its parameter.
        let source = """
            class Base: ObservableObject {
                func bind(_ key: String, on publisher: Int, initial: (Int) -> Void, didSet: ((Int) -> Void)? = nil) {
                    initial(0)
                }
            }
            final class Form: Base {
                @Published var limit = 0
                @Published var step = 0
                var units = 0
                var scale = 0
                var later = 0
                func load() {
                    units = 1
                    bind("limit", on: 0) { limit = $0 }
                }
                func reload() {
                    scale = 1
                    bind("step", on: 0, initial: { step = $0 })
                }
                func watch() {
                    bind("later", on: 0, initial: { _ in }, didSet: { later = $0 })
                    step = 2
                }
            }
            """
        XCTAssertEqual(announcer(writes(of: "units", in: "Form", source).first), "limit")
        XCTAssertEqual(announcer(writes(of: "scale", in: "Form", source).first), "step")
        XCTAssertEqual(writes(of: "later", in: "Form", source).first?.announcement, .unannounced)
    }

    /// A property wrapper of a package may publish through the enclosing instance
    /// (`_enclosingInstance`), as one that forwards a held object's `objectWillChange` does:
    /// the property relays its object's changes, and a change of or through it may announce.
    /// SwiftUI's and Combine's wrappers, global actors, and a project wrapper that does not
    /// reach the enclosing instance do neither; one that does is read from its code.
    func testWrapperPublishingThroughTheEnclosingInstanceMayAnnounceAndRelay() {
        let source = """
            final class Scheme: ObservableObject { @Published var name = "" }
            @propertyWrapper struct Clamped { var wrappedValue: Scheme }
            @propertyWrapper struct Relay<Value: ObservableObject> {
                static subscript<T: ObservableObject>(_enclosingInstance instance: T, wrapped: KeyPath<T, Value>, storage: KeyPath<T, Self>) -> Value {
                    fatalError()
                }
                var wrappedValue: Value
            }
            final class Settings: ObservableObject {
                @PublishedObject var scheme = Scheme()
                @Relay var relayed = Scheme()
                @Clamped var clamped = Scheme()
                @MainActor var plain = Scheme()
                var cache = 0
                func rename(_ name: String) {
                    scheme.name = name
                    cache += 1
                }
                func reset() {
                    clamped.name = ""
                    cache = 0
                }
            }
            """
        let index = index(source)
        let settings = index.types["Settings"]!
        XCTAssertEqual(index.enclosingInstanceWrapped(of: settings), ["scheme", "relayed"])
        XCTAssertTrue(index.announcingProperties(of: settings).isSuperset(of: ["scheme", "relayed"]))
        XCTAssertNotNil(index.forwarding(of: "scheme", in: settings))
        XCTAssertNotNil(index.forwarding(of: "relayed", in: settings))
        XCTAssertNil(index.forwarding(of: "clamped", in: settings))
        XCTAssertNil(index.forwarding(of: "plain", in: settings))
        XCTAssertEqual(index.forwardings(of: index.types["Scheme"]!).map(\.property).sorted(), ["relayed", "scheme"])
        let cache = index.changes(of: settings).writes(of: "cache")
        XCTAssertEqual(announcer(cache.first), "scheme")
        XCTAssertEqual(cache.last?.announcement, .unannounced)
    }

    /// A write of a computed property runs its setter in the writer's flow: what the setter
    /// announces (a `@Published` write), the write's flow announces.
    func testComputedPropertysSetterAnnouncesInTheWritersFlow() {
        let source = """
            final class Editor: ObservableObject {
                @Published private var stored = ""
                private var draftCount = 0
                var text: String {
                    get { stored }
                    set { stored = newValue }
                }
                var length: Int { stored.count }
                func type(_ value: String) {
                    text = value
                    draftCount += 1
                }
                func count() { draftCount += 1 }
            }
            """
        let writes = writes(of: "draftCount", in: "Editor", source)
        XCTAssertEqual(announcer(writes.first), "stored")
        XCTAssertEqual(writes.last?.announcement, .unannounced)
    }

    func testWeaklyCapturedSelfAnnouncesAndCalls() {
        let source = """
            final class Brands: ObservableObject {
                @Published var isLoading = false
                var names: [String] = []
                var count = 0
                init() {
                    Task { @MainActor [weak self] in
                        self?.names = ["a"]
                        self?.objectWillChange.send()
                    }
                    DispatchQueue.main.async { [weak self] in
                        self?.count = 1
                        self?.finish()
                    }
                }
                func finish() { isLoading = false }
            }
            """
        XCTAssertEqual(announcer(writes(of: "names", in: "Brands", source).first), "objectWillChange")
        XCTAssertEqual(announcer(writes(of: "count", in: "Brands", source).first), "isLoading")
    }

    func testChildTasksOfATaskGroupRunOnIntoTheCodeAfterTheGroup() {
        let source = """
            final class Feed: ObservableObject {
                var brands: [String] = []
                var creators: [String] = []
                @MainActor func loadBrands() async { brands = await api.brands() }
                @MainActor func loadCreators() async { creators = await api.creators() }
                func loadAll() {
                    Task { @MainActor in
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask { await self.loadBrands() }
                        }
                        self.objectWillChange.send()
                    }
                }
                func loadSome() {
                    Task { @MainActor in
                        self.objectWillChange.send()
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask { await self.loadCreators() }
                        }
                    }
                }
            }
            """
        XCTAssertEqual(announcer(writes(of: "brands", in: "Feed", source).first), "objectWillChange")
        // The send before the group comes before the child task's write.
        XCTAssertEqual(writes(of: "creators", in: "Feed", source).first?.announcement, .unannounced)
    }

    func testALocalHidingAMethodIsNeitherACallNorAHandOver() {
        let source = """
            final class Pages: ObservableObject {
                @Published var items: [String] = []
                var loaded = false
                var onLoad: (() async -> [String])?
                private func load() async -> [String] {
                    guard let load = onLoad else { return [] }
                    let result = await load()
                    loaded = true
                    return result
                }
                @MainActor func reload() async { items = await load() }
            }
            """
        XCTAssertEqual(announcer(writes(of: "loaded", in: "Pages", source).first), "items")
    }

    func testPropertiesOfATypeNotKnownToBeAValueAndMemberAssignments() {
        let source = """
            struct Settings { var volume: Float = 1 }
            final class Player: ObservableObject {
                var player: AVPlayer?
                var settings = Settings()
                var label: String = ""
                func mute() {
                    player?.volume = 0
                    settings.volume = 0
                    label.append("muted")
                }
                func reset() { player = nil }
            }
            """
        let index = index(source)
        XCTAssertEqual(index.opaqueHolders(of: index.types["Player"]!), ["player"])
        // The change model keeps the write (the type may be a value); it assigns a member.
        XCTAssertEqual(writes(of: "player", in: "Player", source).map { $0.assignsMember(in: index) }, [true, false])
        XCTAssertEqual(writes(of: "settings", in: "Player", source).map { $0.assignsMember(in: index) }, [true])
        XCTAssertEqual(writes(of: "label", in: "Player", source).map { $0.assignsMember(in: index) }, [false])
    }

    func testWritesOnlyTeardownRunsAreNoChanges() {
        let source = """
            final class Stream: ObservableObject {
                var connection: String? = "open"
                var retries = 0
                deinit { close() }
                private func close() {
                    connection = nil
                    reset()
                }
                private func reset() { retries = 0 }
                func retry() { retries += 1 }
            }
            """
        XCTAssertTrue(writes(of: "connection", in: "Stream", source).isEmpty)
        XCTAssertEqual(writes(of: "retries", in: "Stream", source).map(\.member), ["`retry()`"])
    }

    func testCreatorSetsUpANestedTypesNewObject() {
        let source = """
            enum Profile {
                final class Grid: ObservableObject { var placeholder = "" }
            }
            final class ProfileModel: ObservableObject {
                lazy var grid: Profile.Grid = {
                    let grid = Profile.Grid()
                    grid.placeholder = "Nothing yet"
                    return grid
                }()
            }
            """
        XCTAssertEqual(writes(of: "placeholder", in: "Profile.Grid", source).map(\.phase), [.setup])
    }
}
