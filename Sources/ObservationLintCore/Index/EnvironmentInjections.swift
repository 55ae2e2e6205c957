import ObservationSyntax

/// A place that puts an object into the SwiftUI environment: `.environmentObject(store)`,
/// `.environment(model)` (the single unlabeled-argument form, not `.environment(\.key, v)`),
/// or an app delegate adaptor (`@UIApplicationDelegateAdaptor(AppDelegate.self)`), whose
/// delegate SwiftUI injects itself. A class: rules ask for lists of injections per reader,
/// and a reference costs one retain where a copy of the value would cost one per field.
public final class EnvironmentInjection: Sendable {
    public enum Kind: Sendable, Hashable {
        /// `.environmentObject(x)`: read with `@EnvironmentObject var x: T`.
        case environmentObject
        /// `.environment(x)`: read with `@Environment(T.self)`.
        case environment
        /// `@UIApplicationDelegateAdaptor(T.self)` and its AppKit and watchOS siblings: SwiftUI
        /// puts the delegate into the environment (as an environment object when it is an
        /// ObservableObject, as an observable when it is `@Observable`); also a scene delegate
        /// class set with `configuration.delegateClass = SceneDelegate.self`.
        case delegateAdaptor
    }

    public let file: Int
    public let kind: Kind
    /// The `environmentObject`/`environment` name token, or the adaptor attribute's `@`.
    public let token: Int
    /// The provided expression (for an adaptor: the attribute's arguments).
    public let expression: Range<Int>
    /// The expression's static type (a qualified project type name) when the analysis can
    /// know it: a constructor (`Store()`), or a property, local or parameter whose declared
    /// type or constructor initial value is known (`@StateObject private var store =
    /// Store()`, `self.store`, `app.settings`). Nil when unknown: it might be any type.
    public let providedType: String?
    /// The constructor call when the expression is exactly one (`Store()`, `Store(id: 1)`).
    public let constructor: Call?
    /// In a `#Preview` block or a `PreviewProvider` (or a type nested in one).
    public let isInPreview: Bool
    /// The qualified name of the type whose code contains the injection, if any.
    public let enclosingType: String?

    init(
        file: Int, kind: Kind, token: Int, expression: Range<Int>, providedType: String?, constructor: Call?,
        isInPreview: Bool, enclosingType: String?
    ) {
        self.file = file
        self.kind = kind
        self.token = token
        self.expression = expression
        self.providedType = providedType
        self.constructor = constructor
        self.isInPreview = isInPreview
        self.enclosingType = enclosingType
    }

    /// Whether this injection may satisfy a reader of `type` through `@EnvironmentObject`
    /// (`wrapper == .environmentObject`) or `@Environment(T.self)` (`.environment`).
    /// Environment objects and observables are keyed by the static type passed: a subclass
    /// instance provides the subclass only. An unknown type may be anything.
    public func mayProvide(_ type: String, to reader: Kind, index: ProjectIndex) -> Bool {
        guard kind == reader || kind == .delegateAdaptor || isBothKinds(type, index: index) else { return false }
        guard let providedType else { return true }
        return providedType == type
    }

    /// A type that is both `@Observable` and an ObservableObject can be read either way;
    /// which injection its reader needs is `observable_wrapper_mismatch`'s concern.
    private func isBothKinds(_ type: String, index: ProjectIndex) -> Bool {
        guard let info = index.types[type] else { return false }
        return info.isObservable && info.isObservableObject
    }
}

/// Delegate adaptors whose delegate SwiftUI injects into the environment.
let delegateAdaptorAttributes: Set<Substring> = [
    "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor",
    "WKExtensionDelegateAdaptor",
]

/// Collects every environment injection of the project, while the index is built.
enum EnvironmentInjectionCollector {
    static func collect(_ index: ProjectIndex, jobs: Int) -> [EnvironmentInjection] {
        parallelMap(index.ownFiles, jobs: jobs) { collect(in: $0, index: index) }.flatMap { $0 }
    }

