import HealthKit
import SwiftUI

/// Plain stored properties that construct models: every re-render of the parent builds
/// new ones, and the workout in progress is lost.
struct WorkoutView: View {
    let session = WorkoutSession() // expect: observable_created_in_view_property
    private var monitor = HeartRateMonitor() // expect: observable_created_in_view_property
    var planEditor: Training.PlanEditor = .init() // expect: observable_created_in_view_property

    var body: some View {
        VStack {
            Text("\(Int(session.elapsed)) s")
            Text("\(monitor.beatsPerMinute) bpm")
            TextField("Plan", text: Bindable(planEditor).name)
            Button("Lap") { session.lap() }
        }
    }
}
