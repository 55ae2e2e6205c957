import SwiftUI

struct LibraryView: View {
    @EnvironmentObject private var library: PodcastLibrary
    @State private var editing: Episode?
    @State private var downloads = DownloadQueue()

    var body: some View {
        NavigationStack {
            List(library.episodes) { episode in
                Text(episode.title)
                    .swipeActions {
                        Button("Edit") { editing = episode }
                    }
            }
            .navigationTitle("Library")
            .toolbar { toolbarContent }
        }
        .environment(DownloadQueue()) // expect: environment_object_created_inline
        .sheet(item: $editing) { episode in
            EpisodeEditorView()
                .environmentObject(EpisodeEditor(episode: episode)) // expect: environment_object_created_inline
        }
    }

    @ViewBuilder
    private var toolbarContent: some View {
        DownloadsButton()
            .environment(downloads)
        SessionBadge()
            .environmentObject(ListeningSession()) // expect: environment_object_created_inline
    }
}

struct EpisodeEditorView: View {
    @EnvironmentObject private var editor: EpisodeEditor

    var body: some View {
        TextField("Title", text: $editor.title)
    }
}

struct DownloadsButton: View {
    @Environment(DownloadQueue.self) private var queue

    var body: some View {
        Text("\(queue.pending.count) downloading")
    }
}

struct SessionBadge: View {
    @EnvironmentObject private var session: ListeningSession

    var body: some View {
        Text("\(session.minutes) min")
    }
}

struct PlaybackSettingsView: View {
    @Environment(PlaybackPreferences.self) private var preferences
    @EnvironmentObject private var player: PlayerStore

    var body: some View {
        Text("Speed \(preferences.speed) \(player.current?.title ?? "")")
    }
}
