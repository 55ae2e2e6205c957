import SwiftUI

struct GalleryView: View {
    let model: GalleryModel

    var body: some View {
        VStack {
            Text("\(model.selectedCount) selected")
            Text(model.highlightedID?.uuidString ?? "")
            Text("Since \(model.createdAt.formatted())")
            Text(model.metadataSummary)
            Text("\(model.thumbnailCount) thumbnails")
            Picker("Sort", selection: Bindable(model).sortOrder) {
                ForEach(SortOrder.allCases, id: \.self) { Text($0.rawValue) }
            }
            ForEach(model.photos) { photo in
                Button(photo.title) { model.toggleSelection(photo) }
            }
        }
        .onAppear { model.prefetch() }
    }
}
