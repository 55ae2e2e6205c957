import SwiftUI

extension NoteHeader: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            NoteTitleEditor(title: note.title, onCommit: onRename)
                .font(.title2.bold())
            if !isCollapsed {
                Text("Edited \(note.modifiedAt, style: .relative) ago · \(note.wordCount) words")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                NoteExcerpt(note: note)
            }
        }
        .contentShape(Rectangle())
        .onTapGesture {
            withAnimation(.snappy) { isCollapsed.toggle() }
        }
    }
}
