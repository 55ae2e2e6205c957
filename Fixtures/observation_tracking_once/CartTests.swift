import Observation
import XCTest

/// Tests observe exactly one change on purpose.
@MainActor
final class CartTests: XCTestCase {
    func testAddingAnItemNotifies() {
        let cart = Cart()
        let changed = expectation(description: "changed")
        withObservationTracking {
            _ = cart.items
        } onChange: {
            changed.fulfill()
        }
        cart.items.append("Milk")
        wait(for: [changed], timeout: 1)
    }
}
