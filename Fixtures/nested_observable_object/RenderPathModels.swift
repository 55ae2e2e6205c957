import AppKit
import Combine
import SwiftUI

@MainActor
final class ExportJob: ObservableObject {
    @Published var progress = 0.0
    @Published var fileName = ""

    func advance(to value: Double) {
        progress = value
    }
}

/// The studio holds the export job; its computed `exportStatus` reads the job's progress,
/// and `StudioStatusBar` shows it: the bar does not move while the export runs.
@MainActor
final class Studio: ObservableObject {
    let export = ExportJob() // expect: nested_observable_object
    /// A back-reference to the window's owner: not a child it owns.
    weak var owner: StudioWindowModel?
    /// Republished: the studio copies the job's name into its own `@Published` title.
    let titleSource = ExportJob()
    @Published var title = ""

    init() {
        titleSource.$fileName.assign(to: &$title)
    }

    var exportStatus: String { "\(Int(export.progress * 100))%" }
}

@MainActor
final class StudioWindowModel: ObservableObject {
    @Published var isFullScreen = false
}

struct StudioStatusBar: View {
    @ObservedObject var studio: Studio

    var body: some View {
        HStack {
            Text(studio.exportStatus)
            Text(studio.titleSource.fileName)
            Text(studio.owner?.isFullScreen == true ? "Full screen" : "Window")
        }
    }
}

/// A second parent whose view subscribes to the child itself.
@MainActor
final class RenderQueue: ObservableObject {
    let current = ExportJob()
}

struct RenderQueueRow: View {
    @ObservedObject var queue: RenderQueue
    @State private var progress = 0.0

    var body: some View {
        ProgressView(value: queue.current.progress)
            .onReceive(queue.current.$progress) { progress = $0 }
    }
}

/// A parent whose child is read only by an AppKit controller.
@MainActor
final class Archive: ObservableObject {
    let job = ExportJob()
}

final class ArchiveMenuController: NSObject {
    let archive = Archive()

    func update(_ item: NSMenuItem) { item.title = archive.job.fileName }
}
