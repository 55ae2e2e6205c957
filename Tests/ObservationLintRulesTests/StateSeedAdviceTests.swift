import ObservationLintCore
import ObservationLintRules
import XCTest

/// `state_initialized_from_parameter`'s help says how to mark a seed (a parameter named
/// `initial…`), and following it silences the rule.
final class StateSeedAdviceTests: XCTestCase {
    private let rule: [any Rule] = [StateInitializedFromParameter()]

    func testMemberwiseStateGetsAnInitializerWithASeedParameter() {
        let seeded = "struct Counter: View { @State var count: Int\n var body: some View { Text(\"\\(count)\") } }"
        let help = lint([("Counter.swift", seeded)], rules: rule).map(\.help)
        let initializer = "init(initialCount: Int) { _count = State(initialValue: initialCount) }"
        XCTAssertEqual(help.count, 1)
        XCTAssert(help[0]?.hasSuffix("to seed it once on purpose, say so: `\(initializer)`") == true, "\(help)")

        let written = seeded.replacingOccurrences(of: "@State var count: Int", with: "@State var count: Int\n \(initializer)")
        XCTAssertEqual(lint([("Counter.swift", written)], rules: rule).count, 0)
    }

    func testExplicitInitializerRenamesItsParameter() {
        let seeded = """
            struct Detail: View {
                @State private var shown: Item
                init(item: Item) { _shown = State(initialValue: item) }
                var body: some View { Text(shown.title) }
            }
            """
        let help = lint([("Detail.swift", seeded)], rules: rule).map(\.help)
        XCTAssertEqual(help.count, 1)
        XCTAssert(help[0]?.hasSuffix("rename the argument label `item:` to `initialItem:`") == true, "\(help)")

        // What callers write says it: `Detail(initialItem: item)`.
        let renamed = seeded.replacingOccurrences(of: "init(item: Item) { _shown = State(initialValue: item) }",
                                                  with: "init(initialItem item: Item) { _shown = State(initialValue: item) }")
        XCTAssertEqual(lint([("Detail.swift", renamed)], rules: rule).count, 0)
        // Only the name inside the initializer: callers still write `item:`.
        let inside = seeded.replacingOccurrences(of: "init(item: Item) { _shown = State(initialValue: item) }",
                                                 with: "init(item initialItem: Item) { _shown = State(initialValue: initialItem) }")
        XCTAssertEqual(lint([("Detail.swift", inside)], rules: rule).count, 1)
    }
}
