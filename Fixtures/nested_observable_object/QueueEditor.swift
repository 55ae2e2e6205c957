import SwiftUI

/// The tracks queued for playback; its changes reach views only through `QueueEditor`.
@MainActor
final class TrackQueue: ObservableObject {
    @Published private(set) var trackIDs: [Int] = []
    private(set) var shuffleSeed = 0

    func reshuffle() {
        shuffleSeed += 1
    }

    func undoAdd(_ id: Int) {
        remove(id)
    }

    private func remove(_ id: Int) {
        trackIDs.removeAll { $0 == id }
    }
}

/// Announces every change it makes to the queue: the undo runs in the child's helper, and
/// the editor's send follows it in the same synchronous flow.
@MainActor
final class QueueEditor: ObservableObject {
    @Published var lastError: String?
    let queue = TrackQueue()

    func failAdding(_ id: Int, error: String) {
        queue.undoAdd(id)
        lastError = error
    }

    /// Changes nothing a view shows: needs no announcement.
    func reshuffle() -> Int {
        queue.reshuffle()
        return queue.shuffleSeed
    }
}

struct QueueEditorView: View {
    @ObservedObject var editor: QueueEditor

    var body: some View {
        VStack {
            Text("\(editor.queue.trackIDs.count) queued")
            Text(editor.lastError ?? "")
            Button("Undo") { editor.failAdding(1, error: "failed") }
        }
    }
}
