@testable import ObservationLintCore
import ObservationSyntax
import XCTest

/// An index's facts must not keep the index alive: the engine builds one index a project and
/// drops it once its rules ran, so a reference cycle would keep every project's tables in
/// memory until the end of the run.
final class IndexLifetimeTests: XCTestCase {
    static let source = """
        import SwiftUI
        final class Store: ObservableObject {
            @Published var items: [String] = []
            var count = 0
            func load() { count += 1; items.append("x") }
        }
        struct Root: View {
            @StateObject private var store = Store()
            var body: some View { List(store.items, id: \\.self) { Text($0) }.environmentObject(store) }
        }
        struct Detail: View {
            @EnvironmentObject var store: Store
            var body: some View { Text("\\(store.count)") }
        }
        """

    func testAnIndexIsFreedAfterItsChangeIsolationAndEnvironmentFactsWereAsked() throws {
        weak var released: ProjectIndex?
        do {
            let index = ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(Self.source.utf8))])
            let store = try XCTUnwrap(index.types["Store"])
            let writes = index.changes(of: store).writes(of: "count")
            XCTAssertFalse(writes.isEmpty)
            XCTAssertFalse(writes[0].context(in: index).steps.isEmpty)
            _ = index.uninjectedPath(to: "Detail", providers: index.environmentInjections)
            released = index
        }
        XCTAssertNil(released)
    }

    /// A command-line run leaves what `lint` built to the process's exit: what it keeps
    /// stays alive after the last reference to it is gone.
    func testWhatIsLeftToExitStaysAlive() {
        weak var kept: ParsedFile?
        do {
            let file = ParsedFile(path: "App.swift", bytes: Array(Self.source.utf8))
            LeftToExit.keep([file])
            kept = file
        }
        XCTAssertNotNil(kept)
    }
}
