import SwiftUI

// A setting read only to seed a section's `@State` (memberwise, or `_x = State(initialValue:)`):
// SwiftUI keeps the first value for the life of the section, so rendering the reader again
// after the setting changes would change nothing on screen (the section's own rules judge
// the seed). The title shows the setting.
@MainActor final class SectionPrefs: ObservableObject {
    static let shared = SectionPrefs()
    @Published var expandNotes = false
    @Published var expandTags = false
    @Published var expandSteps = false
}

struct FoldingSection: View {
    @State var isCollapsed: Bool = true // expect: private_state
    var title = ""
    var body: some View { Text(isCollapsed ? "+ " + title : "- " + title) }
}

struct OpeningSection: View {
    @State private var isOpen: Bool // expect: state_initialized_from_outside
    init(open: Bool) { _isOpen = State(initialValue: open) }
    var body: some View { Text(isOpen ? "-" : "+") }
}

struct RecipeNotes: View {
    var body: some View {
        FoldingSection(isCollapsed: !SectionPrefs.shared.expandNotes)
        OpeningSection(open: SectionPrefs.shared.expandSteps)
    }
}

struct RecipeTags: View {
    let prefs: SectionPrefs
    var body: some View { FoldingSection(isCollapsed: !prefs.expandTags) }
}

struct RecipeSteps: View {
    var body: some View {
        FoldingSection(isCollapsed: !SectionPrefs.shared.expandSteps, title: SectionPrefs.shared.expandSteps ? "Steps" : "Steps…") // expect: unobserved_model_in_view
    }
}

struct SectionPrefsScreen: View {
    @ObservedObject var prefs = SectionPrefs.shared
    var body: some View {
        Toggle("Notes", isOn: $prefs.expandNotes)
        Toggle("Tags", isOn: $prefs.expandTags)
        Toggle("Steps", isOn: $prefs.expandSteps)
        RecipeNotes()
        RecipeTags(prefs: prefs)
        RecipeSteps()
    }
}
