import SwiftUI

struct LibraryView: View {
    @EnvironmentObject private var library: MusicLibrary
    @State private var newPlaylistName = ""

    var body: some View {
        List {
            if library.downloads.progress > 0 {
                Section("Downloading") {
                    ProgressView(value: library.downloads.progress) {
                        Text("Downloading \(Int(library.downloads.progress * 100))%")
                    }
                }
            }
            Section("Playlists") {
                ForEach(library.playlists) { playlist in
                    PlaylistRow(playlist: playlist)
                }
                TextField("New playlist", text: $newPlaylistName)
                    .onSubmit {
                        library.addPlaylist(named: newPlaylistName)
                        newPlaylistName = ""
                    }
            }
        }
        .navigationTitle(library.featuredPlaylistName)
    }
}
