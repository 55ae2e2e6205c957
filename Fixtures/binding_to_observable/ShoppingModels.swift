import Foundation
import Observation

/// A shopping list being edited.
@MainActor
@Observable
final class GroceryList: Identifiable {
    let id = UUID()
    var name = ""
    var items: [String] = []
    var isShared = false
}

/// Checkout state for the current basket.
@MainActor
@Observable
final class Checkout {
    var coupon = ""
    var total = 0.0
}

/// A store location the user can pick.
@MainActor
@Observable
final class StoreLocation: Identifiable {
    let id = UUID()
    var name: String

    init(name: String) {
        self.name = name
    }
}

/// A value: bindings to it are how a child edits the parent's copy.
struct GroceryFilter {
    var query = ""
    var onlyUnchecked = false
}
