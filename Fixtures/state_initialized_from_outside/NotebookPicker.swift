import SwiftUI

// A notebook list that edits one notebook in a sheet. The list's swipe actions live in an
// extension in another file (NotebookPicker+Actions.swift); the modal sheet covers them, so
// what they write never reaches an editor that is shown: each Edit presents a new one.

final class Notebook: Identifiable {
    var title = ""
}

@MainActor @Observable
final class Notebooks {
    var all: [Notebook] = []
    var isEditing = false
    func delete(_ notebook: Notebook) async {}
}

struct NotebookEditor: View {
    @State private var title: String // expect: state_initialized_from_parameter

    init(notebook: Notebook) {
        _title = State(initialValue: notebook.title)
    }

    var body: some View {
        TextField("Title", text: $title)
    }
}

struct NotebookPicker: View {
    @Bindable var notebooks: Notebooks
    @State var selected: Notebook?

    var body: some View {
        List {
            ForEach(notebooks.all) { notebook in
                Text(notebook.title)
                    .swipeActions { actions(for: notebook) }
            }
        }
        .sheet(isPresented: $notebooks.isEditing) {
            if let selected {
                NotebookEditor(notebook: selected)
            }
        }
    }
}

// Loads a notebook and shows its cover once loaded: the load runs only from the loading
// and failure branches, so the cover is built with the value loaded and never sees it change.

struct NotebookCover: View {
    @State private var title: String // expect: state_initialized_from_parameter

    init(notebook: Notebook) {
        _title = State(initialValue: notebook.title)
    }

    var body: some View {
        Text(title)
    }
}

struct NotebookLoader: View {
    let id: String
    @State private var notebook: Notebook?
    @State private var failed = false

    var body: some View {
        if failed {
            Text("Could not load").refreshable { await load() }
        } else if let notebook {
            NotebookCover(notebook: notebook)
        } else {
            ProgressView()
                .task { await load() }
                .refreshable { await load() }
        }
    }

    private func load() async {
        guard let loaded = try? await fetch(id) else {
            failed = true
            return
        }
        notebook = loaded
    }

    private func fetch(_ id: String) async throws -> Notebook { Notebook() }
}
