import SwiftUI

/// Private to this file: an ObservableObject.
@MainActor
private final class Draft: ObservableObject {
    @Published var text = ""
}

struct ComposeView: View {
    @ObservedObject private var draft = Draft() // expect: observed_object_created_inline

    var body: some View {
        TextField("Note", text: $draft.text)
    }
}

/// Runs its body again whenever the title changes, re-creating `ComposeView`.
struct ComposeScreen: View {
    @State private var title = ""

    var body: some View {
        TextField("Title", text: $title)
        Text(title)
        ComposeView()
    }
}
