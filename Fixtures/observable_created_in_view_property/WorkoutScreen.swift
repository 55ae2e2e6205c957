import SwiftUI

/// Runs its body again each time the selected sport changes, re-creating the views below.
struct WorkoutScreen: View {
    @State private var sport = "Run"
    @State private var streak = StreakGoal()
    @State private var notes = WorkoutNote()

    var body: some View {
        VStack {
            Picker("Sport", selection: $sport) {
                Text("Run").tag("Run")
                Text("Ride").tag("Ride")
            }
            Text(sport)
            WorkoutView()
            LapListView(title: sport)
            WorkoutSummaryView()
            WorkoutBadge()
            StreakBadges()
            StreakRow(goal: streak)
            WorkoutNotesView(shared: notes)
            WorkoutMoodView()
            WorkoutNoteCopier(targets: [notes])
        }
    }
}

/// Built only by a parent whose body never runs again: one session.
struct PinnedWorkout: View {
    let session = WorkoutSession()

    var body: some View {
        Button("Lap \(session.laps.count)") { session.lap() }
    }
}

struct PinnedWorkoutScreen: View {
    let title: String

    var body: some View {
        Text(title)
        PinnedWorkout()
    }
}
