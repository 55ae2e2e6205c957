import SwiftUI

extension HabitDetailView: View {
    var body: some View {
        Form {
            Text(model.habit.title)
            if model.isEditing {
                Text(model.notes)
            }
            Button(model.isEditing ? "Done" : "Edit") {
                model.isEditing.toggle()
            }
        }
    }
}
