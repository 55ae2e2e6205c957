import SwiftUI

/// Observes its row model; the model is owned by whoever creates it.
struct HabitRow: View {
    @ObservedObject var model: HabitRowModel

    var body: some View {
        VStack(alignment: .leading) {
            HStack {
                Text(model.habit.title)
                Spacer()
                Text("\(model.streak) days")
            }
            if model.isExpanded {
                Text("Tap to collapse")
                    .font(.caption)
            }
        }
        .onTapGesture {
            model.isExpanded.toggle()
            model.recompute()
        }
    }
}

#Preview {
    HabitRow(model: HabitRowModel(habit: .sample))
}
