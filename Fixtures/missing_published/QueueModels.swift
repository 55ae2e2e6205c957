import AppKit
import Combine
import SwiftUI

/// The upload queue. `pending` changes silently, and `UploadQueueView` shows it through the
/// computed `summary`: the count on screen lags.
@MainActor
final class UploadQueue: ObservableObject {
    var pending: [URL] = [] // expect: missing_published
    @Published var isPaused = false

    var summary: String { "\(pending.count) waiting" }

    func add(_ url: URL) { pending.append(url) }
}

struct UploadQueueView: View {
    @ObservedObject var queue: UploadQueue

    var body: some View {
        HStack {
            Text(queue.summary)
            Toggle("Paused", isOn: $queue.isPaused)
        }
    }
}

/// Statistics shown by an AppKit window controller only: no view renders them.
@MainActor
final class UploadStatistics: ObservableObject {
    var bytesSent: Int64 = 0
    var sentText: String { ByteCountFormatter.string(fromByteCount: bytesSent, countStyle: .file) }

    func record(_ bytes: Int64) { bytesSent += bytes }
}

final class StatisticsWindowController: NSWindowController {
    let statistics = UploadStatistics()

    func refresh() { window?.title = statistics.sentText }
}

/// `lastBatch` changes together with the published `batchCount` in the same function:
/// that change re-renders the views.
@MainActor
final class BatchUploader: ObservableObject {
    @Published var batchCount = 0
    var lastBatch: [URL] = []
    private var sortedNamesCache: [String]?

    /// A cache filled while a view reads it: publishing it there would publish during a
    /// view update.
    var sortedNames: [String] {
        if let sortedNamesCache { return sortedNamesCache }
        let names = lastBatch.map(\.lastPathComponent).sorted()
        sortedNamesCache = names
        return names
    }

    func upload(_ urls: [URL]) {
        lastBatch = urls
        sortedNamesCache = nil
        batchCount += 1
    }
}

struct BatchView: View {
    @ObservedObject var uploader: BatchUploader

    var body: some View {
        List(uploader.sortedNames, id: \.self) { Text($0) }
            .navigationTitle("Batch \(uploader.batchCount): \(uploader.lastBatch.count) files")
    }
}

/// `@AppStorage` in an ObservableObject announces the changes made through the property.
@MainActor
final class UploadPreferences: ObservableObject {
    @AppStorage("uploadsOverCellular") var overCellular = false
}

struct UploadPreferencesView: View {
    @StateObject private var preferences = UploadPreferences()

    var body: some View {
        Toggle("Upload over cellular", isOn: $preferences.overCellular)
    }
}
