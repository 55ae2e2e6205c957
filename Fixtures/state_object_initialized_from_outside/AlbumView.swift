import SwiftUI

/// The parent passes the view model through the memberwise initializer, which takes
/// `StateObject`'s autoclosure: `AlbumViewModel(albumID:)` is evaluated once, when the view
/// first appears, not on every render of the parent.
struct AlbumView: View {
    @StateObject var model: AlbumViewModel

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
        AlbumCountView(model: AlbumViewModel(albumID: albumID))
    }
}

/// An explicit initializer takes the object, so the screen builds one on every render, but
/// from its constant `albumID`, with an initializer that only stores it: an allocation
/// thrown away, nothing lost.
struct AlbumCountView: View {
    @StateObject private var model: AlbumViewModel

    init(model: AlbumViewModel) {
        _model = StateObject(wrappedValue: model)
    }

    var body: some View {
        Text("\(model.photos.count) photos")
    }
}
