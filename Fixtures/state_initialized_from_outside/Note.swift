import Foundation
import Observation

/// A note as stored on disk.
struct Note: Identifiable, Hashable, Codable {
    let id: UUID
    var title: String
    var body: String
    var tags: [String]
    var isPinned: Bool
    var tint: NoteTint
    var modifiedAt: Date

    init(
        id: UUID = UUID(),
        title: String,
        body: String,
        tags: [String] = [],
        isPinned: Bool = false,
        tint: NoteTint = .yellow,
        modifiedAt: Date = .now
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.tags = tags
        self.isPinned = isPinned
        self.tint = tint
        self.modifiedAt = modifiedAt
    }

    var wordCount: Int {
        body.split(whereSeparator: \.isWhitespace).count
    }
}

enum NoteSortOrder: String, CaseIterable, Identifiable {
    case modified
    case title
    case wordCount

    var id: Self { self }

    var label: String {
        switch self {
        case .modified: "Last edited"
        case .title: "Title"
        case .wordCount: "Length"
        }
    }
}

enum NoteTint: String, CaseIterable, Identifiable, Codable {
    case yellow, blue, green, pink

    var id: Self { self }
}

/// Scratch copy of a note while the full-screen editor is open.
/// Only assigns in `init`: no side effects.
@Observable
final class NoteDraft { // expect: observable_object_main_actor
    var title: String
    var body: String
    var tags: [String]

    @ObservationIgnored
    let originalID: UUID

    init(note: Note) {
        title = note.title
        body = note.body
        tags = note.tags
        originalID = note.id
    }

    func apply(to note: inout Note) {
        note.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        note.body = body
        note.tags = tags
        note.modifiedAt = .now
    }
}

extension Note {
    static let samples: [Note] = [
        Note(
            title: "Groceries",
            body: """
                - oat milk
                - sourdough
                - "good" olive oil (the green tin)
                """,
            tags: ["home"],
            isPinned: true
        ),
        Note(
            title: "Regex cheatsheet",
            body: #"Dates look like \d{4}-\d{2}-\d{2}; escape a quote as \" inside "strings"."#,
            tags: ["dev", "reference"],
            tint: .blue
        ),
        Note(title: "Ideas", body: "A notes app that syncs \(3) devices", tint: .green),
    ]
}
