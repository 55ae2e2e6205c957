import ObservationLintCore
import ObservationSyntax

public struct ModelCreatedInBody: Rule {
    public static let description = RuleDescription(
        id: "model_created_in_body",
        name: "Model created in body",
        category: .ownership,
        group: .suspicious,
        summary: "A view's `body` creates an observable model and hands it to a child view.",
        rationale: """
            SwiftUI evaluates `body` again whenever the view's inputs or observed state change. A \
            model constructed there (`Row(model: RowModel(item))`, `NavigationLink { \
            Detail(vm: DetailVM()) }`) is a new object on every evaluation: the child view, which \
            holds it as `@ObservedObject`, `@Bindable` or a plain reference, starts over with a \
            fresh model each time its parent updates, and loses whatever state the model had \
            (loaded data, selection, progress, text being edited).
            """,
        fix: """
            Create the model where it is owned: in the child, as `@StateObject private var` \
            (ObservableObject) or `@State private var` (`@Observable`), initialized from the \
            child's inputs (`_model = StateObject(wrappedValue: RowModel(item))`), or store it in \
            the parent (or its model) and pass that stored object down.
            """,
        triggeringExamples: [
            """
            final class RowModel: ObservableObject { @Published var isExpanded = false }
            struct Row: View {
                @ObservedObject var model: RowModel
                var body: some View { Text(model.isExpanded ? "Open" : "Closed") }
            }
            struct MailSection: View {
                var body: some View { Row(model: ↓RowModel()) }
            }
            struct Inbox: View {
                @State private var count = 0
                var body: some View { Button("\\(count)") { count += 1 }; MailSection() }
            }
            """,
            """
            final class RowModel: ObservableObject {
                @Published var isExpanded = false
                init(item: String) {}
            }
            struct Row: View {
                @ObservedObject var model: RowModel
                var body: some View { Text("\\(model.isExpanded)") }
            }
            struct ListScreen: View {
                let items: [String]
                var body: some View {
                    List(items, id: \\.self) { item in
                        Row(model: ↓RowModel(item: item))
                    }
                }
            }
            """,
            """
            @Observable final class DetailModel { var notes = "" }
            struct DetailView: View {
                let model: DetailModel
                var body: some View { Text(model.notes) }
            }
            struct Home: View {
                var body: some View {
                    NavigationStack {
                        NavigationLink("Open") {
                            DetailView(model: ↓DetailModel())
                        }
                    }
                }
            }
            """,
            """
            @Observable final class EditorModel {
                var text = ""
                init(text: String) { self.text = text }
            }
            struct Editor: View {
                @Bindable var model: EditorModel
                var body: some View { TextField("Text", text: $model.text) }
            }
            struct Notes: View {
                @State private var editing: String?
                var body: some View {
                    Text("Notes")
                        .sheet(item: $editing) { text in
                            Editor(model: ↓EditorModel(text: text))
                        }
                }
            }
            """,
            """
            final class PlayerModel: ObservableObject { @Published var position = 0.0 }
            struct PlayerControls: View {
                @ObservedObject var player: PlayerModel
                init(player: PlayerModel) { self.player = player }
                var body: some View { Slider(value: $player.position) }
            }
            struct NowPlaying: View {
                var body: some View { controls }
                @ViewBuilder private var controls: some View {
                    PlayerControls(player: ↓PlayerModel())
                }
            }
            """,
            """
            final class CounterModel: ObservableObject { @Published var count = 0 }
            struct CounterView: View {
                @ObservedObject var model: CounterModel
                var body: some View { Text("\\(model.count)") }
            }
            struct Dashboard: View {
                var body: some View {
                    let counter = ↓CounterModel()
                    VStack { CounterView(model: counter) }
                }
            }
            """,
            """
            @Observable final class FilterModel { var query = "" }
            struct FilterBar: View {
                @Bindable var model: FilterModel
                var body: some View { TextField("Filter", text: $model.query) }
            }
            struct Browser: View {
                var body: some View {
                    VStack { FilterBar(model: ↓.init()) }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class RowModel: ObservableObject { @Published var isExpanded = false }
            struct Row: View {
                @ObservedObject var model: RowModel
                var body: some View { Text(model.isExpanded ? "Open" : "Closed") }
            }
            struct Root: View {
                var body: some View { Row(model: RowModel()) }
            }
            @main
            struct InboxApp: App {
                var body: some Scene { WindowGroup { Row(model: RowModel()) } }
            }
            final class InboxController: UIViewController {
                override func viewDidLoad() { addChild(UIHostingController(rootView: Root())) }
            }
            """,
            """
            final class RowModel: ObservableObject { @Published var isExpanded = false }
            struct Row: View {
                @ObservedObject var model: RowModel
                var body: some View { Text("\\(model.isExpanded)") }
            }
            #Preview {
                Row(model: RowModel())
            }
            struct Row_Previews: PreviewProvider {
                static var previews: some View { Row(model: RowModel()) }
            }
            """,
            """
            final class RowModel: ObservableObject { @Published var isExpanded = false }
            struct Row: View {
                @ObservedObject var model: RowModel
                var body: some View { Text("\\(model.isExpanded)") }
            }
            struct ListScreen: View {
                let cache: RowModelCache
                var body: some View {
                    ForEach(cache.ids, id: \\.self) { id in
                        Row(model: cache.model(for: id))
                    }
                }
            }
            """,
            """
            final class DetailModel: ObservableObject {
                @Published var notes = ""
                init(id: Int) {}
            }
            struct DetailView: View {
                @StateObject private var model: DetailModel
                init(model: @autoclosure @escaping () -> DetailModel) {
                    _model = StateObject(wrappedValue: model())
                }
                var body: some View { Text(model.notes) }
            }
            struct Home: View {
                var body: some View { DetailView(model: DetailModel(id: 1)) }
            }
            """,
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            struct Root: View {
                var body: some View {
                    Content().environmentObject(Store())
                }
            }
            """,
            """
            @Observable final class EditorModel { var text = "" }
            struct Editor: View {
                let model: EditorModel
                var body: some View { Text(model.text) }
            }
            struct Notes: View {
                @State private var path: [EditorModel] = []
                var body: some View {
                    Button("New") { path.append(EditorModel()) }
                        .onAppear { _ = Editor(model: EditorModel()) }
                }
            }
            """,
            """
            final class Formatter: ObservableObject { let locale = "en" }
            struct Price: View {
                @ObservedObject var formatter: Formatter
                var body: some View { Text(formatter.locale) }
            }
            struct Cart: View {
                var body: some View { Price(formatter: Formatter()) }
            }
            """,
            """
            final class TimerModel: ObservableObject { @Published var seconds = 0 }
            struct TimerView: View {
                @StateObject var model: TimerModel
                var body: some View { Text("\\(model.seconds)") }
            }
            struct Kitchen: View {
                var body: some View { TimerView(model: TimerModel()) }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        let file = context.file
        for (decl, type) in index.typeDeclarations(in: context.fileIndex)
        where RenderingCode.isRendering(type) && !RenderingCode.isPreviewCode(type, index: index) {
            var previewOnly: Bool?  // a wrapper view written for previews
            var bodyRunsOnce: Bool?
            for body in RenderingCode.bodies(in: decl, file: context.fileIndex, of: type) {
                var roles = RenderRoles(body: body.range, file: file, index: index)
                // Found when an argument is a lone name (few are).
                var locals: [String: (type: String, token: Int)]?
                func constructedLocal(named name: String) -> (type: String, token: Int)? {
                    if locals == nil { locals = constructedLocals(in: body.range, scope: type.name, index: index, file: file) }
                    return locals![name]
                }
                for token in body.range {
                    guard let child = childView(calledAt: token, from: type.name, index: index, file: file),
                        let call = file.call(at: token, limit: body.range.upperBound), let arguments = call.arguments
                    else { continue }
                    let childName = file.text(call.name)
                    for (position, argument) in file.argumentList(arguments).enumerated() {
                        let label = argument.label.map { file.text($0) }
                        var created = createdModel(in: argument.value, local: constructedLocal, scope: type.name, index: index, file: file)
                        let isImplicitInit = created == nil && isImplicitInitCall(argument.value, file: file)
                        guard created != nil || isImplicitInit,
                            roles.role(of: argument.value.lowerBound) == .content,
                            let storage = receivingStorage(of: child, label: label, position: position, index: index)
                        else { continue }
                        if isImplicitInit {
                            // `Row(model: .init(item))`: the type is the child's property's.
                            let storageFile = index.files[storage.file]
                            guard let shape = index.declaredShape(of: storage.property, in: storageFile, scope: child.name),
                                case .named(let name, _) = shape, let resolved = index.resolve(name, from: child.name)
                            else { continue }
                            created = (resolved, argument.value.lowerBound)
                        }
                        guard let created, let model = index.types[created.type], RenderingCode.isModel(model),
                            index.holdsMutableState(model),
                            roles.role(of: created.token) == .content
                        else { continue }
                        if previewOnly == nil { previewOnly = RenderingCode.isUsedOnlyInPreviews(type, index: index) }
                        if previewOnly == true { continue }
                        // A body evaluated once (a constant root view, an app holding no
                        // state), or a child built once (a hosting root): one model.
                        if bodyRunsOnce == nil { bodyRunsOnce = index.evaluatesBodyOnce(type) }
                        if bodyRunsOnce == true || isBuiltOnce(child, at: call.name, in: context.fileIndex, index: index) { continue }
                        let modelName = model.name
                        context.report(
                            "`\(modelName)` is created while `body` is evaluated and handed to `\(childName)`, which keeps it as \(storage.description): every update of this view makes a new `\(modelName)` and the child's state is lost",
                            at: created.token..<created.token + 1,
                            notes: [context.note("`\(childName)` stores it here", at: storage.token..<storage.token + 1, in: storage.file)]
                                + ViewProperty.renderingSiteNotes(of: type, context: context),
                            help: "create it in `\(childName)` as `\(RenderingCode.ownerWrapper(for: model)) private var` (initialized from its inputs), or store it in this view and pass the stored object")
                    }
                }
            }
        }
    }

    /// The project view called by name at `token`: `Row(…)`. Most such names are the SDK's
    /// (`Text`, `VStack`), ruled out before the full lookup.
    private func childView(calledAt token: Int, from scope: String, index: ProjectIndex, file: ParsedFile) -> TypeInfo? {
        guard file.kind(token + 1) == .leftParen, RenderingCode.isCapitalizedName(token, in: file) else { return nil }
        let name = file.text(token)
        guard index.mayNameType(simpleName: name), let child = index.type(named: name, from: scope), child.isView else { return nil }
        return child
    }

    /// Whether the view graph's site of `child` at `token` builds it once (an app's scene
    /// root, a hosting root).
    private func isBuiltOnce(_ child: TypeInfo, at token: Int, in fileIndex: Int, index: ProjectIndex) -> Bool {
        index.viewGraph.constructions(of: child.name).contains { $0.file == fileIndex && $0.token == token && index.isOneTime($0) }
    }

    /// `.init(…)`, exactly.
    private func isImplicitInitCall(_ value: Range<Int>, file: ParsedFile) -> Bool {
        guard value.count >= 4, file.kind(value.lowerBound) == .period, file.at(value.lowerBound + 1, "init"),
            let call = file.call(at: value.lowerBound + 1, limit: value.upperBound)
        else { return false }
        return call.end == value.upperBound
    }

    /// A model constructed by the argument: a constructor call (`RowModel(item)`), or a local
    /// of the body bound to one (`let model = RowModel(item)` … `Row(model: model)`).
    private func createdModel(
        in value: Range<Int>, local: (String) -> (type: String, token: Int)?, scope: String, index: ProjectIndex, file: ParsedFile
    ) -> (type: String, token: Int)? {
        if let constructed = index.constructedType(in: value, file: file, scope: scope) {
            return (constructed.name, value.lowerBound)
        }
        if value.count == 1, file.kind(value.lowerBound) == .identifier, let local = local(file.text(value.lowerBound)) {
            return local
        }
        return nil
    }

    /// Locals of the body declared once with a constructor: `let model = RowModel(item)`.
    private func constructedLocals(
        in body: Range<Int>, scope: String, index: ProjectIndex, file: ParsedFile
    ) -> [String: (type: String, token: Int)] {
        var result: [String: (type: String, token: Int)] = [:]
        var declaredTwice = Set<String>()
        for token in body where file.at(token, "let") || file.at(token, "var") {
            let name = token + 1
            guard file.kind(name) == .identifier else { continue }
            let text = file.text(name)
            if result[text] != nil { declaredTwice.insert(text) }
            guard file.kind(name + 1) == .equal else { continue }
            let end = file.expressionEnd(from: name + 2, end: body.upperBound, stopAtComma: true)
            if let constructed = index.constructedType(in: name + 2..<end, file: file, scope: scope) {
                result[text] = (constructed.name, name + 2)
            }
        }
        for name in declaredTwice { result[name] = nil }
        return result
    }

    /// Where the child keeps the model, when the analysis is sure it keeps it in a way that
    /// does not survive re-creation: `@ObservedObject`, `@Bindable` or a plain property.
    /// Nil (silent) for `@StateObject`/`@State` (the first object is kept; that is the
    /// ownership rules' concern), `@autoclosure` parameters, and anything unclear.
    private func receivingStorage(of child: TypeInfo, label: String?, position: Int, index: ProjectIndex) -> Storage? {
        let initializers = child.functions.filter { $0.function.kind == .initializer }
        if initializers.isEmpty {
            guard let label, let primary = child.declarations.first, primary.decl.kind != .extension,
                let property = primary.decl.properties.first(where: { $0.name == label && $0.isStored })
            else { return nil }
            return storage(for: property, in: primary.file)
        }
        var result: Storage?
        for (fileIndex, initializer) in initializers {
            let file = index.files[fileIndex]
            let candidates: [Parameter]
            if let label {
                candidates = initializer.parameters.filter { $0.label == label }
            } else {
                candidates = initializer.parameters.enumerated().filter { $0.offset == position && $0.element.label == nil }.map(\.element)
            }
            guard let parameter = candidates.first else { continue }
            if parameter.isAutoclosure { return nil }
            guard let body = initializer.body, let stored = storedProperty(for: parameter, in: body, of: child, file: file)
            else { return nil }
            guard let storage = storage(for: stored.property, in: stored.file, through: stored.value, file: file) else { return nil }
            result = result ?? storage
        }
        return result
    }

    /// The property an initializer stores a parameter in: `self.model = model`,
    /// `_model = ObservedObject(wrappedValue: model)`.
    private func storedProperty(
        for parameter: Parameter, in body: Range<Int>, of child: TypeInfo, file: ParsedFile
    ) -> (property: Property, file: Int, value: Range<Int>)? {
        for assignment in file.assignments(in: body) where file.kind(assignment.operatorToken) == .equal {
            let path = file.path(of: assignment.target)
            guard path.count == 1 else { continue }
            let usesParameter = assignment.value.contains { token in
                file.kind(token) == .identifier && file.text(token) == parameter.name && file.kind(token - 1) != .period
                    && file.kind(token + 1) != .colon
            }
            guard usesParameter else { continue }
            let name = path[0].hasPrefix("_") ? String(path[0].dropFirst()) : path[0]
            guard let (fileIndex, property) = child.property(named: name) else { return nil }
            return (property, fileIndex, assignment.value)
        }
        return nil
    }

    struct Storage {
        let description: String
        let property: Property
        let file: Int
        var token: Int { property.nameToken }
    }

    private func storage(for property: Property, in fileIndex: Int, through value: Range<Int>? = nil, file: ParsedFile? = nil) -> Storage? {
        let wrapper = RenderingCode.wrapper(of: property)
        switch wrapper {
        case nil:
            // `self.model = model`, or `_model` assigned something that is not a wrapper.
            if let value, let file, isWrapperConstruction(value, file: file) { return nil }
            return Storage(description: "a plain `\(property.isLet ? "let" : "var") \(property.name)`", property: property, file: fileIndex)
        case "ObservedObject", "Bindable":
            if let value, let file, isWrapperConstruction(value, file: file),
                !(file.at(value.lowerBound, "ObservedObject") || file.at(value.lowerBound, "Bindable"))
            {
                return nil
            }
            return Storage(description: "`@\(wrapper!) var \(property.name)`", property: property, file: fileIndex)
        default:
            return nil
        }
    }

    /// `StateObject(wrappedValue: …)`, `.init(…)`, `State(initialValue: …)`.
    private func isWrapperConstruction(_ value: Range<Int>, file: ParsedFile) -> Bool {
        guard let first = value.first else { return false }
        if file.kind(first) == .period { return true }
        let text = file.text(first)
        return ["StateObject", "State", "ObservedObject", "Bindable", "SwiftUI"].contains(text)
    }
}
