import ObservationLintCore
import ObservationSyntax

public struct StateInitializedFromOutside: Rule {
    public static let description = RuleDescription(
        id: "state_initialized_from_outside",
        name: "State initialized from outside",
        category: .ownership,
        group: .suspicious,
        summary: "A view's `@State` takes its value from the parent (memberwise or explicit init).",
        rationale: """
            SwiftUI creates a view's `@State` storage once, the first time the view appears, and \
            ignores every later value its initializer receives. When the parent re-renders with a \
            new value, the view keeps showing the old one. This happens when a `@State` property \
            has no initial value (the memberwise initializer takes it from the parent), or when an \
            initializer assigns it from a parameter (`self.x = x`, `_x = State(initialValue: x)`).
            """,
        fix: """
            If the parent owns the value, use `let x` (or `@Binding var x` when the view changes \
            it). If the view owns it, give it an initial value and make it `private`. To seed local \
            state once on purpose, name the parameter `initial…` or `default…`; to follow later \
            values, also assign the state in `.onChange(of:)` or `.task(id:)`.
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
            struct Badge: View {
                @State
                var ↓label: String // attribute on its own line
                var body: some View { Text(label) }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            import ComposableArchitecture
            struct ChildView: View {
                @State var store: StoreOf<Child>
                var body: some View { Text("\\(store.count)") }
            }
            struct ParentView: View {
                let store: StoreOf<Parent>
                var body: some View { ChildView(store: store.scope(state: \\.child, action: \\.child)) }
            }
            """,
            """
            struct CounterView: View {
                @State private var count = 0
                var body: some View { Text("\\(count)") }
            }
            """,
            """
            struct ListView: View {
                let items: [Item]
                @State private var selection: Item?
                var body: some View { List(items) { Text($0.title) } }
            }
            """,
            """
            struct StepperView: View {
                let title: String
                @State private var value: Int
                init(title: String) {
                    self.title = title
                    _value = State(initialValue: 10)
                }
                var body: some View { Stepper(title, value: $value) }
            }
            """,
            """
            struct SliderView: View {
                @State private var level: Double
                init(initialLevel: Double) { _level = State(initialValue: initialLevel) }
                var body: some View { Slider(value: $level) }
            }
            """,
            """
            struct NameField: View {
                let name: String
                @State private var draft: String
                init(name: String) {
                    self.name = name
                    _draft = State(initialValue: name)
                }
                var body: some View {
                    TextField("Name", text: $draft)
                        .onChange(of: name) { _, newName in draft = newName }
                }
            }
            """,
            """
            final class Holder {
                @State var value: Int
                init(value: Int) { self.value = value }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        for (decl, view) in context.index.typeDeclarations(in: context.fileIndex) where view.isView {
            let explicitInits = view.declarations.flatMap { declaration in
                declaration.decl.functions.filter { $0.kind == .initializer }.map { (declaration.file, $0) }
            }
            // An init in the type's own declaration replaces the memberwise init; one in an
            // extension does not.
            let hasMemberwiseInit = view.declarations.first.map { primary in
                primary.decl.kind != .extension && !primary.decl.functions.contains { $0.kind == .initializer }
            } ?? false
            for property in decl.properties
            where property.attributes.contains(named: "State") && property.isStored && !isSeedName(property.name) {
                if resyncs(property.name, in: view, index: context.index) { continue }
                // A store handed down is the parent's, scoped: the first one is the one to keep.
                if ViewProperty.holdsComposableArchitectureStore(property, in: context.file, scope: view.name, index: context.index) {
                    continue
                }
                if property.initializer == nil, hasMemberwiseInit, !(property.type.map { TypeShape($0.text).isOptional } ?? false) {
                    context.report(
                        "`@State var \(property.name)` is set by the memberwise initializer, but SwiftUI keeps only the first value: when the parent passes a new `\(property.name)`, the view keeps showing the old one",
                        at: property.nameToken..<property.nameToken + 1,
                        help: help(for: property.name))
                    continue
                }
                for (fileIndex, initializer) in explicitInits {
                    guard let assignment = assignmentFromParameter(to: property.name, in: initializer, file: context.index.files[fileIndex])
                    else { continue }
                    context.report(
                        "`@State var \(property.name)` is assigned from the initializer's parameter `\(assignment.parameter)`, but SwiftUI keeps only the first value: later values from the parent are ignored",
                        at: property.nameToken..<property.nameToken + 1,
                        notes: [context.note("assigned from `\(assignment.parameter)` here", at: assignment.tokens, in: fileIndex)],
                        help: help(for: property.name))
                    break
                }
            }
        }
    }

    private func help(for name: String) -> String {
        "if the parent owns the value, use `let \(name)` (or `@Binding`); if the view owns it, give it an initial value and make it `private`; to seed it once on purpose, name the parameter `initial\(name.prefix(1).uppercased() + name.dropFirst())`"
    }

    private func isSeedName(_ name: String) -> Bool {
        name.hasPrefix("initial") || name.hasPrefix("default")
    }

    /// The assignment in `initializer` that stores a value built from one of its parameters
    /// into the state `name` (through `self.name`, `name`, or `_name`).
    private func assignmentFromParameter(
        to name: String, in initializer: FunctionDecl, file: ParsedFile
    ) -> (parameter: String, tokens: Range<Int>)? {
        guard let body = initializer.body else { return nil }
        let parameters = Set(initializer.parameters.map(\.name).filter { !isSeedName($0) })
        guard !parameters.isEmpty else { return nil }
        for assignment in file.assignments(in: body) {
            let path = file.path(of: assignment.target)
            guard path == [name] || path == ["_" + name] else { continue }
            for token in assignment.value {
                guard file.kind(token) == .identifier, file.kind(token - 1) != .period,
                    file.kind(token + 1) != .colon, parameters.contains(file.text(token))
                else { continue }
                return (file.text(token), assignment.target.root..<assignment.value.upperBound)
            }
        }
        return nil
    }

    /// Whether the view assigns the state again when its input changes: in
    /// `.onChange(of:)` or `.task(id:)`.
    private func resyncs(_ name: String, in view: TypeInfo, index: ProjectIndex) -> Bool {
        for declaration in view.declarations {
            let file = index.files[declaration.file]
            let calls = file.calls(in: declaration.decl.members) { token in
                file.kind(token - 1) == .period && (file.at(token, "onChange") || file.at(token, "task"))
            }
            for call in calls {
                if file.at(call.name, "task"), call.arguments.flatMap({ file.argument("id", in: $0) }) == nil { continue }
                var closures = call.trailingClosures.map(\.body)
                if let arguments = call.arguments { closures.append(arguments) }
                for closure in closures {
                    if file.assignments(in: closure).contains(where: { file.path(of: $0.target) == [name] }) {
                        return true
                    }
                }
            }
        }
        return false
    }
}
