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
        "listRowBackground", "tabItem", "ViewBuilder",
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
        "onLongTouchGesture", "backgroundTask", "onKeyboardShortcut",
    ]

    /// Argument labels of closures that run later.
    static let actionLabels: Set<String> = [
        "action", "perform", "onCommit", "onEditingChanged", "onDismiss", "completion",
        "completionHandler", "handler", "onCompletion", "onChange", "primaryAction", "onTap",
        "receiveValue", "receiveCompletion", "then", "execute",
    ]

    /// Argument labels of closures that build content.
    static let contentLabels: Set<String> = [
        "content", "label", "destination", "header", "footer", "placeholder", "actions",
        "message", "icon", "title", "background", "overlay", "sidebar", "detail", "currentValueLabel",
        "minimumValueLabel", "maximumValueLabel", "preview", "tab",
    ]

    /// The role of a closure scope. A capitalized callee that is a view of the project is
    /// a container whose closures build content.
    public static func role(of scope: Scope, in file: ParsedFile, index: ProjectIndex) -> ClosureRole {
        guard case .closure(let callee, let label) = scope.kind else { return .content }
        if let label {
            let name = file.text(label)
            if actionLabels.contains(name) { return .action }
            if contentLabels.contains(name) { return .content }
        }
        guard let callee else { return .unknown }
        let name = file.text(callee)
        if name == "Button" {
            // `Button("Save") { action }` vs `Button(action: save) { label }`.
            if label == nil, let arguments = scope.callArguments, file.argument("action", in: arguments) == nil {
                return .action
            }
            return .content
        }
        if actionCallees.contains(name) { return .action }
        if contentCallees.contains(name) { return .content }
        if index.type(named: name)?.isView == true { return .content }
        return .unknown
    }

    /// Whether `token` runs while the body is evaluated: every closure around it is
    /// content (blocks run with what encloses them). Unknown closures count as `unknown`.
    public static func renderRole(of token: Int, scopes: BodyScopes, file: ParsedFile, index: ProjectIndex) -> ClosureRole {
        var result = ClosureRole.content
        for scope in scopes.enclosing(token) {
            switch role(of: scope, in: file, index: index) {
            case .content: continue
            case .action: return .action
            case .unknown: result = .unknown
            }
        }
        return result
    }

    /// A view's code that runs while `body` is evaluated: `body`, other computed
    /// properties, and functions that build views (`@ViewBuilder`, returning `some View`).
    public static func renderingBodies(of view: TypeInfo) -> [(file: Int, body: Range<Int>)] {
        var result: [(file: Int, body: Range<Int>)] = []
        for declaration in view.declarations {
            for property in declaration.decl.properties where property.isComputed {
                for accessor in property.accessors where accessor.kind == .get {
                    if let body = accessor.body { result.append((declaration.file, body)) }
                }
            }
            for function in declaration.decl.functions where function.kind == .function {
                let buildsViews = function.attributes.contains(named: "ViewBuilder")
                    || function.returnType.map { $0.text.hasPrefix("some View") || $0.text == "AnyView" } == true
                if buildsViews, let body = function.body { result.append((declaration.file, body)) }
            }
        }
        return result
    }
}
