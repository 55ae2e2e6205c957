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
}

@MainActor
final class PlayerStore: ObservableObject {
    @Published var current: Episode?
}

@MainActor
@Observable
final class PlaybackPreferences {
    var speed = 1.0
}

@MainActor
@Observable
final class DownloadQueue {
    var pending: [Episode] = []
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
}

func makeListeningSession() -> ListeningSession {
    ListeningSession()
}
