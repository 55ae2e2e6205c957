import Combine
import Foundation

@MainActor
final class PodcastLibrary: ObservableObject {
    @Published private(set) var isRefreshing = false // expect: published_never_read

    var subscriptions: [Podcast] = [] // expect: missing_published
    var downloadProgress: [Episode.ID: Double] = [:] // expect: missing_published
    var isShuffling = false // expect: missing_published

    var shuffleSymbol: String {
        isShuffling ? "shuffle.circle.fill" : "shuffle.circle"
    }

    func subscribe(to podcast: Podcast) {
        guard !subscriptions.contains(podcast) else { return }
        subscriptions.append(podcast)
    }

    func unsubscribe(from podcast: Podcast) {
        subscriptions.removeAll { $0.id == podcast.id }
    }

    func updateProgress(_ fraction: Double, for episodeID: Episode.ID) {
        downloadProgress[episodeID] = fraction
    }

    func toggleShuffle() {
        isShuffling.toggle()
    }

    func refreshAll() async {
        isRefreshing = true
        try? await Task.sleep(for: .seconds(1))
        isRefreshing = false
    }
}
