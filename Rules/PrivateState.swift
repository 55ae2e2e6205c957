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
            struct MapView: View {
                @State var ↓zoom = 1.0
                let title: String
                init(title: String) { self.title = title }
                var body: some View { Text(title).scaleEffect(zoom) }
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
                // Only the memberwise initializer takes the property under its name (an explicit
                // init's parameter of that label may feed another property; one that sets this
                // one is `state_initialized_from_parameter`'s case, and `private` keeps it working).
                let hasMemberwiseInit = ViewProperty.hasMemberwiseInit(view)
                let passing = hasMemberwiseInit ? CallSites.sites(passing: property.name, to: view.name, index: index).first : nil
                let consequence = hasMemberwiseInit
                    ? "a value a parent passes in (through the memberwise initializer) is used once and then ignored; make it `private`"
                    : "make it `private` so that nothing outside the view sets it (SwiftUI would keep only the first value)"
                context.report(
                    "`@\(wrapper) var \(property.name)` has an initial value, so the view owns it, but it is not `private`: \(consequence)",
                    at: property.nameToken..<property.nameToken + 1,
                    notes: passing.map { site, argument in
                        [context.note("a caller passes `\(property.name):` here: used the first time, ignored afterwards", at: argument.value, in: site.file)]
                    } ?? [],
                    help: "`@\(wrapper) private var \(property.name)`; if the parent should provide the value, use `let` or `@Binding` instead",
                    fixes: passing == nil ? fix(for: property, context: context) : [])
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
}
