import Foundation
import Observation

/// Mirrors the cart's size into the app icon badge — for the first change only.
@MainActor
final class CartBadgeUpdater {
    private let cart: Cart
    private(set) var badge = 0

    init(cart: Cart) {
        self.cart = cart
        observe()
    }

    private func observe() {
        withObservationTracking { // expect: observation_tracking_once
            _ = cart.items.count
        } onChange: { [weak self] in
            // Runs in `willSet`: this still sees the old items.
            print("cart now has \(self?.cart.items.count ?? 0) items")
        }
    }
}
