import SwiftUI

/// Detail screen for one note.
///
/// `title` is seeded from the note in `init`, but the view re-syncs it whenever the parent
/// hands in a different note (`.onChange(of: note)`), so the copy never goes stale.
struct NoteDetailView: View {
    let note: Note
    let onUpdate: (Note) -> Void
    @State private var title: String
    @State private var isShowingInspector = false
    @State private var isEditingTags = false
    @State private var openedAt = Date.now

    init(note: Note, onUpdate: @escaping (Note) -> Void) {
        self.note = note
        self.onUpdate = onUpdate
        _title = State(initialValue: note.title)
    }

    private var tintBinding: Binding<NoteTint> {
        Binding(
            get: { note.tint },
            set: { newTint in
                var copy = note
                copy.tint = newTint
                onUpdate(copy)
            }
        )
    }

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                NoteHeader(note: note, onRename: rename, isCollapsed: note.wordCount > 400)
                NoteBodyEditor(text: note.body) { newText in
                    var copy = note
                    copy.body = newText
                    onUpdate(copy)
                }
                NoteStatusLine(note: note, status: "Saved")
                NotePreviewText(note: note, rendered: AttributedString(note.body))
                NoteOpenedLabel(since: openedAt)
                NoteLiveTitle(title: title)
                NoteTitleBadge(title: title)
                NoteTitleStamp(title: title)
                NoteMetadataForm(note: note)
                NoteAttachmentsList(note: note)
                #if os(iOS)
                NavigationLink("Share…") {
                    ShareOptionsView(note: note, includesTitle: true)
                }
                #endif
            }
            .padding()
        }
        .navigationTitle($title)
        .onSubmit { rename(title) }
        .onChange(of: note) { _, newValue in
            title = newValue.title
        }
        .inspector(isPresented: $isShowingInspector) {
            NoteInspector(note: note, tint: tintBinding)
        }
        .toolbar {
            Button("Tags") { isEditingTags = true }
            Button("Inspector", systemImage: "sidebar.right") {
                isShowingInspector.toggle()
            }
        }
        .sheet(isPresented: $isEditingTags) {
            TagEditor(tags: note.tags) { tags in
                var copy = note
                copy.tags = tags
                onUpdate(copy)
                isEditingTags = false
            }
        }
    }

    private func rename(_ newTitle: String) {
        var copy = note
        copy.title = newTitle
        onUpdate(copy)
    }
}

#Preview {
    NavigationStack {
        NoteDetailView(note: Note.samples[1]) { _ in }
    }
}
