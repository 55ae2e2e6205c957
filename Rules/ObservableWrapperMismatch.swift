import ObservationLintCore
import ObservationSyntax

public struct ObservableWrapperMismatch: Rule {
    public static let description = RuleDescription(
        id: "observable_wrapper_mismatch",
        name: "Observable wrapper mismatch",
        category: .observation,
        group: .correctness,
        summary: "A model is held or declared with the wrapper of the other observation system.",
        rationale: """
            SwiftUI has two observation systems. `ObservableObject` classes publish changes \
            through `objectWillChange`, which `@StateObject`, `@ObservedObject`, \
            `@EnvironmentObject` and `.environmentObject(_:)` subscribe to. `@Observable` \
            classes are tracked property by property, and are held with `@State`, a plain \
            property, `@Bindable` or `@Environment(T.self)`. A wrapper of one system on a model of \
            the other does not compile, or compiles and never updates the view: an \
            `@Observable` class never sends `objectWillChange`. `@Observable` only works on \
            classes. (A class that is both is tracked by Observation in every view that reads it, \
            whatever wrapper holds it: the opt-in `observable_and_observable_object` reports it.)
            """,
        fix: """
            For an `@Observable` model: `@StateObject` → `@State`, `@ObservedObject` → a plain \
            property (or `@Bindable` for `$model.property` bindings), `@EnvironmentObject var m: T` \
            → `@Environment(T.self) var m`, `.environmentObject(m)` → `.environment(m)`. For an \
            `ObservableObject`: `@Environment(T.self)` → `@EnvironmentObject`, `@Bindable` → \
            `@ObservedObject`. Declare `@Observable` types as classes.
            """,
        triggeringExamples: [
            """
            @Observable final class Library { var books: [String] = [] }
            struct LibraryView: View {
                ↓@StateObject private var library = Library()
                var body: some View { List(library.books, id: \\.self) { Text($0) } }
            }
            """,
            """
            @Observable final class Profile { var name = "" }
            struct ProfileEditor: View {
                ↓@ObservedObject var profile: Profile
                var body: some View { TextField("Name", text: $profile.name) }
            }
            struct ProfileBadge: View {
                ↓@EnvironmentObject var profile: Profile
                var body: some View { Text(profile.name) }
            }
            """,
            """
            final class Cart: ObservableObject { @Published var items: [String] = [] }
            struct CartBadge: View {
                ↓@Environment(Cart.self) private var cart
                var body: some View { Text("\\(cart.items.count)") }
            }
            struct CartEditor: View {
                ↓@Bindable var cart: Cart
                var body: some View { Text("\\(cart.items.count)") }
            }
            """,
            """
            import Perception
            @Perceptible final class Timer { var seconds = 0 }
            final class Draft: ObservableObject { @Published var text = "" }
            struct TimerView: View {
                ↓@ObservedObject var timer: Timer
                ↓@SwiftUI.Bindable var draft: Draft
                var body: some View { Text("\\(timer.seconds) \\(draft.text)") }
            }
            """,
            """
            ↓@Observable struct Counter { var value = 0 }
            ↓@Observable actor Downloads { var active = 0 }
            ↓@Perceptible struct Score { var points = 0 }
            """,
            """
            @Observable final class Router { var path: [String] = [] }
            struct RootView: View {
                @State private var router = Router()
                var body: some View {
                    ContentView()
                        .↓environmentObject(router)
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // A Core Data managed object is an ObservableObject: `@ObservedObject` fits it.
            """
            @Observable final class Author: NSManagedObject {
                @NSManaged var name: String?
            }
            struct AuthorCard: View {
                @ObservedObject var author: Author
                var body: some View { Text(author.name ?? "") }
            }
            """,
            // Both: Observation tracks it in every view, whatever wrapper holds it.
            """
            @Observable final class Session: ObservableObject {
                var user: String?
            }
            struct SessionView: View {
                @StateObject private var session = Session()
                var body: some View { Text(session.user ?? "Signed out") }
            }
            """,
            """
            @Observable final class Library { var books: [String] = [] }
            struct LibraryView: View {
                @State private var library = Library()
                var body: some View { BookList(library: library) }
            }
            struct BookList: View {
                let library: Library
                var body: some View { List(library.books, id: \\.self) { Text($0) } }
            }
            """,
            """
            final class Cart: ObservableObject { @Published var items: [String] = [] }
            struct CartView: View {
                @StateObject private var cart = Cart()
                @EnvironmentObject var other: Cart
                var body: some View { Text("\\(cart.items.count)") }
            }
            """,
            """
            @Observable final class Profile { var name = "" }
            struct ProfileEditor: View {
                @Bindable var profile: Profile
                @Environment(Profile.self) private var current
                var body: some View { TextField("Name", text: $profile.name) }
            }
            """,
            """
            final class Player: ObservableObject, Observable {
                @Published var isPlaying = false
            }
            struct PlayerView: View {
                @StateObject private var player = Player()
                @Environment(Player.self) private var shared
                var body: some View { Text(player.isPlaying ? "Playing" : "Paused") }
            }
            """,
            """
            import Perception
            @Perceptible final class Timer { var seconds = 0 }
            struct TimerView: View {
                @Perception.Bindable var timer: Timer
                var body: some View {
                    WithPerceptionTracking { Stepper("\\(timer.seconds)", value: $timer.seconds) }
                }
            }
            """,
            """
            import ComposableArchitecture
            @Reducer struct Counter {
                @ObservableState struct State { var count = 0 }
            }
            struct CounterView: View {
                @Bindable var store: StoreOf<Counter>
                @ObservedObject var viewStore: ViewStoreOf<Counter>
                let root: StoreOf<Counter>
                var body: some View { Text("\\(store.count)") }
            }
            """,
            """
            struct SettingsView: View {
                @ObservedObject var store: RemoteStore
                @Bindable var account: AccountModel
                var body: some View { Text(store.name) }
            }
            """,
        ],
        autoFix: AutoFix(
            .unsafe,
            reason: "Switching the wrapper or the injection changes the environment key or the ownership SwiftUI uses (`@State` evaluates its initial value on every initialization of the view, `@StateObject` once), so the model's other readers and injections may need the same change.",
            corrections: [
                RuleCorrection(
                    """
                    @Observable final class Settings { var volume = 0.5 }
                    struct SettingsView: View {
                        ↓@StateObject var settings = Settings()
                        var body: some View { Text("\\(settings.volume)") }
                    }
                    """,
                    """
                    @Observable final class Settings { var volume = 0.5 }
                    struct SettingsView: View {
                        @State var settings = Settings()
                        var body: some View { Text("\\(settings.volume)") }
                    }
                    """),
                RuleCorrection(
                    """
                    @Observable final class Router { var path: [String] = [] }
                    struct AppRoot: View {
                        @State private var router = Router()
                        var body: some View { Text("Root").↓environmentObject(router) }
                    }
                    """,
                    """
                    @Observable final class Router { var path: [String] = [] }
                    struct AppRoot: View {
                        @State private var router = Router()
                        var body: some View { Text("Root").environment(router) }
                    }
                    """),
                RuleCorrection(
                    """
                    final class NameForm: ObservableObject { @Published var name = "" }
                    struct NameField: View {
                        ↓@Bindable var form: NameForm
                        var body: some View { TextField("Name", text: $form.name) }
                    }
                    """,
                    """
                    final class NameForm: ObservableObject { @Published var name = "" }
                    struct NameField: View {
                        @ObservedObject var form: NameForm
                        var body: some View { TextField("Name", text: $form.name) }
                    }
                    """),
                RuleCorrection(
                    """
                    @Observable final class Account { var name = "" }
                    struct AccountBadge: View {
                        ↓@EnvironmentObject private var account: Account
                        var body: some View { Text(account.name) }
                    }
                    """,
                    """
                    @Observable final class Account { var name = "" }
                    struct AccountBadge: View {
                        @Environment(Account.self) private var account
                        var body: some View { Text(account.name) }
                    }
                    """),
            ]))

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, type) in index.typeDeclarations(in: context.fileIndex) {
            checkDeclaration(decl, type: type, context: &context)
            guard decl.kind == .struct || decl.kind == .enum else { continue }
            for property in decl.properties where property.isStored {
                for attribute in property.attributes {
                    checkWrapper(attribute, on: property, in: type, context: &context)
                }
            }
        }
        for injection in index.environmentInjections(inFile: context.fileIndex) {
            checkInjection(injection, context: &context)
        }
    }

    // MARK: - Injections

    /// `.environmentObject(x)` with `x` an `@Observable` class, or `.environment(x)` with `x`
    /// only an `ObservableObject`: the reader of the other system finds nothing.
    private func checkInjection(_ injection: EnvironmentInjection, context: inout RuleContext) {
        guard let provided = injection.providedType, let info = context.index.types[provided] else { return }
        let kind = context.index.modelKind(of: provided)
        let expression = context.file.text(injection.expression)
        let token = injection.token
        switch (injection.kind, kind) {
        case (.environmentObject, .observable):
            context.report(
                "`.environmentObject(\(expression))` injects the `@Observable` class `\(info.name)`, which is not an `ObservableObject`: it does not compile, and `@Environment(\(info.name).self)` readers need `.environment(_:)`",
                at: token..<token + 1,
                notes: [declarationNote(info, context: context)],
                help: "use `.environment(\(expression))`",
                fixes: [Fix(title: "Use .environment(_:)", edits: [context.edit(replacing: token..<token + 1, with: "environment")])])
        case (.environment, .observableObject):
            context.report(
                "`.environment(\(expression))` injects the `ObservableObject` `\(info.name)`, which is not `@Observable`: `@EnvironmentObject` readers need `.environmentObject(_:)`",
                at: token..<token + 1,
                notes: [declarationNote(info, context: context)],
                help: "use `.environmentObject(\(expression))`",
                fixes: [Fix(title: "Use .environmentObject(_:)", edits: [context.edit(replacing: token..<token + 1, with: "environmentObject")])])
        default:
            break
        }
    }

    // MARK: - Declarations

    private func checkDeclaration(_ decl: TypeDecl, type: TypeInfo, context: inout RuleContext) {
        guard decl.kind != .extension, decl.kind != .protocol,
            let macro = decl.attributes.first(where: { $0.simpleName == "Observable" || $0.simpleName == "Perceptible" })
        else { return }
        let written = "@" + macro.simpleName
        let system = macro.simpleName == "Perceptible" ? "Perception" : "Observation"
        switch decl.kind {
        case .struct, .enum:
            context.report(
                "`\(written)` on the \(decl.kind.rawValue) `\(decl.name)`: \(system) only works on classes; a value is copied, so there is no shared instance for views to observe",
                at: macro.tokens,
                help: "make `\(decl.name)` a `final class`, or drop `\(written)` and keep the value in the view's `@State`")
        case .actor:
            context.report(
                "`\(written)` on the actor `\(decl.name)`: \(system) only works on classes, and views cannot read an actor's state synchronously",
                at: macro.tokens,
                help: "use a `@MainActor \(written) final class` for the state views read")
        default:
            break
        }
    }

    // MARK: - Wrappers

    private func checkWrapper(_ attribute: Attribute, on property: Property, in type: TypeInfo, context: inout RuleContext) {
        let index = context.index
        guard index.isSwiftUI(attribute) else { return }
        switch attribute.simpleName {
        case "StateObject", "ObservedObject", "EnvironmentObject":
            guard let held = heldType(of: property, in: type, context: context), held.kind == .observable else { return }
            let (wrapper, fixes) = legacyReplacement(attribute, on: property, model: held.info, in: type, context: context)
            context.report(
                "`@\(attribute.simpleName)` on the \(observableMacro(of: held.info)) class `\(held.info.name)`: it sends no `objectWillChange`, so this wrapper does not compile or never updates the view; hold it with \(wrapper), which Observation tracks",
                at: attribute.tokens,
                notes: [declarationNote(held.info, context: context)],
                help: "hold it with \(wrapper)",
                fixes: fixes)
        case "Environment":
            guard let arguments = attribute.arguments, arguments.count >= 3,
                context.file.at(arguments.upperBound - 1, "self"), context.file.kind(arguments.upperBound - 2) == .period
            else { return }
            let name = context.file.text(arguments.lowerBound..<arguments.upperBound - 2)
            guard index.modelKind(of: name, from: type.name) == .observableObject,
                let info = index.type(named: name, from: type.name)
            else { return }
            context.report(
                "`@Environment(\(name).self)` only finds `@Observable` objects, but `\(info.name)` is an `ObservableObject`: inject it with `.environmentObject(_:)` and read it with `@EnvironmentObject`",
                at: attribute.tokens,
                notes: [declarationNote(info, context: context)],
                help: "use `@EnvironmentObject var \(property.name): \(name)`",
                fixes: environmentToEnvironmentObject(attribute, typeName: name, on: property, context: context))
        case "Bindable":
            guard let held = heldType(of: property, in: type, context: context) else { return }
            switch held.kind {
            case .observableObject:
                context.report(
                    "`@Bindable` needs an `@Observable` class, but `\(held.info.name)` is an `ObservableObject`: use `@ObservedObject`, which also gives `$\(property.name).property` bindings",
                    at: attribute.tokens,
                    notes: [declarationNote(held.info, context: context)],
                    help: "use `@ObservedObject var \(property.name)`",
                    fixes: [Fix(title: "Use @ObservedObject", edits: [context.edit(replacing: attribute.tokens, with: "@ObservedObject")])])
            case .plainClass:
                context.report(
                    "`@Bindable` needs an `@Observable` class, but `\(held.info.name)` is not observable: the view cannot see its changes",
                    at: attribute.tokens,
                    notes: [declarationNote(held.info, context: context)],
                    help: "mark `\(held.info.name)` `@Observable`")
            case .valueType:
                context.report(
                    "`@Bindable` needs an `@Observable` class, but `\(held.info.name)` is a value type: use `@Binding` to edit a value the parent owns",
                    at: attribute.tokens,
                    notes: [declarationNote(held.info, context: context)],
                    help: "use `@Binding var \(property.name)`")
            default:
                break
            }
        default:
            break
        }
    }

    /// The project type a wrapped property holds directly (`T`, or `T?`), and what it is.
    private func heldType(of property: Property, in type: TypeInfo, context: RuleContext) -> (info: TypeInfo, kind: ModelKind)? {
        let index = context.index
        guard let shape = index.declaredShape(of: property, in: context.file, scope: type.name),
            let name = shape.directName, let info = index.type(named: name, from: type.name), info.kind != nil
        else { return nil }
        return (info, index.modelKind(of: name, from: type.name))
    }

    private func declarationNote(_ info: TypeInfo, context: RuleContext) -> DiagnosticNote {
        let primary = info.declarations[0]
        let token = primary.decl.nameToken
        let what = info.isObservable ? "declared \(observableMacro(of: info))" : info.isObservableObject ? "an `ObservableObject`" : "declared"
        return context.note("`\(info.name)` is \(what) here", at: token..<token + 1, in: primary.file)
    }

    /// How the class is made observable, as written: `@Observable`, or Perception's
    /// `@Perceptible`.
    private func observableMacro(of info: TypeInfo) -> String {
        let perceptible = info.declarations.contains { $0.decl.attributes.contains(named: "Perceptible") }
        return perceptible ? "`@Perceptible`" : "`@Observable`"
    }

    // MARK: - Fixes

    /// The wrapper an `@Observable` model takes instead of a legacy one, and the rewrite.
    private func legacyReplacement(
        _ attribute: Attribute, on property: Property, model: TypeInfo, in type: TypeInfo, context: RuleContext
    ) -> (wrapper: String, fixes: [Fix]) {
        let usage = usage(of: property.name, in: type, index: context.index)
        switch attribute.simpleName {
        case "StateObject":
            guard !usage.storage, attribute.arguments == nil else { return ("`@State`", []) }
            return ("`@State`", [Fix(title: "Use @State", edits: [context.edit(replacing: attribute.tokens, with: "@State")])])
        case "ObservedObject":
            // Created by the view itself (`= Model()`): a plain property would be re-created
            // with the view; `@State` keeps it.
            if context.index.constructedType(of: property, in: context.file, scope: type.name) != nil {
                guard !usage.storage, attribute.arguments == nil else { return ("`@State` (the view creates it)", []) }
                return ("`@State` (the view creates it)",
                    [Fix(title: "Use @State", edits: [context.edit(replacing: attribute.tokens, with: "@State")])])
            }
            if usage.projection {
                guard !usage.storage, attribute.arguments == nil else { return ("`@Bindable`", []) }
                return ("`@Bindable` (for its `$\(property.name).property` bindings)",
                    [Fix(title: "Use @Bindable", edits: [context.edit(replacing: attribute.tokens, with: "@Bindable")])])
            }
            guard !usage.storage, attribute.arguments == nil, let removal = ObservationEdits.removal(of: attribute, in: context)
            else { return ("a plain property", []) }
            return ("a plain property (no wrapper)", [Fix(title: "Remove @ObservedObject", edits: [removal])])
        default:
            let wrapper = "`@Environment(\(model.name).self)`"
            guard !usage.storage, !usage.projection, attribute.arguments == nil, property.initializer == nil,
                let annotation = property.type, case .named = TypeShape(annotation.text),
                property.nameToken + 1 == annotation.tokens.lowerBound - 1, context.file.kind(property.nameToken + 1) == .colon
            else { return (wrapper, []) }
            let typeText = context.file.text(annotation.tokens)
            return (
                wrapper,
                [Fix(title: "Use @Environment(\(typeText).self)", edits: [
                    context.edit(replacing: attribute.tokens, with: "@Environment(\(typeText).self)"),
                    context.edit(replacing: property.nameToken..<annotation.tokens.upperBound, with: property.name),
                ])])
        }
    }

    /// `@Environment(T.self) var x` → `@EnvironmentObject var x: T`.
    private func environmentToEnvironmentObject(
        _ attribute: Attribute, typeName: String, on property: Property, context: RuleContext
    ) -> [Fix] {
        guard property.initializer == nil else { return [] }
        var edits = [context.edit(replacing: attribute.tokens, with: "@EnvironmentObject")]
        if let annotation = property.type {
            guard case .named = TypeShape(annotation.text) else { return [] }
        } else {
            let end = context.range(property.nameToken..<property.nameToken + 1).end
            edits.append(TextEdit(range: SourceRange(file: context.file.path, start: end, end: end), replacement: ": \(typeName)"))
        }
        return [Fix(title: "Use @EnvironmentObject", edits: edits)]
    }

    /// Whether the type's code uses the property's storage (`_x`) or its projection (`$x`).
    private func usage(of name: String, in type: TypeInfo, index: ProjectIndex) -> (storage: Bool, projection: Bool) {
        var storage = false
        var projection = false
        for declaration in type.declarations {
            let file = index.files[declaration.file]
            for token in declaration.decl.members {
                switch file.kind(token) {
                case .identifier where file.text(token) == "_" + name: storage = true
                case .dollarIdentifier where file.text(token) == "$" + name: projection = true
                default: break
                }
            }
        }
        return (storage, projection)
    }
}
