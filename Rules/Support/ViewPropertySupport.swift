import ObservationLintCore
import ObservationSyntax

/// Shared facts about the stored properties of views that the ownership rules
/// (`state_object_initialized_from_outside`, `observed_object_created_inline`,
/// `observable_created_in_view_property`, `unobserved_model_in_view`, `private_state`,
/// `binding_to_observable`, `view_wrapper_outside_view`) read.
enum ViewProperty {
    /// SwiftUI's property wrappers that only work when installed on a view (or another
    /// `DynamicProperty` container).
    static let viewWrappers: Set<String> = [
        "State", "StateObject", "ObservedObject", "EnvironmentObject", "Environment", "Binding", "FocusState",
        "GestureState", "SceneStorage", "Namespace",
    ]

    /// Capitalized attributes that are not property wrappers.
    static let nonWrapperAttributes: Set<String> = [
        "MainActor", "ViewBuilder", "Sendable", "ObservationIgnored", "ObservationTracked", "PerceptionIgnored",
        "PerceptionTracked", "Previewable", "IBOutlet", "IBInspectable", "NSManaged", "GKInspectable",
        "UIApplicationMain", "NSCopying",
    ]

    /// The attribute that names SwiftUI's wrapper `name` on `property` (`@State`,
    /// `@SwiftUI.State`; not a project type of that name, nor another module's,
    /// `@Perception.Bindable`).
    static func swiftUIWrapper(_ name: String, on property: Property, index: ProjectIndex) -> Attribute? {
        property.attributes.first { $0.simpleName == name && index.isSwiftUI($0) }
    }

    /// Whether the property holds one of The Composable Architecture's stores (`StoreOf<F>`,
    /// `ViewStore<S, A>`), whose observation the library derives: no wrapper rule judges it.
    static func holdsComposableArchitectureStore(_ property: Property, in file: ParsedFile, scope: String, index: ProjectIndex) -> Bool {
        guard let name = index.declaredShape(of: property, in: file, scope: scope)?.directName else { return false }
        return index.isComposableArchitectureStore(named: name, from: scope, file: index.fileIndex(of: file))
    }

    /// Whether the property carries no property wrapper: a plain `let`/`var`.
    static func isPlain(_ property: Property) -> Bool {
        !property.attributes.contains { attribute in
            attribute.simpleName.startsWithUppercase && !nonWrapperAttributes.contains(String(attribute.simpleName))
        }
    }

    static func isStatic(_ property: Property) -> Bool {
        property.modifiers.contains("static") || property.modifiers.contains("class")
    }

    /// A stored instance property (not `static`, not computed).
    static func isInstanceStorage(_ property: Property) -> Bool {
        property.isStored && !isStatic(property)
    }

    /// Structs whose stored properties SwiftUI re-creates with their parent: views and view
    /// modifiers.
    static func isViewLike(_ decl: TypeDecl, _ type: TypeInfo) -> Bool {
        decl.kind == .struct && (type.isView || type.traits.contains(.viewModifier))
    }

    /// The `let`/`var` keyword of a property declared on its own (`var a = 1, b = 2` has
    /// no single keyword for `b`).
    static func keyword(of property: Property, in file: ParsedFile) -> Int? {
        let candidate = property.nameToken - 1
        guard file.at(candidate, "var") || file.at(candidate, "let") else { return nil }
        return candidate
    }

    /// Whether the view gets a memberwise initializer: no initializer in its own declaration
    /// (one in an extension keeps the memberwise init).
    static func hasMemberwiseInit(_ type: TypeInfo) -> Bool {
        guard let primary = type.declarations.first, primary.decl.kind != .extension else { return false }
        return !primary.decl.functions.contains { $0.kind == .initializer }
    }

    /// Which constructions of the view evaluate the property's initial value. A `var` with an
    /// initial value is a parameter of the memberwise initializer, and its initial value is
    /// that parameter's default: only constructions that leave `name:` out build the model
    /// (`@ObservedObject var model = Model()` passed `model: owner.model` builds none).
    /// A `let` with an initial value is no parameter, and an explicit initializer evaluates
    /// every initial value before its body runs: there every construction builds it.
    static func sitesEvaluatingInitialValue(of property: Property, in view: TypeInfo) -> (ViewConstruction) -> Bool {
        guard !property.isLet, hasMemberwiseInit(view) else { return { _ in true } }
        let label = property.name
        return { site in site.argument(labeled: label) == nil }
    }

    /// Assignments in the type's initializers (its own and its extensions') to the property
    /// `name`, through `name`, `self.name`, `_name` or `self._name`.
    static func initializerAssignments(
        to name: String, in type: TypeInfo, index: ProjectIndex
    ) -> [(file: Int, initializer: FunctionDecl, assignment: Assignment, throughStorage: Bool)] {
        var result: [(file: Int, initializer: FunctionDecl, assignment: Assignment, throughStorage: Bool)] = []
        for (fileIndex, function) in type.functions where function.kind == .initializer {
            guard let body = function.body else { continue }
            let file = index.files[fileIndex]
            for assignment in file.assignments(in: body) where file.at(assignment.operatorToken, "=") {
                let path = file.path(of: assignment.target)
                if path == [name] || path == ["_" + name] {
                    result.append((fileIndex, function, assignment, path[0] != name))
                }
            }
        }
        return result
    }

