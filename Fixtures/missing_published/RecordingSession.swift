import SwiftUI

/// The recording in progress: the prompt is cleared on the main actor, and the same task
/// goes on to publish `isSending`, so the button reads the cleared prompt.
@MainActor
final class RecordingSession: ObservableObject {
    @Published private(set) var isSending = false
    private var promptID: Int?

    var isRecording: Bool { promptID != nil }

    func start(_ id: Int) {
        promptID = id
        isSending = false
    }

    nonisolated func finish() async {
        await MainActor.run { self.promptID = nil }
        await submit()
    }

    private func submit() {
        isSending = true
    }
}

struct RecordingButton: View {
    @StateObject private var session = RecordingSession()

    var body: some View {
        Button(session.isRecording ? "Stop" : "Record") {
            if session.isRecording {
                Task { await session.finish() }
            } else {
                session.start(1)
            }
        }
        .disabled(session.isSending)
    }
}
