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
