import Foundation

extension GalleryModel {
    func beginEditing() {
        isEditing = true
    }

    func endEditing() {
        isEditing = false
        selectedCount = 0
    }
}
