import SwiftUI

struct LatestEpisodesView: View {
    @StateObject private var feed = EpisodeFeed()
    let onPlay: (Episode) -> Void

    var body: some View {
        List(feed.latestEpisodes) { episode in
            Button {
                onPlay(episode)
            } label: {
                VStack(alignment: .leading) {
                    Text(episode.title)
                    Text(episode.publishedAt, style: .date)
                        .font(.caption)
                }
            }
        }
        .overlay {
            if let message = feed.lastError {
                ContentUnavailableView("Couldn't load", systemImage: "wifi.slash", description: Text(message))
            }
        }
        .task {
            feed.reload()
        }
    }
}
