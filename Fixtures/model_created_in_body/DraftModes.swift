import SwiftUI

// One editor, two modes: built for creating, its `.edit` branch never runs and its own
// save dismisses it; built for editing, its save leaves it up while the shelf re-renders.

@MainActor
final class DraftShelf: ObservableObject {
    @Published var count = 0
}

@MainActor
final class ShelfDraftModel: ObservableObject {
    @Published var title = ""
    let shelf: DraftShelf
    init(shelf: DraftShelf) { self.shelf = shelf }
    func store() { shelf.count += 1 }
}

struct ShelfDraftEditor: View {
    enum Mode { case create, edit }
    @ObservedObject var model: ShelfDraftModel
    @Environment(\.dismiss) private var dismiss
    var mode: Mode = .create

    var body: some View {
        switch mode {
        case .create: createBody
        case .edit: editBody
        }
    }

    private var createBody: some View {
        Form {
            TextField("Title", text: $model.title)
            Button("Add") {
                model.store()
                dismiss()
            }
        }
    }

    private var editBody: some View {
        Form {
            TextField("Title", text: $model.title)
            Button("Apply") { model.store() }
        }
    }
}

struct DraftShelfView: View {
    @StateObject private var shelf = DraftShelf()
    @State private var isAdding = false
    @State private var isEditing = false

    var body: some View {
        VStack {
            Text("\(shelf.count) drafts")
            Button("Add") { isAdding = true }
            Button("Edit") { isEditing = true }
        }
        .sheet(isPresented: $isAdding) {
            ShelfDraftEditor(model: ShelfDraftModel(shelf: shelf))
        }
        .fullScreenCover(isPresented: $isEditing) {
            ShelfDraftEditor(model: ShelfDraftModel(shelf: shelf), mode: .edit) // expect: model_created_in_body
        }
    }
}
