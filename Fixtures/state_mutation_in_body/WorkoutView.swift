import SwiftUI

struct WorkoutView: View {
    @ObservedObject var session: WorkoutSession
    @Binding var isFinished: Bool
    @State private var renderCount = 0
    @State private var chartWidth: CGFloat = 0
    @State private var isAdding = false

    var body: some View {
        renderCount += 1 // expect: state_mutation_in_body
        return NavigationStack {
            List {
                ForEach(session.exercises) { exercise in
                    ExerciseRow(exercise: exercise)
                    let _ = session.lastShown = exercise.id // expect: state_mutation_in_body
                }
                GeometryReader { proxy in
                    self.chartWidth = proxy.size.width // expect: state_mutation_in_body
                    return Color.clear
                }
                if session.totalReps > 100 {
                    let _ = isFinished = true // expect: state_mutation_in_body
                    Text("Done for today: \(renderCount) renders, chart \(Int(chartWidth)) wide")
                }
            }
            .navigationTitle(session.startedAt.formatted(date: .omitted, time: .shortened))
            .toolbar {
                Button("Add") { isAdding = true }
            }
            .sheet(isPresented: $isAdding) {
                Text("New exercise")
            }
        }
    }
}

struct ExerciseRow: View {
    let exercise: Exercise

    var body: some View {
        Text("\(exercise.name) × \(exercise.reps)")
    }
}
