import Foundation

/// A plain class: neither `@Observable` nor an `ObservableObject`.
final class AudioEngine {
    enum State { case stopped, playing }

    var volume = 0.5
    private(set) var state = State.stopped

    var isPlaying: Bool { state == .playing }

    func play() {
        state = .playing
    }

    func setVolume(_ value: Double) {
        volume = value
    }
}

/// Fetches lyrics line by line.
class LyricsSource {
    var currentLine = ""

    func advance(to line: String) {
        currentLine = line
    }
}

/// Inherits its state from `LyricsSource`.
final class SyncedLyrics: LyricsSource {}
