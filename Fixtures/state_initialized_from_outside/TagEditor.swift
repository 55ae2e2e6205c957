import SwiftUI

/// Edits the tag list of a note and reports the result when done.
struct TagEditor: View {
    @State private var tags: [String] // expect: state_initialized_from_parameter
    @State private var newTag = ""
    let onDone: ([String]) -> Void

    init(tags: [String], onDone: @escaping ([String]) -> Void) {
        _tags = State(wrappedValue: tags)
        self.onDone = onDone
    }

    var body: some View {
        VStack(alignment: .leading) {
            ForEach(tags, id: \.self) { tag in
                HStack {
                    Text("#\(tag)")
                    Spacer()
                    Button(role: .destructive) {
                        tags.removeAll { $0 == tag }
                    } label: {
                        Image(systemName: "minus.circle")
                    }
                }
            }
            TextField("New tag", text: $newTag)
                .onSubmit {
                    let trimmed = newTag.trimmingCharacters(in: .whitespaces)
                    guard !trimmed.isEmpty, !tags.contains(trimmed) else { return }
                    tags.append(trimmed)
                    newTag = ""
                }
            Button("Done") { onDone(tags) }
        }
    }
}
