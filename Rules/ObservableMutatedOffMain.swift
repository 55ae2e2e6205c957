import ObservationLintCore
import ObservationSyntax

public struct ObservableMutatedOffMain: Rule {
    public static let description = RuleDescription(
        id: "observable_mutated_off_main",
        name: "@Observable model mutated off the main thread",
        category: .observation,
        group: .correctness,
        summary: "A tracked property of an `@Observable` class that views read changes in code known to run off the main thread.",
        rationale: """
            Observation's registrar announces a change on the thread that makes it, and SwiftUI \
            reads the model on the main thread while it renders. Changed from code the analysis \
            knows runs off the main thread — a `URLSession` or `NSItemProvider` completion handler (also one a \
            project function hands on: a closure it calls in such a handler runs there, even when it calls it in place on \
            another path), a `NotificationCenter` observer of a notification Apple documents as posted off the main \
            thread (`AVPlayerItemDidPlayToEndTime`, `AVAudioSession.routeChangeNotification`), \
            a completion handler Apple documents as called off the main thread (`LAContext.evaluatePolicy`'s \
            reply, `AVCaptureDevice.requestAccess(for:)`, `PhotosPickerItem.loadTransferable(type:completionHandler:)`, \
            which loads from an item provider, …), \
            `perform { }` on a private-queue Core Data context, `Task.detached`, a \
            `Task { }` that inherits no actor (SE-0420: made in a nonisolated function, or in a global \
            queue's block, which is `@Sendable` and so nonisolated; not in `DispatchQueue.main.async`, \
            whose block Swift takes as `@MainActor`, nor `Task { @MainActor in }`), a nonisolated `async` method (the global executor, \
            after an `await` as before it, unless `NonisolatedNonsendingByDefault` is on for its Xcode \
            target), a global or private dispatch queue, or a method with no \
            actor isolation of its own that such code calls (it runs where its caller runs; project \
            callers are followed up to three calls back) or a synchronous main-actor method that \
            such code calls without `await` (a synchronous call runs on the caller's thread), or that \
            such a method calls in turn, or a synchronous method of a class whose isolation is not \
            known here (it inherits another module's protocol) that such code calls without `await` \
            (wherever it is isolated, the call runs it on the caller's thread) — a `@MainActor` method implementing a `WCSessionDelegate` or \
            `PHPhotoLibraryChangeObserver` requirement with no `@preconcurrency` mark included: the \
            framework calls it on its own queue, and the Swift 5 language mode inserts no hop — in \
            the class's own code or another \
            object's through a reference — a property a view reads while rendering (or hands as a binding to a \
            control there, as `.sheet(item: $model.destination)`, which reads it as the view renders; through any \
            wrapper, `@Environment(\\.key)` included when the project's `EnvironmentValues` member \
            declares the model's type or a protocol it conforms to, and through another model's stored \
            `any P` property) is a data race: the \
            view may read a half-written value, updates arrive late or not at all, and Swift 6's \
            strict concurrency checking rejects the code. The notes show each step that puts the \
            code off the main thread (the function, the task or queue, each call into a method that \
            runs where it is called), then the view that reads the property. \
            A SwiftData `@Model` class is `Observable` too, and its objects belong to the context \
            that fetched them: its changes are reported when the app makes no context of its own \
            (`ModelContext(container)`, a `@ModelActor`), so that every object it changes is one of \
            the main actor's context, which `@Query` and the views read. \
            Code that runs only once `Thread.isMainThread` (or `Thread.current.isMainThread`) was \
            found true runs on the main thread (the branch of `if Thread.isMainThread`, the `else` of \
            `if !Thread.isMainThread`, what follows `guard Thread.isMainThread else { …; return }`), and \
            in an app a method that never runs (nothing calls it, or only methods that never run) puts \
            no code it calls off the main thread. Code whose thread is \
            not known (a closure handed to another module's API, a `NotificationCenter` observer \
            with `queue: nil` unless the project posts its notification only off the main thread or Apple documents it so, a \
            method or `nonisolated(nonsending)` function none of whose project callers is known to \
            run off the main thread) is not reported, nor is a change of an object the property \
            holds (`info.name = x` where `info` holds a class, or a type declared in another module or \
            in Objective-C, which may be one): it does not set the property.
            """,
        fix: """
            Mark the class `@MainActor` (or make `MainActor` the module's default isolation) and do \
            only the slow work elsewhere, or hop to the main actor for the change \
            (`await MainActor.run { … }`, `DispatchQueue.main.async { … }`).
            """,
        triggeringExamples: [
            """
            final class PodcastService {
                private let session: URLSession
                init(session: URLSession = .shared) { self.session = session }
                func validate(_ text: String, completion: @escaping (Bool) -> Void) {
                    guard let url = URL(string: text) else { completion(false); return }
                    session.dataTask(with: url) { data, _, _ in completion(data != nil) }.resume()
                }
            }
            @Observable final class HomeModel {
                var isValid = false
                private let service = PodcastService()
                func validate(_ text: String) { service.validate(text) { valid in ↓self.isValid = valid } }
            }
            struct HomeView: View {
                @State private var model = HomeModel()
                var body: some View { Text(model.isValid ? "OK" : "Invalid") }
            }
            """,
            """
            @Observable final class RowModel {
                var destination: String?
                func show() {
                    Task {
                        let name = await Backend.name()
                        ↓destination = name
                    }
                }
            }
            struct RowView: View {
                @State private var model = RowModel()
                var body: some View {
                    Button("Show") { model.show() }
                        .sheet(item: $model.destination) { Text($0) }
                }
            }
            """,
            """
            @Observable final class ErrorModel {
                var lastError: String?
                func report(_ message: String) async {
                    let text = await Backend.describe(message)
                    ↓lastError = text
                }
            }
            struct ErrorBanner: View {
                let model: ErrorModel
                var body: some View { Text(model.lastError ?? "") }
            }
            struct RootView: View {
                @State private var model = ErrorModel()
                var body: some View { ErrorBanner(model: model) }
            }
            struct ErrorBanner_Previews: PreviewProvider {
                static var previews: some View { ErrorBanner(model: ErrorModel()) }
            }
            """,
            """
            @Observable final class WeatherModel {
                var forecast = ""
                func fetch(_ url: URL) {
                    URLSession.shared.dataTask(with: url) { data, _, _ in
                        ↓self.forecast = String(decoding: data ?? Data(), as: UTF8.self)
                    }.resume()
                }
            }
            struct WeatherView: View {
                let model: WeatherModel
                var body: some View { Text(model.forecast) }
            }
            """,
            """
            @Observable final class Library {
                var books: [String] = []
                func reload() {
                    Task.detached {
                        let loaded = await Backend.books()
                        ↓self.books = loaded
                    }
                }
            }
            struct Shelf: View {
                @State private var library = Library()
                var body: some View { List(library.books, id: \\.self) { Text($0) } }
            }
            """,
            """
            @Observable final class Inbox {
                var messages: [String] = []
                func refresh() async {
                    let loaded = await Backend.messages()
                    ↓messages = loaded
                }
            }
            struct InboxView: View {
                @Environment(Inbox.self) private var inbox
                var body: some View { Text("\\(inbox.messages.count)").task { await inbox.refresh() } }
            }
            """,
            """
            @Observable final class Importer {
                var progress = 0.0
                func start() {
                    DispatchQueue.global(qos: .utility).async {
                        ↓self.progress += 0.5
                    }
                }
            }
            struct ImportView: View {
                let importer: Importer
                var body: some View { ProgressView(value: importer.progress) }
            }
            """,
            """
            @Observable final class Library {
                var books: [String] = []
                func add(_ title: String) {
                    ↓books.append(title)
                }
            }
            final class Importer {
                let library: Library
                init(library: Library) { self.library = library }
                func run() {
                    Task.detached { self.library.add(await Backend.title()) }
                }
            }
            struct LibraryView: View {
                let library: Library
                var body: some View { Text("\\(library.books.count)") }
            }
            """,
            """
            @MainActor @Observable final class Uploads {
                var error: String?
            }
            struct DropZone: View {
                @State private var uploads = Uploads()
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
            @Observable final class ChatModel {
                var messages: [String] = []
                func sync() async {
                    let loaded = await Backend.messages()
                    replace(loaded)
                }
                func replace(_ messages: [String]) { ↓self.messages = messages }
            }
            struct ChatView: View {
                @State private var model = ChatModel()
                var body: some View { Text("\\(model.messages.count)").task { await model.sync() } }
            }
            """,
            """
            @Observable final class SignInModel {
                var signedIn = false
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
                @State private var model = SignInModel()
                var body: some View { Text(model.signedIn ? "In" : "Out").task { await model.signIn() } }
            }
            """,
            """
            protocol AuthProviding: Observable { var isSignedIn: Bool { get } }
            @Observable final class AuthService: AuthProviding {
                var isSignedIn = true
                func signOut() async {
                    await Backend.revoke()
                    ↓isSignedIn = false
                }
            }
            private struct AuthKey: EnvironmentKey { static let defaultValue: any AuthProviding = AuthService() }
            extension EnvironmentValues {
                var auth: any AuthProviding {
                    get { self[AuthKey.self] }
                    set { self[AuthKey.self] = newValue }
                }
            }
            struct AccountView: View {
                @Environment(\\.auth) private var auth
                var body: some View { Text(auth.isSignedIn ? "Signed in" : "Signed out") }
            }
            """,
            """
            @MainActor @Observable final class Account {
                var isSignedIn = false
                func update(_ signedIn: Bool) { ↓isSignedIn = signedIn }
            }
            @MainActor final class WatchLink: NSObject {
                let account = Account()
            }
            extension WatchLink: WCSessionDelegate {
                func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {
                    account.update(message["signedIn"] as? Bool ?? false)
                }
            }
            struct AccountView: View {
                @State private var account = Account()
                var body: some View { Text(account.isSignedIn ? "In" : "Out") }
            }
            """,
            """
            @Observable final class FocusTimer: NSObject, UNUserNotificationCenterDelegate {
                var isRunning = false
                func start() { ↓isRunning = true }
            }
            struct FocusView: View {
                @State private var timer = FocusTimer()
                var body: some View { Text(timer.isRunning ? "Focus" : "Idle").onAppear { poll() } }
                func poll() {
                    DispatchQueue.global().async {
                        Task { timer.start() }
                    }
                }
            }
            """,
            """
            @MainActor @Observable final class AvatarModel {
                var avatar: Image?
                func load(_ item: PhotosPickerItem) {
                    _ = item.loadTransferable(type: Image.self) { result in
                        ↓self.avatar = try? result.get()
                    }
                }
            }
            struct AvatarView: View {
                @State private var model = AvatarModel()
                var body: some View { model.avatar ?? Image(systemName: "person") }
            }
            """,
            """
            @Model final class Recipe {
                var name: String
                init(name: String) { self.name = name }
            }
            final class RecipeEditor {
                let recipe: Recipe
                init(recipe: Recipe) { self.recipe = recipe }
                func rename() async {
                    let name = await Backend.name()
                    ↓recipe.name = name
                }
            }
            struct RecipeList: View {
                @Query private var recipes: [Recipe]
                var body: some View { List(recipes) { RecipeRow(recipe: $0) } }
            }
            struct RecipeRow: View {
                let recipe: Recipe
                var body: some View { Text(recipe.name) }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            @MainActor @Observable final class AvatarModel {
                var avatar: Image?
                func load(_ item: PhotosPickerItem) {
                    _ = item.loadTransferable(type: Image.self) { result in
                        DispatchQueue.main.async { self.avatar = try? result.get() }
                    }
                }
            }
            struct AvatarView: View {
                @State private var model = AvatarModel()
                var body: some View { model.avatar ?? Image(systemName: "person") }
            }
            """,
            """
            @Model final class Recipe {
                var name: String
                var isFavorite = false
                init(name: String) { self.name = name }
            }
            final class RecipeClient {
                func details(_ name: String) async -> Recipe {
                    let recipe = await Backend.recipe(name)
                    recipe.isFavorite = true
                    return recipe
                }
            }
            struct RecipeList: View {
                @Query private var recipes: [Recipe]
                var body: some View { List(recipes) { Text($0.name + ($0.isFavorite ? " ★" : "")) } }
            }
            """,
            """
            @Model final class Recipe {
                var name: String
                init(name: String) { self.name = name }
            }
            final class RecipeImporter {
                let context: ModelContext
                init(container: ModelContainer) { context = ModelContext(container) }
                func rename(_ recipe: Recipe) async {
                    let name = await Backend.name()
                    recipe.name = name
                }
            }
            struct RecipeList: View {
                @Query private var recipes: [Recipe]
                var body: some View { List(recipes) { Text($0.name) } }
            }
            """,
            """
            @Observable final class FocusTimer: NSObject, UNUserNotificationCenterDelegate {
                var isRunning = false
                func start() { isRunning = true }
            }
            struct FocusView: View {
                @State private var timer = FocusTimer()
                var body: some View { Text(timer.isRunning ? "Focus" : "Idle").onAppear { poll() } }
                func poll() {
                    DispatchQueue.global().async {
                        Task { @MainActor in timer.start() }
                        DispatchQueue.main.async { Task { timer.start() } }
                    }
                }
            }
            """,
            """
            protocol AuthProviding: Observable { var isSignedIn: Bool { get } }
            @MainActor @Observable final class AuthService: AuthProviding {
                var isSignedIn = true
                func signOut() async {
                    await Backend.revoke()
                    isSignedIn = false
                }
            }
            private struct AuthKey: EnvironmentKey { @MainActor static let defaultValue: any AuthProviding = AuthService() }
            extension EnvironmentValues {
                var auth: any AuthProviding {
                    get { self[AuthKey.self] }
                    set { self[AuthKey.self] = newValue }
                }
            }
            struct AccountView: View {
                @Environment(\\.auth) private var auth
                var body: some View { Text(auth.isSignedIn ? "Signed in" : "Signed out") }
            }
            """,
            // Only a preview builds the reading view: the app never shows it.
            """
            @Observable final class ErrorModel {
                var lastError: String?
                func report(_ message: String) async {
                    let text = await Backend.describe(message)
                    lastError = text
                }
            }
            struct ErrorBanner: View {
                let model: ErrorModel
                var body: some View { Text(model.lastError ?? "") }
            }
            struct ErrorBanner_Previews: PreviewProvider {
                static var previews: some View { ErrorBanner(model: ErrorModel()) }
            }
            @main struct StatusApp: App {
                var body: some Scene { WindowGroup { Text("Ready") } }
            }
            """,
            """
            @Observable final class Library {
                var books: [String] = []
                func reload() {
                    Task.detached {
                        let loaded = await Backend.books()
                        await MainActor.run { self.books = loaded }
                    }
                }
            }
            struct Shelf: View {
                let library: Library
                var body: some View { Text("\\(library.books.count)") }
            }
            """,
            """
            @MainActor @Observable final class Inbox {
                var messages: [String] = []
                func refresh() async {
                    messages = await Backend.messages()
                }
                func reload() { Task { messages = await Backend.messages() } }
            }
            struct InboxView: View {
                let inbox: Inbox
                var body: some View { Text("\\(inbox.messages.count)") }
            }
            """,
            """
            @Observable final class Uploader {
                var progress = 0.0
                func start() {
                    DispatchQueue.global().async { self.progress = 1 }
                }
            }
            struct UploadButton: View {
                let uploader: Uploader
                var body: some View { Button("Upload") { uploader.start() } }
            }
            """,
            """
            @Observable final class Feed {
                var items: [String] = []
                @ObservationIgnored var cursor = 0
                func load() {
                    api.fetch { loaded in self.items = loaded }
                    DispatchQueue.global().async { self.cursor += 1 }
                }
            }
            struct FeedView: View {
                let feed: Feed
                var body: some View { Text("\\(feed.items.count) \\(feed.cursor)") }
            }
            """,
            """
            @Observable final class Inbox {
                var messages: [String] = []
                nonisolated(nonsending) func refresh() async {
                    let loaded = await Backend.messages()
                    messages = loaded
                }
            }
            struct InboxView: View {
                let inbox: Inbox
                var body: some View { Text("\\(inbox.messages.count)") }
            }
            """,
            """
            @Observable final class Library {
                var books: [String] = []
                func add(_ title: String) { books.append(title) }
            }
            final class Importer {
                let library: Library
                init(library: Library) { self.library = library }
                func run() {
                    Task.detached {
                        let title = await Backend.title()
                        await MainActor.run { self.library.add(title) }
                    }
                }
            }
            struct LibraryView: View {
                let library: Library
                var body: some View { Text("\\(library.books.count)") }
            }
            """,
            """
            @Observable final class Launcher {
                var info: NSAppInfo
                init(info: NSAppInfo) { self.info = info }
                func launch() {
                    Task.detached { self.info.lastLaunched = Date() }
                }
            }
            struct LauncherView: View {
                let launcher: Launcher
                var body: some View { Text(launcher.info.name) }
            }
            """,
            """
            @MainActor @Observable final class Uploads {
                var error: String?
            }
            struct DropZone: View {
                @State private var uploads = Uploads()
                var body: some View {
                    Text(uploads.error ?? "Drop files").onDrop(of: [.fileURL], isTargeted: nil) { providers in
                        _ = providers.first?.loadObject(ofClass: URL.self) { url, _ in
                            Task { @MainActor in if let url { reject(url) } }
                        }
                        return true
                    }
                }
                func reject(_ url: URL) { uploads.error = "\\(url.lastPathComponent) is too large" }
            }
            """,
            """
            @main struct ChatApp: App {
                var body: some Scene { WindowGroup { ChatView() } }
            }
            @Observable final class ChatModel {
                var messages: [String] = []
                func sync() async {
                    let loaded = await Backend.messages()
                    replace(loaded)
                }
                func replace(_ messages: [String]) { self.messages = messages }
            }
            struct ChatView: View {
                @State private var model = ChatModel()
                var body: some View {
                    Button("Clear \\(model.messages.count)") { model.replace([]) }
                }
            }
            """,
            """
            @Observable final class SignInModel {
                var signedIn = false
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
                @State private var model = SignInModel()
                var body: some View { Text(model.signedIn ? "In" : "Out").task { await model.signIn() } }
            }
            """,
            """
            @Observable final class SignInModel {
                var name = ""
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
                @State private var model = SignInModel()
                var body: some View { Text(model.name).task { await model.signIn() } }
            }
            """,
        ])

