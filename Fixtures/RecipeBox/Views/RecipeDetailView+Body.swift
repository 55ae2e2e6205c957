import SwiftUI

extension RecipeDetailView: View {
    var body: some View {
        List {
            Section {
                if !recipe.summary.isEmpty {
                    Text(recipe.summary)
                }
                LabeledContent("Time", value: "\(recipe.minutes) min")
                LabeledContent("Difficulty", value: recipe.difficulty.label)
                Stepper("Serves \(servings)", value: $servings, in: 1...24)
            }
            Section("Ingredients") {
                ForEach(recipe.ingredients) { ingredient in
                    IngredientRow(ingredient: ingredient.scaled(by: scale), isChecked: cart.contains(ingredient))
                }
                Button("Add All to Shopping List") {
                    cart.add(recipe.ingredients, scale: scale)
                }
            }
            Section("Steps") {
                ForEach(Array(recipe.steps.enumerated()), id: \.offset) { index, step in
                    Text("\(index + 1). \(step)")
                }
            }
        }
        .navigationTitle(recipe.title)
        .toolbar {
            Button {
                library.toggleFavorite(recipe)
            } label: {
                Image(systemName: library.favorites.contains(recipe.id) ? "heart.fill" : "heart")
            }
            EditRecipeButton(recipe: recipe)
            NavigationLink {
                CookingModeView(session: CookingSession(recipe: recipe)) // expect: model_created_in_body
            } label: {
                Label("Cook", systemImage: "flame")
            }
            Button {
                isShowingTimers = true
            } label: {
                Label("Timers", systemImage: "timer")
            }
        }
        .sheet(isPresented: $isShowingTimers) {
            TimersView()
                .environment(KitchenTimers()) // expect: environment_object_created_inline
        }
    }
}

#Preview {
    NavigationStack {
        RecipeDetailView(recipe: Recipe.samples[0], servings: 4)
    }
    .environmentObject(CartStore())
    .environmentObject(RecipeLibrary())
}
