import CoreData
import SwiftUI

/// A note archived in Core Data.
final class ArchivedNote: NSManagedObject {
    @NSManaged var title: String?
    @NSManaged var archivedAt: Date?
}

/// The archive, one card a position: `ForEach` keeps each card for as long as its position
/// stays, so when an archived note is saved before it, the card goes on showing the note
/// that was there first.
struct NoteArchiveList: View {
    @Environment(\.managedObjectContext) private var context
    @FetchRequest(sortDescriptors: [SortDescriptor(\.archivedAt, order: .reverse)])
    private var archived: FetchedResults<ArchivedNote>

    var body: some View {
        List {
            ForEach(0..<archived.count, id: \.self) { position in
                ArchivedNoteCard(note: archived[position])
            }
            Section("By note") {
                ForEach(archived) { note in
                    ArchivedNoteLine(note: note)
                }
            }
        }
        .toolbar {
            Button("Archive a draft") {
                let note = ArchivedNote(context: context)
                note.title = "Draft"
                note.archivedAt = .now
                try? context.save()
            }
        }
    }
}

struct ArchivedNoteCard: View {
    @State var note: ArchivedNote // expect: state_initialized_from_outside

    var body: some View {
        Text(note.title ?? "Untitled")
    }
}

/// Kept by the note itself: a newly archived note gets a line of its own.
struct ArchivedNoteLine: View {
    @State var note: ArchivedNote // expect: state_initialized_from_parameter

    var body: some View {
        Text(note.title ?? "Untitled")
    }
}
