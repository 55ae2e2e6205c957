import SwiftUI

/// The chat screen sets the callee's name through its reference to the call, then, in the
/// same flow, starts the call, which publishes `state`: the call view reads the new name.
/// The note is set before a start scheduled for a later turn: no announcement in its flow.
@MainActor
final class CallSession: ObservableObject {
    @Published var state = 0
    var calleeName: String?
    var note = "" // expect: missing_published
    func start() { state = 1 }
}

struct CallBanner: View {
    @ObservedObject var session: CallSession

    var body: some View {
        Text(session.calleeName ?? "")
        Text(session.note)
        Text("\(session.state)")
    }
}

struct ChatHeader: View {
    let session: CallSession

    var body: some View {
        Button("Call") {
            DispatchQueue.main.async {
                setUpCallee()
                startCall()
            }
        }
        Button("Note") {
            self.session.note = "Later"
            DispatchQueue.main.async { startCall() }
        }
    }

    private func setUpCallee() {
        self.session.calleeName = "Ada"
    }

    private func startCall() {
        self.session.start()
        self.session.state = 2
    }
}
