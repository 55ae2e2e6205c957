import Combine
import Foundation

/// The "Latest" feed. An ObservableObject through `FeedProviding` (FeedProviding.swift).
@MainActor
final class EpisodeFeed: FeedProviding {
    @Published var lastError: String?

    /// `reload()` mutates a `@Published` property, but this one is assigned later, in the
    /// completion closure it creates: nothing announces that change.
    var latestEpisodes: [Episode] = [] // expect: missing_published

    private let client: any EpisodeFetching

    init(client: any EpisodeFetching = FeedClient()) {
        self.client = client
    }

    func reload() {
        lastError = nil
        client.fetchLatest { episodes in
            Task { @MainActor [weak self] in
                self?.latestEpisodes = episodes
            }
        }
    }
}
