import SwiftUI

// Views whose caller only seeds the state, and say so with an `initial…` / `default…`
// name. The intent is explicit, so the value being ignored later is expected.

/// Pages through notes, starting on the page the caller asks for.
struct NotePager: View {
    let notes: [Note]
    @State private var page: Int

    init(notes: [Note], initialPage: Int) {
        self.notes = notes
        _page = State(initialValue: initialPage)
    }

    var body: some View {
        TabView(selection: $page) {
            ForEach(Array(notes.enumerated()), id: \.element.id) { index, note in
                Text(note.title)
                    .font(.largeTitle)
                    .tag(index)
            }
        }
        #if os(iOS)
        .tabViewStyle(.page)
        #endif
    }
}

/// Sort menu; the starting choice is the caller's default.
struct NoteSortMenu: View {
    @State private var sort: NoteSortOrder
    private let onSelect: (NoteSortOrder) -> Void

    init(defaultSort: NoteSortOrder, onSelect: @escaping (NoteSortOrder) -> Void) {
        self.sort = defaultSort
        self.onSelect = onSelect
    }

    var body: some View {
        Menu {
            Picker("Sort by", selection: $sort) {
                ForEach(NoteSortOrder.allCases) { order in
                    Text(order.label).tag(order)
                }
            }
        } label: {
            Label("Sort", systemImage: "arrow.up.arrow.down")
        }
        .onChange(of: sort) { _, newValue in
            onSelect(newValue)
        }
    }
}

/// Tint swatches for a new note. The memberwise property is called `initialTint`: the
/// caller only seeds the choice.
struct NewNoteTintPicker: View {
    @State var initialTint: NoteTint
    let onPick: (NoteTint) -> Void

    var body: some View {
        HStack {
            ForEach(NoteTint.allCases) { tint in
                Circle()
                    .strokeBorder(tint == initialTint ? Color.primary : Color.clear, lineWidth: 2)
                    .frame(width: 24, height: 24)
                    .onTapGesture {
                        initialTint = tint
                        onPick(tint)
                    }
            }
        }
    }
}

/// Same idea with a `default…` property name.
struct NewNoteSortPicker: View {
    @State var defaultOrder: NoteSortOrder

    var body: some View {
        Picker("New notes sort by", selection: $defaultOrder) {
            ForEach(NoteSortOrder.allCases) { Text($0.label).tag($0) }
        }
    }
}
