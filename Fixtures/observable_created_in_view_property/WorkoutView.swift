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
            Button("Beat") { monitor.record(72) }
        }
    }
}

/// The initializer creates the model: the same loss on every re-render of the parent.
struct LapListView: View {
    let session: WorkoutSession // expect: observable_created_in_view_property
    let title: String

    init(title: String) {
        self.title = title
        self.session = WorkoutSession()
    }

    var body: some View {
        List(session.laps, id: \.self) { lap in
            Text("\(title): \(Int(lap)) s")
        }
        Button("Lap") { session.lap() }
    }
}

/// Handed in by the parent: the parent owns it.
struct LapCountView: View {
    let session: WorkoutSession

    init(session: WorkoutSession) {
        self.session = session
    }

    var body: some View {
        Text("\(session.laps.count) laps")
    }
}
