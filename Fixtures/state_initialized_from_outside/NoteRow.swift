import SwiftUI

/// A row in the notes list.
struct NoteRow: View {
    let note: Note
    @State var isPinned: Bool // expect: state_initialized_from_parameter

    var body: some View {
        HStack(alignment: .firstTextBaseline) {
            VStack(alignment: .leading, spacing: 2) {
                Text(note.title.isEmpty ? "Untitled" : note.title)
                    .font(.headline)
                Text("\(note.wordCount) words · \(note.modifiedAt.formatted(date: .abbreviated, time: .omitted))")
                    .font(.caption)
                    .foregroundStyle(.secondary)
                TagStrip(tags: note.tags)
            }
            Spacer()
            Button {
                isPinned.toggle()
            } label: {
                Image(systemName: isPinned ? "pin.fill" : "pin")
            }
            .buttonStyle(.borderless)
        }
    }

    /// Removable tag chips. Nested in the row because nothing else uses it.
    struct TagStrip: View {
        @State var tags: [String] // expect: state_initialized_from_parameter

        var body: some View {
            ScrollView(.horizontal, showsIndicators: false) {
                HStack(spacing: 4) {
                    ForEach(tags, id: \.self) { tag in
                        Button("#\(tag)") {
                            tags.removeAll { $0 == tag }
                        }
                        .font(.caption2)
                        .buttonStyle(.bordered)
                    }
                }
            }
        }
    }
}

#Preview {
    List {
        NoteRow(note: Note.samples[0], isPinned: true)
        NoteRow(note: Note.samples[1], isPinned: false)
    }
}
