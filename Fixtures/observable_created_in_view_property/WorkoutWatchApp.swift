import SwiftUI

/// An app holding no state evaluates its body once: its scene root is built once, and the
/// session with it.
struct WorkoutWatchApp: App {
    var body: some Scene {
        WindowGroup {
            WorkoutLauncher()
        }
    }
}

struct WorkoutLauncher: View {
    let session = WorkoutSession()

    var body: some View {
        Text(session.isRunning ? "Running" : "Ready")
    }
}
