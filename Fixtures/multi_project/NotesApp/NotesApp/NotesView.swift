import SharedKit
import SwiftUI

/// In this project `Store` is a value: keeping it in `@State` is right.
struct Store {
    var notes: [String] = []
}

struct NotesView: View {
    @State private var store = Store()
    @StateObject private var theme = ThemeStore()

    var body: some View {
        List(store.notes, id: \.self) { Text($0) }
            .tint(theme.accent)
    }
}
