import Combine
import Foundation

/// The signed-in account. An ObservableObject through `SyncingModel` (SyncingModel.swift).
final class AccountModel: SyncingModel {
    @Published var displayName: String
    @Published var storageUsedBytes: Int64 = 0 // expect: published_never_read

    init(displayName: String) {
        self.displayName = displayName
    }

    func rename(to newName: String) {
        displayName = newName
        isSyncing = true
    }
}
