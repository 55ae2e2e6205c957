import SwiftUI

/// A download bar. The counts follow `items` in its `didSet`; every write of `items`
/// is followed in the same flow by a `@Published` write (`isOn`), so the counts are
/// announced. `note` changes in an observer whose property nothing announces.
@MainActor
final class DownloadBar: ObservableObject {
    @Published private(set) var isOn = false
    private(set) var items: [Int] = [] {
        didSet {
            finished = items.filter { $0 > 0 }.count
            remaining = items.count - finished
        }
    }
    private(set) var finished = 0
    private(set) var remaining = 0
    private(set) var label = "" {
        didSet { note = label.uppercased() }
    }
    private(set) var note = "" // expect: missing_published

    func apply(_ new: [Int]) {
        items = new
        isOn = !new.isEmpty
    }

    func rename(_ text: String) { label = text }
}

struct DownloadBarView: View {
    @ObservedObject var bar: DownloadBar

    var body: some View {
        VStack {
            Text(bar.isOn ? "Downloading" : "Paused")
            Text("\(bar.finished) of \(bar.remaining + bar.finished)")
            Text(bar.note)
            Button("Clear") { bar.apply([]) }
            Button("Rename") { bar.rename("Downloads") }
        }
    }
}
