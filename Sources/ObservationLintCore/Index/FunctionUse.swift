import Foundation
import ObservationSyntax

// Whether anything runs a type's function: code that nothing in the project calls or names,
// and that nothing outside the project can call, makes no change (SPEC §10.1).

extension ProjectIndex {
    /// Whether code outside the project may call `function` of `type`: it is `public` or
    /// `open`, an `override`, `@objc`/`@IBAction` (or its class is `@objcMembers`), or it may
    /// witness a protocol requirement (`possiblyWitnesses`).
    public func isCallableFromOutside(_ function: FunctionDecl, of type: TypeInfo) -> Bool {
        isCallableByClientsOrRuntime(function, of: type) || possiblyWitnesses(function.name, in: type)
    }

    /// `isCallableFromOutside` but for witnessing a requirement.
    func isCallableByClientsOrRuntime(_ function: FunctionDecl, of type: TypeInfo) -> Bool {
        if let level = accessLevel(of: function, in: type), level >= .public { return true }
        return isCallableByRuntime(function, of: type)
    }

    /// Whether code the project does not show may call `function` inside this program: an
    /// `override` or `dynamic` member, one the runtime calls (`@objc`, `@IBAction`, …, or
    /// every member under `@objcMembers`), a possible protocol witness. Unlike
    /// `isCallableFromOutside`, a `public` member is not: another module's clients run in
    /// other programs.
    func isCallableInProgramFromOutside(_ function: FunctionDecl, of type: TypeInfo) -> Bool {
        isCallableByRuntime(function, of: type) || possiblyWitnesses(function.name, in: type)
    }

    private func isCallableByRuntime(_ function: FunctionDecl, of type: TypeInfo) -> Bool {
        if function.modifiers.contains("override") || function.modifiers.contains("dynamic") { return true }
        if function.attributes.contains(where: { Self.runtimeCalledAttributes.contains(String($0.simpleName)) }) { return true }
        return type.declarations.contains(where: { $0.decl.attributes.contains(named: "objcMembers") })
    }

    /// A member's access level: its own, or that of the extension declaring it
    /// (`public extension Model { func load() }`), no higher than its type's and the
    /// enclosing types' (a `public func` of an internal class is internal).
    func accessLevel(of function: FunctionDecl, in type: TypeInfo) -> AccessLevel? {
        guard let level = declaredAccessLevel(of: function, in: type) else { return nil }
        return min(level, typeAccessLevel(of: type) ?? level)
    }

    private func declaredAccessLevel(of function: FunctionDecl, in type: TypeInfo) -> AccessLevel? {
        if let level = function.modifiers.accessLevel { return level }
        let declaring = type.declarations.first { declaration in
            declaration.decl.functions.contains { $0.nameToken == function.nameToken && $0.body == function.body }
        }
        guard let decl = declaring?.decl, decl.kind == .extension else { return nil }
        return decl.modifiers.accessLevel
    }

    /// The access level of a project type (`internal` unless its declaration says
    /// otherwise), no higher than that of the project types enclosing it; nil for a type
    /// the project only extends.
    func typeAccessLevel(of type: TypeInfo) -> AccessLevel? {
        guard type.kind != nil, let primary = type.declarations.first(where: { $0.decl.kind != .extension }) else { return nil }
        let level = primary.decl.modifiers.accessLevel ?? .internal
        var enclosing = type.name
        // By bytes: a name's dots are ASCII (a search by `Character` walks grapheme clusters).
        while let outerName = enclosing.enclosingTypeName {
            enclosing = outerName
            if let outer = types[enclosing], let outerLevel = typeAccessLevel(of: outer) {
                return min(level, outerLevel)
            }
        }
        return level
    }

    /// Whether nothing runs `function` of `type`: the project is a whole program
    /// (`isWholeProgram`), nothing outside it can call the function
    /// (`isCallableFromOutside`) and every place of the project that may name it
    /// (`mayReference(_:of:)`) lies in a method that never runs by this same rule (a method
    /// called only by a method nothing calls, a cycle of methods that call one another and
    /// that no other code names); or it runs only through protocol values that never hold
    /// an instance of the type (`runsOnlyAsUnregisteredWitness`). A place in no method
    /// (an initializer, an accessor, a property's initial value, a global function, top-level
    /// code) may run. Code inside a method that never runs, its closures included, is never
    /// reached: Swift creates a closure only when the code holding it runs.
    public func neverRuns(_ function: FunctionDecl, of type: TypeInfo) -> Bool {
        guard isWholeProgram, function.kind == .function, !function.modifiers.contains("static"), !function.modifiers.contains("class")
        else { return false }
        if isCallableFromOutside(function, of: type) { return runsOnlyAsUnregisteredWitness(function, of: type) }
        guard let file = type.declarations.first(where: { $0.decl.functions.contains { $0.nameToken == function.nameToken && $0.body == function.body } })?.file
        else { return false }
        return isUnreachable(ProjectMethod(file: file, function: function, owner: type))
    }

