import Foundation
import Observation

@MainActor
@Observable
final class NoteModel {
    var text: String

    init(text: String) {
        self.text = text
    }
}
