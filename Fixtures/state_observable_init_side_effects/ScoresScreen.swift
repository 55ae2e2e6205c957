import SwiftUI

/// Runs its body again each time the selected tab changes, re-creating every view below.
struct ScoresScreen: View {
    @State private var tab = 0

    var body: some View {
        VStack {
            Picker("Tab", selection: $tab) {
                Text("Live").tag(0)
                Text("News").tag(1)
            }
            Text("Tab \(tab)")
            LiveScoreView()
            StopwatchView()
            NewsView()
            ConnectionBadge()
            ScoreboardView()
            LazyScoreView()
            LeagueTable(league: "Premier")
            SettingsSummary()
            PlayerSearchView()
            GoalTicker()
        }
    }
}

/// Its initializer only reads memory (`UserDefaults`, a property): nothing repeats.
@MainActor
@Observable
final class SettingsModel {
    var league: String

    init() {
        league = UserDefaults.standard.string(forKey: "league") ?? "Premier"
        normalize()
    }

    private func normalize() {
        league = league.capitalized
    }
}

struct SettingsSummary: View {
    @State private var settings = SettingsModel()

    var body: some View {
        Text(settings.league)
    }
}

/// Built only by a parent whose body never runs again: one model.
struct PinnedScoreView: View {
    @State private var model = LiveScoreModel(matchID: "pinned")

    var body: some View {
        Text("\(model.home)")
    }
}

struct PinnedScores: View {
    let title: String

    var body: some View {
        Text(title)
        PinnedScoreView()
    }
}
