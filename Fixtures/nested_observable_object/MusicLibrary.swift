import Combine
import Foundation

/// App-wide library, injected with `.environmentObject`.
@MainActor
final class MusicLibrary: ObservableObject {
    /// The library's own changes are published, the download queue's are not: LibraryView
    /// reads `library.downloads.progress` and never sees it move.
    let downloads = DownloadQueue() // expect: nested_observable_object

    @Published var playlists: [Playlist] = [] // expect: nested_observable_object

    @Published var selectedPlaylistID: Playlist.ID? // expect: published_never_read
    @Published private(set) var tracks: [Track] = []

    /// Read by the navigation title. Renaming the first playlist changes the playlist, not
    /// `playlists`, so this goes stale.
    var featuredPlaylistName: String {
        playlists.first?.name ?? "Library"
    }

    func addPlaylist(named name: String) {
        playlists.append(Playlist(name: name))
    }

    func download(_ track: Track) {
        downloads.add(track)
    }
}
