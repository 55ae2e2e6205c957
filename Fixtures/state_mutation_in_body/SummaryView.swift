import SwiftUI

struct SummaryView: View {
    @Environment(ScreenTracker.self) private var tracker
    @EnvironmentObject private var session: WorkoutSession
    @State private var total = 0

    var body: some View {
        VStack {
            header
            Text("\(total) reps")
            let _ = { self.total = session.exercises.reduce(0) { $0 + $1.reps } }() // expect: state_mutation_in_body
        }
    }

    @ViewBuilder
    private var header: some View {
        let _ = tracker.visited.insert("summary") // expect: state_mutation_in_body
        Text("Visited \(tracker.visited.count) screens")
    }
}
