import ObservationLintCore
import ObservationSyntax
import XCTest

/// `isNeverPresented(_:)`: presentations whose every presenting write lies in code that
/// never runs.
final class NeverPresentedTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))])
    }

    private func site(of view: String, in index: ProjectIndex) -> ViewConstruction {
        let sites = index.viewGraph.constructions(of: view)
        XCTAssertEqual(sites.count, 1, view)
        return sites[0]
    }

    private func source(callingEdit call: String) -> String {
        """
        import SwiftUI
        @Observable final class Router {
            enum Destination: Hashable, Identifiable { case edit; var id: Self { self } }
            var destination: Destination?
            func editTapped() { destination = .edit }
            func close() { destination = nil }
        }
        struct Editor: View {
            @State var title: String
            var body: some View { TextField("Title", text: $title) }
        }
        struct Summary: View {
            @State var title: String
            var body: some View { Text(title) }
        }
        struct Host: View {
            @State private var router = Router()
            @State private var title = ""
            @State private var showsSheet = false
            var body: some View {
                NavigationStack {
                    Button("Close") { \(call) }
                        .navigationDestination(item: $router.destination) { _ in Editor(title: title) }
                        .sheet(isPresented: $showsSheet) { Summary(title: title) }
                }
            }
        }
        @main struct HostApp: App { var body: some Scene { WindowGroup { Host() } } }
        """
    }

    func testADestinationSetOnlyInAMethodNothingCallsIsNeverPresented() {
        let index = index(source(callingEdit: "router.close()"))
        XCTAssertTrue(index.isNeverPresented(site(of: "Editor", in: index)))
    }

    func testADestinationAButtonSetsIsPresented() {
        let index = index(source(callingEdit: "router.editTapped()"))
        XCTAssertFalse(index.isNeverPresented(site(of: "Editor", in: index)))
    }

    func testAFlagNothingSetsIsNeverPresentedUnlessABindingToItIsHandedToAControl() {
        let unset = index(source(callingEdit: "router.close()"))
        XCTAssertTrue(unset.isNeverPresented(site(of: "Summary", in: unset)))
        let toggled = index(
            source(callingEdit: "router.close()").replacingOccurrences(
                of: "Button(\"Close\")", with: "Toggle(\"Show\", isOn: $showsSheet); Button(\"Close\")"))
        XCTAssertFalse(toggled.isNeverPresented(site(of: "Summary", in: toggled)))
    }

    /// A flag the code that makes the view sets records no write of it, and may present.
    func testAFlagSetAsTheViewIsMadeMayBePresented() {
        let memberwise = index(
            source(callingEdit: "router.close()").replacingOccurrences(of: "WindowGroup { Host() }", with: "WindowGroup { Host(showsSheet: true) }")
                .replacingOccurrences(of: "@State private var showsSheet = false", with: "@State var showsSheet = false")
                .replacingOccurrences(of: "@State private var router", with: "@State var router")
                .replacingOccurrences(of: "@State private var title", with: "@State var title"))
        XCTAssertFalse(memberwise.isNeverPresented(site(of: "Summary", in: memberwise)))
        let initialValue = index(
            source(callingEdit: "router.close()").replacingOccurrences(
                of: "@State private var showsSheet = false",
                with: "@State private var showsSheet: Bool\n    init(showsSheet: Bool) { _showsSheet = State(initialValue: showsSheet) }"))
        XCTAssertFalse(initialValue.isNeverPresented(site(of: "Summary", in: initialValue)))
    }

    /// A `@Binding` flag is the caller's state: the caller's code presents.
    func testABindingFlagMayBePresented() {
        let index = index(
            source(callingEdit: "router.close()").replacingOccurrences(
                of: "@State private var showsSheet = false",
                with: "@Binding var showsSheet: Bool"
            ).replacingOccurrences(of: "@State private var", with: "@State var")
                .replacingOccurrences(of: "WindowGroup { Host() }", with: "WindowGroup { Host(showsSheet: .constant(true)) }"))
        XCTAssertFalse(index.isNeverPresented(site(of: "Summary", in: index)))
    }

    /// A presentation that never shows its content never builds it: the host's body running
    /// again (its button writes `title`, which it passes down) re-creates no view there, and
    /// passes no trigger down to it.
    func testAViewNeverPresentedIsNeitherReCreatedNorRenderedAgainByItsHost() {
        let call = "router.close(); title = \"New\""
        let unset = index(source(callingEdit: call))
        let summary = try! XCTUnwrap(unset.types["Summary"])
        XCTAssertTrue(unset.reCreations(of: summary).isEmpty)
        XCTAssertTrue(unset.reRenderTriggers(of: summary).isEmpty)
        // Presented by a toggle, with `title` written by a timer (the sheet covers the button).
        let toggled = index(
            source(callingEdit: call).replacingOccurrences(
                of: "Button(\"Close\")",
                with: "Toggle(\"Show\", isOn: $showsSheet).onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in title = \"Tick\" }; Button(\"Close\")"))
        let shown = try! XCTUnwrap(toggled.types["Summary"])
        XCTAssertEqual(toggled.reCreations(of: shown).map(\.site.viewName), ["Summary"])
        XCTAssertEqual(Set(toggled.reRenderTriggers(of: shown).map(\.property)), ["title"])
    }
}

/// A method only a test calls never runs in the app.
final class NeverPresentedFromTestsTests: XCTestCase {
    func testADestinationSetOnlyInAMethodATestCallsIsNeverPresented() {
        let app = """
            import SwiftUI
            @Observable final class Router {
                enum Destination: Hashable, Identifiable { case edit; var id: Self { self } }
                var destination: Destination?
                func editTapped() { destination = .edit }
            }
            struct Editor: View {
                @State var title: String
                var body: some View { TextField("Title", text: $title) }
            }
            struct Host: View {
                @State private var router = Router()
                @State private var title = ""
                var body: some View {
                    NavigationStack {
                        Button("Rename") { title = "New" }
                            .navigationDestination(item: $router.destination) { _ in Editor(title: title) }
                    }
                }
            }
            @main struct HostApp: App { var body: some Scene { WindowGroup { Host() } } }
            """
        let test = """
            import XCTest
            @testable import Host
            final class RouterTests: XCTestCase {
                func testEdit() { let router = Router(); router.editTapped(); XCTAssertEqual(router.destination, .edit) }
            }
            """
        let index = ProjectIndex(files: [
            ParsedFile(path: "App/App.swift", bytes: Array(app.utf8)),
            ParsedFile(path: "AppTests/RouterTests.swift", bytes: Array(test.utf8)),
        ])
        let sites = index.viewGraph.constructions(of: "Editor")
        XCTAssertEqual(sites.count, 1)
        XCTAssertTrue(sites.allSatisfy { index.isNeverPresented($0) })
    }
}
