import SwiftUI

/// The note's summary, loaded when the section appears. While the load runs, the section
/// shows a spinner and no way to open the editor: the editor opens only after
/// `isLoading` turned `false`, from the loaded summary.
struct NoteSummarySection: View {
    @State private var isLoading = true
    @State private var isEditing = false
    @State private var summary = ""

    var body: some View {
        VStack {
            if isLoading {
                ProgressView()
            } else if summary.isEmpty {
                Button("Add summary") { isEditing = true }
            } else {
                Button("Edit summary") { isEditing = true }
            }
        }
        .task { await load() }
        .sheet(isPresented: $isEditing) { NoteSummaryEditor(summary: summary) }
    }

    private func load() async {
        summary = await NoteSummaryClient.fetch()
        isLoading = false
    }
}

/// The same section with its edit button outside the loading branch: the editor can open
/// while the load is running, and then keeps the summary from before it.
struct NoteEagerSummarySection: View {
    @State private var isLoading = true
    @State private var isEditing = false
    @State private var summary = ""

    var body: some View {
        VStack {
            if isLoading { ProgressView() }
            Button("Edit summary") { isEditing = true }
        }
        .task { await load() }
        .sheet(isPresented: $isEditing) { NoteEagerSummaryEditor(summary: summary) }
    }

    private func load() async {
        summary = await NoteSummaryClient.fetch()
        isLoading = false
    }
}

enum NoteSummaryClient {
    static func fetch() async -> String { "A short note" }
}

struct NoteSummaryEditor: View {
    @State private var summary: String // expect: state_initialized_from_parameter
    init(summary: String) { _summary = State(initialValue: summary) }
    var body: some View { Text(summary) }
}

struct NoteEagerSummaryEditor: View {
    @State private var summary: String // expect: state_initialized_from_outside
    init(summary: String) { _summary = State(initialValue: summary) }
    var body: some View { Text(summary) }
}

/// The notes a model loads: `load()` raises the model's `isLoading` before it writes the
/// titles and ends it after, and the list builds its rows (and the links that push a
/// title) only when the model is not loading. A title is pushed only after a load ended.
@MainActor @Observable final class NoteTitlesModel {
    var titles: [String] = []
    var isLoading = false

    func load() async {
        isLoading = true
        titles = await NoteTitlesClient.fetch()
        isLoading = false
    }
}

struct NoteTitlesList: View {
    @State private var model = NoteTitlesModel()

    var body: some View {
        Group {
            if model.isLoading {
                ProgressView()
            } else {
                List(model.titles, id: \.self) { title in
                    NavigationLink(title) { NoteTitleView(title: title) }
                }
                .refreshable { await model.load() }
            }
        }
        .task { await model.load() }
    }
}

enum NoteTitlesClient {
    static func fetch() async -> [String] { ["First", "Second"] }
}

struct NoteTitleView: View {
    @State var title: String // expect: state_initialized_from_parameter
    var body: some View { Text(title) }
}
