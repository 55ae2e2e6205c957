import SwiftUI

extension NotebookPicker {
    func actions(for notebook: Notebook) -> some View {
        Group {
            Button("Delete", role: .destructive) {
                Task { await notebooks.delete(notebook) }
                selected = nil
            }
            Button("Rename") {
                Task {
                    selected = notebook
                    notebooks.isEditing = true
                }
            }
        }
    }
}
