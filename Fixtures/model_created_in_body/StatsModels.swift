import Combine
import Foundation
import Observation

@MainActor
final class StatsModel: ObservableObject {
    let habits: [Habit]
    @Published var range = 7

    init(habits: [Habit]) {
        self.habits = habits
    }

    var total: Int { habits.reduce(0) { $0 + $1.completions.count } }
}

@MainActor
@Observable
final class ChartModel {
    let points: [Int]
    var highlighted: Int?

    init(points: [Int]) {
        self.points = points
    }
}

/// Holds only constants: creating one per update loses nothing.
@MainActor
final class BadgeFormatter: ObservableObject {
    let suffix = " ✓"

    func format(_ count: Int) -> String { "\(count)\(suffix)" }
}
