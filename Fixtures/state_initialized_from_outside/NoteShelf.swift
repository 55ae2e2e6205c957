import SwiftUI

struct ShelfNote: Identifiable {
    let id: Int
    var title: String
}

/// The shelf's filter selects notes and its page loads add them: neither changes a note
/// under its id.
@MainActor final class NoteShelf: ObservableObject {
    @Published private(set) var notes: [ShelfNote] = []
    @Published var prefix = ""

    var shown: [ShelfNote] { prefix.isEmpty ? notes : notes.filter { $0.title.hasPrefix(prefix) } }

    func loadMore() async { notes.append(contentsOf: await fetch()) }
    func fetch() async -> [ShelfNote] { [] }
}

struct NoteShelfView: View {
    @StateObject private var shelf = NoteShelf()
    @State private var address = ""
    @State private var query = ""
    @State private var heading = ""
    @State private var showsSource = false

    var body: some View {
        NavigationStack {
            List {
                TextField("Filter", text: $shelf.prefix)
                ForEach(shelf.shown) { note in ShelfNoteCard(note: note) }
                ShelfAddressField(address: $address)
                Button("Source") { showsSource = true }
            }
            .searchable(text: $query)
            .onChange(of: query) { _, new in heading = new }
            .task { await shelf.loadMore() }
            // The field and the search are on the screen the push covers.
            .navigationDestination(isPresented: $showsSource) { ShelfSource(address: address, heading: heading) }
        }
    }
}

struct ShelfNoteCard: View {
    @State var note: ShelfNote // expect: state_initialized_from_parameter

    var body: some View { Text(note.title) }
}

struct ShelfAddressField: View {
    @Binding var address: String

    var body: some View { TextField("Address", text: $address) }
}

struct ShelfSource: View {
    @State var address: String // expect: state_initialized_from_parameter
    @State var heading: String // expect: state_initialized_from_parameter

    var body: some View { Text(heading + address) }
}
