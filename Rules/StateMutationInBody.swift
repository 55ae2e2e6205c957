import ObservationLintCore
import ObservationSyntax

public struct StateMutationInBody: Rule {
    public static let description = RuleDescription(
        id: "state_mutation_in_body",
        name: "State mutation in body",
        category: .viewUpdates,
        group: .correctness,
        summary: "A view changes its `@State`, a `@Binding`, its focus state or an observed model's state while `body` is evaluated.",
        rationale: """
            `body` must only describe the view. Assigning a `@State` or `@Binding` property, a \
            `@FocusState` or `@AccessibilityFocusState` (state SwiftUI keeps for the view, like \
            `@State`), or a tracked property of an observed model (`@Published`, or any stored property of an \
            `@Observable` class), while SwiftUI evaluates `body` — at its top level or inside \
            view-builder content (`VStack { }`, `ForEach`, `GeometryReader`, a sheet's content) — \
            changes the very state the update is reading. SwiftUI reports "Modifying state \
            during view update, this will cause undefined behavior" (or "Publishing changes from \
            within view updates is not allowed"), the change may be lost, and the view can \
            re-render in a loop. A SwiftUI control's callbacks run later, wherever they stand \
            (`TextField("Name", text: $t) { commit() }` is `onCommit`, `Menu`'s `primaryAction`, \
            a `Stepper`'s `onEditingChanged`); closures of another module's initializers are not \
            judged, since when they run is unknown.
            """,
        fix: """
            Change state in response to events: in an action closure (a button's action, \
            `.onAppear`, `.task`, `.onChange(of:)`, `.onReceive`, `.onGeometryChange`), or derive \
            the value in a computed property instead of storing it.
            """,
        triggeringExamples: [
            """
            struct Counter: View {
                @State private var renders = 0
                var body: some View {
                    ↓renders += 1
                    return Text("Rendered \\(renders) times")
                }
            }
            """,
            """
            struct SizeReader: View {
                @State private var width: CGFloat = 0
                var body: some View {
                    GeometryReader { proxy in
                        ↓self.width = proxy.size.width
                        return Color.clear
                    }
                }
            }
            """,
            """
            final class Inbox: ObservableObject { @Published var unread = 0 }
            struct InboxList: View {
                @ObservedObject var inbox: Inbox
                let messages: [String]
                var body: some View {
                    List {
                        ForEach(messages, id: \\.self) { message in
                            Text(message)
                            let _ = ↓inbox.unread = messages.count
                        }
                    }
                }
            }
            """,
            """
            @Observable final class Tabs { var visited: [String] = [] }
            struct TabScreen: View {
                @Environment(Tabs.self) private var tabs
                let title: String
                var body: some View {
                    VStack {
                        let _ = ↓tabs.visited.append(title)
                        Text(title)
                    }
                }
            }
            """,
            """
            struct Toggler: View {
                @Binding var isOn: Bool
                var body: some View {
                    content
                }
                @ViewBuilder private var content: some View {
                    if isOn { let _ = ↓isOn.toggle() }
                    Text("On")
                }
            }
            """,
            """
            struct MuteToggle: View {
                @State private var isMuted = false
                @State private var labelWidth: CGFloat = 0
                var body: some View {
                    Toggle(isOn: $isMuted) {
                        GeometryReader { proxy in
                            let _ = ↓labelWidth = proxy.size.width
                            Text("Mute")
                        }
                    }
                }
            }
            """,
            """
            struct MessageField: View {
                @Binding var text: String
                let error: String?
                @AccessibilityFocusState private var errorFocused: Bool
                var body: some View {
                    ↓errorFocused = error != nil
                    return VStack {
                        TextField("Message", text: $text)
                        if let error { Text(error).accessibilityFocused($errorFocused) }
                    }
                }
            }
            """,
            """
            struct LoginForm: View {
                enum Field { case name, password }
                @FocusState private var focus: Field?
                @State private var name = ""
                var body: some View {
                    Form {
                        let _ = ↓focus = name.isEmpty ? .name : .password
                        TextField("Name", text: $name).focused($focus, equals: .name)
                    }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            struct MessageField: View {
                @Binding var text: String
                let error: String?
                @AccessibilityFocusState private var errorFocused: Bool
                @FocusState private var fieldFocused: Bool
                var body: some View {
                    VStack {
                        TextField("Message", text: $text).focused($fieldFocused)
                        if let error { Text(error).accessibilityFocused($errorFocused) }
                    }
                    .onAppear { fieldFocused = true }
                    .onChange(of: error) { _, new in errorFocused = new != nil }
                }
            }
            """,
            """
            extension Binding {
                func didSet(_ action: @escaping (Value) -> Void) -> Self {
                    Binding(get: { wrappedValue }, set: { wrappedValue = $0; action($0) })
                }
            }
            struct ReloadInterval: View {
                @State private var minutes = 1.0
                @FocusState private var isFieldFocused: Bool
                var body: some View {
                    Stepper("Minutes", value: $minutes.didSet { _ in isFieldFocused = false }, in: 1...60)
                }
            }
            """,
            """
            struct ChannelSheet: View {
                @Binding var isPresented: Bool
                var body: some View {
                    List {
                        row(title: "Mesh") { isPresented = false }
                    }
                }
                private func row(
                    title: String, @ViewBuilder accessory: () -> some View = { EmptyView() }, action: @escaping () -> Void
                ) -> some View {
                    HStack { Text(title); accessory() }.onTapGesture(perform: action)
                }
            }
            """,
            """
            struct Search: View {
                @State private var query = ""
                @State private var submitted = 0
                @State private var step = 1
                var body: some View {
                    TextField("Search", text: $query) { submitted += 1 }
                    Stepper("Step", value: $step) { editing in if !editing { submitted = 0 } }
                    Menu("Sort") { Text("By name") } primaryAction: { step = 1 }
                        .alert("Reset?", isPresented: .constant(false)) { Button("Reset") { step = 0 } }
                }
            }
            """,
            """
            import CarouselKit
            struct Gallery: View {
                @State private var shown = 0
                let photos: [String]
                var body: some View {
                    Carousel(photos) { let _ = shown = photos.count }
                }
            }
            """,
            """
            struct Counter: View {
                @State private var count = 0
                var body: some View {
                    Button("Add") { count += 1 }
                        .onAppear { count = 0 }
                        .task { count = 1 }
                        .onChange(of: count) { _, new in count = min(new, 10) }
                        .onTapGesture { count.toggle() }
                }
            }
            """,
            """
            final class Inbox: ObservableObject { @Published var unread = 0 }
            struct InboxView: View {
                @ObservedObject var inbox: Inbox
                @State private var query = ""
                var body: some View {
                    List { Text("\\(inbox.unread)") }
                        .onReceive(NotificationCenter.default.publisher(for: .init("x"))) { _ in inbox.unread = 0 }
                        .onSubmit { query = "" }
                        .refreshable { inbox.unread = 0 }
                        .onAppear { Task { inbox.unread += 1 } }
                }
            }
            """,
            """
            struct Filter: View {
                @State private var isOn = false
                var body: some View {
                    Toggle("On", isOn: Binding(get: { isOn }, set: { isOn = $0 }))
                    Button {
                        isOn.toggle()
                    } label: {
                        Text(isOn ? "On" : "Off")
                    }
                }
            }
            """,
            """
            struct Summary: View {
                let items: [Int]
                @State private var total = 0
                var body: some View {
                    var total = 0
                    for item in items { total += item }
                    return Text("\\(total)")
                }
            }
            """,
            """
            struct Sheet: View {
                @State private var isShown = false
                @State private var dismissals = 0
                var body: some View {
                    Text("Hi")
                        .sheet(isPresented: $isShown, onDismiss: { dismissals += 1 }) {
                            Text("Sheet")
                        }
                }
            }
            """,
            """
            final class ImageCache { var images: [String: Int] = [:] }
            struct Gallery: View {
                @State private var cache = ImageCache()
                var body: some View {
                    let _ = cache.images.removeAll()
                    Text("Gallery")
                }
            }
            """,
            """
            struct Row: View {
                let onSelect: () -> Void
                var body: some View { Text("Row").onTapGesture(perform: onSelect) }
            }
            struct Rows: View {
                @State private var selected = 0
                var body: some View {
                    Row { selected = 1 }
                    Row(onSelect: { selected = 2 })
                }
            }
            """,
        ])

