import Observation
import SwiftUI

/// Ignored storage whose changes travel with a tracked change the view reads, or happen
/// only before the model reaches a view, or after an `await` with nothing tracked changing.
@MainActor
@Observable final class SlideThumbnails {
    private(set) var revision = 0
    var isLoading = false
    @ObservationIgnored private var images: [String: String] = [:]
    @ObservationIgnored var deckName = ""
    @ObservationIgnored var lastError: String? // expect: untracked_observable_read
    @ObservationIgnored var slides: [String] = []

    // A revision counter every reader of `thumbnail(for:)` also reads.
    func store(_ image: String, for slide: String) {
        images[slide] = image
        bump()
    }

    private func bump() { revision += 1 }

    func thumbnail(for slide: String) -> String? { images[slide] }

    // The loading flag the view reads changes in the same flow as `slides`.
    func load() async {
        isLoading = true
        let loaded = await SlideSource.fetch()
        slides = loaded
        isLoading = false
    }

    // After the `await`, nothing tracked changes.
    func retry() async {
        _ = await SlideSource.fetch()
        lastError = "Still offline"
    }

    func name(_ deck: String) { deckName = deck }
}

enum SlideSource {
    static func fetch() async -> [String] { ["Intro"] }
}

enum SlideThumbnailsScreen {
    /// The deck name is set by the creator before the view gets the model.
    static func make() -> SlideThumbnailStrip {
        let thumbnails = SlideThumbnails()
        thumbnails.name("Keynote")
        return SlideThumbnailStrip(thumbnails: thumbnails)
    }
}

struct SlideThumbnailStrip: View {
    let thumbnails: SlideThumbnails

    var body: some View {
        VStack {
            Text(thumbnails.deckName)
            Text("Revision \(thumbnails.revision)")
            if thumbnails.isLoading { ProgressView() }
            ForEach(thumbnails.slides, id: \.self) { slide in
                Text(thumbnails.thumbnail(for: slide) ?? slide)
            }
            if let error = thumbnails.lastError { Text(error) }
        }
        .task { await thumbnails.load() }
        .refreshable { await thumbnails.retry() }
    }
}
