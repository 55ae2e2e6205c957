import SwiftUI
import WatchConnectivity

@MainActor @Observable final class PairingState {
    var isPaired = false
    var lastMessage = ""

    func update(_ paired: Bool) {
        isPaired = paired // expect: observable_mutated_off_main
    }

    func note(_ text: String) {
        lastMessage = text
    }
}

@MainActor final class WatchLink: NSObject {
    let state: PairingState

    init(state: PairingState) {
        self.state = state
        super.init()
        WCSession.default.delegate = self
        WCSession.default.activate()
    }
}

extension WatchLink: WCSessionDelegate {
    func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: Error?) {}

    func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {
        apply(message)
    }
}

private extension WatchLink {
    func apply(_ message: [String: Any]) {
        state.update(message["paired"] as? Bool ?? false)
    }
}

struct PairingView: View {
    @State private var state = PairingState()

    var body: some View {
        VStack {
            Text(state.isPaired ? "Paired" : "Not paired")
            Button("Note") { state.note("tapped") }
        }
    }
}
