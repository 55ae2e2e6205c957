import SwiftUI

/// One hub that calls a single handler per event kind.
@MainActor
final class MatchEventHub {
    static let shared = MatchEventHub()
    var onGoal: ((String) -> Void)?
}

/// Its initializer assigns the hub's handler a closure bound to the new instance: each model
/// built replaces the handler the one before it set.
@MainActor
@Observable
final class MatchEventsModel {
    var goals: [String] = []
    private let hub = MatchEventHub.shared

    init() {
        listen()
    }

    private func listen() {
        hub.onGoal = { [weak self] scorer in self?.goals.append(scorer) }
    }
}

struct GoalTicker: View {
    @State private var events = MatchEventsModel() // expect: state_observable_init_side_effects

    var body: some View {
        List(events.goals, id: \.self) { Text($0) }
    }
}
