import Combine
import SwiftUI

/// The mailbox: its unread count and folders change as mail arrives.
@MainActor final class Mailbox: ObservableObject {
    @Published var unread = 0
    @Published var folders: [String] = []
    @Published var isSyncing = false
    let synced = PassthroughSubject<Void, Never>()

    func receive() {
        Task { @MainActor in
            self.unread += 1
        }
    }

    func sync() async {
        isSyncing = true
        folders = await fetchFolders()
        isSyncing = false
        synced.send()
    }

    func reset() {
        Task {
            try? await Task.sleep(for: .seconds(1))
            isSyncing = false
        }
    }

    private func fetchFolders() async -> [String] { ["Inbox"] }
}

@MainActor @Observable final class Outbox {
    var pending: [String] = []
    var sentCount = 0

    func send(_ message: String) {
        pending.append(message)
        Task { @MainActor in
            self.pending.removeAll()
            self.sentCount += 1
        }
    }
}
