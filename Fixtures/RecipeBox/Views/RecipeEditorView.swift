import SwiftUI

/// Edits a copy of a recipe. `draft` is seeded from `original` in `init`, and re-synced in
/// `.onChange(of: original)` if the library hands in a newer version while the sheet is up.
struct RecipeEditorView: View {
    let original: Recipe
    let onSave: (Recipe) -> Void
    @State private var draft: Recipe
    @State private var newStep = ""
    @Environment(\.dismiss) private var dismiss

    init(original: Recipe, onSave: @escaping (Recipe) -> Void) {
        self.original = original
        self.onSave = onSave
        _draft = State(initialValue: original)
    }

    private var canSave: Bool {
        !draft.title.trimmingCharacters(in: .whitespaces).isEmpty && draft != original
    }

    var body: some View {
        NavigationStack {
            Form {
                Section("Recipe") {
                    TextField("Title", text: $draft.title)
                    TextField("Summary", text: $draft.summary, axis: .vertical)
                        .lineLimit(2...5)
                    Stepper("Serves \(draft.servings)", value: $draft.servings, in: 1...24)
                    Stepper("\(draft.minutes) minutes", value: $draft.minutes, in: 5...600, step: 5)
                    Picker("Difficulty", selection: $draft.difficulty) {
                        ForEach(Recipe.Difficulty.allCases) { difficulty in
                            Text(difficulty.label).tag(difficulty)
                        }
                    }
                }
                Section("Steps") {
                    ForEach(draft.steps.indices, id: \.self) { index in
                        TextField("Step \(index + 1)", text: $draft.steps[index], axis: .vertical)
                    }
                    .onDelete { draft.steps.remove(atOffsets: $0) }
                    TextField("Add a step", text: $newStep)
                        .onSubmit {
                            guard !newStep.isEmpty else { return }
                            draft.steps.append(newStep)
                            newStep = ""
                        }
                }
            }
            .navigationTitle(original.title.isEmpty ? "New Recipe" : "Edit Recipe")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") {
                        onSave(draft)
                        dismiss()
                    }
                    .disabled(!canSave)
                }
            }
            .onChange(of: original) { _, newValue in
                draft = newValue
            }
        }
    }
}

/// Toolbar button that presents the editor for one recipe.
struct EditRecipeButton: View {
    let recipe: Recipe
    @EnvironmentObject private var library: RecipeLibrary // expect: unread_observed_object
    @State private var isEditing = false

    var body: some View {
        Button("Edit") { isEditing = true }
            .sheet(isPresented: $isEditing) {
                RecipeEditorView(original: recipe) { library.save($0) }
            }
    }
}

#Preview {
    RecipeEditorView(original: Recipe.samples[1]) { print("saved \($0.title)") }
}
