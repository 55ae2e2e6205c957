import SwiftUI

/// Presented content is built anew for each presentation (SPEC §10.4): a write that runs
/// only as the presentation ends leaves no shown view stale; one made while it stays up does.

struct NoteDraftSheet: View {
    @State var text: String // expect: state_initialized_from_parameter
    var body: some View { TextField("Text", text: $text) }
}

/// The text is stored as the sheet closes (the same function ends the presentation), and
/// cleared in `onDismiss:`: the next presentation starts from it.
struct NoteDraftPresenter: View {
    @State private var isEditing = false
    @State private var savedDraft = ""
    var body: some View {
        Button("Edit") { isEditing = true }
            .sheet(isPresented: $isEditing, onDismiss: clearDraft) {
                NoteDraftSheet(text: savedDraft)
                Button("Pause") { pause("Paused") }
            }
    }
    func pause(_ draft: String) {
        savedDraft = draft
        isEditing = false
    }
    func clearDraft() { savedDraft = "" }
}

struct NoteHintSheet: View {
    @State var hint: String // expect: state_initialized_from_outside
    var body: some View { Text(hint) }
}

/// The hint changes while the sheet stays up: the sheet keeps the first one.
struct NoteHintPresenter: View {
    @State private var isShowing = false
    @State private var hint = ""
    var body: some View {
        Button("Show") { isShowing = true }
            .sheet(isPresented: $isShowing) {
                NoteHintSheet(hint: hint)
                Button("Next hint") { hint = "Next" }
            }
    }
}

struct NoteRevisionLabel: View {
    @State var revision: Int // expect: state_initialized_from_parameter
    var body: some View { Text("\(revision)") }
}

/// An id the parent keeps in step with the value renews the label.
struct NoteRevisionScreen: View {
    @State private var revision = 0
    @State private var generation = 0
    var body: some View {
        NoteRevisionLabel(revision: revision).id(generation)
        Button("Revise") {
            revision += 1
            generation += 1
        }
    }
}

struct NoteTitleEditor: View {
    @State var title: String // expect: state_initialized_from_parameter
    var body: some View { TextField("Title", text: $title) }
}

/// Pushed onto a stack, the editor covers the list: its rename button cannot run while the
/// editor is shown, so the first title stays right.
struct NoteStackList: View {
    @State private var title = ""
    var body: some View {
        NavigationStack {
            NavigationLink("Edit") { NoteTitleEditor(title: title) }
            Button("Rename") { title = "Renamed" }
        }
    }
}

struct NoteSplitEditor: View {
    @State var title: String // expect: state_initialized_from_outside
    var body: some View { Text(title) }
}

/// A split view shows the list beside the pushed editor: renaming while it is shown leaves
/// the editor with the old title.
struct NoteSplitList: View {
    @State private var title = ""
    var body: some View {
        NavigationSplitView {
            NavigationLink("Edit") { NoteSplitEditor(title: title) }
            Button("Rename") { title = "Renamed" }
        } detail: {
            Text("Pick a note")
        }
    }
}

@Observable final class NoteThread {
    let noteID: Int
    let isSignedIn: Bool
    init(noteID: Int, isSignedIn: Bool) {
        self.noteID = noteID
        self.isSignedIn = isSignedIn
    }
}

struct NoteThreadScreen: View {
    @State var thread: NoteThread // expect: state_initialized_from_outside
    var body: some View { Text(thread.isSignedIn ? "Reply" : "Sign in to reply") }
}

/// The destination builds the thread into a local from the sign-in state, which its own
/// button changes while it is shown: each run builds a new thread, the screen keeps the first.
struct NoteThreadList: View {
    @State private var isSignedIn = false
    var body: some View {
        NavigationStack {
            NavigationLink("Open", value: 1)
                .navigationDestination(for: Int.self) { noteID in
                    let thread = NoteThread(noteID: noteID, isSignedIn: isSignedIn)
                    NoteThreadScreen(thread: thread)
                        .toolbar { Button("Sign in") { isSignedIn = true } }
                }
        }
    }
}
