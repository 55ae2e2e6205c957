import ObservationLintCore
import ObservationSyntax
import XCTest

/// `ProjectIndex.neverRunsInApp(file:)`: test code the app never runs, and the writes it
/// makes, which change nothing a view shows.
final class TestCodeTests: XCTestCase {
    private let model = """
        final class User: ObservableObject {
            var firstName = ""
            func rename(_ name: String) { firstName = name }
        }
        struct UserRow: View {
            let user: User
            var body: some View { Button(user.firstName) { user.rename("A") } }
        }
        """

    private func index(_ files: [(String, String)]) -> ProjectIndex {
        ProjectIndex(files: files.map { ParsedFile(path: $0.0, bytes: Array($0.1.utf8)) }, defaultIsolationIsMainActor: false)
    }

    private func writeFiles(_ index: ProjectIndex) -> [String] {
        index.changes(of: index.types["User"]!).writes(of: "firstName").map { index.files[$0.site.file].path }
    }

    func testAFileImportingATestFrameworkNeverRunsInTheApp() {
        let index = index([
            ("App/Models/User.swift", model),
            ("App/API/UpdateUserTests.swift", "import XCTest\n@testable import App\nfinal class UpdateUserTests: XCTestCase {\n    func testRename() { let user = User(); user.firstName = \"B\" }\n}"),
            ("App/API/RenameTests.swift", "import Testing\n@Test func rename() { let user = User(); user.firstName = \"C\" }"),
            ("AppTests/UserTests.swift", "func check() { let user = User(); user.firstName = \"D\" }\nfinal class Probe { var hits = 0\n func hit() { hits += 1 } }"),
            ("App/API/Updater.swift", "func update(_ user: User) { user.firstName = \"E\" }"),
        ])
        XCTAssertEqual((0..<5).map { index.neverRunsInApp(file: $0) }, [false, true, true, true, false])
        // The tests' writes are no changes; the app's own are.
        XCTAssertEqual(writeFiles(index), ["App/Models/User.swift", "App/API/Updater.swift"])
        // A type the tests declare is changed by the tests.
        XCTAssertEqual(index.changes(of: index.types["Probe"]!).writes(of: "hits").count, 1)
    }
}