    /// Whether no code that may run reaches `method` (one nothing outside can call): a
    /// search back through the methods whose code names it, their callers' callers and so
    /// on, that finds no place outside such methods. A method found unreachable makes every
    /// method of the search unreachable (each reaches it only through the others); one
    /// found reachable is remembered alone. Memoized per method (`methodReachability`).
    private func isUnreachable(_ method: ProjectMethod) -> Bool {
        if let known = methodReachability.known(method.key) { return known }
        var searched: Set<TokenLocation> = [method.key]
        var pending = [method]
        while let callee = pending.popLast() {
            for site in referencingSites(callee.function, of: callee.owner) {
                guard let caller = enclosingMethod(of: site) else { return methodReachability.record(false, for: method.key) }
                guard searched.insert(caller.key).inserted else { continue }
                switch callerUse(caller) {
                case .runs: return methodReachability.record(false, for: method.key)
                case .neverRuns: continue
                case .byCallers: pending.append(caller)
                }
            }
        }
        for key in searched { methodReachability.record(true, for: key) }
        return true
    }

    /// What runs a method that holds a place naming another: code outside the project or
    /// its own code (`runs`), nothing (`neverRuns`, known already), or its callers. A
    /// protocol extension's method, or one of a type the project does not declare, runs on
    /// values of types `mayReference(_:of:)` does not follow: it may run.
    private func callerUse(_ method: ProjectMethod) -> CallerUse {
        let function = method.function
        guard function.kind == .function, !function.modifiers.contains("static"), !function.modifiers.contains("class"),
            let kind = method.owner.kind, kind != .protocol
        else { return .runs }
        if let known = methodReachability.known(method.key) { return known ? .neverRuns : .runs }
        if isCallableFromOutside(function, of: method.owner) {
            return runsOnlyAsUnregisteredWitness(function, of: method.owner) ? .neverRuns : .runs
        }
        return .byCallers
    }

    private enum CallerUse { case runs, neverRuns, byCallers }

    /// The method of a project type whose body holds `site` (the innermost, for a method of
    /// a type declared in another's body); nil when no method's body does.
    private func enclosingMethod(of site: TokenLocation) -> ProjectMethod? {
        var best: ProjectMethod?
        for (decl, info) in typeDeclarations(in: site.file) where decl.members.contains(site.token) {
            for function in decl.functions {
                guard let body = function.body, body.contains(site.token) else { continue }
                if let current = best?.function.body, current.count <= body.count { continue }
                best = ProjectMethod(file: site.file, function: function, owner: info)
            }
        }
        return best
    }

    /// Whether the code at `location` lies in a method that never runs (`neverRuns(_:of:)`):
    /// nothing it does, nor any call it makes, happens.
    func isInMethodThatNeverRuns(_ location: TokenLocation) -> Bool {
        guard isWholeProgram, let body = isolationFacts.enclosingBody(of: location, index: self),
            case .function(let function) = body.member, let owner = body.owner
        else { return false }
        return neverRuns(function, of: owner)
    }

    /// Whether some code of the project other than a declaration may name the method
    /// `function` of `type` (call it, hand it over, `#selector` it): as a member of a
    /// receiver whose static type (`staticType(of:in:context:)`) is unknown or of `type`'s
    /// lineage (the type, a class it inherits from, a subclass: `model.load()`,
    /// `self?.load()`, `action: model.load`), or unqualified in code whose own type is of that
    /// lineage (`load()`, `handler: load`, `#selector(load)` in the type's declarations and
    /// extensions, where Swift looks the name up among the type's members). A reference
    /// through an object of another type, in another type's code, or a call whose arguments
    /// the function cannot take (more than its parameters, a label none of them has:
    /// `context.refresh(object, mergeChanges: true)` is no call of `refresh()`) is no use of
    /// it; one whose receiver or code has no known project type (a key path, an implicit
    /// member, a protocol extension, a global function) may be.
    /// Sites for which `excluded` holds are no use.
    func mayReference(_ function: FunctionDecl, of type: TypeInfo, outside excluded: (TokenLocation) -> Bool = { _ in false }) -> Bool {
        referencingSites(function, of: type).contains { !excluded($0) }
    }

