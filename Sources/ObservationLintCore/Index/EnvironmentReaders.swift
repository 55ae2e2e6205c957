import ObservationSyntax

/// Which views can reach a reader of an environment object: the views that read a model
/// type from the environment (`@EnvironmentObject var x: Model`, `@Environment(Model.self)`),
/// the views whose code builds one of those, the views that build those, and so on up the
/// view graph. Built once per model type and injection kind; asking whether an injection's
/// subtree reaches a reader is then a lookup per name in that subtree.
public struct EnvironmentReaderReach: Sendable {
    /// The readers and every type (view, app, view modifier) whose code builds a reaching view.
    public var views: Set<String> = []
    /// Members of types outside the view graph (a function in `extension View`, a factory)
    /// whose code builds a reaching view: a call of that name may reach a reader.
    public var memberNames: Set<String> = []
    /// A reaching view is built where the graph cannot follow (no construction site known,
    /// code outside any type): any subtree may reach a reader.
    public var anywhere: Bool { unfollowed != nil }
    /// The reaching view (or type) whose builder the graph cannot follow, for `debug`.
    public var unfollowed: String?
}

extension ProjectIndex {
    /// The views that read `type` from the environment with `kind`'s wrapper
    /// (`@EnvironmentObject` for `.environmentObject`, `@Environment(T.self)` for
    /// `.environment`; either for a type that is both an ObservableObject and `@Observable`).
    public func environmentReaders(of type: String, kind: EnvironmentInjection.Kind) -> Set<String> {
        let both = types[type].map { $0.isObservable && $0.isObservableObject } ?? false
        var wrappers: Set<String> = []
        if kind == .environmentObject || both { wrappers.insert("EnvironmentObject") }
        if kind == .environment || both { wrappers.insert("Environment") }
        var readers = Set((modelHolders[type] ?? []).filter { $0.wrapper.map(wrappers.contains) == true }.map(\.holder))
        // `@Environment(Model.self) private var model` with no written type.
        if wrappers.contains("Environment"), let simple = type.split(separator: ".").last {
            for location in references(toTypeNamed: String(simple)) {
                let file = files[location.file]
                guard file.kind(location.token + 1) == .period, file.spells(location.token + 2, "self"),
                    file.kind(location.token - 1) == .leftParen, file.spells(location.token - 2, "Environment")
                else { continue }
                for (decl, info) in typeDeclarations(in: location.file) where decl.members.contains(location.token) {
                    if info.isView || info.traits.contains(.app) { readers.insert(info.name) }
                }
            }
        }
        return readers
    }

    /// The views that reach a reader of `type` (see `EnvironmentReaderReach`), memoized.
    public func environmentReaderReach(of type: String, kind: EnvironmentInjection.Kind) -> EnvironmentReaderReach {
        environmentReaderReaches.value(for: "\(kind)|\(type)") {
            var reach = EnvironmentReaderReach()
            var pending = Array(environmentReaders(of: type, kind: kind))
            reach.views = Set(pending)
            while let view = pending.popLast() {
                let all = viewGraph.constructions(of: view)
                let sites = all.filter { $0.context != .preview }
                if sites.isEmpty, !all.isEmpty { continue }  // built in previews only
                if sites.isEmpty, types[view].map({ !$0.traits.contains(.app) }) ?? true, isNamedOutsideItsDeclarations(view) {
                    // Built where the graph does not see it (a modifier, a factory, an
                    // initializer it cannot match): the code that names the type builds it.
                    for location in namingLocations(of: view) {
                        let enclosing = typeDeclarations(in: location.file).filter { $0.decl.members.contains(location.token) }
                            .min { $0.decl.members.count < $1.decl.members.count }?.info
                        if let enclosing, enclosing.isView || enclosing.traits.contains(.app) || ViewCode.isRenderingContainer(enclosing) {
                            if reach.views.insert(enclosing.name).inserted { pending.append(enclosing.name) }
                        } else if let enclosing, let function = enclosing.functions.first(where: {
                            $0.file == location.file && $0.function.body?.contains(location.token) == true
                        }) {
                            reach.memberNames.insert(function.function.name)
                        } else {
                            reach.unfollowed = reach.unfollowed ?? view
                        }
                    }
                    continue
                }
                for site in sites {
                    guard let enclosing = site.enclosingType else {
                        if let member = site.enclosingMember { reach.memberNames.insert(member) } else { reach.unfollowed = reach.unfollowed ?? view }
                        continue
                    }
                    if let info = types[enclosing], info.isView || info.traits.contains(.app) || ViewCode.isRenderingContainer(info) {
                        if reach.views.insert(enclosing).inserted { pending.append(enclosing) }
                    } else if let member = site.enclosingMember {
                        reach.memberNames.insert(member)
                    } else {
                        reach.unfollowed = reach.unfollowed ?? enclosing
                    }
                }
            }
            return reach
        }
    }