    /// One file's injections, in token order (delegate adaptors last).
    private static func collect(in fileIndex: Int, index: ProjectIndex) -> [EnvironmentInjection] {
        var result: [EnvironmentInjection] = []
        let file = index.files[fileIndex]
        var contexts: CodeContexts?  // built for the files that inject something
        for (token, scanned) in file.tokens.enumerated() where scanned.kind == .identifier {
            // Every token of the project passes here: the three names' lengths rule out most.
            let length = scanned.end - scanned.start
            guard length == 11 || length == 13 || length == 17 else { continue }
            if file.at(token, "delegateClass"), file.kind(token + 1) == .equal,
                let adapted = delegateClass(assignedAfter: token + 1, in: file, index: index)
            {
                // `configuration.delegateClass = SceneDelegate.self`: SwiftUI injects the
                // scene delegate like an adapted app delegate.
                result.append(
                    EnvironmentInjection(
                        file: fileIndex, kind: .delegateAdaptor, token: token, expression: adapted.tokens,
                        providedType: adapted.type, constructor: nil, isInPreview: false, enclosingType: nil))
                continue
            }
            guard file.at(token, "environmentObject") || file.at(token, "environment"),
                file.kind(token + 1) == .leftParen, !file.tokens[token + 1].flags.contains(.leadingSpace),
                !file.at(token - 1, "func"), file.kind(token - 1) != .atSign
            else { continue }
            let arguments = file.groupRange(token + 1, limit: file.tokens.count)
            let list = file.argumentList(arguments)
            guard list.count == 1, list[0].label == nil, !list[0].value.isEmpty else { continue }
            let expression = list[0].value
            // `.environment(\.locale, …)` has two arguments; `.environment(\.self)`-like
            // key paths are not objects.
            guard file.kind(expression.lowerBound) != .backslash else { continue }
            if contexts == nil { contexts = CodeContexts(file: file, fileIndex: fileIndex, index: index) }
            let context = contexts?.innermost(containing: token)
            let constructor = index.constructedType(in: expression, file: file, scope: context?.type)?.call
            result.append(
                EnvironmentInjection(
                    file: fileIndex, kind: file.at(token, "environmentObject") ? .environmentObject : .environment,
                    token: token, expression: expression,
                    providedType: index.staticType(of: expression, in: fileIndex, context: context),
                    constructor: constructor, isInPreview: context?.isPreview ?? false,
                    enclosingType: context?.type))
        }
        for (decl, info) in index.typeDeclarations(in: fileIndex) {
            for property in decl.properties {
                guard let attribute = property.attributes.first(where: { delegateAdaptorAttributes.contains($0.simpleName) }),
                    let arguments = attribute.arguments
                else { continue }
                var provided: String?
                if arguments.count >= 3, file.at(arguments.upperBound - 1, "self"),
                    file.kind(arguments.upperBound - 2) == .period
                {
                    provided = index.resolve(file.text(arguments.lowerBound..<arguments.upperBound - 2), from: info.name)
                } else if let type = property.type, let name = TypeShape(type.text).directName {
                    provided = index.resolve(name, from: info.name)
                }
                result.append(
                    EnvironmentInjection(
                        file: fileIndex, kind: .delegateAdaptor, token: attribute.atToken, expression: arguments,
                        providedType: provided, constructor: nil, isInPreview: false, enclosingType: info.name))
            }
        }
        return result
    }
}

/// `SceneDelegate.self` after `delegateClass =`: the class, when it is a project type.
private func delegateClass(
    assignedAfter equal: Int, in file: ParsedFile, index: ProjectIndex
) -> (type: String, tokens: Range<Int>)? {
    var end = equal + 1
    while file.kind(end) == .identifier || file.kind(end) == .period, !file.at(end, "self") { end += 1 }
    guard end > equal + 2, file.at(end, "self"), file.kind(end - 1) == .period,
        let type = index.resolve(file.text(equal + 1..<end - 1).filter { !$0.isWhitespace })
    else { return nil }
    return (type, equal + 1..<end + 1)
}

