import ObservationLintCore
import ObservationLintRules
import XCTest

/// `state_initialized_from_outside` says the view goes on *showing* the old value only when
/// its body shows the state; a state only its actions use is kept and used.
final class StateOutsideMessageTests: XCTestCase {
    private let rule: [any Rule] = [StateInitializedFromOutside()]

    private func message(child: String) -> String? {
        let parent = """
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Child(count: count)
                    Button("Add") { count += 1 }
                }
            }
            """
        let found = lint([("Child.swift", child), ("Screen.swift", parent)], rules: rule)
        XCTAssertEqual(found.count, 1)
        return found.first?.message
    }

    func testShownStateGoesOnShowingTheOldValue() {
        let shown = message(child: "struct Child: View {\n @State var count: Int\n var body: some View { Text(\"\\(count)\") }\n}")
        XCTAssert(shown?.hasSuffix("so the view goes on showing the old one") == true, shown ?? "")
    }

    func testStateUsedOnlyInAnActionKeepsBeingUsed() {
        let used = message(child: "struct Child: View {\n @State var count: Int\n var body: some View { Button(\"Log\") { print(count) } }\n}")
        XCTAssert(used?.hasSuffix("so the view keeps using the old one") == true, used ?? "")
    }
}
