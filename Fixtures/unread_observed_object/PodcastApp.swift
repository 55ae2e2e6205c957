import SwiftUI

@main
struct PodcastApp: App {
    @StateObject private var player = PlayerModel()
    @StateObject private var downloads = DownloadStore()
    @StateObject private var settings = LibrarySettings()

    var body: some Scene {
        WindowGroup {
            LibraryScreen(player: player)
                .environmentObject(downloads)
                .environmentObject(settings)
        }
    }
}
