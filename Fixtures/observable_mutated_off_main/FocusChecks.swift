import SwiftUI
import UserNotifications

// A `Task { }` made in a global queue's block inherits no actor (SE-0420): it runs on the
// global executor, and so does the synchronous method it calls without `await`, whatever the
// isolation of a class that inherits another module's protocol.
@Observable final class FocusSession: NSObject, UNUserNotificationCenterDelegate {
    var activeTask: String?
    var isStarted = false

    func activate(_ task: String) {
        activeTask = task // expect: observable_mutated_off_main
    }

    func start() {
        isStarted = true
    }
}

enum Planner {
    static func nextTask() async -> String { "Write" }
}

struct FocusRoot: View {
    @State private var session = FocusSession()

    var body: some View {
        Text(session.activeTask ?? (session.isStarted ? "Started" : "Idle"))
            .onAppear { startChecks() }
    }

    private func startChecks() {
        DispatchQueue.global(qos: .background).async {
            Task {
                let next = await Planner.nextTask()
                session.activate(next)
            }
            Task { @MainActor in session.start() }
            DispatchQueue.main.async {
                Task { session.start() }
            }
        }
    }
}
