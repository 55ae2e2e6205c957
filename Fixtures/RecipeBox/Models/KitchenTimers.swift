import Foundation
import Observation

/// Running kitchen timers. Uses Observation; injected with `.environment(_:)`.
@MainActor
@Observable
final class KitchenTimers {
    struct KitchenTimer: Identifiable, Hashable {
        let id = UUID()
        var label: String
        var total: Duration
        var remaining: Duration
        var isRunning = true
    }

    var timers: [KitchenTimer] = []
    var soundEnabled = true

    /// How many timers have gone off. Ignored by mistake: a timer going off also changes
    /// `timers`, which re-renders `TimersView`, but "Clear" changes only this count, and
    /// the "done" count on screen stays.
    @ObservationIgnored private(set) var finishedCount = 0 // expect: untracked_observable_read

    @ObservationIgnored
    // The ticking task is plumbing, not UI state.
    private var ticker: Task<Void, Never>?

    var activeCount: Int {
        timers.filter(\.isRunning).count
    }

    func start(_ label: String, minutes: Int) {
        let duration = Duration.seconds(minutes * 60)
        timers.append(KitchenTimer(label: label, total: duration, remaining: duration))
        startTickerIfNeeded()
    }

    func clearFinishedCount() {
        finishedCount = 0
    }

    func stop(_ timer: KitchenTimer) {
        timers.removeAll { $0.id == timer.id }
        if timers.isEmpty {
            ticker?.cancel()
            ticker = nil
        }
    }

    private func startTickerIfNeeded() {
        guard ticker == nil else { return }
        ticker = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                self?.tick()
            }
        }
    }

    private func tick() {
        for index in timers.indices where timers[index].isRunning {
            timers[index].remaining -= .seconds(1)
            if timers[index].remaining <= .zero {
                timers[index].isRunning = false
                finishedCount += 1
            }
        }
    }
}