// MARK: - Static types of simple expressions

/// A piece of code and what surrounds it: the type whose member it is, the function's
/// parameters, whether it is preview code.
public struct CodeContext: Sendable {
    public let range: Range<Int>
    /// Qualified name of the enclosing type (extensions resolved), if any.
    public let type: String?
    public let parameters: [Parameter]
    public let isPreview: Bool
}

/// The bodies of one file (functions, accessors, initial values, previews), to find the
/// innermost one around a token.
public struct CodeContexts: Sendable {
    public private(set) var contexts: [CodeContext] = []

    public init(file: ParsedFile, fileIndex: Int, index: ProjectIndex) {
        for function in file.functions {
            if let body = function.body {
                contexts.append(CodeContext(range: body, type: nil, parameters: function.parameters, isPreview: false))
            }
        }
        addProperties(file.properties, type: nil, isPreview: false)
        for preview in file.previews {
            contexts.append(CodeContext(range: preview.body, type: nil, parameters: [], isPreview: true))
        }
        func visit(_ decls: [TypeDecl], enclosing: String?, inPreview: Bool) {
            for decl in decls {
                let name = index.typeKey(of: decl, file: fileIndex, enclosing: enclosing)
                let isPreview = inPreview || index.types[name]?.traits.contains(.previewProvider) == true
                contexts.append(CodeContext(range: decl.members, type: name, parameters: [], isPreview: isPreview))
                for function in decl.functions {
                    if let body = function.body {
                        contexts.append(
                            CodeContext(range: body, type: name, parameters: function.parameters, isPreview: isPreview))
                    }
                }
                addProperties(decl.properties, type: name, isPreview: isPreview)
                visit(decl.nestedTypes, enclosing: index.enclosingKey(of: decl, key: name), inPreview: isPreview)
            }
        }
        visit(file.types, enclosing: nil, inPreview: false)
    }

    private mutating func addProperties(_ properties: [Property], type: String?, isPreview: Bool) {
        for property in properties {
            if let initializer = property.initializer {
                contexts.append(CodeContext(range: initializer, type: type, parameters: [], isPreview: isPreview))
            }
            for accessor in property.accessors {
                if let body = accessor.body {
                    contexts.append(CodeContext(range: body, type: type, parameters: [], isPreview: isPreview))
                }
            }
        }
    }

    /// The smallest context containing `token`.
    public func innermost(containing token: Int) -> CodeContext? {
        var best: CodeContext?
        for context in contexts where context.range.contains(token) {
            if best.map({ context.range.count < $0.range.count }) ?? true { best = context }
        }
        return best
    }
}

extension ProjectIndex {
    /// The static type of a simple expression, as a qualified project type name, when the
    /// analysis can know it: a constructor (`Store()`, `Store.init()`), `self`, or a member
    /// chain (`store`, `self.store`, `app.settings`, `Store.shared`) whose root is a local
    /// (`let store = Store()`, `let store: Store`), a parameter, a property of the
    /// enclosing type, or a type (static members), each step typed by its declaration.
    /// Nil when unknown (calls, operators, closure parameters, generic types...).
    public func staticType(of expression: Range<Int>, in fileIndex: Int, context: CodeContext?) -> String? {
        staticType(of: expression, in: fileIndex, context: context, depth: 0)
    }

