import ObservationLintCore
import ObservationSyntax

public struct ObservableObjectMainActor: Rule {
    public static let description = RuleDescription(
        id: "observable_object_main_actor",
        name: "View model not isolated to the main actor",
        category: .observableObject,
        group: .pedantic,
        summary: "An ObservableObject or `@Observable` class that views use is not `@MainActor`.",
        rationale: """
            Views read their models on the main thread, and SwiftUI expects every change it \
            observes there too. A model class that is not isolated to the main actor lets any \
            thread change its published state — a `Task { }` in one of its methods already runs \
            on the cooperative thread pool — and the compiler cannot warn about it. With \
            `@MainActor` on the class, every change happens on the main thread and the compiler \
            checks the callers.
            """,
        fix: """
            Mark the class `@MainActor` and move slow work into `nonisolated` or `async` helpers. \
            Callers outside the main actor then need `await` to reach it.
            """,
        triggeringExamples: [
            """
            final class ↓CounterModel: ObservableObject {
                @Published var count = 0
            }
            struct CounterView: View {
                @StateObject private var model = CounterModel()
                var body: some View { Text("\\(model.count)") }
            }
            """,
            """
            @Observable final class ↓Library {
                var books: [String] = []
            }
            struct LibraryView: View {
                let library: Library
                var body: some View { List(library.books, id: \\.self) { Text($0) } }
            }
            """,
            """
            class ↓BaseStore: ObservableObject {
                @Published var isLoading = false
            }
            final class CartStore: BaseStore {
                @Published var items: [String] = []
            }
            struct CartView: View {
                @EnvironmentObject var cart: CartStore
                var body: some View { Text("\\(cart.items.count)") }
            }
            """,
            """
            protocol SessionProviding: ObservableObject {
                var name: String { get }
            }
            final class ↓Session: SessionProviding {
                @Published var name = ""
            }
            struct Header: View {
                @ObservedObject var session: any SessionProviding
                var body: some View { Text("Header") }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            @MainActor
            final class CounterModel: ObservableObject {
                @Published var count = 0
            }
            struct CounterView: View {
                @StateObject private var model = CounterModel()
                var body: some View { Text("\\(model.count)") }
            }
            """,
            """
            @MainActor class BaseStore: ObservableObject {
                @Published var isLoading = false
            }
            final class CartStore: BaseStore {
                @Published var items: [String] = []
            }
            struct CartView: View {
                @EnvironmentObject var cart: CartStore
                var body: some View { Text("\\(cart.items.count)") }
            }
            """,
            """
            final class Uploader: ObservableObject {
                @Published var progress = 0.0
            }
            """,
            """
            @Model final class Note {
                var text = ""
                init(text: String) { self.text = text }
            }
            struct NoteRow: View {
                let note: Note
                var body: some View { Text(note.text) }
            }
            """,
            """
            final class Library: ObservableObject, @unchecked Sendable {
                private let lock = NSLock()
                @Published private(set) var books: [String] = []
            }
            struct Shelf: View {
                @ObservedObject var library: Library
                var body: some View { Text("\\(library.books.count)") }
            }
            """,
            """
            final class Coordinator: NSObject, ObservableObject, UIScrollViewDelegate {
                @Published var offset = 0.0
            }
            struct Scroller: View {
                @StateObject private var coordinator = Coordinator()
                var body: some View { Text("\\(coordinator.offset)") }
            }
            """,
        ],
        autoFix: AutoFix(
            .unsafe,
            reason: "Code that uses the class off the main actor then needs `await` (or its own `@MainActor`), so callers elsewhere may stop compiling.",
            corrections: [
                RuleCorrection(
                    """
                    final class ↓Inbox: ObservableObject {
                        @Published var unread = 0
                    }
                    struct InboxView: View {
                        @StateObject private var inbox = Inbox()
                        var body: some View { Text("\\(inbox.unread)") }
                    }
                    """,
                    """
                    @MainActor final class Inbox: ObservableObject {
                        @Published var unread = 0
                    }
                    struct InboxView: View {
                        @StateObject private var inbox = Inbox()
                        var body: some View { Text("\\(inbox.unread)") }
                    }
                    """),
                RuleCorrection(
                    """
                    @Observable
                    final class ↓Shelf {
                        var books: [String] = []
                    }
                    struct ShelfView: View {
                        let shelf: Shelf
                        var body: some View { Text("\\(shelf.books.count)") }
                    }
                    """,
                    """
                    @MainActor @Observable
                    final class Shelf {
                        var books: [String] = []
                    }
                    struct ShelfView: View {
                        let shelf: Shelf
                        var body: some View { Text("\\(shelf.books.count)") }
                    }
                    """),
            ]))

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        let users = ViewUsers()
        for (decl, type) in index.typeDeclarations(in: context.fileIndex) where decl.kind == .class {
            guard isCandidate(type, index: index) else { continue }
            guard let use = users.use(of: type, index: index) else { continue }
            // A subclass cannot be `@MainActor` while its superclass is not: the superclass is
            // the one to isolate, and is reported itself when it qualifies.
            let superclass = index.typeAndAncestors(of: type).dropFirst().first
            if let superclass, isCandidate(superclass, index: index), users.use(of: superclass, index: index) != nil {
                continue
            }
            let fixable = superclass == nil && !type.inherited.contains("Operation")
            context.report(
                "`\(type.name)` is used by views but is not `@MainActor`: its state can change off the main thread, where SwiftUI must not see it change",
                at: decl.nameToken..<decl.nameToken + 1,
                notes: [context.note("`\(use.view)` \(use.how) here", at: use.token..<use.token + 1, in: use.file)],
                help: superclass.map { "mark it and its superclass `\($0.name)` `@MainActor`; callers outside the main actor then reach it with `await`" }
                    ?? "mark the class `@MainActor`; callers outside the main actor then reach it with `await`",
                fixes: fixable
                    ? [
                        Fix(
                            title: "Isolate `\(type.name)` to the main actor",
                            edits: [context.edit(insertingBefore: decl.declaration.lowerBound, "@MainActor ")])
                    ] : [])
        }
    }

    /// A model class the analysis knows has no actor isolation (not the main actor, and no
    /// superclass or protocol of another module that may isolate it), with state that views
    /// see change.
    private func isCandidate(_ type: TypeInfo, index: ProjectIndex) -> Bool {
        guard type.isClass, type.isObservableObject || type.isObservable, index.isolation(of: type).domain == .nonisolated,
            !declaresSendable(type, index: index), !type.declarations.contains(where: { $0.decl.attributes.contains(named: "Model") })
        else { return false }
        return hasChangingState(type, index: index)
    }

    /// Whether the class, or a class or protocol of the project it inherits, conforms to
    /// `Sendable` (`@unchecked Sendable` included): it is meant to be shared across threads
    /// and guards its state itself.
    private func declaresSendable(_ type: TypeInfo, index: ProjectIndex) -> Bool {
        var visited: Set<String> = [type.name]
        var queue = [type]
        while let current = queue.popLast() {
            for name in current.inherited {
                if name == "Sendable" || name == "Swift.Sendable" { return true }
                if let info = index.types[name], visited.insert(name).inserted { queue.append(info) }
            }
        }
        return false
    }

    /// State that views see change: a `@Published` property (its own or inherited) of an
    /// ObservableObject, or a tracked stored `var` of an observable.
    private func hasChangingState(_ type: TypeInfo, index: ProjectIndex) -> Bool {
        let properties = index.typeAndAncestors(of: type).flatMap(\.properties).map(\.property)
        return properties.contains { property in
            guard property.isStored, !property.modifiers.contains("static"), !property.modifiers.contains("class") else {
                return false
            }
            if property.attributes.contains(named: "Published") { return true }
            return type.isObservable && !property.isLet && !property.isObservationIgnored
        }
    }
}

/// Where views and apps use a project type: a stored property holding it (from the index), or
/// a read of its state.
private struct ViewUsers {
    struct Use {
        let view: String
        let file: Int
        let token: Int
        /// "holds it", "reads it".
        let how: String
    }

    private func directUse(of name: String, index: ProjectIndex) -> Use? {
        if let holder = index.modelHolders[name]?.first {
            return Use(view: holder.holder, file: holder.file, token: holder.property.nameToken, how: "holds it")
        }
        if let read = index.viewReads[name]?.first {
            return Use(view: read.view, file: read.file, token: read.tokens[0], how: "reads it")
        }
        return nil
    }

    /// A view use of the class itself, a subclass, or a superclass or protocol it inherits
    /// (a view holding `any SessionProviding` uses every conforming class).
    func use(of type: TypeInfo, index: ProjectIndex) -> Use? {
        for related in index.typeAndSubtypes(of: type) {
            if let use = directUse(of: related.name, index: index) { return use }
        }
        var visited: Set<String> = [type.name]
        var queue = type.inherited
        while let name = queue.popLast() {
            guard visited.insert(name).inserted, let info = index.types[name] else { continue }
            if let use = directUse(of: name, index: index) { return use }
            queue += info.inherited
        }
        return nil
    }
}
