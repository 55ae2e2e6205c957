import SwiftUI

/// Inspector panel. `selectedTag` is optional and nobody assigns it from outside: the
/// memberwise init defaults it to nil, which is the intended starting point.
struct NoteInspector: View {
    let note: Note
    @Binding var tint: NoteTint
    @State var selectedTag: String?
    @State private var hoveredTag: String?

    var body: some View {
        VStack(alignment: .leading) {
            Picker("Tint", selection: $tint) {
                ForEach(NoteTint.allCases) { tint in
                    Text(tint.rawValue.capitalized).tag(tint)
                }
            }
            List(note.tags, id: \.self, selection: $selectedTag) { tag in
                Text("#\(tag)")
                    .fontWeight(hoveredTag == tag ? .semibold : .regular)
                    .onHover { inside in
                        hoveredTag = inside ? tag : nil
                    }
            }
        }
    }
}

/// Attachments of a note. Explicit init, and the optional preview state is not assigned in
/// it.
struct NoteAttachmentsList: View {
    struct Attachment: Identifiable, Hashable {
        let name: String
        var id: String { name }
    }

    let attachments: [Attachment]
    @State private var previewedAttachment: Attachment?

    init(note: Note) {
        attachments = note.body
            .split(separator: "\n")
            .filter { $0.hasPrefix("attachment:") }
            .map { Attachment(name: String($0.dropFirst("attachment:".count))) }
    }

    var body: some View {
        ForEach(attachments) { attachment in
            Button(attachment.name) { previewedAttachment = attachment }
        }
        .sheet(item: $previewedAttachment) { attachment in
            Text(attachment.name)
                .font(.title)
        }
    }
}
