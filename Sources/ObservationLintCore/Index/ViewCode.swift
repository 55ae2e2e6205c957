import Foundation
import ObservationSyntax

/// When the code in a closure runs, as far as SwiftUI is concerned.
public enum ClosureRole: Sendable {
    /// While `body` is evaluated: view-builder content (`VStack { }`, `ForEach`, a
    /// `Button`'s label) and synchronous helpers (`map`, `filter`).
    case content
    /// Later, in response to an event: `Button` actions, `.onAppear`, `.task`, `Task { }`.
    case action
    /// A closure the analysis cannot classify.
    case unknown
}

/// Which code of a view runs while its `body` is evaluated.
public enum ViewCode {
    /// Calls whose closures build view content.
    static let contentCallees: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid",
        "GridRow", "List", "ForEach", "Group", "Section", "Form", "ScrollView", "ScrollViewReader",
        "NavigationStack", "NavigationView", "NavigationSplitView", "NavigationLink", "TabView",
        "GeometryReader", "ViewThatFits", "Menu", "Picker", "DisclosureGroup", "GroupBox",
        "ControlGroup", "Toggle", "Label", "LabeledContent", "Link", "ShareLink", "TimelineView",
        "Canvas", "Table", "TableColumn", "OutlineGroup", "ContentUnavailableView", "AnyView",
        "Tab", "Stepper", "Slider", "DatePicker", "ColorPicker", "TextField", "SecureField",
        "toolbar", "ToolbarItem", "ToolbarItemGroup", "sheet", "fullScreenCover", "popover",
        "alert", "confirmationDialog", "contextMenu", "overlay", "background", "mask",
        "safeAreaInset", "swipeActions", "inspector", "navigationDestination", "searchSuggestions",
        "listRowBackground", "tabItem", "ViewBuilder", "AsyncImage", "ProgressView", "Gauge",
        "HSplitView", "VSplitView", "PhaseAnimator", "KeyframeAnimator", "VStackLayout",
        "HStackLayout", "ZStackLayout", "TabSection", "PhotosPicker", "MultiDatePicker",
        // Swift Charts' and MapKit's content builders.
        "Chart", "Map",
        // Scenes: an App's `body` builds them while it is evaluated.
        "WindowGroup", "Window", "DocumentGroup", "MenuBarExtra", "UtilityWindow",
        "ImmersiveSpace", "Settings", "commands", "CommandMenu", "CommandGroup",
        // Perception's and The Composable Architecture's view builders.
        "WithPerceptionTracking", "WithViewStore", "IfLetStore", "ForEachStore", "SwitchStore",
        // Synchronous helpers run where they are called.
        "map", "compactMap", "flatMap", "filter", "sorted", "first", "last", "contains", "reduce",
        "allSatisfy", "min", "max", "forEach", "firstIndex", "lastIndex", "prefix", "drop",
        "count", "partition", "sum", "joined",
    ]

    /// Calls whose closures run later, in response to an event.
    static let actionCallees: Set<String> = [
        "onAppear", "onDisappear", "task", "onChange", "onReceive", "onSubmit", "onTapGesture",
        "onLongPressGesture", "onDrag", "onDrop", "onDelete", "onMove", "onInsert", "refreshable",
        "onOpenURL", "onContinueUserActivity", "onCommand", "onHover", "onContinuousHover",
        "onKeyPress", "onScrollGeometryChange", "onGeometryChange", "onPreferenceChange",
        "Task", "detached", "withAnimation", "withTransaction", "async", "asyncAfter", "sync",
        "sink", "onEnded", "onChanged", "updating", "perform", "run", "addObserver",
        "scheduledTimer", "dataTask", "receive", "handleEvents", "onCopyCommand", "onPasteCommand",
        "onExitCommand", "onMoveCommand", "onDeleteCommand", "focusedSceneValue", "dropDestination",
        "draggable", "fileImporter", "fileExporter", "photosPicker", "onPencilDoubleTap",
        "onLongTouchGesture", "backgroundTask", "onKeyboardShortcut", "accessibilityAction",
        "accessibilityAdjustableAction", "accessibilityScrollAction", "onScrollPhaseChange",
        "onScrollVisibilityChange", "onScrollTargetVisibilityChange", "PasteButton",
        // `Binding(set:)` runs when a control writes the binding (its `get:` runs while the
        // control renders: `role(of:in:index:)`).
        "Binding",
    ]

    /// What the unlabeled trailing closure of a SwiftUI control is: it binds to the last
    /// closure parameter of the initializer the other arguments select.
    enum TrailingClosure {
        /// The action, unless one of these labels is given in the parentheses, when it is
        /// the label: `Button("Save") { save() }`, `Button { save() } label: { … }` vs
        /// `Button(action: save) { Text("Save") }`.
        case actionUnlessGiven(Set<String>)
        /// After a title, the last callback (`onCommit:`, `onEditingChanged:`); without
        /// one, the `label:`: `TextField("Name", text: $name) { commit() }` vs
        /// `TextField(text: $name) { Text("Name") }`.
        case actionAfterTitle
        /// A label or a callback, told apart only by the closure's signature
        /// (`Slider(value: $v) { editing in … }` vs `{ Text("Volume") }`): not content.
        case undecided
    }

    /// SwiftUI controls whose trailing closure depends on the other arguments.
    static let trailingClosures: [String: TrailingClosure] = [
        "Button": .actionUnlessGiven(["action", "intent"]), "TextField": .actionAfterTitle,
        "SecureField": .actionAfterTitle, "Stepper": .actionAfterTitle, "Slider": .undecided,
    ]

    /// Whether a closure (or a function) passed with this argument label runs later:
    /// `action:`, `perform:`, `onCommit:`, and callbacks by name (`onSave:`).
    public static func isActionLabel(_ label: String) -> Bool {
        actionLabels.contains(label) || isCallbackLabel(label)
    }

    /// Argument labels of closures that run later.
    static let actionLabels: Set<String> = [
        "action", "perform", "onCommit", "onEditingChanged", "onDismiss", "completion",
        "completionHandler", "handler", "onCompletion", "onChange", "primaryAction", "onTap",
        "receiveValue", "receiveCompletion", "then", "execute", "onIncrement", "onDecrement",
        "get", "set",
    ]

    /// Argument labels of closures that build content.
    static let contentLabels: Set<String> = [
        "content", "label", "destination", "header", "footer", "placeholder", "actions",
        "message", "icon", "title", "background", "overlay", "sidebar", "detail", "currentValueLabel",
        "minimumValueLabel", "maximumValueLabel", "preview", "tab",
    ]

    /// Calls that present content, whose first trailing closure is `onDismiss` when a
    /// `content:` closure follows it (`.sheet(isPresented: $p) { … } content: { … }`).
    static let presentationCallees: Set<String> = ["sheet", "fullScreenCover", "popover", "inspector"]

    /// The role of a closure scope. A closure passed to a view of the project takes the
    /// role of the parameter it is passed to: view content (`@ViewBuilder`, returning a
    /// view) or a callback (returning `Void`). SwiftUI's initializers and modifiers follow
    /// the tables above; a closure of another module's initializer is unknown, never content.
    /// Worked out once per closure (`ProjectIndex.closureRole(of:in:_:)`): the view facts,
    /// rendering code, execution contexts and presentations ask about the same closures.
    public static func role(of scope: Scope, in file: ParsedFile, index: ProjectIndex) -> ClosureRole {
        guard scope.isClosure else { return .content }
        return index.closureRole(of: scope, in: file) { uncachedRole(of: scope, in: file, index: index) }
    }

    private static func uncachedRole(of scope: Scope, in file: ParsedFile, index: ProjectIndex) -> ClosureRole {
        guard case .closure(let callee, let label) = scope.kind else { return .content }
        // `{ … }()`: called where it stands, so it runs with what encloses it.
        if callee == nil, label == nil, file.kind(scope.range.upperBound) == .leftParen,
            file.kind(scope.range.upperBound + 1) == .rightParen, !file.tokens[scope.range.upperBound].isAtStartOfLine,
            !file.tokens[scope.range.upperBound].flags.contains(.leadingSpace)
        {
            return .content
        }
        let calleeName = callee.map { file.text($0) }
        // What the tables below say of the callee, found with one lookup.
        let known = calleeName.flatMap { knownCallees[$0] } ?? KnownCallee()
        // `Binding(get:set:)`, `.init(get:set:)`: the control that holds the binding calls
        // `get` while it renders, so the getter reads what the body that built it renders;
        // `set` runs when the control changes the value.
        if let label, file.at(label, "get"), calleeName == "Binding" || calleeName == "init" { return .content }
        // A view of the project: what its parameter says, whatever the name or label. Another
        // project type (a representable, a model): a callback when its parameter says so.
        if let calleeName, calleeName.startsWithUppercase, let type = index.type(named: calleeName) {
            if type.isView { return projectViewRole(of: scope, label: label, in: file, view: type, index: index) }
            guard type.kind == .struct || type.functions.contains(where: { $0.function.kind == .initializer }) else { return .unknown }
            let role = projectViewRole(of: scope, label: label, in: file, view: type, index: index, callbacksMustEscape: true)
            return role == .action ? .action : .unknown
        }
        if let label, isActionLabel(file.text(label)) { return .action }
        // Another module's initializer: what its closures are is unknown.
        if let calleeName, calleeName.startsWithUppercase, !known.isContent, !known.isAction, known.trailing == nil {
            return .unknown
        }
        if let label, contentLabels.contains(file.text(label)) { return .content }
        guard let name = calleeName else { return .unknown }
        // A method of the project (`.card { … }` from `extension View`): what its parameter says.
        if !known.isAction, !known.isContent, known.trailing == nil {
            return projectMethodRole(of: scope, named: name, label: label, in: file, index: index)
        }
        if label == nil, let trailing = known.trailing {
            return role(of: trailing, arguments: scope.callArguments, in: file)
        }
        if known.presents, label == nil, file.at(scope.range.upperBound, "content"),
            file.kind(scope.range.upperBound + 1) == .colon
        {
            return .action
        }
        if known.isAction { return .action }
        if known.isContent { return .content }
        return .unknown
    }

    /// What `contentCallees`, `actionCallees`, `trailingClosures` and `presentationCallees`
    /// say of one name.
    struct KnownCallee {
        var isContent = false
        var isAction = false
        var trailing: TrailingClosure?
        var presents = false
    }

    /// The four tables by name, so that a callee is looked up once.
    static let knownCallees: [String: KnownCallee] = {
        var result: [String: KnownCallee] = [:]
        for name in contentCallees { result[name, default: KnownCallee()].isContent = true }
        for name in actionCallees { result[name, default: KnownCallee()].isAction = true }
        for (name, trailing) in trailingClosures { result[name, default: KnownCallee()].trailing = trailing }
        for name in presentationCallees { result[name, default: KnownCallee()].presents = true }
        return result
    }()

    /// A trailing closure passed to another module's initializer whose first statement
    /// builds a view (a view of the project, or a SwiftUI container or control): `NBNavigationStack(path:
    /// $path) { Home() }`. A closure that returns a view is the built view's content. The
    /// body that builds the container passes a new closure each time it runs, and SwiftUI
    /// cannot compare closures, so the content is built again each time too (whether the
    /// container calls the closure in its initializer or in its own body). `role(of:)` keeps
    /// such closures unknown: when the container reads the content is not known, so a read
    /// there is no read of the body that builds it; a rule that asks only whether the content
    /// is built again asks this.
    public static func isViewBuildingClosure(_ scope: Scope, in file: ParsedFile, index: ProjectIndex) -> Bool {
        guard case .closure(let callee?, nil) = scope.kind, file.kind(callee - 1) != .period else { return false }
        let name = file.text(callee)
        guard name.startsWithUppercase, index.type(named: name) == nil, !contentCallees.contains(name),
            !actionCallees.contains(name), trailingClosures[name] == nil
        else { return false }
        let first = scope.range.lowerBound + 1
        guard first < scope.range.upperBound, file.kind(first) == .identifier, file.kind(first + 1) == .leftParen || file.kind(first + 1) == .leftBrace
        else { return false }
        let view = file.text(first)
        guard view.startsWithUppercase else { return false }
        if let type = index.type(named: view) { return type.isView }
        return contentCallees.contains(view) || trailingClosures[view] != nil
    }

    /// The role of a control's unlabeled trailing closure, from the arguments in its
    /// parentheses.
    private static func role(of trailing: TrailingClosure, arguments: Range<Int>?, in file: ParsedFile) -> ClosureRole {
        switch trailing {
        case .actionUnlessGiven(let labels):
            guard let arguments else { return .action }
            let given = file.argumentList(arguments).contains { $0.label.map { labels.contains(file.text($0)) } == true }
            return given ? .content : .action
        case .actionAfterTitle:
            guard let arguments, let first = file.argumentList(arguments).first else { return .content }
            return first.label == nil ? .action : .content
        case .undecided:
            return .unknown
        }
    }

    /// `onSave:`, `onDelete:`: callbacks by name.
    private static func isCallbackLabel(_ label: String) -> Bool {
        guard label.hasPrefix("on"), label.count > 2 else { return false }
        return label[label.index(label.startIndex, offsetBy: 2)].isUppercase
    }

    /// The role of a closure passed to a project view (or another project type's
    /// initializer), from the declared type of the parameter it binds to (an explicit init's
    /// parameter, or the stored property the memberwise init takes): `@ViewBuilder` or
    /// returning a view is content, returning `Void` (or `async`) is a callback. Unknown when
    /// the parameter cannot be found or the candidates disagree. `callbacksMustEscape`: an
    /// explicit init's closure is a callback only when `@escaping` or optional (one that
    /// does not escape runs during the call: `Style { $0.tint = model.tint }`).
    static func projectViewRole(
        of scope: Scope, label: Int?, in file: ParsedFile, view: TypeInfo, index: ProjectIndex, callbacksMustEscape: Bool = false
    ) -> ClosureRole {
        let labelText = label.map { file.text($0) }
        let (givenLabels, isTrailing) = labelsAndTrailing(of: scope, in: file)
        let genericNames = genericParameterNames(of: view, index: index)
        let initializers = view.declarations.flatMap { declaration in
            declaration.decl.functions.filter { $0.kind == .initializer }.map { (declaration.file, $0) }
        }
        if initializers.isEmpty {
            // The memberwise initializer: stored properties in order, `let`s with a value excluded.
            guard let primary = view.declarations.first, primary.decl.kind != .extension else { return .unknown }
            let candidates = primary.decl.properties.filter {
                $0.isStored && !($0.isLet && $0.initializer != nil) && !$0.modifiers.contains("static")
            }
            let match: Property?
            if let labelText {
                match = candidates.first { $0.name == labelText }
            } else if isTrailing {
                // Swift's forward scan (SE-0286), as for an explicit initializer: a property
                // with an initial value is skipped while a later one needs an argument.
                let open = candidates.filter { property in
                    !givenLabels.contains(property.name)
                        && (property.attributes.contains(named: "ViewBuilder")
                            || property.type.map { functionType($0.text, in: view, index: index) != nil } == true)
                }
                match = open.indices.first { position in
                    open[position].initializer == nil || !open[(position + 1)...].contains { $0.initializer == nil }
                }.map { open[$0] }
            } else {
                match = nil
            }
            guard let match else { return .unknown }
            if match.attributes.contains(named: "ViewBuilder") { return .content }
            guard let type = match.type else { return .unknown }
            return closureRole(ofType: functionType(type.text, in: view, index: index) ?? type.text, genericNames: genericNames, index: index)
        }
        return parameterRole(
            of: scope, label: labelText, in: file, functions: initializers, owner: view, genericNames: genericNames, index: index,
            callbacksMustEscape: callbacksMustEscape)
    }

    /// The role of a closure passed to a method the project declares (`.card { … }` with
    /// `func card(@ViewBuilder content: () -> some View)` in `extension View`), from the
    /// parameter it binds to in every method of that name; unknown when none is declared, a
    /// parameter cannot be found or they disagree. Another module's method (`.watch(value:)
    /// { … }`) is unknown: when it runs the closure is not known.
    static func projectMethodRole(of scope: Scope, named name: String, label: Int?, in file: ParsedFile, index: ProjectIndex) -> ClosureRole {
        var roles: [ClosureRole] = []
        for owner in index.typesDeclaring(member: name) {
            guard let type = index.types[owner] else { continue }
            let methods = type.declarations.flatMap { declaration in
                declaration.decl.functions.filter { $0.kind == .function && $0.name == name }.map { (declaration.file, $0) }
            }
            guard !methods.isEmpty else { continue }
            // A callback that does not escape runs during the call, not later.
            roles.append(parameterRole(
                of: scope, label: label.map { file.text($0) }, in: file, functions: methods, owner: type,
                genericNames: genericParameterNames(of: type, index: index), index: index, callbacksMustEscape: true))
        }
        guard let first = roles.first, roles.allSatisfy({ $0 == first }) else { return .unknown }
        return first
    }

    /// The labels the call gives other arguments (in its parentheses, and labeled trailing
    /// closures after this one), which an unlabeled trailing closure does not bind to, and
    /// whether the closure is a trailing closure.
    private static func labelsAndTrailing(of scope: Scope, in file: ParsedFile) -> (labels: Set<String>, isTrailing: Bool) {
        var labels = Set<String>()
        if let arguments = scope.callArguments {
            for argument in file.argumentList(arguments) { if let label = argument.label { labels.insert(file.text(label)) } }
        }
        labels.formUnion(laterTrailingClosureLabels(after: scope, in: file))
        let before = file.kind(scope.range.lowerBound - 1)
        return (labels, before != .leftParen && before != .comma && before != .colon)
    }

    /// The role the parameter a closure binds to gives it, agreed by every candidate function:
    /// `@ViewBuilder` or returning a view is content, returning `Void` a callback.
    private static func parameterRole(
        of scope: Scope, label labelText: String?, in file: ParsedFile, functions: [(Int, FunctionDecl)], owner: TypeInfo,
        genericNames: Set<String>, index: ProjectIndex, callbacksMustEscape: Bool
    ) -> ClosureRole {
        let (givenLabels, isTrailing) = labelsAndTrailing(of: scope, in: file)
        var roles: [ClosureRole] = []
        for (fileIndex, function) in functions {
            let declFile = index.files[fileIndex]
            let parameter: Parameter?
            if let labelText {
                parameter = function.parameters.first { $0.label == labelText }
            } else if isTrailing {
                // Swift's forward scan (SE-0286): the first closure parameter not given in the
                // parentheses, skipping one with a default value while a later one needs an argument.
                let open = function.parameters.filter { parameter in
                    !(parameter.label.map(givenLabels.contains) ?? false)
                        && (hasViewBuilderAttribute(parameter, in: declFile)
                            || parameter.type.map { functionType($0.text, in: owner, index: index) != nil } == true)
                }
                parameter = open.indices.first { position in
                    open[position].defaultValue == nil || !open[(position + 1)...].contains { $0.defaultValue == nil }
                }.map { open[$0] }
            } else {
                parameter = function.parameters.first { $0.label == nil }
            }
            guard let parameter else { continue }
            if hasViewBuilderAttribute(parameter, in: declFile) {
                roles.append(.content)
            } else if let type = parameter.type {
                let names = genericNames.union(genericParameterNames(in: function.genericParameters, of: declFile))
                let role = closureRole(ofType: functionType(type.text, in: owner, index: index) ?? type.text, genericNames: names, index: index)
                let escapes = type.text.contains("@escaping") || type.text.hasSuffix("?")
                roles.append(callbacksMustEscape && role == .action && !escapes ? .unknown : role)
            } else {
                roles.append(.unknown)
            }
        }
        guard let first = roles.first, roles.allSatisfy({ $0 == first }) else { return .unknown }
        return first
    }

    /// `content` and `onTap` of `Card { … } content: { … } onTap: { … }` after the first
    /// closure: the labeled trailing closures that follow a closure bind to their labels.
    private static func laterTrailingClosureLabels(after scope: Scope, in file: ParsedFile) -> [String] {
        var labels: [String] = []
        var next = scope.range.upperBound
        while file.kind(next) == .identifier || file.kind(next) == .keyword, file.kind(next + 1) == .colon, file.kind(next + 2) == .leftBrace {
            labels.append(file.text(next))
            next = file.skipGroup(next + 2)
        }
        return labels
    }

    /// `@ViewBuilder content: () -> Content`: the attribute stands before the label.
    private static func hasViewBuilderAttribute(_ parameter: Parameter, in file: ParsedFile) -> Bool {
        var probe = parameter.nameToken - 1
        var steps = 0
        while probe >= 0, steps < 6 {
            if file.at(probe, "ViewBuilder"), file.kind(probe - 1) == .atSign { return true }
            if file.kind(probe) == .comma || file.kind(probe) == .leftParen { return false }
            probe -= 1
            steps += 1
        }
        return false
    }

    /// A parameter's type as a function type: as written (`() -> Void`, `(() -> Void)?`), or
    /// the one a type alias of the view or of the project names (`ScrollAction?` with
    /// `typealias ScrollAction = (CGPoint) -> Void`); nil for other types.
    private static func functionType(_ text: String, in view: TypeInfo, index: ProjectIndex) -> String? {
        if text.contains("->") { return text }
        var name = Substring(text.filter { !$0.isWhitespace })
        while name.hasSuffix("?") || name.hasSuffix("!") { name = name.dropLast() }
        guard let alias = index.typeAliases[view.name + "." + name] ?? index.typeAliases[String(name)], alias.contains("->")
        else { return nil }
        return alias
    }

    /// Content when a function type returns a view (`some View`, `AnyView`, `Content`, a
    /// view generic parameter), action when it returns `Void` or is `async`.
    static func closureRole(ofType text: String, genericNames: Set<String>, index: ProjectIndex) -> ClosureRole {
        guard let arrow = text.range(of: "->", options: .backwards) else { return .unknown }
        var result = String(text[arrow.upperBound...]).filter { !$0.isWhitespace }
        while result.hasSuffix(")?") || result.hasSuffix(")!") || result.hasSuffix(")") {
            result.removeLast(result.hasSuffix(")") ? 1 : 2)
        }
        let before = text[..<arrow.lowerBound]
        if before.contains("async") { return .action }
        if result == "Void" || result == "()" || result.isEmpty { return .action }
        if result.contains("View") || genericNames.contains(result) || index.type(named: result)?.isView == true { return .content }
        return .unknown
    }

    /// The generic parameter names of a view (`Content` in `struct Card<Content: View>`).
    private static func genericParameterNames(of view: TypeInfo, index: ProjectIndex) -> Set<String> {
        guard let primary = view.declarations.first else { return [] }
        return genericParameterNames(in: primary.decl.genericParameters, of: index.files[primary.file])
    }

    /// The names a generic parameter clause (`<Content: View, Label>`) declares.
    private static func genericParameterNames(in range: Range<Int>?, of file: ParsedFile) -> Set<String> {
        guard let range else { return [] }
        var names = Set<String>()
        for token in range where file.kind(token) == .identifier {
            if file.kind(token - 1) == .leftAngle || file.kind(token - 1) == .comma { names.insert(file.text(token)) }
        }
        return names
    }
}

