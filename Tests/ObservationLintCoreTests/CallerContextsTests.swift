import ObservationLintCore
import ObservationSyntax
import XCTest

/// `ProjectIndex.runContexts(at:)`: code that runs where its function's caller runs takes
/// its project callers' contexts, each call a step.
final class CallerContextsTests: XCTestCase {
    private func index(_ source: String, nonsendingDefault: Bool = false) -> ProjectIndex {
        ProjectIndex(
            files: [ParsedFile(path: "Model.swift", bytes: Array(source.utf8))], nonisolatedNonsendingByDefault: nonsendingDefault)
    }

    /// The run contexts of the first `HERE` token.
    private func contexts(_ source: String, nonsendingDefault: Bool = false) -> [ExecutionContext] {
        let index = index(source, nonsendingDefault: nonsendingDefault)
        let file = index.files[0]
        let token = file.tokens.indices.first { file.text($0) == "HERE" }!
        return index.runContexts(at: TokenLocation(file: 0, token: token))
    }

    private let toasts = """
        final class Toasts {
            static let shared = Toasts()
            var items: [String] = []
            func show(_ text: String) { HERE.append(text) }
        }
        enum Network {
            static func check() -> Bool {
                Toasts.shared.show("offline")
                return false
            }
        }
        """

    func testASynchronousMethodTakesItsCallersContextsThroughOtherTypes() {
        let chain = contexts(toasts + "\nfunc load() async { _ = Network.check() }")
        XCTAssertEqual(chain.map(\.isolation), [.offMain])
        XCTAssertEqual(chain[0].steps.map(\.kind), [.function, .call, .call], "the async global, then each call back to the write")
        XCTAssertTrue(chain[0].steps[1].description.hasPrefix("calls `check()`"))
        XCTAssertTrue(chain[0].steps[2].description.hasPrefix("calls `show()`"))
        XCTAssertEqual(contexts(toasts + "\n@MainActor func load() async { _ = Network.check() }").map(\.isolation), [.mainActor])
        // No caller, or callers whose context is not known: nothing is claimed.
        XCTAssertEqual(contexts(toasts).count, 0)
        XCTAssertEqual(contexts(toasts + "\nfunc poll() { _ = Network.check() }").count, 0)
    }

    /// Many main-actor callers do not hide a caller off the main thread.
    func testACallerOffTheMainThreadCountsAfterManyOnTheMainThread() {
        let calls = (0..<12).map { "    @MainActor func tap\($0)() { Toasts.shared.show(\"\($0)\") }" }.joined(separator: "\n")
        let chain = contexts(toasts + "\nenum Buttons {\n\(calls)\n}\nfunc load() async { _ = Network.check() }")
        XCTAssertEqual(chain.filter { $0.isolation == .mainActor }.count, 8, "at most eight of each isolation")
        XCTAssertEqual(chain.filter { $0.isolation == .offMain }.count, 1)
    }

    /// A method registered as a `NotificationCenter` observer with a selector runs where the
    /// notification is posted: off the main thread for one Apple documents so.
    func testASelectorObserverRunsWhereItsNotificationIsPosted() {
        let source = """
            final class Player {
                var index = 0
                func play(_ item: AVPlayerItem) {
                    NotificationCenter.default.addObserver(self, selector: #selector(self.advance), name: .AVPlayerItemDidPlayToEndTime, object: item)
                }
                @objc func advance() { HERE += 1 }
            }
            """
        let observed = contexts(source)
        XCTAssertEqual(observed.map(\.isolation), [.offMain])
        XCTAssertEqual(observed.first?.steps.map(\.kind), [.notification])
        XCTAssertTrue(observed.first?.steps[0].description.hasPrefix("registers `advance()` as an observer of `.AVPlayerItemDidPlayToEndTime`") == true)
        XCTAssertEqual(contexts(source.replacingOccurrences(of: ".AVPlayerItemDidPlayToEndTime", with: ".refreshed")).count, 0)
        for selector in ["#selector(advance)", "#selector(Player.advance)", "#selector(advance(_:))"] {
            let other = source.replacingOccurrences(of: "#selector(self.advance)", with: selector)
            XCTAssertEqual(contexts(other).map(\.isolation), [.offMain], selector)
        }
    }

