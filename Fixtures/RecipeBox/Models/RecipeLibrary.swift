import Combine
import Foundation

/// All recipes, favourites and search history. Injected with `.environmentObject`.
@MainActor
final class RecipeLibrary: ObservableObject {
    enum SortOrder: String, CaseIterable, Identifiable {
        case title = "Title"
        case quickest = "Quickest"
        case easiest = "Easiest"

        var id: Self { self }
    }

    @Published private(set) var recipes: [Recipe] = []
    @Published var sortOrder: SortOrder = .title
    @Published var favorites: Set<Recipe.ID> = []

    /// Last queries, newest first; offered as search suggestions.
    var recentSearches: [String] = [] // expect: missing_published

    /// When the catalogue was last fetched. Only set in `refresh()`, next to `recipes`.
    var lastRefreshed: Date?

    /// Parses pasted recipes. Injected so tests can pass a stub.
    let importer: RecipeImporter // expect: nested_observable_object

    init(importer: RecipeImporter? = nil) {
        self.importer = importer ?? RecipeImporter()
    }

    var sortedRecipes: [Recipe] {
        switch sortOrder {
        case .title:
            recipes.sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
        case .quickest:
            recipes.sorted { $0.minutes < $1.minutes }
        case .easiest:
            recipes.sorted { $0.difficulty.rawValue < $1.difficulty.rawValue }
        }
    }

    func refresh() async {
        try? await Task.sleep(for: .milliseconds(250))
        recipes = recipes.isEmpty ? Recipe.samples : recipes
        lastRefreshed = .now
    }

    func recordSearch(_ query: String) {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return }
        recentSearches.removeAll { $0 == trimmed }
        recentSearches.insert(trimmed, at: 0)
        if recentSearches.count > 8 {
            recentSearches.removeLast()
        }
    }

    func toggleFavorite(_ recipe: Recipe) {
        if favorites.contains(recipe.id) {
            favorites.remove(recipe.id)
        } else {
            favorites.insert(recipe.id)
        }
    }

    func save(_ recipe: Recipe) {
        if let index = recipes.firstIndex(where: { $0.id == recipe.id }) {
            recipes[index] = recipe
        } else {
            recipes.append(recipe)
        }
    }

    func importRecipes(from text: String) async {
        let imported = await importer.parse(text)
        recipes.append(contentsOf: imported)
    }
}
