import Combine
import Foundation

@MainActor
final class PlayerModel: ObservableObject {
    @Published var isPlaying = false
    @Published var position: TimeInterval = 0
    @Published var phase = "idle"

    func play() { isPlaying = true }
    func pause() { isPlaying = false }
    func skip() { position += 30 }
    func title(for episode: Int) -> String { "Episode \(episode) at \(Int(position))s" }
}

@MainActor
final class DownloadStore: ObservableObject {
    @Published var queued: [String] = []
    @Published var bytesPerSecond = 0

    func enqueue(_ name: String) { queued.append(name) }
    func refresh() async { bytesPerSecond = 0 }
}

@MainActor
final class AnalyticsTracker: ObservableObject {
    static let shared = AnalyticsTracker()

    @Published var sentEvents = 0

    func log(_ event: String) { sentEvents += 1 }
}

@MainActor
final class LibrarySettings: ObservableObject {
    @Published var showsArtwork = true
    @Published var sortAscending = true
}
