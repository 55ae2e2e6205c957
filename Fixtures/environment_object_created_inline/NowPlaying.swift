import SwiftUI
import CloudSync

/// Correct and out-of-scope injections: stored objects, shared instances, factories, key
/// paths, outside types, UIKit hosting and previews.
struct NowPlayingView: View {
    @StateObject private var player = PlayerStore()
    @State private var preferences = PlaybackPreferences()

    var body: some View {
        VStack {
            PlaybackSettingsView()
                .environmentObject(player)
                .environment(preferences)
            SessionBadge()
                .environmentObject(makeListeningSession())
            LibraryView()
                .environmentObject(PodcastLibrary.shared)
                .environment(\.locale, Locale(identifier: "en_US"))
            CloudStatusView()
                .environmentObject(CloudSyncSession())
        }
    }
}

final class SceneDelegate: NSObject {
    var window: UIWindow?

    func showPlayer() {
        window?.rootViewController = UIHostingController(
            rootView: NowPlayingView().environmentObject(PlayerStore()))
    }
}

/// Only previews use this host.
struct PlayerPreviewHost: View {
    var body: some View {
        PlaybackSettingsView()
            .environmentObject(PlayerStore())
            .environment(PlaybackPreferences())
    }
}

#Preview {
    PlayerPreviewHost()
}

struct LibraryView_Previews: PreviewProvider {
    static var previews: some View {
        LibraryView()
            .environmentObject(PodcastLibrary())
            .environmentObject(PlayerStore())
    }
}
