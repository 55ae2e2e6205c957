import SwiftUI

/// An app holding no state evaluates its body once: its scene root is built once, and the
/// session with it.
struct WorkoutWatchApp: App {
    var body: some Scene {
        WindowGroup {
            WorkoutLauncher()
        }
    }
}

struct WorkoutLauncher: View {
    let session = WorkoutSession()

    var body: some View {
        Text(session.isRunning ? "Running" : "Ready")
    }
}

/// Screens the app shows through navigation this scenario leaves out: named here, each may
/// be shown (a view no code names never renders).
let navigationScreens: [any View.Type] = [
    WorkoutBadge.self, WorkoutSummaryView.self, LapListView.self, WorkoutScreen.self, PinnedWorkoutScreen.self, WorkoutControls.self, LapCountView.self,
]