    private func staticType(
        of expression: Range<Int>, in fileIndex: Int, context: CodeContext?, depth: Int, skippingLocal: String? = nil
    ) -> String? {
        let file = files[fileIndex]
        guard !expression.isEmpty, depth < 4 else { return nil }
        let scope = context?.type
        if let constructed = constructedType(in: expression, file: file, scope: scope) {
            return constructed.name
        }
        guard let chain = file.memberChain(at: expression.lowerBound, limit: expression.upperBound) else { return nil }
        if chain.end != expression.upperBound {
            // `makeStore()`, `container.makeStore()`, `Store.make()`: a project function's
            // declared return type.
            guard let call = file.call(at: chain.last, limit: expression.upperBound),
                call.end == expression.upperBound
            else { return nil }
            return returnType(ofCallee: chain, in: fileIndex, context: context, depth: depth)
        }
        let names = chain.names
        var current: String?
        var next = 1
        let root = names[0]
        if file.at(root, "self") {
            current = scope
        } else if file.kind(root) == .identifier {
            let name = file.text(root)
            if let context, name != skippingLocal,
                let local = localType(of: name, before: root, in: context, file: fileIndex, depth: depth)
            {
                switch local {
                case .known(let type): current = type
                case .unknown: return nil
                }
            } else if let parameter = context?.parameters.first(where: { $0.name == name }) {
                guard let type = parameter.type, let held = TypeShape(type.text).directName else { return nil }
                current = resolve(held, from: scope)
            } else if let scope, let type = memberType(name, of: scope, depth: depth) {
                current = type
            } else if name.startsWithUppercase, names.count > 1 {
                // Static members: `Store.shared`, `Outer.Inner.shared`.
                var typeName = name
                current = resolve(typeName, from: scope)
                while current != nil, next < names.count - 1,
                    let nested = resolve(typeName + "." + file.text(names[next]), from: scope)
                {
                    typeName += "." + file.text(names[next])
                    current = nested
                    next += 1
                }
            } else {
                return nil
            }
        } else {
            return nil
        }
        while next < names.count, let type = current {
            current = memberType(file.text(names[next]), of: type, depth: depth)
            next += 1
        }
        guard let current, let info = types[current], info.kind != nil, info.kind != .protocol else { return nil }
        return current
    }

    /// The declared return type of the function a call chain names (`make`, `self.make`,
    /// `container.make`, `Store.make`), when every project function of that name there
    /// returns the same project type.
    private func returnType(ofCallee chain: MemberChain, in fileIndex: Int, context: CodeContext?, depth: Int) -> String? {
        let file = files[fileIndex]
        let name = file.text(chain.last)
        var candidates: [(function: FunctionDecl, scope: String?)] = []
        if chain.names.count == 1 || chain.names.count == 2 && file.at(chain.root, "self") {
            if let scope = context?.type, let info = types[scope] {
                for owner in typeAndAncestors(of: info) {
                    candidates += owner.functions.filter { $0.function.name == name }.map { ($0.function, owner.name) }
                }
            }
            if candidates.isEmpty, chain.names.count == 1 {
                candidates = (topLevelFunctions[name] ?? []).map { ($0.function, nil) }
            }
        } else {
            let receiver = chain.root..<chain.names[chain.names.count - 2] + 1
            var owner: String?
            if let type = staticType(of: receiver, in: fileIndex, context: context, depth: depth + 1) {
                owner = type
            } else if chain.names.count == 2, file.text(chain.root).startsWithUppercase {
                owner = resolve(file.text(chain.root), from: context?.type)  // `Store.make()`
            }
            guard let owner, let info = types[owner] else { return nil }
            for ancestor in typeAndAncestors(of: info) {
                candidates += ancestor.functions.filter { $0.function.name == name }.map { ($0.function, ancestor.name) }
            }
        }
        var result: String?
        for (function, scope) in candidates {
            guard function.kind == .function, function.genericParameters == nil, let written = function.returnType,
                let held = TypeShape(written.text).directName
            else { return nil }
            let resolved = held == "Self" ? scope : resolve(held, from: scope)
            guard let resolved, result == nil || result == resolved else { return nil }
            result = resolved
        }
        guard let result, let info = types[result], info.kind != nil, info.kind != .protocol else { return nil }
        return result
    }

