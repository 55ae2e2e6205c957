import SwiftUI

struct EditingToolbar: View {
    @Environment(GalleryModel.self) private var model

    var body: some View {
        HStack {
            if model.isEditing {
                Button("Done") { model.endEditing() }
            } else {
                Button("Edit") { model.beginEditing() }
            }
            Text(model.albumID.uuidString)
        }
    }
}
