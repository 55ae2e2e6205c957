import ObservationLintCore
import ObservationSyntax
import XCTest

/// The index's project-wide facts `readMemberNames` and `modelHolders`.
final class MemberReadsTests: XCTestCase {
    private func index(_ files: [String: String]) -> ProjectIndex {
        let parsed = files.sorted { $0.key < $1.key }.map { ParsedFile(path: $0.key, bytes: Array($0.value.utf8)) }
        return ProjectIndex(files: parsed)
    }

    private func reads(_ code: String) -> Set<String> {
        index(["A.swift": code]).readMemberNames
    }

    func testMemberAccessesKeyPathsPublishersAndInterpolationsAreReads() {
        let names = reads(
            """
            final class Model {
                func run(other: Other) {
                    print(other.title)
                    let path = \\Other.subtitle
                    let short = [other].map(\\.count)
                    _ = other.$isLoading
                    print("\\(other.summary)")
                }
            }
            """)
        for name in ["title", "subtitle", "count", "isLoading", "summary"] {
            XCTAssertTrue(names.contains(name), name)
        }
    }

    func testWritesDeclarationsAndLabelsAreNotReads() {
        let names = reads(
            """
            final class Model {
                var total = 0
                var log: [String] = []
                var flag = false
                func run(limit: Int) {
                    self.total = 1
                    total += 2
                    log.append("x")
                    self.flag.toggle()
                    configure(limit: 3)
                }
            }
            """)
        for name in ["total", "log", "flag"] {
            XCTAssertFalse(names.contains(name), name)
        }
        // `limit:` is a label and a parameter; nothing reads `limit`.
        XCTAssertFalse(names.contains("limit"))
    }

    func testParametersAndEarlierLocalsHideBareNames() {
        let names = reads(
            """
            final class Model {
                var title = ""
                var items: [Int] = []
                var name = ""
                init(title: String) { self.title = title }
                func run() {
                    let items = [1]
                    print(items)
                    [1].forEach { name in print(name) }
                }
            }
            """)
        XCTAssertFalse(names.contains("title"))
        XCTAssertFalse(names.contains("items"))
        XCTAssertFalse(names.contains("name"))
    }

    func testShadowingBindingsStillReadTheMember() {
        let names = reads(
            """
            final class Model {
                var user: String?
                var token: String?
                var result: [Int] = []
                func run() {
                    guard let user = user else { return }
                    if let token { print(token, user) }
                    let first = result.popLast()
                    print(first as Any)
                }
            }
            """)
        XCTAssertTrue(names.contains("user"))
        XCTAssertTrue(names.contains("token"))
        // `popLast()` returns the element: its value is used.
        XCTAssertTrue(names.contains("result"))
    }

    func testLocalsEndWithTheirScope() {
        let names = reads(
            """
            final class Model {
                var count = 0
                func run(flag: Bool) {
                    if flag { let count = 1; print(count) }
                    print(count)
                }
            }
            """)
        XCTAssertTrue(names.contains("count"))
    }

    func testModelHoldersListViewAndAppProperties() {
        let index = index([
            "Models.swift": """
                final class Store: ObservableObject {}
                protocol Session: ObservableObject {}
                final class Item: ObservableObject {}
                """,
            "Views.swift": """
                struct RootView: View {
                    @StateObject private var store = Store()
                    @ObservedObject var session: any Session
                    let items: [Item]
                    let title: String
                    var body: some View { Text(title) }
                }
                @main struct MyApp: App {
                    @StateObject private var store = Store()
                    var body: some Scene { WindowGroup { RootView(session: fatalError(), items: []) } }
                }
                """,
        ])
        XCTAssertEqual(index.modelHolders["Store"]?.map(\.holder).sorted(), ["MyApp", "RootView"])
        XCTAssertEqual(index.modelHolders["Store"]?.first?.wrapper, "StateObject")
        XCTAssertEqual(index.modelHolders["Session"]?.map(\.property.name), ["session"])
        XCTAssertEqual(index.modelHolders["Item"]?.first?.wrapper, nil)
        XCTAssertNil(index.modelHolders["String"])
    }
}
