import AppKit
import Observation
import SwiftUI

/// An album's layout. `columnCount` is ignored but changed by `toggleDensity()`, and
/// `AlbumGrid` reads it through the computed `columns`: the grid keeps its columns.
@MainActor
@Observable
final class AlbumLayout {
    var photos: [String] = []
    @ObservationIgnored var columnCount = 3 // expect: untracked_observable_read
    /// Set in `init` only: nothing to track.
    @ObservationIgnored var albumID: String
    /// Rebuilt in the same function that changes `photos`, which `AlbumGrid` reads too.
    @ObservationIgnored private var positions: [String: Int] = [:]
    /// Filled while a view reads it.
    @ObservationIgnored private var captions: [String: String] = [:]
    /// Read by an AppKit controller only.
    @ObservationIgnored var exportedCount = 0

    init(albumID: String) {
        self.albumID = albumID
    }

    var columns: [GridItem] { Array(repeating: GridItem(.flexible()), count: columnCount) }

    func toggleDensity() { columnCount = columnCount == 3 ? 5 : 3 }

    func load(_ loaded: [String]) {
        positions = Dictionary(uniqueKeysWithValues: loaded.enumerated().map { ($1, $0) })
        photos = loaded
    }

    func position(of photo: String) -> Int { positions[photo] ?? 0 }

    func caption(for photo: String) -> String {
        if let cached = captions[photo] { return cached }
        let caption = photo.capitalized
        captions[photo] = caption
        return caption
    }

    func export() { exportedCount += 1 }
}

struct AlbumGrid: View {
    let layout: AlbumLayout

    var body: some View {
        LazyVGrid(columns: layout.columns) {
            ForEach(layout.photos, id: \.self) { photo in
                Text("\(layout.position(of: photo)). \(layout.caption(for: photo))")
            }
        }
        .navigationTitle(layout.albumID)
    }
}

final class ExportPanelController: NSViewController {
    let layout = AlbumLayout(albumID: "main")

    func refresh() { title = "\(layout.exportedCount) exported" }
}