    /// The project type a property of `type` (or of its superclasses) holds, by its
    /// declaration: its annotation, or the static type of its initial value
    /// (`@StateObject private var state = AppState.shared`).
    /// A property declared more than once — in `#if` clauses (`#if REMOTE let data:
    /// RemoteData #else let data: Data #endif`), or in same-named types of several targets
    /// (an app's macOS and iOS `App`) — holds one type only when every declaration agrees:
    /// which one the code is compiled with is not known.
    func memberType(_ name: String, of type: String, depth: Int) -> String? {
        guard let info = types[type] else { return nil }
        for owner in typeAndAncestors(of: info) {
            let variants = owner.declarations.flatMap { declaration in
                declaration.decl.properties.filter { $0.name == name }.map { (file: declaration.file, decl: declaration.decl, property: $0) }
            }
            guard !variants.isEmpty else { continue }
            var result: String?
            for variant in variants {
                guard let held = variantType(of: variant.property, in: variant.file, owner: owner.name, declaration: variant.decl, depth: depth),
                    result == nil || result == held
                else { return nil }
                result = held
            }
            return result
        }
        return nil
    }

    /// The project type one declaration of a property holds; nil when unknown, or when its
    /// annotation names a type alias its type declares differently in `#if` clauses.
    private func variantType(of property: Property, in fileIndex: Int, owner: String, declaration: TypeDecl, depth: Int) -> String? {
        if let shape = declaredShape(of: property, in: files[fileIndex], scope: owner) {
            guard let held = shape.directName else { return nil }
            let aliasTargets = Set(declaration.typeAliases.filter { $0.name == held }.map { $0.target?.text ?? "" })
            guard aliasTargets.count <= 1 else { return nil }
            return resolve(held, from: owner)
        }
        guard let initializer = property.initializer, depth < 3 else { return nil }
        let context = CodeContext(range: initializer, type: owner, parameters: [], isPreview: false)
        return staticType(of: initializer, in: fileIndex, context: context, depth: depth + 1)
    }

    /// The project type of the value a plain name refers to at `use` (a token of `context`):
    /// a local, a parameter, or a member of the code's type, as for an expression's root
    /// (`staticType(of:in:context:)`); nil when not known.
    func typeOfName(_ name: String, at use: Int, in fileIndex: Int, context: CodeContext) -> String? {
        switch localType(of: name, before: use, in: context, file: fileIndex, depth: 0) {
        case .known(let type): return type
        case .unknown: return nil
        case nil: break
        }
        if let parameter = context.parameters.first(where: { $0.name == name }) {
            guard let type = parameter.type, let held = TypeShape(type.text).directName else { return nil }
            return resolve(held, from: context.type)
        }
        return context.type.flatMap { memberType(name, of: $0, depth: 0) }
    }

    private enum LocalType {
        case known(String)
        case unknown
    }

