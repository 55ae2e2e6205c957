import SwiftUI

/// Reads every non-triggering model above from a view, through observing wrappers.
struct PodcastSettingsView: View {
    @ObservedObject var directory: PodcastDirectory
    @ObservedObject var history: PlaybackHistory
    @ObservedObject var queue: QueueManager
    @ObservedObject var downloads: DownloadManager
    @StateObject private var volume = VolumeControl()
    @StateObject private var settings = DownloadSettings()
    @State private var sleepTimer = SleepTimer()

    var body: some View {
        Form {
            Section("Directory") {
                LabeledContent("Server", value: directory.baseURL.host() ?? "—")
                Text(directory.categorySummary)
                ForEach(directory.featured) { Text($0.title) }
            }
            Section("Queue") {
                Text("\(queue.queue.count) episodes")
                Text(queue.lastChangeDescription)
                if let date = queue.lastChange {
                    Text(date, style: .time)
                }
                Text("Recently played: \(history.recent.count)")
            }
            Section("Playback") {
                Slider(value: $volume.volume, in: 0...1) {
                    Text("Volume")
                }
                Image(systemName: volume.isMuted ? "speaker.slash" : "speaker.wave.2")
                Stepper("Sleep in \(sleepTimer.remainingMinutes) min") {
                    sleepTimer.add(minutes: 5)
                } onDecrement: {
                    sleepTimer.cancel()
                }
            }
            Section("Downloads") {
                Toggle("Wi-Fi only", isOn: $settings.wifiOnly)
                LabeledContent("Parallel downloads", value: "\(settings.maxConcurrent)")
                LabeledContent("Since", value: settings.createdAt.formatted(date: .abbreviated, time: .omitted))
                LabeledContent("Active", value: "\(downloads.activeCount)")
            }
        }
        .onDisappear {
            history.flushIfNeeded()
        }
    }
}

/// Chapter list for the expanded player.
struct ChapterListView: View {
    @ObservedObject var chapters: ChapterNavigator

    var body: some View {
        VStack {
            Text("Chapter \(chapters.currentChapter + 1): \(chapters.currentTitle)")
            HStack {
                Button("Previous", systemImage: "backward.end") { chapters.previous() }
                Button("Next", systemImage: "forward.end") { chapters.next() }
            }
        }
    }
}
