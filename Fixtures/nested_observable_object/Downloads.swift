import Combine
import Foundation

/// Queue of pending downloads.
@MainActor
final class DownloadQueue: ObservableObject {
    @Published private(set) var pending: [Track] = []
    @Published var progress: Double = 0
    @Published var isPaused = false // expect: published_never_read

    func add(_ track: Track) {
        pending.append(track)
    }

    func pauseAll() {
        isPaused = true
    }

    func report(_ fraction: Double) {
        progress = fraction
    }
}

/// One running download.
@MainActor
final class DownloadTask: ObservableObject, Identifiable {
    let id = UUID()
    let track: Track
    @Published var fraction: Double = 0
    @Published var bytesPerSecond: Int = 0 // expect: published_never_read

    init(track: Track) {
        self.track = track
    }

    var title: String { track.title }

    func advance(to value: Double) {
        fraction = value
    }
}