    /// The places `mayReference(_:of:)` counts, looked at lazily (each as it is asked for).
    func referencingSites(_ function: FunctionDecl, of type: TypeInfo) -> LazyFilterSequence<[TokenLocation]> {
        let sites = namedFunctions[function.name] ?? []
        // When one project type alone declares a member of the name, a project type code
        // names the member through is that type's lineage (or another module's subclass):
        // the receiver's type is not looked for.
        let typedReceivers = Set(typesDeclaring(member: function.name)).count > 1
        let lineage = Set(typeAndAncestors(of: type).map(\.name))
        let labels = Set(function.parameters.compactMap { $0.label.map(Self.unescaped) })
        let isVariadic = function.parameters.contains { $0.type?.text.hasSuffix("...") ?? false }
        return sites.lazy.filter { site in
            let reference = self.reference(at: site, typedReceiver: typedReceivers)
            guard !reference.namesParameter else { return false }
            if let arguments = reference.arguments, !isVariadic {
                guard arguments.count <= function.parameters.count, arguments.allSatisfy({ $0.map(labels.contains) ?? true }) else { return false }
            }
            if reference.throughForeignType { return false }
            guard let receiver = reference.receiver else { return true }
            // The type or an ancestor (the call may dispatch to `type`'s override), or a
            // subclass (it inherits the method).
            return lineage.contains(receiver) || self.types[receiver].map { self.typeAndAncestors(of: $0).contains { $0.name == type.name } } ?? true
        }
    }

    /// A label without the backticks that let a keyword be one (`` `in` ``).
    private static func unescaped(_ label: String) -> String {
        label.hasPrefix("`") ? String(label.filter { $0 != "`" }) : label
    }

    /// How code names a method at `site`: the static type it names it through
    /// (`referenceReceiver(at:)`, for a member only when `typedReceiver`) and, for a call,
    /// the labels of its parenthesized arguments. Computed once per site.
    private func reference(at site: TokenLocation, typedReceiver: Bool) -> FunctionReference {
        functionReferences.value(for: site) {
            let file = files[site.file]
            let arguments = file.kind(site.token + 1) == .leftParen
                ? file.call(at: site.token, limit: file.tokens.count)?.arguments.map { file.argumentList($0).map { $0.label.map { Self.unescaped(file.text($0)) } } }
                : nil
            let isMember = file.kind(site.token - 1) == .period
            // An unqualified name a parameter of the enclosing function or initializer
            // declares is that parameter: Swift looks it up in the innermost scope first.
            let namesParameter = !isMember && codeContexts(inFile: site.file).innermost(containing: site.token).map { context in
                context.parameters.contains { file.spells(site.token, $0.name) }
            } ?? false
            return FunctionReference(
                receiver: isMember && !typedReceiver ? nil : referenceReceiver(at: site), arguments: arguments, namesParameter: namesParameter,
                throughForeignType: isMember && isThroughForeignProperty(site))
        }
    }

    /// The static type whose member the name at `site` refers to: the receiver of
    /// `x.name`, `self?.name`, `a.b.name` typed by `staticType(of:in:context:)`, or the
    /// project type `Type.name` names; for an
    /// unqualified `name`, the project type whose code holds it (not a protocol: its
    /// conformers run that code). Nil when not known.
    private func referenceReceiver(at site: TokenLocation) -> String? {
        let file = files[site.file]
        guard let context = codeContexts(inFile: site.file).innermost(containing: site.token) else { return nil }
        guard file.kind(site.token - 1) == .period else {
            guard let scope = context.type, let info = types[scope], info.kind != nil, info.kind != .protocol else { return nil }
            return scope
        }
        // The receiver's chain of simple names, back from the `.` before the name.
        var last = site.token - 2
        if file.kind(last) == .postfixQuestionMark || file.kind(last) == .exclamationMark { last -= 1 }
        guard file.isWord(last) else { return nil }
        var root = last
        while file.kind(root - 1) == .period {
            var previous = root - 2
            if file.kind(previous) == .postfixQuestionMark || file.kind(previous) == .exclamationMark { previous -= 1 }
            guard file.isWord(previous) else { return nil }
            root = previous
        }
        if let type = staticType(of: root..<last + 1, in: site.file, context: context) { return type }
        // `Endpoints.post(…)`: a static member of the project type named, or its instance
        // method unapplied (`Model.post`).
        guard root == last, let named = type(named: file.text(root), from: context.type, file: site.file), named.kind != nil else { return nil }
        return named.name
    }

