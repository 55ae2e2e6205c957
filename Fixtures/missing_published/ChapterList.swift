import Combine
import SwiftUI

/// An episode's chapter list. `title` is settled during initialization (by a private
/// setup method only `init` calls); `currentIndex` changes as playback moves on, through
/// the same setup helper as `init` uses for the title.
@MainActor
final class ChapterList: ObservableObject {
    private(set) var title = ""
    private(set) var currentIndex = 0 // expect: missing_published
    @Published var chapters: [String] = []

    var heading: String { "\(title): chapter \(currentIndex + 1)" }

    init(episodeTitle: String) {
        applyTitle(episodeTitle)
        moveTo(0)
    }

    func advance() { moveTo(currentIndex + 1) }

    private func applyTitle(_ episodeTitle: String) {
        title = episodeTitle.trimmingCharacters(in: .whitespaces)
    }

    private func moveTo(_ index: Int) {
        currentIndex = index
    }
}

struct ChapterHeading: View {
    @ObservedObject var chapters: ChapterList

    var body: some View {
        Text(chapters.heading)
        Button("Next") { chapters.advance() }
    }
}
