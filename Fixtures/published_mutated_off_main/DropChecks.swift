import SwiftUI

/// A view's method called from an `NSItemProvider` completion handler without `await`: a
/// synchronous call runs it on the handler's queue although the view is `@MainActor`.
@MainActor final class Uploads: ObservableObject {
    @Published var error: String?
    @Published var count = 0
}

struct DropZone: View {
    @StateObject private var uploads = Uploads()

    var body: some View {
        Text(uploads.error ?? "\(uploads.count) files")
            .onDrop(of: [.fileURL], isTargeted: nil) { providers in
                for provider in providers {
                    _ = provider.loadObject(ofClass: URL.self) { url, _ in
                        if let url, accept(url) { DispatchQueue.main.async { count() } }
                    }
                }
                return true
            }
    }

    func accept(_ url: URL) -> Bool {
        guard url.pathExtension == "png" else {
            uploads.error = "Only images" // expect: published_mutated_off_main
            return false
        }
        return true
    }

    func count() {
        uploads.count += 1
    }
}
