import SwiftUI

/// `@Bindable` gives bindings to an object someone else keeps; it keeps none itself.
@MainActor
@Observable
final class WorkoutNote {
    var text = ""
    var mood = 0
}

/// Each re-creation by `WorkoutScreen` (a sport switch) builds new notes: the text typed is lost.
struct WorkoutNotesView: View {
    @Bindable var note = WorkoutNote() // expect: observable_created_in_view_property
    @Bindable private var draft: WorkoutNote // expect: observable_created_in_view_property
    @Bindable private var pinned: WorkoutNote // expect: observable_created_in_view_property
    @Bindable var shared: WorkoutNote

    init(shared: WorkoutNote) {
        self.shared = shared
        self.draft = WorkoutNote()
        _pinned = Bindable(WorkoutNote())
    }

    var body: some View {
        TextField("Note", text: $note.text)
        TextField("Draft", text: $draft.text)
        Stepper("Mood", value: $pinned.mood)
        TextField("Shared", text: $shared.text)
    }
}

/// Owned with `@State`: one note for the view's lifetime.
struct WorkoutMoodView: View {
    @State private var note = WorkoutNote()

    var body: some View {
        Stepper("Mood \(note.mood)", value: $note.mood)
    }
}

/// Copies the mood to the notes it is handed, other objects: the note it builds is only read,
/// so a new one loses nothing.
struct WorkoutNoteCopier: View {
    @Bindable var note = WorkoutNote()
    let targets: [WorkoutNote]

    var body: some View {
        Text(note.text)
        Button("Copy mood") { for target in targets { copy(to: target) } }
    }

    private func copy(to target: WorkoutNote) {
        target.mood = note.mood
    }
}
