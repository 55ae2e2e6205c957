import SwiftUI

/// Detail screen of a recipe. The `View` conformance and `body` are in
/// RecipeDetailView+Body.swift.
struct RecipeDetailView {
    let recipe: Recipe

    @EnvironmentObject var cart: CartStore
    @EnvironmentObject var library: RecipeLibrary

    /// How many people the user is cooking for.
    @State
    // Seeded by the list from the recipe's own yield.
    var servings: Int // expect: state_initialized_from_parameter

    @State private var isShowingTimers = false

    var scale: Double {
        Double(servings) / Double(max(recipe.servings, 1))
    }
}
