import ModelKit
import SwiftUI

// The view observes the package's model: the witness the package's own run lacks.
struct PeerView: View {
    @State private var session = Session()

    var body: some View {
        Text(session.online ? "Online" : "Offline")
            .task { await session.refresh() }
    }
}
