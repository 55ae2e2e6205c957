import ObservationLintCore
import ObservationSyntax

public struct ViewWrapperOutsideView: Rule {
    public static let description = RuleDescription(
        id: "view_wrapper_outside_view",
        name: "View wrapper outside view",
        category: .ownership,
        group: .correctness,
        summary: "A SwiftUI view property wrapper on a property of a class, where it breaks what uses the property.",
        rationale: """
            `@State`, `@StateObject`, `@ObservedObject`, `@EnvironmentObject`, `@Environment`, \
            `@FocusState`, `@GestureState`, `@SceneStorage` and `@Namespace` get their storage \
            from SwiftUI when it installs them on a view (or another `DynamicProperty` struct it \
            manages). In a class nothing installs them: `@State` keeps returning its initial \
            value and logs "Accessing State's value outside of being installed on a View", \
            `@Namespace` gives a new namespace on every read (so `matchedGeometryEffect` ids in \
            it never match), \
            environment values are defaults, `@StateObject` creates a new object on every read, \
            reading an `@EnvironmentObject` stops the app, and changes never reach any view; an \
            environment action (`openWindow`, `openURL`, `dismiss`) is the default one, bound to \
            no window, scene or presentation, so calling it does nothing or not what the view's \
            does. `@ObservedObject` stores its object but observes nothing: it is reported where \
            a view reads the object's state through the class (the note shows that render path) \
            and neither the class forwards the object's changes nor the view subscribes to the \
            object, so the view does not update. (A `@Binding` is left alone: its get and set \
            closures need no installation, so in a class, as in a representable's coordinator, it \
            reads and writes the storage it was made from; a property nothing reads is left alone; an `@ObservedObject` no view \
            relies on is the opt-in `observed_object_in_class`; one held by an ObservableObject \
            that the reading view observes is `nested_observable_object`'s.)
            """,
        fix: """
            In an `ObservableObject`, use `@Published var`; in an `@Observable` class, a plain \
            `var`; for user defaults, `@AppStorage` or `UserDefaults`. Read environment values \
            in the view and pass them to the object; declare `@Namespace` in the view and pass \
            its `Namespace.ID` on.
            """,
        triggeringExamples: [
            """
            final class TimerTabs: ObservableObject {
                @Namespace var ↓animation
                @Published var expanded = false
            }
            struct TimerCard: View {
                @ObservedObject var tabs: TimerTabs
                var body: some View {
                    Circle().matchedGeometryEffect(id: "clock", in: tabs.animation)
                }
            }
            """,
            """
            final class SettingsModel: ObservableObject {
                @State var ↓isDarkMode = false
                var theme: String { isDarkMode ? "dark" : "light" }
            }
            """,
            """
            @Observable final class Session {
                @Environment(\\.locale) private var ↓locale
                @ObservationIgnored @EnvironmentObject var ↓store: Store
                var greeting: String { "\\(locale.identifier) \\(store.name)" }
            }
            """,
            """
            class EditorController {
                @FocusState var ↓isFocused: Bool
                func commit() { if isFocused { print("commit") } }
            }
            """,
            """
            final class Router: ObservableObject {
                @SwiftUI.StateObject var ↓child = ChildRouter()
                @GestureState var ↓dragOffset = CGSize.zero
                @SceneStorage("tab") var ↓tab = 0
                var summary: String { "\\(child) \\(dragOffset) \\(tab)" }
            }
            """,
            """
            @Observable final class DocumentOpener {
                @ObservationIgnored @Environment(\\.openWindow) private var ↓openWindow
                @ObservationIgnored @Environment(\\.dismiss) private var ↓dismiss
                func open(_ id: String) { openWindow(id: id) }
                func close() { Task { [weak self] in self?.dismiss() } }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var shell = "zsh" }
            final class Terminal {
                @ObservedObject var ↓settings = Settings()
            }
            struct TerminalTitle: View {
                let terminal: Terminal
                var body: some View { Text(terminal.settings.shell) }
            }
            """,
            """
            final class Recorder: ObservableObject { @Published var level = 0.0 }
            @Observable final class Dictation {
                @ObservationIgnored @ObservedObject var ↓recorder: Recorder
                init(recorder: Recorder) { self.recorder = recorder }
                var isLoud: Bool { recorder.level > 0.8 }
            }
            struct LevelMeter: View {
                @State var dictation: Dictation
                var body: some View { Circle().opacity(dictation.isLoud ? 1 : 0.3) }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class TimerTabs: ObservableObject {
                let animation: Namespace.ID
                init(animation: Namespace.ID) { self.animation = animation }
            }
            struct TimerScreen: View {
                @Namespace private var animation
                var body: some View {
                    Circle().matchedGeometryEffect(id: "clock", in: animation)
                }
            }
            """,
            """
            struct SettingsView: View {
                @State private var isDarkMode = false
                @Environment(\\.dismiss) private var dismiss
                var body: some View { Toggle("Dark", isOn: $isDarkMode) }
            }
            """,
            """
            final class SettingsModel: ObservableObject {
                @Published var isDarkMode = false
                @AppStorage("fontSize") var fontSize = 14.0
            }
            """,
            """
            struct Highlight: ViewModifier {
                @State private var isOn = false
                func body(content: Content) -> some View { content.opacity(isOn ? 1 : 0.5) }
            }
            """,
            """
            struct Clock: DynamicProperty {
                @State private var now = Date()
                @Environment(\\.calendar) var calendar
            }
            """,
            """
            struct SearchBar: UIViewRepresentable {
                @Binding var text: String
                func makeCoordinator() -> Coordinator { Coordinator(text: $text) }
                final class Coordinator: NSObject, UISearchBarDelegate {
                    @Binding var text: String
                    init(text: Binding<String>) { _text = text }
                    func searchBar(_ bar: UISearchBar, textDidChange text: String) { self.text = text }
                }
            }
            """,
            """
            final class ScannerCoordinator: NSObject {
                @Binding var isAvailable: Bool
                init(isAvailable: Binding<Bool>) { self._isAvailable = isAvailable }
                func didLoad(_ available: Bool) { isAvailable = available }
            }
            """,
            """
            final class EditorModel {
                @Binding var text: String
                init() { _text = .constant("") }
                func commit() { print(text) }
            }
            """,
            """
            final class LegacyPlayer: ObservableObject {
                @State var volume = 0.5
                @Environment(\\.openURL) var openURL
                @Published var isPlaying = false
            }
            """,
            """
            final class Settings: ObservableObject { @Published var shell = "zsh" }
            final class TaskRunner {
                @ObservedObject var settings: Settings
                init(settings: Settings) { self.settings = settings }
                func makeView() -> some View { SettingsView(settings: settings) }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var shell = "zsh" }
            final class Terminal: ObservableObject {
                @ObservedObject var settings = Settings()
                private var cancellables: Set<AnyCancellable> = []
                init() {
                    settings.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
                        .store(in: &cancellables)
                }
            }
            struct TerminalTitle: View {
                @ObservedObject var terminal: Terminal
                var body: some View { Text(terminal.settings.shell) }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var shell = "zsh" }
            final class Terminal {
                @ObservedObject var settings = Settings()
            }
            struct TerminalTitle: View {
                let terminal: Terminal
                @State private var shell = ""
                var body: some View {
                    Text(shell).onReceive(terminal.settings.$shell) { shell = $0 }
                }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var shell = "zsh" }
            final class Terminal: ObservableObject {
                @ObservedObject var settings = Settings()
            }
            struct TerminalTitle: View {
                @ObservedObject var terminal: Terminal
                var body: some View { Text(terminal.settings.shell) }
            }
            """,
            """
            @propertyWrapper struct State<Value> { var wrappedValue: Value }
            final class Machine {
                @State var phase = 0
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (property, type, attribute) in Self.wrappedProperties(in: context) {
            let wrapper = String(attribute.simpleName)
            if wrapper == "ObservedObject" {
                // Inert in a class: wrong only where a view relies on it (else `observed_object_in_class`).
                guard let harm = Self.unrelayedRead(through: property, in: type, file: context.file, index: index, counting: {
                    !(type.isObservableObject && $0.reference.observesObjectWillChange)  // `nested_observable_object`'s
                })
                else { continue }
                // Up to the object's member: `model.settings.theme`, not `….theme.capitalized`.
                let path = (harm.read.steps.isEmpty ? [harm.read.origin.reference.name] : []) + harm.read.path.prefix(2)
                let origin = harm.read.origin
                context.report(
                    "`@ObservedObject` on `\(property.name)` in the class `\(type.name)` observes nothing (SwiftUI installs it only on views) and `\(type.name)` does not forward `\(harm.child.name)`'s changes: `\(harm.read.view.simpleTypeName)` does not update when `\(path.joined(separator: "."))` changes",
                    at: property.nameToken..<property.nameToken + 1,
                    notes: [context.note("read while rendering: \(harm.read.description)", at: origin.tokens[0]..<origin.tokens[0] + 1, in: origin.file)],
                    help: "let the view observe `\(harm.child.name)` itself (pass it to a subview's `@ObservedObject var \(property.name)`), forward its `objectWillChange` to an object the view observes, or adopt `@Observable`; then drop the wrapper")
                continue
            }
            // A binding's get and set closures need no installation: it reads and writes the
            // storage it was made from wherever it is held.
            if wrapper == "Binding" { continue }
            // A value nothing reads has no stale value to show.
            guard isRead(property, declaredIn: context.fileIndex, of: type, index: index) else { continue }
            if wrapper == "Environment", let action = environmentAction(attribute, in: context.file) {
                context.report(
                    "`@Environment(\\.\(action))` on `\(property.name)` in the class `\(type.name)`: SwiftUI fills environment values only in views, so this reads the default `\(action)` action, bound to no window, scene or presentation: calling it does nothing, or not what a view's `\(action)` does",
                    at: property.nameToken..<property.nameToken + 1,
                    help: "read `\\.\(action)` in the view that triggers it and call it there, or pass the action to the object from that view")
                continue
            }
            context.report(
                "`@\(wrapper)` on `\(property.name)` in the class `\(type.name)`: SwiftUI installs its wrappers only on views, so here \(consequence(of: wrapper))\(advice(for: wrapper, type: type))",
                at: property.nameToken..<property.nameToken + 1,
                help: wrapper == "Namespace"
                    ? "declare `@Namespace` in the view that shows the matched views and pass its `Namespace.ID` to the object or to child views"
                    : "SwiftUI property wrappers belong in views; in a class use `@Published` (ObservableObject) or a plain `var` (@Observable)")
        }
    }

    /// The instance properties of the file's classes that carry one of SwiftUI's view
    /// property wrappers, with the wrapper's attribute.
    static func wrappedProperties(in context: RuleContext) -> [(Property, TypeInfo, Attribute)] {
        var result: [(Property, TypeInfo, Attribute)] = []
        for (decl, type) in context.index.typeDeclarations(in: context.fileIndex) where decl.kind == .class {
            for property in decl.properties where !ViewProperty.isStatic(property) {
                if let attribute = property.attributes.first(where: {
                    ViewProperty.viewWrappers.contains(String($0.simpleName)) && context.index.isSwiftUI($0)
                }) {
                    result.append((property, type, attribute))
                }
            }
        }
        return result
    }

    /// A view reading the state of the ObservableObject that `property` (in the class
    /// `type`) holds, through the class, on a render path that nothing relays: the class
    /// does not forward the object's changes and the view does not subscribe to the object
    /// (`nested_observable_object`'s recognition). `counting` picks the reading views that
    /// count. Nil for objects of unknown or `@Observable` types (views track the latter).
    static func unrelayedRead(
        through property: Property, in type: TypeInfo, file: ParsedFile, index: ProjectIndex,
        counting: (ViewModelRead) -> Bool
    ) -> (read: RenderRead, child: TypeInfo)? {
        guard let held = index.declaredShape(of: property, in: file, scope: type.name)?.directName,
            let child = index.type(named: held, from: type.name), child.isObservableObject, !child.isObservable
        else { return nil }
        let nested = NestedObservableObject()
        guard !nested.forwardsChanges(of: property.name, in: type, index: index),
            let read = nested.renderRead(
                through: property.name, childState: .init(of: child, isCollection: false, index: index),
                readers: index.typeAndSubtypes(of: type).map(\.name), index: index, counts: counting)
        else { return nil }
        return (read, child)
    }

    /// Whether some code reads the property: in the class, `name`, `self.name`,
    /// `self?.name`, `$name` or `_name`; elsewhere (unless it is `private`), `x.name` or
    /// `x.$name`. Writes (`name = v`, `name += 1`), argument labels and key paths (its own
    /// `@Environment(\.name)`) are not reads.
    private func isRead(_ property: Property, declaredIn declarationFile: Int, of type: TypeInfo, index: ProjectIndex) -> Bool {
        let spellings = [property.name, "$" + property.name, "_" + property.name]
        func reads(at token: Int, in file: ParsedFile, membersOnly: Bool) -> Bool {
            guard file.kind(token) == .identifier || file.kind(token) == .dollarIdentifier else { return false }
            let length = Int(file.tokens[token].end - file.tokens[token].start)
            guard spellings.contains(where: { $0.utf8.count == length }), spellings.contains(file.text(token)) else { return false }
            if file.isAssignmentOperator(token + 1) || file.kind(token + 1) == .colon { return false }
            guard file.kind(token - 1) == .period else {
                return !membersOnly && !["var", "let", "func", "case"].contains(file.text(token - 1))
            }
            // `self.name`, `self?.name`, `model.name`: a member read, in the class or elsewhere.
            return file.kind(token - 2) != .backslash
        }
        for declaration in type.declarations {
            let file = index.files[declaration.file]
            for token in declaration.decl.members
            where !(declaration.file == declarationFile && property.declaration.contains(token)) && reads(at: token, in: file, membersOnly: false) {
                return true
            }
        }
        guard property.modifiers.accessLevel != .private else { return false }
        return index.files.contains { file in file.tokens.indices.contains { reads(at: $0, in: file, membersOnly: true) } }
    }

    /// Environment values that are actions SwiftUI binds to the view's window, scene or
    /// presentation.
    private static let environmentActions: Set<String> = [
        "openWindow", "openURL", "dismiss", "dismissWindow", "openImmersiveSpace", "dismissImmersiveSpace", "refresh",
        "dismissSearch", "openSettings", "openDocument", "newDocument", "pushWindow", "requestReview", "purchase",
        "resetFocus", "rename",
    ]

    /// The action an `@Environment(\.openWindow)` attribute reads (`\EnvironmentValues.openURL`
    /// too), or nil for other values.
    private func environmentAction(_ attribute: Attribute, in file: ParsedFile) -> String? {
        guard let arguments = attribute.arguments, let last = arguments.last, file.kind(last) == .identifier,
            file.kind(last - 1) == .period
        else { return nil }
        let name = file.text(last)
        return Self.environmentActions.contains(name) ? name : nil
    }

    /// What goes wrong at run time when the class uses the wrapped property.
    private func consequence(of wrapper: String) -> String {
        switch wrapper {
        case "StateObject":
            return "every read creates a new object (\"Accessing StateObject's object without being installed on a View. This will create a new instance each time\"), so what is set on it is lost"
        case "EnvironmentObject":
            return "no object is ever injected and reading it stops the app (\"No ObservableObject of type … found\")"
        case "Namespace":
            return "every read gives a new namespace (\"Reading a Namespace property outside View.body. This will result in identifiers that never match any other identifier.\"): `matchedGeometryEffect` ids in it never match and the views do not animate together"
        default:
            return "it never updates and never triggers an update"
        }
    }

    private func advice(for wrapper: String, type: TypeInfo) -> String {
        switch wrapper {
        case "State", "GestureState", "FocusState", "SceneStorage":
            if type.isObservable { return "; use a plain `var`" }
            if type.isObservableObject { return "; use `@Published var`" }
            return "; keep this state in a view, or make the class observable"
        case "Environment", "EnvironmentObject":
            return "; read it in a view and pass it to the object"
        case "Namespace":
            return ""
        default:
            return "; hold the object in a view, or in a plain stored property"
        }
    }
}