    public init() {}

    /// After the others: the off-main writes reuse the change models they built.
    public static let runsAfterOtherRules = true

    public func check(_ context: inout RuleContext) {
        let index = context.index
        var readersByType: [String: [String]] = [:]
        for write in index.offMainWrites(inFile: context.fileIndex) {
            let model = write.model, offMain = write.context
            let name = model.property.name
            // SwiftData's objects belong to the context that fetched them: only in an app that
            // makes no context of its own are they all the main actor's, which views read; one
            // a local holds may be new, in no context yet.
            guard isTracked(model.property), let type = index.types[model.type], type.isObservable,
                index.changesPropertyItself(model)
            else { continue }
            let isSwiftDataModel = type.declarations.contains { $0.decl.attributes.contains(named: "Model") }
            guard !isSwiftDataModel || (!index.makesOwnModelContexts && !index.writesThroughLocal(model.write)) else { continue }
            let readers = readersByType[type.name] ?? index.observedAs(type)
            readersByType[type.name] = readers
            let read = readers.lazy.compactMap({ reader in index.renderReads(of: reader).first { $0.path.first == name && !index.isBuiltOnlyInPreviews($0.view) } }).first
            guard let witness = read.map({ read in
                context.note("read while rendering: \(read.description)", at: read.origin.tokens[0]..<read.origin.tokens[0] + 1, in: read.origin.file)
            }) ?? boundWhileRendering(name, of: type, index: index, context: context)
            else { continue }
            context.report(
                "`\(name)` is tracked by Observation and changes off the main thread while views read it on the main thread: a data race, and views update late or not at all",
                at: model.write.writtenTokens(in: index),
                notes: offMain.steps.map { context.note($0.description, at: $0.site.token..<$0.site.token + 1, in: $0.site.file) }
                    + [witness],
                help: isSwiftDataModel
                    ? "make the change on the main actor (`await MainActor.run { … }`): the object belongs to the main context, which only the main actor may use"
                    : (index.isolation(of: type).domain == .mainActor ? "" : "mark `\(type.name.simpleTypeName)` `@MainActor`, or ")
                        + "make the change on the main actor (`await MainActor.run { … }`)")
        }
    }

