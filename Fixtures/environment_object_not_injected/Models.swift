import Combine
import Foundation
import Observation

struct Entry: Identifiable, Hashable {
    let id = UUID()
    var text: String
}

@MainActor
final class EntryStore: ObservableObject {
    @Published var entries: [Entry] = []
}

/// Shared loading state. Not injected itself: the app injects its subclass.
@MainActor
class BaseStore: ObservableObject {
    @Published var isLoading = false
}

@MainActor
final class DraftStore: BaseStore {
    @Published var draft = ""
}

/// Nobody injects the sync status.
@MainActor
final class SyncStatus: ObservableObject {
    @Published var lastSync: Date?
}

@MainActor
final class Preferences: ObservableObject {
    @Published var showsWordCount = true
}

@MainActor
final class AppModel: ObservableObject {
    let preferences = Preferences()
    @Published var account: Account?
}

@MainActor
final class Account: ObservableObject {
    @Published var name = "Guest"
}

@MainActor
@Observable
final class ThemeSettings {
    var accent = "indigo"
}

/// Read with `@Environment(Weather.self)`, never injected.
@MainActor
@Observable
final class Weather {
    var summary = "Sunny"
}