    /// Whether the member at `site` is named through a stored property of the enclosing type
    /// (`context.save()`, `self.context.save()`) declared of a type the project neither
    /// declares nor aliases, nor a generic parameter (`let context: ModelContext`): the call
    /// runs that type's method, never a project one of the same name.
    private func isThroughForeignProperty(_ site: TokenLocation) -> Bool {
        let file = files[site.file]
        var name = site.token - 2
        if file.kind(name) == .postfixQuestionMark || file.kind(name) == .exclamationMark { name -= 1 }
        guard file.kind(name) == .identifier, let context = codeContexts(inFile: site.file).innermost(containing: site.token),
            let scope = context.type, let info = types[scope]
        else { return false }
        if file.kind(name - 1) == .period {
            guard file.at(name - 2, "self"), file.kind(name - 3) != .period else { return false }
        } else if context.parameters.contains(where: { file.spells(name, $0.name) }) {
            return false
        }
        guard let (declared, property) = info.property(named: file.text(name)), property.isStored,
            let held = declaredShape(of: property, in: files[declared], scope: scope)?.directName,
            held.startsWithUppercase, !held.contains("."), !mayNameType(simpleName: held)
        else { return false }
        return !info.declarations.contains { declaration in
            declaration.decl.genericParameters?.contains { files[declaration.file].spells($0, held) } ?? false
        }
    }

    /// Where code names each function name of the project types, other than in a
    /// declaration (`func name`, `var name`, `let name`), found in one pass over every file
    /// (`FunctionNameScan`, which finds the `CallTables` too).
    var namedFunctions: [String: [TokenLocation]] { functionNameScan.namedFunctions }

    var functionNameScan: FunctionNameScan {
        functionNameScanOnce.value { FunctionNameScan.collect(index: self) }
    }

    /// The names of the project types' methods (`FunctionDecl.Kind.function`), straight
    /// from the declarations (`TypeInfo.functions` builds an array per type).
    func declaredMethodNames() -> [String] {
        var declared: [String] = []
        for info in types.values {
            for declaration in info.declarations {
                for function in declaration.decl.functions where function.kind == .function { declared.append(function.name) }
            }
        }
        return declared
    }

    /// Whether the name at `token` cannot be a function: it is assigned (`self.load = x`:
    /// a method cannot be), has a member (`load.execute()`: a function value has none), or
    /// is a label (`f(load: x)`, a parameter `load: Loader`, `with load: Loader`), as a
    /// property or parameter sharing a method's name is.
    static func namesNoFunction(at token: Int, in file: ParsedFile) -> Bool {
        let next = file.kind(token + 1)
        if next == .equal || next == .period { return true }
        guard next == .colon else { return false }
        let previous = file.kind(token - 1)
        if previous == .leftParen || previous == .comma { return true }
        // An external label or `_` before a parameter's name.
        let beforeLabel = file.kind(token - 2)
        return (file.isWord(token - 1) || file.at(token - 1, "_")) && (beforeLabel == .leftParen || beforeLabel == .comma)
    }

    /// Whether the project is a whole program, so that its own code is all the code that
    /// can call its internal functions: it declares its entry point (an `App`, a `@main`,
    /// `@UIApplicationMain` or `@NSApplicationMain` type, a `main.swift`). A library or a
    /// snippet has callers it does not show (its clients, its tests).
    public var isWholeProgram: Bool {
        wholeProgram.value {
            types.values.contains { info in
                info.traits.contains(.app)
                    || info.declarations.contains { $0.decl.attributes.contains { Self.entryPointAttributes.contains($0.simpleName) } }
            } || ownFiles.contains { files[$0].path.hasSuffix("/main.swift") || files[$0].path == "main.swift" }
        }
    }

