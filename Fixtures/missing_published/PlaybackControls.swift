import Combine
import Foundation
import Observation

/// Output volume. The storage is not published; the only mutation is in the setter of
/// `volume`, which calls `objectWillChange.send()` first.
@MainActor
final class VolumeControl: ObservableObject {
    private var storedVolume: Double = 0.8

    var volume: Double {
        get { storedVolume }
        set {
            objectWillChange.send()
            storedVolume = min(max(newValue, 0), 1)
        }
    }

    var isMuted: Bool {
        storedVolume == 0
    }
}

/// Chapter navigation. Announces changes by hand.
@MainActor
final class ChapterNavigator: ObservableObject {
    let chapterTitles: [String]
    var currentChapter = 0

    init(chapterTitles: [String]) {
        self.chapterTitles = chapterTitles
    }

    var currentTitle: String {
        chapterTitles.indices.contains(currentChapter) ? chapterTitles[currentChapter] : ""
    }

    func next() {
        guard currentChapter + 1 < chapterTitles.count else { return }
        objectWillChange.send()
        currentChapter += 1
    }

    func previous() {
        guard currentChapter > 0 else { return }
        objectWillChange.send()
        currentChapter -= 1
    }
}

/// Per-scene state. Its properties hold other ObservableObjects: whether they need
/// publishing is a question for nested_observable_object, not missing_published.
@MainActor
final class PlayerSceneModel: ObservableObject {
    var player: PodcastPlayer
    var miniPlayer: PodcastPlayer?
    @Published var isExpanded = false

    init(player: PodcastPlayer? = nil) {
        self.player = player ?? PodcastPlayer()
    }

    var hasMiniPlayer: Bool {
        miniPlayer != nil
    }

    func play(_ episode: Episode) {
        player.play(episode)
        isExpanded = false
    }

    func replacePlayer() {
        player.stop()
        player = PodcastPlayer()
    }

    func detachMiniPlayer() {
        miniPlayer = player
    }
}

/// Download preferences. `createdAt` and `maxConcurrent` are `var` but only assigned in
/// `init`: never mutated afterwards.
@MainActor
final class DownloadSettings: ObservableObject {
    var createdAt: Date
    var maxConcurrent: Int
    @Published var wifiOnly = true

    init(maxConcurrent: Int = 3) {
        self.createdAt = .now
        self.maxConcurrent = maxConcurrent
    }
}

/// Download manager. `failureCount` is internal and mutated, but read only by a method the
/// class calls itself: nothing view-facing reads it.
@MainActor
final class DownloadManager: ObservableObject {
    @Published private(set) var activeCount = 0
    var failureCount = 0

    func start(_ episode: Episode) {
        activeCount += 1
    }

    func finish(_ episode: Episode, succeeded: Bool) {
        activeCount -= 1
        if !succeeded {
            recordFailure()
            if shouldRetry() {
                start(episode)
            }
        }
    }

    private func recordFailure() {
        failureCount += 1
    }

    func shouldRetry() -> Bool {
        failureCount < 3
    }
}

/// Sleep timer. `@Observable`, not an ObservableObject: plain `var`s are tracked.
@Observable
final class SleepTimer { // expect: observable_object_main_actor
    var remainingMinutes = 0
    var isRunning = false

    func add(minutes: Int) {
        remainingMinutes += minutes
        isRunning = true
    }

    func cancel() {
        remainingMinutes = 0
        isRunning = false
    }
}