    /// In a whole program, a method nothing runs gives the functions it calls no context.
    func testACallInAMethodThatNeverRunsGivesNoContext() {
        let source = "@main struct NewsApp: App { var body: some Scene { WindowGroup { NewsView() } } }\n" + toasts + """

            final class Sync {
                func pull() async { _ = Network.check() }
            }
            struct NewsView: View {
                let sync = Sync()
                var body: some View { Text("").task { await sync.pull() } }
            }
            """
        XCTAssertEqual(contexts(source).map(\.isolation), [.offMain])
        XCTAssertEqual(contexts(source.replacingOccurrences(of: "await sync.pull()", with: "")).count, 0)
    }

    /// Where the callee checks `Thread.isMainThread`, its guarded code runs on the main thread
    /// whatever thread its callers run on.
    func testAMainThreadCheckDecidesOverTheCallersContext() {
        let source = toasts.replacingOccurrences(
            of: "func show(_ text: String) { HERE.append(text) }",
            with: "func show(_ text: String) { if Thread.isMainThread { HERE.append(text) } else { DispatchQueue.main.async { self.show(text) } } }")
            + "\nfunc load() async { _ = Network.check() }"
        let chain = contexts(source)
        XCTAssertEqual(chain.map(\.isolation), [.mainActor])
        XCTAssertEqual(chain.first?.steps.map(\.kind), [.function, .mainThreadCheck])
    }

    func testALoopVariableIsTypedByItsSequencesElements() {
        let source = """
            class Document {
                var title = ""
                var url = "" { didSet { HERE = url } }
            }
            final class Note: Document {}
            final class Workspace {
                var documents: [Note] = []
                var names: [String] = []
                func rename(to url: String) async {
                    await Task.yield()
                    let open = documents.filter { !$0.title.isEmpty }
                    for document in open.sorted(by: { $0.title < $1.title }) { document.url = url }
                    for name in names { _ = name }
                }
            }
            """
        let chain = contexts(source)
        XCTAssertEqual(chain.map(\.isolation), [.offMain])
        XCTAssertEqual(chain.first?.steps.map(\.kind), [.function, .afterAwait, .call])
        // The loop's sequence is not known: nothing is claimed.
        let unknown = source.replacingOccurrences(of: "let open = documents.filter", with: "let open = load().filter")
        XCTAssertEqual(contexts(unknown).count, 0)
        let otherType = source.replacingOccurrences(of: "var documents: [Note]", with: "var documents: [Sheet]")
            + "\nfinal class Sheet { var title = \"\"; var url = \"\" }"
        XCTAssertEqual(contexts(otherType).count, 0)
        let filtered = source.replacingOccurrences(
            of: "for document in open.sorted(by: { $0.title < $1.title })", with: "for document in self.documents where document.title.isEmpty")
        XCTAssertEqual(contexts(filtered).map(\.isolation), [.offMain])
    }

    func testCallsThroughAReferenceCountOnlyOnTheMethodsType() {
        let source = """
            final class Library {
                var books: [String] = []
                func add(_ title: String) { HERE.append(title) }
            }
            final class Shelf { func add(_ title: String) {} }
            final class Importer {
                let library: Library
                let shelf: Shelf
                init(library: Library, shelf: Shelf) { self.library = library; self.shelf = shelf }
                func run() { Task.detached { SHELF } }
            }
            """
        XCTAssertEqual(contexts(source.replacingOccurrences(of: "SHELF", with: "self.shelf.add(\"a\")")).count, 0)
        let detached = contexts(source.replacingOccurrences(of: "SHELF", with: "self.library.add(\"a\")"))
        XCTAssertEqual(detached.map(\.isolation), [.offMain])
        XCTAssertEqual(detached[0].steps.map(\.kind), [.function, .detachedTask, .call])
    }