    /// Whether the type `info` is certainly a plain class: a project class that is neither
    /// observable nor an ObservableObject, none of whose ancestors or conformances is a type
    /// the analysis cannot see (a superclass from another module might be observable).
    static func isCertainlyPlainClass(_ info: TypeInfo, index: ProjectIndex) -> Bool {
        guard info.isClass, !info.isObservable, !info.isObservableObject else { return false }
        var seen: Set<String> = []
        var pending = [info]
        while let type = pending.popLast() {
            guard seen.insert(type.name).inserted else { continue }
            if type.traits.contains(.observable) || type.traits.contains(.observableObject) { return false }
            for inherited in type.inherited {
                if let project = index.types[inherited], project.kind != nil {
                    pending.append(project)
                } else if !knownStatelessSupertypes.contains(inherited) {
                    return false
                }
            }
        }
        return true
    }

    /// The witness that a view's property loses its model (SPEC §10): a body that re-creates
    /// the view while it is shown runs again (the trigger), the view's initializer builds a
    /// new `model` for `property`, and the new object lacks what the old one held, or its
    /// initializer's effect repeats. The message's summary of the loss, the parent's name and
    /// the notes in the order things happen; nil without a trigger or a loss.
    /// `building`: which sites build the model (all, unless the initializer builds it only
    /// for some callers). `built` is what builds it, in `file`: a constructor call, or a
    /// factory call whose return paths may build it with different initializers (the first
    /// whose rebuild loses something is the witness); the call's arguments are its inputs.
    static func rebuildWitness(
        of view: TypeInfo, property: String, model: TypeInfo, built: (model: FreshModel, call: Call), in file: Int, context: RuleContext,
        building: (ViewConstruction) -> Bool = { _ in true }
    ) -> (loss: String, parent: String, notes: [DiagnosticNote])? {
        let index = context.index
        let witnessed = built.model.constructions.lazy.map { construction in
            (construction, index.loss(ofRebuilding: model, call: construction.call, in: construction.file, heldIn: property, of: view))
        }.first { Witness.lossSummary($0.1, keepsFirst: false) != nil }
        guard let (construction, loss) = witnessed, let summary = Witness.lossSummary(loss, keepsFirst: false),
            let recreation = index.reCreations(of: view, sparing: index.constructionInputs(of: built.call, in: file)).first(where: { building($0.site) })
        else {
            return nil
        }
        let parent = recreation.site.enclosingTypeName ?? "the parent"
        let site = recreation.site
        // A factory's construction is cited where it builds the model.
        let factoryNote = construction.file == file && construction.call == built.call
            ? [] : [context.note("the factory it calls builds a new `\(model.name)` here on every call", at: construction.call.name..<construction.call.name + 1, in: construction.file)]
        return (
            summary, parent,
            Witness.triggerNotes(recreation.trigger, context: context)
                + [context.note(
                    "`\(parent).body` runs again and re-creates `\(site.viewName)` here, whose `\(property)` is a new `\(model.name)`",
                    at: site.token..<site.token + 1, in: site.file)]
                + factoryNote
                + Witness.lossNotes(loss, model: model.name, keepsFirst: false, context: context)
        )
    }

    /// Text edits that turn a property into `@Wrapper private var` (the ownership fixes):
    /// `replacing` the attribute already there (`@ObservedObject`), or adding `@Wrapper`;
    /// `private` replacing another access level, or added; `let` becoming `var`. Nil when
    /// the declaration is not one the edit is sure to keep valid (several bindings,
    /// `private(set)`, `lazy`, `weak`, `unowned`, `static`).
    static func ownershipEdits(
        for property: Property, wrapper: String, replacing attribute: Attribute?, context: RuleContext
    ) -> [TextEdit]? {
        let file = context.file
        guard let keyword = keyword(of: property, in: file),
            !property.modifiers.contains(where: { $0.detail != nil || ["lazy", "weak", "unowned", "static", "class"].contains($0.name) })
        else { return nil }
        var edits: [TextEdit] = []
        var keywordText = file.at(keyword, "let") ? "var" : file.text(keyword)
        var insertion = ""
        if let attribute {
            edits.append(context.edit(replacing: attribute.tokens, with: "@" + wrapper))
        } else {
            insertion = "@\(wrapper) "
        }
        switch property.modifiers.accessLevel {
        case .private?, .fileprivate?:
            break
        case .some:
            if let modifier = property.modifiers.first(where: { $0.detail == nil && AccessLevel(rawValue: $0.name) != nil }) {
                edits.append(context.edit(replacing: modifier.token..<modifier.token + 1, with: "private"))
            }
        case nil:
            keywordText = "private " + keywordText
        }
        let start = property.modifiers.map(\.token).min() ?? keyword
        if !insertion.isEmpty {
            if start == keyword {
                keywordText = insertion + keywordText
            } else {
                edits.append(context.edit(insertingBefore: start, insertion))
            }
        }
        if keywordText != file.text(keyword) {
            edits.append(context.edit(replacing: keyword..<keyword + 1, with: keywordText))
        }
        return edits
    }
}
