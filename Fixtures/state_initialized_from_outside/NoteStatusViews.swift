import SwiftUI

/// "Saved 2 min ago" line. The parent seeds `status`, and the view re-syncs it itself
/// every time the note is saved (`.onChange(of:)` with the zero-argument closure).
struct NoteStatusLine: View {
    let note: Note
    @State var status: String

    var body: some View {
        Text(status)
            .font(.caption)
            .foregroundStyle(.secondary)
            .onChange(of: note.modifiedAt) {
                status = "Saved \(note.modifiedAt.formatted(date: .omitted, time: .shortened))"
            }
    }
}

/// Markdown rendering of the body. The parent passes a plain rendering to start with;
/// `.task(id:)` re-renders whenever the body changes, so the state follows the note.
struct NotePreviewText: View {
    let note: Note
    @State var rendered: AttributedString

    var body: some View {
        Text(rendered)
            .textSelection(.enabled)
            .task(id: note.body) {
                rendered = (try? AttributedString(markdown: note.body)) ?? AttributedString(note.body)
            }
    }
}

/// "Open for 3 min". The detail screen passes its own `@State openedAt`, which it never
/// writes: a constant for the screen's lifetime, so the first value is the only one (only the
/// pedantic rule reports the definition).
struct NoteOpenedLabel: View {
    @State var since: Date // expect: state_initialized_from_parameter

    var body: some View {
        Text(since, style: .relative)
    }
}

/// The word count shown in the toolbar. Seeded with the title being edited, then kept
/// current by the view itself from the notes store's change notifications: the seed is
/// only a first value.
struct NoteLiveTitle: View {
    @State var title: String

    var body: some View {
        Text(title)
            .onReceive(NotificationCenter.default.publisher(for: .noteTitleDidChange)) { notification in
                title = notification.object as? String ?? title
            }
    }
}

extension Notification.Name {
    static let noteTitleDidChange = Notification.Name("noteTitleDidChange")
}

/// A title badge the user can clear: the view edits its copy, so the screen's title is only
/// where it starts (the opt-in rule reports it).
struct NoteTitleBadge: View {
    @State var title: String // expect: state_initialized_from_parameter

    var body: some View {
        Button(title) { title = "" }
    }
}

/// The account the notes belong to: `owner` is set once, in `init`, and nothing writes it
/// afterwards; `markSynced()` updates `lastSync`.
@MainActor
final class NotesAccount: ObservableObject {
    @Published var owner: String
    @Published var lastSync: Date = .distantPast

    init(owner: String) {
        self.owner = owner
    }

    func markSynced() {
        lastSync = .now
    }
}

/// Seeded from the account's `owner`, which only the account's `init` sets: a constant, so
/// only the pedantic rule reports the definition.
struct NoteOwnerLabel: View {
    @State var owner: String // expect: state_initialized_from_parameter

    var body: some View {
        Text(owner)
    }
}

/// Seeded from the account's `lastSync`, which `markSynced()` changes: the label goes stale.
struct NoteSyncLabel: View {
    @State var lastSync: Date // expect: state_initialized_from_outside

    var body: some View {
        Text(lastSync, style: .relative)
    }
}

struct NoteAccountFooter: View {
    @StateObject private var account = NotesAccount(owner: "me")

    /// Computed from the constant `owner` (calling a method that does not change it).
    private var ownerName: String {
        account.owner.uppercased()
    }

    var body: some View {
        NoteOwnerLabel(owner: ownerName)
        NoteSyncLabel(lastSync: account.lastSync)
        Button("Sync") { account.markSynced() }
    }
}

/// Seeded with the title being edited, but never shown or read: nothing on screen goes
/// stale (only the pedantic rule reports the definition).
struct NoteTitleStamp: View {
    @State private var title: String // expect: state_initialized_from_parameter

    init(title: String) {
        _title = State(initialValue: title)
    }

    var body: some View {
        Image(systemName: "note.text")
    }
}
