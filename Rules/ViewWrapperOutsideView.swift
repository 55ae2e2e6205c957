import ObservationLintCore
import ObservationSyntax

public struct ViewWrapperOutsideView: Rule {
    public static let description = RuleDescription(
        id: "view_wrapper_outside_view",
        name: "View wrapper outside view",
        category: .ownership,
        group: .correctness,
        summary: "A SwiftUI view property wrapper on a property of a class.",
        rationale: """
            `@State`, `@StateObject`, `@ObservedObject`, `@EnvironmentObject`, `@Environment`, \
            `@Binding`, `@FocusState`, `@GestureState` and `@SceneStorage` get their storage from \
            SwiftUI when it installs them on a view (or another `DynamicProperty` struct it \
            manages). In a class nothing installs them: `@State` keeps returning its initial \
            value and logs "Accessing State's value outside of being installed on a View", \
            environment values are defaults, `@ObservedObject` observes nothing, and changes \
            never reach any view. (A `@Binding` that a view hands to the class's initializer, as \
            in a representable's coordinator, reads and writes the view's storage and is fine.)
            """,
        fix: """
            In an `ObservableObject`, use `@Published var`; in an `@Observable` class, a plain \
            `var`; for user defaults, `@AppStorage` or `UserDefaults`. Read environment values \
            in the view and pass them to the object.
            """,
        triggeringExamples: [
            """
            final class SettingsModel: ObservableObject {
                @State var ↓isDarkMode = false
            }
            """,
            """
            @Observable final class Session {
                @Environment(\\.locale) private var ↓locale
                @ObservationIgnored @EnvironmentObject var ↓store: Store
            }
            """,
            """
            class EditorController {
                @FocusState var ↓isFocused: Bool
                @Binding var ↓text: String
                init() { _text = .constant("") }
            }
            """,
            """
            final class Router: ObservableObject {
                @SwiftUI.StateObject var ↓child = ChildRouter()
                @GestureState var ↓dragOffset = CGSize.zero
                @SceneStorage("tab") var ↓tab = 0
            }
            """,
        ],
        nonTriggeringExamples: [
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
            @propertyWrapper struct State<Value> { var wrappedValue: Value }
            final class Machine {
                @State var phase = 0
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, type) in index.typeDeclarations(in: context.fileIndex) where decl.kind == .class {
            for property in decl.properties where !ViewProperty.isStatic(property) {
                guard let attribute = property.attributes.first(where: {
                    ViewProperty.viewWrappers.contains(String($0.simpleName)) && index.isSwiftUI($0)
                })
                else { continue }
                let wrapper = String(attribute.simpleName)
                // A binding handed in by a view (`_text = text` in an initializer, as in a
                // representable's coordinator) reads and writes the view's storage: it works.
                if wrapper == "Binding", isHandedIn(property.name, in: decl, file: context.file) { continue }
                context.report(
                    "`@\(wrapper)` on `\(property.name)` in the class `\(type.name)`: SwiftUI installs its wrappers only on views, so here it never updates and never triggers an update\(advice(for: wrapper, type: type))",
                    at: property.nameToken..<property.nameToken + 1,
                    help: "SwiftUI property wrappers belong in views; in a class use `@Published` (ObservableObject) or a plain `var` (@Observable)")
            }
        }
    }

    /// Whether an initializer of the class assigns `_name` (or `self._name`) from one of its
    /// parameters.
    private func isHandedIn(_ name: String, in decl: TypeDecl, file: ParsedFile) -> Bool {
        for initializer in decl.functions where initializer.kind == .initializer {
            guard let body = initializer.body else { continue }
            let parameters = Set(initializer.parameters.map(\.name))
            for assignment in file.assignments(in: body) where file.path(of: assignment.target) == ["_" + name] {
                if assignment.value.count == 1, parameters.contains(file.text(assignment.value.lowerBound)) { return true }
            }
        }
        return false
    }

    private func advice(for wrapper: String, type: TypeInfo) -> String {
        switch wrapper {
        case "State", "GestureState", "FocusState", "SceneStorage":
            if type.isObservable { return "; use a plain `var`" }
            if type.isObservableObject { return "; use `@Published var`" }
            return "; keep this state in a view, or make the class observable"
        case "Environment", "EnvironmentObject":
            return "; read it in a view and pass it to the object"
        case "Binding":
            return "; pass the value or a closure to the object instead"
        default:
            return "; hold the object in a view, or in a plain stored property"
        }
    }
}
