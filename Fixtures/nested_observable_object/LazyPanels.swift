import Combine
import SwiftUI

/// The lazy property's initializer relays the panel's changes before anything reaches it.
final class ReactionPanel: ObservableObject {
    @Published var isOpen = false
    func toggle() { isOpen.toggle() }
}

final class ReactionBar: ObservableObject {
    private var cancellables = Set<AnyCancellable>()
    lazy var panel: ReactionPanel = {
        let model = ReactionPanel()
        model.objectWillChange
            .sink { [weak self] _ in self?.objectWillChange.send() }
            .store(in: &cancellables)
        return model
    }()
}

struct ReactionBarView: View {
    @ObservedObject var bar: ReactionBar
    var body: some View {
        Button(bar.panel.isOpen ? "Close" : "React") { bar.panel.toggle() }
    }
}

/// A text field shows what is typed through its own binding; a count beside it goes stale.
final class CaptionDraft: ObservableObject {
    @Published var text = ""
}

final class NoteEditor: ObservableObject {
    var draft = CaptionDraft()
}

final class CaptionEditor: ObservableObject {
    var draft = CaptionDraft() // expect: nested_observable_object
}

struct NoteEditorView: View {
    @StateObject private var editor = NoteEditor()
    var body: some View {
        TextField("Note", text: $editor.draft.text)
    }
}

struct CaptionEditorView: View {
    @StateObject private var editor = CaptionEditor()
    var body: some View {
        TextField("Caption", text: $editor.draft.text)
        Text("\(editor.draft.text.count) characters")
    }
}
