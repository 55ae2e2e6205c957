import SwiftUI

/// Split view hosting the notes list and the detail screen. Everything here is correct:
/// the list and the selection are owned by this view.
struct NotesRootView: View {
    @State private var notes: [Note] = Note.samples
    @State private var selection: Note.ID?
    @State private var sortOrder: NoteSortOrder = .modified
    @State private var query = ""
    @State private var editingNote: Note?
    @AppStorage("notes.pointSize") private var pointSize: Double = 15

    private var visibleNotes: [Note] {
        let filtered = query.isEmpty
            ? notes
            : notes.filter { $0.title.localizedCaseInsensitiveContains(query) }
        switch sortOrder {
        case .modified: return filtered.sorted { $0.modifiedAt > $1.modifiedAt }
        case .title: return filtered.sorted { $0.title < $1.title }
        case .wordCount: return filtered.sorted { $0.wordCount > $1.wordCount }
        }
    }

    private var selectedIndex: Int? {
        notes.firstIndex { $0.id == selection }
    }

    var body: some View {
        NavigationSplitView {
            VStack(spacing: 0) {
                NoteSearchField(query: $query)
                List(visibleNotes, selection: $selection) { note in
                    NoteRow(note: note, isPinned: note.isPinned)
                        .swipeActions {
                            Button("Edit") { editingNote = note }
                        }
                }
            }
            .navigationTitle("Notes")
            .toolbar {
                NoteSortMenu(defaultSort: sortOrder) { sortOrder = $0 }
                FontSizeControl(pointSize: pointSize) { pointSize = $0 }
            }
        } detail: {
            if let index = selectedIndex {
                NoteDetailView(note: notes[index]) { updated in
                    notes[index] = updated
                }
            } else {
                NotePager(notes: notes, initialPage: 0)
            }
        }
        .sheet(item: $editingNote) { note in
            NoteDraftEditor(editing: note) { draft in
                guard let index = notes.firstIndex(where: { $0.id == note.id }) else { return }
                draft.apply(to: &notes[index])
            }
        }
    }
}

#Preview {
    NotesRootView()
}
