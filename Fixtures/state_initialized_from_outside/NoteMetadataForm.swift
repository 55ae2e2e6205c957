import SwiftUI

/// Word goal and tint for a note. The explicit init assigns every `@State` from a
/// constant, never from the `note` parameter.
struct NoteMetadataForm: View {
    let note: Note
    @State private var isEditingGoal: Bool
    @State private var wordGoal: Int
    @State private var tint: NoteTint
    @State private var sessions: [Date]
    @State private var sort: NoteSortOrder

    init(note: Note) {
        self.note = note
        _isEditingGoal = State(initialValue: false)
        self.wordGoal = 500
        _tint = .init(initialValue: .yellow)
        _sessions = State(wrappedValue: [])
        _sort = State(initialValue: NoteSortOrder.modified)
    }

    private var progress: Double {
        min(Double(note.wordCount) / Double(max(wordGoal, 1)), 1)
    }

    var body: some View {
        Form {
            Section("Goal") {
                ProgressView(value: progress) {
                    Text("\(note.wordCount) of \(wordGoal) words")
                }
                if isEditingGoal {
                    Stepper("Goal: \(wordGoal)", value: $wordGoal, in: 100...5_000, step: 100)
                }
                Button(isEditingGoal ? "Done" : "Change goal") {
                    isEditingGoal.toggle()
                    sessions.append(.now)
                }
            }
            Section("Appearance") {
                Picker("Tint", selection: $tint) {
                    ForEach(NoteTint.allCases) { Text($0.rawValue).tag($0) }
                }
                Picker("Sort", selection: $sort) {
                    ForEach(NoteSortOrder.allCases) { Text($0.label).tag($0) }
                }
            }
        }
    }
}
