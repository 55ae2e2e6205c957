import ObservationLintCore
import ObservationSyntax
import XCTest

/// `ProjectIndex.executionContext(at:)`: where code runs, as Swift 6.2 and the SDKs decide.
final class IsolationTests: XCTestCase {
    private func index(_ source: String, mainActorDefault: Bool = false, nonsendingDefault: Bool = false) -> ProjectIndex {
        ProjectIndex(
            files: [ParsedFile(path: "Model.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: mainActorDefault,
            nonisolatedNonsendingByDefault: nonsendingDefault)
    }

    /// The context of the first `HERE` token.
    private func context(_ source: String, mainActorDefault: Bool = false, nonsendingDefault: Bool = false) -> ExecutionContext {
        let index = index(source, mainActorDefault: mainActorDefault, nonsendingDefault: nonsendingDefault)
        let file = index.files[0]
        let token = file.tokens.indices.first { file.text($0) == "HERE" }!
        return index.executionContext(at: TokenLocation(file: 0, token: token))
    }

    private func isolation(_ source: String, mainActorDefault: Bool = false, nonsendingDefault: Bool = false) -> Isolation {
        context(source, mainActorDefault: mainActorDefault, nonsendingDefault: nonsendingDefault).isolation
    }

    func testTaskInheritsTheEnclosingIsolationAndDetachedNever() {
        let write = """
            final class Feed {
                var value = 0
                func reload() { Task { HERE = 1 } }
            }
            """
        let task = context(write)
        XCTAssertEqual(task.isolation, .offMain)
        XCTAssertEqual(task.steps.map(\.kind), [.function, .task])
        XCTAssertEqual(task.steps[0].isolation, .unknown, "a synchronous method of a nonisolated class runs on its caller's thread")
        XCTAssertTrue(task.isAsynchronous)
        XCTAssertEqual(isolation("@MainActor " + write), .mainActor)
        XCTAssertEqual(isolation(write, mainActorDefault: true), .mainActor)
        XCTAssertEqual(isolation(write.replacingOccurrences(of: "func reload", with: "@MainActor func reload")), .mainActor)
        XCTAssertEqual(isolation(write.replacingOccurrences(of: "Task {", with: "Task { @MainActor in")), .mainActor)
        let detached = "@MainActor final class Feed {\n var value = 0\n func reload() { Task.detached { self.HERE = 1 } }\n}"
        let context = context(detached)
        XCTAssertEqual(context.isolation, .offMain)
        XCTAssertEqual(context.steps.map(\.kind), [.function, .detachedTask])
        XCTAssertEqual(context.steps[0].isolation, .mainActor)
    }

    /// Synchronous code that runs only once `Thread.isMainThread` was found true runs on the
    /// main thread, whoever called its function.
    func testCodeGuardedByAMainThreadCheckRunsOnTheMainThread() {
        func source(_ body: String) -> String {
            "final class Session {\n    var signedIn = false\n    func finish() {\n" + body + "\n    }\n}"
        }
        let branch = context(source("if Thread.isMainThread { HERE = true } else { DispatchQueue.main.async { self.signedIn = true } }"))
        XCTAssertEqual(branch.isolation, .mainActor)
        XCTAssertEqual(branch.steps.map(\.kind), [.function, .mainThreadCheck])
        XCTAssertFalse(branch.runsWhereCalled)
        XCTAssertTrue(branch.steps[1].description.hasPrefix("where `Thread.isMainThread` on line 4 is true"))
        XCTAssertEqual(isolation(source("if Thread.current.isMainThread { HERE = true }")), .mainActor)
        XCTAssertEqual(isolation(source("if !Thread.isMainThread { DispatchQueue.main.async { self.finish() } } else { HERE = true }")), .mainActor)
        let guarded = context(source("guard Thread.isMainThread else { DispatchQueue.main.async { self.finish() }; return }\nHERE = true"))
        XCTAssertEqual(guarded.isolation, .mainActor)
        XCTAssertTrue(guarded.steps[1].description.hasPrefix("after `guard Thread.isMainThread else` on line 4"))
        XCTAssertEqual(isolation(source("if !Thread.isMainThread { DispatchQueue.main.async { self.finish() }; return }\nHERE = true")), .mainActor)
        // Code the check does not guard runs where the function is called.
        let unguarded = context(source("if Thread.isMainThread { signedIn = true } else { HERE = true }"))
        XCTAssertEqual(unguarded.isolation, .unknown)
        XCTAssertTrue(unguarded.runsWhereCalled)
        XCTAssertEqual(isolation(source("if !Thread.isMainThread { print(1) }\nHERE = true")), .unknown)
        XCTAssertEqual(isolation(source("if Thread.isMainThread && signedIn { print(1) }\nHERE = true")), .unknown)
        XCTAssertEqual(isolation(source("do { guard Thread.isMainThread else { return } }\nHERE = true")), .unknown)
        // A closure with a context of its own inside the branch runs where it says.
        XCTAssertEqual(isolation(source("if Thread.isMainThread { DispatchQueue.global().async { self.HERE = true } }")), .offMain)
        // Asynchronous code may resume on another thread after an `await`.
        let async = source("if Thread.isMainThread { HERE = true }").replacingOccurrences(of: "func finish()", with: "func finish() async")
        XCTAssertEqual(isolation(async), .offMain)
    }

    func testDelegateMethodsAFrameworkCallsOffTheMainThread() {
        let source = """
            final class Connectivity: NSObject {
                var count = 0
                func refresh() { HERE = 0 }
            }
            extension Connectivity: WCSessionDelegate {
                func session(_ session: WCSession, didReceiveMessage message: [String: Any]) { count += 1 }
            }
            """
        let index = index(source)
        let file = index.files[0]
        let writes = file.tokens.indices.filter { file.text($0) == "count" || file.text($0) == "HERE" }
        let received = index.executionContext(at: TokenLocation(file: 0, token: writes[2]))
        XCTAssertEqual(received.isolation, .offMain)
        XCTAssertFalse(received.runsWhereCalled)
        XCTAssertTrue(received.steps[0].description.contains("WatchConnectivity calls its delegate's methods serially on a background thread"))
        // Other methods of the type run where they are called.
        XCTAssertTrue(index.executionContext(at: TokenLocation(file: 0, token: writes[1])).runsWhereCalled)
        // A main-actor method witnessing the requirement gets no hop (Swift 5 mode); marked
        // `@preconcurrency` (or imported so), the Swift 6 mode traps instead: not judged.
        let isolated = "@MainActor " + source.replacingOccurrences(of: "HERE = 0", with: "count = 0").replacingOccurrences(of: "count += 1", with: "HERE += 1")
        let unhopped = context(isolated)
        XCTAssertEqual(unhopped.isolation, .offMain)
        // The index does not know the target's language mode: the note says what each does.
        XCTAssertTrue(unhopped.steps[0].description.contains("gets no hop to the main actor: in the Swift 5 language mode it runs there"))
        XCTAssertTrue(unhopped.steps[0].description.contains("the Swift 6 mode does not compile this conformance without `@preconcurrency`"))
        XCTAssertEqual(isolation(isolated.replacingOccurrences(of: ": WCSessionDelegate", with: ": @preconcurrency WCSessionDelegate")), .mainActor)
        XCTAssertEqual(isolation("@preconcurrency import WatchConnectivity\n" + isolated), .mainActor)
        // HealthKit's workout session and MultipeerConnectivity's session call their delegates
        // on background serial queues; a method whose first parameter is another type is no
        // requirement of the protocol.
        let workout = "final class Workout: NSObject, HKWorkoutSessionDelegate {\n var state = 0\n func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState, from fromState: HKWorkoutSessionState, date: Date) { HERE = 1 }\n}"
        XCTAssertEqual(isolation(workout), .offMain)
        XCTAssertEqual(isolation(workout.replacingOccurrences(of: "_ workoutSession: HKWorkoutSession", with: "_ workoutSession: Int")), .unknown)
        let peers = "final class Peers: NSObject, MCSessionDelegate {\n var connected = 0\n func session(_ session: MCSession, peer peerID: MCPeerID, didChange state: MCSessionState) { HERE = 1 }\n}"
        XCTAssertEqual(isolation(peers), .offMain)
        XCTAssertEqual(isolation(peers.replacingOccurrences(of: "{ HERE = 1 }", with: "{ DispatchQueue.main.async { self.HERE = 1 } }")), .mainActor)
        // An app delegate is `@MainActor` by its SDK protocol stated in its declaration (not
        // in an extension, SE-0316); as a session delegate its main-actor witness gets no hop.
        let appDelegate = """
            final class AppDelegate: NSObject, WKApplicationDelegate, WCSessionDelegate {
                var inbox = 0
                func session(_ session: WCSession, didReceiveMessage message: [String: Any]) { HERE = 1 }
            }
            """
        XCTAssertEqual(isolation(appDelegate), .offMain)
        XCTAssertEqual(isolation(appDelegate.replacingOccurrences(of: "WKApplicationDelegate", with: "UIApplicationDelegate")), .offMain)
        XCTAssertEqual(isolation(appDelegate.replacingOccurrences(of: "WCSessionDelegate", with: "@preconcurrency WCSessionDelegate")), .mainActor)
        XCTAssertEqual(isolation(appDelegate.replacingOccurrences(of: ", WKApplicationDelegate", with: "")), .offMain)
    }

    func testMainActorIsInheritedFromProjectSuperclassesProtocolsAndTheSDK() {
        let body = "{\n func reload() { Task { HERE() } }\n}"
        XCTAssertEqual(isolation("@MainActor class Base {}\nfinal class Feed: Base " + body), .mainActor)
        XCTAssertEqual(isolation("@MainActor protocol Store {}\nfinal class Feed: Store " + body), .mainActor)
        XCTAssertEqual(isolation("final class Controller: UIViewController " + body), .mainActor)
        XCTAssertEqual(isolation("final class AppDelegate: NSObject, UIApplicationDelegate " + body), .mainActor)
        // The scene delegates and WatchKit's extension delegate are `@MainActor` protocols too;
        // AppKit's app delegate is documented without a global actor.
        XCTAssertEqual(isolation("final class SceneDelegate: UIResponder, UIWindowSceneDelegate " + body), .mainActor)
        XCTAssertEqual(isolation("final class SceneDelegate: NSObject, UISceneDelegate " + body), .mainActor)
        XCTAssertEqual(isolation("final class ExtensionDelegate: NSObject, WKExtensionDelegate " + body), .mainActor)
        XCTAssertEqual(isolation("final class AppDelegate: NSObject, NSApplicationDelegate " + body), .unknown)
        XCTAssertNotEqual(isolation("final class SceneDelegate: NSObject {}\nextension SceneDelegate: UIWindowSceneDelegate " + body), .mainActor)
        // Conformance inference reads the primary declaration only (SE-0316).
        XCTAssertNotEqual(isolation("final class AppDelegate: NSObject {}\nextension AppDelegate: WKApplicationDelegate " + body), .mainActor)
        XCTAssertEqual(isolation("struct Row: View " + body), .mainActor)
        XCTAssertEqual(isolation("class Base {}\nfinal class Feed: Base " + body), .offMain)
        // A superclass from another module may isolate it: unknown.
        XCTAssertEqual(isolation("final class Feed: SomeKitController " + body), .unknown)
        XCTAssertEqual(isolation("protocol Coordinating: SomeKitDelegate {}\nfinal class Feed: Coordinating " + body), .unknown)
        XCTAssertEqual(isolation("protocol Loading: ObservableObject {}\nfinal class Feed: Loading " + body), .offMain)
        XCTAssertEqual(isolation("actor Feed " + body), .offMain)
        XCTAssertEqual(isolation("@globalActor actor Background { static let shared = Background() }\n@Background final class Feed " + body), .offMain)
        // `@MainActor` on an extension isolates its members only.
        XCTAssertEqual(isolation("final class Feed {}\n@MainActor extension Feed " + body), .mainActor)
        XCTAssertEqual(isolation("@MainActor final class Feed {}\nextension Feed {\n nonisolated func reload() { Task { HERE() } }\n}"), .offMain)
    }

    func testNonisolatedAsyncFunctionsRunOnTheGlobalExecutorUnlessNonsending() {
        let source = """
            final class Feed {
                var items: [Int] = []
                func refresh() async {
                    let loaded = await load()
                    HERE = loaded
                }
            }
            """
        let offMain = context(source)
        XCTAssertEqual(offMain.isolation, .offMain)
        XCTAssertEqual(offMain.steps.map(\.kind), [.function, .afterAwait])
        XCTAssertTrue(offMain.steps[0].description.contains("global executor"), offMain.steps[0].description)
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "func refresh", with: "nonisolated(nonsending) func refresh")), .unknown)
        XCTAssertEqual(isolation(source, nonsendingDefault: true), .unknown)
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "func refresh", with: "@concurrent func refresh"), nonsendingDefault: true), .offMain)
        XCTAssertEqual(isolation("@MainActor " + source), .mainActor)
        // A synchronous method runs where its caller runs.
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "async", with: "").replacingOccurrences(of: "await ", with: "")), .unknown)
    }

    func testAfterAwaitInTheSameStatementAndNotInsideOtherClosures() {
        let sameStatement = "@MainActor final class Feed {\n func refresh() async {\n HERE = await load()\n }\n}"
        let context = context(sameStatement)
        XCTAssertEqual(context.steps.map(\.kind), [.function, .afterAwait])
        XCTAssertEqual(context.isolation, .mainActor)
        XCTAssertTrue(context.isAsynchronous)
        let before = "@MainActor final class Feed {\n func refresh() async {\n HERE = 1\n let x = await load()\n }\n}"
        XCTAssertEqual(self.context(before).steps.map(\.kind), [.function])
        XCTAssertFalse(self.context(before).isAsynchronous)
        let inner = "@MainActor final class Feed {\n func refresh() async {\n Task.detached { await load() }\n HERE = 1\n }\n}"
        XCTAssertEqual(self.context(inner).steps.map(\.kind), [.function])
    }

    func testTheAwaitCitedIsOnTheWritesPathNotInAnotherBranch() {
        /// The line of the `await` the context says the code at `HERE` resumes after.
        func awaitLine(_ body: String) -> Int? {
            let source = "final class Store {\n var phase = 0\n func check() async {\n\(body)\n }\n}"
            let index = index(source)
            let file = index.files[0]
            let token = file.tokens.indices.first { file.text($0) == "HERE" }!
            guard let step = index.executionContext(at: TokenLocation(file: 0, token: token)).steps.first(where: { $0.kind == .afterAwait })
            else { return nil }
            return file.source.location(of: file.tokens[step.site.token].range.lowerBound).line
        }
        // Line 4 is the body's first line.
        let ifElse = "let ok = await first()\nif ok {\nawait second()\n} else {\nHERE = 1\n}"
        XCTAssertEqual(awaitLine(ifElse), 4)
        let elseIf = "let ok = await first()\nif ok {\nawait second()\n} else if await third() {\nHERE = 1\n}"
        XCTAssertEqual(awaitLine(elseIf), 7)
        let elseIfCondition = "let ok = await first()\nif ok {\nawait second()\n} else if HERE > 0 {\n}"
        XCTAssertEqual(awaitLine(elseIfCondition), 4)
        // A `guard`'s `else` leaves the scope: the code after it never follows its `await`.
        let guardElse = "let ok = await first()\nguard ok else {\nawait second()\nreturn\n}\nHERE = 1"
        XCTAssertEqual(awaitLine(guardElse), 4)
        // The same branch, or an `if` without `else` the code follows, is on its path.
        XCTAssertEqual(awaitLine("let ok = await first()\nif ok {\nawait second()\nHERE = 1\n}"), 6)
        XCTAssertEqual(awaitLine("let ok = await first()\nif ok {\nawait second()\n}\nHERE = 1"), 6)
        XCTAssertNil(awaitLine("if Bool.random() {\nawait second()\n} else {\nHERE = 1\n}"))
    }

    func testDispatchAndOperationQueues() {
        func write(in call: String, members: String = "") -> Isolation {
            isolation("final class Feed {\n\(members)\n func reload() {\n \(call) { self.HERE = 1 }\n }\n}")
        }
        XCTAssertEqual(write(in: "DispatchQueue.global(qos: .utility).async"), .offMain)
        XCTAssertEqual(write(in: "DispatchQueue.main.async"), .mainActor)
        XCTAssertEqual(write(in: "DispatchQueue.main.asyncAfter(deadline: .now() + 1)"), .mainActor)
        XCTAssertEqual(write(in: "queue.async", members: "private let queue = DispatchQueue(label: \"feed\")"), .offMain)
        XCTAssertEqual(write(in: "self.queue.async", members: "let queue = DispatchQueue(label: \"x\", target: .main)"), .unknown)
        XCTAssertEqual(write(in: "OperationQueue().addOperation"), .offMain)
        XCTAssertEqual(write(in: "OperationQueue.main.addOperation"), .mainActor)
        XCTAssertEqual(write(in: "operations.addOperation", members: "let operations = OperationQueue()"), .offMain)
        XCTAssertEqual(write(in: "MainActor.run"), .mainActor)
        XCTAssertEqual(write(in: "someLibrary.perform"), .unknown)
        // A closure run in place (`map`, `forEach`) runs where its caller runs.
        XCTAssertEqual(isolation("final class Feed {\n func reload() {\n DispatchQueue.global().async { [1].forEach { _ in self.HERE = 1 } }\n }\n}"), .offMain)
        // A Task inside a queue's block inherits no actor, even in a main-actor class.
        let nested = "@MainActor final class Feed {\n func reload() {\n DispatchQueue.global().async { Task { self.HERE = 1 } }\n }\n}"
        XCTAssertEqual(context(nested).steps.map(\.kind), [.function, .dispatch, .task])
        XCTAssertEqual(isolation(nested), .offMain)
        // Child tasks of a task group run on the global executor; the group's body runs in its task.
        let group = "@MainActor final class Feed {\n func reload() async {\n await withTaskGroup(of: Void.self) { group in\n group.addTask { self.HERE = 1 }\n }\n }\n}"
        XCTAssertEqual(context(group).steps.map(\.kind), [.function, .detachedTask])
        XCTAssertEqual(isolation(group), .offMain)
        XCTAssertEqual(isolation(group.replacingOccurrences(of: "group.addTask { self.HERE = 1 }", with: "self.HERE = 1")), .mainActor)
        XCTAssertEqual(isolation("@MainActor final class Todos {\n func add() { store.addTask(\"x\") { self.HERE = 1 } }\n}"), .unknown)
        // Back on main inside a detached task.
        XCTAssertEqual(isolation("final class Feed {\n func reload() {\n Task.detached { await MainActor.run { self.HERE = 1 } }\n }\n}"), .mainActor)
    }

    func testURLSessionCompletionHandlers() {
        func write(_ session: String, members: String = "") -> Isolation {
            isolation("final class Feed {\n\(members)\n func load(_ url: URL) {\n \(session).dataTask(with: url) { data, _, _ in self.HERE = data }.resume()\n }\n}")
        }
        XCTAssertEqual(write("URLSession.shared"), .offMain)
        XCTAssertEqual(write("session", members: "let session = URLSession(configuration: .default)"), .offMain)
        XCTAssertEqual(write("session", members: "let session = URLSession(configuration: .default, delegate: nil, delegateQueue: .main)"), .mainActor)
        XCTAssertEqual(write("client"), .unknown)
        // A session property set from outside holds `URLSession.shared` or one of the project's
        // sessions: off the main thread when none of those has a delegate queue of its choosing.
        let injected = "private let session: URLSession\n init(session: URLSession = .shared) { self.session = session }"
        XCTAssertEqual(write("session", members: injected), .offMain)
        XCTAssertEqual(write("session", members: injected + "\n static let other = URLSession(configuration: .default, delegate: nil, delegateQueue: nil)"), .offMain)
        XCTAssertEqual(write("session", members: injected + "\n static let main = URLSession(configuration: .default, delegate: nil, delegateQueue: .main)"), .unknown)
        let labelled = "final class Feed {\n func load(_ url: URL) {\n URLSession.shared.dataTask(with: url, completionHandler: { _, _, _ in self.HERE = 1 }).resume()\n }\n}"
        XCTAssertEqual(context(labelled).steps.last?.kind, .completionHandler)
        XCTAssertEqual(isolation(labelled), .offMain)
    }

    func testNotificationObserversByQueue() {
        func observer(queue: String) -> ExecutionContext {
            context("final class Feed {\n init() {\n NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: \(queue)) { _ in self.HERE = 1 }\n }\n}")
        }
        XCTAssertEqual(observer(queue: ".main").isolation, .mainActor)
        XCTAssertEqual(observer(queue: "OperationQueue.main").isolation, .mainActor)
        XCTAssertEqual(observer(queue: "OperationQueue()").isolation, .offMain)
        let posting = observer(queue: "nil")
        XCTAssertEqual(posting.isolation, .unknown)
        XCTAssertEqual(posting.steps.last?.kind, .notification)
        XCTAssertTrue(posting.steps.last!.description.contains("not known here"), posting.steps.last!.description)
    }

    func testObserverWithoutQueueRunsWhereTheProjectPostsTheNotification() {
        func observer(posting: String) -> ExecutionContext {
            context("""
                final class Feed {
                    init() {
                        NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: nil) { _ in self.HERE = 1 }
                    }
                }
                final class Sync {
                    \(posting)
                }
                extension Notification.Name { static let changed = Notification.Name("changed") }
                """)
        }
        let detached = observer(posting: "func run() { Task.detached { NotificationCenter.default.post(name: .changed, object: nil) } }")
        XCTAssertEqual(detached.isolation, .offMain)
        XCTAssertEqual(detached.steps.map(\.kind), [.function, .notification, .notification])
        XCTAssertTrue(detached.steps.last!.description.hasPrefix("posted here, in `Task.detached { }`"), detached.steps.last!.description)
        let main = observer(posting: "@MainActor func run() { NotificationCenter.default.post(name: Notification.Name.changed, object: nil) }")
        XCTAssertEqual(main.isolation, .mainActor)
        let mixed = observer(posting: """
            @MainActor func run() { NotificationCenter.default.post(name: .changed, object: nil) }
            func later() { DispatchQueue.global().async { NotificationCenter.default.post(name: .changed, object: nil) } }
            """)
        XCTAssertEqual(mixed.isolation, .unknown)
        XCTAssertEqual(observer(posting: "func run() { NotificationCenter.default.post(name: .changed, object: nil) }").isolation, .unknown)
        // Notifications Apple documents as posted off the main thread.
        for name in [".AVPlayerItemDidPlayToEndTime", "AVPlayerItem.didPlayToEndTimeNotification", "AVAudioSession.routeChangeNotification"] {
            let documented = context(
                "final class Player {\n init() {\n NotificationCenter.default.addObserver(forName: \(name), object: nil, queue: nil) { _ in self.HERE = 1 }\n }\n}")
            XCTAssertEqual(documented.isolation, .offMain, name)
            XCTAssertEqual(documented.steps.map(\.kind), [.function, .notification])
            let published = context("final class Player {\n func start() { NotificationCenter.default.publisher(for: \(name)).sink { _ in self.HERE = 1 }.store(in: &bag) }\n}")
            XCTAssertEqual(published.isolation, .offMain, name)
        }
        let publisher = context("""
            final class Feed {
                func start() { NotificationCenter.default.publisher(for: .changed).sink { _ in self.HERE = 1 }.store(in: &bag) }
                func sync() { DispatchQueue.global().async { NotificationCenter.default.post(name: .changed, object: nil) } }
            }
            """)
        XCTAssertEqual(publisher.isolation, .offMain)
        XCTAssertEqual(publisher.steps.map(\.kind), [.function, .subscription, .notification])
        // An observer that posts what it observes: its post is not followed back into itself.
        let echo = context("""
            final class Echo {
                init() {
                    NotificationCenter.default.addObserver(forName: .ping, object: nil, queue: nil) { _ in
                        self.HERE = 1
                        NotificationCenter.default.post(name: .ping, object: nil)
                    }
                }
            }
            extension Notification.Name { static let ping = Notification.Name("ping") }
            """)
        XCTAssertEqual(echo.isolation, .unknown)
    }

    func testCombineSubscriptionsAndTimers() {
        func sink(_ chain: String) -> Isolation {
            isolation("final class Feed {\n func start() {\n \(chain).sink { value in self.HERE = value }.store(in: &bag)\n }\n}")
        }
        XCTAssertEqual(sink("publisher.receive(on: DispatchQueue.main)"), .mainActor)
        XCTAssertEqual(sink("publisher\n .receive(on: RunLoop.main)"), .mainActor)
        XCTAssertEqual(sink("URLSession.shared.dataTaskPublisher(for: url).map(\\.data)"), .offMain)
        XCTAssertEqual(sink("publisher.receive(on: DispatchQueue.main).receive(on: DispatchQueue.global())"), .offMain)
        XCTAssertEqual(sink("publisher"), .unknown)
        XCTAssertEqual(sink("Timer.publish(every: 1, on: .main, in: .common).autoconnect()"), .mainActor)
        let timer = "@MainActor final class Clock {\n func start() {\n Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.HERE = 1 }\n }\n}"
        XCTAssertEqual(context(timer).steps.last?.kind, .timer)
        XCTAssertEqual(isolation(timer), .mainActor)
        XCTAssertEqual(isolation(timer.replacingOccurrences(of: "@MainActor ", with: "")), .unknown)
    }

    func testSwiftUIActionsRunOnTheMainActorAndUnknownClosuresStayUnknown() {
        let view = """
            struct Row: View {
                let model: Model
                var body: some View {
                    Button("Load") { model.HERE = 1 }
                }
            }
            """
        let action = context(view)
        XCTAssertEqual(action.steps.map(\.kind), [.function, .action])
        XCTAssertEqual(action.isolation, .mainActor)
        let appear = view.replacingOccurrences(of: "Button(\"Load\") { model.HERE = 1 }", with: "Text(\"x\").onAppear { model.HERE = 1 }")
        XCTAssertEqual(isolation(appear), .mainActor)
        let content = view.replacingOccurrences(of: "Button(\"Load\") { model.HERE = 1 }", with: "VStack { Text(model.HERE) }")
        XCTAssertEqual(context(content).steps.map(\.kind), [.function])
        XCTAssertEqual(isolation(content), .mainActor)
        let unknown = view.replacingOccurrences(of: "Button(\"Load\") { model.HERE = 1 }", with: "Text(\"x\").onAppear { api.load { model.HERE = 1 } }")
        XCTAssertEqual(context(unknown).steps.map(\.kind), [.function, .action, .closure])
        XCTAssertEqual(isolation(unknown), .unknown)
        // A closure passed to another module's function is unknown even in a main-actor class.
        XCTAssertEqual(isolation("@MainActor final class Feed {\n func load() { api.fetch { self.HERE = 1 } }\n}"), .unknown)
    }

    func testAClosurePassedToAProjectFunctionRunsWhereThatFunctionCallsIt() {
        let source = """
            @MainActor final class Store {
                var items: [String] = []
                private let busyQueue = DispatchQueue(label: "busy")
                func busyWork(_ work: @escaping () throws -> Void) {
                    busyQueue.async { try? work() }
                }
                func discard() { busyWork { self.HERE = [] } }
            }
            """
        let queued = context(source)
        XCTAssertEqual(queued.isolation, .offMain)
        XCTAssertEqual(queued.steps.map(\.kind), [.function, .closure, .dispatch])
        XCTAssertTrue(queued.steps[1].description.hasPrefix("in a closure passed to `busyWork()`, which calls it off the main thread"))
        XCTAssertTrue(queued.steps[2].description.hasPrefix("`busyWork()` calls it here, in `busyQueue.async { }`"))
        // On the main queue: on the main thread; called in place by a function with no
        // isolation of its own: where the caller runs.
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "busyQueue.async", with: "DispatchQueue.main.async")), .mainActor)
        let inPlace = """
            func measure(_ work: () -> Void) { work() }
            final class Feed {
                var n = 0
                func load() { Task.detached { measure { self.HERE = 1 } } }
            }
            """
        XCTAssertEqual(context(inPlace).steps.map(\.kind), [.function, .detachedTask])
        XCTAssertEqual(isolation(inPlace), .offMain)
        // An overload without a closure parameter is not the one a trailing closure calls,
        // and an optional (escaping) closure called in place runs where the caller runs.
        let overloaded = """
            protocol Screen {}
            extension Screen {
                func configure() { configure(nil) }
                func configure(_ setup: (() -> Void)?) { setup?() }
            }
            final class Feed {
                var n = 0
                func load() { Task.detached { configure { self.HERE = 1 } } }
            }
            """
        XCTAssertEqual(context(overloaded).steps.map(\.kind), [.function, .detachedTask])
        XCTAssertEqual(isolation(overloaded), .offMain)
        // A project function that takes more arguments than the call passes is not the
        // callee (another module's `panel.begin { }`): unknown, never its threading.
        let otherModule = """
            struct Session {
                static func begin(record: Int, consume: @escaping () async -> Bool) async -> Session {
                    _ = await consume()
                    return Session()
                }
            }
            @MainActor final class Exporter {
                var done = false
                func export(_ panel: NSSavePanel) { panel.begin { _ in self.HERE = true } }
            }
            """
        XCTAssertEqual(isolation(otherModule), .unknown)
        // Stored, passed on, or called in places that disagree: not known.
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "busyQueue.async { try? work() }", with: "handler = work")), .unknown)
        XCTAssertEqual(
            isolation(source.replacingOccurrences(of: "busyQueue.async { try? work() }", with: "api.run { try? work() }; try? work()")),
            .unknown)
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "busyQueue.async { try? work() }", with: "api.run(work)")), .unknown)
        // Called in place on one path and on the queue on another: it does run off the main
        // thread, on that path.
        let both = context(source.replacingOccurrences(of: "busyQueue.async { try? work() }", with: "try? work(); busyQueue.async { try? work() }"))
        XCTAssertEqual(both.isolation, .offMain)
        XCTAssertEqual(both.steps.map(\.kind), [.function, .closure, .dispatch])
    }

    /// Only the standard `Task.init(priority:operation:)`'s operation inherits the isolation
    /// around it (SE-0304, SE-0420): a closure passed to an initializer the project declares in
    /// `extension Task` runs where that initializer calls it.
    func testAClosurePassedToAProjectTaskInitializerRunsWhereItCallsIt() {
        let source = """
            extension Task where Failure == Never, Success == Void {
                init(priority: TaskPriority? = nil, _ operation: @escaping () async throws -> Void, `catch`: @escaping (Error) -> Void) {
                    self.init(priority: priority) {
                        do { try await operation() } catch { await MainActor.run { `catch`(error) } }
                    }
                }
            }
            final class Checkout {
                var error: Error?
                var isLoading = false
                func update() {
                    Task(priority: .utility, { @MainActor [weak self] in self?.isLoading = false }, catch: { [weak self] error in
                        self?.HERE = error
                    })
                }
            }
            """
        let caught = context(source)
        XCTAssertEqual(caught.isolation, .mainActor)
        XCTAssertEqual(caught.steps.map(\.kind), [.function, .closure, .mainActorRun])
        XCTAssertTrue(caught.steps[1].description.hasPrefix("in a closure passed to `Task()`, which calls it on the main actor"))
        // The explicitly `@MainActor` operation runs on the main actor.
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "self?.HERE = error", with: "_ = error")
            .replacingOccurrences(of: "self?.isLoading = false", with: "self?.HERE = false")), .mainActor)
        // Called directly in the standard task the initializer starts, which inherits no
        // actor there: off the main thread.
        let direct = source.replacingOccurrences(of: "await MainActor.run { `catch`(error) }", with: "`catch`(error)")
        XCTAssertEqual(isolation(direct), .offMain)
        // Stored: not known.
        let stored = source.replacingOccurrences(of: "await MainActor.run { `catch`(error) }", with: "handler = `catch`")
        XCTAssertEqual(isolation(stored), .unknown)
        // The standard initializer beside the project's: a `Task { }` still inherits.
        let standard = source.replacingOccurrences(of: "Task(priority: .utility, { @MainActor [weak self] in self?.isLoading = false }, catch: { [weak self] error in", with: "Task { [weak self] in let error = CancellationError()")
            .replacingOccurrences(of: "            })\n", with: "            }\n")
        XCTAssertEqual(context(standard).steps.map(\.kind), [.function, .task])
        XCTAssertEqual(isolation(standard), .offMain)
    }

    /// A non-`@Sendable` `async` closure formed in main-actor code is isolated to the main
    /// actor: the function's `await transform(x)` runs it there.
    func testAnAsyncClosureFormedInMainActorCodeRunsOnTheMainActor() {
        let source = """
            extension Sequence {
                func asyncCompactMap<T>(_ transform: (Element) async -> T?) async -> [T] {
                    var result: [T] = []
                    for element in self { if let value = await transform(element) { result.append(value) } }
                    return result
                }
            }
            @MainActor final class Shelf {
                var urls: [URL] = []
                func copy(_ items: [Item]) {
                    Task { _ = await items.asyncCompactMap { item in self.HERE = []; return item.url } }
                }
            }
            """
        XCTAssertEqual(isolation(source), .mainActor)
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "(Element) async -> T?", with: "@Sendable (Element) async -> T?")), .offMain)
    }

    func testAClosureWhoseParameterTypeIsMainActorRunsOnTheMainActor() {
        let source = """
            @MainActor final class Browser {
                var switching = false
                actor Operations { func run(_ body: @MainActor () async -> Void) async { await body() } }
                private let operations = Operations()
                func switchProfile() async { await operations.run { self.HERE = true } }
            }
            """
        let run = context(source)
        XCTAssertEqual(run.isolation, .mainActor)
        XCTAssertEqual(run.steps.map(\.kind), [.function, .mainActorRun])
        XCTAssertTrue(run.steps[1].description.hasPrefix("in a closure passed to `run()`, whose parameter type is `@MainActor`"))
        // Without the attribute a non-`@Sendable` closure formed in main-actor code is
        // isolated to the main actor all the same; a `@Sendable` one is not, and the actor
        // runs it off the main thread.
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "@MainActor () async", with: "() async")), .mainActor)
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "@MainActor () async", with: "@Sendable () async")), .offMain)
    }

    /// A closure literal converted to a `@MainActor` function type is isolated to the main
    /// actor: passed for such a parameter (by label, beside an overload of the same name
    /// the call cannot name), to an initializer, or assigned to a local or property of
    /// that type. It runs on the main actor wherever it is called.
    func testAClosureConvertedToAMainActorFunctionTypeRunsOnTheMainActor() {
        let passed = """
            @MainActor final class Coordinator {
                var pending: (@MainActor () -> Void)?
                func disconnect(saved: Bool, reset: @escaping @MainActor () -> Void) { pending = reset }
            }
            final class Model {
                var workspace: String? = "w"
                let coordinator = Coordinator()
                func disconnect() { coordinator.disconnect(saved: true, reset: { self.HERE = nil }) }
            }
            """
        let run = context(passed)
        XCTAssertEqual(run.isolation, .mainActor)
        XCTAssertEqual(run.steps.map(\.kind), [.function, .mainActorRun])
        XCTAssertTrue(run.steps[1].description.hasPrefix("in a closure passed to `disconnect()`, whose parameter type is `@MainActor`"))
        XCTAssertEqual(isolation(passed.replacingOccurrences(of: "reset: @escaping @MainActor () -> Void", with: "reset: @escaping () -> Void")), .unknown)
        // A function taking a function that takes a `@MainActor` closure: not the closure's type.
        XCTAssertEqual(
            isolation(passed.replacingOccurrences(of: "reset: @escaping @MainActor () -> Void", with: "reset: @escaping (@MainActor () -> Void) -> Void")),
            .unknown)

        let initializer = """
            struct Row { let onTap: @MainActor () -> Void }
            final class Model {
                var selected = 0
                func makeRow() -> Row { Row(onTap: { self.HERE = 1 }) }
            }
            """
        XCTAssertEqual(isolation(initializer), .mainActor)
        XCTAssertEqual(isolation(initializer.replacingOccurrences(of: "@MainActor () -> Void", with: "() -> Void")), .unknown)
        let explicit = initializer.replacingOccurrences(
            of: "let onTap: @MainActor () -> Void }", with: "let onTap: () -> Void\n init(onTap: @escaping @MainActor () -> Void) { self.onTap = onTap } }")
        XCTAssertEqual(isolation(explicit), .mainActor)

        let local = """
            final class Model {
                var selected = 0
                func prepare() -> () async -> Void {
                    let select: @MainActor @Sendable () -> Void = { self.HERE = 1 }
                    return { await select() }
                }
            }
            """
        let assigned = context(local)
        XCTAssertEqual(assigned.isolation, .mainActor)
        XCTAssertTrue(assigned.steps[1].description.hasPrefix("in a closure assigned to `select`, whose type is `@MainActor`"))
        XCTAssertEqual(isolation(local.replacingOccurrences(of: "@MainActor @Sendable () -> Void", with: "@Sendable () -> Void")), .unknown)

        let property = """
            final class Model {
                var selected = 0
                var onDone: (@MainActor () -> Void)?
                func prepare() { self.onDone = { self.HERE = 1 } }
            }
            """
        XCTAssertEqual(isolation(property), .mainActor)
        XCTAssertEqual(isolation(property.replacingOccurrences(of: "self.onDone =", with: "onDone =")), .mainActor)
        XCTAssertEqual(isolation(property.replacingOccurrences(of: "(@MainActor () -> Void)?", with: "(() -> Void)?")), .unknown)
    }

    func testATaskInAClosureFormedInNonisolatedCodeInheritsNoActor() {
        let source = """
            struct ToolbarItem { var onClick: () -> Void }
            final class Runner {
                var output = ""
                func install() {
                    let item = ToolbarItem(onClick: { Task { self.HERE = "run" } })
                }
            }
            """
        let task = context(source)
        XCTAssertEqual(task.isolation, .offMain)
        XCTAssertEqual(task.steps.map(\.kind), [.function, .closure, .task])
        XCTAssertTrue(task.steps[2].description.contains("inherits no actor here"))
        // A parameter of another module's function or a closure formed in main-actor code:
        // not claimed; a `@MainActor` closure type makes the task inherit the main actor.
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "ToolbarItem(onClick:", with: "Toolbar.add(onClick:")), .unknown)
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "var onClick: () -> Void", with: "var onClick: @MainActor () -> Void")), .mainActor)
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "final class Runner", with: "@MainActor final class Runner")), .unknown)
    }

    /// Combine's `Future` takes a plain closure: formed in nonisolated code it is
    /// nonisolated, so a `Task { }` in it runs on the global executor.
    func testATaskInAFuturesClosureInNonisolatedCodeInheritsNoActor() {
        let source = """
            final class Auth {
                var token = ""
                func refresh() -> AnyPublisher<Bool, Never> {
                    Future<Bool, Never> { promise in Task { self.HERE = "t"; promise(.success(true)) } }.eraseToAnyPublisher()
                }
            }
            """
        let task = context(source)
        XCTAssertEqual(task.isolation, .offMain)
        XCTAssertEqual(task.steps.map(\.kind), [.function, .closure, .task])
        XCTAssertNotEqual(isolation(source.replacingOccurrences(of: "final class Auth", with: "@MainActor final class Auth")), .offMain)
        // A project type named `Future`: its initializer's parameter type decides (a
        // `@MainActor` closure: the task inherits the main actor).
        XCTAssertEqual(isolation("struct Future<A, B> { init(_ body: @MainActor (Any) -> Void) {} }\n" + source), .mainActor)
        XCTAssertEqual(isolation("struct Future<A, B> { init(_ body: @escaping (Any) -> Void) {} }\n" + source), .offMain)
    }

    /// Completion handlers whose thread Apple's documentation gives.
    func testDocumentedFrameworkCompletionHandlers() {
        func write(_ call: String, declarations: String = "") -> ExecutionContext {
            context("\(declarations)\nfinal class Lock {\n var unlocked = false\n func open() {\n \(call) { granted, _ in self.HERE = granted }\n }\n}")
        }
        let reply = write("LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: reason)")
        XCTAssertEqual(reply.isolation, .offMain)
        XCTAssertEqual(reply.steps.map(\.kind), [.function, .completionHandler])
        XCTAssertTrue(reply.steps[1].description.contains("private queue internal to the framework"))
        XCTAssertEqual(write("AVCaptureDevice.requestAccess(for: .video)").isolation, .offMain)
        XCTAssertEqual(write("UNUserNotificationCenter.current().requestAuthorization(options: [.alert])").isolation, .offMain)
        XCTAssertEqual(write("PHPhotoLibrary.requestAuthorization(for: .readWrite)").isolation, .offMain)
        XCTAssertEqual(write("geocoder.reverseGeocodeLocation(location)").isolation, .mainActor)
        // Another receiver, other labels, or a project function of the name: not claimed.
        XCTAssertEqual(write("Camera.requestAccess(for: .video)").isolation, .unknown)
        XCTAssertEqual(write("context.evaluatePolicy(policy)").isolation, .unknown)
        XCTAssertEqual(
            write("evaluatePolicy(.a, localizedReason: r)", declarations: "func evaluatePolicy(_ p: Int, localizedReason: String, reply: @escaping (Bool, Error?) -> Void) {}")
                .isolation,
            .unknown)
    }

    /// HealthKit, EventKit, Speech, UserNotifications and CloudKit calls whose documentation
    /// says their handler runs on a background or arbitrary queue; a hop to the main queue
    /// inside the handler runs on the main thread.
    func testMoreDocumentedFrameworkCompletionHandlers() {
        func write(_ call: String, imports: String = "", hop: Bool = false) -> ExecutionContext {
            let body = hop ? "DispatchQueue.main.async { self.HERE = [] }" : "self.HERE = []"
            return context("\(imports)\nfinal class Health {\n var samples: [Int] = []\n func load() {\n \(call) { _, _ in \(body) }\n }\n}")
        }
        let calls: [(call: String, imports: String)] = [
            ("store.requestAuthorization(toShare: types, read: types)", ""),
            ("let query = HKSampleQuery(sampleType: type, predicate: nil, limit: 10, sortDescriptors: nil)", ""),
            ("let query = HKAnchoredObjectQuery(type: type, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit)", ""),
            ("let query = HKObserverQuery(sampleType: type, predicate: nil)", ""),
            ("let query = HKStatisticsQuery(quantityType: type, quantitySamplePredicate: nil, options: .cumulativeSum)", ""),
            ("SFSpeechRecognizer.requestAuthorization", ""),
            ("eventStore.requestAccess(to: .event)", "import EventKit"),
            ("eventStore.requestFullAccessToEvents", "import EventKit"),
            ("eventStore.requestFullAccessToReminders", "import EventKit"),
            ("UNUserNotificationCenter.current().getNotificationSettings", "import UserNotifications"),
            ("UNUserNotificationCenter.current().getPendingNotificationRequests", "import UserNotifications"),
            ("database.perform(query, inZoneWith: nil)", "import CloudKit"),
            ("_ = item.loadTransferable(type: Data.self)", "import PhotosUI"),
            ("_ = provider.loadTransferable(type: Data.self)", ""),
        ]
        for (call, imports) in calls {
            let handler = write(call, imports: imports)
            XCTAssertEqual(handler.isolation, .offMain, call)
            XCTAssertEqual(handler.steps.last?.kind, .completionHandler, call)
            XCTAssertEqual(write(call, imports: imports, hop: true).isolation, .mainActor, call)
        }
        // A labeled handler argument of an initializer.
        XCTAssertEqual(
            isolation("final class Health {\n var n = 0\n func load() {\n _ = HKSampleQuery(sampleType: t, predicate: nil, limit: 1, sortDescriptors: nil, resultsHandler: { _, _, _ in self.HERE = 1 })\n }\n}"),
            .offMain)
        // Without the framework's import, with other labels, or a project type or function of
        // the name: not claimed.
        XCTAssertEqual(write("eventStore.requestAccess(to: .event)").isolation, .unknown)
        XCTAssertEqual(write("center.getNotificationSettings").isolation, .unknown)
        XCTAssertEqual(write("database.perform(query, inZoneWith: nil)").isolation, .unknown)
        XCTAssertEqual(write("store.requestAuthorization(for: types)").isolation, .unknown)
        XCTAssertEqual(write("Recognizer.requestAuthorization").isolation, .unknown)
        XCTAssertEqual(write("_ = item.loadTransferable(from: url)").isolation, .unknown)
        XCTAssertEqual(
            write("_ = item.loadTransferable(type: Data.self)",
                imports: "func loadTransferable(type: Any.Type, completionHandler: @escaping (Any, Any) -> Void) {}")
                .isolation,
            .unknown)
        XCTAssertEqual(
            write("let query = HKSampleQuery(sampleType: type, predicate: nil, limit: 10, sortDescriptors: nil)",
                imports: "struct HKSampleQuery { init(sampleType: Int, predicate: Int?, limit: Int, sortDescriptors: [Int]?, resultsHandler: @escaping (Int, Int) -> Void) {} }")
                .isolation,
            .unknown)
    }

    /// Handler properties CloudKit and HealthKit document as called off the main thread, in a
    /// file that imports the framework.
    func testDocumentedHandlerPropertiesRunOffTheMainThread() {
        func write(_ property: String, imports: String) -> ExecutionContext {
            context("\(imports)\nfinal class Sync {\n var records: [Int] = []\n func load(_ operation: Operation) {\n operation.\(property) = { _, _ in self.HERE = [] }\n }\n}")
        }
        let fetched = write("fetchRecordsCompletionBlock", imports: "import CloudKit")
        XCTAssertEqual(fetched.isolation, .offMain)
        XCTAssertEqual(fetched.steps.map(\.kind), [.function, .completionHandler])
        XCTAssertTrue(fetched.steps[1].description.contains("internal queue"))
        XCTAssertEqual(write("modifyRecordsResultBlock", imports: "import CloudKit").isolation, .offMain)
        XCTAssertEqual(write("initialResultsHandler", imports: "import HealthKit").isolation, .offMain)
        XCTAssertEqual(write("statisticsUpdateHandler", imports: "import HealthKit").isolation, .offMain)
        // Without the framework's import, or another property: not claimed.
        XCTAssertEqual(write("fetchRecordsCompletionBlock", imports: "import Foundation").isolation, .unknown)
        XCTAssertEqual(write("completionBlock", imports: "import CloudKit").isolation, .unknown)
    }

    /// SwiftNIO's futures run their callbacks on their event loop's thread; the names are
    /// claimed only in a file that imports NIO or gRPC.
    func testEventLoopFutureCallbacksRunOnTheEventLoop() {
        func write(_ call: String, imports: String) -> ExecutionContext {
            context("\(imports)\nfinal class Store {\n var groups: [Int] = []\n func load() {\n \(call) { result in self.HERE = [] }\n }\n}")
        }
        let always = write("_ = client.getGroups(request).response.always", imports: "import NIO")
        XCTAssertEqual(always.isolation, .offMain)
        XCTAssertTrue(always.steps.last?.description.contains("event loop") == true)
        XCTAssertEqual(write("call.response.whenComplete", imports: "import GRPC").isolation, .offMain)
        XCTAssertEqual(write("future.whenSuccess", imports: "import NIOCore").isolation, .offMain)
        // Without the import, another library's `always` (a promise that calls back on main).
        XCTAssertEqual(write("promise.always", imports: "import Foundation").isolation, .unknown)
    }

    func testAPathMonitorsHandlerRunsOnTheQueueItIsStartedOn() {
        let source = """
            final class Tracker {
                var online = false
                private let monitor = NWPathMonitor()
                private let monitorQueue = DispatchQueue.global(qos: .background)
                init() {
                    monitor.pathUpdateHandler = { [weak self] path in self?.HERE = path.status == .satisfied }
                    monitor.start(queue: monitorQueue)
                }
                func later() { monitorQueue.async { self.online = false } }
            }
            """
        let handler = context(source)
        XCTAssertEqual(handler.isolation, .offMain)
        XCTAssertEqual(handler.steps.map(\.kind), [.function, .dispatch])
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "start(queue: monitorQueue)", with: "start(queue: .main)")), .mainActor)
        // Started elsewhere, or on a queue not known here: not claimed.
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "monitor.start(queue: monitorQueue)", with: "")), .unknown)
        XCTAssertEqual(isolation(source.replacingOccurrences(of: "start(queue: monitorQueue)", with: "start(queue: queue)")), .unknown)
        // A property holding a global queue is off the main thread.
        let later = source.replacingOccurrences(of: "self?.HERE = path", with: "_ = path").replacingOccurrences(of: "self.online = false", with: "self.HERE = false")
        XCTAssertEqual(isolation(later), .offMain)
    }

    func testItemProviderCompletionsRunOffTheMainThread() {
        func write(_ call: String, declarations: String = "") -> Isolation {
            isolation("\(declarations)\nfinal class Drop {\n var urls: [URL] = []\n func take(_ provider: NSItemProvider) {\n _ = \(call) { url, _ in self.HERE = [url] }\n }\n}")
        }
        XCTAssertEqual(write("provider.loadObject(ofClass: URL.self)"), .offMain)
        XCTAssertEqual(write("provider.loadFileRepresentation(forTypeIdentifier: UTType.image.identifier)"), .offMain)
        XCTAssertEqual(write("provider.loadDataRepresentation(for: .png)"), .offMain)
        let step = context("final class Drop {\n func take(_ p: NSItemProvider) {\n _ = p.loadObject(ofClass: URL.self, completionHandler: { url, _ in self.HERE = url })\n }\n}")
        XCTAssertEqual(step.isolation, .offMain)
        XCTAssertEqual(step.steps.last?.kind, .completionHandler)
        XCTAssertTrue(step.steps.last?.description.contains("`loadObject(ofClass:)`") == true)
        // Another first label, or a project function of that name: not claimed.
        XCTAssertEqual(write("store.loadObject(named: \"a\")"), .unknown)
        XCTAssertEqual(
            write("store.loadObject(ofClass: URL.self)", declarations: "func loadObject(ofClass: Any.Type, _ done: @escaping (URL?, Error?) -> Void) {}"),
            .unknown)
    }

    func testCoreDataPerformRunsOnTheContextsQueueWhenItsTypeIsKnown() {
        func write(_ receiver: String, _ method: String = "perform", members: String = "", locals: String = "") -> Isolation {
            isolation("final class Store {\n var count = 0\n \(members)\n func save() {\n \(locals)\n \(receiver).\(method) { self.HERE = 1 }\n }\n}")
        }
        XCTAssertEqual(write("container.newBackgroundContext()"), .offMain)
        XCTAssertEqual(write("context", locals: "let context = container.newBackgroundContext()"), .offMain)
        XCTAssertEqual(write("context", members: "let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)"), .offMain)
        XCTAssertEqual(write("self.context", members: "let context = NSManagedObjectContext(.privateQueue)"), .offMain)
        XCTAssertEqual(write("container.viewContext"), .mainActor)
        XCTAssertEqual(write("context", members: "let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)"), .mainActor)
        XCTAssertEqual(write("container.viewContext", "performAndWait"), .mainActor)
        // `performAndWait` on a private queue may run the closure on the calling thread;
        // a context whose type is not known here stays unknown.
        XCTAssertEqual(write("container.newBackgroundContext()", "performAndWait"), .unknown)
        // In off-main code, `performAndWait` on a context of unknown type may run the block on
        // the main queue: unknown, not the caller's thread.
        XCTAssertEqual(isolation("final class Store {\n var count = 0\n func save() async {\n context.performAndWait { self.HERE = 1 }\n }\n}"), .unknown)
        XCTAssertEqual(isolation("final class Store {\n var count = 0\n func save() async {\n container.newBackgroundContext().performAndWait { self.HERE = 1 }\n }\n}"), .offMain)
        XCTAssertEqual(write("context"), .unknown)
        XCTAssertEqual(write("bg()"), .unknown)
        XCTAssertEqual(write("context", locals: "let context = makeContext()"), .unknown)
        // A context property set again after initialization may hold another context.
        XCTAssertEqual(
            write("context", members: "var context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)\n func reset() { context = container.viewContext }"),
            .unknown)
        let task = context("final class Store {\n var count = 0\n func save() {\n container.performBackgroundTask { context in self.HERE = 1 }\n }\n}")
        XCTAssertEqual(task.isolation, .offMain)
        XCTAssertTrue(task.steps.last?.description.contains("private-queue") == true)
    }

    func testDescriptionCitesEachStepWithItsLine() {
        let index = index("final class Feed {\n var value = 0\n func reload() {\n Task.detached {\n self.HERE = 1\n }\n }\n}")
        let file = index.files[0]
        let token = file.tokens.indices.first { file.text($0) == "HERE" }!
        let text = index.executionContext(at: TokenLocation(file: 0, token: token)).describe(in: index)
        XCTAssertEqual(text.split(separator: "\n").count, 2)
        XCTAssertTrue(text.hasPrefix("Model.swift:3: `reload()` is a member of `Feed`"), text)
        XCTAssertTrue(text.contains("Model.swift:4: in `Task.detached { }`"), text)
    }

    func testTypeIsolation() {
        let index = index("""
            @MainActor class Base {}
            final class Child: Base {}
            final class Plain {}
            nonisolated final class Opted {}
            final class Cell: SomeKitCell {}
            """, mainActorDefault: false)
        XCTAssertEqual(index.isolation(of: index.types["Child"]!).domain, .mainActor)
        XCTAssertEqual(index.isolation(of: index.types["Plain"]!).domain, .nonisolated)
        XCTAssertEqual(index.isolation(of: index.types["Cell"]!).domain, .unknown)
        let defaulted = self.index("final class Plain {}\nnonisolated final class Opted {}", mainActorDefault: true)
        XCTAssertEqual(defaulted.isolation(of: defaulted.types["Plain"]!).domain, .mainActor)
        XCTAssertEqual(defaulted.isolation(of: defaulted.types["Opted"]!).domain, .nonisolated)
    }
}
