import SwiftUI

/// "Saved 2 min ago" line. The parent seeds `status`, and the view re-syncs it itself
/// every time the note is saved (`.onChange(of:)` with the zero-argument closure).
struct NoteStatusLine: View {
    let note: Note
    @State var status: String

    var body: some View {
        Text(status)
            .font(.caption)
            .foregroundStyle(.secondary)
            .onChange(of: note.modifiedAt) {
                status = "Saved \(note.modifiedAt.formatted(date: .omitted, time: .shortened))"
            }
    }
}

/// Markdown rendering of the body. The parent passes a plain rendering to start with;
/// `.task(id:)` re-renders whenever the body changes, so the state follows the note.
struct NotePreviewText: View {
    let note: Note
    @State var rendered: AttributedString

    var body: some View {
        Text(rendered)
            .textSelection(.enabled)
            .task(id: note.body) {
                rendered = (try? AttributedString(markdown: note.body)) ?? AttributedString(note.body)
            }
    }
}
