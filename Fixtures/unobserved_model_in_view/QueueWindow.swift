import AppKit
import SwiftUI

/// Built only once, as a hosting view's root: `observable_created_in_view_property` is silent
/// (the queue is created once too), but `body` reads `queue.songs`, which the plain `let`
/// never observes, so the panel keeps its first song count.
struct QueuePanel: View {
    let queue = PlaybackQueue() // expect: unobserved_model_in_view

    var body: some View {
        Text("\(queue.songs.count) queued")
    }
}

final class QueueWindowController: NSWindowController {
    convenience init() {
        self.init(window: NSWindow(contentViewController: NSViewController()))
        window?.contentView = NSHostingView(rootView: QueuePanel())
    }
}