    /// The `@main` `App` types, when the project holds several and the targets that would
    /// tell them apart (an Xcode target, a SwiftPM target's folder) are not known for all of
    /// them; empty otherwise. One module has at most one `@main` entry point (SE-0281) and
    /// declares a type name once, so these files are several programs read as one: which App
    /// shows a view, and which declaration a name means in each, is not known from the code alone.
    public var mergedApps: [String] {
        mergedAppsValue.value {
            let apps = types.values.filter { info in
                info.traits.contains(.app) && info.declarations.contains { $0.decl.attributes.contains(named: "main") }
            }
            guard apps.count > 1, apps.contains(where: { app in
                app.declarations.contains { buildTargets[$0.file] == nil && packageTargets[$0.file] == nil }
            }) else { return [] }
            return apps.map(\.name).sorted()
        }
    }

    /// Compared as they are (three names: no `String` made, nothing hashed).
    private static let entryPointAttributes: [Substring] = ["main", "UIApplicationMain", "NSApplicationMain"]

    /// Whether a function named `name` of `type` may be the witness of a protocol
    /// requirement: the type (an ancestor, an extension) conforms to a project protocol that
    /// declares the name, or to a protocol the project does not declare whose requirements
    /// are not known to leave the name out.
    func possiblyWitnesses(_ name: String, in type: TypeInfo) -> Bool {
        for owner in typeAndAncestors(of: type) {
            for inherited in owner.inherited where inherited != owner.name {
                if let declared = types[inherited], declared.kind != nil {
                    if declared.kind == .protocol,
                        declared.declarations.contains(where: { $0.decl.functions.contains { $0.name == name } })
                    {
                        return true
                    }
                    if declared.kind == .protocol, possiblyWitnesses(name, in: declared) { return true }
                } else if possiblyWitnessesKnownRequirement(name, of: inherited) {
                    return true
                }
            }
        }
        return false
    }

    /// Whether a function named `name` may witness a requirement of `inherited`, a
    /// protocol (or base class) the project does not declare: unless its requirements are
    /// known to leave the name out.
    func possiblyWitnessesKnownRequirement(_ name: String, of inherited: String) -> Bool {
        Self.knownRequirements[String(inherited.simpleTypeName)].map { $0.contains(name) } ?? true
    }

    static let runtimeCalledAttributes: Set<String> = ["objc", "IBAction", "IBSegueAction", "NSManaged", "_dynamicReplacement"]

    /// The method requirements of protocols (and a base class) the SDK declares whose other
    /// members are no methods: a function of another name witnesses none of them.
    static let knownRequirements: [String: Set<String>] = [
        "ObservableObject": [], "Observable": [], "Identifiable": [], "Sendable": [], "Equatable": ["=="],
        "Hashable": ["hash", "=="], "Comparable": ["<", "<=", ">", ">="], "Codable": ["encode"], "Encodable": ["encode"],
        "Decodable": [], "CustomStringConvertible": [], "CustomDebugStringConvertible": [], "Error": [],
        "LocalizedError": [], "View": [], "SwiftUI.View": [], "App": [], "Scene": [], "DynamicProperty": ["update"],
        "AnyObject": [], "CaseIterable": [], "RawRepresentable": [], "Combine.ObservableObject": [],
    ]

    /// Whether a closure passed to a project function runs while the call runs: every
    /// project function of the callee's name that can take it binds it to a non-escaping
    /// parameter (`func withPinned(_ body: (inout [Tab]) -> Void)`,
    /// `func subscribe(_ key: Key, initial: (Value) -> Void, didSet: ((Value) -> Void)? = nil)`
    /// for `subscribe(key) { value = $0 }`). Swift runs such a closure before the call
    /// returns (or not at all), in the caller's flow; an escaping or optional function
    /// parameter may keep it for later.
    func runsWhileCalled(_ closure: Scope, in file: ParsedFile) -> Bool {
        guard case .closure(let callee?, let labelToken) = closure.kind else { return false }
        let overloads = closureTakingFunctions.value {
            var result: [String: [[ClosureSlot]]?] = [:]
            func add(_ function: FunctionDecl) {
                guard function.kind == .function else { return }
                // A function of the name that takes no closure may take it as a generic value.
                guard function.parameters.contains(where: ClosureSlot.takesClosure) else {
                    result[function.name] = .some(nil)
                    return
                }
                if case .some(nil) = result[function.name] { return }
                result[function.name, default: []]?.append(function.parameters.map(ClosureSlot.init))
            }
            for info in types.values {
                for declaration in info.declarations { for function in declaration.decl.functions { add(function) } }
            }
            for file in files { for function in file.functions { add(function) } }
            return result
        }
        guard case .some(let candidates?) = overloads[file.text(callee)] else { return false }
        let binding: ClosureSlot.Binding
        if let labelToken {
            binding = .label(file.text(labelToken))
        } else if file.kind(closure.range.lowerBound - 1) == .leftParen || file.kind(closure.range.lowerBound - 1) == .comma {
            binding = .unlabeledArgument
        } else {
            let arguments = closure.callArguments.map { file.argumentList($0).map { $0.label.map(file.text) } } ?? []
            binding = .firstTrailing(after: arguments)
        }
        var matched = false
        for slots in candidates {
            switch ClosureSlot.bound(binding, in: slots) {
            case .unmatched: continue
            case .unknown: return false
            case .slot(let slot):
                guard !slot.escapes else { return false }
                matched = true
            }
        }
        return matched
    }
}

