import Combine
import Foundation
import Observation

struct Exercise: Identifiable, Hashable {
    let id = UUID()
    var name: String
    var reps: Int
}

@MainActor
final class WorkoutSession: ObservableObject {
    @Published var exercises: [Exercise] = []
    @Published var lastShown: Exercise.ID?
    @Published var totalReps = 0
    let startedAt = Date.now
}

@MainActor
@Observable
final class ScreenTracker {
    var visited: Set<String> = []
}
