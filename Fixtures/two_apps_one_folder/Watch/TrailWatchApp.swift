import SwiftUI

final class TrailWorkout: ObservableObject { // expect: observable_object_main_actor
    @Published var distance = 0

    func sync(from url: URL) {
        URLSession.shared.dataTask(with: url) { data, _, _ in
            self.distance = data?.count ?? 0 // expect: published_mutated_off_main
        }.resume()
    }
}

// A second `@main` app: a second module, whose `TrailHome` file is not in this folder. Read
// as one program with the phone app, its `TrailHome()` names the phone's, which would show
// `TrailList` without the store: which app shows what is not known, so nothing is claimed.
@main
struct TrailWatchApp: App {
    @StateObject private var workout = TrailWorkout()

    var body: some Scene {
        WindowGroup {
            TrailHome()
                .environmentObject(workout)
                .task { workout.sync(from: URL(string: "https://example.com/trail")!) }
        }
    }
}

// Declared by each app: which one the phone's `TrailHome` shows is not known.
struct TrailSummary: View {
    @EnvironmentObject var workout: TrailWorkout
    var body: some View { Text("\(workout.distance) m") }
}
