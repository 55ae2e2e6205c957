import SwiftUI

struct RecipeListView: View {
    @EnvironmentObject private var library: RecipeLibrary
    @State private var searchText = ""
    @State private var path: [Recipe.ID] = []
    @State private var editingRecipe: Recipe?
    @State private var isCreating = false

    private var visibleRecipes: [Recipe] {
        guard !searchText.isEmpty else { return library.sortedRecipes }
        return library.sortedRecipes.filter {
            $0.title.localizedCaseInsensitiveContains(searchText)
                || $0.ingredients.contains { $0.name.localizedCaseInsensitiveContains(searchText) }
        }
    }

    var body: some View {
        NavigationStack(path: $path) {
            List {
                if library.importer.isRunning {
                    Section {
                        ProgressView(value: library.importer.progress) {
                            Text("Importing… \(Int(library.importer.progress * 100))%")
                        }
                    }
                }
                ForEach(visibleRecipes) { recipe in
                    NavigationLink(value: recipe.id) {
                        RecipeRow(recipe: recipe, isFavorite: library.favorites.contains(recipe.id))
                    }
                    .swipeActions {
                        Button("Edit") { editingRecipe = recipe }
                            .tint(.orange)
                    }
                }
            }
            .overlay {
                if visibleRecipes.isEmpty, !searchText.isEmpty {
                    ContentUnavailableView.search(text: searchText)
                }
            }
            .navigationTitle("Recipes")
            .navigationDestination(for: Recipe.ID.self) { id in
                if let recipe = library.recipes.first(where: { $0.id == id }) {
                    RecipeDetailView(recipe: recipe, servings: recipe.servings)
                }
            }
            .searchable(text: $searchText, prompt: "Recipes or ingredients")
            .searchSuggestions {
                ForEach(library.recentSearches, id: \.self) { query in
                    Text(query)
                        .searchCompletion(query)
                }
            }
            .onSubmit(of: .search) {
                library.recordSearch(searchText)
            }
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Menu {
                        Picker("Sort", selection: $library.sortOrder) {
                            ForEach(RecipeLibrary.SortOrder.allCases) { order in
                                Text(order.rawValue).tag(order)
                            }
                        }
                        Button("Import Sample Recipes") {
                            Task { await library.importRecipes(from: RecipeImporter.example) }
                        }
                        Button("New Recipe") { isCreating = true }
                    } label: {
                        Label("More", systemImage: "ellipsis.circle")
                    }
                }
            }
            .safeAreaInset(edge: .bottom) {
                ImportStatusBanner()
                if let date = library.lastRefreshed {
                    Text("Updated \(date.formatted(.relative(presentation: .named)))")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
            .sheet(item: $editingRecipe) { recipe in
                RecipeEditorView(original: recipe) { library.save($0) }
            }
            .sheet(isPresented: $isCreating) {
                RecipeEditorView(original: .blank) { library.save($0) }
            }
            .task {
                await library.refresh()
            }
            .refreshable {
                await library.refresh()
            }
        }
    }
}

struct RecipeRow: View {
    let recipe: Recipe
    let isFavorite: Bool

    var body: some View {
        HStack {
            VStack(alignment: .leading, spacing: 2) {
                Text(recipe.title)
                    .font(.headline)
                Text("\(recipe.minutes) min · \(recipe.difficulty.label)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            if isFavorite {
                Image(systemName: "heart.fill")
                    .foregroundStyle(.pink)
            }
        }
    }
}

#Preview {
    RecipeListView()
        .environmentObject(RecipeLibrary())
        .environmentObject(CartStore())
}