    /// A binding to the property that a view's rendering code hands to a control
    /// (`.sheet(item: $model.destination)`, `Toggle(isOn: $model.isOn)`): the control reads its
    /// value while the view renders.
    private func boundWhileRendering(_ name: String, of type: TypeInfo, index: ProjectIndex, context: RuleContext) -> DiagnosticNote? {
        for owner in index.typeAndAncestors(of: type) {
            for mutation in index.viewMutations[owner.name] ?? [] where mutation.path.first == name && mutation.tokens[0] >= 2 {
                let file = index.files[mutation.file]
                let root = mutation.tokens[0] - 2
                guard file.kind(root) == .dollarIdentifier, !index.isBuiltOnlyInPreviews(mutation.view),
                    // Outside closures with a context of their own (an action's).
                    index.executionContext(at: TokenLocation(file: mutation.file, token: root)).steps.count <= 1
                else { continue }
                return context.note(
                    "bound while rendering: `\(mutation.view.simpleTypeName)` hands `\(file.text(root..<mutation.tokens[0] + 1))` to a control, which reads it as the view renders",
                    at: root..<mutation.tokens[0] + 1, in: mutation.file)
            }
        }
        return nil
    }

    /// A stored `var` Observation tracks: not `@ObservationIgnored`, no property wrapper.
    private func isTracked(_ property: Property) -> Bool {
        property.isStored && !property.isLet && !property.modifiers.contains("static") && !property.modifiers.contains("class")
            && !property.isObservationIgnored && !property.attributes.contains { $0.simpleName.startsWithUppercase }
    }
}
