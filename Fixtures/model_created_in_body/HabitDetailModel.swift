import Foundation
import Observation

@MainActor
@Observable
final class HabitDetailModel {
    let habit: Habit
    var notes = ""
    var isEditing = false

    init(habit: Habit) {
        self.habit = habit
    }
}