    /// Whether the subtree an injection applies to can show a view that reads the injected
    /// `type`: the modified expression (`List { … }.sheet { … }` in `List { … }.sheet { …
    /// }.environmentObject(Model())`) builds a reaching view, or goes through something the
    /// analysis cannot follow — a helper member whose content is unknown, content a caller
    /// hands over (`content`), a project function (a modifier method, a factory) whose code
    /// reaches a reader or cannot be followed, a local. Conservative: in doubt, reaching.
    public func injectedSubtreeMayReachReader(_ injection: EnvironmentInjection, of type: String) -> Bool {
        let reach = environmentReaderReach(of: type, kind: injection.kind)
        if reach.anywhere { return true }
        let content = modifiedContent(of: injection)
        guard !content.isEmpty else { return true }  // `environmentObject(x)` on `self`
        let scope = injection.enclosingType.flatMap { types[$0] }
        var visited: Set<String> = []
        return mayReach(content, in: injection.file, scope: scope, reach: reach, depth: 0, visited: &visited)
    }

    private func mayReach(
        _ range: Range<Int>, in fileIndex: Int, scope: TypeInfo?, reach: EnvironmentReaderReach, depth: Int,
        parameters: Set<String> = [], visited: inout Set<String>
    ) -> Bool {
        guard depth < 6 else { return true }
        let file = files[fileIndex]
        let contentHolders = scope.map { Set(contentProperties(of: $0)) } ?? []
        for token in range where file.kind(token) == .identifier {
            let name = file.text(token)
            // A parameter of the function followed: content its caller passes lies in the
            // caller's code, scanned there (`modifier { $0.toolbar { … } }`).
            if parameters.contains(name), file.kind(token - 1) != .period { continue }
            if reach.memberNames.contains(name) { return true }
            if name.first?.isUppercase == true {
                if let resolved = resolve(name, from: scope?.name, file: fileIndex), reach.views.contains(resolved) { return true }
                continue
            }
            let afterPeriod = file.kind(token - 1) == .period
            let selfMember = !afterPeriod || (file.spells(token - 2, "self") && file.kind(token - 3) != .period)
            // A member of the view whose code this is: a helper (follow its code), content a
            // caller hands over (unknown), or data.
            if selfMember, let scope {
                if contentHolders.contains(name) { return true }
                if let (memberFile, property) = scope.property(named: name) {
                    guard property.isComputed, mayHoldView(property.type?.text, scope: scope.name, file: memberFile) else { continue }
                    let key = "\(scope.name).\(name)"
                    guard visited.insert(key).inserted else { continue }
                    for accessor in property.accessors {
                        guard let body = accessor.body else { return true }
                        if mayReach(body, in: memberFile, scope: scope, reach: reach, depth: depth + 1, visited: &visited) { return true }
                    }
                    continue
                }
                let own = scope.functions.filter { $0.function.name == name && mayHoldView($0.function.returnType?.text ?? "Void", scope: scope.name, file: $0.file) }
                if !own.isEmpty {
                    for (functionFile, function) in own {
                        let key = "\(scope.name).\(name)@\(functionFile):\(function.nameToken)"
                        guard visited.insert(key).inserted else { continue }
                        guard let body = function.body else { return true }
                        if mayReach(body, in: functionFile, scope: scope, reach: reach, depth: depth + 1, parameters: Set(function.parameters.map(\.name)), visited: &visited) { return true }
                    }
                    continue
                }
            }
            // A call of a project function elsewhere (a modifier method in `extension View`,
            // a global helper): follow each declaration of that name.
            let next = file.kind(token + 1)
            guard next == .leftParen || next == .leftBrace else {
                // A local of the body that may hold a view: `let row = Row()`, then `row` (in a
                // function followed, its locals' values lie in the code scanned).
                if !afterPeriod, depth == 0, isLocalViewCandidate(name, before: range.lowerBound, in: file) { return true }
                continue
            }
            let functions = projectFunctions(named: name)
            guard !functions.isEmpty else { continue }  // SwiftUI's and other modules' modifiers
            for (functionFile, function) in functions {
                // Only a function that returns a view builds one; `path.append(x)`,
                // `names.contains(x)` return data.
                let owner = typeDeclarations(in: functionFile).first { $0.decl.members.contains(function.nameToken) }?.info
                guard mayHoldView(function.returnType?.text ?? "Void", scope: owner?.name, file: functionFile) else { continue }
                let key = "\(name)@\(functionFile):\(function.nameToken)"
                guard visited.insert(key).inserted else { continue }
                guard let body = function.body else { return true }
                if mayReach(body, in: functionFile, scope: owner, reach: reach, depth: depth + 1, parameters: Set(function.parameters.map(\.name)), visited: &visited) { return true }
            }
        }
        return false
    }

    /// Whether the project names the type anywhere but where it is declared or extended
    /// (`struct Discover`, `extension Discover`): a view named nowhere else is never built.
    private func isNamedOutsideItsDeclarations(_ type: String) -> Bool {
        !namingLocations(of: type).isEmpty
    }