    public init() {}

    private static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "toggle", "sort",
        "reverse", "shuffle", "popLast", "merge", "formUnion", "formIntersection", "subtract",
        "formSymmetricDifference", "updateValue", "removeValue", "replaceSubrange", "swapAt", "move",
    ]

    /// `mutatingMethods` looked up on a token's bytes (most member names, `frame`,
    /// `onAppear`, are ruled out before a `String` is made).
    private static let mutatingMethodNames = NameTable(mutatingMethods)

    private struct Site {
        let file: Int
        let token: Int
    }

    /// A value type a state holds, with its declared shape when known (a literal's is not).
    private struct HeldValue {
        let shape: TypeShape?
        let scope: String
    }

    private enum Root {
        /// `@State` or `@Binding`; `model` when it holds a project model class.
        /// `holdsValue`: the value is certainly a value type, so changing a member or
        /// calling a mutating method changes the state itself.
        case state(wrapper: String, model: TypeInfo?, holdsValue: HeldValue?, declaration: Site)
        /// A reference to an observable or ObservableObject model.
        case model(wrapper: String?, model: TypeInfo, declaration: Site)
    }

    public func check(_ context: inout RuleContext) {
        let index = context.index
        let file = context.file
        for (decl, type) in index.typeDeclarations(in: context.fileIndex)
        where RenderingCode.isRendering(type) && !RenderingCode.isPreviewCode(type, index: index) {
            // Each name's root is worked out when a body first changes the name: most bodies
            // change nothing, and the others few of the view's properties.
            var knownRoots: [String: Root?] = [:]
            func root(named name: String) -> Root? {
                if let known = knownRoots[name] { return known }
                let root = trackedRoot(named: name, of: type, index: index)
                knownRoots.updateValue(root, forKey: name)
                return root
            }
            for body in RenderingCode.bodies(in: decl, file: context.fileIndex, of: type) {
                let assignments = file.assignments(in: body.range)
                var mutatingCalls: [MemberChain] = []
                if mayCallMutatingMethod(in: body.range, file: file) {
                    mutatingCalls = file.memberChains(in: body.range).filter { chain in
                        chain.names.count >= 2 && file.isCalled(chain) && Self.mutatingMethods.contains(file.text(chain.last))
                    }
                }
                guard !assignments.isEmpty || !mutatingCalls.isEmpty else { continue }
                // Locals and parameters that hide a tracked name: found when a chain needs them.
                var hidden: Set<String>?
                var roles = RenderRoles(body: body.range, file: file, index: index)
                var reported = Set<Int>()
                // A change of `chain`, which runs while `body` is evaluated.
                func consider(_ chain: MemberChain, path: [String], replacesWhole: Bool, isCall: Bool) {
                    guard let rootName = path.first, let root = root(named: rootName), !reported.contains(chain.root) else { return }
                    if hidden == nil { hidden = file.localNames(in: body.range).union(body.parameters.map(\.name)) }
                    guard !hidden!.contains(rootName),
                        let what = mutated(root, path: path, replacesWhole: replacesWhole, isCall: isCall, index: index)
                    else { return }
                    reported.insert(chain.root)
                    var subject = what.subject
                    if what.isModelMember {
                        // As written: `session.items[0].done`.
                        let end = isCall ? chain.names[chain.names.count - 2] + 1 : chain.end
                        var text = file.text(chain.root..<end).filter { !$0.isWhitespace }
                        if text.hasPrefix("self.") { text.removeFirst(5) }
                        subject = "`\(text)`"
                    }
                    context.report(
                        "\(subject) is changed while `body` is evaluated: \(what.consequence)",
                        at: chain.root..<chain.root + 1,
                        notes: [context.note(what.note, at: what.site.token..<what.site.token + 1, in: what.site.file)],
                        help: "change it in an action (`.onAppear`, `.task`, `.onChange(of:)`, a button's action), or compute the value instead of storing it")
                }
                // Most changes are in action closures: the role rules them out before their
                // roots, locals and mutations are worked out.
                for assignment in assignments
                where roles.role(of: assignment.target.root) == .content && root(named: file.rootName(of: assignment.target)) != nil {
                    let path = file.path(of: assignment.target)
                    consider(assignment.target, path: path, replacesWhole: path.count == 1, isCall: false)
                }
                for chain in mutatingCalls where roles.role(of: chain.root) == .content && root(named: file.rootName(of: chain)) != nil {
                    consider(chain, path: Array(file.path(of: chain).dropLast()), replacesWhole: false, isCall: true)
                }
            }
        }
    }

    /// Whether a mutating method may be called on a member in `range`: one of its names after
    /// a `.` and before `(` or `{`. Most bodies call none, and this scan costs far less than
    /// building every member chain of the body.
    private func mayCallMutatingMethod(in range: Range<Int>, file: ParsedFile) -> Bool {
        file.source.bytes.withUnsafeBufferPointer { bytes in
            range.contains { token in
                let next = file.kind(token + 1)
                guard next == .leftParen || next == .leftBrace, file.kind(token - 1) == .period else { return false }
                return Self.mutatingMethodNames.position(of: file.tokens[token], in: bytes) != nil
            }
        }
    }

    /// The view's property `name` when its changes during `body` are bugs (the last such
    /// declaration of the name).
    private func trackedRoot(named name: String, of view: TypeInfo, index: ProjectIndex) -> Root? {
        var root: Root?
        for declaration in view.declarations {
            for property in declaration.decl.properties
            where property.name == name && property.isStored && !property.modifiers.contains("static") {
                if let tracked = trackedRoot(property, in: declaration.file, of: view, index: index) { root = tracked }
            }
        }
        return root
    }

    private func trackedRoot(_ property: Property, in fileIndex: Int, of view: TypeInfo, index: ProjectIndex) -> Root? {
        let file = index.files[fileIndex]
        let wrapper = property.attributes.first { $0.simpleName.startsWithUppercase }.map { String($0.simpleName) }
        if let wrapper, index.types[wrapper]?.kind != nil { return nil }  // the project's own wrapper
        var model: TypeInfo?
        if let shape = index.declaredShape(of: property, in: file, scope: view.name), let name = shape.directName,
            let info = index.type(named: name, from: view.name), RenderingCode.isModel(info)
        {
            model = info
        }
        switch wrapper {
        case "State", "Binding", "FocusState", "AccessibilityFocusState":
            return .state(
                wrapper: wrapper!, model: model, holdsValue: holdsValue(property, in: file, scope: view.name, index: index),
                declaration: Site(file: fileIndex, token: property.nameToken))
        case "ObservedObject", "StateObject", "EnvironmentObject", "Bindable", "Environment", nil:
            return model.map { .model(wrapper: wrapper, model: $0, declaration: Site(file: fileIndex, token: property.nameToken)) }
        default:
            return nil
        }
    }

    /// The value type a state property certainly holds: its declared type (`Int`, `[Item]`,
    /// a project struct), a literal (`0`, `""`, `[]`, `false`), or a known value type's
    /// initializer (`Date()`). Nil when it may hold a class.
    private func holdsValue(_ property: Property, in file: ParsedFile, scope: String, index: ProjectIndex) -> HeldValue? {
        if let shape = index.declaredShape(of: property, in: file, scope: scope) {
            return index.modelKind(of: shape, from: scope) == .valueType ? HeldValue(shape: shape, scope: scope) : nil
        }
        guard let initializer = property.initializer, let first = initializer.first else { return nil }
        let literal = HeldValue(shape: nil, scope: scope)
        switch file.kind(first) {
        case .integerLiteral, .floatLiteral, .stringQuote, .multilineStringQuote, .rawStringDelimiter, .leftSquare:
            return literal
        case .keyword:
            return file.at(first, "true") || file.at(first, "false") ? literal : nil
        case .prefixOperator:
            return file.kind(first + 1) == .integerLiteral || file.kind(first + 1) == .floatLiteral ? literal : nil
        case .identifier:
            guard let call = file.call(at: first, limit: initializer.upperBound), call.arguments?.upperBound == initializer.upperBound,
                index.modelKind(of: file.text(first), from: scope) == .valueType
            else { return nil }
            return HeldValue(shape: .named(file.text(first), []), scope: scope)
        default:
            return nil
        }
    }

    private struct Mutation {
        let subject: String
        let consequence: String
        /// What to point a note at: the state property, or the model's property.
        let note: String
        let site: Site
        var isModelMember = false
    }

    /// What a change of `path` (`["count"]`, `["model", "items"]`) changes, when it is a
    /// change SwiftUI observes. `replacesWhole`: an assignment to the root itself;
    /// otherwise an assignment to a member or a mutating method call (`isCall`).
    private func mutated(_ root: Root, path: [String], replacesWhole: Bool, isCall: Bool, index: ProjectIndex) -> Mutation? {
        switch root {
        case .state(let wrapper, let model, let holdsValue, let declaration):
            if path.count >= 2, let model {
                return memberMutation(of: model, path: path, isCall: isCall, index: index)
            }
            // A member or a mutating method of a class held in the state changes the object,
            // not the state.
            guard replacesWhole || holdsValue.map({ changesValue(of: $0.shape, scope: $0.scope, members: path.dropFirst(), isCall: isCall, index: index) }) == true
            else { return nil }
            let consequence =
                switch wrapper {
                case "Binding":
                    "this changes the parent's state in the middle of an update (\"Modifying state during view update, this will cause undefined behavior\"), and the views can re-render in a loop"
                case "FocusState", "AccessibilityFocusState":
                    "SwiftUI warns \"Modifying state during view update, this will cause undefined behavior\", and the focus change may not take effect"
                default:
                    "SwiftUI warns \"Modifying state during view update, this will cause undefined behavior\", and the view can re-render in a loop"
                }
            return Mutation(
                subject: "`\(path[0])` (`@\(wrapper)`)", consequence: consequence, note: "`\(path[0])` is declared here",
                site: declaration)
        case .model(_, let model, _):
            guard path.count >= 2 else { return nil }
            return memberMutation(of: model, path: path, isCall: isCall, index: index)
        }
    }

    /// Whether changing `members` inside a value of type `shape` changes the value itself:
    /// the members it goes through are stored properties holding value types (through a
    /// class reference, the change is the object's, not the value's). A mutating method
    /// must be called on a value too. Unknown types: no.
    private func changesValue(
        of shape: TypeShape?, scope: String, members: ArraySlice<String>, isCall: Bool, index: ProjectIndex
    ) -> Bool {
        guard let first = members.first else { return true }
        if members.count == 1, !isCall { return true }  // assigning a member of a value
        guard let owner = shape.flatMap(elementName).flatMap({ index.type(named: $0, from: scope) }), owner.isValueType,
            let (fileIndex, property) = owner.property(named: first), property.isStored,
            let memberShape = index.declaredShape(of: property, in: index.files[fileIndex], scope: owner.name),
            index.modelKind(of: memberShape, from: owner.name) == .valueType
        else { return false }
        return changesValue(of: memberShape, scope: owner.name, members: members.dropFirst(), isCall: isCall, index: index)
    }

    /// The named type a shape holds, through optionals and collections (`items[0].done`
    /// reads an element).
    private func elementName(_ shape: TypeShape) -> String? {
        switch shape {
        case .named(let name, _): name
        case .optional(let wrapped), .array(let wrapped), .set(let wrapped): elementName(wrapped)
        case .dictionary(_, let value): elementName(value)
        case .other: nil
        }
    }

    /// A stored property of a class or its project superclasses.
    private func storedMember(_ name: String, of type: TypeInfo, index: ProjectIndex) -> (file: Int, property: Property)? {
        for owner in index.typeAndAncestors(of: type) {
            if let found = owner.property(named: name) { return found }
        }
        return nil
    }

    /// A change through a model reference (`path[0]`): of a tracked member (`path[1]`), of a
    /// value inside it, or, through a member holding another model, of that model's member.
    private func memberMutation(of model: TypeInfo, path: [String], isCall: Bool, index: ProjectIndex) -> Mutation? {
        let member = path[1]
        guard let (fileIndex, property) = storedMember(member, of: model, index: index),
            property.isStored, !property.modifiers.contains("static")
        else { return nil }
        let shape = index.declaredShape(of: property, in: index.files[fileIndex], scope: model.name)
        let kind = shape.map { index.modelKind(of: $0, from: model.name) } ?? .unknown
        let deeper = path.count > 2 || isCall
        if deeper, kind != .valueType {
            // Through a reference: the change belongs to the object the member holds.
            guard path.count > 2, let held = shape.flatMap(elementName).flatMap({ index.type(named: $0, from: model.name) }),
                RenderingCode.isModel(held)
            else { return nil }
            return memberMutation(of: held, path: Array(path.dropFirst()), isCall: isCall, index: index)
                .map {
                    Mutation(
                        subject: "`\(path.joined(separator: "."))`", consequence: $0.consequence, note: $0.note, site: $0.site,
                        isModelMember: true)
                }
        }
        if deeper, !changesValue(of: shape, scope: model.name, members: path.dropFirst(2), isCall: isCall, index: index) {
            return nil
        }
        guard !property.isLet else { return nil }
        let site = Site(file: fileIndex, token: property.nameToken)
        let published = property.attributes.contains(named: "Published")
        let tracked = model.isObservable && !property.isObservationIgnored
            && !property.attributes.contains { $0.simpleName.startsWithUppercase && $0.simpleName != "ObservationTracked" && $0.simpleName != "PerceptionTracked" }
        let subject = "`\(path.joined(separator: "."))`"
        if model.isObservableObject, published {
            return Mutation(
                subject: subject,
                consequence: "`\(model.name).\(member)` is `@Published`, so SwiftUI warns \"Publishing changes from within view updates is not allowed, this will cause undefined behavior\"",
                note: "`\(member)` is declared here", site: site, isModelMember: true)
        }
        if tracked {
            return Mutation(
                subject: subject,
                consequence: "`\(model.name)` is `@Observable`, so this invalidates the views that read it during the update, and they can re-render in a loop",
                note: "`\(member)` is declared here", site: site, isModelMember: true)
        }
        return nil
    }
}
