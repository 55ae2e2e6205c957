import Foundation

/// The system's remote commands (lock screen, headphones) run the models' methods: the
/// objects' state changes after they reach the views.
@MainActor
final class RemoteCommands: NSObject {
    let library = PodcastLibrary.shared
    let player = PlayerStore()
    let preferences = PlaybackPreferences()
    let queue = DownloadQueue()
    let session = ListeningSession()

    @objc func handle(_ command: String, episode: Episode) {
        switch command {
        case "refresh": library.refresh()
        case "play": player.play(episode)
        case "faster": preferences.faster()
        case "enqueue": queue.enqueue(episode)
        default: session.tick()
        }
    }
}
