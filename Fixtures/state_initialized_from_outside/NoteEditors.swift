import SwiftUI

// Editors that copy a value handed in by the parent into their own @State in `init`.
// SwiftUI keeps the first value only. The editors that hand the edited copy back (through
// `onCommit`, `onSave`, `onEdit`) are seeded drafts, reported only by the pedantic
// `state_initialized_from_parameter`; the excerpt, fed from the root's `@State` through the
// detail screen and the header, goes stale when the note changes.

/// Inline title editor shown in the header.
struct NoteTitleEditor: View {
    @State private var title: String // expect: state_initialized_from_parameter
    private let onCommit: (String) -> Void

    init(title: String, onCommit: @escaping (String) -> Void) {
        self.title = title
        self.onCommit = onCommit
    }

    var body: some View {
        TextField("Title", text: $title)
            .textFieldStyle(.plain)
            .onSubmit { onCommit(title) }
    }
}

/// Full-screen editor working on an observable draft.
struct NoteDraftEditor: View {
    @State private var draft: NoteDraft // expect: state_initialized_from_parameter
    @Environment(\.dismiss) private var dismiss
    let onSave: (NoteDraft) -> Void

    init(editing note: Note, onSave: @escaping (NoteDraft) -> Void) {
        self.draft = NoteDraft(note: note)
        self.onSave = onSave
    }

    var body: some View {
        NavigationStack {
            Form {
                TextField("Title", text: $draft.title)
                TextEditor(text: $draft.body)
                    .frame(minHeight: 240)
            }
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") {
                        onSave(draft)
                        dismiss()
                    }
                }
            }
        }
    }
}

/// Plain-text body editor.
struct NoteBodyEditor: View {
    @State private var text: String // expect: state_initialized_from_parameter
    @FocusState private var isFocused: Bool
    private let onEdit: (String) -> Void

    init(text: String, onEdit: @escaping (String) -> Void) {
        _text = State(initialValue: text)
        self.onEdit = onEdit
    }

    var body: some View {
        TextEditor(text: $text)
            .focused($isFocused)
            .onChange(of: isFocused) { _, focused in
                if !focused { onEdit(text) }
            }
    }
}

/// Collapsible excerpt; short notes start expanded.
struct NoteExcerpt: View {
    let note: Note
    @State private var isExpanded: Bool // expect: state_initialized_from_parameter

    init(note: Note) {
        self.note = note
        _isExpanded = .init(initialValue: note.body.count < 280)
    }

    var body: some View {
        DisclosureGroup("Excerpt", isExpanded: $isExpanded) {
            Text(note.body)
                .lineLimit(isExpanded ? nil : 3)
        }
    }
}
