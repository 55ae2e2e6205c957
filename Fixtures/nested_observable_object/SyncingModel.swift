import Combine
import Foundation

/// Base class of everything synced with the server.
@MainActor
class SyncingModel: ObservableObject {
    @Published var isSyncing = false // expect: published_never_read
    @Published var lastSynced: Date? // expect: published_never_read

    func markSynced() {
        isSyncing = false
        lastSynced = .now
    }
}
