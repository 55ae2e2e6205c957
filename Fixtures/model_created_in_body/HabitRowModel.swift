import Combine
import Foundation

@MainActor
final class HabitRowModel: ObservableObject {
    let habit: Habit
    @Published var isExpanded = false
    @Published private(set) var streak = 0

    init(habit: Habit) {
        self.habit = habit
    }

    func recompute() {
        streak = habit.completions.count
    }
}
