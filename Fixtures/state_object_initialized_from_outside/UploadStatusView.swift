import SwiftUI

/// `.init(wrappedValue:)` with a parameter is the same mistake.
struct UploadStatusView: View {
    @StateObject private var queue: UploadQueue // expect: state_object_initialized_from_outside
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
