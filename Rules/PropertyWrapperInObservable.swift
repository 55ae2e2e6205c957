import ObservationLintCore
import ObservationSyntax

public struct PropertyWrapperInObservable: Rule {
    public static let description = RuleDescription(
        id: "property_wrapper_in_observable",
        name: "Property wrapper in @Observable",
        category: .observation,
        group: .correctness,
        summary: "A stored property of an `@Observable` class carries a property wrapper (`@Published`, `@AppStorage`, …).",
        rationale: """
            The `@Observable` macro turns every stored property that is not \
            `@ObservationIgnored` into a computed property backed by tracked storage. A property \
            wrapper cannot wrap a computed property, so `@Published var`, `@AppStorage var` and \
            the like do not compile there; and `@Published` would add nothing, since \
            Observation already tracks the property. Wrappers that store outside the object \
            (`@AppStorage`, `@SceneStorage`) are not tracked at all once they are ignored.
            """,
        fix: """
            Drop `@Published`: Observation tracks the property by itself. For other wrappers, \
            mark the property `@ObservationIgnored` and expose it through a computed property \
            whose getter calls `access(keyPath:)` and whose setter calls \
            `withMutation(keyPath:)`, so that views still update.
            """,
        triggeringExamples: [
            """
            @Observable final class Cart {
                ↓@Published var items: [String] = []
            }
            """,
            """
            @Observable final class Settings {
                ↓@AppStorage("theme") var theme = "light"
                var fontSize = 14.0
            }
            """,
            """
            @Observable
            @MainActor
            final class Editor {
                ↓@SceneStorage("draft") var draft = ""
                ↓@Published
                private(set) var isSaving = false
            }
            """,
            """
            @propertyWrapper struct Clamped {
                var wrappedValue: Int
            }
            @Observable final class Volume {
                ↓@Clamped var level = 5
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            @Observable final class Settings {
                @ObservationIgnored @AppStorage("theme") var theme = "light"
            }
            """,
            """
            @Observable final class Store {
                @MainActor var items: [String] = []
                @objc dynamic var legacy = 0
                @available(iOS 18, *) var badge: Int? = nil
            }
            """,
            """
            final class LegacyCart: ObservableObject {
                @Published var items: [String] = []
            }
            """,
            """
            @Model final class Recipe {
                @Attribute(.unique) var name: String
                @Transient var isExpanded = false
                @Relationship(deleteRule: .cascade) var steps: [Step] = []
                init(name: String) { self.name = name }
            }
            """,
            """
            @Observable final class Logger {
                @TaskLocal static var requestID = ""
                @ObservationIgnored
                @Published var messages: [String] = []
            }
            """,
        ],
        autoFix: AutoFix(
            .safe,
            reason: "The `@Observable` macro already tracks the property and `@Published` does not compile inside it, so removing the wrapper cannot break code that built.",
            corrections: [
                RuleCorrection(
                    """
                    @Observable final class Session {
                        ↓@Published var token: String?
                    }
                    """,
                    """
                    @Observable final class Session {
                        var token: String?
                    }
                    """),
                RuleCorrection(
                    """
                    @Observable final class Reader {
                        ↓@Published
                        var page = 1
                    }
                    """,
                    """
                    @Observable final class Reader {
                        var page = 1
                    }
                    """),
            ]))

    public init() {}

    /// Apple's property wrappers. (SwiftUI's view wrappers in a class are also
    /// `view_wrapper_outside_view`'s concern: they are never installed there.)
    static let frameworkWrappers: Set<String> = [
        "Published", "AppStorage", "SceneStorage", "Query", "FetchRequest", "SectionedFetchRequest",
        "ScaledMetric", "Namespace", "FocusedValue", "FocusedBinding", "FocusedObject",
        "AccessibilityFocusState", "PhysicalMetric", "State", "StateObject", "ObservedObject",
        "EnvironmentObject", "Environment", "Binding", "Bindable", "FocusState", "GestureState",
        "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor",
    ]

    /// Wrappers of common packages, recognized only when the file imports the package.
    static let packageWrappers: [String: Set<String>] = [
        "Defaults": ["Default"],
        "Dependencies": ["Dependency"],
        "ComposableArchitecture": ["Dependency", "Shared", "SharedReader"],
        "Sharing": ["Shared", "SharedReader"],
        "Factory": ["Injected", "LazyInjected", "WeakLazyInjected", "InjectedObject"],
        "Resolver": ["Injected", "LazyInjected", "WeakLazyInjected", "OptionalInjected", "InjectedObject"],
    ]

    public func check(_ context: inout RuleContext) {
        let index = context.index
        let imported = Set(context.file.imports.map(\.module))
        var known = Self.frameworkWrappers
        for (module, names) in Self.packageWrappers where imported.contains(module) { known.formUnion(names) }
        for (decl, type) in index.typeDeclarations(in: context.fileIndex)
        where decl.kind == .class && decl.attributes.contains(where: { $0.simpleName == "Observable" }) {
            for property in decl.properties where property.isStored && !property.isLet {
                if property.modifiers.contains("static") || property.modifiers.contains("class") { continue }
                if property.attributes.contains(named: "ObservationIgnored") { continue }
                for attribute in property.attributes where isWrapper(attribute, known: known, scope: type.name, index: index) {
                    report(attribute, on: property, in: type, context: &context)
                }
            }
        }
    }

    /// A framework wrapper, or a type of the project declared `@propertyWrapper`. Other
    /// capitalized attributes (global actors, macros such as SwiftData's `@Attribute`,
    /// wrappers of packages not analyzed) stay silent.
    private func isWrapper(_ attribute: Attribute, known: Set<String>, scope: String, index: ProjectIndex) -> Bool {
        let name = String(attribute.simpleName)
        if let project = index.type(named: attribute.name, from: scope) {
            return project.declarations.contains { $0.decl.attributes.contains(named: "propertyWrapper") }
        }
        return known.contains(name) && (attribute.name == name || attribute.name.hasPrefix("SwiftUI.")
            || attribute.name.hasPrefix("Combine.") || attribute.name.hasPrefix("SwiftData."))
    }

    private func report(_ attribute: Attribute, on property: Property, in type: TypeInfo, context: inout RuleContext) {
        let wrapper = "@" + attribute.name
        if attribute.simpleName == "Published" {
            let fixes = ObservationEdits.removal(of: attribute, in: context).map {
                [Fix(title: "Remove `@Published`", edits: [$0])]
            } ?? []
            context.report(
                "`@Published` on `\(property.name)` in the `@Observable` class `\(type.name)`: the macro turns `\(property.name)` into a tracked computed property, so the wrapper does not compile there, and Observation already tells views about every change",
                at: attribute.tokens,
                help: "remove `@Published`; if you need its publisher, mark the property `@ObservationIgnored` and call `access(keyPath:)`/`withMutation(keyPath:)` by hand",
                fixes: fixes)
        } else {
            context.report(
                "`\(wrapper)` on `\(property.name)` in the `@Observable` class `\(type.name)`: the macro turns `\(property.name)` into a tracked computed property, so the wrapper does not compile there; marked `@ObservationIgnored` it compiles, but changes are not tracked",
                at: attribute.tokens,
                help: "mark it `@ObservationIgnored` and expose it through a computed property whose getter calls `access(keyPath:)` and whose setter calls `withMutation(keyPath:)`")
        }
    }
}
