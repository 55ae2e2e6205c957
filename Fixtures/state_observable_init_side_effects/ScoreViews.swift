import SwiftUI

struct LiveScoreView: View {
    @State private var model = LiveScoreModel(matchID: "final") // expect: state_observable_init_side_effects

    var body: some View {
        Text("\(model.home) : \(model.away)")
    }
}

struct StopwatchView: View {
    @State private var stopwatch = StopwatchModel() // expect: state_observable_init_side_effects

    var body: some View {
        Text(stopwatch.elapsed, format: .number)
            .onReceive(stopwatch.ticks) { _ in stopwatch.elapsed += 1 }
    }
}

/// `NewsFeedModel()` only reads `UserDefaults`: reading memory, nothing that repeats harms.
struct NewsView: View {
    @State private var feed = NewsFeedModel()
    @State private var previewFeed = NewsFeedModel(preview: ["One"])

    var body: some View {
        List(feed.articles + previewFeed.articles, id: \.self) { Text($0) }
    }
}

struct ConnectionBadge: View {
    @State private var reachability: ReachabilityModel = .init() // expect: state_observable_init_side_effects
    @State private var avatar = AvatarModel(url: URL(string: "https://example.com/me.png")!) // expect: state_observable_init_side_effects

    var body: some View {
        Text(reachability.isOnline ? "Online" : "Offline")
            .badge(avatar.imageData == nil ? 0 : 1)
    }
}

struct ScoreboardView: View {
    @State private var board = ScoreboardModel()
    @State private var live = ScoreboardModel(autoRefresh: true) // expect: state_observable_init_side_effects
    @State private var shared = ScoreboardModel.shared
    @State private var filter = MatchFilter()

    var body: some View {
        List(board.rows + live.rows + shared.rows, id: \.self) { Text($0) }
            .navigationTitle(filter.league)
    }
}

/// Created in `.task`: the initializer runs once per appearance, on purpose.
struct LazyScoreView: View {
    @State private var model: LiveScoreModel?

    var body: some View {
        Text("\(model?.home ?? 0)")
            .task { model = LiveScoreModel(matchID: "semi") }
    }
}

/// The state's value is built in `init`: also evaluated on every re-creation.
struct LeagueTable: View {
    let league: String
    @State private var scoreboard: ScoreboardModel // expect: state_observable_init_side_effects

    init(league: String) {
        self.league = league
        _scoreboard = State(initialValue: ScoreboardModel(autoRefresh: true))
    }

    var body: some View {
        List(scoreboard.rows, id: \.self) { Text($0) }
            .navigationTitle(league)
    }
}

struct PlayerSearchView: View {
    @State private var search = PlayerSearchModel()
    @State private var transfers = TransferFeedModel() // expect: state_observable_init_side_effects

    var body: some View {
        List(search.results, id: \.self) { Text($0) }
            .navigationTitle(transfers.latest)
    }
}
