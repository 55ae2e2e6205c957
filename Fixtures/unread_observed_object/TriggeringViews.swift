import SwiftUI

/// Only calls the player from button actions: re-renders on every position tick.
struct TransportButtons: View {
    @ObservedObject var player: PlayerModel // expect: unread_observed_object

    var body: some View {
        HStack {
            Button("Play") { player.play() }
            Button(action: { player.pause() }) {
                Image(systemName: "pause")
            }
            Button(action: skipAhead) {
                Image(systemName: "goforward.30")
            }
        }
    }

    private func skipAhead() {
        player.skip()
    }
}

/// Owns a tracker it only logs to.
struct WelcomeScreen: View {
    @StateObject private var tracker = AnalyticsTracker() // expect: unread_observed_object

    var body: some View {
        Text("Welcome")
            .onAppear { tracker.log("welcome") }
            .task { tracker.log("welcome.task") }
    }
}

/// Enqueues through a helper that only an action calls.
struct DownloadButton: View {
    let episode: String
    @EnvironmentObject private var downloads: DownloadStore // expect: unread_observed_object

    var body: some View {
        Button("Download", action: enqueue)
    }

    private func enqueue() {
        downloads.enqueue(episode)
    }
}

/// Declares the settings and never uses them.
struct EpisodeTitle: View {
    let title: String
    @EnvironmentObject private var settings: LibrarySettings // expect: unread_observed_object

    var body: some View {
        Text(title)
            .font(.headline)
    }
}
