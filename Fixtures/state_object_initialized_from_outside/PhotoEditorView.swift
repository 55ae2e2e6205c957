import SwiftUI

/// The initializer hands an object the caller built to `StateObject`.
struct PhotoEditorView: View {
    @StateObject private var editor: PhotoEditorModel // expect: state_object_initialized_from_outside

    init(editor: PhotoEditorModel) {
        _editor = StateObject(wrappedValue: editor)
    }

    var body: some View {
        Form {
            TextField("Title", text: $editor.title)
            Toggle("Favorite", isOn: $editor.isFavorite)
        }
    }
}

/// Creating the object inside the wrapper's autoclosure is the documented pattern.
struct PhotoDetailsView: View {
    @StateObject private var editor: PhotoEditorModel

    init(photo: Photo) {
        _editor = StateObject(wrappedValue: PhotoEditorModel(photo: photo))
    }

    var body: some View {
        Text(editor.title)
    }
}

/// An `@autoclosure` parameter defers the creation to `StateObject`: built once.
struct PhotoQuickEditView: View {
    @StateObject private var editor: PhotoEditorModel

    init(editor: @autoclosure @escaping () -> PhotoEditorModel) {
        _editor = StateObject(wrappedValue: editor())
    }

    var body: some View {
        Toggle("Favorite", isOn: $editor.isFavorite)
    }
}
