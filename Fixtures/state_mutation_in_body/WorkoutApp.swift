import SwiftUI

@main
struct WorkoutApp: App {
    @StateObject private var session = WorkoutSession()
    @State private var tracker = ScreenTracker()
    @State private var isFinished = false

    var body: some Scene {
        WindowGroup {
            TabView {
                WorkoutView(session: session, isFinished: $isFinished)
                ExerciseEditor(session: session, isFinished: $isFinished)
                SummaryView()
                TotalsView(exercises: session.exercises)
            }
            .environmentObject(session)
            .environment(tracker)
        }
    }
}
