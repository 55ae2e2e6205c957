import Foundation
import Observation

/// Observation works from any thread, but SwiftUI still expects changes on the main one.
@Observable
final class IntervalTimer { // expect: observable_object_main_actor
    var remaining = 60
    var isRunning = false
    @ObservationIgnored private var startedAt: Date?

    func start() {
        startedAt = .now
        isRunning = true
    }
}

/// Only ignored or constant state: nothing for views to see change.
@Observable
final class TimerFormatter {
    let style = "mm:ss"
    @ObservationIgnored var cache: [Int: String] = [:]
}
