import SwiftUI

@main
struct JournalApp: App {
    @StateObject private var journal = Journal()
    @StateObject private var archive = JournalArchive()

    var body: some Scene {
        WindowGroup {
            JournalView(journal: journal, archive: archive)
        }
    }
}

struct JournalView: View {
    @ObservedObject var journal: Journal
    @ObservedObject var archive: JournalArchive

    var body: some View {
        List(journal.entries, id: \.self) { Text($0) }
            .task { await archive.restore() }
        Text("\(archive.count) archived")
        Button("Clear") { journal.replace(with: []) }
    }
}
