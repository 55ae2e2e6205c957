import SwiftUI

/// The right ways to own or receive a model: no diagnostic.
struct WorkoutControls: View {
    @State private var session = WorkoutSession()
    @StateObject private var monitor = HeartRateMonitor()
    let plan: Training.PlanEditor
    static let preview = WorkoutSession()

    var body: some View {
        VStack {
            Text(plan.name)
            Text("\(monitor.beatsPerMinute) bpm, \(monitor.samples.count) samples")
            Toggle("Running", isOn: $session.isRunning)
        }
    }
}

/// Not a view: a plain class may create its models.
@MainActor
final class WorkoutCoordinator {
    let session = WorkoutSession()
    let monitor = HeartRateMonitor()
}
