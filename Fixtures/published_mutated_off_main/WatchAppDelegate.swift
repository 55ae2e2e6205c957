import SwiftUI
import WatchConnectivity
import WatchKit

final class WristInbox: ObservableObject { // expect: observable_object_main_actor
    static let shared = WristInbox()
    @Published var lastMessage = ""
    @Published var pending = 0
}

// `WKApplicationDelegate` is a `@MainActor` protocol: stated here, it makes the class
// `@MainActor`, and its `WCSessionDelegate` methods, main-actor witnesses of nonisolated
// requirements, run unhopped on WatchConnectivity's background thread (Swift 5 mode).
final class WatchDelegate: NSObject, WKApplicationDelegate, WCSessionDelegate {
    func applicationDidFinishLaunching() {
        WCSession.default.delegate = self
        WCSession.default.activate()
        WristInbox.shared.pending = 0
    }

    func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: Error?) {}

    func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {
        WristInbox.shared.lastMessage = message["text"] as? String ?? "" // expect: published_mutated_off_main
    }

    func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any] = [:]) {
        DispatchQueue.main.async {
            WristInbox.shared.pending += 1
        }
    }
}

struct WristInboxView: View {
    @ObservedObject var inbox = WristInbox.shared

    var body: some View {
        Text("\(inbox.lastMessage) (\(inbox.pending))")
    }
}
