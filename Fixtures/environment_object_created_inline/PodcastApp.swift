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
