import SwiftUI

/// A write in `.onChange(of:)` of a value an ancestor's `.id(…)` follows runs only as the
/// ancestor — and all it builds — is renewed (SPEC §10.4).

/// Every site of the screen hands the notebook down and renews it with `.id(notebook)`:
/// the caption is built afresh with each notebook.
struct NotebookCaption: View {
    @State var title: String // expect: state_initialized_from_parameter
    var body: some View { Text(title) }
}

struct NotebookScreen: View {
    @Binding var notebook: String
    @State private var title = ""
    var body: some View {
        NotebookCaption(title: title)
            .onChange(of: notebook) { title = notebook.capitalized }
    }
}

struct NotebookRoot: View {
    @State private var notebook = "inbox"
    var body: some View {
        if notebook.isEmpty {
            Text("No notebook")
        } else {
            NotebookScreen(notebook: $notebook).id(notebook)
        }
        Button("Archive") { notebook = "archive" }
    }
}

/// Without the `.id`, the screen stays and the caption keeps its first title.
struct NotebookBadge: View {
    @State var title: String // expect: state_initialized_from_outside
    var body: some View { Text(title) }
}

struct NotebookPane: View {
    @Binding var notebook: String
    @State private var title = ""
    var body: some View {
        NotebookBadge(title: title)
            .onChange(of: notebook) { title = notebook.capitalized }
    }
}

struct NotebookPaneRoot: View {
    @State private var notebook = "inbox"
    var body: some View {
        NotebookPane(notebook: $notebook)
        Button("Archive") { notebook = "archive" }
    }
}