    /// The type of a local `name` visible at `use` in `context`: nil when no local of that
    /// name is visible there (the name is a member or a parameter), `.unknown` when one is
    /// but its type cannot be known (a closure parameter, a `for` variable, a call's result),
    /// or when several visible declarations disagree.
    private func localType(of name: String, before use: Int, in context: CodeContext, file fileIndex: Int, depth: Int) -> LocalType? {
        let file = files[fileIndex]
        var found: String?
        var sawLocal = false
        for token in identifiers(named: name, in: context.range, of: file) where token != use {
            let previous = token - 1
            if file.kind(previous) == .period { continue }
            if file.at(previous, "let") || file.at(previous, "var") {
                let next = file.kind(token + 1)
                // `if let store {`: the local is the member's own value.
                guard next == .colon || next == .equal else { continue }
                let isCondition = isConditionBinding(token, in: file)
                var type: String?
                var declarationEnd = token + 1
                if next == .colon {
                    var end = token + 2
                    // The type ends at `=`, `,`, a block, `else`, the end of the line, or the
                    // end of the statement or of the block (`if ready { let store: Store }`).
                    while end < context.range.upperBound, file.kind(end) != .equal, !file.tokens[end].isAtStartOfLine,
                        file.kind(end) != .comma, file.kind(end) != .leftBrace, !file.at(end, "else"),
                        file.kind(end) != .semicolon, file.kind(end) != .rightBrace, file.kind(end) != .rightParen
                    {
                        end = file.kind(end) == .leftParen || file.kind(end) == .leftSquare || file.kind(end) == .leftAngle
                            ? file.skipGroup(end) : end + 1
                    }
                    declarationEnd = end
                    let text = file.text(token + 2..<end).filter { !$0.isWhitespace }
                    if let held = TypeShape(text).directName { type = resolve(held, from: context.type) }
                } else {
                    var valueEnd = file.expressionEnd(from: token + 2, end: context.range.upperBound, stopAtComma: true)
                    if isCondition {
                        // `if let x = y {`, `guard let x = y else {`: the value ends before the
                        // block (a condition cannot hold an unparenthesized trailing closure).
                        var probe = token + 2
                        while probe < valueEnd {
                            if file.at(probe, "else") || file.kind(probe) == .leftBrace {
                                valueEnd = probe
                                break
                            }
                            probe = file.kind(probe) == .leftParen || file.kind(probe) == .leftSquare ? file.skipGroup(probe) : probe + 1
                        }
                    }
                    declarationEnd = valueEnd
                    type = staticType(
                        of: token + 2..<valueEnd, in: fileIndex, context: context, depth: depth + 1, skippingLocal: name)
                }
                guard visibility(ofBindingAt: token, after: declarationEnd, isCondition: isCondition, in: file, context: context)
                    .contains(use)
                else { continue }
                sawLocal = true
                guard let type, found == nil || found == type else { return .unknown }
                found = type
            } else if isCaptured(token, in: file) {
                continue  // `[weak store]`: the same object under the same name
            } else if file.at(previous, "for") || file.at(previous, "case") {
                if enclosingBlock(of: token, in: file, context: context).contains(use) { return .unknown }
            } else if let closure = closure(declaringParameter: token, in: file) {
                if closure.contains(use) { return .unknown }
            }
        }
        if let found { return .known(found) }
        return sawLocal ? .unknown : nil
    }

    /// The identifiers in `range` whose text is `name` (`file.text(token) == name`), in
    /// order: one pass over the tokens' bytes, building a `String` only for a token whose
    /// bytes differ from the name's but have other than ASCII characters (`String`s compare
    /// by canonical equivalence).
    func identifiers(named name: String, in range: Range<Int>, of file: ParsedFile) -> [Int] {
        let nameBytes = Array(name.utf8)
        let nameIsASCII = nameBytes.allSatisfy { $0 < 0x80 }
        // Each identifier that matches, or may match (`undecided`: to compare as `String`s).
        var candidates: [(token: Int, undecided: Bool)] = []
        file.tokens.withUnsafeBufferPointer { tokens in
            file.source.bytes.withUnsafeBufferPointer { bytes in
                for token in range.clamped(to: 0..<tokens.count) where tokens[token].kind == .identifier {
                    let text = tokens[token].range
                    if text.count == nameBytes.count, nameBytes.indices.allSatisfy({ bytes[text.lowerBound + $0] == nameBytes[$0] }) {
                        candidates.append((token, false))
                    } else if !nameIsASCII || !text.allSatisfy({ bytes[$0] < 0x80 }) {
                        candidates.append((token, true))
                    }
                }
            }
        }
        return candidates.filter { !$0.undecided || file.text($0.token) == name }.map(\.token)
    }

