import ObservationLintCore
import ObservationSyntax

public struct NestedObservableObject: Rule {
    public static let description = RuleDescription(
        id: "nested_observable_object",
        name: "Nested ObservableObject",
        category: .observableObject,
        group: .suspicious,
        summary: "A view reads a child ObservableObject's state through its parent ObservableObject.",
        rationale: """
            A view observing an `ObservableObject` subscribes to that object's \
            `objectWillChange` only. When the object holds another `ObservableObject` (`T`, `T?`, \
            `[T]`, `[K: T]`, with or without `@Published`), changes to the child's `@Published` \
            properties are not published by the parent: a view that reads `parent.child.value` \
            does not update when `value` changes. `@Published` on the child property only \
            reports when the reference itself is replaced.
            """,
        fix: """
            Pass the child to a subview that observes it directly (`@ObservedObject var child`), \
            forward the child's `objectWillChange` to the parent's, or move the models to \
            `@Observable`, which tracks nested objects.
            """,
        triggeringExamples: [
            """
            final class Settings: ObservableObject { @Published var theme = "light" }
            final class AppModel: ObservableObject {
                let ↓settings = Settings()
            }
            struct ThemeLabel: View {
                @ObservedObject var model: AppModel
                var body: some View { Text(model.settings.theme) }
            }
            """,
            """
            final class Session: ObservableObject { @Published var userName = "" }
            final class AppState: ObservableObject {
                @Published var ↓session: Session?
            }
            struct Greeting: View {
                @EnvironmentObject var state: AppState
                var body: some View {
                    if let session = state.session { Text(session.userName) }
                }
            }
            """,
            """
            final class Player: ObservableObject { @Published var isPlaying = false }
            final class Library: ObservableObject {
                var ↓player = Player()
                var statusText: String { player.isPlaying ? "Playing" : "Paused" }
            }
            """,
            """
            final class Row: ObservableObject {
                let id = UUID()
                @Published var title = ""
            }
            final class Board: ObservableObject {
                @Published var ↓rows: [Row] = []
            }
            struct BoardView: View {
                @StateObject private var board = Board()
                var body: some View {
                    ForEach(board.rows, id: \\.id) { row in Text(row.title) }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class Settings: ObservableObject { @Published var theme = "light" }
            final class AppModel: ObservableObject {
                let settings = Settings()
                private var cancellables: Set<AnyCancellable> = []
                init() {
                    settings.objectWillChange
                        .sink { [weak self] _ in self?.objectWillChange.send() }
                        .store(in: &cancellables)
                }
            }
            struct ThemeLabel: View {
                @ObservedObject var model: AppModel
                var body: some View { Text(model.settings.theme) }
            }
            """,
            """
            @Observable final class Settings { var theme = "light" }
            final class AppModel: ObservableObject {
                let settings = Settings()
            }
            struct ThemeLabel: View {
                @ObservedObject var model: AppModel
                var body: some View { Text(model.settings.theme) }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var theme = "light" }
            final class AppModel: ObservableObject {
                let settings = Settings()
            }
            struct SettingsScreen: View {
                @ObservedObject var model: AppModel
                var body: some View { SettingsForm(settings: model.settings) }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var theme = "light" }
            final class AppModel: ObservableObject {
                let settings = Settings()
            }
            struct ResetButton: View {
                @ObservedObject var model: AppModel
                var body: some View {
                    Button("Reset") { model.settings.theme = "light" }
                        .onAppear { print(model.settings.theme) }
                }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var theme = "light" }
            final class AppModel: ObservableObject {
                private let settings = Settings()
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, parent) in index.typeDeclarations(in: context.fileIndex) where parent.isClass && parent.isObservableObject {
            let children = decl.properties.compactMap { property -> (Property, TypeInfo, isCollection: Bool)? in
                guard property.isStored, !property.modifiers.contains("static"),
                    let shape = index.declaredShape(of: property, in: context.file, scope: parent.name),
                    let held = shape.heldName, let child = index.type(named: held, from: parent.name),
                    child.isObservableObject, !child.isObservable
                else { return nil }
                return (property, child, shape.directName == nil)
            }
            guard !children.isEmpty else { continue }
            let accesses = index.memberAccesses(of: parent)
            let lineage = index.typeAndSubtypes(of: parent).map(\.name)
            for (property, child, isCollection) in children where !forwardsChanges(of: property.name, in: parent, index: index) {
                let childState = ChildState(
                    variables: Set(
                        index.typeAndAncestors(of: child).flatMap(\.properties).filter { !$0.property.isLet }.map(\.property.name)),
                    isCollection: isCollection)
                guard
                    let read = viewFacingRead(
                        through: property.name, childState: childState, lineage: lineage, accesses: accesses, context: context)
                else { continue }
                context.report(
                    "`\(property.name)` holds the ObservableObject `\(child.name)` inside the ObservableObject `\(parent.name)`: changes to `\(child.name)`'s properties are not published by `\(parent.name)`, so \(read.who) does not update when `\(read.path)` changes",
                    at: property.nameToken..<property.nameToken + 1,
                    notes: [read.note],
                    help: "observe `\(property.name)` directly in a subview (`@ObservedObject var \(property.name): \(child.name)`), forward its `objectWillChange` to `\(parent.name)`'s, or adopt `@Observable`")
            }
        }
    }

    /// Whether the parent relays the child's `objectWillChange`: an `objectWillChange` of
    /// the child (`child.objectWillChange.sink { … }`) appears in the parent's code.
    private func forwardsChanges(of name: String, in parent: TypeInfo, index: ProjectIndex) -> Bool {
        for declaration in parent.declarations {
            let file = index.files[declaration.file]
            // Most declarations never name `objectWillChange`: their chains need no look.
            guard file.source.range(file.byteRange(declaration.decl.members), contains: Self.objectWillChange) else { continue }
            let chains = file.memberChains(in: declaration.decl.members).filter { file.rootName(of: $0) == name }
            // `child.objectWillChange…`: the chain starts at the child, so names it too.
            if chains.contains(where: { $0.names.contains { file.at($0, "objectWillChange") } }) { return true }
            // `children.forEach { $0.objectWillChange… }`: the child collection and a child's
            // `objectWillChange` in one statement.
            for chain in chains where statementMentionsObjectWillChange(after: chain, in: file) {
                return true
            }
        }
        return false
    }

    private static let objectWillChange = Array("objectWillChange".utf8)

    private func statementMentionsObjectWillChange(after chain: MemberChain, in file: ParsedFile) -> Bool {
        var index = chain.end
        var steps = 0
        while let kind = file.kind(index), steps < 200 {
            if file.tokens[index].isAtStartOfLine, kind != .period { return false }
            if file.at(index, "objectWillChange"), file.kind(index - 1) == .period,
                !file.at(index - 2, "self"), file.kind(index - 2) != .postfixQuestionMark
            {
                return true
            }
            index += 1
            steps += 1
        }
        return false
    }

    /// The child's `var`s; for a collection of children, element accessors (`first`, `last`)
    /// lead to an element's members.
    private struct ChildState {
        let variables: Set<String>
        let isCollection: Bool

        private static let elementAccessors: Set<String> = ["first", "last", "values", "randomElement"]

        /// Whether `path` (after the child property) reads a child's `var`.
        func isRead(by path: [String]) -> Bool {
            var member = 1
            while isCollection, member < path.count - 1, Self.elementAccessors.contains(path[member]) { member += 1 }
            return member < path.count && variables.contains(path[member])
        }
    }

    private struct Read {
        let who: String
        let path: String
        let note: DiagnosticNote
    }

    /// `parent.child.value` read by a view's body that observes the parent, or `child.value`
    /// read by a non-private computed property of the parent, where `value` is a `var` of
    /// the child (`let`s never change; `children.count` reads the collection, not a child).
    private func viewFacingRead(
        through name: String, childState: ChildState, lineage: [String], accesses: MemberAccesses,
        context: RuleContext
    ) -> Read? {
        let viewReads = lineage.flatMap { context.index.viewReads[$0] ?? [] }
        if let read = viewReads.first(where: {
            $0.path.count >= 2 && $0.path[0] == name && childState.isRead(by: $0.path) && $0.role == .content
                && $0.reference.observesObjectWillChange
        }) {
            let path = ([read.reference.name] + read.path).joined(separator: ".")
            return Read(
                who: "`\(read.view)`", path: path,
                note: context.note("`\(read.view)` reads `\(path)` here", at: read.lastToken..<read.lastToken + 1, in: read.file))
        }
        if let read = accesses.computedReads.first(where: {
            $0.path.count >= 2 && $0.path[0] == name && childState.isRead(by: $0.path)
        }) {
            let path = read.path.joined(separator: ".")
            return Read(
                who: "a view reading `\(read.property.name)`", path: path,
                note: context.note("the computed property `\(read.property.name)` reads `\(path)` here", at: read.tokens[1]..<read.tokens[1] + 1, in: read.file))
        }
        return nil
    }
}
