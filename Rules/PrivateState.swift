import ObservationLintCore
import ObservationSyntax

public struct PrivateState: Rule {
    public static let description = RuleDescription(
        id: "private_state",
        name: "Private state",
        category: .ownership,
        group: .style,
        summary: "A `@State`/`@StateObject` with an initial value that is not `private`.",
        rationale: """
            A `@State` or `@StateObject` with an initial value is the view's own storage: \
            SwiftUI creates it once and ignores every later value. Left internal, the memberwise \
            initializer gains a parameter for it, and a parent that passes a value there sees it \
            used the first time and silently ignored afterwards. `private` keeps the storage \
            owned by the view and makes such a call a compile error.
            """,
        fix: """
            Mark it `private` (or `fileprivate`): `@State private var isExpanded = false`. If \
            the parent should provide the value, use `let` or `@Binding` instead.
            """,
        triggeringExamples: [
            """
            struct DisclosureRow: View {
                @State var ↓isExpanded = false
                var body: some View { Text(isExpanded ? "Open" : "Closed") }
            }
            """,
            """
            struct CounterView: View {
                @StateObject var ↓counter = Counter()
                var body: some View { Text("\\(counter.value)") }
            }
            """,
            """
            public struct SearchField: View {
                @State public var ↓query: String = ""
                public var body: some View { TextField("Search", text: $query) }
            }
            """,
            """
            struct TagList: View {
                @State
                internal var ↓tags: [String] = []
                var body: some View { Text(tags.joined()) }
            }
            """,
            """
            @main
            struct NotesApp: App {
                @StateObject var ↓store = NoteStore()
                var body: some Scene { WindowGroup { Text("\\(store.count)") } }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            struct DisclosureRow: View {
                @State private var isExpanded = false
                var body: some View { Text(isExpanded ? "Open" : "Closed") }
            }
            """,
            """
            struct DisclosureRow: View {
                @State fileprivate var isExpanded = false
                @StateObject private var counter = Counter()
                var body: some View { Text(isExpanded ? "Open" : "\\(counter.value)") }
            }
            """,
            """
            struct DetailView: View {
                @State var item: Item
                @State private var draft: String?
                var body: some View { Text(item.title) }
            }
            """,
            """
            #Preview {
                @Previewable @State var isOn = true
                Toggle("On", isOn: $isOn)
            }
            """,
            """
            struct Toolbar: View {
                @Previewable @State var isOn = true
                @Binding var selection: Int
                var body: some View { Toggle("On", isOn: $isOn) }
            }
            """,
        ],
        autoFix: AutoFix(
            .safe,
            reason: "A wrapped property with an initial value keeps the memberwise initializer accessible when it becomes `private`, and the fix is not offered when a call `View(name: …)` in the project passes the property, so only a parameter that was ignored goes away.",
            corrections: [
                RuleCorrection(
                    """
                    struct FilterBar: View {
                        @State var ↓query = ""
                        @State var ↓isOn = false
                        var body: some View { TextField("Filter", text: $query) }
                    }
                    """,
                    """
                    struct FilterBar: View {
                        @State private var query = ""
                        @State private var isOn = false
                        var body: some View { TextField("Filter", text: $query) }
                    }
                    """),
                RuleCorrection(
                    """
                    public struct Badge: View {
                        @StateObject public var ↓model = BadgeModel()
                        public var body: some View { Text(model.text) }
                    }
                    """,
                    """
                    public struct Badge: View {
                        @StateObject private var model = BadgeModel()
                        public var body: some View { Text(model.text) }
                    }
                    """),
                RuleCorrection(
                    """
                    struct Row: View {
                        @State internal var ↓isExpanded = false
                        var body: some View { Text("Row") }
                    }
                    let row = Row()
                    """,
                    """
                    struct Row: View {
                        @State private var isExpanded = false
                        var body: some View { Text("Row") }
                    }
                    let row = Row()
                    """),
            ]))

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where decl.kind == .struct {
            for property in decl.properties where ViewProperty.isInstanceStorage(property) && property.initializer != nil {
                guard !property.attributes.contains(named: "Previewable"),
                    let wrapper = ["State", "StateObject"].first(where: {
                        ViewProperty.swiftUIWrapper($0, on: property, index: index) != nil
                    })
                else { continue }
                let level = property.modifiers.accessLevel
                if level == .private || level == .fileprivate { continue }
                context.report(
                    "`@\(wrapper) var \(property.name)` has an initial value, so the view owns it, but it is not `private`: a value a parent passes in (through the memberwise initializer) is used once and then ignored; make it `private`",
                    at: property.nameToken..<property.nameToken + 1,
                    help: "`@\(wrapper) private var \(property.name)`; if the parent should provide the value, use `let` or `@Binding` instead",
                    fixes: isPassed(property.name, toViewNamed: view.name, index: index) ? [] : fix(for: property, context: context))
            }
        }
    }

    private func fix(for property: Property, context: RuleContext) -> [Fix] {
        // `private(set)` and friends: adding `private` would clash.
        guard !property.modifiers.contains(where: { $0.detail != nil }) else { return [] }
        let edit: TextEdit
        if let modifier = property.modifiers.first(where: { AccessLevel(rawValue: $0.name) != nil }) {
            edit = context.edit(replacing: modifier.token..<modifier.token + 1, with: "private")
        } else if let keyword = ViewProperty.keyword(of: property, in: context.file) {
            edit = context.edit(insertingBefore: keyword, "private ")
        } else {
            return []
        }
        return [Fix(title: "Make `\(property.name)` private", edits: [edit])]
    }

    /// Whether a call `View(…, name: …)` (or `View.init(…)`) passes the property: making it
    /// `private` would then break that call.
    private func isPassed(_ name: String, toViewNamed viewName: String, index: ProjectIndex) -> Bool {
        index.references(toTypeNamed: String(viewName.simpleTypeName)).contains { location in
            let file = index.files[location.file]
            var open = location.token + 1
            if file.kind(open) == .period, file.at(open + 1, "init") { open += 2 }
            guard file.kind(open) == .leftParen else { return false }
            return file.argumentList(file.groupRange(open, limit: file.tokens.count)).contains { argument in
                argument.label.map { file.text($0) == name } ?? false
            }
        }
    }
}
