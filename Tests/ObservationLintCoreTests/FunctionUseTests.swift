@testable import ObservationLintCore
import ObservationSyntax
import XCTest

/// `ProjectIndex.neverRuns`: which code may run a method, by the types its name is used
/// through.
final class FunctionUseTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
    }

    private func neverRuns(_ name: String, of type: String, in index: ProjectIndex, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let info = index.types[type], let function = info.functions.first(where: { $0.function.name == name })?.function else {
            XCTFail("no \(type).\(name)", file: file, line: line)
            return false
        }
        return index.neverRuns(function, of: info)
    }

    private let app = """
        @main struct FeedApp: App {
            var body: some Scene { WindowGroup { FeedView() } }
        }

        """

    func testACallOnAnotherTypesObjectIsNoUse() {
        let index = index(
            app + """
                final class PostsModel: ObservableObject {
                    @Published var state = 0
                    func refresh() async { state = 1 }
                }
                final class ZapsModel: ObservableObject {
                    @Published var state = 0
                    func refresh() async { state = 1 }
                }
                final class ReactionsModel: ObservableObject {
                    @Published var state = 0
                    func refresh() async { state = 1 }
                }
                struct FeedView: View {
                    @StateObject private var posts = PostsModel()
                    @ObservedObject var zaps: ZapsModel
                    var body: some View {
                        Text("\\(posts.state)").refreshable { await posts.refresh() }
                    }
                }
                """)
        XCTAssertFalse(neverRuns("refresh", of: "PostsModel", in: index))
        // `posts.refresh()` is `PostsModel`'s: no code names the others' `refresh()`.
        XCTAssertTrue(neverRuns("refresh", of: "ZapsModel", in: index))
        XCTAssertTrue(neverRuns("refresh", of: "ReactionsModel", in: index))
    }

    func testAReceiverOfUnknownTypeMayBeAnyType() {
        let index = index(
            app + """
                final class PostsModel: ObservableObject {
                    @Published var state = 0
                    func refresh() async { state = 1 }
                }
                final class ZapsModel: ObservableObject {
                    @Published var state = 0
                    func refresh() async { state = 1 }
                }
                struct FeedView: View {
                    let models: [AnyObject]
                    var body: some View {
                        Text("").task { await load(models.first) }
                    }
                    func load(_ model: AnyObject?) async { await (model as? ZapsModel)?.refresh() }
                    func reload(_ model: some Refreshable) async { await model.refresh() }
                }
                """)
        // `model.refresh()` on a generic parameter: any type's.
        XCTAssertFalse(neverRuns("refresh", of: "PostsModel", in: index))
        XCTAssertFalse(neverRuns("refresh", of: "ZapsModel", in: index))
    }

    func testAnUnqualifiedNameIsTheMemberOfTheCodesOwnType() {
        let index = index(
            app + """
                class BaseModel: ObservableObject {
                    @Published var state = 0
                    func reload() { state = 0 }
                    func start() { reload() }
                }
                final class ChildModel: BaseModel {
                    func refresh() { state = 1 }
                    func sync() { state = 2 }
                    func begin() { sync() }
                }
                final class ZapsModel: ObservableObject {
                    @Published var state = 0
                    func refresh() { state = 1 }
                    func sync() { state = 2 }
                    @objc func tick() { state = 3 }
                }
                struct FeedView: View {
                    @StateObject private var child = ChildModel()
                    var body: some View {
                        Text("").onAppear(perform: refresh).task { child.start(); child.begin() }
                    }
                    func refresh() {}
                    func sync() {}
                    func go() { Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: false) }
                    @objc func tick() {}
                }
                """)
        // `perform: refresh` and `#selector(tick)` name `FeedView`'s own methods.
        XCTAssertTrue(neverRuns("refresh", of: "ChildModel", in: index))
        XCTAssertTrue(neverRuns("refresh", of: "ZapsModel", in: index))
        // `sync()` in `ChildModel`'s code is its own; `ZapsModel`'s is not called.
        XCTAssertFalse(neverRuns("sync", of: "ChildModel", in: index))
        XCTAssertTrue(neverRuns("sync", of: "ZapsModel", in: index))
        // `reload()` in the base class's code may run a subclass's override, and
        // `child.start()` runs the method `ChildModel` inherits.
        XCTAssertFalse(neverRuns("reload", of: "BaseModel", in: index))
        XCTAssertFalse(neverRuns("start", of: "BaseModel", in: index))
    }

    func testACallWhoseArgumentsTheMethodCannotTakeIsNoCallOfIt() {
        let index = index(
            app + """
                final class FeedModel: ObservableObject {
                    @Published var state = 0
                    func refresh() { state = 1 }
                    func reset(keeping count: Int) { state = count }
                    func move(`in` list: Int) { state = list }
                }
                struct FeedView: View {
                    @Environment(\\.managedObjectContext) private var context
                    let feed: NSManagedObject
                    var body: some View {
                        Text("").onAppear {
                            context.refresh(feed, mergeChanges: true)
                            Self.cache.reset(keeping: 2)
                            Self.cache.move(in: 3)
                        }
                    }
                }
                """)
        // Another module's `refresh(_:mergeChanges:)` on a receiver of unknown type.
        XCTAssertTrue(neverRuns("refresh", of: "FeedModel", in: index))
        // Labels the method has: the unknown receiver may be a `FeedModel`.
        XCTAssertFalse(neverRuns("reset", of: "FeedModel", in: index))
        XCTAssertFalse(neverRuns("move", of: "FeedModel", in: index))
    }

    func testAPublicMethodOfAnInternalTypeIsInternal() {
        let index = index(
            app + """
                final class FeedModel: ObservableObject {
                    @Published var state = 0
                    public func refresh() { state = 1 }
                }
                public final class SharedModel: ObservableObject {
                    @Published public var state = 0
                    public func refresh() { state = 1 }
                }
                struct FeedView: View {
                    var body: some View { Text("") }
                }
                """)
        // Nothing outside the app's module can reach an internal class's members.
        XCTAssertTrue(neverRuns("refresh", of: "FeedModel", in: index))
        XCTAssertFalse(neverRuns("refresh", of: "SharedModel", in: index))
    }

    /// A method named only in methods that never run never runs either: its callers' code
    /// runs nowhere (followed back through callers), nor does a call of itself.
    func testAMethodOnlyDeadMethodsCallNeverRuns() {
        let source = app + """
            final class APIClient {
                static let shared = APIClient()
                func login() async -> String { "" }
            }
            final class Session: ObservableObject {
                @Published var user: String?
                func start() {}
            }
            extension Session {
                func login() async {
                    let name = await APIClient.shared.login()
                    DispatchQueue.main.async { self.apply(name) }
                }
                private func apply(_ name: String) { user = name; store(name) }
                private func store(_ name: String) { if name.isEmpty { store("-") } }
                private func retry(_ count: Int) { if count > 0 { retry(count - 1) } }
            }
            struct FeedView: View {
                @StateObject private var session = Session()
                var body: some View { Text("").onAppear { session.start() } }
            }
            """
        let index = index(source)
        XCTAssertTrue(neverRuns("login", of: "Session", in: index))
        XCTAssertTrue(neverRuns("apply", of: "Session", in: index))
        XCTAssertTrue(neverRuns("store", of: "Session", in: index))
        XCTAssertTrue(neverRuns("retry", of: "Session", in: index))
        // Its one call is in `Session.login()`.
        XCTAssertTrue(neverRuns("login", of: "APIClient", in: index))
        // Once a view runs `login()`, what it calls runs.
        let called = self.index(source.replacingOccurrences(of: "session.start()", with: "Task { await session.login() }"))
        XCTAssertFalse(neverRuns("login", of: "Session", in: called))
        XCTAssertFalse(neverRuns("apply", of: "Session", in: called))
        XCTAssertFalse(neverRuns("store", of: "Session", in: called))
        XCTAssertFalse(neverRuns("login", of: "APIClient", in: called))
        XCTAssertTrue(neverRuns("retry", of: "Session", in: called))
    }

    /// A witness of an internal protocol's requirement runs only on the protocol's values,
    /// which the project makes only by registering objects with the protocol's metatype.
    func testAWitnessOfAnUnregisteredTypeNeverRuns() {
        let source = app + """
            protocol SettingsObserver { func settingsDidChange(_ value: Int) }
            protocol Broadcaster {
                func register<T>(_ type: T.Type, observer: T)
                func notify<T>(_ type: T.Type, block: @escaping (T) -> Void)
            }
            final class Settings {
                let broadcaster: Broadcaster
                var value = 0 { didSet { broadcaster.notify(SettingsObserver.self) { $0.settingsDidChange(self.value) } } }
            }
            final class HomeModel: ObservableObject {
                let broadcaster: Broadcaster
                var units = 0
                func start() { broadcaster.register(SettingsObserver.self, observer: self) }
            }
            extension HomeModel: SettingsObserver { func settingsDidChange(_ value: Int) { units = value } }
            final class FormModel: ObservableObject {
                var units = 0
            }
            extension FormModel: SettingsObserver { func settingsDidChange(_ value: Int) { units = value } }
            """
        let index = index(source)
        XCTAssertFalse(neverRuns("settingsDidChange", of: "HomeModel", in: index))
        XCTAssertTrue(neverRuns("settingsDidChange", of: "FormModel", in: index))
        // A value of the protocol's type made otherwise may hold any conformer.
        let cast = self.index(source + "\nfunc relay(_ any: Any) { (any as? SettingsObserver)?.settingsDidChange(1) }")
        XCTAssertFalse(neverRuns("settingsDidChange", of: "FormModel", in: cast))
        // So may an object whose type is not known.
        let unknown = self.index(source + "\nfunc add(_ b: Broadcaster, _ o: AnyObject) { b.register(SettingsObserver.self, observer: o) }")
        XCTAssertFalse(neverRuns("settingsDidChange", of: "FormModel", in: unknown))
    }

    func testAMethodCalledOnlyByMethodsThatNeverRunNeverRuns() {
        let index = index(
            app + """
                final class AuthModel: ObservableObject {
                    @Published var user = ""
                    func login() async { await signIn() }
                    func safeLogin() async { await signIn() ; handle("x") }
                    private func handle(_ name: String) { user = name }
                    func signIn() async { user = "a" }
                    private func tick() { tock() }
                    private func tock() { tick(); user = "b" }
                    private func ping() { pong() }
                    private func pong() { ping(); user = "c" }
                }
                struct FeedView: View {
                    @StateObject private var auth = AuthModel()
                    var body: some View {
                        Text(auth.user).task { await auth.login() }.onAppear { auth.ping() }
                    }
                }
                """)
        // Nothing calls `safeLogin()`, the only caller of `handle(_:)`.
        XCTAssertTrue(neverRuns("safeLogin", of: "AuthModel", in: index))
        XCTAssertTrue(neverRuns("handle", of: "AuthModel", in: index))
        // `signIn()` has a caller that runs.
        XCTAssertFalse(neverRuns("signIn", of: "AuthModel", in: index))
        // `tick()` and `tock()` call only each other; `ping()` and `pong()` too, but the view
        // calls `ping()`.
        XCTAssertTrue(neverRuns("tick", of: "AuthModel", in: index))
        XCTAssertTrue(neverRuns("tock", of: "AuthModel", in: index))
        XCTAssertFalse(neverRuns("pong", of: "AuthModel", in: index))
        XCTAssertFalse(neverRuns("ping", of: "AuthModel", in: index))
    }

    /// A property, parameter or argument label that shares a method's name is no use of the
    /// method: assigned (`self.post = post`), given a member (`post.execute()`), a label
    /// (`post: Poster`), or an unqualified name a parameter of the same name hides; nor is a
    /// static method of another type (`Endpoints.post(text:)`).
    func testANameSharedWithAPropertyOrParameterIsNoUseOfTheMethod() {
        let source = app + """
            protocol Poster { func execute(_ text: String) }
            enum Endpoints { static func post(text: String) -> String { text } }
            final class ComposeModel: ObservableObject {
                @Published var sending = false
                private let post: Poster
                init(post: Poster) {
                    self.post = post
                }
                func post(text: String) {
                    post.execute(text)
                    DispatchQueue.main.async { self.finish() }
                }
                private func finish() { sending = false }
                func start(with post: Poster) { use(post) }
                private func use(_ poster: Poster) {}
            }
            struct FeedView: View {
                @StateObject private var model = ComposeModel(post: NoPoster())
                var body: some View { Text("").onAppear { model.start(with: NoPoster()); _ = Endpoints.post(text: "") } }
            }
            """
        let index = index(source)
        // Nothing calls `post(text:)`, the only caller of `finish()`.
        XCTAssertTrue(neverRuns("post", of: "ComposeModel", in: index))
        XCTAssertTrue(neverRuns("finish", of: "ComposeModel", in: index))
        // Once a view calls it, or hands it over by name, both run.
        for use in ["model.post(text: \"a\")", "let send = model.post; send(\"a\")", "ComposeModel.post(model)(\"a\")"] {
            let called = self.index(source.replacingOccurrences(of: "model.start(with: NoPoster())", with: use))
            XCTAssertFalse(neverRuns("post", of: "ComposeModel", in: called), use)
            XCTAssertFalse(neverRuns("finish", of: "ComposeModel", in: called), use)
        }
        // An unqualified call in the type's own code, where no parameter hides the name, is a call.
        let own = self.index(source.replacingOccurrences(of: "private func use(_ poster: Poster) {}", with: "private func use(_ poster: Poster) { post(text: \"b\") }"))
        XCTAssertFalse(neverRuns("finish", of: "ComposeModel", in: own))
    }

    func testACallInCodeOfNoMethodOrInAClosureOfARunningMethodRuns() {
        let index = index(
            app + """
                import Foundation
                final class SessionModel: ObservableObject {
                    @Published var user = ""
                    lazy var reset: () -> Void = { self.clear() }
                    var name: String { get { user } set { rename(newValue) } }
                    init() {
                        NotificationCenter.default.addObserver(forName: .init("x"), object: nil, queue: .main) { _ in self.reload() }
                    }
                    private func clear() { user = "" }
                    private func rename(_ name: String) { user = name }
                    private func reload() { user = "r" }
                    private func start() { reopen() }
                    private func resume() {
                        DispatchQueue.main.async { self.refetch() }
                    }
                    private func reopen() {
                        DispatchQueue.main.async { self.refetch() }
                    }
                    private func refetch() { user = "f" }
                    func begin() { resume() }
                    func rewind() { user = "w" }
                }
                protocol Reloading {}
                extension Reloading {
                    func reloadAll(_ session: SessionModel) { session.rewind() }
                }
                struct Reloader: Reloading {}
                struct FeedView: View {
                    @StateObject private var session = SessionModel()
                    var body: some View { Text(session.user).onAppear { session.begin(); Reloader().reloadAll(session) } }
                }
                """)
        // A property's initial value, a setter, an initializer.
        XCTAssertFalse(neverRuns("clear", of: "SessionModel", in: index))
        XCTAssertFalse(neverRuns("rename", of: "SessionModel", in: index))
        XCTAssertFalse(neverRuns("reload", of: "SessionModel", in: index))
        // A closure handed to `DispatchQueue` by `resume()`, which runs.
        XCTAssertFalse(neverRuns("refetch", of: "SessionModel", in: index))
        // A protocol extension's method runs on values of the conforming types.
        XCTAssertFalse(neverRuns("rewind", of: "SessionModel", in: index))
        // `reopen()` runs only from `start()`, which nothing calls.
        XCTAssertTrue(neverRuns("reopen", of: "SessionModel", in: index))
        XCTAssertTrue(neverRuns("start", of: "SessionModel", in: index))
    }
}

