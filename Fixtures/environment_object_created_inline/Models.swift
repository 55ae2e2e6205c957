import Combine
import Foundation
import Observation

struct Episode: Identifiable, Hashable {
    let id = UUID()
    var title: String
}

@MainActor
final class PodcastLibrary: ObservableObject {
    @Published var episodes: [Episode] = []
    static let shared = PodcastLibrary()

    func refresh() {
        episodes.removeAll()
    }
}

@MainActor
final class PlayerStore: ObservableObject {
    @Published var current: Episode?

    func play(_ episode: Episode) {
        current = episode
    }
}

@MainActor
@Observable
final class PlaybackPreferences {
    var speed = 1.0

    func faster() {
        speed += 0.5
    }
}

@MainActor
@Observable
final class DownloadQueue {
    var pending: [Episode] = []

    func enqueue(_ episode: Episode) {
        pending.append(episode)
    }
}

@MainActor
final class EpisodeEditor: ObservableObject {
    @Published var title: String

    init(episode: Episode) {
        title = episode.title
    }
}

@MainActor
final class ListeningSession: ObservableObject {
    @Published var minutes = 0

    func tick() {
        minutes += 1
    }
}

func makeListeningSession() -> ListeningSession {
    ListeningSession()
}