    func testCodeThatDecidesWhereItRunsKeepsItsOwnContext() {
        let source = "final class Feed {\n var n = 0\n func reload() { Task.detached { self.HERE = 1 } }\n}\nfunc go(_ f: Feed) { f.reload() }"
        let own = contexts(source)
        XCTAssertEqual(own.map(\.isolation), [.offMain])
        XCTAssertFalse(own[0].steps.contains { $0.kind == .call })
    }

    /// A delegate method a framework calls on its queue, then a main-actor helper it calls,
    /// then the main-actor method that writes: each synchronous call runs on that queue.
    func testUnawaitedCallsAreFollowedThroughAMainActorHelper() {
        let source = """
            @MainActor final class Auth {
                var ok = false
                func update(_ value: Bool) { HERE = value }
            }
            @MainActor final class Link: NSObject {
                let auth = Auth()
            }
            extension Link: WCSessionDelegate {
                func session(_ session: WCSession, didReceiveMessage message: [String: Any]) { handle(message) }
            }
            private extension Link {
                func handle(_ message: [String: Any]) { auth.update(true) }
            }
            """
        let chain = contexts(source)
        XCTAssertEqual(chain.map(\.isolation), [.mainActor, .offMain])
        XCTAssertEqual(chain[1].steps.map(\.kind), [.function, .call, .call])
        XCTAssertTrue(chain[1].steps[1].description.hasPrefix("calls `handle()` without `await`"))
        // Awaited, or marked `@preconcurrency`: on the main actor only.
        XCTAssertEqual(contexts(source.replacingOccurrences(of: ": WCSessionDelegate", with: ": @preconcurrency WCSessionDelegate")).map(\.isolation), [.mainActor])
    }

    /// A synchronous method of a type whose isolation is not known (it inherits another
    /// module's protocol) runs on its caller's thread when called without `await`, whatever
    /// its isolation: here a `Task { }` made in a global queue's block, which inherits no
    /// actor (SE-0420) and runs on the global executor.
    func testAMethodOfUnknownIsolationCalledWithoutAwaitRunsOnItsCallersThread() {
        let source = """
            final class Alarm: NSObject, UNUserNotificationCenterDelegate {
                var running = false
                func start() { HERE = true }
            }
            final class Poller {
                let timer = Alarm()
                func poll() {
                    DispatchQueue.global().async {
                        CALL
                    }
                }
            }
            """
        let chain = contexts(source.replacingOccurrences(of: "CALL", with: "Task { self.timer.start() }"))
        XCTAssertEqual(chain.map(\.isolation), [.offMain])
        XCTAssertEqual(chain[0].steps.map(\.kind), [.function, .dispatch, .task, .call])
        XCTAssertTrue(chain[0].steps[3].description.hasSuffix("so it runs off the main thread here"))
        // Its own context stays unknown; on the main actor, or awaited (a hop if it is
        // isolated), nothing is claimed.
        for call in [
            "Task { @MainActor in self.timer.start() }", "DispatchQueue.main.async { Task { self.timer.start() } }",
            "Task { await self.timer.start() }",
        ] {
            XCTAssertEqual(contexts(source.replacingOccurrences(of: "CALL", with: call)).count, 0, call)
        }
    }

    /// `await Window.shared\n.open()`: the statement's `await` covers the calls on the lines
    /// that continue its member chain.
    func testAnAwaitCoversTheContinuationLinesOfItsMemberChain() {
        let source = """
            @MainActor final class Banner: ObservableObject {
                @Published var text = ""
                static let shared = Banner()
                func open() -> Banner { HERE = ""; return self }
            }
            actor Runner {
                func run() async {
                    await Banner.shared
                        .open()
                }
            }
            """
        XCTAssertEqual(contexts(source).map(\.isolation), [.mainActor])
        XCTAssertEqual(contexts(source.replacingOccurrences(of: "await Banner.shared\n", with: "_ = Banner.shared\n")).map(\.isolation), [.mainActor, .offMain])
    }