    /// Where a `let`/`var` binding is visible: the block of an `if let`/`while let`, or the
    /// rest of the enclosing block for a statement (and a `guard let`).
    private func visibility(
        ofBindingAt name: Int, after declarationEnd: Int, isCondition: Bool, in file: ParsedFile, context: CodeContext
    ) -> Range<Int> {
        let block = enclosingBlock(of: name, in: file, context: context)
        var introducer = name - 2
        while file.kind(introducer) == .comma || file.at(introducer, "let") || file.at(introducer, "var") {
            // A later binding of a condition list: find the list's keyword.
            introducer -= 1
            while introducer > block.lowerBound, !file.at(introducer, "if"), !file.at(introducer, "guard"),
                !file.at(introducer, "while"), file.kind(introducer) != .leftBrace, file.kind(introducer) != .rightBrace
            {
                if file.kind(introducer) == .rightParen || file.kind(introducer) == .rightSquare {
                    let open = Int(file.partner[introducer])
                    introducer = open > 0 ? open - 1 : introducer - 1
                } else {
                    introducer -= 1
                }
            }
            break
        }
        if isCondition, !file.at(introducer, "guard") {
            // The `if`/`while` block: the first `{` after the condition list.
            var probe = declarationEnd
            while probe < block.upperBound, file.kind(probe) != .leftBrace {
                probe = file.kind(probe) == .leftParen || file.kind(probe) == .leftSquare ? file.skipGroup(probe) : probe + 1
            }
            guard probe < block.upperBound else { return block }
            return probe..<file.skipGroup(probe)
        }
        return declarationEnd..<block.upperBound
    }

    /// The innermost `{ }` around `token` within the context (the context itself when none;
    /// a `{` without a partner runs to the end of the context).
    private func enclosingBlock(of token: Int, in file: ParsedFile, context: CodeContext) -> Range<Int> {
        var probe = token - 1
        while probe > context.range.lowerBound {
            switch file.kind(probe) {
            case .rightBrace, .rightParen, .rightSquare:
                let open = Int(file.partner[probe])
                probe = open >= 0 && open < probe ? open - 1 : probe - 1
            case .leftBrace:
                let close = Int(file.partner[probe])
                return probe..<(close > probe ? close + 1 : context.range.upperBound)
            default:
                probe -= 1
            }
        }
        return context.range
    }

    /// The closure whose parameter list declares the name at `token`: `{ store in`,
    /// `{ (store: Store) in`, `{ [weak self] store, other in`.
    private func closure(declaringParameter token: Int, in file: ParsedFile) -> Range<Int>? {
        guard isClosureParameter(token, in: file) else { return nil }
        var probe = token - 1
        var steps = 0
        while probe >= 0, steps < 32 {
            switch file.kind(probe) {
            case .leftBrace: return probe..<file.skipGroup(probe)
            case .rightSquare, .rightParen:
                let open = Int(file.partner[probe])
                probe = open >= 0 && open < probe ? open - 1 : probe - 1
            default: probe -= 1
            }
            steps += 1
        }
        return nil
    }

    /// `if let x = …`, `guard let x = …`, `while let x = …`, or a later binding of such a
    /// condition list (`, let x = …`).
    private func isConditionBinding(_ name: Int, in file: ParsedFile) -> Bool {
        let introducer = name - 2
        return file.at(introducer, "if") || file.at(introducer, "guard") || file.at(introducer, "while")
            || file.kind(introducer) == .comma
    }

    /// A name in a closure's capture list: `{ [weak store] in`, `{ [store, weak model] in`.
    private func isCaptured(_ token: Int, in file: ParsedFile) -> Bool {
        var probe = token - 1
        var steps = 0
        while probe >= 0, steps < 16 {
            if file.kind(probe) == .leftSquare { return file.kind(probe - 1) == .leftBrace }
            guard file.kind(probe) == .comma || file.at(probe, "weak") || file.at(probe, "unowned")
                || file.kind(probe) == .identifier
            else { return false }
            probe -= 1
            steps += 1
        }
        return false
    }

    /// `{ store in`, `{ (store: Store) in`, `{ [weak self] store, other in`.
    private func isClosureParameter(_ token: Int, in file: ParsedFile) -> Bool {
        var probe = token + 1
        var steps = 0
        while steps < 32, let kind = file.kind(probe) {
            switch kind {
            case .keyword where file.at(probe, "in"): return file.kind(probe + 1) != .colon
            case .identifier, .comma, .colon, .period, .postfixQuestionMark, .exclamationMark, .leftAngle, .rightAngle,
                .leftSquare, .rightSquare:
                probe += 1
            case .rightParen: probe += 1
            default: return false
            }
            steps += 1
        }
        return false
    }
}
