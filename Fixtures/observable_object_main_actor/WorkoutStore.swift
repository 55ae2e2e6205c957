import Combine
import Foundation

/// Not isolated: any thread may change what the workout screens show.
final class WorkoutStore: ObservableObject { // expect: observable_object_main_actor
    @Published var workouts: [String] = []
    @Published var isSyncing = false

    func add(_ workout: String) {
        workouts.append(workout)
    }
}
