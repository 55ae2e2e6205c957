import ObservationLintCore
import ObservationSyntax

public struct PublishedMutatedOffMain: Rule {
    public static let description = RuleDescription(
        id: "published_mutated_off_main",
        name: "@Published mutated off the main thread",
        category: .observableObject,
        group: .correctness,
        summary: "A `@Published` property that views observe changes in code known to run off the main thread.",
        rationale: """
            A `@Published` property sends `objectWillChange` on the thread that changes it, and \
            SwiftUI expects every change a view observes on the main thread. The rule reports a \
            change in code the analysis knows runs off the main thread — `DispatchQueue.global().async`, \
            a private `DispatchQueue(label:)`, `Task.detached`, an `OperationQueue()` operation, a \
            `URLSession` completion handler (`URLSession.shared`'s, or that of a session property set \
            from outside when none of the project's sessions has a delegate queue of its choosing), \
            an `NSItemProvider` load's completion handler (Foundation \
            calls it on an internal queue), a completion handler Apple documents as called off the main \
            thread (`LAContext.evaluatePolicy`'s and `evaluateAccessControl`'s reply, \
            `AVCaptureDevice.requestAccess(for:)`, `UNUserNotificationCenter.requestAuthorization(options:)`, \
            `PHPhotoLibrary.requestAuthorization`, HealthKit's `requestAuthorization(toShare:read:)` and \
            query handlers, EventKit's access requests, `SFSpeechRecognizer.requestAuthorization`, \
            `getNotificationSettings`, CloudKit's `perform(_:inZoneWith:)` and record operations' blocks; \
            `CLGeocoder`'s handlers run on the main thread), \
            `perform { }` on a Core Data context made with \
            `.privateQueueConcurrencyType` or `newBackgroundContext()` (or `performBackgroundTask`), \
            a `Task { }` that inherits no actor (SE-0420: made in a nonisolated function, or in a \
            global queue's block, which is `@Sendable` and so nonisolated; not in `DispatchQueue.main.async`, \
            whose block Swift takes as `@MainActor`, nor `Task { @MainActor in }`), a nonisolated \
            `async` function (which runs on the global executor, after an `await` as before it, unless \
            `NonisolatedNonsendingByDefault` is on for it: `SWIFT_APPROACHABLE_CONCURRENCY` is read per \
            Xcode target, so another target's setting does not count), or a \
            method with no actor isolation of its own that such code calls (it runs where its caller \
            runs; project callers are followed up to three calls back), a synchronous method \
            isolated to the main actor that such code calls without `await` (a synchronous call \
            runs on the caller's thread: Swift inserts no hop, and the compiler accepts the call \
            where it takes the caller for main-actor code, as a closure in a view's body that \
            `NSItemProvider` calls on its own queue), or one such a method calls in turn (a `@MainActor` method implementing a `WCSessionDelegate` or \
            `PHPhotoLibraryChangeObserver` requirement with no `@preconcurrency` mark runs on the framework's queue: the Swift 5 \
            language mode inserts no hop), a synchronous method of a class whose isolation is not known here (it \
            inherits another module's protocol) that such code calls without `await` (wherever it is isolated, \
            the call runs it on the caller's thread), a property's `didSet`, \
            `willSet` or `set` that such code triggers by setting the property (on `self`, a typed \
            reference, or a `for` loop's variable over a property's elements), a closure passed to a \
            project function or initializer that calls it off the main thread (`func busyWork(_ work: …) { queue.async \
            { work() } }`, also when it calls it in place on another path, or an initializer the project declares in `extension Task`, as \
            `Task(priority:_:catch:)`: only the standard `Task.init(priority:operation:)` runs its operation as a task that \
            inherits the isolation around it; a non-`@Sendable` `async` closure formed in main-actor code is isolated to the main \
            actor and runs there wherever it is called), a `Task { }` in a closure that nonisolated code passes to a project \
            function or initializer or to Combine's `Future { promise in }`, or an `NWPathMonitor`'s `pathUpdateHandler` when it is started on \
            a background queue, a `NotificationCenter` observer (a block with `queue: nil`, a \
            `publisher(for:)` with no `receive(on:)`, a method registered with `addObserver(_:selector:name:object:)`) \
            of a notification Apple documents as posted off the main thread (AVFoundation's \
            `AVPlayerItemDidPlayToEndTime`, `…FailedToPlayToEndTime`, `…PlaybackStalled`, `…TimeJumped`: "may post this \
            notification on a thread other than the one you use to register the observer"; \
            `AVAudioSession.routeChangeNotification`, posted "on a secondary thread") or that the project posts only off the \
            main thread — in a class a view observes, \
            whether the class's own code makes the change or another object's code does through a \
            reference. It races with the view reading it: SwiftUI warns "Publishing changes from background threads is not allowed", \
            views update late or not at all, and data races can crash. The notes show each step that \
            puts the code off the main thread (the function, the task or queue, each call into a \
            method that runs where it is called), then the view that reads the property. \
            Code that runs only once `Thread.isMainThread` (or `Thread.current.isMainThread`) was \
            found true runs on the main thread (the branch of `if Thread.isMainThread`, the `else` of \
            `if !Thread.isMainThread`, what follows `guard Thread.isMainThread else { …; return }`), and \
            in an app a method that never runs (nothing calls it, or only methods that never run) puts \
            no code it calls off the main thread. Code whose \
            thread is not known (a closure handed to another module's API, a `NotificationCenter` \
            observer of another notification with no queue, a \
            method or `nonisolated(nonsending)` function none of whose project callers is known to run \
            off the main thread) is not reported, nor is a change of an object the property holds \
            (`info.name = x` where `info` holds a class, or a type declared in another module or in \
            Objective-C, which may be one): it does not set the property.
            """,
        fix: """
            Hop back to the main actor before the change (`await MainActor.run { … }`, \
            `DispatchQueue.main.async { … }`, `Task { @MainActor in … }`), or isolate the class to the \
            main actor with `@MainActor` and do only the slow work elsewhere.
            """,
        triggeringExamples: [
            """
            final class StreamPlayer: ObservableObject {
                @Published var index = 0
                func play(_ item: AVPlayerItem) {
                    NotificationCenter.default.addObserver(self, selector: #selector(advance), name: .AVPlayerItemDidPlayToEndTime, object: item)
                }
                @objc func advance() { ↓index += 1 }
            }
            struct PlayerView: View {
                @StateObject private var player = StreamPlayer()
                var body: some View { Text("\\(player.index)") }
            }
            """,
            """
            final class FeedModel: ObservableObject {
                @Published var items: [String] = []
                func reload() {
                    DispatchQueue.global(qos: .userInitiated).async {
                        let loaded = ["a", "b"]
                        ↓self.items = loaded
                    }
                }
            }
            struct FeedView: View {
                @StateObject private var model = FeedModel()
                var body: some View { List(model.items, id: \\.self) { Text($0) } }
            }
            """,
            """
            final class PhotoStore: ObservableObject {
                @Published var thumbnails: [Data] = []
                private let queue = DispatchQueue(label: "photos")
                func add(_ data: Data) {
                    queue.async { [weak self] in
                        ↓self?.thumbnails.append(data)
                    }
                }
            }
            struct Thumbnails: View {
                @ObservedObject var store: PhotoStore
                var body: some View { Text("\\(store.thumbnails.count)") }
            }
            """,
            """
            class Loader: ObservableObject {
                @Published var isLoading = false
            }
            final class ArticleLoader: Loader {
                func load() {
                    Task.detached {
                        ↓self.isLoading = true
                    }
                }
            }
            struct ArticleView: View {
                @StateObject private var loader = ArticleLoader()
                var body: some View { if loader.isLoading { ProgressView() } }
            }
            """,
            """
            final class WeatherModel: ObservableObject {
                @Published var forecast = ""
                func fetch(_ url: URL) {
                    URLSession.shared.dataTask(with: url) { data, response, error in
                        ↓self.forecast = String(decoding: data ?? Data(), as: UTF8.self)
                    }.resume()
                }
            }
            struct WeatherView: View {
                @EnvironmentObject var weather: WeatherModel
                var body: some View { Text(weather.forecast) }
            }
            """,
            """
            final class SearchModel: ObservableObject {
                @Published var results: [String] = []
                @Published var isSearching = false
                func search(_ query: String) {
                    Task {
                        ↓isSearching = true
                        ↓results = await Backend.search(query)
                    }
                }
            }
            struct SearchView: View {
                @StateObject private var search = SearchModel()
                var body: some View { List(search.results, id: \\.self) { Text($0) } }
            }
            """,
            """
            final class Inbox: ObservableObject {
                @Published var messages: [String] = []
                func refresh() async {
                    let loaded = await Backend.messages()
                    ↓messages = loaded
                }
            }
            struct InboxView: View {
                @StateObject private var inbox = Inbox()
                var body: some View { Text("\\(inbox.messages.count)").task { await inbox.refresh() } }
            }
            """,
            """
            final class Indexer: ObservableObject {
                @Published var progress = 0.0
                func start() {
                    DispatchQueue.global().async { self.finish() }
                }
                func finish() {
                    ↓progress = 1
                }
            }
            struct IndexerView: View {
                @StateObject private var indexer = Indexer()
                var body: some View { ProgressView(value: indexer.progress) }
            }
            """,
            """
            final class DownloadStatus: ObservableObject {
                @Published var progress = 0.0
            }
            final class Downloader {
                let status: DownloadStatus
                init(status: DownloadStatus) { self.status = status }
                func start() {
                    Task.detached {
                        let done = await Backend.download()
                        ↓self.status.progress = done
                    }
                }
            }
            struct DownloadView: View {
                @ObservedObject var status: DownloadStatus
                var body: some View { ProgressView(value: status.progress) }
            }
            """,
            """
            final class ToastCenter: ObservableObject {
                static let shared = ToastCenter()
                @Published var messages: [String] = []
                func show(_ message: String) {
                    ↓messages.append(message)
                }
            }
            func isOnline() async -> Bool {
                let online = await Backend.probe()
                if !online { ToastCenter.shared.show("Offline") }
                return online
            }
            struct ToastView: View {
                @ObservedObject var center = ToastCenter.shared
                var body: some View { Text(center.messages.last ?? "") }
            }
            """,
            """
            @MainActor final class Library: ObservableObject {
                @Published var books: [String] = []
                private let busyQueue = DispatchQueue(label: "busy")
                func busyWork(_ work: @escaping () -> Void) { busyQueue.async { work() } }
                func clear() { busyWork { ↓self.books = [] } }
            }
            struct Shelf: View {
                @ObservedObject var library: Library
                var body: some View { Text("\\(library.books.count)") }
            }
            """,
            """
            class Document: ObservableObject {
                @Published var title = ""
                var url: URL? { didSet { ↓title = url?.lastPathComponent ?? "" } }
            }
            final class Renamer {
                func rename(_ document: Document, to url: URL) async {
                    await Task.yield()
                    document.url = url
                }
            }
            struct DocumentTab: View {
                @ObservedObject var document: Document
                var body: some View { Text(document.title) }
            }
            """,
            """
            class Tab: ObservableObject {
                @Published var title = ""
                var path = "" { didSet { ↓title = path } }
            }
            final class Workspace {
                var tabs: [Tab] = []
                func move(to path: String) async {
                    await Task.yield()
                    for tab in tabs.filter({ $0.path.isEmpty }) { tab.path = path }
                }
            }
            struct TabLabel: View {
                @ObservedObject var tab: Tab
                var body: some View { Text(tab.title) }
            }
            """,
            """
            final class DropModel: ObservableObject {
                @Published var files: [URL] = []
                func take(_ provider: NSItemProvider) {
                    _ = provider.loadObject(ofClass: URL.self) { url, _ in
                        if let url { ↓self.files.append(url) }
                    }
                }
            }
            struct DropTarget: View {
                @StateObject private var model = DropModel()
                var body: some View { Text("\\(model.files.count) files") }
            }
            """,
            """
            final class Counter: ObservableObject {
                @Published var saved = 0
                let container = NSPersistentContainer(name: "Store")
                func save() {
                    let context = container.newBackgroundContext()
                    context.perform { ↓self.saved += 1 }
                }
            }
            struct CounterView: View {
                @ObservedObject var counter: Counter
                var body: some View { Text("\\(counter.saved)") }
            }
            """,
            """
            @MainActor final class Uploads: ObservableObject {
                @Published var error: String?
            }
            struct DropZone: View {
                @StateObject private var uploads = Uploads()
                var body: some View {
                    Text(uploads.error ?? "Drop files").onDrop(of: [.fileURL], isTargeted: nil) { providers in
                        _ = providers.first?.loadObject(ofClass: URL.self) { url, _ in
                            if let url { reject(url) }
                        }
                        return true
                    }
                }
                func reject(_ url: URL) { ↓uploads.error = "\\(url.lastPathComponent) is too large" }
            }
            """,
            """
            @main struct ChatApp: App {
                var body: some Scene { WindowGroup { ChatView() } }
            }
            final class ChatModel: ObservableObject {
                @Published var messages: [String] = []
                func sync() async {
                    let loaded = await Backend.messages()
                    replace(loaded)
                }
                func replace(_ messages: [String]) { ↓self.messages = messages }
            }
            struct ChatView: View {
                @StateObject private var model = ChatModel()
                var body: some View { Text("\\(model.messages.count)").task { await model.sync() } }
            }
            """,
            """
            final class SignInModel: ObservableObject {
                @Published var signedIn = false
                func signIn() async {
                    await Task.yield()
                    finish()
                }
                func finish() {
                    if !Thread.isMainThread { print("signing in off the main thread") }
                    ↓signedIn = true
                }
            }
            struct SignInView: View {
                @StateObject private var model = SignInModel()
                var body: some View { Text(model.signedIn ? "In" : "Out").task { await model.signIn() } }
            }
            """,
            """
            final class LockModel: ObservableObject {
                @Published var isUnlocked = false
                func unlock() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock") { granted, _ in
                        ↓self.isUnlocked = granted
                    }
                }
            }
            struct LockView: View {
                @StateObject private var lock = LockModel()
                var body: some View { if lock.isUnlocked { Text("Open") } }
            }
            """,
            """
            final class StepsModel: ObservableObject {
                @Published var samples: [HKSample] = []
                func load(_ store: HKHealthStore, _ type: HKSampleType) {
                    store.execute(HKSampleQuery(sampleType: type, predicate: nil, limit: 10, sortDescriptors: nil) { _, samples, _ in
                        ↓self.samples = samples ?? []
                    })
                }
            }
            struct StepsView: View {
                @StateObject private var steps = StepsModel()
                var body: some View { Text(String(steps.samples.count)) }
            }
            """,
            """
            final class TokenStore: ObservableObject {
                @Published var token = ""
                func refresh() -> AnyPublisher<Bool, Never> {
                    Future { promise in
                        Task {
                            ↓self.token = "fresh"
                            promise(.success(true))
                        }
                    }.eraseToAnyPublisher()
                }
            }
            struct TokenView: View {
                @EnvironmentObject var store: TokenStore
                var body: some View { Text(store.token) }
            }
            """,
            """
            protocol Poster { func send(_ text: String) async }
            struct NoPoster: Poster { func send(_ text: String) async {} }
            final class ComposeModel: ObservableObject {
                @Published var sending = false
                private let post: Poster
                init(post: Poster) { self.post = post }
                func post(text: String) {
                    sending = true
                    Task.detached {
                        await self.post.send(text)
                        ↓self.sending = false
                    }
                }
            }
            struct ComposeView: View {
                @StateObject private var model = ComposeModel(post: NoPoster())
                var body: some View { Button(model.sending ? "Sending" : "Send") { model.post(text: "Hi") } }
            }
            @main struct ComposeApp: App {
                var body: some Scene { WindowGroup { ComposeView() } }
            }
            """,
            """
            final class Reminders: NSObject, ObservableObject, UNUserNotificationCenterDelegate {
                @Published var due = 0
                func refresh() { ↓due += 1 }
            }
            struct RemindersView: View {
                @StateObject private var reminders = Reminders()
                var body: some View { Text("\\(reminders.due)").onAppear { poll() } }
                func poll() {
                    DispatchQueue.global().async {
                        Task { reminders.refresh() }
                    }
                }
            }
            """,
            // The project's own `Task` initializer calls `catch` directly in the task it
            // starts, which inherits no actor in an extension of `Task`: off the main thread.
            """
            extension Task where Failure == Never, Success == Void {
                init(priority: TaskPriority? = nil, _ operation: @escaping () async throws -> Void, `catch`: @escaping (Error) -> Void) {
                    self.init(priority: priority) {
                        do { try await operation() } catch { `catch`(error) }
                    }
                }
            }
            final class CheckoutModel: ObservableObject {
                @Published var error: String?
                func submit() {
                    Task(priority: .userInitiated, { try await Task.sleep(nanoseconds: 1) }, catch: { [weak self] error in
                        ↓self?.error = error.localizedDescription
                    })
                }
            }
            struct CheckoutView: View {
                @StateObject private var model = CheckoutModel()
                var body: some View { Text(model.error ?? "").onAppear { model.submit() } }
            }
            """,
            """
            import UserNotifications
            final class RemindersModel: ObservableObject {
                @Published var pending = 0
                func refresh() {
                    UNUserNotificationCenter.current().getPendingNotificationRequests { requests in
                        ↓self.pending = requests.count
                    }
                }
            }
            struct RemindersView: View {
                @StateObject private var model = RemindersModel()
                var body: some View { Text("\\(model.pending)").onAppear { model.refresh() } }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            import UserNotifications
            final class RemindersModel: ObservableObject {
                @Published var pending = 0
                func refresh() {
                    UNUserNotificationCenter.current().getPendingNotificationRequests { requests in
                        DispatchQueue.main.async { self.pending = requests.count }
                    }
                }
            }
            struct RemindersView: View {
                @StateObject private var model = RemindersModel()
                var body: some View { Text("\\(model.pending)").onAppear { model.refresh() } }
            }
            """,
            // The project's own `Task` initializer runs `catch` in `MainActor.run { }`, and the
            // operation is `@MainActor`: both on the main actor (only the standard
            // `Task.init(priority:operation:)`'s operation inherits the isolation around it).
            """
            extension Task where Failure == Never, Success == Void {
                init(priority: TaskPriority? = nil, _ operation: @escaping () async throws -> Void, `catch`: @escaping (Error) -> Void) {
                    self.init(priority: priority) {
                        do { try await operation() } catch { await MainActor.run { `catch`(error) } }
                    }
                }
            }
            final class CheckoutModel: ObservableObject {
                @Published var error: String?
                @Published var isLoading = false
                func submit() {
                    isLoading = true
                    Task(priority: .userInitiated, { @MainActor [weak self] in
                        try await Task.sleep(nanoseconds: 1)
                        self?.isLoading = false
                    }, catch: { [weak self] error in
                        self?.error = error.localizedDescription
                        self?.isLoading = false
                    })
                }
            }
            struct CheckoutView: View {
                @StateObject private var model = CheckoutModel()
                var body: some View { Text(model.error ?? "").onAppear { model.submit() } }
            }
            """,
            """
            final class Reminders: NSObject, ObservableObject, UNUserNotificationCenterDelegate {
                @Published var due = 0
                func refresh() { due += 1 }
            }
            struct RemindersView: View {
                @StateObject private var reminders = Reminders()
                var body: some View { Text("\\(reminders.due)").onAppear { poll() } }
                func poll() {
                    DispatchQueue.global().async {
                        Task { @MainActor in reminders.refresh() }
                        DispatchQueue.main.async { Task { reminders.refresh() } }
                    }
                }
            }
            """,
            // HealthKit calls the handler on a background queue; the write hops to the main queue.
            """
            final class StepsModel: ObservableObject {
                @Published var samples: [HKSample] = []
                func load(_ store: HKHealthStore, _ type: HKSampleType) {
                    store.execute(HKSampleQuery(sampleType: type, predicate: nil, limit: 10, sortDescriptors: nil) { _, samples, _ in
                        DispatchQueue.main.async { self.samples = samples ?? [] }
                    })
                }
            }
            struct StepsView: View {
                @StateObject private var steps = StepsModel()
                var body: some View { Text(String(steps.samples.count)) }
            }
            """,
            // A closure passed for a `@MainActor` function type is isolated to the main actor:
            // `Task { }` in it inherits the main actor, wherever `disconnect` calls it.
            """
            @MainActor final class ConnectionCoordinator {
                func disconnect(saved: Bool, reset: @MainActor () -> Void) { reset() }
            }
            final class SessionModel: ObservableObject {
                @Published var workspace: String?
                let coordinator = ConnectionCoordinator()
                func disconnect() {}
                func signOut() async {
                    await coordinator.disconnect(saved: true, reset: { Task { self.workspace = nil } })
                }
            }
            struct SessionView: View {
                @ObservedObject var model: SessionModel
                var body: some View { Text(model.workspace ?? "") }
            }
            """,
            // CLGeocoder "executes this handler on the main thread".
            """
            final class PlaceModel: ObservableObject {
                @Published var city = ""
                func locate(_ location: CLLocation) {
                    CLGeocoder().reverseGeocodeLocation(location) { placemarks, _ in
                        self.city = placemarks?.first?.locality ?? ""
                    }
                }
            }
            struct PlaceView: View {
                @StateObject private var place = PlaceModel()
                var body: some View { Text(place.city) }
            }
            """,
            """
            final class Session: ObservableObject {
                @Published var server: String?
                func connect(to url: URL) { server = url.absoluteString }
            }
            final class Store {
                let session = Session()
                init() {
                    Task { await self.connect(to: 1) }
                }
                func connect(to url: URL) { session.connect(to: url) }
                @MainActor private func connect(to id: Int) async {}
            }
            struct ServerView: View {
                @ObservedObject var session: Session
                var body: some View { Text(session.server ?? "") }
            }
            """,
            """
            @MainActor final class Library: ObservableObject {
                @Published var books: [String] = []
                func onMain(_ work: @escaping () -> Void) { DispatchQueue.main.async { work() } }
                func clear() { onMain { self.books = [] } }
            }
            struct Shelf: View {
                @ObservedObject var library: Library
                var body: some View { Text("\\(library.books.count)") }
            }
            """,
            """
            @MainActor
            final class FeedModel: ObservableObject {
                @Published var items: [String] = []
                func reload() {
                    Task { items = await Backend.items() }
                }
            }
            struct FeedView: View {
                @StateObject private var model = FeedModel()
                var body: some View { Text("\\(model.items.count)") }
            }
            """,
            """
            final class FeedModel: ObservableObject {
                @Published var items: [String] = []
                func reload() {
                    DispatchQueue.global().async {
                        let loaded = ["a"]
                        DispatchQueue.main.async { self.items = loaded }
                    }
                    Task.detached {
                        let loaded = await Backend.items()
                        await MainActor.run { self.items = loaded }
                    }
                    Task { @MainActor in self.items = [] }
                }
            }
            struct FeedView: View {
                @StateObject private var model = FeedModel()
                var body: some View { Text("\\(model.items.count)") }
            }
            """,
            """
            @MainActor class Store: ObservableObject {
                @Published var count = 0
            }
            final class CounterStore: Store {
                func increment() {
                    Task { count += 1 }
                }
            }
            struct CounterView: View {
                @StateObject private var store = CounterStore()
                var body: some View { Text("\\(store.count)") }
            }
            """,
            """
            final class Inbox: ObservableObject {
                @Published var messages: [String] = []
                nonisolated(nonsending) func refresh() async {
                    let loaded = await Backend.messages()
                    messages = loaded
                }
            }
            struct InboxView: View {
                @StateObject private var inbox = Inbox()
                var body: some View { Text("\\(inbox.messages.count)") }
            }
            """,
            """
            final class Uploader: ObservableObject {
                @Published var progress = 0.0
                func start() {
                    DispatchQueue.global().async { self.progress = 1 }
                }
            }
            """,
            """
            final class FeedModel: ObservableObject {
                @Published var items: [String] = []
                func reload() {
                    api.load { loaded in self.items = loaded }
                    NotificationCenter.default.addObserver(forName: .feedChanged, object: nil, queue: nil) { _ in
                        self.items = []
                    }
                }
            }
            struct FeedView: View {
                @StateObject private var model = FeedModel()
                var body: some View { Text("\\(model.items.count)") }
            }
            """,
            """
            final class FeedModel: ObservableObject {
                @Published var items: [String] = []
                func reload() {
                    DispatchQueue.global().async {
                        var items = ["a"]
                        items.append("b")
                    }
                }
            }
            struct FeedView: View {
                @StateObject private var model = FeedModel()
                var body: some View { Text("\\(model.items.count)") }
            }
            """,
            """
            final class ToastCenter: ObservableObject {
                @Published var messages: [String] = []
                func show(_ message: String) { messages.append(message) }
            }
            @MainActor func reportOffline(_ center: ToastCenter) async {
                _ = await Backend.probe()
                center.show("Offline")
            }
            func checkConnection(_ center: ToastCenter) async {
                _ = await Backend.probe()
                await MainActor.run { center.show("Offline") }
            }
            struct ToastView: View {
                @ObservedObject var center: ToastCenter
                var body: some View { Text(center.messages.last ?? "") }
            }
            """,
            """
            final class Launcher: ObservableObject {
                @Published var info: NSAppInfo
                init(info: NSAppInfo) { self.info = info }
                func launch() {
                    DispatchQueue.global().async { self.info.lastLaunched = Date() }
                }
            }
            struct LauncherView: View {
                @ObservedObject var launcher: Launcher
                var body: some View { Text(launcher.info.name) }
            }
            """,
            """
            @MainActor final class Uploads: ObservableObject {
                @Published var error: String?
            }
            struct DropZone: View {
                @StateObject private var uploads = Uploads()
                var body: some View {
                    Text(uploads.error ?? "Drop files").onDrop(of: [.fileURL], isTargeted: nil) { providers in
                        _ = providers.first?.loadObject(ofClass: URL.self) { url, _ in
                            DispatchQueue.main.async { if let url { reject(url) } }
                        }
                        Task.detached { await reject(URL(fileURLWithPath: "/")) }
                        return true
                    }
                }
                func reject(_ url: URL) { uploads.error = "\\(url.lastPathComponent) is too large" }
            }
            """,
            """
            final class Counter: ObservableObject {
                @Published var saved = 0
                let container = NSPersistentContainer(name: "Store")
                func save() {
                    container.viewContext.perform { self.saved += 1 }
                }
            }
            struct CounterView: View {
                @ObservedObject var counter: Counter
                var body: some View { Text("\\(counter.saved)") }
            }
            """,
            """
            @main struct ChatApp: App {
                var body: some Scene { WindowGroup { ChatView() } }
            }
            final class ChatModel: ObservableObject {
                @Published var messages: [String] = []
                func sync() async {
                    let loaded = await Backend.messages()
                    replace(loaded)
                }
                func replace(_ messages: [String]) { self.messages = messages }
            }
            struct ChatView: View {
                @StateObject private var model = ChatModel()
                var body: some View {
                    Button("Clear \\(model.messages.count)") { model.replace([]) }
                }
            }
            """,
            """
            final class SignInModel: ObservableObject {
                @Published var signedIn = false
                func signIn() async {
                    await Task.yield()
                    finish()
                }
                func finish() {
                    if Thread.isMainThread {
                        signedIn = true
                    } else {
                        DispatchQueue.main.async { self.signedIn = true }
                    }
                }
            }
            struct SignInView: View {
                @StateObject private var model = SignInModel()
                var body: some View { Text(model.signedIn ? "In" : "Out").task { await model.signIn() } }
            }
            """,
            """
            final class SignInModel: ObservableObject {
                @Published var name = ""
                func signIn() async {
                    await Task.yield()
                    greet("Ada")
                }
                func greet(_ name: String) {
                    guard Thread.current.isMainThread else {
                        DispatchQueue.main.async { self.greet(name) }
                        return
                    }
                    self.name = name
                }
            }
            struct SignInView: View {
                @StateObject private var model = SignInModel()
                var body: some View { Text(model.name).task { await model.signIn() } }
            }
            """,
            """
            protocol Poster { func send(_ text: String) async }
            struct NoPoster: Poster { func send(_ text: String) async {} }
            final class ComposeModel: ObservableObject {
                @Published var sending = false
                private let post: Poster
                init(post: Poster) { self.post = post }
                func post(text: String) {
                    sending = true
                    Task.detached {
                        await self.post.send(text)
                        self.sending = false
                    }
                }
            }
            struct ComposeView: View {
                @StateObject private var model = ComposeModel(post: NoPoster())
                var body: some View { Text(model.sending ? "Sending" : "") }
            }
            @main struct ComposeApp: App {
                var body: some Scene { WindowGroup { ComposeView() } }
            }
            """,
        ])

