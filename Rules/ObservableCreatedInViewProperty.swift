import ObservationLintCore
import ObservationSyntax

public struct ObservableCreatedInViewProperty: Rule {
    public static let description = RuleDescription(
        id: "observable_created_in_view_property",
        name: "Observable created in view property",
        category: .ownership,
        summary: "A view's plain stored property creates an observable or ObservableObject model.",
        rationale: """
            A view is a value that SwiftUI re-creates every time its parent re-renders. A plain \
            stored property (`let model = Model()`, no property wrapper) is initialized again \
            with it, so the view gets a fresh model each time and everything the model held — \
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
        ],
        nonTriggeringExamples: [
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
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where ViewProperty.isViewLike(decl, view) {
            for property in decl.properties {
                guard let (model, kind) = Self.createdModel(property, in: view, file: context.file, index: index) else { continue }
                let wrapper = kind == .observableObject ? "StateObject" : "State"
                let what = kind == .observableObject ? "the ObservableObject" : "the observable"
                var fixes: [Fix] = []
                if let edits = ViewProperty.ownershipEdits(for: property, wrapper: wrapper, replacing: nil, context: context) {
                    fixes.append(Fix(title: "Use `@\(wrapper) private var \(property.name)`", edits: edits))
                }
                context.report(
                    "`\(property.name)` creates \(what) `\(model)` in a plain stored property: it is re-created, and its state lost, every time the parent re-renders `\(view.name)`; use `@\(wrapper) private var \(property.name)`",
                    at: property.nameToken..<property.nameToken + 1,
                    help: "`@\(wrapper) private var \(property.name) = \(model.split(separator: ".").last ?? "")(…)` keeps one model for the view's lifetime",
                    fixes: fixes)
            }
        }
    }

    /// A view's plain stored instance property whose initial value constructs an
    /// observable or ObservableObject project type: the model's name and kind
    /// (`.observable` also for types that are both). `unobserved_model_in_view` leaves these
    /// to this rule.
    static func createdModel(
        _ property: Property, in view: TypeInfo, file: ParsedFile, index: ProjectIndex
    ) -> (name: String, kind: ModelKind)? {
        guard ViewProperty.isInstanceStorage(property), ViewProperty.isPlain(property),
            let constructed = index.constructedType(of: property, in: file, scope: view.name),
            let type = index.types[constructed.name], type.isClass
        else { return nil }
        if type.isObservable { return (constructed.name, .observable) }
        if type.isObservableObject { return (constructed.name, .observableObject) }
        return nil
    }
}
