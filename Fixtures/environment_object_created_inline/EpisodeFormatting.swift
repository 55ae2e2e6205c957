import Foundation
import SwiftUI

/// Formatters shared by the rows below: nothing in it changes after `init`, so a fresh
/// one on every evaluation loses nothing.
@MainActor
final class EpisodeFormatting: ObservableObject {
    let duration = DateComponentsFormatter()
    let date = DateFormatter()
}

struct EpisodeListSection: View {
    let episodes: [Episode]

    var body: some View {
        ForEach(episodes) { episode in
            Text(episode.title)
        }
        .environmentObject(EpisodeFormatting())
    }
}
