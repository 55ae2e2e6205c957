import SwiftUI

/// A `@StateObject` built inside its autoclosure from the initializer's parameter: SwiftUI
/// evaluates the autoclosure once, so the object keeps the first list of tasks.
@MainActor
final class TaskProgressModel: ObservableObject {
    let tasks: [String]
    @Published var done = 0
    init(tasks: [String]) { self.tasks = tasks }
}

struct TaskProgressCard: View {
    @StateObject private var progress: TaskProgressModel // expect: state_object_initialized_from_outside
    init(tasks: [String]) { _progress = StateObject(wrappedValue: TaskProgressModel(tasks: tasks)) }
    var body: some View { Text("\(progress.done) of \(progress.tasks.count)") }
}

/// The same card renewed with the list: a new list builds a new object.
struct RenewedTaskProgressCard: View {
    @StateObject private var progress: TaskProgressModel
    init(tasks: [String]) { _progress = StateObject(wrappedValue: TaskProgressModel(tasks: tasks)) }
    var body: some View { Text("\(progress.tasks.count)") }
}

struct TaskListScreen: View {
    @State private var tasks: [String] = []

    var body: some View {
        VStack {
            TaskProgressCard(tasks: tasks)
            RenewedTaskProgressCard(tasks: tasks).id(tasks)
            Button("Add") { tasks.append("Task \(tasks.count + 1)") }
        }
    }
}

/// The list comes from a field of the caller's model that its action appends to. The card keeps
/// the object built from the first list, but the rule leaves models' fields out (they are mostly
/// reloaded as equal copies of the same records): silent.
@MainActor
final class TaskBoard: ObservableObject {
    @Published var tasks: [String] = []
    func add() { tasks.append("Task \(tasks.count + 1)") }
}

struct BoardProgressCard: View {
    @StateObject private var progress: TaskProgressModel
    init(tasks: [String]) { _progress = StateObject(wrappedValue: TaskProgressModel(tasks: tasks)) }
    var body: some View { Text("\(progress.tasks.count)") }
}

struct TaskBoardScreen: View {
    @StateObject private var board = TaskBoard()

    var body: some View {
        VStack {
            BoardProgressCard(tasks: board.tasks)
            Button("Add") { board.add() }
        }
    }
}
