import SwiftUI

/// Splitting an episode into chapters from a sheet. `splitRange` is set by the sheet's
/// first step, followed in the same action by a change of a member of the `@Published`
/// `sheet` tuple: the tuple's setter runs, its `willSet` announces, and the sheet's next
/// step reads the new range. `lastSplit` changes in an action that announces nothing.
/// The calendar grid gets one of two day lists through a binding it only reads.
@MainActor
final class EpisodeSplitter: ObservableObject {
    @Published var sheet: (isShown: Bool, step: Int) = (false, 0)
    var splitRange: ClosedRange<Int>?
    var lastSplit = "" // expect: missing_published
    var days: [Int] = []
    var weeks: [Int] = []
}

struct EpisodeSplitSheet: View {
    @ObservedObject var splitter: EpisodeSplitter
    @State private var byWeek = false

    var body: some View {
        VStack {
            if let range = splitter.splitRange {
                Text("Split at \(range.lowerBound)")
            }
            Text(splitter.lastSplit)
            Button("Choose range") {
                splitter.splitRange = 10...20
                splitter.sheet.step = 2
            }
            Button("Done") { splitter.lastSplit = "10-20" }
            EpisodeDayGrid(cells: byWeek ? $splitter.weeks : $splitter.days)
        }
    }
}

struct EpisodeDayGrid: View {
    @Binding var cells: [Int]

    var body: some View { Text("\(cells.count) days") }
}
