import SwiftUI

/// Root of the podcast scenario: owns the models and injects the library.
struct PodcastRootView: View {
    @StateObject private var library = PodcastLibrary()
    @StateObject private var scene = PlayerSceneModel()
    @StateObject private var directory = PodcastDirectory(baseURL: URL(string: "https://example.com")!)
    @StateObject private var history = PlaybackHistory()
    @StateObject private var queue = QueueManager()
    @StateObject private var downloads = DownloadManager()
    @StateObject private var chapters = ChapterNavigator(chapterTitles: ["Intro", "Interview", "Outro"])

    var body: some View {
        TabView {
            LatestEpisodesView(onPlay: { episode in
                scene.play(episode)
                history.record(episode.id)
            })
            .tabItem { Label("Latest", systemImage: "sparkles") }

            SubscriptionsView(recentEpisodes: queue.queue)
                .tabItem { Label("Library", systemImage: "square.stack") }

            PodcastSettingsView(directory: directory, history: history, queue: queue, downloads: downloads)
                .tabItem { Label("Settings", systemImage: "gear") }
        }
        .safeAreaInset(edge: .bottom) {
            NowPlayingBar(player: scene.player, onExpand: { scene.isExpanded = true })
        }
        .sheet(isPresented: $scene.isExpanded) {
            ChapterListView(chapters: chapters)
        }
        .environmentObject(library)
    }
}

#Preview {
    PodcastRootView()
}
