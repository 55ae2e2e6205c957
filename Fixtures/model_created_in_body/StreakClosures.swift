import SwiftUI

// A view calls the closure its callers store in it: a method reference that builds a new
// model on every call, or one that returns the object the factory keeps.
struct StreakCounter: View {
    let makeModel: (Int) -> StreakModel
    let sharedModel: () -> StreakModel
    @State private var refreshes = 0

    var body: some View {
        VStack {
            Button("Refresh \(refreshes)") { refreshes += 1 }
            StreakBadge(model: makeModel(refreshes)) // expect: model_created_in_body
            StreakBadge(model: sharedModel())
        }
    }
}

struct StreakCounterHost: View {
    let factory: StreakFactory

    var body: some View {
        StreakCounter(makeModel: { start in factory.makeStreakModel(start: start) }, sharedModel: factory.sharedStreakModel)
    }
}