    func testAMainActorMethodCalledWithoutAwaitRunsOnItsCallersThread() {
        let view = """
            import SwiftUI
            struct DropTarget: View {
                @State private var count = 0
                var body: some View {
                    Text("Drop").onDrop(of: [.fileURL], isTargeted: nil) { providers in
                        for provider in providers {
                            _ = provider.loadObject(ofClass: URL.self) { url, _ in if let url { check(url) } }
                        }
                        return true
                    }
                }
                func check(_ url: URL) { HERE = 1 }
            }
            """
        let chain = contexts(view)
        XCTAssertEqual(chain.map(\.isolation), [.mainActor, .offMain], "its own isolation, then the call from the completion handler")
        XCTAssertEqual(chain[1].steps.map(\.kind), [.function, .action, .completionHandler, .call])
        XCTAssertTrue(chain[1].steps[3].description.hasPrefix("calls `check()` without `await`"))
        // A call that awaits hops to the main actor; one on the main queue runs there.
        let hops = """
            @MainActor final class Drops {
                var count = 0
                func check() { HERE = 1 }
                func later() { Task.detached { await self.check() } }
                func soon() { DispatchQueue.main.async { self.check() } }
                func child() { Task.detached { async let done: Void = self.check(); await done } }
                func wrapped() { Task.detached { let _: Void = await\n self.check() } }
            }
            """
        XCTAssertEqual(contexts(hops).map(\.isolation), [.mainActor])
        // Code in a closure of the method decides where it runs itself.
        let inClosure = "@MainActor final class Drops {\n var count = 0\n func check() { DispatchQueue.main.async { self.HERE = 1 } }\n"
            + " func take(_ p: NSItemProvider) { _ = p.loadObject(ofClass: URL.self) { _, _ in self.check() } }\n}"
        XCTAssertEqual(contexts(inClosure).map(\.isolation), [.mainActor])
    }

    func testANonsendingFunctionResumesOnItsCallersActor() {
        let source = """
            final class Reader {
                var title = ""
                func refresh() async { HERE = await Backend.title() }
                func refreshInBackground() { Task.detached { await self.refresh() } }
            }
            """
        let chain = contexts(source, nonsendingDefault: true)
        XCTAssertEqual(chain.map(\.isolation), [.offMain])
        XCTAssertEqual(chain[0].steps.map(\.kind), [.function, .detachedTask, .afterAwait, .call, .afterAwait])
        XCTAssertEqual(chain[0].steps.last?.isolation, .offMain)
        // The call step names the callee as what it is: async, running where its caller runs.
        XCTAssertEqual(
            chain[0].steps[3].description,
            "calls `refresh()`, which is a `nonisolated(nonsending)` `async` function: it runs where its caller runs, so it runs off the main thread here")
    }

