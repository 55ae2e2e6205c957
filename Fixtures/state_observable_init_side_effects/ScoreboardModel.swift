import Foundation
import Observation

@MainActor
@Observable
final class ScoreboardModel {
    var rows: [String] = []
    @ObservationIgnored private var timer: Timer?

    /// Only assigns.
    init() {
        rows = []
    }

    init(autoRefresh: Bool) {
        if autoRefresh {
            timer = Timer.scheduledTimer(withTimeInterval: 30, repeats: true) { _ in }
        }
    }

    static let shared = ScoreboardModel()
}

/// Only assigns, with a default argument.
@MainActor
@Observable
final class MatchFilter {
    var league: String
    var startOfSeason: Date

    init(league: String = "All") {
        self.league = league
        self.startOfSeason = Calendar.current.startOfDay(for: Date())
    }
}