    public init() {}

    /// After the others: the off-main writes reuse the change models they built.
    public static let runsAfterOtherRules = true

    public func check(_ context: inout RuleContext) {
        let index = context.index
        var observersByType: [String: [String]] = [:]
        for write in index.offMainWrites(inFile: context.fileIndex) {
            let model = write.model, offMain = write.context
            let property = model.property
            guard property.attributes.contains(named: "Published"), !property.modifiers.contains("static"),
                let type = index.types[model.type], type.isObservableObject,
                index.changesPropertyItself(model)
            else { continue }
            let observers = observersByType[type.name] ?? index.observedAs(type)
            observersByType[type.name] = observers
            guard let witness = observation(of: property.name, by: observers, index: index, context: context) else { continue }
            context.report(
                "`\(property.name)` is `@Published` and changes off the main thread: views observing `\(type.name.simpleTypeName)` get the change on a background thread",
                at: model.write.writtenTokens(in: index),
                notes: offMain.steps.map { context.note($0.description, at: $0.site.token..<$0.site.token + 1, in: $0.site.file) } + [witness],
                help: "change it on the main actor (`await MainActor.run { … }`, `DispatchQueue.main.async { … }`)"
                    + (index.isolation(of: type).domain == .mainActor ? "" : ", or mark `\(type.name.simpleTypeName)` `@MainActor`"))
        }
    }

    /// A view observing the class: rendering code that reads the property (or, failing that,
    /// other state of the class) through an observing wrapper, or a view holding it with one.
    private func observation(of name: String, by observers: [String], index: ProjectIndex, context: RuleContext) -> DiagnosticNote? {
        let reads = observers.flatMap { index.renderReads(of: $0) }.filter { $0.origin.reference.observesObjectWillChange && !index.isBuiltOnlyInPreviews($0.view) }
        if let read = reads.first(where: { $0.path.first == name }) ?? reads.first {
            let origin = read.origin
            return context.note("read while rendering: \(read.description)", at: origin.tokens[0]..<origin.tokens[0] + 1, in: origin.file)
        }
        for observer in observers {
            if let holder = index.modelHolders[observer]?.first(where: { $0.wrapper.map(ProjectIndex.observingWrappers.contains) ?? false }) {
                let token = holder.property.nameToken
                return context.note("`\(holder.holder.simpleTypeName)` observes it here", at: token..<token + 1, in: holder.file)
            }
        }
        return nil
    }
}
