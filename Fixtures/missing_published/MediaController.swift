import Combine
import Foundation

/// Shared base for everything that plays audio. Subclasses are ObservableObjects through
/// this class.
@MainActor
// Subclassed by PodcastPlayer (and, later, the radio player).
class MediaController: ObservableObject {
    @Published var isPlaying = false
    @Published var lastError: String?

    func pause() {
        isPlaying = false
    }

    func resume() {
        lastError = nil
        isPlaying = true
    }
}
