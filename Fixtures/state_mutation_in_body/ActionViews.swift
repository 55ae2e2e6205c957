import SwiftUI

/// Every change here runs later, in response to an event.
struct ExerciseEditor: View {
    @ObservedObject var session: WorkoutSession
    @Binding var isFinished: Bool
    @State private var name = ""
    @State private var reps = 10
    @State private var isConfirming = false
    @State private var dismissals = 0

    var body: some View {
        Form {
            TextField("Name", text: $name)
                .onSubmit { session.exercises.append(Exercise(name: name, reps: reps)) }
            Stepper("Reps: \(reps)", onIncrement: { reps += 1 }, onDecrement: { reps -= 1 })
            Toggle("Finished", isOn: Binding(get: { isFinished }, set: { isFinished = $0 }))
            Button {
                session.totalReps += reps
            } label: {
                Text("Log \(reps) reps (\(session.totalReps) total)")
            }
            Button("Reset", role: .destructive) { isConfirming = true }
            if session.lastShown != nil {
                Text("Resumed")
            }
            ForEach(session.exercises) { exercise in
                EditableRow(exercise: exercise, onDelete: {
                    session.exercises.removeAll { $0.id == exercise.id }
                }) {
                    reps = exercise.reps
                }
            }
        }
        .onAppear { name = "" }
        .task { reps = 10 }
        .onChange(of: reps) { _, newValue in reps = min(newValue, 100) }
        .onTapGesture { isConfirming = false }
        .onReceive(NotificationCenter.default.publisher(for: .NSCalendarDayChanged)) { _ in session.totalReps = 0 }
        .refreshable { session.totalReps = 0 }
        .alert("Reset the workout?", isPresented: $isConfirming) {
            Button("Reset", role: .destructive) { session.exercises.removeAll() }
        }
        .sheet(isPresented: $isConfirming, onDismiss: { dismissals += 1 }) {
            Text("Dismissed \(dismissals) times")
        }
        .onGeometryChange(for: CGFloat.self, of: { $0.size.width }) { _ in
            Task { isFinished = false }
        }
        .safeAreaInset(edge: .bottom) {
            // The trailing closure binds to `action` (the accessory has a default, `action` not).
            finishRow(title: "Finish") { isFinished = true }
        }
    }

    private func finishRow(
        title: String, @ViewBuilder accessory: () -> some View = { EmptyView() }, action: @escaping () -> Void
    ) -> some View {
        HStack { Text(title); accessory() }.onTapGesture(perform: action)
    }
}

struct EditableRow: View {
    let exercise: Exercise
    let onDelete: () -> Void
    let onSelect: () -> Void

    var body: some View {
        Text(exercise.name)
            .onTapGesture(perform: onSelect)
            .swipeActions { Button("Delete", role: .destructive, action: onDelete) }
    }
}

/// A local that shadows a state property is not the state.
struct TotalsView: View {
    let exercises: [Exercise]
    @State private var total = 0

    var body: some View {
        var total = 0
        for exercise in exercises { total += exercise.reps }
        return Text("\(total) reps")
            .onAppear { self.total = total }
    }
}
