import Foundation
import Observation

/// Starts polling as soon as it exists.
@MainActor
@Observable
final class LiveScoreModel {
    let matchID: String
    var home = 0
    var away = 0
    @ObservationIgnored private var polling: Task<Void, Never>?

    init(matchID: String) {
        self.matchID = matchID
        polling = Task { [weak self] in
            while !Task.isCancelled {
                await self?.refresh()
                try? await Task.sleep(for: .seconds(5))
            }
        }
    }

    func refresh() async {}
}
