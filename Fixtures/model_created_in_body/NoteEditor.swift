import SwiftUI

struct NoteEditor: View {
    @Bindable var model: NoteModel

    var body: some View {
        TextEditor(text: $model.text)
    }
}
