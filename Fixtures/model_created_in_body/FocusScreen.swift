import Combine
import SwiftUI

/// Mirrors the store's `habits`, which `@Published` replays to each new subscriber: a new
/// mirror starts with the same value, so building one per update loses nothing.
@MainActor
final class HabitsMirror: ObservableObject {
    @Published var habits: [Habit] = []
    private var cancellables = Set<AnyCancellable>()

    init(store: HabitStore) {
        store.$habits.sink { [weak self] in self?.habits = $0 }.store(in: &cancellables)
    }
}

struct HabitCount: View {
    @ObservedObject var mirror: HabitsMirror

    var body: some View {
        Text("\(mirror.habits.count) habits")
    }
}

/// Kept in `@StateObject` through an initializer that takes the object itself: the child keeps
/// the first model, but each build schedules a timer.
@MainActor
final class FocusTimerModel: ObservableObject {
    @Published var remaining = 25
    private var timer: Timer?

    init() {
        timer = Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in }
    }
}

struct FocusTimerView: View {
    @StateObject var model: FocusTimerModel // expect: state_object_initialized_from_outside

    init(model: FocusTimerModel) {
        _model = StateObject(wrappedValue: model)
    }

    var body: some View {
        Text("\(model.remaining) min")
    }
}

/// Kept in `@StateObject` through the memberwise initializer, whose parameter is
/// `StateObject`'s autoclosure: the model is built once, when the view first appears.
struct BreakTimerView: View {
    @StateObject var model: FocusTimerModel

    var body: some View {
        Text("Break: \(model.remaining) min")
    }
}

/// Kept in `@StateObject` with an initializer that only assigns: the extra builds cost
/// nothing that matters.
@MainActor
final class GoalModel: ObservableObject {
    @Published var target = 3

    func raise() {
        target += 1
    }
}

struct GoalView: View {
    @StateObject var model: GoalModel

    var body: some View {
        Button("Goal \(model.target)") { model.raise() }
    }
}

struct FocusScreen: View {
    @EnvironmentObject private var store: HabitStore
    @State private var round = 0

    var body: some View {
        Button("Round \(round)") { round += 1 }
        HabitCount(mirror: HabitsMirror(store: store))
        FocusTimerView(model: FocusTimerModel()) // expect: model_created_in_body
        BreakTimerView(model: FocusTimerModel())
        GoalView(model: GoalModel())
    }
}
