import Foundation

/// The watch's workout commands run the models' methods: their state changes after they
/// reach the views.
@MainActor
final class WorkoutCommands: NSObject {
    let monitor = HeartRateMonitor()
    let plan = Training.PlanEditor()
    let goal = StreakGoal()

    @objc func handle(_ command: String, beats: Int) {
        switch command {
        case "record": monitor.record(beats)
        case "extend": plan.extend()
        default: goal.raise()
        }
    }
}
