import ObservationLintCore
import ObservationSyntax

public struct StateInitializedFromParameter: Rule {
    public static let description = RuleDescription(
        id: "state_initialized_from_parameter",
        name: "State initialized from a parameter",
        category: .ownership,
        group: .pedantic,
        summary: "A view's `@State` takes its value from an initializer parameter (memberwise or explicit init).",
        rationale: """
            SwiftUI creates a view's `@State` storage once, the first time the view appears, and \
            ignores every later value its initializer receives. A `@State` property without an \
            initial value (the memberwise initializer takes it from the parent), or one an \
            initializer assigns from a parameter (`self.x = x`, `_x = State(initialValue: x)`), \
            keeps the first value only. This is harmless when every caller passes a value that \
            never changes while the view lives, or seeds an edit form on purpose; \
            `state_initialized_from_outside` reports, by default, the cases with a witness: a \
            caller passes a value that a write changes while the view is shown, the view only \
            shows it (never edits it), and nothing renews the view with it. This opt-in rule reports the rest: every \
            `@State` filled from a parameter that the view does not keep current itself (it \
            assigns it in `.onChange(of:)`, `.task`, `.onReceive`, `.refreshable` or a \
            notification observer).
            """,
        fix: """
            If the parent owns the value, use `let x` (or `@Binding var x` when the view changes \
            it). If the view owns it, give it an initial value and make it `private`. To seed local \
            state once on purpose, give the parameter the argument label `initial…` or `default…`, \
            which callers write (instead of the \
            memberwise initializer, write one: `init(initialX: T) { _x = State(initialValue: \
            initialX) }`); to follow later values, also assign the state in `.onChange(of:)` or \
            `.task(id:)`.
            """,
        triggeringExamples: [
            """
            struct CounterView: View {
                @State var ↓count: Int
                var body: some View { Text("\\(count)") }
            }
            """,
            """
            struct DetailView: View {
                @State private var ↓item: Item
                init(item: Item) { self.item = item }
                var body: some View { Text(item.title) }
            }
            """,
            """
            struct EditorView: View {
                @State private var ↓model: EditorModel
                init(document: Document) {
                    _model = State(initialValue: EditorModel(document: document))
                }
                var body: some View { TextEditor(text: $model.text) }
            }
            """,
            """
            struct FilterView: View {
                @State private var ↓query: String
                init(query: String) { _query = .init(wrappedValue: query) }
                var body: some View { TextField("Search", text: $query) }
            }
            """,
            """
            struct Note { var text: String }
            struct NoteEditor: View {
                @State var ↓draft: Note
                let onSave: (Note) -> Void
                var body: some View { Button("Save") { onSave(draft) } }
            }
            struct NoteScreen: View {
                @State private var note = Note(text: "")
                var body: some View { NoteEditor(draft: note) { note = $0 } }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            struct CounterLabel: View {
                @State var count: Int
                var body: some View { Text("\\(count)") }
            }
            struct CounterScreen: View {
                @State private var count = 0
                var body: some View {
                    CounterLabel(count: count)
                    Button("Add") { count += 1 }
                }
            }
            """,
            """
            struct CounterView: View {
                @State private var count = 0
                var body: some View { Text("\\(count)") }
            }
            """,
            """
            struct ZoomView: View {
                @State private var zoom: Double
                init(defaultZoom: Double) { _zoom = State(initialValue: defaultZoom) }
                var body: some View { Slider(value: $zoom) }
            }
            """,
            """
            struct ResultsView: View {
                let query: String
                @State private var shown: String
                init(query: String) {
                    self.query = query
                    _shown = State(initialValue: query)
                }
                var body: some View {
                    Text(shown).task(id: query) { shown = query }
                }
            }
            """,
            """
            struct RatingView: View {
                let title: String
                @State private var stars: Int
                init(title: String) {
                    self.title = title
                    self.stars = 3
                }
                var body: some View { Stepper(title, value: $stars) }
            }
            """,
            """
            struct ListView: View {
                let items: [Item]
                @State private var selection: Item?
                var body: some View { List(items) { Text($0.title) } }
            }
            """,
        ])

    public init() {}

    /// Every `@State` filled from outside that `state_initialized_from_outside` does not
    /// report (one diagnostic per root cause when both run).
    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) {
            for state in StateSeeding.seededStates(of: decl, view: view, in: context.file, index: index)
            where StateSeeding.changingSeed(state, of: view, in: context.file, index: index) == nil {
                let name = state.property.name
                let help = "if the parent owns the value, use `let \(name)` (or `@Binding`); if the view owns it, give it an initial value and make it `private`"
                switch state.source {
                case .memberwise:
                    let seed = seedName(name)
                    let type = state.property.type.map { ": \($0.text)" } ?? ""
                    context.report(
                        "`@State var \(name)` is set by the memberwise initializer, but SwiftUI keeps only the first value: if the parent passes a new `\(name)`, the view keeps showing the old one",
                        at: state.property.nameToken..<state.property.nameToken + 1,
                        help: help + "; to seed it once on purpose, say so: `init(\(seed)\(type)) { _\(name) = State(initialValue: \(seed)) }`")
                case .parameter(let parameter, let assignment, let file):
                    context.report(
                        "`@State var \(name)` is assigned from the initializer's parameter `\(parameter.name)`, but SwiftUI keeps only the first value: later values from the parent are ignored",
                        at: state.property.nameToken..<state.property.nameToken + 1,
                        notes: [context.note("assigned from `\(parameter.name)` here", at: assignment, in: file)],
                        help: help + "; to seed it once on purpose, " + (parameter.label.map { "rename the argument label `\($0):` to `\(seedName($0)):`" }
                            ?? "rename the parameter `\(parameter.name)` to `\(seedName(parameter.name))`"))
                }
            }
        }
    }

    /// The name that marks a value as a seed (`item` -> `initialItem`).
    private func seedName(_ name: String) -> String {
        "initial" + name.prefix(1).uppercased() + name.dropFirst()
    }
}
