import SwiftUI

@main
struct PodcastApp: App {
    @StateObject private var library = PodcastLibrary()

    var body: some Scene {
        WindowGroup {
            LibraryView()
                .environmentObject(library)
                .environmentObject(PlayerStore()) // no view LibraryView shows reads PlayerStore: its lost state is seen by none
        }
        #if os(macOS)
        Settings {
            PlaybackSettingsView()
                .environment(PlaybackPreferences()) // expect: environment_object_created_inline
        }
        #endif
    }
}

/// Screens the app shows through navigation this scenario leaves out: named here, each may
/// be shown (a view no code names never renders).
let navigationScreens: [any View.Type] = [
    QueueScreen.self, BackportQueueScreen.self, UpdateShell.self, EpisodeListSection.self, QueueShelf.self, QueueSwitcher.self, RateScreen.self, DeferredQueueScreen.self,
]
