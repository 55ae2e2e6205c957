import Combine
import Foundation

/// Base class of everything synced with the server.
@MainActor
class SyncingModel: ObservableObject {
    @Published var isSyncing = false
    @Published var lastSynced: Date?

    func markSynced() {
        isSyncing = false
        lastSynced = .now
    }
}
