import SwiftUI

/// Private to this file, and a value: unrelated to the `Draft` of ComposeView.swift.
private struct Draft {
    var text = ""
}

struct EditView: View {
    @State private var draft = Draft()

    var body: some View {
        TextField("Note", text: $draft.text)
    }
}
