import SwiftUI

/// A `@StateObject` fed the caller's object: harmful only when the caller replaces it.
@MainActor
final class GalleryFeedModel: ObservableObject {
    @Published var photos: [Photo] = []
}

@MainActor
final class GalleryHome: ObservableObject {
    @Published var feed = GalleryFeedModel()
    let pinned = GalleryFeedModel()

    /// A refresh builds a new feed: a view that kept the old one in `@StateObject` never sees it.
    func refresh() async {
        feed = GalleryFeedModel()
        pinned.photos = []
    }
}

struct GalleryFeedView: View {
    @StateObject var model: GalleryFeedModel // expect: state_object_initialized_from_outside
    var body: some View { Text("\(model.photos.count) photos") }
}

/// The pinned feed is a `let`: the same object for the home's lifetime.
struct GalleryPinnedView: View {
    @StateObject var model: GalleryFeedModel
    var body: some View { Text("\(model.photos.count) pinned") }
}

struct GalleryHomeView: View {
    @StateObject private var home = GalleryHome()

    var body: some View {
        VStack {
            GalleryFeedView(model: home.feed)
            GalleryPinnedView(model: home.pinned)
        }
        .refreshable { await home.refresh() }
    }
}
