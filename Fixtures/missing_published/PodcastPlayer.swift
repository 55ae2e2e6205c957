import Combine
import Foundation

/// The episode player. An ObservableObject through `MediaController` (MediaController.swift).
final class PodcastPlayer: MediaController {
    /// Seconds into the current episode. Reset in `play(_:)` (which also sets `isPlaying`),
    /// but advanced by `tick()`, which changes nothing published.
    var elapsed: TimeInterval = 0 // expect: missing_published

    /// 1×, 1.5×, 2×. Changed by `cycleRate()`, shown through `rateLabel`.
    var playbackRate: Double = 1.0 // expect: missing_published

    /// Set from the sleep-timer button in NowPlayingBar; the class never touches it.
    var sleepTimerMinutes = 0 // expect: missing_published

    /// Only changed in `play(_:)` and `stop()`, which also change the inherited
    /// `@Published isPlaying`: the view is invalidated anyway.
    var currentEpisode: Episode?

    private var tickTimer: Timer?
    private let rates: [Double] = [1.0, 1.25, 1.5, 2.0]

    var rateLabel: String {
        playbackRate == 1 ? "1×" : "\(playbackRate.formatted())×"
    }

    var remaining: TimeInterval {
        max((currentEpisode?.duration ?? 0) - elapsed, 0)
    }

    func play(_ episode: Episode) {
        currentEpisode = episode
        elapsed = 0
        isPlaying = true
        startTicking()
    }

    func stop() {
        currentEpisode = nil
        isPlaying = false
        tickTimer?.invalidate()
        tickTimer = nil
    }

    func tick() {
        guard isPlaying else { return }
        elapsed += playbackRate
    }

    func cycleRate() {
        let index = rates.firstIndex(of: playbackRate) ?? 0
        playbackRate = rates[(index + 1) % rates.count]
    }

    private func startTicking() {
        tickTimer?.invalidate()
        tickTimer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            Task { @MainActor in
                self?.tick()
            }
        }
    }
}
