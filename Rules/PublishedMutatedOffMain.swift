import ObservationLintCore
import ObservationSyntax

public struct PublishedMutatedOffMain: Rule {
    public static let description = RuleDescription(
        id: "published_mutated_off_main",
        name: "@Published mutated off the main thread",
        category: .observableObject,
        group: .correctness,
        summary: "A `@Published` property changes in a closure that runs off the main thread.",
        rationale: """
            A `@Published` property sends `objectWillChange` on the thread that changes it, and \
            SwiftUI expects every change a view observes on the main thread. Changed from \
            `DispatchQueue.global().async`, a private `DispatchQueue(label:)`, `Task.detached`, an \
            `OperationQueue()` operation, a `URLSession` completion handler, or a `Task { }` that \
            inherits no actor (neither the class nor the method is `@MainActor`), it races with the \
            view reading it: SwiftUI warns "Publishing changes from background threads is not \
            allowed", views update late or not at all, and data races can crash.
            """,
        fix: """
            Hop back to the main thread before the change (`DispatchQueue.main.async { … }`, \
            `await MainActor.run { … }`, `Task { @MainActor in … }`), or isolate the class to the \
            main actor with `@MainActor` and do only the slow work elsewhere.
            """,
        triggeringExamples: [
            """
            final class FeedModel: ObservableObject {
                @Published var items: [String] = []
                func reload() {
                    DispatchQueue.global(qos: .userInitiated).async {
                        let loaded = ["a", "b"]
                        ↓self.items = loaded
                    }
                }
            }
            """,
            """
            final class PhotoStore: ObservableObject {
                @Published var thumbnails: [Data] = []
                private let queue = DispatchQueue(label: "photos")
                func add(_ data: Data) {
                    queue.async { [weak self] in
                        ↓self?.thumbnails.append(data)
                    }
                }
            }
            """,
            """
            class Loader: ObservableObject {
                @Published var isLoading = false
            }
            final class ArticleLoader: Loader {
                func load() {
                    Task.detached {
                        ↓self.isLoading = true
                    }
                }
            }
            """,
            """
            final class WeatherModel: ObservableObject {
                @Published var forecast = ""
                func fetch(_ url: URL) {
                    URLSession.shared.dataTask(with: url) { data, response, error in
                        ↓self.forecast = String(decoding: data ?? Data(), as: UTF8.self)
                    }.resume()
                }
            }
            """,
            """
            final class SearchModel: ObservableObject {
                @Published var results: [String] = []
                @Published var isSearching = false
                func search(_ query: String) {
                    Task {
                        ↓isSearching = true
                        ↓results = await Backend.search(query)
                    }
                }
            }
            """,
            """
            final class Indexer: ObservableObject {
                @Published var progress = 0.0
                func start() {
                    let operations = OperationQueue()
                    operations.addOperation {
                        ↓self.progress = 1
                    }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            @MainActor
            final class FeedModel: ObservableObject {
                @Published var items: [String] = []
                func reload() {
                    Task { items = await Backend.items() }
                }
            }
            """,
            """
            final class FeedModel: ObservableObject {
                @Published var items: [String] = []
                func reload() {
                    DispatchQueue.global().async {
                        let loaded = ["a"]
                        DispatchQueue.main.async { self.items = loaded }
                    }
                }
            }
            """,
            """
            final class FeedModel: ObservableObject {
                @Published var items: [String] = []
                func reload() {
                    Task.detached {
                        let loaded = await Backend.items()
                        await MainActor.run { self.items = loaded }
                    }
                    Task { @MainActor in self.items = [] }
                }
            }
            """,
            """
            final class FeedModel: ObservableObject {
                @Published var items: [String] = []
                @MainActor func reload() {
                    Task { items = await Backend.items() }
                }
            }
            """,
            """
            final class FeedModel: ObservableObject {
                @Published var items: [String] = []
                func reload() {
                    DispatchQueue.global().async {
                        var items = ["a"]
                        items.append("b")
                        self.apply(items)
                    }
                }
                func apply(_ items: [String]) { self.items = items }
            }
            """,
            """
            @MainActor class Store: ObservableObject {
                @Published var count = 0
            }
            final class CounterStore: Store {
                func increment() {
                    Task { count += 1 }
                }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, type) in index.typeDeclarations(in: context.fileIndex)
        where type.isClass && !ActorIsolation.isMainActor(type, index: index) {
            let lineage = index.typeAndAncestors(of: type)
            var published: [String: Property] = [:]
            for (_, property) in lineage.flatMap(\.properties)
            where property.attributes.contains(named: "Published") && !property.modifiers.contains("static") {
                if published[property.name] == nil { published[property.name] = property }
            }
            guard !published.isEmpty else { continue }
            let checker = Checker(
                context: context, type: type, published: published, queues: QueueFacts(lineage, index: index),
                tasksMayRunOnMain: ActorIsolation.mayInheritIsolation(type, index: index))
            var findings: [Finding] = []
            for function in decl.functions where !isMainActor(function) {
                guard let body = function.body else { continue }
                findings += checker.findings(in: body, parameters: Set(function.parameters.map(\.name)), function: function.name)
            }
            for property in decl.properties where !property.attributes.contains(named: "MainActor") {
                for accessor in property.accessors {
                    guard let body = accessor.body else { continue }
                    findings += checker.findings(in: body, parameters: ["newValue", "oldValue"], function: property.name)
                }
            }
            for finding in findings {
                context.report(finding.message, at: finding.tokens, notes: [finding.note], help: finding.help)
            }
        }
    }

    private func isMainActor(_ function: FunctionDecl) -> Bool {
        function.attributes.contains(named: "MainActor")
    }
}

private struct Finding {
    let message: String
    let tokens: Range<Int>
    let note: DiagnosticNote
    let help: String
}

/// Properties of a class (and its superclasses) that hold a queue running work off the main
/// thread, by name.
private struct QueueFacts {
    enum Kind {
        case dispatchQueue, operationQueue, urlSession
        /// A queue whose `underlyingQueue` is set: it may run on the main queue.
        case retargeted
    }
    var byName: [String: Kind] = [:]

    init(_ lineage: [TypeInfo], index: ProjectIndex) {
        for type in lineage {
            for declaration in type.declarations {
                let file = index.files[declaration.file]
                for property in declaration.decl.properties {
                    if let initializer = property.initializer, let kind = Self.kind(of: initializer, in: file) {
                        byName[property.name] = kind
                    }
                }
                // `self.queue = DispatchQueue(label: …)` in an initializer.
                for function in declaration.decl.functions where function.kind == .initializer {
                    guard let body = function.body else { continue }
                    for assignment in file.assignments(in: body) {
                        let path = file.path(of: assignment.target)
                        if path.count == 1, let kind = Self.kind(of: assignment.value, in: file) {
                            byName[path[0]] = kind
                        }
                    }
                }
                // `queue.underlyingQueue = .main` runs the operations on the main queue.
                for function in declaration.decl.functions {
                    guard let body = function.body else { continue }
                    for assignment in file.assignments(in: body) {
                        let path = file.path(of: assignment.target)
                        if path.count == 2, path[1] == "underlyingQueue" { retargeted.insert(path[0]) }
                    }
                }
            }
        }
        for name in retargeted { byName[name] = nil }
    }

    private var retargeted = Set<String>()

    /// What an expression creates: a private dispatch queue (`DispatchQueue(label:)` without a
    /// `target:`), a new `OperationQueue()`, or a `URLSession` whose handlers run on its own
    /// background queue (`URLSession.shared`, or created without a `delegateQueue`).
    static func kind(of expression: Range<Int>, in file: ParsedFile) -> Kind? {
        guard let first = expression.first,
            file.at(first, "DispatchQueue") || file.at(first, "OperationQueue") || file.at(first, "URLSession")
        else { return nil }
        let text = compact(file.text(expression))
        if text.hasPrefix("DispatchQueue(label:"), !text.contains("target:"), text.hasSuffix(")") {
            return .dispatchQueue
        }
        if text == "OperationQueue()" { return .operationQueue }
        if text == "URLSession.shared" { return .urlSession }
        if text.hasPrefix("URLSession(configuration:"), text.hasSuffix(")"),
            !text.contains("delegateQueue:") || text.contains("delegateQueue:nil)")
        {
            return .urlSession
        }
        return nil
    }
}

private func compact(_ text: String) -> String {
    String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
}

private struct Checker {
    let context: RuleContext
    let type: TypeInfo
    let published: [String: Property]
    let queues: QueueFacts
    /// The class inherits from a type outside the project that may isolate it to the main
    /// actor, so a plain `Task { }` might inherit the main actor.
    let tasksMayRunOnMain: Bool

    private var file: ParsedFile { context.file }

    /// Where a closure runs.
    enum Place {
        /// Off the main thread, started by the call at `token` (described by `what`).
        case offMain(what: String, token: Int)
        /// A plain `Task { }`: off the main thread when nothing around it is isolated.
        case plainTask(token: Int)
        /// Back on the main thread.
        case main
        /// Where its caller runs (`map`, `forEach`, a statement block).
        case caller
        /// Unknown.
        case unknown
    }

    func findings(in body: Range<Int>, parameters: Set<String>, function: String) -> [Finding] {
        let scopes = file.scopes(in: body)
        guard scopes.scopes.contains(where: \.isClosure) else { return [] }
        let selfAliases = selfAliases(in: body)
        let locals = file.localNames(in: body).union(parameters).subtracting(selfAliases)
        let localQueues = localQueues(in: body)
        var results: [Finding] = []
        var reported = Set<Int>()
        for chain in mutatedChains(in: body) where !reported.contains(chain.root) {
            guard let property = publishedProperty(changedBy: chain, locals: locals, selfAliases: selfAliases),
                let (what, token) = offMainPlace(of: chain.root, scopes: scopes, localQueues: localQueues)
            else { continue }
            reported.insert(chain.root)
            let isTask = what == nil
            let message = isTask
                ? "`\(property.name)` is `@Published` and changes in a `Task { }` that inherits no actor (neither `\(type.name)` nor `\(function)` is `@MainActor`), so it runs on a background thread: views observing it update from off the main thread"
                : "`\(property.name)` is `@Published` and changes inside \(what ?? "a task"), off the main thread: views observing it update from a background thread"
            let note = isTask
                ? context.note("this task runs on the cooperative thread pool", at: token..<token + 1)
                : context.note("this closure runs off the main thread", at: token..<token + 1)
            results.append(
                Finding(
                    message: message, tokens: chain.root..<chain.last + 1, note: note,
                    help: isTask
                        ? "mark `\(type.name)` (or `\(function)`) `@MainActor`, or change it in `await MainActor.run { … }`"
                        : "change it on the main thread (`DispatchQueue.main.async { … }` or `await MainActor.run { … }`), or mark `\(type.name)` `@MainActor`"))
        }
        return results
    }

    // MARK: - Mutations

    /// Chains the body changes: assignment targets, receivers of mutating methods
    /// (`items.append(x)`), and `&chain` arguments.
    private func mutatedChains(in body: Range<Int>) -> [MemberChain] {
        var chains = file.assignments(in: body).map(\.target)
        for chain in file.memberChains(in: body) {
            if chain.names.count >= 2, file.isCalled(chain), mutatingMethods.contains(file.text(chain.last)) {
                var receiver = chain
                receiver.names.removeLast()
                receiver.end = chain.last - 1
                chains.append(receiver)
            } else if file.kind(chain.root - 1) == .prefixAmpersand {
                chains.append(chain)
            }
        }
        return chains.sorted { $0.root < $1.root }
    }

    /// The `@Published` property a chain changes: `self.items`, `self?.items`,
    /// `strongSelf.items`, or `items` not hidden by a local or parameter. Deeper chains
    /// (`self.settings.theme = …`, `items[0].done = …`) change the property only when it
    /// holds a value type.
    private func publishedProperty(changedBy chain: MemberChain, locals: Set<String>, selfAliases: Set<String>) -> Property? {
        let root = file.text(chain.root)
        let names: ArraySlice<Int>
        if root == "self" || selfAliases.contains(root) {
            names = chain.names.dropFirst()
        } else if file.kind(chain.root) == .identifier, !locals.contains(root) {
            names = chain.names[...]
        } else {
            return nil
        }
        guard let first = names.first, let property = published[file.text(first)] else { return nil }
        if names.count > 1 || subscripted(after: first) {
            guard holdsValue(property) else { return nil }
        }
        return property
    }

    private func subscripted(after token: Int) -> Bool {
        file.kind(token + 1) == .leftSquare && !file.tokens[token + 1].flags.contains(.leadingSpace)
    }

    /// Whether the property holds a value type, so that changing a part of it changes it.
    private func holdsValue(_ property: Property) -> Bool {
        guard let (fileIndex, _) = context.index.typeAndAncestors(of: type).lazy
            .compactMap({ info in info.property(named: property.name).map { ($0.file, info) } }).first
        else { return false }
        let propertyFile = context.index.files[fileIndex]
        if let shape = context.index.declaredShape(of: property, in: propertyFile, scope: type.name) {
            return context.index.modelKind(of: shape, from: type.name) == .valueType
        }
        // An untyped literal: `= []`, `= [:]`, `= 0`, `= ""`, `= false`.
        guard let initializer = property.initializer, let first = propertyFile.kind(initializer.lowerBound) else { return false }
        return first == .leftSquare || first == .integerLiteral || first == .floatLiteral || first == .stringQuote
            || propertyFile.at(initializer.lowerBound, "true") || propertyFile.at(initializer.lowerBound, "false")
    }

    /// `let strongSelf = self`, `guard let this = self`: names standing for `self`.
    private func selfAliases(in body: Range<Int>) -> Set<String> {
        var names = Set<String>()
        for index in body where file.at(index, "let") || file.at(index, "var") {
            if file.kind(index + 1) == .identifier, file.kind(index + 2) == .equal, file.at(index + 3, "self"),
                file.kind(index + 4) != .period, file.kind(index + 4) != .postfixQuestionMark
            {
                names.insert(file.text(index + 1))
            }
        }
        return names
    }

    /// `let queue = DispatchQueue(label: …)` and the like in the body (not an operation queue
    /// whose `underlyingQueue` the body sets).
    private func localQueues(in body: Range<Int>) -> [String: QueueFacts.Kind] {
        var result: [String: QueueFacts.Kind] = [:]
        for chain in file.memberChains(in: body) where chain.names.count == 2 && file.text(chain.last) == "underlyingQueue" {
            result[file.text(chain.root)] = .retargeted
        }
        for index in body where file.at(index, "let") || file.at(index, "var") {
            guard file.kind(index + 1) == .identifier, file.kind(index + 2) == .equal else { continue }
            let end = file.expressionEnd(from: index + 3, end: body.upperBound, stopAtComma: true)
            if result[file.text(index + 1)] == nil, let kind = QueueFacts.kind(of: index + 3..<end, in: file) {
                result[file.text(index + 1)] = kind
            }
        }
        return result
    }

    // MARK: - Where code runs

    /// When the token runs off the main thread: what sends it there (nil for a plain `Task`)
    /// and the call's token.
    private func offMainPlace(
        of token: Int, scopes: BodyScopes, localQueues: [String: QueueFacts.Kind]
    ) -> (String?, Int)? {
        let enclosing = scopes.enclosing(token)
        for (position, scope) in enclosing.enumerated() {
            switch place(of: scope, localQueues: localQueues) {
            case .caller: continue
            case .main, .unknown: return nil
            case .offMain(let what, let call): return (what, call)
            case .plainTask(let call):
                // The task inherits the isolation of the code around it: nonisolated here
                // only if every closure around it is known not to run on the main actor.
                guard !tasksMayRunOnMain else { return nil }
                for outer in enclosing[(position + 1)...] {
                    switch place(of: outer, localQueues: localQueues) {
                    case .caller: continue
                    case .offMain: return (nil, call)
                    default: return nil
                    }
                }
                return (nil, call)
            }
        }
        return nil
    }

    private func place(of scope: Scope, localQueues: [String: QueueFacts.Kind]) -> Place {
        guard case .closure(let callee, let label) = scope.kind else { return .caller }
        if ActorIsolation.isMainActorClosure(scope.range.lowerBound, in: file) { return .main }
        guard let callee else { return .unknown }
        let name = file.text(callee)
        let receiver = receiverText(of: callee)
        switch name {
        case "Task":
            return receiver == nil ? .plainTask(token: callee) : .unknown
        case "detached":
            return receiver == "Task" ? .offMain(what: "`Task.detached`", token: callee) : .unknown
        case "async", "asyncAfter":
            guard let receiver else { return .unknown }
            if isMainQueue(receiver) { return .main }
            if receiver.hasPrefix("DispatchQueue.global(") {
                return .offMain(what: "`DispatchQueue.global().\(name)`", token: callee)
            }
            if queueKind(receiver, localQueues: localQueues) == .dispatchQueue
                || QueueFacts.kindOfText(receiver) == .dispatchQueue
            {
                return .offMain(what: "`\(receiver).\(name)` (a queue created with `DispatchQueue(label:)`)", token: callee)
            }
            return .unknown
        case "sync":
            guard let receiver else { return .unknown }
            return isMainQueue(receiver) ? .main : .caller
        case "run", "assumeIsolated":
            return receiver == "MainActor" ? .main : .unknown
        case "addOperation", "addBarrierBlock":
            guard let receiver else { return .unknown }
            if receiver == "OperationQueue.main" || receiver == "OperationQueue.current" { return .main }
            if receiver == "OperationQueue()" || queueKind(receiver, localQueues: localQueues) == .operationQueue {
                return .offMain(what: "an operation of `\(receiver)` (an `OperationQueue()`)", token: callee)
            }
            return .unknown
        case "perform":
            return receiver == "RunLoop.main" ? .main : .unknown
        case "dataTask", "downloadTask", "uploadTask":
            guard let receiver, label.map({ file.at($0, "completionHandler") }) ?? true else { return .unknown }
            if receiver == "URLSession.shared" || queueKind(receiver, localQueues: localQueues) == .urlSession {
                return .offMain(what: "the completion handler of `\(receiver).\(name)`", token: callee)
            }
            return .unknown
        default:
            return callerRunsClosures.contains(name) ? .caller : .unknown
        }
    }

    private func isMainQueue(_ receiver: String) -> Bool {
        receiver == "DispatchQueue.main" || receiver == "Dispatch.DispatchQueue.main"
    }

    /// A queue held by a property of the class (`queue`, `self.queue`, `Self.queue`,
    /// `Type.queue`) or a local of the body.
    private func queueKind(_ receiver: String, localQueues: [String: QueueFacts.Kind]) -> QueueFacts.Kind? {
        if let local = localQueues[receiver] { return local }
        let components = receiver.filter { $0 != "?" && $0 != "!" }.split(separator: ".").map(String.init)
        guard let last = components.last else { return nil }
        switch components.count {
        case 1: return queues.byName[last] ?? globalQueue(named: last)
        case 2 where ["self", "Self", type.name, String(type.name.simpleTypeName)].contains(components[0]):
            return queues.byName[last]
        default: return nil
        }
    }

    /// A queue held by a global `let` of the project: `let imageQueue = DispatchQueue(label: …)`.
    private func globalQueue(named name: String) -> QueueFacts.Kind? {
        for file in context.index.files {
            for property in file.properties where property.name == name && property.isLet {
                if let initializer = property.initializer { return QueueFacts.kind(of: initializer, in: file) }
            }
        }
        return nil
    }

    /// The expression a call is made on, without spaces: `DispatchQueue.global(qos:.utility)`
    /// for `DispatchQueue.global(qos: .utility).async`, `self.queue` for `self.queue.async`.
    private func receiverText(of callee: Int) -> String? {
        guard file.kind(callee - 1) == .period else { return nil }
        var index = callee - 2
        var start: Int?
        var steps = 0
        while index >= 0, steps < 64 {
            steps += 1
            if file.kind(index) == .postfixQuestionMark || file.kind(index) == .exclamationMark { index -= 1 }
            if file.kind(index) == .rightParen || file.kind(index) == .rightSquare {
                let open = Int(file.partner[index])
                guard open >= 0, open < index else { return nil }
                index = open - 1
            }
            guard file.isWord(index) || file.kind(index) == .rightAngle else { break }
            if file.kind(index) == .rightAngle {
                let open = Int(file.partner[index])
                guard open > 0 else { return nil }
                index = open - 1
                continue
            }
            start = index
            guard file.kind(index - 1) == .period else { break }
            index -= 2
        }
        guard let start else { return nil }
        return compact(file.text(start..<callee - 1))
    }
}

extension QueueFacts {
    /// A queue created right where it is used: `DispatchQueue(label: "x").async { }`.
    static func kindOfText(_ text: String) -> Kind? {
        if text.hasPrefix("DispatchQueue(label:"), !text.contains("target:"), text.hasSuffix(")") { return .dispatchQueue }
        return nil
    }
}

/// Calls that run their closure right away, on the caller's thread.
private let callerRunsClosures: Set<String> = [
    "map", "compactMap", "flatMap", "filter", "forEach", "reduce", "sorted", "sort", "contains", "first",
    "firstIndex", "lastIndex", "last", "allSatisfy", "removeAll", "min", "max", "withAnimation", "autoreleasepool",
    "withLock", "enumerated", "partition", "prefix", "drop",
]

/// Methods that change the value they are called on.
private let mutatingMethods: Set<String> = [
    "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "toggle", "sort",
    "reverse", "shuffle", "popLast", "merge", "formUnion", "formIntersection", "subtract",
    "formSymmetricDifference", "updateValue", "removeValue", "replaceSubrange", "swapAt", "move",
]
