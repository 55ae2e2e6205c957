import SwiftUI

/// One ingredient with a "got it" checkmark.
struct IngredientRow: View {
    let ingredient: Recipe.Ingredient
    @State var isChecked: Bool // expect: state_initialized_from_parameter

    var body: some View {
        Button {
            isChecked.toggle()
        } label: {
            HStack {
                Image(systemName: isChecked ? "checkmark.circle.fill" : "circle")
                    .foregroundStyle(isChecked ? Color.green : Color.secondary)
                Text(ingredient.name)
                    .strikethrough(isChecked)
                Spacer()
                Text(ingredient.displayQuantity)
                    .foregroundStyle(.secondary)
            }
        }
        .buttonStyle(.plain)
    }
}

#Preview {
    List {
        IngredientRow(ingredient: Recipe.samples[0].ingredients[0], isChecked: false)
        IngredientRow(ingredient: Recipe.samples[0].ingredients[1], isChecked: true)
    }
}
