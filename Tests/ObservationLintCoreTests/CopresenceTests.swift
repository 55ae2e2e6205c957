import Foundation
import ObservationLintCore
import ObservationSyntax
import XCTest

/// `startingViews(of:)`, `canBeShownTogether(_:_:)`, `canRun(_:whileShowingAnyInstanceOf:writing:)`
/// and `runsOnlyFromCode(of:_:)`: which views' code starts a write, and which views can be on
/// screen together.
final class CopresenceTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))])
    }

    /// The token of the `occurrence`-th assignment to `name` (`name = …`), not its declaration.
    private func write(to name: String, in index: ProjectIndex, occurrence: Int = 0) -> TokenLocation {
        let file = index.files[0]
        let tokens = file.tokens.indices.filter {
            file.text($0) == name && file.isAssignmentOperator($0 + 1) && !file.at($0 - 1, "var")
        }
        XCTAssertGreaterThan(tokens.count, occurrence, name)
        return TokenLocation(file: 0, token: occurrence < tokens.count ? tokens[occurrence] : 0)
    }

    /// A session whose sign-in is started only by the sign-in screen, which the root shows in
    /// the other branch than the signed-in tree; a refresh started by a profile screen of the
    /// signed-in tree; a reset a model's initializer starts.
    private let app = """
        final class Session: ObservableObject {
            static let shared = Session()
            @Published var user: String?
            @Published var theme = ""
            init() { Task { await self.restore() } }
            func signIn(_ name: String) async {
                try? await Task.sleep(nanoseconds: 1)
                await MainActor.run { self.user = name }
            }
            func refresh() async {
                try? await Task.sleep(nanoseconds: 1)
                await MainActor.run { self.user = "again" }
            }
            func pickTheme(_ name: String) { theme = name }
            func restore() async { theme = "restored" }
        }
        final class SignInModel: ObservableObject {
            @Published var isBusy = false
            func submit() async { await Session.shared.signIn("ann") }
        }
        struct Root: View {
            @ObservedObject private var session = Session.shared
            var body: some View {
                if session.user != nil { Home() } else { SignInScreen() }
            }
        }
        struct SignInScreen: View {
            @StateObject private var model = SignInModel()
            var body: some View {
                Button("Sign in") { Task { await model.submit() } }
                Button("Dark") { Session.shared.pickTheme("dark") }
            }
        }
        struct Home: View {
            var body: some View { NavigationStack { Badge().sheet(isPresented: .constant(false)) { Profile() } } }
        }
        struct Badge: View {
            var body: some View { Text(Session.shared.user ?? "") }
        }
        struct Profile: View {
            var body: some View { Button("Reload") { Task { await Session.shared.refresh() } } }
        }
        @main struct SessionApp: App {
            var body: some Scene { WindowGroup { Root() } }
        }
        """

    func testStartingViewsFollowCallsThroughModelsToTheViewsThatStartThem() {
        let index = index(app)
        XCTAssertEqual(index.startingViews(of: write(to: "user", in: index))?.views, ["SignInScreen": true])
        XCTAssertEqual(index.startingViews(of: write(to: "user", in: index, occurrence: 1))?.views, ["Profile": true])
        // Synchronous all the way from the button.
        XCTAssertEqual(index.startingViews(of: write(to: "theme", in: index))?.views, ["SignInScreen": false])
        // Started by a model's initializer: not known to start in a view.
        XCTAssertNil(index.startingViews(of: write(to: "theme", in: index, occurrence: 1)))
    }

    /// A call of an SDK type's method through a property declared of that type
    /// (`context.save()` on `let context: ModelContext`) is no call of a project method of
    /// the same name; one through a property of a generic parameter may be.
    func testACallThroughAPropertyOfAForeignTypeStartsNothing() {
        let source = """
            @main struct NotesApp: App { var body: some Scene { WindowGroup { Editor() } } }
            final class Draft: ObservableObject {
                @Published var saved = false
                func save() { saved = true }
            }
            final class Repository {
                private let context: ModelContext
                init(context: ModelContext) { self.context = context }
                func commit() { try? context.save() }
            }
            final class Cache<Store: AnyObject> {
                let store: Store
                init(store: Store) { self.store = store }
                func flush() { store.save() }
            }
            struct Editor: View {
                @StateObject private var draft = Draft()
                let cache = Cache(store: Draft())
                var body: some View {
                    Button("Save") { draft.save() }
                        .onAppear { Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in cache.flush() } }
                }
            }
            """
        let withGeneric = index(source)
        XCTAssertEqual(withGeneric.startingViews(of: write(to: "saved", in: withGeneric))?.views, nil)
        let withoutGeneric = index(source.replacingOccurrences(of: "func flush() { store.save() }", with: "func flush() {}"))
        XCTAssertEqual(withoutGeneric.startingViews(of: write(to: "saved", in: withoutGeneric))?.views, ["Editor": false])
    }

    /// The sign-in screen's "Dark" action replaced by `action`.
    private func app(withDarkAction action: String) -> String {
        let original = #"Button("Dark") { Session.shared.pickTheme("dark") }"#
        XCTAssertTrue(app.contains(original))
        return app.replacingOccurrences(of: original, with: action)
    }

    func testAViewsOwnSuspensionsAndTheCallbacksItRegistersCount() {
        // The view's own `await` comes first: the sign-in may have moved the root to `Home`.
        var index = index(app(withDarkAction: #"Button("Dark") { Task { await Session.shared.signIn("a"); Session.shared.pickTheme("dark") } }"#))
        XCTAssertEqual(index.startingViews(of: write(to: "theme", in: index))?.views, ["SignInScreen": true])
        XCTAssertTrue(index.canRun(write(to: "theme", in: index), whileShowingAnyInstanceOf: "Badge", writing: "theme"))
        // A completion handler inside the screen's action runs after the action has returned.
        index = self.index(app(withDarkAction: #"Button("Dark") { Session.shared.load { _ in Session.shared.pickTheme("dark") } }"#))
        XCTAssertEqual(index.startingViews(of: write(to: "theme", in: index))?.views, ["SignInScreen": true])
        // The action itself, inside the screen's content, runs while it is shown.
        index = self.index(app(withDarkAction: #"VStack { Button("Dark") { Session.shared.pickTheme("dark") } }"#))
        XCTAssertEqual(index.startingViews(of: write(to: "theme", in: index))?.views, ["SignInScreen": false])
        // A repeating timer and an observer the screen registers fire after it has gone.
        for registration in [
            #"Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { _ in Session.shared.pickTheme("dark") }"#,
            #"NotificationCenter.default.addObserver(forName: .init("x"), object: nil, queue: .main) { _ in Session.shared.pickTheme("dark") }"#,
        ] {
            index = self.index(app(withDarkAction: #"Text("…").onAppear { \#(registration) }"#))
            XCTAssertNil(index.startingViews(of: write(to: "theme", in: index)), registration)
            XCTAssertTrue(index.canRun(write(to: "theme", in: index), whileShowingAnyInstanceOf: "Badge", writing: "theme"), registration)
        }
    }

    /// Each step of a chain of model methods calls the one below from several places (8⁶
    /// paths here): the memoized walk still finds the one view that starts them all. (Its
    /// cost is the benchmark's to measure, not a test's.)
    func testAChainCalledFromManyPlacesStartsInOneView() {
        let levels = 6
        let methods = (1...levels).map { level in
            "func step\(level)() { " + String(repeating: "step\(level - 1)(); ", count: 8) + "}"
        }
        let index = index(
            """
            final class Chain: ObservableObject {
                static let shared = Chain()
                @Published var count = 0
                func step0() { count = 1 }
                \(methods.joined(separator: "\n    "))
            }
            struct Start: View {
                var body: some View { Button("Go") { Chain.shared.step\(levels)() } }
            }
            @main struct ChainApp: App {
                var body: some Scene { WindowGroup { Start() } }
            }
            """)
        XCTAssertEqual(index.startingViews(of: write(to: "count", in: index))?.views, ["Start": false])
    }

    /// `merge()` reaches `write()` directly and through six more steps: the call in
    /// `start()`, found two steps up the short way, lies eight steps up the long way, past
    /// where the walk follows, so the answer found the short way is not reused there.
    func testAnAnswerFoundShallowIsNotReusedPastTheDepthLimit() {
        let chain = (1...6).map { level in "func c\(level)() { \(level == 1 ? "write" : "c\(level - 1)")() }" }
        let index = index(
            """
            final class Chain: ObservableObject {
                static let shared = Chain()
                @Published var count = 0
                func write() { count = 1 }
                func merge() { write(); c6() }
                \(chain.joined(separator: "\n    "))
                func start() { merge() }
            }
            struct Start: View {
                var body: some View { Button("Go") { Chain.shared.start() } }
            }
            @main struct ChainApp: App {
                var body: some Scene { WindowGroup { Start() } }
            }
            """)
        XCTAssertNil(index.startingViews(of: write(to: "count", in: index)))
    }

    func testViewsInOtherBranchesOfAViewShownOnceAreNeverShownTogether() {
        let index = index(app)
        XCTAssertFalse(index.canBeShownTogether("SignInScreen", "Badge"))
        XCTAssertFalse(index.canBeShownTogether("Profile", "SignInScreen"))
        XCTAssertTrue(index.canBeShownTogether("Profile", "Badge"))
        XCTAssertTrue(index.canBeShownTogether("Home", "Badge"))
    }

    func testAWriteOnlyViewsNeverShownWithTheReaderStartCannotRunWhileItIsShown() {
        let index = index(app)
        // The sign-in suspends on the way, and `Root` tests `user` around `Home`: the write
        // moves the root into the reader's branch.
        XCTAssertFalse(index.canRun(write(to: "user", in: index), whileShowingAnyInstanceOf: "Badge", writing: "user"))
        // The refresh comes from a view shown with the badge.
        XCTAssertTrue(index.canRun(write(to: "user", in: index, occurrence: 1), whileShowingAnyInstanceOf: "Badge", writing: "user"))
        // Synchronous from the other branch: whatever it writes.
        XCTAssertFalse(index.canRun(write(to: "theme", in: index), whileShowingAnyInstanceOf: "Badge", writing: "theme"))
        // Unknown start: it can.
        XCTAssertTrue(index.canRun(write(to: "theme", in: index, occurrence: 1), whileShowingAnyInstanceOf: "Badge", writing: "theme"))
    }

    func testAFlowThatSuspendsCountsWhenTheBranchDoesNotTestTheField() {
        let index = index(
            """
            final class Launch: ObservableObject {
                static let shared = Launch()
                @Published var isReady = false
                var config = ""
                func start() async {
                    await MainActor.run { self.isReady = true }
                    try? await Task.sleep(nanoseconds: 1)
                    await MainActor.run { self.config = "loaded" }
                }
            }
            struct Root: View {
                @ObservedObject private var launch = Launch.shared
                var body: some View {
                    if launch.isReady { Main() } else { Splash() }
                }
            }
            struct Splash: View {
                var body: some View { Text("…").task { await Launch.shared.start() } }
            }
            struct Main: View {
                var body: some View { Text(Launch.shared.config) }
            }
            @main struct LaunchApp: App {
                var body: some Scene { WindowGroup { Root() } }
            }
            """)
        // `isReady` flips to `Main` before `config` is written: the write runs while it is shown.
        XCTAssertFalse(index.canBeShownTogether("Splash", "Main"))
        XCTAssertTrue(index.canRun(write(to: "config", in: index), whileShowingAnyInstanceOf: "Main", writing: "config"))
    }

    func testViewsARepeatedContainerBuildsInOtherBranchesCanBeShownTogether() {
        let index = index(
            """
            struct Row: View {
                let isEditing: Bool
                var body: some View { if isEditing { Editor() } else { Viewer() } }
            }
            struct Editor: View { var body: some View { Text("e") } }
            struct Viewer: View { var body: some View { Text("v") } }
            struct ListScreen: View {
                var body: some View { List { ForEach([true, false], id: \\.self) { Row(isEditing: $0) } } }
            }
            @main struct RowsApp: App {
                var body: some Scene { WindowGroup { ListScreen() } }
            }
            """)
        XCTAssertTrue(index.canBeShownTogether("Editor", "Viewer"))
    }

    func testCodeStartedOnlyByAViewsOwnActionsRunsOnlyFromItsCode() {
        let index = index(
            """
            final class Client {
                static let shared = Client()
                func save(_ name: String) async { await MainActor.run { Account.shared.name = name } }
            }
            final class Account: ObservableObject {
                static let shared = Account()
                @Published var name = ""
                func rename(_ new: String) { name = new }
            }
            struct Editor: View {
                @State var draft: String
                var body: some View { Button("Save") { Task { await performSave() } } }
                private func performSave() async { await Client.shared.save(draft) }
            }
            struct Other: View {
                var body: some View { Button("Rename") { Account.shared.rename("b") } }
            }
            @main struct EditApp: App {
                var body: some Scene { WindowGroup { Editor(draft: Account.shared.name); Other() } }
            }
            """)
        XCTAssertTrue(index.runsOnlyFromCode(of: "Editor", write(to: "name", in: index)))
        XCTAssertFalse(index.runsOnlyFromCode(of: "Editor", write(to: "name", in: index, occurrence: 1)))
        XCTAssertFalse(index.runsOnlyFromCode(of: "Other", write(to: "name", in: index)))
    }
}
