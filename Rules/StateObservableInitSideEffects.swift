import ObservationLintCore
import ObservationSyntax

public struct StateObservableInitSideEffects: Rule {
    public static let description = RuleDescription(
        id: "state_observable_init_side_effects",
        name: "@State observable with side-effecting init",
        category: .observation,
        group: .suspicious,
        summary: "`@State var m = Model()` where `Model`'s initializer starts work (a `Task`, a timer, an observer, a request).",
        rationale: """
            Unlike `@StateObject`, whose initial value is an autoclosure evaluated once, `@State` \
            evaluates its initial value every time the view's initializer runs, which is every \
            time the parent re-creates the view. SwiftUI keeps the first instance and throws the \
            new ones away, but their initializers have already run: each re-render starts \
            another `Task`, timer, notification observer or network request, and a load that \
            fills a discarded object.
            """,
        fix: """
            Keep initializers that only assign, and start the work from the view: \
            `.task { await model.load() }`. Or create the model lazily in `.task` \
            (`@State private var model: Model?`).
            """,
        triggeringExamples: [
            """
            @Observable final class Clock {
                var now = Date()
                private var timer: Timer?
                init() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.now = Date() }
                }
            }
            struct ClockView: View {
                @State private var ↓clock = Clock()
                var body: some View { Text(clock.now, style: .time) }
            }
            """,
            """
            @Observable final class FeedModel {
                var posts: [String] = []
                init(account: String) {
                    Task { await self.reload() }
                }
                func reload() async {}
            }
            struct FeedView: View {
                let account: String
                @State private var ↓model = FeedModel(account: "me")
                var body: some View { List(model.posts, id: \\.self) { Text($0) } }
            }
            """,
            """
            @Observable final class Inbox {
                var messages: [String] = []
                init() { loadMessages() }
                func loadMessages() {}
            }
            struct InboxView: View {
                @State private var ↓inbox = Inbox()
                var body: some View { Text("\\(inbox.messages.count)") }
            }
            """,
            """
            @Observable final class Connectivity {
                var isOnline = true
                init() {
                    NotificationCenter.default.addObserver(forName: .reachabilityChanged, object: nil, queue: .main) { _ in }
                }
            }
            struct StatusBar: View {
                @State private var ↓connectivity: Connectivity = .init()
                var body: some View { Text(connectivity.isOnline ? "Online" : "Offline") }
            }
            """,
            """
            @Observable final class Ticker {
                var ticks = 0
                let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
            }
            struct TickerView: View {
                @State private var ↓ticker = Ticker()
                var body: some View { Text("\\(ticker.ticks)") }
            }
            """,
            """
            @Observable final class Scores {
                var rows: [String] = []
                init() { startPolling() }
                func startPolling() {}
            }
            struct ScoresView: View {
                @State private var ↓scores: Scores
                init() { _scores = State(initialValue: Scores()) }
                var body: some View { List(scores.rows, id: \\.self) { Text($0) } }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            @Observable final class Counter {
                var value: Int
                init(value: Int = 0) { self.value = value }
            }
            struct CounterView: View {
                @State private var counter = Counter()
                var body: some View { Text("\\(counter.value)") }
            }
            """,
            """
            @Observable final class Library {
                var books: [String] = []
                func load() async {}
            }
            struct LibraryView: View {
                @State private var library = Library()
                var body: some View {
                    List(library.books, id: \\.self) { Text($0) }
                        .task { await library.load() }
                }
            }
            """,
            """
            final class Store: ObservableObject {
                init() { Task { await refresh() } }
                func refresh() async {}
            }
            struct StoreView: View {
                @StateObject private var store = Store()
                var body: some View { Text("Store") }
            }
            """,
            """
            @Observable final class Search {
                var query = ""
                var onSubmit: () -> Void = {}
                init(query: String) {
                    self.query = query
                    onSubmit = { [weak self] in self?.fetchResults() }
                }
                init() { Task { await self.start() } }
                func fetchResults() {}
                func start() async {}
            }
            struct SearchView: View {
                @State private var search = Search(query: "")
                var body: some View { TextField("Search", text: $search.query) }
            }
            """,
            """
            @Observable final class Session {
                var user: String?
                static let shared = Session()
                init() { Task { await self.fetchUser() } }
                func fetchUser() async {}
            }
            struct AccountView: View {
                @State private var session = Session.shared
                var body: some View { Text(session.user ?? "") }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        let effects = SideEffects(index: index)
        for (decl, view) in index.typeDeclarations(in: context.fileIndex) where view.isView {
            for property in decl.properties where property.isStored && property.attributes.contains(named: "State") {
                for (call, callFile) in constructions(of: property, in: view, context: context) {
                    guard let model = context.index.type(named: call.type, from: view.name), model.isClass,
                        model.isObservable,
                        let effect = effects.effect(ofConstructing: model, with: call.call, in: index.files[callFile])
                    else { continue }
                    context.report(
                        "`@State var \(property.name)` creates a new `\(model.name)` every time the parent re-creates this view, and creating one \(effect.description)\(effect.place.map { " (\($0))" } ?? ""): SwiftUI keeps only the first instance, but the side effect repeats for every discarded one",
                        at: property.nameToken..<property.nameToken + 1,
                        notes: [context.note("\(effect.description) here", at: effect.token..<effect.token + 1, in: effect.file)],
                        help: "keep `\(model.name)`'s initializer to assignments and start the work in `.task { }`, or create the model in `.task` (`@State private var \(property.name): \(model.name)?`)")
                    break
                }
            }
        }
    }

    /// The constructor calls that give the state its value each time the view is
    /// initialized: the initial value (`= Model()`, `: Model = .init()`), and in the view's
    /// initializers `_m = State(initialValue: Model())` / `State(wrappedValue:)` / `.init(…)`.
    private func constructions(
        of property: Property, in view: TypeInfo, context: RuleContext
    ) -> [(call: (type: String, call: Call), file: Int)] {
        let index = context.index
        var result: [(call: (type: String, call: Call), file: Int)] = []
        if let constructed = index.constructedType(of: property, in: context.file, scope: view.name) {
            result.append(((constructed.name, constructed.call), context.fileIndex))
        }
        for (fileIndex, initializer) in view.functions where initializer.kind == .initializer {
            guard let body = initializer.body else { continue }
            let file = index.files[fileIndex]
            for assignment in file.assignments(in: body) where file.path(of: assignment.target) == ["_" + property.name] {
                guard let value = file.wrapperInitialValue(in: assignment.value, wrappers: ["State"]),
                    let constructed = index.constructedType(in: value, file: file, scope: view.name, contextualType: property.type)
                else { continue }
                result.append(((constructed.name, constructed.call), fileIndex))
            }
        }
        return result
    }
}

/// A side effect found in an initializer or a property's initial value.
struct SideEffect {
    let file: Int
    let token: Int
    /// "starts a `Task`".
    let description: String
    /// Where, when not in the initializer itself: "in `setUp()`", "in the initial value of `timer`".
    var place: String?
}

/// Finds the work an initializer starts: `Task`s, timers, notification observers, network
/// requests, and calls of `start…`/`load…`/`fetch…` — directly, in the initializers it
/// delegates to, in the type's own methods it calls, and in the initial values of the
/// type's stored properties (which run with every initializer).
struct SideEffects {
    let index: ProjectIndex

    /// The side effect of `Model(…)`: of the initializer the call's labels select, or with
    /// none declared (the implicit one), of the property initial values only.
    func effect(ofConstructing model: TypeInfo, with call: Call, in callFile: ParsedFile) -> SideEffect? {
        let labels = argumentLabels(of: call, in: callFile)
        let lineage = index.typeAndAncestors(of: model)
        // Initializers of the nearest class that declares any (subclasses without their own
        // designated initializers inherit them).
        let declaring = lineage.first { type in type.functions.contains { $0.function.kind == .initializer } }
        if let declaring {
            let candidates = declaring.functions.filter {
                $0.function.kind == .initializer && matches(labels, $0.function.parameters)
            }
            // Unsure which initializer is called, or one of the candidates only assigns: silent.
            guard !candidates.isEmpty else { return nil }
            var found: SideEffect?
            for (fileIndex, initializer) in candidates {
                var visited = Set<String>()
                guard let effect = effect(inFunction: initializer, file: fileIndex, of: declaring, depth: 0, visited: &visited)
                    ?? propertyEffect(lineage)
                else { return nil }
                found = found ?? effect
            }
            return found
        }
        // No initializer is declared: only the implicit one, which runs the initial values.
        guard labels.isEmpty || model.isValueType else { return nil }
        return propertyEffect(lineage)
    }

    // MARK: - Calls and initializers

    /// The labels of a call's arguments (nil for unlabelled), trailing closures unlabelled.
    private func argumentLabels(of call: Call, in file: ParsedFile) -> [String?] {
        var labels: [String?] = call.arguments.map { file.argumentList($0).map { $0.label.map(file.text) } } ?? []
        if let arguments = call.arguments, arguments.count == 2 { labels = [] }  // `()`
        for (offset, closure) in call.trailingClosures.enumerated() {
            labels.append(offset == 0 ? nil : closure.label.map(file.text))
        }
        return labels
    }

    /// Whether the arguments' labels select these parameters, in order, skipping defaulted ones.
    private func matches(_ labels: [String?], _ parameters: [Parameter]) -> Bool {
        var next = 0
        for label in labels {
            while next < parameters.count, parameters[next].label != label {
                guard parameters[next].defaultValue != nil else { return false }
                next += 1
            }
            guard next < parameters.count else { return false }
            next += 1
        }
        return parameters[next...].allSatisfy { $0.defaultValue != nil }
    }

    // MARK: - Bodies

    private static let immediateClosureCallees: Set<String> = [
        "async", "asyncAfter", "sync", "forEach", "run", "withAnimation", "perform", "performAndWait",
    ]

    /// The first side effect in a function's body, following `self.init(…)` delegation and
    /// calls of the type's own methods.
    private func effect(
        inFunction function: FunctionDecl, file fileIndex: Int, of type: TypeInfo, depth: Int, visited: inout Set<String>
    ) -> SideEffect? {
        guard let body = function.body, depth < 4,
            visited.insert("\(fileIndex):\(function.nameToken)").inserted
        else { return nil }
        let file = index.files[fileIndex]
        let scopes = file.scopes(in: body)
        let locals = file.localNames(in: body)
        var token = body.lowerBound + 1
        while token < body.upperBound - 1 {
            defer { token += 1 }
            guard runsNow(token, scopes: scopes, file: file) else { continue }
            if let effect = directEffect(at: token, file: fileIndex, limit: body.upperBound) { return effect }
            // Calls of the type's own methods and delegating initializers.
            guard file.kind(token) == .identifier || file.at(token, "init"), isCall(token, file: file) else { continue }
            let name = file.text(token)
            guard file.isOwnMemberReference(token), !locals.contains(name) else { continue }
            if name == "init" {
                guard file.kind(token - 1) == .period, let call = file.call(at: token, limit: body.upperBound) else { continue }
                let labels = argumentLabels(of: call, in: file)
                let targets = type.functions.filter { $0.function.kind == .initializer && matches(labels, $0.function.parameters) }
                guard targets.count == 1 else { continue }
                if let effect = effect(inFunction: targets[0].function, file: targets[0].file, of: type, depth: depth + 1, visited: &visited) {
                    return effect
                }
                continue
            }
            let methods = index.typeAndAncestors(of: type).flatMap(\.functions).filter {
                $0.function.kind == .function && $0.function.name == name && !$0.function.modifiers.contains("static")
            }
            for (methodFile, method) in methods {
                if var effect = effect(inFunction: method, file: methodFile, of: type, depth: depth + 1, visited: &visited) {
                    effect.place = effect.place ?? "in `\(method.name)()`"
                    return effect
                }
            }
        }
        return nil
    }

    /// The first side effect in the initial values of the stored instance properties (not
    /// `lazy`, which wait for their first use).
    private func propertyEffect(_ lineage: [TypeInfo]) -> SideEffect? {
        for type in lineage {
            for (fileIndex, property) in type.properties {
                guard property.isStored, let initializer = property.initializer,
                    !property.modifiers.contains("lazy"), !property.modifiers.contains("static"),
                    !property.modifiers.contains("class")
                else { continue }
                let file = index.files[fileIndex]
                // From the `=`: an initial value that is a closure is not the outer brace of a body.
                let scopes = file.scopes(in: initializer.lowerBound - 1..<initializer.upperBound)
                for token in initializer where runsNow(token, scopes: scopes, file: file) {
                    if var effect = directEffect(at: token, file: fileIndex, limit: initializer.upperBound) {
                        effect.place = "in the initial value of `\(property.name)`"
                        return effect
                    }
                }
            }
        }
        return nil
    }

    /// Code that runs as part of the body: outside closures, or in closures that run right
    /// away (`forEach`, `DispatchQueue.main.async`). A `Task { }` is itself the side effect.
    private func runsNow(_ token: Int, scopes: BodyScopes, file: ParsedFile) -> Bool {
        for scope in scopes.enclosing(token) {
            guard case .closure(let callee, _) = scope.kind else { continue }
            guard let callee, Self.immediateClosureCallees.contains(file.text(callee)) else { return false }
        }
        return true
    }

    private func isCall(_ token: Int, file: ParsedFile) -> Bool {
        guard let next = file.kind(token + 1), !file.tokens[token + 1].isAtStartOfLine else { return false }
        return next == .leftParen || next == .leftBrace && !file.at(token, "init")
    }

    /// A side effect that starts at `token` by itself.
    private func directEffect(at token: Int, file fileIndex: Int, limit: Int) -> SideEffect? {
        let file = index.files[fileIndex]
        guard file.kind(token) == .identifier else { return nil }
        let afterPeriod = file.kind(token - 1) == .period
        func effect(_ description: String) -> SideEffect {
            SideEffect(file: fileIndex, token: token, description: description)
        }
        switch file.text(token) {
        case "Task" where !afterPeriod:
            // `Task { }`, `Task(priority:) { }`, `Task.detached { }`, `Task<Void, Never> { }`.
            var next = token + 1
            if file.kind(next) == .leftAngle { next = file.skipGroup(next) }
            if file.kind(next) == .leftBrace || file.kind(next) == .leftParen
                || file.kind(next) == .period && file.at(next + 1, "detached")
            {
                guard !file.tokens[next].isAtStartOfLine else { return nil }
                return effect("starts a `Task`")
            }
        case "Timer" where !afterPeriod:
            guard file.kind(token + 1) == .period else { return nil }
            if file.at(token + 2, "scheduledTimer") { return effect("schedules a `Timer`") }
            if file.at(token + 2, "publish") {
                let end = file.expressionEnd(from: token, end: limit, stopAtComma: false)
                if (token..<end).contains(where: { file.at($0, "autoconnect") || file.at($0, "connect") }) {
                    return effect("starts a `Timer` publisher")
                }
            }
        case "dataTask", "downloadTask", "uploadTask", "dataTaskPublisher", "webSocketTask":
            // A session's request, whatever the session is called.
            guard afterPeriod, isCall(token, file: file) else { return nil }
            return effect("makes a network request")
        case "addObserver" where afterPeriod && isCall(token, file: file):
            return effect("adds a notification observer")
        case "publisher", "notifications":
            guard afterPeriod, file.kind(token + 1) == .leftParen, file.at(token - 2, "default"),
                file.at(token - 4, "NotificationCenter")
            else { return nil }
            return effect("subscribes to notifications")
        case "URLSession" where !afterPeriod:
            let end = file.expressionEnd(from: token, end: limit, stopAtComma: false)
            let requests: Set<String> = [
                "dataTask", "downloadTask", "uploadTask", "data", "download", "upload", "bytes", "dataTaskPublisher",
                "webSocketTask", "streamTask",
            ]
            if (token..<end).contains(where: { file.kind($0 - 1) == .period && requests.contains(file.text($0)) }) {
                return effect("makes a network request")
            }
        default:
            let name = file.text(token)
            if isCall(token, file: file), let verb = Self.startingVerb(name) {
                return effect("calls `\(name)`, which \(verb)")
            }
        }
        return nil
    }

    /// `start`, `startMonitoring`, `load`, `loadItems`, `fetch`, `fetchAll`: the verb's
    /// description; nil for other names (`loader`, `started`, `fetchedResults`).
    private static let nounSuffixes = [
        "Of", "Index", "Request", "Descriptor", "Date", "Time", "Point", "Angle", "Offset", "Position", "Location",
        "Value", "Limit",
    ]

    static func startingVerb(_ name: String) -> String? {
        for (verb, description) in [("start", "starts work"), ("load", "loads data"), ("fetch", "fetches data")] {
            guard name.hasPrefix(verb) else { continue }
            let rest = name.dropFirst(verb.count)
            if rest.isEmpty { return description }
            // `startOfDay(for:)`, `fetchRequest()`: nouns, not work being started.
            guard rest.startsWithUppercase, !Self.nounSuffixes.contains(where: { rest.hasPrefix($0) }) else { continue }
            return description
        }
        return nil
    }
}
