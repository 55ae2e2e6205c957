import SwiftUI

struct HabitFacts {
    var name = ""
    var streak = 0
}

/// Holds only its input: the sheet hands `$model.facts` to a list that reads it and never
/// writes it, so a model built again on each render loses nothing.
@MainActor
final class HabitFactsModel: ObservableObject {
    @Published var facts: HabitFacts

    init(facts: HabitFacts) {
        self.facts = facts
    }
}

struct HabitFactsSheet: View {
    @ObservedObject var model: HabitFactsModel

    var body: some View {
        HabitFactsList(facts: $model.facts)
    }
}

struct HabitFactsList: View {
    @Binding var facts: HabitFacts

    var body: some View {
        Text(facts.name)
        Text("\(facts.streak) days")
    }
}

struct HabitFactsButton: View {
    let facts: HabitFacts
    @State private var showsFacts = false

    var body: some View {
        Button(showsFacts ? "Hide facts" : "Show facts") { showsFacts.toggle() }
            .sheet(isPresented: $showsFacts) {
                HabitFactsSheet(model: HabitFactsModel(facts: facts))
            }
    }
}
