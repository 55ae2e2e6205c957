import SwiftUI
import UIKit

/// The callers of the gallery views: what they pass, and where, decides whether a view
/// that takes its `@StateObject` from outside goes wrong.
struct GalleryScreen: View {
    @StateObject private var uploads = UploadQueue()
    @State private var photos: [Photo] = []
    @State private var query = ""

    var body: some View {
        NavigationStack {
            List(photos) { photo in
                NavigationLink(photo.title) {
                    // Presented content: a new model each time the list renders.
                    PhotoEditorView(editor: PhotoEditorModel(photo: photo))
                }
            }
            // A stable instance: the screen's own `@StateObject`.
            UploadStatusView(title: "Uploads", queue: uploads)
            SlideshowView(photos: photos)
            CoverSlideView(cover: photos.first)
            PhotoSearchView(query: query)
            // The photos and the query change: the views above keep objects built from old ones.
            Button("Shuffle") { photos.shuffle() }
            // Covered while an editor is pushed over the list: no witness on its own.
            Button("Rename first") { photos[0].title = "Cover" }
        }
        .searchable(text: $query)
        // A photo's title changes under the same id while an editor is pushed: the open
        // editor keeps the old one.
        .onReceive(NotificationCenter.default.publisher(for: .photoRenamed)) { _ in photos[0].title = "Renamed" }
    }
}

extension Notification.Name {
    static let photoRenamed = Notification.Name("photoRenamed")
}

/// Built once, as a hosting controller's root: the queue is built once too.
final class UploadsWindowController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let host = UIHostingController(rootView: UploadStatusView(title: "All uploads", queue: UploadQueue()))
        addChild(host)
        view.addSubview(host.view)
    }
}
