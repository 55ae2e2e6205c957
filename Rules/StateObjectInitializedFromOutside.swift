import ObservationLintCore
import ObservationSyntax

public struct StateObjectInitializedFromOutside: Rule {
    public static let description = RuleDescription(
        id: "state_object_initialized_from_outside",
        name: "StateObject initialized from outside",
        category: .ownership,
        group: .suspicious,
        summary: "A view's `@StateObject` receives an object that already exists when the view is initialized.",
        rationale: """
            `@StateObject` creates its object once, the first time the view appears, from the \
            autoclosure it was initialized with, and ignores it on every later initialization. \
            When the object is built before that — by the parent (the memberwise initializer, or \
            `_model = StateObject(wrappedValue: model)` with a parameter) or in a local before the \
            call — a new object is allocated on every re-render of the parent and thrown away, \
            and the view keeps the first one: later objects the parent passes (for another item, \
            another id) are silently ignored.
            """,
        fix: """
            Create the object inside the wrapper's autoclosure from plain values: \
            `_model = StateObject(wrappedValue: Model(id: id))`. If the parent owns the object, \
            use `@ObservedObject var model: Model` instead.
            """,
        triggeringExamples: [
            """
            struct ProfileView: View {
                @StateObject var ↓model: ProfileModel
                var body: some View { Text(model.name) }
            }
            """,
            """
            struct DetailView: View {
                @StateObject private var ↓viewModel: DetailViewModel
                init(viewModel: DetailViewModel) {
                    _viewModel = StateObject(wrappedValue: viewModel)
                }
                var body: some View { Text(viewModel.title) }
            }
            """,
            """
            struct PlayerView: View {
                @StateObject private var ↓player: Player
                init(track: Track) {
                    let player = Player(track: track)
                    self._player = StateObject(wrappedValue: player)
                }
                var body: some View { Text(player.title) }
            }
            """,
            """
            struct EditorView: View {
                @StateObject private var ↓store: EditorStore
                init(store: EditorStore) { _store = .init(wrappedValue: store) }
                var body: some View { TextEditor(text: $store.text) }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            struct DetailView: View {
                @StateObject private var viewModel: DetailViewModel
                init(id: Item.ID) {
                    _viewModel = StateObject(wrappedValue: DetailViewModel(id: id))
                }
                var body: some View { Text(viewModel.title) }
            }
            """,
            """
            struct DetailView: View {
                @StateObject private var viewModel: DetailViewModel
                init(viewModel: @autoclosure @escaping () -> DetailViewModel) {
                    _viewModel = StateObject(wrappedValue: viewModel())
                }
                var body: some View { Text(viewModel.title) }
            }
            """,
            """
            struct CounterView: View {
                @StateObject private var counter = Counter()
                var body: some View { Text("\\(counter.value)") }
            }
            """,
            """
            struct ProfileView: View {
                @ObservedObject var model: ProfileModel
                var body: some View { Text(model.name) }
            }
            """,
            """
            final class Holder {
                @StateObject var model: ProfileModel
                init(model: ProfileModel) { _model = StateObject(wrappedValue: model) }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where ViewProperty.isViewLike(decl, view) {
            for property in decl.properties where ViewProperty.isInstanceStorage(property) {
                guard ViewProperty.swiftUIWrapper("StateObject", on: property, index: index) != nil else { continue }
                let name = property.name
                let type = property.type.map { "`\($0.text)`" } ?? "object"
                if property.initializer == nil, ViewProperty.hasMemberwiseInit(view) {
                    context.report(
                        "`@StateObject var \(name)` is set by the memberwise initializer: the parent builds a new \(type) on every re-render, SwiftUI keeps only the first one and ignores the rest",
                        at: property.nameToken..<property.nameToken + 1,
                        help: help(for: name))
                    continue
                }
                for (fileIndex, initializer, assignment, _) in ViewProperty.initializerAssignments(to: name, in: view, index: index) {
                    let file = index.files[fileIndex]
                    guard let value = file.wrapperInitialValue(in: assignment.value, wrappers: ["StateObject"]),
                        let source = existingObject(value, in: initializer, before: assignment.operatorToken, file: file)
                    else { continue }
                    context.report(
                        "`@StateObject var \(name)` receives \(source), which exists before `StateObject` is created: a new object is built on every initialization of the view, and SwiftUI keeps only the first one and ignores the rest",
                        at: property.nameToken..<property.nameToken + 1,
                        notes: [context.note("the existing object is handed to `StateObject` here", at: assignment.target.root..<assignment.value.upperBound, in: fileIndex)],
                        help: help(for: name))
                    break
                }
            }
        }
    }

    private func help(for name: String) -> String {
        "create the object inside the wrapper from plain values (`_\(name) = StateObject(wrappedValue: Model(id: id))`), or use `@ObservedObject` if the parent owns it"
    }

    /// `x` (or `x!`, `x ?? fallback`) when `x` names a parameter of the initializer (not an
    /// `@autoclosure`) or a local declared before `limit`: a description of it, or nil.
    private func existingObject(_ value: Range<Int>, in initializer: FunctionDecl, before limit: Int, file: ParsedFile) -> String? {
        guard file.kind(value.lowerBound) == .identifier else { return nil }
        var next = value.lowerBound + 1
        if next < value.upperBound, file.kind(next) == .exclamationMark { next += 1 }
        guard next == value.upperBound || file.kind(next) == .binaryOperator && file.text(next) == "??" else { return nil }
        let name = file.text(value.lowerBound)
        if let body = initializer.body, isLocal(name, in: body.lowerBound..<limit, file: file) {
            return "the local `\(name)`"
        }
        if let parameter = initializer.parameters.first(where: { $0.name == name }) {
            guard !parameter.isAutoclosure, !(parameter.type?.text.contains("->") ?? false) else { return nil }
            return "the parameter `\(name)`"
        }
        return nil
    }

    private func isLocal(_ name: String, in range: Range<Int>, file: ParsedFile) -> Bool {
        for token in range where file.at(token, "let") || file.at(token, "var") {
            if file.kind(token + 1) == .identifier, file.text(token + 1) == name, file.kind(token + 2) != .period {
                return true
            }
        }
        return false
    }
}
