import AVFoundation
import Combine
import Foundation

/// Holds an `@Observable` equalizer and a value-type settings struct. Views read both
/// through this object; both are tracked (the first by Observation, the second because
/// `settings` is `@Published`).
@MainActor
final class AudioOutput: ObservableObject {
    let equalizer = Equalizer()
    @Published var settings = AudioSettings()
    @Published var routeName = "Speaker"
}

/// Player screen. Its children are only handed to child views, which observe them
/// themselves.
@MainActor
final class PlayerScreenModel: ObservableObject {
    @Published var queue = PlaybackQueue()
    @Published var playlists: [Playlist] = []
    @Published var focusedPlaylist: Playlist?
    @Published var isShowingQueue = false
}

/// CarPlay bridge. Its queue's state is read only inside action closures.
@MainActor
final class CarModeModel: ObservableObject {
    let queue = PlaybackQueue()
    @Published var isConnected = false
}

/// Status model. A *private* computed property reads the child's state: not view-facing.
@MainActor
final class LibraryStatusModel: ObservableObject {
    private let downloads: DownloadQueue
    @Published private(set) var statusText = ""

    init(downloads: DownloadQueue) {
        self.downloads = downloads
    }

    private var pendingCount: Int {
        downloads.pending.count
    }

    func refreshStatus() {
        statusText = pendingCount == 0 ? "Up to date" : "\(pendingCount) downloads pending"
    }
}

/// Import pipeline. Holds a child ObservableObject that nothing view-facing reads through
/// it.
@MainActor
final class ImportCoordinator: ObservableObject {
    private let queue = DownloadQueue()
    @Published private(set) var importedCount = 0

    func importTracks(_ tracks: [Track]) {
        for track in tracks {
            queue.add(track)
        }
        importedCount += tracks.count
    }
}

/// Preview player. `AVPlayer` is not declared in the analyzed files: unknown, so the
/// rule stays silent even though the view reads `model.player.rate`.
@MainActor
final class PreviewPlayerModel: ObservableObject {
    let player = AVPlayer()
    @Published var previewURL: URL? // expect: published_never_read

    func play(_ url: URL) {
        previewURL = url
        player.replaceCurrentItem(with: AVPlayerItem(url: url))
        player.play()
    }
}
