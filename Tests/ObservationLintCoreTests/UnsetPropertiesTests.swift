import ObservationLintCore
import ObservationSyntax
import XCTest

final class UnsetPropertiesTests: XCTestCase {
    private let thumbnail = """
        final class Expansion: ObservableObject {
            @Published var url: String?
            func expand(_ url: String) { self.url = url }
        }
        struct Thumbnail: View {
            let name: String
            var expansion: Expansion? = nil
            var selection: Expansion?
            var fallback: Expansion? = Expansion()
            var body: some View {
                Text(name).onTapGesture { expansion?.expand(name) }
            }
        }
        """

    private func staysNil(_ property: String, _ caller: String, view: String = "Thumbnail", extra: String = "") -> Bool {
        let source = thumbnail + "\n" + extra + "\n" + caller
        let index = ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))])
        guard let info = index.types[view], let (_, declared) = info.property(named: property) else {
            XCTFail("no \(view).\(property)")
            return false
        }
        return index.staysNil(declared, of: info)
    }

    private let app = """
        @main struct Gallery: App {
            var body: some Scene { WindowGroup { Thumbnail(name: "a") } }
        }
        """

    func testAnOptionalNoSitePassesStaysNil() {
        XCTAssertTrue(staysNil("expansion", app))
        XCTAssertTrue(staysNil("selection", app))
    }

    func testAnOptionalWithAnObjectAsInitialValueDoesNotStayNil() {
        XCTAssertFalse(staysNil("fallback", app))
    }

    func testASitePassingItSetsIt() {
        let passing = """
            @main struct Gallery: App {
                var body: some Scene { WindowGroup { Thumbnail(name: "a", expansion: Expansion()) } }
            }
            """
        XCTAssertFalse(staysNil("expansion", passing))
    }

    func testWithoutAnEntryPointOtherCodeMayBuildTheView() {
        let library = """
            struct Gallery: View {
                var body: some View { Thumbnail(name: "a") }
            }
            """
        XCTAssertFalse(staysNil("expansion", library))
    }

    func testTheViewsOwnAssignmentSetsIt() {
        let view = """
            struct Card: View {
                var expansion: Expansion?
                var body: some View {
                    Text("card").onAppear { expansion = Expansion() }
                }
            }
            @main struct Gallery: App {
                var body: some Scene { WindowGroup { Card() } }
            }
            """
        XCTAssertFalse(staysNil("expansion", view, view: "Card"))
    }

    func testAModifierStyleMethodSetsIt() {
        let view = """
            struct Card: View {
                var expansion: Expansion?
                func expanding(_ expansion: Expansion) -> Self {
                    var copy = self
                    copy.expansion = expansion
                    return copy
                }
                var body: some View { Text("card") }
            }
            @main struct Gallery: App {
                var body: some Scene { WindowGroup { Card().expanding(Expansion()) } }
            }
            """
        XCTAssertFalse(staysNil("expansion", view, view: "Card"))
    }

    func testAStateOthersCanWriteThroughItsBindingIsNotKnownToStayNil() {
        let view = """
            struct Card: View {
                @State var expansion: Expansion? = nil
                var body: some View { Picker(selection: $expansion) }
            }
            @main struct Gallery: App {
                var body: some Scene { WindowGroup { Card() } }
            }
            """
        XCTAssertFalse(staysNil("expansion", view, view: "Card"))
    }

    func testAViewWithItsOwnInitializerMaySetItThere() {
        let view = """
            struct Card: View {
                var expansion: Expansion?
                init(open: Bool) { if open { expansion = Expansion() } }
                var body: some View { Text("card") }
            }
            @main struct Gallery: App {
                var body: some Scene { WindowGroup { Card(open: true) } }
            }
            """
        XCTAssertFalse(staysNil("expansion", view, view: "Card"))
    }
}
