import Combine
import Foundation

@MainActor
final class Playlist: ObservableObject, Identifiable {
    let id: UUID
    @Published var name: String
    @Published var tracks: [Track]

    init(id: UUID = UUID(), name: String, tracks: [Track] = []) {
        self.id = id
        self.name = name
        self.tracks = tracks
    }

    var totalDuration: TimeInterval {
        tracks.reduce(0) { $0 + $1.duration }
    }

    func rename(_ newName: String) {
        name = newName
    }
}

/// Up-next queue of the player.
@MainActor
final class PlaybackQueue: ObservableObject {
    @Published private(set) var upNext: [Track] = []

    func skip() {
        if !upNext.isEmpty {
            upNext.removeFirst()
        }
    }

    func prefetch() async {
        try? await Task.sleep(for: .milliseconds(200))
    }

    func restore(count: Int) {
        upNext = Array(upNext.prefix(count))
    }
}

@MainActor
final class RadioStation: ObservableObject {
    let callSign: String
    @Published var nowPlaying: String = ""
    @Published var listeners: Int = 0 // expect: published_never_read

    init(callSign: String) {
        self.callSign = callSign
    }

    func update(nowPlaying title: String) {
        nowPlaying = title
    }
}
