import ObservationLintCore
import ObservationSyntax

public struct ObservableCreatedInViewProperty: Rule {
    public static let description = RuleDescription(
        id: "observable_created_in_view_property",
        name: "Observable created in view property",
        category: .ownership,
        group: .suspicious,
        summary: "A view's plain stored property creates an observable or ObservableObject model.",
        rationale: """
            A view is a value that SwiftUI re-creates every time its parent re-renders. A plain \
            stored property (`let model = Model()`, or `self.model = Model()` in the view's \
            initializer; no property wrapper) is initialized again with it, so the view gets a \
            fresh model each time and everything the model held — \
            loaded data, selection, text being typed — is lost. An `ObservableObject` in a plain \
            property is not observed either: the view does not update when it changes.
            """,
        fix: """
            Let SwiftUI keep the model across re-renders: `@State private var model = Model()` \
            for an `@Observable` class, `@StateObject private var model = Model()` for an \
            `ObservableObject`.
            """,
        triggeringExamples: [
            """
            @Observable final class Session { var user = "" }
            @main
            struct NotesApp: App {
                @AppStorage("compact") private var compact = false
                var body: some Scene { WindowGroup { NotesRoot(compact: compact) } }
            }
            struct NotesRoot: View {
                let compact: Bool
                let ↓session = Session()
                var body: some View { Text(session.user) }
            }
            """,
            """
            @Observable final class CounterModel { var count = 0 }
            struct CounterView: View {
                let ↓model = CounterModel()
                var body: some View { Button("\\(model.count)") { model.count += 1 } }
            }
            """,
            """
            final class SearchModel: ObservableObject { @Published var query = "" }
            struct SearchView: View {
                private var ↓search = SearchModel()
                var body: some View { Text(search.query) }
            }
            """,
            """
            @Observable final class Draft { var text = "" }
            struct ComposeView: View {
                var ↓draft: Draft = .init()
                var body: some View { Text(draft.text) }
            }
            """,
            """
            enum Library {
                @Observable final class Shelf { var books: [String] = [] }
            }
            struct ShelfView: View {
                let ↓shelf = Library.Shelf()
                var body: some View { Text("\\(shelf.books.count)") }
            }
            """,
            """
            @Observable final class RowModel {
                var isExpanded = false
                init(title: String) {}
            }
            struct Row: View {
                let ↓model: RowModel
                init(title: String) { model = RowModel(title: title) }
                var body: some View { Text(model.isExpanded ? "Open" : "Closed") }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            @Observable final class Session { var user = "" }
            @main
            struct NotesApp: App {
                var body: some Scene { WindowGroup { NotesRoot() } }
            }
            struct NotesRoot: View {
                let session = Session()
                var body: some View { Text(session.user) }
            }
            """,
            """
            @Observable final class CounterModel { var count = 0 }
            struct CounterView: View {
                @State private var model = CounterModel()
                var body: some View { Text("\\(model.count)") }
            }
            """,
            """
            struct Formatter { var style = 0 }
            struct PriceView: View {
                let formatter = Formatter()
                var body: some View { Text("\\(formatter.style)") }
            }
            """,
            """
            struct MapView: View {
                let manager = CLLocationManager()
                var body: some View { Text("Map") }
            }
            """,
            """
            @Observable final class CounterModel { var count = 0 }
            struct CounterView: View {
                let model: CounterModel
                static let preview = CounterModel()
                var body: some View { Text("\\(model.count)") }
            }
            """,
            """
            @Observable final class CounterModel { var count = 0 }
            final class CounterController {
                let model = CounterModel()
            }
            """,
            """
            @Observable final class Palette {
                let accent: String
                init(accent: String) { self.accent = accent }
            }
            struct Badge: View {
                let palette = Palette(accent: "blue")
                var body: some View { Text(palette.accent) }
            }
            """,
        ],
        autoFix: AutoFix(
            .unsafe,
            reason: "The model then lives as long as the view instead of being re-created on every update of the parent (a change of lifetime to review), and for a `var` a caller that passes it no longer compiles once it is `private`.",
            corrections: [
                RuleCorrection(
                    """
                    @Observable final class Player { var isPlaying = false }
                    struct PlayerView: View {
                        internal let ↓player = Player()
                        var body: some View { Text(player.isPlaying ? "On" : "Off") }
                    }
                    """,
                    """
                    @Observable final class Player { var isPlaying = false }
                    struct PlayerView: View {
                        @State private var player = Player()
                        var body: some View { Text(player.isPlaying ? "On" : "Off") }
                    }
                    """),
                RuleCorrection(
                    """
                    final class Recorder: ObservableObject { @Published var level = 0.0 }
                    struct MeterView: View {
                        var ↓recorder = Recorder()
                        var body: some View { Text("\\(recorder.level)") }
                    }
                    """,
                    """
                    final class Recorder: ObservableObject { @Published var level = 0.0 }
                    struct MeterView: View {
                        @StateObject private var recorder = Recorder()
                        var body: some View { Text("\\(recorder.level)") }
                    }
                    """),
            ]))

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where ViewProperty.isViewLike(decl, view) {
            for property in decl.properties {
                guard let created = Self.reportedModel(property, in: view, file: context.file, index: index) else { continue }
                let wrapper = created.kind == .observableObject ? "StateObject" : "State"
                let what = created.kind == .observableObject ? "the ObservableObject" : "the observable"
                let shortName = String(created.name.simpleTypeName)
                if let assignment = created.assignment {
                    context.report(
                        "`\(property.name)` is a plain stored property that the initializer fills with a new \(created.kind == .observableObject ? "ObservableObject" : "observable") `\(created.name)`: it is re-created, and its state lost, every time the parent re-renders `\(view.name)`; use `@\(wrapper) private var \(property.name)`",
                        at: property.nameToken..<property.nameToken + 1,
                        notes: [context.note("created here", at: assignment.tokens, in: assignment.file)]
                            + ViewProperty.renderingSiteNotes(of: view, context: context),
                        help: "`@\(wrapper) private var \(property.name)`, set once with `_\(property.name) = \(wrapper)(\(wrapper == "State" ? "initialValue" : "wrappedValue"): \(shortName)(…))`, keeps one model for the view's lifetime")
                    continue
                }
                var fixes: [Fix] = []
                if let edits = ViewProperty.ownershipEdits(for: property, wrapper: wrapper, replacing: nil, context: context) {
                    fixes.append(Fix(title: "Use `@\(wrapper) private var \(property.name)`", edits: edits))
                }
                context.report(
                    "`\(property.name)` creates \(what) `\(created.name)` in a plain stored property: it is re-created, and its state lost, every time the parent re-renders `\(view.name)`; use `@\(wrapper) private var \(property.name)`",
                    at: property.nameToken..<property.nameToken + 1,
                    notes: ViewProperty.renderingSiteNotes(of: view, context: context),
                    help: "`@\(wrapper) private var \(property.name) = \(shortName)(…)` keeps one model for the view's lifetime",
                    fixes: fixes)
            }
        }
    }

    /// The model this rule reports `property` for: a created model (`createdModel`) that
    /// holds state, in a view that is not built only once (then its model is built once
    /// too). `unobserved_model_in_view` leaves exactly these to this rule.
    static func reportedModel(
        _ property: Property, in view: TypeInfo, file: ParsedFile, index: ProjectIndex
    ) -> (name: String, kind: ModelKind, assignment: (file: Int, tokens: Range<Int>)?)? {
        guard let created = createdModel(property, in: view, file: file, index: index),
            let model = index.types[created.name], index.holdsMutableState(model), !index.isBuiltOnlyOnce(view.name)
        else { return nil }
        return created
    }

    /// A view's plain stored instance property that gets a new observable or
    /// ObservableObject project object: from its initial value (`let m = Model()`, `: Model =
    /// .init()`), or from an initializer assigning a constructor call (`self.m = Model(…)`,
    /// then `assignment` says where). The kind is `.observable` also for types that are both.
    static func createdModel(
        _ property: Property, in view: TypeInfo, file: ParsedFile, index: ProjectIndex
    ) -> (name: String, kind: ModelKind, assignment: (file: Int, tokens: Range<Int>)?)? {
        guard ViewProperty.isInstanceStorage(property), ViewProperty.isPlain(property) else { return nil }
        var constructed: String?
        var assignment: (file: Int, tokens: Range<Int>)?
        if property.initializer != nil {
            constructed = index.constructedType(of: property, in: file, scope: view.name)?.name
        } else {
            // Only a property declared as a model can be filled with one.
            guard let declared = property.type.flatMap({ TypeShape($0.text).directName }),
                let model = index.type(named: declared, from: view.name), model.isObservable || model.isObservableObject
            else { return nil }
            for entry in ViewProperty.initializerAssignments(to: property.name, in: view, index: index) where !entry.throughStorage {
                let assignedFile = index.files[entry.file]
                if let name = index.constructedType(
                    in: entry.assignment.value, file: assignedFile, scope: view.name, contextualType: property.type)?.name
                {
                    constructed = name
                    assignment = (entry.file, entry.assignment.target.root..<entry.assignment.value.upperBound)
                    break
                }
            }
        }
        guard let constructed, let type = index.types[constructed], type.isClass else { return nil }
        if type.isObservable { return (constructed, .observable, assignment) }
        if type.isObservableObject { return (constructed, .observableObject, assignment) }
        return nil
    }
}
