import SwiftUI

struct SubscriptionsView: View {
    @EnvironmentObject private var library: PodcastLibrary
    let recentEpisodes: [Episode]

    var body: some View {
        List {
            Section("Subscriptions (\(library.subscriptions.count))") {
                ForEach(library.subscriptions) { podcast in
                    VStack(alignment: .leading) {
                        Text(podcast.title)
                        Text(podcast.author)
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                    .swipeActions {
                        Button("Unsubscribe", role: .destructive) {
                            library.unsubscribe(from: podcast)
                        }
                    }
                }
            }
            Section("Downloads") {
                ForEach(recentEpisodes) { episode in
                    HStack {
                        Text(episode.title)
                        Spacer()
                        if let fraction = library.downloadProgress[episode.id] {
                            ProgressView(value: fraction)
                                .frame(width: 60)
                        }
                    }
                }
            }
        }
        .toolbar {
            Button("Shuffle", systemImage: library.shuffleSymbol) {
                library.toggleShuffle()
            }
        }
        .refreshable {
            await library.refreshAll()
        }
    }
}
