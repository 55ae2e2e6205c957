import Combine
import Foundation

/// All habits, and a cache of row models so that rows keep their state across updates.
@MainActor
final class HabitStore: ObservableObject {
    @Published private(set) var habits: [Habit] = [Habit.sample]

    private var rowModels: [Habit.ID: HabitRowModel] = [:]

    /// Returns the same model for a habit every time: safe to call from `body`.
    func rowModel(for habit: Habit) -> HabitRowModel {
        if let model = rowModels[habit.id] { return model }
        let model = HabitRowModel(habit: habit)
        rowModels[habit.id] = model
        return model
    }

    func add(_ habit: Habit) {
        habits.append(habit)
    }

    /// Pulls the habits edited on other devices every minute while the list is alive: the
    /// write runs after an `await`, whatever the list is covered by.
    func syncForever() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(60))
            habits = await fetchRemoteHabits()
        }
    }

    private func fetchRemoteHabits() async -> [Habit] { habits }
}