    func testAnObjectTheCallerKeepsToItselfIsNoWitness() {
        let source = """
            final class Library {
                var items: [String] = []
                func load() { HERE = [] }
            }
            enum Opener {
                static func openAlone() {
                    let library = Library()
                    DispatchQueue.global().async { library.load() }
                }
                static func openShown(in window: Window) {
                    let library = Library()
                    window.show(library)
                    DispatchQueue.global().async { library.load() }
                }
            }
            """
        // The first object stays local: no view can observe it. The second is handed on.
        let found = contexts(source)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].steps.contains { $0.description.contains("calls `load()`") })
        let file = index(source).files[0]
        XCTAssertEqual(found.first.map { file.source.location(of: file.tokens[$0.steps.last!.site.token].range.lowerBound).line }, 13)
    }

    func testTestsAreNoCallersOfTheApp() {
        let model = """
            final class Plugins {
                var items: [String] = []
                var names: [String] = [] { didSet { HERE = names } }
                func unload() { items = [] }
            }
            """
        let test = """
            final class PluginTests {
                func testUnload() async {
                    let plugins = Plugins()
                    plugins.unload()
                    plugins.names = []
                }
            }
            """
        let index = ProjectIndex(files: [
            ParsedFile(path: "Sources/Plugins.swift", bytes: Array(model.utf8)),
            ParsedFile(path: "Tests/PluginTests.swift", bytes: Array(test.utf8)),
        ])
        let file = index.files[0]
        let here = file.tokens.indices.first { file.text($0) == "HERE" }!
        let unload = file.tokens.indices.first { file.text($0) == "items" && file.text($0 + 1) == "=" }!
        // A test's calls and writes run the app's code in the test, off the main thread here,
        // but never where the app runs it.
        XCTAssertEqual(index.runContexts(at: TokenLocation(file: 0, token: here)).count, 0)
        XCTAssertEqual(index.runContexts(at: TokenLocation(file: 0, token: unload)).count, 0)
    }

    func testRecursionAndDepthAreBounded() {
        let source = """
            final class Walker {
                var n = 0
                func step() { HERE += 1; step() }
                func a() { step() }
                func b() { a() }
                func c() { b() }
                func start() { Task.detached { self.c() } }
            }
            """
        XCTAssertEqual(contexts(source).count, 0, "four calls back is past the bound")
        XCTAssertEqual(contexts(source.replacingOccurrences(of: "self.c()", with: "self.b()")).map(\.isolation), [.offMain])
    }

    func testAPropertyObserverRunsWhereThePropertyIsSet() {
        let source = """
            class Editor {
                var title = ""
                var url: String = "" { didSet { HERE = url } }
            }
            final class Files {
                var editors: [Editor] = []
                func rename(_ editor: Editor, to name: String) async {
                    await Disk.move(name)
                    WRITE
                }
            }
            """
        let chain = contexts(source.replacingOccurrences(of: "WRITE", with: "editor.url = name"))
        XCTAssertEqual(chain.map(\.isolation), [.offMain])
        XCTAssertEqual(chain[0].steps.map(\.kind), [.function, .afterAwait, .call])
        XCTAssertTrue(chain[0].steps[2].description.hasPrefix("sets `url`, whose `didSet`"))
        // A local of the same name, a read, or a write from the main actor: nothing off main.
        XCTAssertEqual(contexts(source.replacingOccurrences(of: "WRITE", with: "var url = name; url = name")).count, 0)
        XCTAssertEqual(contexts(source.replacingOccurrences(of: "WRITE", with: "_ = editor.url == name")).count, 0)
        let main = contexts(source.replacingOccurrences(of: "func rename", with: "@MainActor func rename")
            .replacingOccurrences(of: "WRITE", with: "editor.url = name"))
        XCTAssertEqual(main.map(\.isolation), [.mainActor])
    }

    func testAStoredPropertyInitializedFromAStaticMemberHasItsType() {
        let index = index("final class Store { static let shared = Store() }\nstruct Screen { var store = Store.shared }")
        let screen = index.types["Screen"]!
        let property = screen.property(named: "store")!.property
        XCTAssertEqual(index.declaredShape(of: property, in: index.files[0], scope: "Screen")?.directName, "Store")
    }
    func testAnAwaitedCallIsTheAsyncOverloadsAndAPlainCallTheSynchronousOnes() {
        let store = """
            final class Store {
                var server = ""
                func connect(to url: String) { HERE = url }
                @MainActor private func connect(to id: Int) async {}
            }
            """
        // `await self.connect(…)` calls the `async` overload: the synchronous one has no caller.
        XCTAssertEqual(contexts(store + "\nfunc load(_ s: Store) async { await s.connect(to: 1) }").count, 0)
        XCTAssertEqual(contexts(store + "\nfunc load(_ s: Store) async { s.connect(to: \"a\") }").map(\.isolation), [.offMain])
        // Without an `async` overload, an awaited call of the name still reaches the function.
        let single = store.replacingOccurrences(of: "@MainActor private func connect(to id: Int) async {}", with: "")
        XCTAssertEqual(contexts(single + "\nfunc load(_ s: Store) async { await s.connect(to: \"a\") }").map(\.isolation), [.offMain])
    }
}