/// What a parameter of a project function says about a closure passed to it
/// (`ProjectIndex.runsWhileCalled(_:in:)`).
struct ClosureSlot: Sendable {
    let label: String?
    /// Its type is a function type (`(T) -> Void`, `(() -> Void)?`).
    let takesClosure: Bool
    /// `@escaping`, or an optional function type (which is escaping).
    let escapes: Bool
    let hasDefault: Bool

    private static let arrow = Array("->".utf8)
    private static let escaping = Array("@escaping".utf8)

    init(_ parameter: Parameter) {
        label = parameter.label
        hasDefault = parameter.defaultValue != nil
        // Searched on the UTF-8 bytes: Foundation's `contains` cost about 5,000
        // instructions a parameter.
        let text = parameter.type?.text ?? ""
        takesClosure = Self.takesClosure(parameter)
        escapes = text.utf8.holds(Self.escaping) || text.hasSuffix("?") || text.hasSuffix("!")
    }

    /// Whether the parameter's type is a function type (`takesClosure`).
    static func takesClosure(_ parameter: Parameter) -> Bool {
        (parameter.type?.text ?? "").utf8.holds(arrow)
    }

    /// Where a call passes the closure.
    enum Binding {
        /// `initial: { }` in the parentheses, or a later trailing closure `} initial: {`.
        case label(String)
        /// `f({ })`, `f(x, { })`.
        case unlabeledArgument
        /// `f(a, b: c) { }`, with the labels of the parenthesized arguments.
        case firstTrailing(after: [String?])
    }

    enum Bound {
        /// The function cannot take the call's arguments.
        case unmatched
        /// Which parameter takes it is not known.
        case unknown
        case slot(ClosureSlot)
    }

    static func bound(_ binding: Binding, in slots: [ClosureSlot]) -> Bound {
        switch binding {
        case .label(let label):
            return slots.first { $0.label == label }.map { .slot($0) } ?? .unmatched
        case .unlabeledArgument:
            // Its position is not looked at: every unlabeled function parameter must agree.
            let unlabeled = slots.filter { $0.label == nil && $0.takesClosure }
            return unlabeled.first.map { .slot(unlabeled.first(where: \.escapes) ?? $0) } ?? .unmatched
        case .firstTrailing(let arguments):
            guard let bound = ArgumentBinding.parameters(of: arguments + [nil], firstTrailingClosure: arguments.count, in: slots, complete: false)
            else { return .unmatched }
            let slot = slots[bound[arguments.count]]
            // A parameter of a type named otherwise (`Handler`) may be a function type.
            return slot.takesClosure ? .slot(slot) : .unknown
        }
    }
}

/// A parameter as Swift's argument matching sees it (`ArgumentBinding`).
protocol BindableParameter {
    var argumentLabel: String? { get }
    var isDefaulted: Bool { get }
    /// Its type is written as a function type (`(T) -> Void`, `(() -> Void)?`).
    var isFunctionTyped: Bool { get }
}

extension ClosureSlot: BindableParameter {
    var argumentLabel: String? { label }
    var isDefaulted: Bool { hasDefault }
    var isFunctionTyped: Bool { takesClosure }
}

extension Parameter: BindableParameter {
    var argumentLabel: String? { label }
    var isDefaulted: Bool { defaultValue != nil }
    var isFunctionTyped: Bool { ClosureSlot.takesClosure(self) }
}

