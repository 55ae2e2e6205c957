import SwiftUI

/// The parent passes the view model through the memberwise initializer: a new
/// `AlbumViewModel` every time the parent re-renders, and only the first one is kept.
struct AlbumView: View {
    @StateObject var model: AlbumViewModel // expect: state_object_initialized_from_outside

    var body: some View {
        List(model.photos) { photo in
            Text(photo.title)
        }
        .overlay {
            if model.isLoading { ProgressView() }
        }
        .task { await model.load() }
    }
}

struct AlbumScreen: View {
    let albumID: UUID

    var body: some View {
        AlbumView(model: AlbumViewModel(albumID: albumID))
    }
}
