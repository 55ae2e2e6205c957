import Combine
import Foundation

struct CartItem: Identifiable, Hashable {
    let id: UUID
    var name: String
    var quantity: Double
    var unit: Recipe.Ingredient.Unit
    var isBought = false
}

/// The shopping list. An ObservableObject through `BaseStore`.
final class CartStore: BaseStore {
    @Published var items: [CartItem] = []

    /// Used by CartView to scroll to the newest item. Only changes together with `items`.
    var lastAddedID: CartItem.ID?

    var couponCode: String? // expect: missing_published

    var discountLabel: String {
        guard let couponCode else { return "No coupon applied" }
        return "Coupon \(couponCode): 10% off"
    }

    func contains(_ ingredient: Recipe.Ingredient) -> Bool {
        items.contains { $0.name.caseInsensitiveCompare(ingredient.name) == .orderedSame }
    }

    func add(_ ingredients: [Recipe.Ingredient], scale: Double) {
        for ingredient in ingredients.map({ $0.scaled(by: scale) }) {
            if let index = items.firstIndex(where: { $0.name == ingredient.name && $0.unit == ingredient.unit }) {
                items[index].quantity += ingredient.quantity
            } else {
                items.append(
                    CartItem(id: ingredient.id, name: ingredient.name, quantity: ingredient.quantity, unit: ingredient.unit)
                )
            }
        }
        lastAddedID = items.last?.id
    }

    func apply(coupon code: String) {
        let normalized = code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        couponCode = normalized.isEmpty ? nil : normalized
    }

    func clear() {
        items.removeAll()
        lastAddedID = nil
        couponCode = nil
    }

    func sync() async {
        await run {
            try await Task.sleep(for: .milliseconds(300))
        }
    }
}
