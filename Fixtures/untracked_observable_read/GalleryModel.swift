import Foundation
import Observation

/// The photo grid's state. Some properties are deliberately left out of Observation.
@MainActor
@Observable
final class GalleryModel {
    var photos: [Photo] = []
    var filter = ""

    /// Changed by `toggleSelection(_:)`, shown in the grid's header: views never learn of it.
    @ObservationIgnored var selectedCount = 0 // expect: untracked_observable_read

    /// Changed in `GalleryModel+Editing.swift`, read by `EditingToolbar`.
    @ObservationIgnored
    var isEditing = false // expect: untracked_observable_read

    /// A cache read through the public `thumbnailCount`, which registers nothing else.
    @ObservationIgnored private var thumbnails: [Photo.ID: Data] = [:] // expect: untracked_observable_read

    /// Changed only by `SlideshowCoordinator`, through its reference.
    @ObservationIgnored var highlightedID: Photo.ID? // expect: untracked_observable_read

    /// Never changes after init.
    @ObservationIgnored let albumID: UUID

    /// Plumbing: read and changed only here.
    @ObservationIgnored private var prefetchTask: Task<Void, Never>?

    /// Set once in init, read by views: nothing to miss.
    @ObservationIgnored var createdAt: Date

    /// Storage behind a hand-written tracked property.
    @ObservationIgnored private var _sortOrder = SortOrder.newestFirst

    /// A cache invalidated by a tracked revision counter.
    private var metadataRevision = 0
    @ObservationIgnored private var metadata: [Photo.ID: String] = [:]

    init(albumID: UUID) {
        self.albumID = albumID
        self.createdAt = Date()
    }

    var thumbnailCount: Int { thumbnails.count }

    var sortOrder: SortOrder {
        get {
            access(keyPath: \.sortOrder)
            return _sortOrder
        }
        set {
            withMutation(keyPath: \.sortOrder) { _sortOrder = newValue }
        }
    }

    var metadataSummary: String {
        _ = metadataRevision
        return "\(metadata.count) described"
    }

    func toggleSelection(_ photo: Photo) {
        if let index = photos.firstIndex(where: { $0.id == photo.id }) {
            photos[index].isSelected.toggle()
            selectedCount = photos.filter(\.isSelected).count
        }
    }

    func storeThumbnail(_ data: Data, for id: Photo.ID) {
        thumbnails[id] = data
    }

    func describe(_ id: Photo.ID, as text: String) {
        metadata[id] = text
        metadataRevision += 1
    }

    func prefetch() {
        prefetchTask?.cancel()
        prefetchTask = Task { [photos] in
            for photo in photos { _ = photo.id }
        }
    }
}

enum SortOrder: String, CaseIterable {
    case newestFirst, oldestFirst
}

struct Photo: Identifiable, Hashable {
    let id: UUID
    var title: String
    var isSelected = false
}
