import SwiftUI

/// Row for one playlist. Observes the playlist itself: the right way to show a child.
struct PlaylistRow: View {
    @ObservedObject var playlist: Playlist

    var body: some View {
        HStack {
            Text(playlist.name)
            Spacer()
            Text("\(playlist.tracks.count) songs")
                .foregroundStyle(.secondary)
        }
    }
}

struct PlaylistDetailView: View {
    @ObservedObject var playlist: Playlist

    var body: some View {
        List(playlist.tracks) { track in
            VStack(alignment: .leading) {
                Text(track.title)
                Text(track.artist)
                    .font(.caption)
            }
        }
        .navigationTitle($playlist.name)
    }
}

struct UpNextList: View {
    @ObservedObject var queue: PlaybackQueue

    var body: some View {
        List(queue.upNext) { track in
            Text(track.title)
        }
        .toolbar {
            Button("Skip") { queue.skip() }
        }
    }
}
