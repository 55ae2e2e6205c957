import ObservationLintCore
import ObservationSyntax

public struct StateObjectInitializedFromOutside: Rule {
    public static let description = RuleDescription(
        id: "state_object_initialized_from_outside",
        name: "StateObject initialized from outside",
        category: .ownership,
        group: .suspicious,
        summary: "A view's `@StateObject` receives an object its caller builds while rendering, or one that can change.",
        rationale: """
            `@StateObject` creates its object once, the first time the view appears, from the \
            autoclosure it was initialized with, and ignores it on every later initialization. \
            When the object exists before that — the parent passes it (through the memberwise \
            initializer, or `_model = StateObject(wrappedValue: model)` with a parameter), or the \
            initializer builds it in a local — SwiftUI keeps the first one and ignores the rest. \
            The rule fires when the view graph shows the harm: a caller that builds the object \
            in rendering code (a new object built and thrown away on every render, cited in a \
            note), or one that passes an object that can change while the view lives (a field of \
            its model: later objects are silently ignored). A stable instance (the caller's own \
            `@StateObject`, a shared singleton) or a view built once (a scene or hosting root) \
            is not reported.
            """,
        fix: """
            Create the object inside the wrapper's autoclosure from plain values: \
            `_model = StateObject(wrappedValue: Model(id: id))`. If the parent owns the object, \
            use `@ObservedObject var model: Model` instead.
            """,
        triggeringExamples: [
            """
            final class ProfileModel: ObservableObject { @Published var name = "" }
            struct ProfileView: View {
                @StateObject var ↓model: ProfileModel
                var body: some View { Text(model.name) }
            }
            struct ProfileScreen: View {
                var body: some View { ProfileView(model: ProfileModel()) }
            }
            """,
            """
            final class DetailViewModel: ObservableObject { @Published var title = "" }
            struct DetailView: View {
                @StateObject private var ↓viewModel: DetailViewModel
                init(viewModel: DetailViewModel) {
                    _viewModel = StateObject(wrappedValue: viewModel)
                }
                var body: some View { Text(viewModel.title) }
            }
            struct ListScreen: View {
                var body: some View {
                    NavigationLink("Open") { DetailView(viewModel: DetailViewModel()) }
                }
            }
            """,
            """
            final class Player: ObservableObject {
                @Published var title: String
                init(track: String) { title = track }
            }
            struct PlayerView: View {
                @StateObject private var ↓player: Player
                init(track: String) {
                    let player = Player(track: track)
                    self._player = StateObject(wrappedValue: player)
                }
                var body: some View { Text(player.title) }
            }
            struct NowPlaying: View {
                @State private var track = ""
                var body: some View { PlayerView(track: track) }
            }
            """,
            """
            final class EditorStore: ObservableObject { @Published var text = "" }
            final class Workspace: ObservableObject { @Published var current = EditorStore() }
            struct EditorView: View {
                @StateObject private var ↓store: EditorStore
                init(store: EditorStore) { _store = .init(wrappedValue: store) }
                var body: some View { TextEditor(text: $store.text) }
            }
            struct WorkspaceView: View {
                @ObservedObject var workspace: Workspace
                var body: some View { EditorView(store: workspace.current) }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class ProfileModel: ObservableObject {
                static let shared = ProfileModel()
                @Published var name = ""
            }
            struct ProfileView: View {
                @StateObject var model: ProfileModel
                var body: some View { Text(model.name) }
            }
            struct ProfileScreen: View {
                @StateObject private var model = ProfileModel()
                var body: some View {
                    ProfileView(model: model)
                    ProfileView(model: .shared)
                }
            }
            """,
            """
            import UIKit
            final class ProfileModel: ObservableObject { @Published var name = "" }
            struct ProfileView: View {
                @StateObject var model: ProfileModel
                var body: some View { Text(model.name) }
            }
            final class ProfileController: UIViewController {
                let host = UIHostingController(rootView: ProfileView(model: ProfileModel()))
            }
            """,
            """
            final class Library: ObservableObject { @Published var books: [String] = [] }
            struct LibraryView: View {
                @StateObject var library: Library
                var body: some View { Text("\\(library.books.count)") }
            }
            @main
            struct LibraryApp: App {
                var body: some Scene { WindowGroup { LibraryView(library: Library()) } }
            }
            """,
            """
            struct DetailView: View {
                @StateObject private var viewModel: DetailViewModel
                init(viewModel: DetailViewModel) {
                    _viewModel = StateObject(wrappedValue: viewModel)
                }
                var body: some View { Text(viewModel.title) }
            }
            """,
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
                let at = property.nameToken..<property.nameToken + 1
                if property.initializer == nil, ViewProperty.hasMemberwiseInit(view),
                    let finding = callerFinding(passing: property.name, to: view, property: property, context: context)
                {
                    context.report(finding.message, at: at, notes: [finding.note], help: help(for: property.name))
                    continue
                }
                for (fileIndex, initializer, assignment, _) in ViewProperty.initializerAssignments(to: property.name, in: view, index: index) {
                    let file = index.files[fileIndex]
                    guard let value = file.wrapperInitialValue(in: assignment.value, wrappers: ["StateObject"]),
                        let source = existingObject(value, in: initializer, before: assignment.operatorToken, file: file)
                    else { continue }
                    let handOver = context.note(
                        "the existing object is handed to `StateObject` here", at: assignment.target.root..<assignment.value.upperBound,
                        in: fileIndex)
                    let finding: (message: String, note: DiagnosticNote)?
                    switch source {
                    case .parameter(let parameter):
                        finding = callerFinding(passing: parameter.label, to: view, property: property, context: context)
                    case .local(let name):
                        finding = renderingSite(of: view, index: index).map { site in
                            let caller = CallSites.caller(of: site)
                            return (
                                "`@StateObject var \(property.name)` receives the local `\(name)`, which the initializer builds before `StateObject` is created: \(caller) initializes `\(view.name)` while rendering, so a new object is built and thrown away on every render (SwiftUI keeps the first one)",
                                context.note("\(caller) builds `\(view.name)` here, on every render", at: site.tokens, in: site.file))
                        }
                    }
                    if let finding {
                        context.report(finding.message, at: at, notes: [finding.note, handOver], help: help(for: property.name))
                    }
                    break
                }
            }
        }
    }

    private func help(for name: String) -> String {
        "create the object inside the wrapper from plain values (`_\(name) = StateObject(wrappedValue: Model(id: id))`), or use `@ObservedObject` if the parent owns it"
    }

    /// The caller that makes the input `label` a bug: one that builds the object in
    /// rendering code (built and thrown away on every render), or one that passes an object
    /// that can change while the view lives (later objects are ignored). The message and a
    /// note at that argument.
    private func callerFinding(passing label: String?, to view: TypeInfo, property: Property, context: RuleContext)
        -> (message: String, note: DiagnosticNote)?
    {
        let name = property.name
        let sites = CallSites.sites(passing: label, to: view.name, index: context.index)
        for (site, argument) in sites {
            guard case .constructor(let type) = argument.origin, site.context == .rendering || site.context == .presentation
            else { continue }
            let caller = CallSites.caller(of: site)
            let object = type == ".init" ? "a new object" : "a new `\(type)`"
            return (
                "`@StateObject var \(name)` is given an object that \(caller) builds while rendering: every render builds another one, which SwiftUI throws away, keeping only the first",
                context.note("\(caller) builds \(object) here on every render", at: argument.value, in: site.file))
        }
        for (site, argument) in sites {
            guard let reason = CallSites.change(of: argument, at: site, holdsReference: true, index: context.index, depth: 0)
            else { continue }
            let caller = CallSites.caller(of: site)
            return (
                "`@StateObject var \(name)` is given \(reason) by \(caller), which can pass another object while this view lives: SwiftUI keeps the first object and ignores later ones",
                context.note("\(caller) passes `\(label ?? "_"):` here", at: argument.value, in: site.file))
        }
        return nil
    }

    /// A site that constructs the view in rendering code or presented content.
    private func renderingSite(of view: TypeInfo, index: ProjectIndex) -> ViewConstruction? {
        index.viewGraph.constructions(of: view.name).first { $0.context == .rendering || $0.context == .presentation }
    }

    private enum ExistingObject {
        case parameter(Parameter)
        case local(String)
    }

    /// `x` (or `x!`, `x ?? fallback`) when `x` names a parameter of the initializer (not an
    /// `@autoclosure`) or a local declared before `limit`.
    private func existingObject(_ value: Range<Int>, in initializer: FunctionDecl, before limit: Int, file: ParsedFile) -> ExistingObject? {
        guard file.kind(value.lowerBound) == .identifier else { return nil }
        var next = value.lowerBound + 1
        if next < value.upperBound, file.kind(next) == .exclamationMark { next += 1 }
        guard next == value.upperBound || file.kind(next) == .binaryOperator && file.text(next) == "??" else { return nil }
        let name = file.text(value.lowerBound)
        if let body = initializer.body, isLocal(name, in: body.lowerBound..<limit, file: file) {
            return .local(name)
        }
        if let parameter = initializer.parameters.first(where: { $0.name == name }) {
            guard !parameter.isAutoclosure, !(parameter.type?.text.contains("->") ?? false) else { return nil }
            return .parameter(parameter)
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
