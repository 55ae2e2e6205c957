import AVFoundation
import Foundation
import SwiftUI

/// A queue player: AVFoundation may post the end-of-item notification on another thread than
/// the one that registered the observer, and `advance()` runs there.
final class QueuePlayer: ObservableObject { // expect: observable_object_main_actor
    @Published private(set) var position = 0
    @Published var isRouteChanged = false
    private var queue: [URL] = []

    func play(_ item: AVPlayerItem) {
        NotificationCenter.default.addObserver(self, selector: #selector(advance), name: .AVPlayerItemDidPlayToEndTime, object: item)
        NotificationCenter.default.addObserver(self, selector: #selector(refresh), name: .queueEdited, object: nil)
        NotificationCenter.default.addObserver(forName: AVAudioSession.routeChangeNotification, object: nil, queue: nil) { _ in
            self.isRouteChanged = true // expect: published_mutated_off_main
        }
    }

    @objc func advance() {
        move(by: 1)
    }

    private func move(by step: Int) {
        position += step // expect: published_mutated_off_main
    }

    /// A notification only the main actor posts: runs on the main thread.
    @objc func refresh() {
        position = 0
    }

    @MainActor func edit() {
        queue.removeAll()
        NotificationCenter.default.post(name: .queueEdited, object: nil)
    }
}

extension Notification.Name {
    static let queueEdited = Notification.Name("queueEdited")
}

struct QueuePlayerView: View {
    @StateObject private var player = QueuePlayer()

    var body: some View {
        Text("\(player.position)")
            .foregroundStyle(player.isRouteChanged ? .red : .primary)
            .onTapGesture { player.edit() }
    }
}
