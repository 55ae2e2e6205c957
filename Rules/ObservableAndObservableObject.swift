import ObservationLintCore
import ObservationSyntax

/// The opt-in half of `observable_wrapper_mismatch`: a class that adopts both observation
/// systems.
public struct ObservableAndObservableObject: Rule {
    public static let description = RuleDescription(
        id: "observable_and_observable_object",
        name: "Both @Observable and ObservableObject",
        category: .observation,
        group: .pedantic,
        summary: "A class is both `@Observable` and an `ObservableObject`.",
        rationale: """
            On iOS 17, macOS 14 and later, SwiftUI tracks every `@Observable` property a view's \
            `body` reads, whatever wrapper holds the model (`@StateObject`, `@ObservedObject`, \
            `@EnvironmentObject`, `@State` or a plain property): such a class updates its views \
            through Observation, and its `ObservableObject` conformance only adds \
            `objectWillChange`, which its tracked properties never send. Nothing goes wrong in \
            the views; but code that subscribes to `objectWillChange` (Combine pipelines, \
            `onReceive`, a parent forwarding it) never hears of those changes, and on earlier \
            systems the wrappers of `ObservableObject` do not see them. Adopting one system \
            says how the model updates.
            """,
        fix: """
            Keep one system: drop `ObservableObject` and hold the model with `@State`, \
            `@Environment(T.self)` or a plain property, or drop `@Observable` and mark the \
            changing properties `@Published`.
            """,
        triggeringExamples: [
            // `NSManagedObject` conforms to `ObservableObject`.
            """
            ↓@Observable final class Author: NSManagedObject {
                @NSManaged var name: String?
            }
            """,
            """
            ↓@Observable final class Session: ObservableObject {
                var user: String?
            }
            """,
            """
            protocol Store: ObservableObject {}
            ↓@Observable final class CartStore: Store {
                var items: [String] = []
            }
            """,
            """
            class BaseModel: ObservableObject {}
            ↓@Observable final class Profile: BaseModel {
                var name = ""
            }
            """,
            """
            import Perception
            ↓@Perceptible final class Timer: ObservableObject {
                var seconds = 0
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            @Observable final class Session {
                var user: String?
            }
            """,
            """
            final class Cart: ObservableObject {
                @Published var items: [String] = []
            }
            """,
            """
            final class Player: ObservableObject, Observable {
                @Published var isPlaying = false
            }
            """,
            """
            @Observable final class Library {
                var books: [String] = []
            }
            extension Library: Identifiable {}
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, type) in index.typeDeclarations(in: context.fileIndex) where decl.kind == .class && type.isObservableObject {
            guard let macro = decl.attributes.first(where: { $0.simpleName == "Observable" || $0.simpleName == "Perceptible" })
            else { continue }
            var notes: [DiagnosticNote] = []
            if let conformance = observableObjectConformance(of: type, index: index) {
                notes.append(context.note("conforms to `ObservableObject` here", at: conformance.tokens, in: conformance.file))
            }
            context.report(
                "`\(decl.name)` is both `@\(macro.simpleName)` and an `ObservableObject`: views track its properties through Observation whatever wrapper holds it, while a change of a tracked property sends no `objectWillChange` (only `@Published` properties and explicit `objectWillChange.send()` calls do)",
                at: macro.tokens,
                notes: notes,
                help: "keep one system: drop `ObservableObject` and hold it with `@State`, `@Environment(\(decl.name).self)` or a plain property, or drop `@\(macro.simpleName)` and mark its changing properties `@Published`")
        }
    }

    /// Where the class (or the superclass or protocol it inherits it through) names
    /// `ObservableObject`.
    private func observableObjectConformance(of type: TypeInfo, index: ProjectIndex) -> (file: Int, tokens: Range<Int>)? {
        var visited = Set<String>()
        var queue = [type]
        while let current = queue.first, visited.count < 32 {
            queue.removeFirst()
            guard visited.insert(current.name).inserted else { continue }
            for declaration in current.declarations {
                for entry in declaration.decl.inheritance where ["ObservableObject", "Combine.ObservableObject"].contains(entry.text) {
                    return (declaration.file, entry.tokens)
                }
            }
            queue.append(contentsOf: current.inherited.compactMap { index.types[$0] }.filter { $0.isObservableObject })
        }
        return nil
    }
}
