import ObservationLintCore
import ObservationSyntax

public struct MissingPublished: Rule {
    public static let description = RuleDescription(
        id: "missing_published",
        name: "Missing @Published",
        category: .observableObject,
        group: .suspicious,
        summary: "An ObservableObject's stored `var` that views read changes without `@Published`.",
        rationale: """
            An `ObservableObject` tells its views to re-render only through `objectWillChange`, \
            which `@Published` properties send before every change. A stored `var` without \
            `@Published` changes silently: views that read it, directly or through a computed \
            property, keep showing the old value until something else happens to refresh them.
            """,
        fix: """
            Mark the property `@Published`. If it must stay a plain property, call \
            `objectWillChange.send()` in every function that changes it.
            """,
        triggeringExamples: [
            """
            final class Cart: ObservableObject {
                var ↓items: [String] = []
                var count: Int { items.count }
                func add(_ item: String) { items.append(item) }
            }
            """,
            """
            final class Stopwatch: ObservableObject {
                var ↓ticks = 0
                func tick() { ticks += 1 }
            }
            struct StopwatchView: View {
                @ObservedObject var stopwatch: Stopwatch
                var body: some View { Text("\\(stopwatch.ticks)") }
            }
            """,
            """
            class Store: ObservableObject {}
            final class ProfileStore: Store {
                private(set) var ↓name = ""
                func rename(to newName: String) { name = newName }
            }
            struct ProfileView: View {
                @EnvironmentObject var store: ProfileStore
                var body: some View { Text(store.name) }
            }
            """,
            """
            protocol Loading: ObservableObject {}
            final class Loader: Loading {
                var ↓isLoading = false
                func load() { isLoading = true }
                var status: String { isLoading ? "Loading" : "Done" }
            }
            """,
            """
            final class Feed: ObservableObject {
                var ↓posts: [String] = []
                var isEmpty: Bool { posts.isEmpty }
                func refresh() {
                    objectWillChange.send()
                    DispatchQueue.main.async { self.posts = [] }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class Cart: ObservableObject {
                let currency = "EUR"
                @Published var items: [String] = []
                var count: Int { items.count }
                func add(_ item: String) { items.append(item) }
            }
            """,
            """
            final class Cache: ObservableObject {
                private var entries: [String: Int] = [:]
                func store(_ value: Int, for key: String) { entries[key] = value }
                private func lookUp(_ key: String) -> Int? { entries[key] }
            }
            """,
            """
            final class Inbox: ObservableObject {
                @Published var unread = 0
                var messages: [String] = []
                var summary: String { "\\(messages.count) messages" }
                func receive(_ message: String) {
                    messages.append(message)
                    unread += 1
                }
            }
            """,
            """
            final class Player: ObservableObject {
                var position = 0.0
                var label: String { "\\(position)" }
                func seek(to time: Double) {
                    objectWillChange.send()
                    position = time
                }
            }
            """,
            """
            final class Settings: ObservableObject {
                var name: String
                var greeting: String { "Hello, \\(name)" }
                init(name: String) { self.name = name }
            }
            """,
            """
            final class Child: ObservableObject { @Published var value = 0 }
            final class Parent: ObservableObject {
                var child = Child()
                var childValue: Int { child.value }
                func reset() { child = Child() }
            }
            """,
        ],
        autoFix: AutoFix(
            .safe,
            reason: "`@Published` only announces the changes that views were missing, and the fix is not offered where the wrapper cannot compile (`lazy`, `weak` or `unowned` storage, a class with synthesized `Codable`).",
            corrections: [
                RuleCorrection(
                    """
                    final class Counter: ObservableObject {
                        var ↓count = 0
                        var label: String { "\\(count)" }
                        func increment() { count += 1 }
                    }
                    """,
                    """
                    final class Counter: ObservableObject {
                        @Published var count = 0
                        var label: String { "\\(count)" }
                        func increment() { count += 1 }
                    }
                    """),
                RuleCorrection(
                    """
                    final class Speaker: ObservableObject {
                        private(set) var ↓volume = 0.5
                        var volumeText: String { "\\(volume)" }
                        func louder() { volume += 0.1 }
                    }
                    """,
                    """
                    final class Speaker: ObservableObject {
                        @Published private(set) var volume = 0.5
                        var volumeText: String { "\\(volume)" }
                        func louder() { volume += 0.1 }
                    }
                    """),
            ]))

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, type) in index.typeDeclarations(in: context.fileIndex) where type.isClass && type.isObservableObject {
            let candidates = decl.properties.filter(isCandidate)
            guard !candidates.isEmpty else { continue }
            let accesses = index.memberAccesses(of: type)
            let published = Set(
                index.typeAndAncestors(of: type).flatMap(\.properties)
                    .filter { $0.property.attributes.contains(named: "Published") }.map(\.property.name))
            let lineage = index.typeAndSubtypes(of: type).map(\.name)
            for property in candidates {
                if holdsObservableObject(property, in: type, file: context.file, index: index) { continue }
                let viewMutations = lineage.flatMap { index.viewMutations[$0] ?? [] }.filter { $0.path.first == property.name }
                let ownMutations = (accesses.mutations[property.name] ?? []).filter { !$0.inInitializer }
                guard !viewMutations.isEmpty || ownMutations.contains(where: { !isAnnounced($0, accesses: accesses, published: published) })
                else { continue }
                guard let read = viewFacingRead(of: property.name, type: type, lineage: lineage, accesses: accesses, context: context)
                else { continue }
                context.report(
                    "`\(property.name)` changes without `@Published`, so views that read it \(read.how) do not update when it changes",
                    at: property.nameToken..<property.nameToken + 1,
                    notes: [read.note],
                    help: "mark it `@Published`, or call `objectWillChange.send()` before every change",
                    fixes: fix(for: property, in: type, context: context))
            }
        }
    }

    private func isCandidate(_ property: Property) -> Bool {
        guard !property.isLet, property.isStored, !property.modifiers.contains("static"),
            !property.modifiers.contains("class")
        else { return false }
        // Property wrappers (capitalized attributes) manage their own storage.
        return !property.attributes.contains { $0.simpleName.startsWithUppercase }
    }

    /// ObservableObject-typed properties are `nested_observable_object`'s concern.
    private func holdsObservableObject(_ property: Property, in type: TypeInfo, file: ParsedFile, index: ProjectIndex) -> Bool {
        guard let shape = index.declaredShape(of: property, in: file, scope: type.name),
            let held = shape.heldName
        else { return false }
        return index.type(named: held, from: type.name)?.isObservableObject == true
    }

    /// A mutation that already tells observers: made in the same piece of code (a function
    /// or accessor, or one closure, but not a closure the function creates) that also
    /// changes a `@Published` property or sends `objectWillChange`, or in an observer of a
    /// `@Published` property.
    private func isAnnounced(_ site: MemberSite, accesses: MemberAccesses, published: Set<String>) -> Bool {
        if let observed = site.observedProperty, published.contains(observed) { return true }
        let place = MemberAccesses.Place(site)
        if accesses.placesSendingObjectWillChange.contains(place) { return true }
        return published.contains { name in
            (accesses.mutations[name] ?? []).contains { MemberAccesses.Place($0) == place }
        }
    }

    private struct Read {
        let how: String
        let note: DiagnosticNote
    }

    /// A read that drives a view: a non-private computed property of the class, or a view's
    /// `body` reading through `@ObservedObject`/`@StateObject`/`@EnvironmentObject`.
    private func viewFacingRead(
        of name: String, type: TypeInfo, lineage: [String], accesses: MemberAccesses, context: RuleContext
    ) -> Read? {
        if let read = accesses.computedReads.first(where: { $0.path.first == name && $0.property.name != name }) {
            return Read(
                how: "through `\(read.property.name)`",
                note: context.note("read by the computed property `\(read.property.name)` here", at: read.tokens[0]..<read.tokens[0] + 1, in: read.file))
        }
        let viewReads = lineage.flatMap { context.index.viewReads[$0] ?? [] }
        if let read = viewReads.first(where: {
            $0.path.first == name && $0.role == .content && $0.reference.observesObjectWillChange
        }) {
            return Read(
                how: "(like `\(read.view)`)",
                note: context.note("`\(read.view)` reads it here", at: read.tokens[0]..<read.tokens[0] + 1, in: read.file))
        }
        return nil
    }

    private func fix(for property: Property, in type: TypeInfo, context: RuleContext) -> [Fix] {
        // `@Published` cannot wrap `lazy`, `weak` or `unowned` storage, and `Published` is
        // not `Codable`: a class whose coding is synthesized would no longer compile.
        guard !property.modifiers.contains(where: { ["lazy", "weak", "unowned"].contains($0.name) }),
            !type.declarations.contains(where: { declaration in
                declaration.decl.inheritance.contains { ["Codable", "Encodable", "Decodable"].contains($0.text.simpleTypeName) }
            })
        else { return [] }
        return [Fix(title: "Mark `\(property.name)` @Published", edits: [context.edit(insertingBefore: property.declaration.lowerBound, "@Published ")])]
    }
}
