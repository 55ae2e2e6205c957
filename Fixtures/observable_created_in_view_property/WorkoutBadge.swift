import Observation
import SwiftUI

/// A badge's colors, fixed when it is made: re-creating it loses nothing.
@MainActor
@Observable
final class BadgePalette {
    let accent: String
    @ObservationIgnored private var cache: [String: String] = [:]

    init(accent: String) {
        self.accent = accent
    }
}

/// Its `days` changes after `init`: a fresh one starts over.
@MainActor
@Observable
final class StreakGoal {
    private(set) var days = 7

    func raise() {
        days += 1
    }
}

struct WorkoutBadge: View {
    let palette = BadgePalette(accent: "green")
    let goal = StreakGoal() // expect: observable_created_in_view_property

    var body: some View {
        Text("\(goal.days) days").foregroundStyle(palette.accent == "green" ? .green : .primary)
            .onTapGesture { goal.raise() }
    }
}

/// Its goal is a parameter of the memberwise initializer that every caller passes: the
/// default `StreakGoal()` is never evaluated when the screen re-creates the row.
struct StreakRow: View {
    var goal = StreakGoal()

    var body: some View {
        Button("\(goal.days) days") { goal.raise() }
    }
}

/// `fresh()` builds a new goal on every call, like `StreakGoal()`; `kept()` returns the one
/// it keeps.
enum StreakGoals {
    static let shared = StreakGoal()

    static func fresh() -> StreakGoal {
        let goal = StreakGoal()
        goal.raise()
        return goal
    }

    static func kept() -> StreakGoal {
        shared
    }
}

struct StreakBadges: View {
    let goal = StreakGoals.fresh() // expect: observable_created_in_view_property
    let sharedGoal = StreakGoals.kept()

    var body: some View {
        Text("\(goal.days) of \(sharedGoal.days)")
            .onTapGesture {
                goal.raise()
                sharedGoal.raise()
            }
    }
}
