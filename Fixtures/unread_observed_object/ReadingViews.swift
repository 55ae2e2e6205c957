import SwiftUI

/// Reads the player in its body, and passes it on.
struct LibraryScreen: View {
    @ObservedObject var player: PlayerModel

    var body: some View {
        NavigationStack {
            VStack {
                Text(player.isPlaying ? "Playing" : "Paused")
                TransportButtons(player: player)
                EpisodeHeader(player: player, episode: 1)
                PositionSlider(player: player)
                PhaseLabel(player: player)
                StatusBadge(player: player)
                MiniPlayer(player: player)
                DownloadQueue()
                SettingsForm()
                ArtworkToggle()
                WelcomeScreen()
                DownloadButton(episode: "1")
                EpisodeTitle(title: "Pilot")
                RefreshingList(episodes: ["1", "2"])
                ReinjectingContainer()
                EventCounter()
            }
        }
    }
}

/// Reads through a method.
struct EpisodeHeader: View {
    @ObservedObject var player: PlayerModel
    let episode: Int

    var body: some View {
        Text(player.title(for: episode))
    }
}

/// Hands a binding to a control.
struct PositionSlider: View {
    @ObservedObject var player: PlayerModel

    var body: some View {
        Slider(value: $player.position, in: 0...3600)
    }
}

/// Reads in `.onChange(of:)`'s value, which the body evaluates.
struct PhaseLabel: View {
    @ObservedObject var player: PlayerModel

    var body: some View {
        Text("Now")
            .onChange(of: player.phase) { _, newPhase in
                print(newPhase)
            }
    }
}

/// Reads in a computed property and a helper function the body calls.
struct StatusBadge: View {
    @ObservedObject var player: PlayerModel

    private var symbol: String { player.isPlaying ? "play.fill" : "pause.fill" }

    var body: some View {
        Label(caption(), systemImage: symbol)
    }

    private func caption() -> String {
        "\(Int(player.position))s"
    }
}

/// Reads in a `@ViewBuilder` helper.
struct MiniPlayer: View {
    @ObservedObject var player: PlayerModel

    var body: some View {
        HStack { progress }
    }

    @ViewBuilder
    private var progress: some View {
        if player.isPlaying {
            ProgressView(value: player.position, total: 3600)
        }
    }
}

/// Passes the store on to a child.
struct DownloadQueue: View {
    @EnvironmentObject private var downloads: DownloadStore

    var body: some View {
        DownloadRows(downloads: downloads)
    }
}

struct DownloadRows: View {
    @ObservedObject var downloads: DownloadStore

    var body: some View {
        ForEach(downloads.queued, id: \.self) { Text($0) }
        Text("\(downloads.bytesPerSecond) B/s")
    }
}

/// Bindings through the projected value.
struct SettingsForm: View {
    @EnvironmentObject private var settings: LibrarySettings

    var body: some View {
        Form {
            Toggle("Artwork", isOn: $settings.showsArtwork)
        }
    }
}

/// Reads in the body, changes in an action.
struct ArtworkToggle: View {
    @EnvironmentObject private var settings: LibrarySettings

    var body: some View {
        Button(settings.sortAscending ? "Ascending" : "Descending") {
            settings.sortAscending.toggle()
        }
    }
}

/// Re-injects the object into a subtree.
struct ReinjectingContainer: View {
    @EnvironmentObject private var settings: LibrarySettings

    var body: some View {
        EpisodeTitle(title: "Bonus")
            .environmentObject(settings)
    }
}

/// Observes the shared tracker, and reads it through the type.
struct EventCounter: View {
    @ObservedObject private var tracker: AnalyticsTracker = .shared

    var body: some View {
        Text("\(AnalyticsTracker.shared.sentEvents) events")
    }
}

/// Preview-only views may hold objects for their children.
struct TransportButtons_Previews: PreviewProvider {
    struct Preview: View {
        @StateObject private var tracker = AnalyticsTracker()
        @StateObject private var player = PlayerModel()

        var body: some View {
            TransportButtons(player: player)
        }
    }

    static var previews: some View {
        Preview()
    }
}
