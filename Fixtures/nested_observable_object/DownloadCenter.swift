import Combine
import Foundation

/// Owns the download that is currently running.
@MainActor
final class DownloadCenter: ObservableObject {
    @Published var activeTask: DownloadTask? // expect: nested_observable_object
    @Published private(set) var completed: [Track] = []

    func start(_ track: Track) {
        activeTask = DownloadTask(track: track)
    }

    func finish() {
        if let track = activeTask?.track {
            completed.append(track)
        }
        activeTask = nil
    }
}
