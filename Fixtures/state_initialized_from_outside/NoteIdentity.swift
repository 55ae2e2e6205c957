import SwiftUI

/// What SwiftUI's identity does to a seeded `@State` (SPEC §10.4): renewed views start
/// fresh, views that stay keep their first value.

/// The parent replaces the model it passed: the child keeps the old one.
@MainActor
@Observable
final class NoteCounterModel {
    var count: Int
    init(count: Int) { self.count = count }
}

struct NoteCounter: View {
    @State var model: NoteCounterModel // expect: state_initialized_from_outside
    var body: some View { Text("\(model.count)") }
}

struct NoteCounterScreen: View {
    @State private var counterModel = NoteCounterModel(count: 0)
    var body: some View {
        NoteCounter(model: counterModel)
        Button("Reset") { counterModel = NoteCounterModel(count: 5) }
    }
}

/// `if let` keeps the view while the selection moves from one note to another.
struct NoteSelectionTitle: View {
    @State var title: String // expect: state_initialized_from_outside
    var body: some View { Text(title) }
}

/// A `switch` case fixes the mode: every change of it builds the banner anew.
struct NoteModeBanner: View {
    @State var label: String // expect: state_initialized_from_parameter
    var body: some View { Text(label) }
}

enum NoteEditingMode: String { case reading, editing }

struct NoteSelectionScreen: View {
    let notes: [Note]
    @State private var selection: Note?
    @State private var mode = NoteEditingMode.reading
    var body: some View {
        if let note = selection {
            NoteSelectionTitle(title: note.title)
        }
        switch mode {
        case .editing: NoteModeBanner(label: mode.rawValue)
        case .reading: Button("Edit") { mode = .editing }
        }
        ForEach(notes) { note in
            Button(note.title) { selection = note }
        }
    }
}

/// Identity that follows the element: a hash, or a fresh `UUID()` for each row built.
struct NoteChip: View {
    @State var text: String // expect: state_initialized_from_parameter
    var body: some View { Text(text) }
}

struct NoteLine: Identifiable {
    let id = UUID()
    let text: String
}

struct NoteChipList: View {
    @State private var words: [String] = []
    @State private var lines: [NoteLine] = []
    var body: some View {
        ForEach(words, id: \.hashValue) { word in NoteChip(text: word) }
        ForEach(lines) { line in NoteChip(text: line.text) }
        Button("Reload") {
            words[0] = "changed"
            lines = [NoteLine(text: "fresh")]
        }
    }
}

/// A setting that another view changes.
struct NoteFontPreview: View {
    @AppStorage("noteFontScale") private var scale = 1.0
    var body: some View { NoteScaleLabel(scale: scale) }
}

struct NoteScaleLabel: View {
    @State var scale: Double // expect: state_initialized_from_outside
    var body: some View { Text("\(scale)") }
}

struct NoteFontSettings: View {
    @AppStorage("noteFontScale") private var scale = 1.0
    var body: some View { Slider(value: $scale, in: 0.5...2) }
}

/// A shared settings object that a settings screen changes, copied through a local.
@MainActor
final class NoteAppearance: ObservableObject {
    static let shared = NoteAppearance()
    @Published var lineSpacing = 1.0
}

struct NoteSpacingLabel: View {
    @State var spacing: Double // expect: state_initialized_from_outside
    var body: some View { Text("\(spacing)") }
}

struct NoteSpacingPreview: View {
    var body: some View {
        let spacing = NoteAppearance.shared.lineSpacing // expect: unobserved_model_in_view
        NoteSpacingLabel(spacing: spacing)
    }
}

struct NoteAppearanceSettings: View {
    var body: some View {
        Button("Wider") { NoteAppearance.shared.lineSpacing += 0.5 }
    }
}
