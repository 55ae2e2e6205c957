import SwiftUI

/// Title block at the top of the detail screen.
/// Its `View` conformance and `body` live in NoteHeader+View.swift.
struct NoteHeader {
    let note: Note
    var onRename: (String) -> Void = { _ in }

    /// Whether the metadata block is folded away.
    @State
    // The detail screen decides this from the note's length.
    var isCollapsed: Bool // expect: state_initialized_from_parameter
}
