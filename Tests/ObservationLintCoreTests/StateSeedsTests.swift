import ObservationLintCore
import ObservationSyntax
import XCTest

/// `onlySeedsState(of:label:position:)` and `onlySeedsChildState(_:)`: arguments whose value
/// a child view keeps only as the first value of a `@State`.
final class StateSeedsTests: XCTestCase {
    private let views = """
        final class Settings { static let shared = Settings(); var open = false }
        struct Memberwise: View {
            @State var isCollapsed: Bool = true
            let title: String
            @State var content: () -> Text
            var body: some View { content() }
        }
        struct Seeded: View {
            @State private var isOpen: Bool
            init(open: Bool) { _isOpen = State(initialValue: open) }
            var body: some View { Text("") }
        }
        struct AlsoKept: View {
            @State private var isOpen: Bool
            let open: Bool
            init(open: Bool) { _isOpen = State(initialValue: open); self.open = open }
            var body: some View { Text("") }
        }
        struct Parent: View {
            var body: some View {
                Memberwise(isCollapsed: Settings.shared.open, title: "\\(Settings.shared.open)") { Text("\\(Settings.shared.open)") }
                Seeded(open: Settings.shared.open)
                AlsoKept(open: Settings.shared.open)
            }
        }
        """

    func testArgumentsThatOnlySeedAState() {
        let index = ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(views.utf8))])
        XCTAssertTrue(index.onlySeedsState(of: index.types["Memberwise"]!, label: "isCollapsed", position: 0))
        XCTAssertFalse(index.onlySeedsState(of: index.types["Memberwise"]!, label: "title", position: 1))
        XCTAssertTrue(index.onlySeedsState(of: index.types["Seeded"]!, label: "open", position: 0))
        // The parameter also fills a plain property the view shows.
        XCTAssertFalse(index.onlySeedsState(of: index.types["AlsoKept"]!, label: "open", position: 0))
    }

    func testReadsThatOnlySeedAChildState() {
        let index = ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(views.utf8))])
        let file = index.files[0]
        let parent = file.tokens.indices.first { file.text($0) == "Parent" }!
        let reads = file.tokens.indices.filter { $0 > parent && file.text($0) == "Settings" }
        // The seed; the title; inside the content closure (the child calls it in its body);
        // the seed of `Seeded`; `AlsoKept`'s.
        XCTAssertEqual(reads.map { index.onlySeedsChildState(TokenLocation(file: 0, token: $0)) }, [true, false, false, true, false])
    }
}