final class ArgumentBindingTests: XCTestCase {
    private func parameters(_ declaration: String) -> [Parameter] {
        let file = ParsedFile(path: "F.swift", bytes: Array(declaration.utf8))
        return file.functions.first!.parameters
    }

    func testFirstTrailingClosureSkipsDefaultedParametersThatTakeNoFunction() {
        let make = parameters("func make(animated: Bool = true, onJoin: @escaping (String) -> Void) {}")
        XCTAssertEqual(ArgumentBinding.parameters(of: [nil], firstTrailingClosure: 0, in: make), [1])
        XCTAssertEqual(ArgumentBinding.parameters(of: ["animated", nil], firstTrailingClosure: 1, in: make), [0, 1])
        // An unlabeled argument in parentheses does not bind to `onJoin:`.
        XCTAssertNil(ArgumentBinding.parameters(of: [nil], firstTrailingClosure: nil, in: make))
    }

    func testFirstTrailingClosureSkipsADefaultedClosureWhenALaterOneIsRequired() {
        let show = parameters("func show(onCancel: (() -> Void)? = nil, onDone: @escaping () -> Void) {}")
        XCTAssertEqual(ArgumentBinding.parameters(of: [nil], firstTrailingClosure: 0, in: show), [1])
        XCTAssertEqual(ArgumentBinding.parameters(of: [nil, "onDone"], firstTrailingClosure: 0, in: show), [0, 1])
    }

    func testARequiredParameterLeftOverBindsNothingUnlessIncompleteIsAsked() {
        let pair = parameters("func pair(_ a: Int, b: Int, c: Int = 0) {}")
        XCTAssertNil(ArgumentBinding.parameters(of: [nil], firstTrailingClosure: nil, in: pair))
        XCTAssertEqual(ArgumentBinding.parameters(of: [nil], firstTrailingClosure: nil, in: pair, complete: false), [0])
        XCTAssertEqual(ArgumentBinding.parameters(of: [nil, "b"], firstTrailingClosure: nil, in: pair), [0, 1])
        XCTAssertNil(ArgumentBinding.parameters(of: ["b", nil], firstTrailingClosure: nil, in: pair))
    }
}
