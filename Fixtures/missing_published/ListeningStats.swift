import SwiftUI

// Every call of `refresh(_:)` comes from the coordinator's flow that announces `isLoading`:
// the view observing the coordinator renders again after it; one observing only the stats
// object does not.
@MainActor
final class ListeningStats: ObservableObject {
    var minutes: [Int] = []
    var total: Int { minutes.reduce(0, +) }
    func refresh(_ new: [Int]) { minutes = new }
}

@MainActor
final class ListeningStreaks: ObservableObject {
    var days: [Int] = [] // expect: missing_published
    func refresh(_ new: [Int]) { days = new }
}

@MainActor
final class StatsCoordinator: ObservableObject {
    @Published var isLoading = false
    let stats = ListeningStats()
    let streaks = ListeningStreaks()

    func reload(_ minutes: [Int]) {
        isLoading = true
        updateChildren(minutes)
        isLoading = false
    }

    private func updateChildren(_ minutes: [Int]) {
        stats.refresh(minutes)
        streaks.refresh(minutes)
    }
}

struct StatsSummaryView: View {
    @ObservedObject var coordinator: StatsCoordinator
    var body: some View { Text(coordinator.isLoading ? "Loading" : "\(coordinator.stats.total) minutes") }
}

struct StreakBadge: View {
    @ObservedObject var streaks: ListeningStreaks
    var body: some View { Text("\(streaks.days.count) days") }
}
