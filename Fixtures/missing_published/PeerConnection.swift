import SwiftUI

/// The view reads the stored `link`; the delegate method `link(_:didReceive:)` shares its
/// name but is never called by the view, so `isMuted`, which only it reads, is not shown.
@MainActor
final class PeerConnection: ObservableObject {
    @Published var link: String?
    @Published var lastMessage = ""
    private var isMuted = false

    func mute() { isMuted = true }

    func link(_ link: String, didReceive message: String) {
        if !isMuted { lastMessage = message }
    }
}

struct PeerConnectionTitle: View {
    @ObservedObject var connection: PeerConnection

    var body: some View {
        Text(connection.link ?? "Offline")
        Text(connection.lastMessage)
    }
}