    /// The places that name the type, but for its declarations and extensions.
    private func namingLocations(of type: String) -> [TokenLocation] {
        guard let simple = type.split(separator: ".").last else { return [] }
        return references(toTypeNamed: String(simple)).filter { location in
            let file = files[location.file]
            let before = location.token - 1
            return !(file.spells(before, "struct") || file.spells(before, "class") || file.spells(before, "extension")
                || file.spells(before, "enum") || file.spells(before, "actor"))
        }
    }

    /// Whether a value of the written type may be or hold a view: `some View`, `AnyView`, a
    /// generic or unwritten type, a project view (`[Row]`, `Row?`). `Int`, `String`, a model
    /// or a duration do not; a function returning nothing does not either.
    private func mayHoldView(_ text: String?, scope: String?, file: Int) -> Bool {
        guard let text else { return true }
        if text.contains("View") || text.contains("some ") || text.contains("any ") || text.contains("Content") || text.contains("->") { return true }
        var names: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                current.append(character)
            } else {
                if !current.isEmpty { names.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { names.append(current) }
        let builtin: Set<String> = [
            "Int", "Double", "Float", "CGFloat", "Bool", "String", "Character", "Date", "URL", "UUID", "Data", "Void",
            "Array", "Dictionary", "Set", "Optional", "Duration", "TimeInterval", "CGSize", "CGPoint", "CGRect",
            "Color", "Font", "Text", "Image", "Edge.Set", "EdgeInsets", "Alignment", "Angle", "UInt", "Int64", "Int32",
        ]
        return names.contains { name in
            if builtin.contains(name) { return name == "Text" || name == "Image" }
            guard let info = type(named: name, from: scope, file: file) else {
                return name.first?.isUppercase == true && name.count <= 2  // a generic parameter (`T`, `C`)
            }
            return info.isView || ViewCode.isRenderingContainer(info)
        }
    }

    /// Whether a `let`/`var` of that name is declared earlier in the same file: a local of
    /// the body (or a property the analysis did not attribute) that may hold a view.
    private func isLocalViewCandidate(_ name: String, before token: Int, in file: ParsedFile) -> Bool {
        var probe = token - 1
        var scanned = 0
        while probe > 0, scanned < 400 {
            if file.kind(probe) == .identifier, file.spells(probe, name),
                file.spells(probe - 1, "let") || file.spells(probe - 1, "var")
            {
                return true
            }
            probe -= 1
            scanned += 1
        }
        return false
    }

    /// Every function the project declares with that simple name, in any type or extension.
    func projectFunctions(named name: String) -> [(file: Int, function: FunctionDecl)] {
        let table = projectFunctionsByName.value {
            var table: [String: [(file: Int, function: FunctionDecl)]] = [:]
            for info in types.values where isOwn(info) {
                for entry in info.functions { table[entry.function.name, default: []].append(entry) }
            }
            return table
        }
        return table[name] ?? []
    }

    /// For `--readers-of T`: per injection kind, the readers of `T`, the views that reach
    /// them, the members outside the graph that build them, and each injection's answer.
    public func environmentReaderListing(model: String) -> String {
        let index = self
        var lines: [String] = []
        do {
            let names = index.types.keys.filter { $0 == model || $0.withoutTypeKeyPrefixes.hasSuffix("." + model) || $0.withoutTypeKeyPrefixes == model }
            for name in names.sorted() {
                for kind in [EnvironmentInjection.Kind.environmentObject, .environment] {
                    let reach = index.environmentReaderReach(of: name, kind: kind)
                    let readers = index.environmentReaders(of: name, kind: kind)
                    guard !readers.isEmpty || !index.environmentInjections(mayProvide: name).filter({ $0.kind == kind && $0.providedType == name }).isEmpty else { continue }
                    lines.append("\(name.withoutTypeKeyPrefixes) (\(kind)):")
                    lines.append("  readers: " + readers.map(\.withoutTypeKeyPrefixes).sorted().joined(separator: ", "))
                    lines.append("  reaching: " + reach.views.subtracting(readers).map(\.withoutTypeKeyPrefixes).sorted().joined(separator: ", "))
                    if !reach.memberNames.isEmpty { lines.append("  members: " + reach.memberNames.sorted().joined(separator: ", ")) }
                    if let unfollowed = reach.unfollowed { lines.append("  \(unfollowed.withoutTypeKeyPrefixes) is built where the graph cannot follow: every subtree reaches") }
                    for injection in index.environmentInjections(mayProvide: name) where injection.kind == kind && injection.providedType == name {
                        let file = index.files[injection.file]
                        let line = file.source.location(of: file.byteRange(injection.token..<injection.token + 1).lowerBound).line
                        let answer = index.injectedSubtreeMayReachReader(injection, of: name) ? "reaches a reader" : "no reader below"
                        lines.append("  \(file.path):\(line) \(answer)")
                    }
                }
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

}
