import ObservationLintCore
import ObservationSyntax

public struct PublishedNeverRead: Rule {
    public static let description = RuleDescription(
        id: "published_never_read",
        name: "@Published never read",
        category: .observableObject,
        group: .performance,
        summary: "A `@Published` property that no code of the project reads.",
        rationale: """
            Every change of a `@Published` property sends the object's `objectWillChange`, and \
            every view observing the object re-evaluates its `body`. When nothing reads the \
            property — no view, no computed property, no method, no `$property` publisher, no key \
            path — those re-renders are for nothing: the property costs work on every change and \
            shows nothing.
            """,
        fix: """
            Remove the property if it is dead, or drop `@Published` if the object needs the value \
            for itself but views do not.
            """,
        triggeringExamples: [
            """
            final class SearchModel: ObservableObject {
                @Published var query = ""
                @Published var ↓lastSearchDate: Date?
                func search() { lastSearchDate = Date() }
            }
            struct SearchView: View {
                @StateObject private var model = SearchModel()
                var body: some View { TextField("Search", text: $model.query) }
            }
            """,
            """
            final class Uploader: ObservableObject {
                @Published private(set) var ↓retryCount = 0
                @Published private(set) var progress = 0.0
                func retry() { retryCount += 1 }
            }
            struct UploadView: View {
                @ObservedObject var uploader: Uploader
                var body: some View { ProgressView(value: uploader.progress) }
            }
            """,
            """
            class Store: ObservableObject {
                @Published var ↓log: [String] = []
                func record(_ line: String) {
                    log.append(line)
                }
            }
            """,
            """
            final class Player: ObservableObject {
                @Published var ↓buffering = false, isPlaying = false
                func play() {
                    self.buffering = true
                    isPlaying = true
                }
                var label: String { isPlaying ? "Pause" : "Play" }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class Counter: ObservableObject {
                @Published var count = 0
            }
            struct CounterView: View {
                @ObservedObject var counter: Counter
                var body: some View { Text("\\(counter.count)") }
            }
            """,
            """
            final class Filter: ObservableObject {
                @Published var query = ""
                private var cancellable: AnyCancellable?
                init() {
                    cancellable = $query.debounce(for: 0.3, scheduler: RunLoop.main).sink { print($0) }
                }
            }
            """,
            """
            final class Library: ObservableObject {
                @Published var books: [String] = []
                var isEmpty: Bool { books.isEmpty }
            }
            """,
            """
            final class Sorter: ObservableObject {
                @Published var ascending = true
            }
            let order = [Sorter()].map(\\.ascending)
            """,
            """
            final class TodoItem: ObservableObject, Identifiable {
                @Published var id = UUID()
            }
            """,
            """
            public final class Session: ObservableObject {
                @Published public var token: String?
            }
            """,
            """
            final class Editor: ObservableObject {
                @Published var title: String
                init(title: String) { self.title = title }
                func save() {
                    guard let title = title.isEmpty ? nil : title else { return }
                    print(title)
                }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, type) in index.typeDeclarations(in: context.fileIndex) where type.isClass && !type.isObservable {
            let required = requirements(of: type, index: index)
            for property in decl.properties
            where isCandidate(property) && !index.isRead(memberNamed: property.name) && !required.contains(property.name) {
                context.report(
                    "Nothing reads `\(property.name)`, yet every change of it makes views observing `\(type.name)` re-render",
                    at: property.nameToken..<property.nameToken + 1,
                    help: "remove `\(property.name)` if it is unused, or drop `@Published` if only `\(type.name)` needs it")
            }
        }
    }

    /// Properties that outside protocols read by name through their requirements
    /// (`Identifiable.id` read by `ForEach` and `List`).
    private static let protocolRequirements: [String: [String]] = [
        "Identifiable": ["id"], "CustomStringConvertible": ["description"],
        "CustomDebugStringConvertible": ["debugDescription"],
        "LocalizedError": ["errorDescription", "failureReason", "recoverySuggestion", "helpAnchor"],
    ]

    private func requirements(of type: TypeInfo, index: ProjectIndex) -> Set<String> {
        var names = Set<String>()
        var visited: Set<String> = [type.name]
        var queue = [type]
        while let current = queue.popLast() {
            for inherited in current.inherited {
                names.formUnion(Self.protocolRequirements[inherited] ?? [])
                if let info = index.types[inherited], visited.insert(inherited).inserted { queue.append(info) }
            }
        }
        return names
    }

    private func isCandidate(_ property: Property) -> Bool {
        guard property.attributes.contains(named: "Published"), property.isStored,
            !property.modifiers.contains("static"), !property.modifiers.contains("class"),
            !property.attributes.contains(named: "objc")
        else { return false }
        // Code outside the analyzed files may read public properties.
        if let level = property.modifiers.accessLevel, level >= .public { return false }
        return true
    }
}
