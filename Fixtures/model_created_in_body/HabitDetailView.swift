import SwiftUI

/// The `View` conformance is in HabitDetailView+View.swift.
struct HabitDetailView {
    let model: HabitDetailModel
}

struct HabitDetailView_Previews: PreviewProvider {
    static var previews: some View {
        HabitDetailView(model: HabitDetailModel(habit: .sample))
    }
}
