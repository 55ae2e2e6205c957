import Combine
import Foundation
import SwiftUI

/// Changes announced in the same synchronous flow, written only before the hand-out, or
/// after an `await` with nothing announcing them.
@MainActor
final class EpisodeSearch: ObservableObject {
    @Published private(set) var isSearching = false
    @Published private(set) var results: [String] = []
    private var rankedTitles: [String: Int] = [:]
    var lastQuery = "" // expect: missing_published
    var suggestions: [String] = []
    var pageTitle = ""
    private(set) var coverByTitle: [String: String] = [:]
    private(set) var staleCovers: [String: String] = [:] // expect: missing_published

    // Announced by every caller: `search` and `clear` both publish after the helper.
    func search(_ query: String) async {
        isSearching = true
        lastQuery = query
        let found = await api.search(query)
        rebuildRanking(found)
        results = found
        isSearching = false
    }

    // After the `await`, nothing announces the change.
    func refine(_ query: String) async {
        _ = await api.search(query)
        lastQuery = query
    }

    func clear() {
        rebuildRanking([])
        results = []
    }

    private func rebuildRanking(_ titles: [String]) {
        rankedTitles = Dictionary(uniqueKeysWithValues: titles.enumerated().map { ($1, $0) })
    }

    // Announced by the function it calls.
    func suggest(_ words: [String]) {
        suggestions = words
        announce()
    }

    private func announce() { objectWillChange.send() }

    func configure(title: String) { pageTitle = title }

    // Written after the helper's last `await`: every caller publishes once it returns.
    func loadCovers() async {
        let covers = await fetchCovers()
        results = Array(covers.keys)
    }

    func reloadCovers() async {
        async let covers = fetchCovers()
        results = await Array(covers.keys)
    }

    private func fetchCovers() async -> [String: String] {
        let found = await api.search("covers")
        coverByTitle = Dictionary(uniqueKeysWithValues: found.map { ($0, $0) })
        return coverByTitle
    }

    // The caller publishes before it awaits the helper, which writes after that.
    func warmCovers() async {
        async let covers = fetchStaleCovers()
        isSearching = true
        _ = await covers
    }

    private func fetchStaleCovers() async -> [String: String] {
        let found = await api.search("covers")
        staleCovers = Dictionary(uniqueKeysWithValues: found.map { ($0, $0) })
        return staleCovers
    }

    func rank(of title: String) -> Int { rankedTitles[title] ?? 0 }

    private let api = SearchAPI()
}

struct SearchAPI {
    func search(_ query: String) async -> [String] { [query] }
}

struct EpisodeSearchView: View {
    @ObservedObject var search: EpisodeSearch

    var body: some View {
        VStack {
            Text(search.pageTitle)
            if search.isSearching { ProgressView() }
            Text("Results for \(search.lastQuery)")
            ForEach(search.results, id: \.self) { Text("\(search.rank(of: $0)). \($0)") }
            ForEach(search.suggestions, id: \.self) { Text($0) }
            Text("\(search.coverByTitle.count) covers, \(search.staleCovers.count) cached")
        }
        .task { await search.search("swift") }
    }
}

/// Built and configured by its creator before the view gets it.
enum EpisodeSearchScreen {
    static func make() -> EpisodeSearchView {
        let search = EpisodeSearch()
        search.configure(title: "Search")
        return EpisodeSearchView(search: search)
    }
}

/// Both `@Observable` and `ObservableObject`: Observation tracks `nowPlaying` in every view
/// that reads it.
@MainActor
@Observable final class PlaybackSession: ObservableObject { // expect: observable_and_observable_object
    var nowPlaying = ""
    func play(_ title: String) { nowPlaying = title }
}

struct PlaybackSessionBar: View {
    @ObservedObject var session: PlaybackSession
    var body: some View { Text(session.nowPlaying) }
}