/// Swift's forward scan of a call's arguments over a function's parameters (SE-0286).
enum ArgumentBinding {
    /// For each argument (labels in order, nil for an unlabeled one, trailing closures
    /// last), the index of the parameter it binds to: a labelled or unlabeled argument takes
    /// the next parameter of its label, skipping defaulted ones; the first trailing closure
    /// (at `firstTrailingClosure`, whatever its placeholder label) takes the next parameter
    /// that is function-typed or requires an argument, skipping a defaulted function-typed one
    /// when a later function-typed one requires an argument before the parameter of the next
    /// argument's label. Nil when the arguments do not
    /// bind, or (`complete`) a parameter left over requires one.
    static func parameters<P: BindableParameter>(
        of labels: [String?], firstTrailingClosure: Int?, in parameters: [P], complete: Bool = true
    ) -> [Int]? {
        var result: [Int] = []
        result.reserveCapacity(labels.count)
        var next = 0
        for (position, label) in labels.enumerated() {
            if position == firstTrailingClosure {
                while next < parameters.count {
                    let parameter = parameters[next]
                    if parameter.isFunctionTyped {
                        if !(parameter.isDefaulted && laterClosureRequired(after: next, before: labels[position + 1..<labels.count].first, in: parameters)) {
                            break
                        }
                    } else if !parameter.isDefaulted {
                        break
                    }
                    next += 1
                }
            } else {
                while next < parameters.count, parameters[next].argumentLabel != label {
                    guard parameters[next].isDefaulted else { return nil }
                    next += 1
                }
            }
            guard next < parameters.count else { return nil }
            result.append(next)
            next += 1
        }
        if complete, !parameters[next...].allSatisfy(\.isDefaulted) { return nil }
        return result
    }

    /// Whether a function-typed parameter after `index` requires an argument, up to the one
    /// labelled as the next argument (`label`; a later trailing closure `} onDone: {`) when
    /// there is one: the first trailing closure is left for it.
    private static func laterClosureRequired<P: BindableParameter>(after index: Int, before label: String??, in parameters: [P]) -> Bool {
        for parameter in parameters[(index + 1)...] {
            if let label, parameter.argumentLabel == label { return false }
            if parameter.isFunctionTyped && !parameter.isDefaulted { return true }
        }
        return false
    }
}

extension String.UTF8View {
    /// Whether the bytes hold `needle` somewhere.
    fileprivate func holds(_ needle: [UInt8]) -> Bool {
        // A native string's bytes are searched in place (asked for every parameter of every
        // function of the project).
        if let found = withContiguousStorageIfAvailable({ bytes in
            bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { start in
                needle.indices.allSatisfy { bytes[start + $0] == needle[$0] }
            }
        }) {
            return found
        }
        guard let first = needle.first else { return true }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            if self[found...].starts(with: needle) { return true }
            start = index(after: found)
        }
        return false
    }
}

/// How code names a function at a place (`ProjectIndex.mayReference(_:of:)`).
struct FunctionReference: Sendable {
    /// The static type it names the function through; nil when unknown.
    let receiver: String?
    /// A call's argument labels (nil for an unlabeled one); nil when it is no call with
    /// parentheses.
    let arguments: [String?]?
    /// The name is unqualified and a parameter of the enclosing function declares it.
    let namesParameter: Bool
    /// A member named through a property of a type the project does not declare.
    let throughForeignType: Bool
}

/// A method of a project type and the file declaring it (`ProjectIndex.neverRuns`).
struct ProjectMethod {
    let file: Int
    let function: FunctionDecl
    let owner: TypeInfo

    var key: TokenLocation { TokenLocation(file: file, token: function.nameToken) }
}

/// Which methods `ProjectIndex.neverRuns` found unreachable (true) or reachable (false),
/// shared by the rules' threads.
final class MethodReachability: @unchecked Sendable {
    private let lock = NSLock()
    private var unreachable: [TokenLocation: Bool] = [:]

    func known(_ key: TokenLocation) -> Bool? {
        lock.lock()
        defer { lock.unlock() }
        return unreachable[key]
    }

    /// Records `value` for `key` unless known already; returns it.
    @discardableResult
    func record(_ value: Bool, for key: TokenLocation) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if unreachable[key] == nil { unreachable[key] = value }
        return value
    }
}
