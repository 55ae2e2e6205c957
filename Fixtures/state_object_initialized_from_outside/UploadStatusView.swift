import SwiftUI

/// `.init(wrappedValue:)` with a parameter hands an existing object to `StateObject`, but
/// every caller passes a stable instance (the gallery's own `@StateObject`) or builds the
/// view once (a hosting root): the object never changes, nothing is thrown away.
struct UploadStatusView: View {
    @StateObject private var queue: UploadQueue
    let title: String

    init(title: String, queue: UploadQueue) {
        self.title = title
        _queue = .init(wrappedValue: queue)
    }

    var body: some View {
        VStack {
            Text(title)
            ProgressView(value: queue.progress)
            Text("\(queue.pending.count) waiting")
        }
    }
}

/// The object is the view's own: created with an initial value.
struct UploadBadge: View {
    @StateObject private var queue = UploadQueue()

    var body: some View {
        Text("\(queue.pending.count)")
            .opacity(queue.progress < 1 ? 1 : 0)
    }
}

/// The parent owns the queue: `@ObservedObject` is right for a passed-in object.
struct UploadRow: View {
    @ObservedObject var queue: UploadQueue

    var body: some View {
        ProgressView(value: queue.progress)
        Text("\(queue.pending.count) waiting")
    }
}