/// Whether tokens of one body run while the body is evaluated: every closure around a
/// token is content (blocks run with what encloses them), unknown closures count as
/// `unknown`. The body's scopes are found on the first question, and each scope's role
/// (with those around it) is worked out once: a body's passes ask about many tokens.
public struct RenderRoles {
    private let body: Range<Int>
    private let file: ParsedFile
    private let index: ProjectIndex
    private var scopes: BodyScopes?
    /// Per scope: its role combined with its enclosing scopes' (nil: not asked yet).
    private var combined: [ClosureRole?] = []
    /// Whether a closure of another module's initializer that builds a view counts as
    /// content (`ViewCode.isViewBuildingClosure`): for a question of what runs again with
    /// the body, not of what the body reads.
    private let viewBuildingClosuresAreContent: Bool

    public init(body: Range<Int>, file: ParsedFile, index: ProjectIndex, viewBuildingClosuresAreContent: Bool = false) {
        self.body = body
        self.file = file
        self.index = index
        self.viewBuildingClosuresAreContent = viewBuildingClosuresAreContent
    }

    /// `.action` when a closure around `token` runs later; else `.unknown` when one cannot be
    /// classified; else `.content`.
    public mutating func role(of token: Int) -> ClosureRole {
        if scopes == nil {
            let found = index.scopes(in: body, of: file)
            scopes = found
            combined = Array(repeating: nil, count: found.scopes.count)
        }
        guard let innermost = scopes!.innermostIndex(containing: token) else { return .content }
        return combinedRole(innermost)
    }

    private mutating func combinedRole(_ position: Int) -> ClosureRole {
        if let known = combined[position] { return known }
        let scope = scopes!.scopes[position]
        var result = ViewCode.role(of: scope, in: file, index: index)
        if result == .unknown, viewBuildingClosuresAreContent, ViewCode.isViewBuildingClosure(scope, in: file, index: index) {
            result = .content
        }
        if result != .action, let parent = scope.parent {
            let outer = combinedRole(parent)
            if outer != .content { result = outer }
        }
        combined[position] = result
        return result
    }
}
