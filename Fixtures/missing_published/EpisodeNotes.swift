import Combine
import SwiftUI

struct NoteDraft {
    var title = ""
    var isSaved: Bool?
}

/// Fields of the value changed in the same step as a `@Published` write, handed to a
/// picker's `@State` in a sheet, or written as an observed object's publisher sends.
@MainActor
final class EpisodeNotesModel: ObservableObject {
    @Published var isSaved: Bool?
    var draft = NoteDraft()
    var tags: [String] = []
    var suggestions: [String] = [] // expect: missing_published
    var owner = ""
    var pendingOwner = "" // expect: missing_published
    var lastSync = NoteDraft() // expect: missing_published

    func loadTags() async {
        try? await Task.sleep(for: .seconds(1))
        tags = ["news"]
        suggestions = ["tech"]
    }
}

@MainActor
final class NotesSearchText: ObservableObject {
    @Published var text = ""
}

struct TagPicker: View {
    @State var tags: [String] // expect: state_initialized_from_outside
    var body: some View { ForEach(tags, id: \.self) { Text($0) } }
}

struct SuggestionList: View {
    let suggestions: [String]
    var body: some View { ForEach(suggestions, id: \.self) { Text($0) } }
}

struct EpisodeNotesView: View {
    @ObservedObject var model: EpisodeNotesModel
    @StateObject private var search = NotesSearchText()
    @State private var isPickingTags = false
    @State private var isShowingSuggestions = false
    let owners = PassthroughSubject<String, Never>()

    var body: some View {
        VStack {
            Text(model.draft.isSaved == true ? "Saved" : "Draft")
            Text(model.lastSync.title)
            Text(model.owner + model.pendingOwner)
            Button("Tags") {
                isPickingTags = true
                Task { await model.loadTags() }
            }
            Button("Suggestions") {
                isShowingSuggestions = true
                Task { await model.loadTags() }
            }
        }
        .sheet(isPresented: $isPickingTags) { TagPicker(tags: model.tags) }
        .sheet(isPresented: $isShowingSuggestions) { SuggestionList(suggestions: model.suggestions) }
        .onReceive(search.$text) { model.owner = $0 }
        .onReceive(owners) { model.pendingOwner = $0 }
        .task {
            await Task.yield()
            if model.draft.isSaved == nil {
                model.draft.isSaved = true
            }
            model.isSaved = model.draft.isSaved
            await Task.yield()
            model.lastSync.title = "Synced"
        }
    }
}
