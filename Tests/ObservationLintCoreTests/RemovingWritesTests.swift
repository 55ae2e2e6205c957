import ObservationLintCore
import ObservationSyntax
import XCTest

/// `ProjectIndex.writeRemovesEveryInstance(of:_:ofFieldOf:)`: a write that makes an ancestor
/// observing the object leave the branch that holds a view, several levels up, removes it.
final class RemovingWritesTests: XCTestCase {
    private static let source = """
        final class Session: ObservableObject {
            static let shared = Session()
            @Published var user: String? = nil
            func signOut() { user = nil }
            func rename() { user = "guest" }
        }
        extension View {
            func routed() -> some View { modifier(Router()) }
        }
        struct Router: ViewModifier {
            @State private var showsInbox = false
            func body(content: Content) -> some View {
                content.sheet(isPresented: $showsInbox) { Inbox() }
            }
        }
        struct Shell: View {
            @ObservedObject private var session = Session.shared
            var body: some View {
                if let user = session.user {
                    Home()
                } else {
                    SignIn()
                }
            }
        }
        struct Home: View {
            var body: some View { NavigationStack { Feed().routed() } }
        }
        struct Feed: View {
            var body: some View { Text(Session.shared.user ?? "") }
        }
        struct Inbox: View {
            var body: some View { Text(Session.shared.user ?? "") }
        }
        struct SignIn: View {
            var body: some View { Text("Sign in") }
        }
        """

    private func removes(_ view: String, writeIn method: String, source: String = source) -> Bool {
        let file = ParsedFile(path: "App.swift", bytes: Array(source.utf8))
        let index = ProjectIndex(files: [file], defaultIsolationIsMainActor: false)
        let function = (0..<file.tokens.count).first { file.text($0) == method && file.text($0 - 1) == "func" }!
        let write = (function..<file.tokens.count).first { file.text($0) == "user" }!
        return index.writeRemovesEveryInstance(of: view, TokenLocation(file: 0, token: write), ofFieldOf: index.types["Session"]!)
    }

    func testANilWriteThatLeavesAnObservingAncestorsBranchRemovesTheViewsBelowIt() {
        // `Feed` is built by `Home`, which `Shell` builds only while `session.user` is not nil.
        XCTAssertTrue(removes("Feed", writeIn: "signOut"))
        // `Inbox` is presented by a modifier a `View` extension applies in `Home`.
        XCTAssertTrue(removes("Inbox", writeIn: "signOut"))
        // A comparison with `nil` selects the branch as `if let` does.
        let compared = Self.source.replacingOccurrences(of: "if let user = session.user", with: "if session.user != nil")
        XCTAssertTrue(removes("Feed", writeIn: "signOut", source: compared))
    }

    func testAWriteThatKeepsTheBranchOrAnUnobservedAncestorRemovesNothing() {
        // Another user keeps the branch: the view stays, showing what it read.
        XCTAssertFalse(removes("Feed", writeIn: "rename"))
        // An ancestor that does not observe the object does not build its body again.
        let plain = Self.source.replacingOccurrences(of: "@ObservedObject private var session", with: "private let session")
        XCTAssertFalse(removes("Feed", writeIn: "signOut", source: plain))
        // A way to the view outside the branch (an app's scene builds `Feed` too) keeps it.
        let scene = Self.source + "\n@main struct FeedApp: App { var body: some Scene { WindowGroup { Feed() } } }\n"
        XCTAssertFalse(removes("Feed", writeIn: "signOut", source: scene))
        XCTAssertTrue(removes("Inbox", writeIn: "signOut", source: scene))
        // A call of the extension method outside the branch keeps the presented view.
        let unbranched = Self.source.replacingOccurrences(of: "Text(\"Sign in\")", with: "Text(\"Sign in\").routed()")
        XCTAssertFalse(removes("Inbox", writeIn: "signOut", source: unbranched))
    }
}
