import AVFoundation
import Combine
import Foundation
import Observation

struct Song: Identifiable, Hashable {
    let id: UUID
    var title: String
    var artist: String
}

/// Songs waiting to play.
@MainActor
final class PlaybackQueue: ObservableObject {
    static let shared = PlaybackQueue()
    @Published var songs: [Song] = []

    func enqueue(_ song: Song) {
        songs.append(song)
    }
}

/// The user's library, loaded once and then edited.
@MainActor
final class MusicLibrary: ObservableObject {
    @Published var albums: [String] = []
    @Published var isSyncing = false

    func sync() {
        isSyncing = true
        albums.append("New")
        isSyncing = false
    }
}

/// Records voice memos.
@MainActor
final class VoiceRecorder: ObservableObject {
    @Published var level = 0.0

    func sample(_ value: Double) { level = value }
}

/// Observed directly by views that read it.
@MainActor
@Observable
final class NowPlaying {
    var song: Song?
    var position: TimeInterval = 0
}

/// Accessibility-friendly metadata that never changes after creation.
final class SongMetadata {
    let title: String
    let duration: TimeInterval

    init(title: String, duration: TimeInterval) {
        self.title = title
        self.duration = duration
    }
}

/// Wraps a platform player. Views that keep it see nothing of its changes.
final class VisualizerBridge: CAMetalLayerDelegateProxy {
    var intensity = 0.0

    func pulse() {
        intensity += 0.1
    }
}
