import SwiftUI

/// Owns its model: the autoclosure is evaluated once, when SwiftUI first creates the state.
struct ReminderEditor: View {
    @StateObject private var model: ReminderModel

    init(model: @autoclosure @escaping () -> ReminderModel) {
        _model = StateObject(wrappedValue: model())
    }

    var body: some View {
        DatePicker(model.habit.title, selection: $model.time, displayedComponents: .hourAndMinute)
    }
}
