import Combine
import Foundation
import Observation

/// A running workout: timer state and laps.
@MainActor
@Observable
final class WorkoutSession {
    var elapsed: TimeInterval = 0
    var laps: [TimeInterval] = []
    var isRunning = false

    func lap() {
        laps.append(elapsed)
    }
}

/// Heart-rate samples, published for Combine-era views.
@MainActor
final class HeartRateMonitor: ObservableObject {
    @Published var beatsPerMinute = 0
    @Published var samples: [Int] = []

    func record(_ beats: Int) {
        beatsPerMinute = beats
        samples.append(beats)
    }
}

enum Training {
    /// A training plan being edited.
    @MainActor
    @Observable
    final class PlanEditor {
        var name = ""
        var weeks = 4

        func extend() { weeks += 1 }
    }
}

/// A plain value: nothing to lose when re-created.
struct PaceFormatter {
    var usesMiles = false

    func format(_ seconds: TimeInterval) -> String {
        "\(Int(seconds)) s"
    }
}

/// A plain class, neither observable nor an ObservableObject.
final class WorkoutLogWriter {
    func append(_ line: String) {}
}
