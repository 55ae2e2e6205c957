import Combine
import Foundation

struct Photo: Identifiable, Hashable {
    let id: UUID
    var title: String
    var isFavorite: Bool
}

/// Loads one album's photos.
@MainActor
final class AlbumViewModel: ObservableObject {
    @Published private(set) var photos: [Photo] = []
    @Published var isLoading = false
    let albumID: UUID

    init(albumID: UUID) {
        self.albumID = albumID
    }

    func load() async {
        isLoading = true
        photos = []
        isLoading = false
    }
}

/// Edits one photo's metadata.
@MainActor
final class PhotoEditorModel: ObservableObject {
    @Published var title: String
    @Published var isFavorite: Bool

    init(photo: Photo) {
        title = photo.title
        isFavorite = photo.isFavorite
    }
}

/// Steps through photos on a timer.
@MainActor
final class SlideshowController: ObservableObject {
    @Published var currentIndex = 0
    let photos: [Photo]

    init(photos: [Photo]) {
        self.photos = photos
    }

    func advance() {
        guard !photos.isEmpty else { return }
        currentIndex = (currentIndex + 1) % photos.count
    }
}

/// Uploads queued photos.
@MainActor
final class UploadQueue: ObservableObject {
    @Published var pending: [Photo] = []
    @Published var progress = 0.0

    func enqueue(_ photo: Photo) {
        pending.append(photo)
    }
}

/// Search over all albums.
@MainActor
final class PhotoSearchModel: ObservableObject {
    @Published var query = ""
    @Published var results: [Photo] = []
}
