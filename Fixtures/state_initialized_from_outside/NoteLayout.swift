import SwiftUI

/// A layout model built from the size class when the view first appears: the system changes
/// the size class on rotation or in Split View, and the view keeps the first model.
@Observable final class NoteLayoutModel {
    let isCompact: Bool
    init(isCompact: Bool) { self.isCompact = isCompact }
}

struct NoteLayoutView: View {
    @State private var layout: NoteLayoutModel // expect: state_initialized_from_outside
    let title: String

    init(title: String, sizeClass: UserInterfaceSizeClass?) {
        self.title = title
        _layout = State(wrappedValue: NoteLayoutModel(isCompact: sizeClass == .compact))
    }

    var body: some View {
        Text(layout.isCompact ? title : "\(title) (wide)")
    }
}

/// Hands on a method of an object it never replaces: the same action, whatever the object's
/// fields do.
@MainActor @Observable final class NoteSession {
    var user = ""
    func signOut() { user = "" }
    func load() { Task { @MainActor in self.user = "Ann" } }
}

struct NoteSignOutButton: View {
    @State var onSignOut: () -> Void // expect: state_initialized_from_parameter
    var body: some View { Button("Sign out") { onSignOut() } }
}

struct NoteLayoutHost: View {
    @Environment(\.horizontalSizeClass) private var sizeClass
    @State private var session = NoteSession()

    var body: some View {
        NoteLayoutView(title: "Notes", sizeClass: sizeClass)
        NoteSignOutButton(onSignOut: session.signOut)
        Button("Load") { session.load() }
    }
}
