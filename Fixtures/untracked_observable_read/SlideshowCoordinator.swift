import Foundation

/// Drives a slideshow over the gallery: moves the highlight every few seconds.
@MainActor
final class SlideshowCoordinator {
    private let gallery: GalleryModel
    private var index = 0

    init(gallery: GalleryModel) {
        self.gallery = gallery
    }

    func advance() {
        guard !gallery.photos.isEmpty else { return }
        index = (index + 1) % gallery.photos.count
        gallery.highlightedID = gallery.photos[index].id
    }
}
