import SwiftUI

/// An object passed as it is changes only when it is replaced: writes of its members
/// through a `$binding` leave the seeded view holding the same object.
@MainActor
@Observable
final class NoteDraftModel {
    var title = ""
}

struct NoteDraftPreview: View {
    @State var draft: NoteDraftModel // expect: state_initialized_from_parameter
    var body: some View { Text(draft.title) }
}

struct NoteDraftTitleField: View {
    @Binding var draft: NoteDraftModel // expect: binding_to_observable
    var body: some View { TextField("Title", text: $draft.title) }
}

struct NoteDraftScreen: View {
    @State private var draft = NoteDraftModel()
    var body: some View {
        NoteDraftPreview(draft: draft)
        NoteDraftTitleField(draft: $draft)
    }
}

/// The sheet replaces the object through the binding: the preview keeps the old one.
struct NoteDraftBadge: View {
    @State var draft: NoteDraftModel // expect: state_initialized_from_outside
    var body: some View { Text(draft.title) }
}

struct NoteDraftResetButton: View {
    @Binding var draft: NoteDraftModel
    var body: some View { Button("Discard") { draft = NoteDraftModel() } }
}

struct NoteDraftPanel: View {
    @State private var draft = NoteDraftModel()
    var body: some View {
        NoteDraftBadge(draft: draft)
        NoteDraftResetButton(draft: $draft)
    }
}
