import ObservationLintCore
import ObservationSyntax

public struct BindingToObservable: Rule {
    public static let description = RuleDescription(
        id: "binding_to_observable",
        name: "Binding to observable",
        category: .ownership,
        group: .pedantic,
        summary: "`@Binding` to an `@Observable` class whose reference the view never replaces.",
        rationale: """
            An `@Observable` class is a reference: the view changes its properties directly, and \
            Observation re-renders the view when the properties its `body` reads change, however \
            the view holds it. A `@Binding` to it only matters for replacing the whole object; \
            when the view never does, the binding is an indirection that forces the parent to \
            keep the object in `@State` and pass `$model`, and reads through it go through the \
            parent's storage on every access. Nothing goes wrong at run time: the view still \
            updates when the properties it reads change, and nothing is lost. So the rule is \
            pedantic (off by default): it points at an indirection to remove, not at a bug.
            """,
        fix: """
            Hold it as `let model: Model` (or `var`), or as `@Bindable var model: Model` when the \
            view needs `$model.property` bindings for controls; the parent passes `model` \
            instead of `$model`.
            """,
        triggeringExamples: [
            """
            @Observable final class Profile { var name = "" }
            struct ProfileHeader: View {
                @Binding var ↓profile: Profile
                var body: some View { Text(profile.name) }
            }
            """,
            """
            @Observable final class Profile { var name = "" }
            struct ProfileEditor: View {
                @Binding var ↓profile: Profile
                var body: some View { TextField("Name", text: $profile.name) }
            }
            """,
            """
            @Observable final class Player { var volume = 0.5 }
            struct VolumeSlider: View {
                @Binding private var ↓player: Player
                init(player: Binding<Player>) { _player = player }
                var body: some View { Slider(value: $player.volume) }
            }
            """,
            """
            @Observable final class Filter { var query = "" }
            struct FilterBar: View {
                @Binding var ↓filter: Filter
                var body: some View {
                    Button("Clear") { filter.query = "" }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            @Observable final class Profile { var name = "" }
            struct ProfilePicker: View {
                @Binding var profile: Profile
                let profiles: [Profile]
                var body: some View {
                    ForEach(profiles) { candidate in
                        Button(candidate.name) { profile = candidate }
                    }
                }
            }
            """,
            """
            @Observable final class Profile { var name = "" }
            struct ProfileScreen: View {
                @Binding var profile: Profile
                var body: some View { ProfilePicker(selection: $profile) }
            }
            """,
            """
            @Observable final class Profile { var name = "" }
            struct ProfileHeader: View {
                @Bindable var profile: Profile
                var body: some View { TextField("Name", text: $profile.name) }
            }
            """,
            """
            final class Profile: ObservableObject { @Published var name = "" }
            struct ProfileHeader: View {
                @Binding var profile: Profile
                @Binding var title: String
                var body: some View { Text(profile.name + title) }
            }
            """,
            """
            struct ProfileHeader: View {
                @Binding var profile: RemoteProfile
                var body: some View { Text(profile.name) }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where ViewProperty.isViewLike(decl, view) {
            for property in decl.properties where ViewProperty.isInstanceStorage(property) {
                guard ViewProperty.swiftUIWrapper("Binding", on: property, index: index) != nil,
                    let type = property.type, case .named(let held, _) = TypeShape(type.text),
                    let model = index.type(named: held, from: view.name), model.isClass, model.isObservable,
                    !usesWholeValue(property.name, in: view, index: index)
                else { continue }
                context.report(
                    "`@Binding var \(property.name)` binds to the `@Observable` class `\(model.name)`, but the view never replaces the object: Observation already updates the view when the properties it reads change; use `let \(property.name): \(type.text)`, or `@Bindable var \(property.name)` for `$\(property.name).property` bindings",
                    at: property.nameToken..<property.nameToken + 1,
                    help: "hold the object as `let` (or `@Bindable` for bindings to its properties) and have the parent pass `\(property.name)` instead of `$\(property.name)`")
            }
        }
    }

    /// Whether the view replaces the object (`m = …`, `&m`), or uses the binding as a whole
    /// (`$m` passed on, `_m` outside an initializer's `_m = binding`).
    private func usesWholeValue(_ name: String, in view: TypeInfo, index: ProjectIndex) -> Bool {
        let projected = "$" + name
        let storage = "_" + name
        for declaration in view.declarations {
            let file = index.files[declaration.file]
            let members = declaration.decl.members
            let initializerBodies = declaration.decl.functions.filter { $0.kind == .initializer }.compactMap(\.body)
            if file.assignments(in: members).contains(where: { file.path(of: $0.target) == [name] }) { return true }
            for token in members {
                switch file.kind(token) {
                case .dollarIdentifier?:
                    // `$m.property` is a binding to a property; `$m` alone is the binding itself.
                    if file.spells(token, projected), file.kind(token + 1) != .period { return true }
                case .identifier?:
                    let text = file.text(token)
                    if text == name, file.kind(token - 1) == .prefixAmpersand { return true }
                    if text == storage, file.kind(token - 1) != .period,
                        !initializerBodies.contains(where: { $0.contains(token) })
                    {
                        return true
                    }
                default:
                    break
                }
            }
        }
        return false
    }
}
