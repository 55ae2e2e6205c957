import Combine
import Foundation

@MainActor
final class ReminderModel: ObservableObject {
    let habit: Habit
    @Published var time = Date.now

    init(habit: Habit) {
        self.habit = habit
    }
}
