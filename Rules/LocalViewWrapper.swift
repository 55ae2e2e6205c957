import ObservationLintCore
import ObservationSyntax

public struct LocalViewWrapper: Rule {
    public static let description = RuleDescription(
        id: "local_view_wrapper",
        name: "View state wrapper on a local variable",
        category: .ownership,
        group: .correctness,
        summary: "`@State`, `@FocusState`, `@GestureState`, `@SceneStorage`, `@Environment` or `@EnvironmentObject` on a local variable, which SwiftUI never installs.",
        rationale: """
            Swift accepts property wrappers on local variables (since Swift 5.4), and a view \
            builder closure may declare them, so `@State var status = …` inside `body`, a \
            `VStack { }` or a helper function compiles. But SwiftUI gives `@State`, \
            `@FocusState`, `@GestureState` and `@SceneStorage` their storage, and \
            `@Environment`/`@EnvironmentObject` their values, only when it installs them as \
            stored properties of a view (or of a `DynamicProperty` it manages). A local one is \
            never installed: each evaluation of the code makes a new one, a write to it (in a \
            `.task`, a button's action, through `$name` handed to a control) is dropped with the \
            run-time warning "Accessing State's value outside of being installed on a View", \
            and every read returns the initial value; a local `@Environment` reads the default \
            value (an `openURL` or `dismiss` bound to nothing), a local `@EnvironmentObject` \
            stops the app when read. Reported by default with the witness, cited in notes: a \
            read of the variable and a write to it (an assignment, a mutating call, or `$name` \
            given to a control, which reads and writes through it); for the environment \
            wrappers, a read. \
            `@Previewable` variables in `#Preview` are installed by the macro, and preview code \
            never runs in the app: neither is reported.
            """,
        fix: """
            Declare it as a stored property of the view (`@State private var status = …`), or \
            in a small child view that owns it; a value that only depends on the inputs can be \
            a plain `let`.
            """,
        triggeringExamples: [
            """
            struct SyncBadge: View {
                let load: () async -> String
                var body: some View {
                    VStack {
                        @State var ↓status = "offline"
                        Text(status)
                            .task { status = await load() }
                    }
                }
            }
            """,
            """
            struct NameField: View {
                var body: some View {
                    @State var ↓name = ""
                    TextField("Name", text: $name)
                }
            }
            """,
            """
            struct Counter: View {
                var body: some View { content() }
                @ViewBuilder private func content() -> some View {
                    @State var ↓count = 0
                    Button("Tapped \\(count) times") { count += 1 }
                }
            }
            """,
            """
            struct LoginForm: View {
                var body: some View {
                    Form {
                        @FocusState var ↓focused: Bool
                        @SwiftUI.State var ↓remember = false
                        TextField("User", text: .constant("")).focused($focused)
                        Toggle("Remember me", isOn: $remember)
                        Button("Next") { focused = true }
                    }
                }
            }
            """,
            """
            struct Panel: View {
                var body: some View {
                    List {
                        @State var ↓expanded = false
                        DisclosureGroup("More", isExpanded: $expanded) { Text("…") }
                        Button(expanded ? "Collapse" : "Expand") { expanded.toggle() }
                    }
                }
            }
            """,
            """
            struct CloseButton: View {
                var body: some View {
                    @Environment(\\.dismiss) var ↓dismiss
                    Button("Close") { dismiss() }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // Never read.
            """
            struct CloseButton: View {
                var body: some View {
                    @Environment(\\.dismiss) var dismiss
                    Text("Close")
                }
            }
            """,
            """
            struct SyncBadge: View {
                @State private var status = "offline"
                let load: () async -> String
                var body: some View {
                    Text(status).task { status = await load() }
                }
            }
            """,
            // Installed by the `#Preview` macro.
            """
            #Preview {
                @Previewable @State var name = ""
                TextField("Name", text: $name)
            }
            """,
            // Nothing writes it: it always shows what it was initialized with.
            """
            struct Title: View {
                var body: some View {
                    @State var title = "Inbox"
                    Text(title)
                }
            }
            """,
            // A binding needs no installation.
            """
            struct Row: View {
                @Binding var value: Int
                var body: some View {
                    @Binding var shown: Int
                    _shown = $value
                    return Stepper("\\(shown)", value: $shown)
                }
            }
            """,
            // A view declared inside a function: its `@State` is a stored property.
            """
            func makeCounter() -> some View {
                struct Counter: View {
                    @State var count = 0
                    var body: some View { Button("\\(count)") { count += 1 } }
                }
                return Counter()
            }
            """,
            // The closure's parameter of the same name is another value.
            """
            struct Names: View {
                let names: [String]
                var body: some View {
                    VStack {
                        @State var name = "All"
                        Text(name)
                        ForEach(names, id: \\.self) { name in
                            Button(name) { print(name) }
                        }
                    }
                }
            }
            """,
            """
            struct Names_Previews: PreviewProvider {
                static var previews: some View {
                    @State var name = ""
                    return TextField("Name", text: $name)
                }
            }
            """,
        ])

    public init() {}

    /// Wrappers whose storage SwiftUI provides only when it installs them on a view.
    static let installedWrappers: Set<Substring> = [
        "State", "FocusState", "GestureState", "SceneStorage", "Environment", "EnvironmentObject",
    ]
    /// Wrappers that read what SwiftUI puts into the view's environment.
    static let environmentWrappers: Set<Substring> = ["Environment", "EnvironmentObject"]

    public func check(_ context: inout RuleContext) {
        let file = context.file
        // Cheap test first: most files declare no wrapper of these at all.
        guard file.source.contains("State") || file.source.contains("SceneStorage") || file.source.contains("Environment") else { return }
        var bodies: [Range<Int>] = file.functions.compactMap(\.body)
        for (decl, info) in context.index.typeDeclarations(in: context.fileIndex) where !RenderingCode.isPreviewCode(info, index: context.index) {
            bodies += decl.functions.compactMap(\.body)
            for property in decl.properties { bodies += property.accessors.compactMap(\.body) }
        }
        for property in file.properties { bodies += property.accessors.compactMap(\.body) }
        for body in bodies { check(body, context: &context) }
    }

    private func check(_ body: Range<Int>, context: inout RuleContext) {
        let file = context.file
        var token = body.lowerBound
        while token < body.upperBound {
            guard file.kind(token) == .atSign else { token += 1; continue }
            // The run of attributes before `var`: `@Previewable @State var x`.
            var attributes: [Attribute] = []
            var next = token
            while next < body.upperBound, file.kind(next) == .atSign {
                let attribute = file.parseAttribute(at: next, end: body.upperBound)
                attributes.append(attribute)
                next = max(attribute.tokens.upperBound, next + 1)
            }
            defer { token = next }
            guard file.at(next, "var") || file.at(next, "let"), file.kind(next + 1) == .identifier,
                let wrapper = attributes.first(where: { Self.installedWrappers.contains($0.simpleName) }),
                !attributes.contains(where: { $0.simpleName == "Previewable" }),
                let block = enclosingBlock(of: token, in: body, file: file), !isTypeMemberList(block, file: file)
            else { continue }
            let name = next + 1
            let uses = LocalUses(of: name, in: block, file: file)
            let text = file.text(name)
            let notes: [DiagnosticNote]
            // The attribute as written (`@Environment(\.dismiss)`), so the advice compiles.
            let attribute = file.text(wrapper.tokens)
            var consequence = wrapper.simpleName == "State"
                ? "its writes are dropped (\"Accessing State's value outside of being installed on a View\") and reads return the initial value"
                : "its writes are dropped and reads return the initial value"
            if Self.environmentWrappers.contains(wrapper.simpleName) {
                // Nothing to write: the read itself goes wrong.
                guard let read = uses.reads.first else { continue }
                consequence = wrapper.simpleName == "Environment"
                    ? "it reads the default value, not the view's environment (\"Accessing Environment's value outside of being installed on a View\")"
                    : "no object is ever injected into it and reading it stops the app (\"No ObservableObject of type … found\")"
                notes = [context.note("`\(text)` is read here", at: read..<read + 1)]
            } else if let read = uses.reads.first, let write = uses.writes.first {
                let writeMessage = file.kind(write) == .dollarIdentifier
                    ? "`$\(text)` hands out a binding here: what is written through it is dropped"
                    : "`\(text)` is written here: SwiftUI drops the write"
                notes = [(read, "`\(text)` is read here: it keeps its initial value"), (write, writeMessage)]
                    .sorted { $0.0 < $1.0 }
                    .map { context.note($0.1, at: $0.0..<$0.0 + 1) }
            } else if let binding = uses.writes.first(where: { file.kind($0) == .dollarIdentifier }) {
                // The control both reads and writes through the binding.
                notes = [context.note(
                    "`$\(text)` hands out a binding here: what it reads stays the initial value, what is written through it is dropped",
                    at: binding..<binding + 1)]
            } else {
                continue
            }
            context.report(
                "`\(attribute) var \(text)` is a local variable, which SwiftUI never installs on a view: \(consequence)",
                at: name..<name + 1,
                notes: notes,
                help: "declare `\(attribute) private var \(text)` as a stored property of the view, or move it into a child view that owns it")
        }
    }

    /// The braces of the innermost block around `token` (its `{` and `}` included).
    private func enclosingBlock(of token: Int, in body: Range<Int>, file: ParsedFile) -> Range<Int>? {
        var probe = token - 1
        while probe >= body.lowerBound {
            switch file.kind(probe) {
            case .leftBrace:
                let close = Int(file.partner[probe])
                return close > probe ? probe..<close + 1 : nil
            case .rightBrace, .rightParen, .rightSquare:
                let open = Int(file.partner[probe])
                guard open >= 0, open < probe else { return nil }
                probe = open - 1
            default:
                probe -= 1
            }
        }
        return nil
    }

    /// Whether the block is the member list of a type declared inside code
    /// (`struct Counter: View { … }` in a function): its variables are stored properties.
    private func isTypeMemberList(_ block: Range<Int>, file: ParsedFile) -> Bool {
        var probe = block.lowerBound - 1
        var steps = 0
        while probe >= 0, steps < 64 {
            if file.kind(probe) == .keyword,
                file.at(probe, "struct") || file.at(probe, "class") || file.at(probe, "enum") || file.at(probe, "extension")
                    || file.at(probe, "protocol")
            {
                return true
            }
            switch file.kind(probe) {
            case .leftBrace, .rightBrace, .semicolon, .equal, .leftParen, .comma: return false
            case .rightParen, .rightSquare, .rightAngle:
                let open = Int(file.partner[probe])
                guard open >= 0, open < probe else { return false }
                probe = open - 1
            default:
                if file.tokens[probe].flags.contains(.atStartOfLine), file.kind(probe) != .period { return false }
                probe -= 1
            }
            steps += 1
        }
        return false
    }
}

/// The reads and writes of a local variable declared at `name` in `block`, in source
/// order, outside the code where another declaration of the same name hides it.
struct LocalUses {
    var reads: [Int] = []
    /// Assignments and mutating calls of the name, and `$name` handed out.
    var writes: [Int] = []

    /// Mutating methods of the standard library's values: `flag.toggle()`, `list.append(x)`.
    private static let mutatingMethods: Set<String> = [
        "toggle", "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "sort",
        "shuffle", "reverse", "formUnion", "formIntersection", "subtract", "merge", "updateValue", "removeValue",
    ]

    init(of name: Int, in block: Range<Int>, file: ParsedFile) {
        let text = file.text(name)
        let hidden = Self.hiddenRanges(of: text, after: name, in: block, file: file)
        var token = name + 1
        while token < block.upperBound {
            defer { token += 1 }
            if let range = hidden.first(where: { $0.contains(token) }) {
                token = range.upperBound - 1
                continue
            }
            switch file.kind(token) {
            case .dollarIdentifier where file.spells(token, "$" + text) && file.kind(token - 1) != .period:
                writes.append(token)
            case .identifier where file.spells(token, text):
                guard file.kind(token - 1) != .period, !file.isArgumentLabel(token) else { continue }
                if Self.isWritten(at: token, file: file) { writes.append(token) } else { reads.append(token) }
            default:
                continue
            }
        }
    }

    /// `name = v`, `name += 1`, `name.field = v`, `name.toggle()`, `&name`.
    private static func isWritten(at token: Int, file: ParsedFile) -> Bool {
        if file.kind(token - 1) == .prefixAmpersand { return true }
        var end = token + 1
        // `name.field.sub`
        while file.kind(end) == .period, file.kind(end + 1) == .identifier {
            if file.kind(end + 2) == .leftParen, mutatingMethods.contains(file.text(end + 1)) { return true }
            end += 2
        }
        if file.kind(end) == .leftSquare { end = Int(file.partner[end]) + 1 }
        return file.isAssignmentOperator(end)
    }

    /// The code where another declaration of `text` hides the variable: a closure's
    /// parameter hides it in the closure; a later `let`/`var`/`for` of that name in the
    /// rest of its block.
    private static func hiddenRanges(of text: String, after name: Int, in block: Range<Int>, file: ParsedFile) -> [Range<Int>] {
        var hidden: [Range<Int>] = []
        var token = name + 1
        while token < block.upperBound {
            defer { token += 1 }
            guard file.kind(token) == .identifier, file.spells(token, text) else { continue }
            let previous = token - 1
            if file.at(previous, "let") || file.at(previous, "var") || file.at(previous, "for") || file.at(previous, "case") {
                if let open = enclosingOpen(of: token, after: block.lowerBound, file: file) {
                    hidden.append(token..<Int(file.partner[open]) + 1)
                }
            } else if let open = closureOpen(ofParameter: token, file: file) {
                hidden.append(open..<Int(file.partner[open]) + 1)
            }
        }
        return hidden
    }

    /// The `{` of the innermost block around `token`, not before `floor`.
    private static func enclosingOpen(of token: Int, after floor: Int, file: ParsedFile) -> Int? {
        var probe = token - 1
        while probe >= floor {
            switch file.kind(probe) {
            case .leftBrace: return probe
            case .rightBrace, .rightParen, .rightSquare:
                let open = Int(file.partner[probe])
                guard open >= 0, open < probe else { return nil }
                probe = open - 1
            default: probe -= 1
            }
        }
        return nil
    }

    /// For a closure parameter (`{ name in`, `{ (name: T) in`, `{ a, name in`), the closure's `{`.
    private static func closureOpen(ofParameter token: Int, file: ParsedFile) -> Int? {
        var probe = token + 1
        var steps = 0
        // Forward to `in` over the rest of the parameter list.
        while steps < 24 {
            if file.at(probe, "in") { break }
            switch file.kind(probe) {
            case .comma, .identifier, .colon, .period, .rightParen, .leftAngle, .rightAngle, .postfixQuestionMark, .keyword:
                probe += 1
            default:
                return nil
            }
            steps += 1
        }
        guard file.at(probe, "in") else { return nil }
        var back = token - 1
        steps = 0
        while steps < 24 {
            switch file.kind(back) {
            case .leftBrace: return back
            case .comma, .leftParen, .identifier, .colon, .keyword: back -= 1
            default: return nil
            }
            steps += 1
        }
        return nil
    }
}
