import SwiftUI

/// Search field with a short local history. Every `@State` here has an initial value.
struct NoteSearchField: View {
    @Binding var query: String
    @State private var isEditing = false
    @State private var history: [String] = []
    @State private var lastSubmitted = Date.distantPast
    @FocusState private var isFocused: Bool

    var body: some View {
        HStack {
            Image(systemName: "magnifyingglass")
            TextField("Search notes", text: $query)
                .focused($isFocused)
                .onSubmit {
                    lastSubmitted = .now
                    if !query.isEmpty, !history.contains(query) {
                        history.insert(query, at: 0)
                    }
                }
            if isEditing, !history.isEmpty {
                Menu("Recent") {
                    ForEach(history, id: \.self) { entry in
                        Button(entry) { query = entry }
                    }
                }
            }
        }
        .padding(8)
        .onChange(of: isFocused) { _, focused in
            isEditing = focused
        }
    }
}

#Preview {
    @Previewable @State var query = "milk"
    NoteSearchField(query: $query)
}
