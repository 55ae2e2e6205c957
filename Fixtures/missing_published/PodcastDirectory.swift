import Combine
import Foundation

/// Directory of podcasts from the server. Its configuration is `let`: never mutated, so
/// not publishing it is correct even though views and `categorySummary` read it.
@MainActor
final class PodcastDirectory: ObservableObject {
    let baseURL: URL
    let categories: [String]
    @Published var featured: [Podcast] = []

    init(baseURL: URL, categories: [String] = ["News", "Comedy", "Science"]) {
        self.baseURL = baseURL
        self.categories = categories
    }

    var categorySummary: String {
        categories.joined(separator: " · ")
    }

    func loadFeatured(_ podcasts: [Podcast]) {
        featured = podcasts
    }
}

/// Listening history. `pending` is private and only read internally (including by a
/// *private* computed property), so nothing view-facing depends on it.
@MainActor
final class PlaybackHistory: ObservableObject {
    @Published private(set) var recent: [Episode.ID] = []
    private var pending: [Episode.ID] = []

    private var hasPending: Bool {
        !pending.isEmpty
    }

    func record(_ episodeID: Episode.ID) {
        pending.append(episodeID)
        if pending.count >= 5 {
            flush()
        }
    }

    func flushIfNeeded() {
        if hasPending {
            flush()
        }
    }

    private func flush() {
        recent = Array((pending + recent).prefix(50))
        pending.removeAll()
    }
}

/// Up-next queue. `lastChange` is not published, but every function that changes it also
/// changes the `@Published queue`, so observers are invalidated on each change.
@MainActor
final class QueueManager: ObservableObject {
    @Published private(set) var queue: [Episode] = []
    var lastChange: Date?

    var lastChangeDescription: String {
        lastChange.map { "Updated \($0.formatted(.relative(presentation: .named)))" } ?? "Never updated"
    }

    func enqueue(_ episode: Episode) {
        queue.append(episode)
        lastChange = .now
    }

    func remove(_ episode: Episode) {
        queue.removeAll { $0.id == episode.id }
        lastChange = .now
    }

    func clear() {
        lastChange = nil
        queue = []
    }
}
