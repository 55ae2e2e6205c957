import MultipeerConnectivity
import SwiftUI

@Observable final class PeerSession: NSObject { // expect: observable_object_main_actor
    var connectedPeers: [MCPeerID] = []
    var lastMessage = ""
}

extension PeerSession: MCSessionDelegate {
    func session(_ session: MCSession, peer peerID: MCPeerID, didChange state: MCSessionState) {
        connectedPeers = session.connectedPeers // expect: observable_mutated_off_main
    }

    func session(_ session: MCSession, didReceive data: Data, fromPeer peerID: MCPeerID) {
        let text = String(decoding: data, as: UTF8.self)
        DispatchQueue.main.async {
            self.lastMessage = text
        }
    }

    func session(_ session: MCSession, didReceive stream: InputStream, withName streamName: String, fromPeer peerID: MCPeerID) {}

    func session(_ session: MCSession, didStartReceivingResourceWithName resourceName: String, fromPeer peerID: MCPeerID, with progress: Progress) {}

    func session(_ session: MCSession, didFinishReceivingResourceWithName resourceName: String, fromPeer peerID: MCPeerID, at localURL: URL?, withError error: Error?) {}
}

struct PeersView: View {
    @State private var peers = PeerSession()

    var body: some View {
        VStack {
            Text("\(peers.connectedPeers.count) peers")
            Text(peers.lastMessage)
        }
    }
}
