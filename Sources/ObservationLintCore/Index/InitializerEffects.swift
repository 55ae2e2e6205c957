import ObservationSyntax

extension ProjectIndex {
    /// The first effect of `Model(…)` beyond reading memory (SPEC §10.5): of the initializer
    /// the call's labels select, or with none declared (the implicit one), of the property
    /// initial values only. Nil when the initializer only assigns and reads, or when which
    /// initializer runs is unclear.
    /// Worked out once per construction: a factory's constructions are asked about at each
    /// of its calls.
    public func initializerEffect(ofConstructing model: TypeInfo, call: Call, in callFile: Int) -> InitializerEffect? {
        initializerEffectsByConstruction.value(for: ConstructionKey(model: model.name, file: callFile, call: call)) {
            InitializerEffects(index: self).effect(ofConstructing: model, with: call, in: files[callFile])
        }
    }

    /// The initializers `type` declares that a call with these argument labels may select
    /// (several when the labels fit more than one).
    public func initializers(of type: TypeInfo, selectedBy call: Call, in callFile: Int) -> [(file: Int, function: FunctionDecl)] {
        InitializerEffects(index: self).initializers(of: type, selectedBy: call, in: files[callFile])
    }
}

/// A construction of a model (`Model(…)` in a file), as a key.
struct ConstructionKey: Hashable, Sendable {
    let model: String
    let file: Int
    let call: Call
}

/// Finds the work an initializer does beyond reading memory: `Task`s that do such work
/// (or loop, or sleep), timers, notification
/// observers and subscriptions to sources that do not replay, network requests, writes to
/// `UserDefaults`, files or a shared object, analytics events, and calls of
/// `start…`/`load…`/`fetch…` on other objects — directly, in the initializers it delegates
/// to, in the type's own methods it calls (followed, not judged by name), and in the
/// initial values of the type's stored properties (which run with every initializer).
struct InitializerEffects {
    let index: ProjectIndex

    /// The side effect of `Model(…)`: of the initializer the call's labels select (outside
    /// the `switch` cases on a parameter its literal argument does not select), or with
    /// none declared (the implicit one), of the property initial values only.
    func effect(ofConstructing model: TypeInfo, with call: Call, in callFile: ParsedFile) -> InitializerEffect? {
        var visited = Set<String>()
        return effect(ofConstructing: model, with: call, in: callFile, depth: 0, visited: &visited)
    }

    private func effect(
        ofConstructing model: TypeInfo, with call: Call, in callFile: ParsedFile, depth: Int, visited: inout Set<String>
    ) -> InitializerEffect? {
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
            var found: InitializerEffect?
            for (fileIndex, initializer) in candidates {
                let skipped = casesNotTaken(in: initializer, file: index.files[fileIndex], call: call, callFile: callFile)
                let omitted = parametersOmittedOrNil(initializer.parameters, labels: labels, call: call, in: callFile)
                guard let effect = effect(inFunction: initializer, file: fileIndex, of: declaring, depth: depth, visited: &visited,
                        skipping: skipped, omitted: omitted)
                    ?? propertyEffect(lineage)
                else { return nil }
                found = found ?? effect
            }
            return found
        }
        // No initializer is declared: only the implicit one, which runs the initial values.
        guard labels.labels.isEmpty || model.isValueType else { return nil }
        return propertyEffect(lineage)
    }

    // MARK: - Calls and initializers

    func initializers(of type: TypeInfo, selectedBy call: Call, in file: ParsedFile) -> [(file: Int, function: FunctionDecl)] {
        let labels = argumentLabels(of: call, in: file)
        return type.functions.filter { $0.function.kind == .initializer && matches(labels, $0.function.parameters) }
    }

    /// The names of the parameters a call passes no argument for, or a literal `nil`
    /// (`param ?? Shared.shared` is then the shared object).
    private func parametersOmittedOrNil(_ parameters: [Parameter], labels: CallLabels, call: Call, in file: ParsedFile) -> Set<String> {
        guard parameters.contains(where: { $0.defaultValue != nil }), let bound = boundParameters(labels, parameters) else { return [] }
        var passed = Set(bound)
        if let arguments = call.arguments, arguments.count > 2 {
            for (position, argument) in file.argumentList(arguments).enumerated()
            where position < bound.count && argument.value.count == 1 && file.at(argument.value.lowerBound, "nil") {
                passed.remove(bound[position])
            }
        }
        return Set(parameters.indices.filter { !passed.contains($0) }.map { parameters[$0].name })
    }

    /// The labels of a call's arguments (nil for unlabelled), trailing closures last (the
    /// first one nil), and the position of the first trailing closure.
    private func argumentLabels(of call: Call, in file: ParsedFile) -> CallLabels {
        var labels: [String?] = call.arguments.map { file.argumentList($0).map { $0.label.map(file.text) } } ?? []
        if let arguments = call.arguments, arguments.count == 2 { labels = [] }  // `()`
        let firstTrailing = call.trailingClosures.isEmpty ? nil : labels.count
        for (offset, closure) in call.trailingClosures.enumerated() {
            labels.append(offset == 0 ? nil : closure.label.map(file.text))
        }
        return CallLabels(labels: labels, firstTrailingClosure: firstTrailing)
    }

    private struct CallLabels {
        let labels: [String?]
        let firstTrailingClosure: Int?
    }

    /// Whether the arguments bind to these parameters as Swift binds them (`ArgumentBinding`).
    private func matches(_ labels: CallLabels, _ parameters: [Parameter]) -> Bool {
        boundParameters(labels, parameters) != nil
    }

    /// For each argument, the index of the parameter it binds to; nil when they do not bind.
    private func boundParameters(_ labels: CallLabels, _ parameters: [Parameter]) -> [Int]? {
        ArgumentBinding.parameters(of: labels.labels, firstTrailingClosure: labels.firstTrailingClosure, in: parameters)
    }

    // MARK: - Bodies

    private static let immediateClosureCallees: Set<String> = [
        "async", "asyncAfter", "sync", "forEach", "run", "withAnimation", "perform", "performAndWait",
    ]

    /// The first side effect in a function's body, following `self.init(…)` delegation and
    /// calls of the type's own methods.
    private func effect(
        inFunction function: FunctionDecl, file fileIndex: Int, of type: TypeInfo, depth: Int, visited: inout Set<String>,
        inTask: Bool = false, skipping skipped: [Range<Int>] = [], omitted: Set<String> = []
    ) -> InitializerEffect? {
        guard let body = function.body, depth < 6,
            visited.insert("\(fileIndex):\(function.nameToken)").inserted
        else { return nil }
        return effect(
            inBody: body, file: fileIndex, of: type, depth: depth, visited: &visited, inTask: inTask, skipping: skipped, omitted: omitted)
    }

    /// The cases of a `switch` on an initializer's parameter (`switch mode { … }`) that the
    /// call's argument for it, a literal (`mode: .create`, `isEditing: false`), does not
    /// select: their statements do not run for this call.
    private func casesNotTaken(in initializer: FunctionDecl, file: ParsedFile, call: Call, callFile: ParsedFile) -> [Range<Int>] {
        guard let body = initializer.body, let arguments = call.arguments else { return [] }
        var literals: [String: WrittenLiteral] = [:]
        for argument in callFile.argumentList(arguments) {
            guard let label = argument.label, let parameter = initializer.parameters.first(where: { $0.label == callFile.text(label) }),
                let (literal, end) = WrittenLiteral.literal(at: argument.value.lowerBound, in: callFile), end == argument.value.upperBound
            else { continue }
            literals[parameter.name] = literal
        }
        guard !literals.isEmpty else { return [] }
        var skipped: [Range<Int>] = []
        for token in body where file.at(token, "switch") && file.kind(token + 2) == .leftBrace {
            guard file.kind(token + 1) == .identifier, let literal = literals[file.text(token + 1)] else { continue }
            let close = Int(file.partner[token + 2])
            guard close > token + 2 else { continue }
            let block = token + 2..<close + 1
            let labels = WrittenLiteral.caseLabels(in: block, file: file).map(\.token)
            for (offset, label) in labels.enumerated() where literal.leavesCase(at: label, ofSwitch: block, file: file) {
                skipped.append(label..<(offset + 1 < labels.count ? labels[offset + 1] : close))
            }
        }
        return skipped
    }

    /// The first side effect in a body (a function's, or a `Task`'s closure), following
    /// calls of the type's own methods. In a `Task`, a loop or a sleep keeps it working
    /// after the initializer returned.
    /// `skipped`: ranges of the body that do not run (cases the call does not select);
    /// `omitted`: the parameters the construction passes no value (or `nil`) for.
    private func effect(
        inBody body: Range<Int>, file fileIndex: Int, of type: TypeInfo, depth: Int, visited: inout Set<String>, inTask: Bool,
        skipping skipped: [Range<Int>] = [], omitted: Set<String> = []
    ) -> InitializerEffect? {
        let file = index.files[fileIndex]
        let scopes = file.scopes(in: body)
        let locals = file.localNames(in: body)
        var token = body.lowerBound + 1
        while token < body.upperBound - 1 {
            defer { token += 1 }
            if let notRun = skipped.first(where: { $0.contains(token) }) {
                token = notRun.upperBound - 1
                continue
            }
            guard runsNow(token, scopes: scopes, file: file) else { continue }
            if let closure = taskClosure(at: token, file: file) {
                if let effect = taskEffect(closure, at: token, file: fileIndex, of: type, depth: depth, visited: &visited) { return effect }
                continue
            }
            if inTask, let keepsWorking = Self.keepsWorking(at: token, file: file) {
                return InitializerEffect(description: keepsWorking, location: TokenLocation(file: fileIndex, token: token))
            }
            if inTask, let callee = Self.awaitedCallOfAnotherObject(at: token, file: file) {
                // What the call is, when known (`URLSession.shared.data(from:)`); else the await itself.
                let known = (token + 1...callee).lazy.compactMap { self.directEffect(at: $0, file: fileIndex, limit: body.upperBound, of: type) }.first
                return known ?? InitializerEffect(description: "awaits `\(file.text(callee))`", location: TokenLocation(file: fileIndex, token: callee))
            }
            if let effect = directEffect(at: token, file: fileIndex, limit: body.upperBound, of: type) { return effect }
            if var effect = constructionEffect(at: token, file: fileIndex, limit: body.upperBound, depth: depth, visited: &visited) {
                effect.place = effect.place ?? "in building a `\(file.text(token))`"
                return effect
            }
            if !locals.contains(file.text(token)),
                var effect = lazyPropertyEffect(at: token, file: fileIndex, of: type, depth: depth, visited: &visited)
            {
                effect.place = "in the initial value of `\(file.text(token))`"
                return effect
            }
            if let effect = heldSharedObjectWrite(at: token, file: fileIndex, body: body, locals: locals, omitted: omitted, of: type) {
                return effect
            }
            // Calls of the type's own methods and delegating initializers.
            guard file.kind(token) == .identifier || file.at(token, "init"), isCall(token, file: file) else { continue }
            let name = file.text(token)
            guard file.isOwnMemberReference(token), !locals.contains(name) else {
                // Another object's `start…`/`load…`/`fetch…`: work by its name.
                if file.kind(token) == .identifier, file.kind(token - 1) == .period, let verb = Self.startingVerb(name) {
                    return InitializerEffect(description: "calls `\(name)`, which \(verb)", location: TokenLocation(file: fileIndex, token: token))
                }
                continue
            }
            if name == "init" {
                guard file.kind(token - 1) == .period, let call = file.call(at: token, limit: body.upperBound) else { continue }
                let labels = argumentLabels(of: call, in: file)
                let targets = type.functions.filter { $0.function.kind == .initializer && matches(labels, $0.function.parameters) }
                guard targets.count == 1 else { continue }
                let omitted = parametersOmittedOrNil(targets[0].function.parameters, labels: labels, call: call, in: file)
                if let effect = effect(
                    inFunction: targets[0].function, file: targets[0].file, of: type, depth: depth + 1, visited: &visited, omitted: omitted)
                {
                    return effect
                }
                continue
            }
            let methods = index.typeAndAncestors(of: type).flatMap(\.functions).filter {
                $0.function.kind == .function && $0.function.name == name && !$0.function.modifiers.contains("static")
            }
            for (methodFile, method) in methods {
                if var effect = effect(inFunction: method, file: methodFile, of: type, depth: depth + 1, visited: &visited, inTask: inTask) {
                    effect.place = effect.place ?? "in `\(method.name)()`"
                    return effect
                }
            }
            // A method of the type not declared in the analyzed files (a superclass's): by its name.
            if methods.isEmpty, file.kind(token) == .identifier, let verb = Self.startingVerb(name) {
                return InitializerEffect(description: "calls `\(name)`, which \(verb)", location: TokenLocation(file: fileIndex, token: token))
            }
        }
        return nil
    }

    /// The first side effect in the initial values of the stored instance properties (not
    /// `lazy`, which wait for their first use).
    private func propertyEffect(_ lineage: [TypeInfo]) -> InitializerEffect? {
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
                    var visited = Set<String>()
                    if let closure = taskClosure(at: token, file: file),
                        var effect = taskEffect(closure, at: token, file: fileIndex, of: type, depth: 0, visited: &visited)
                    {
                        effect.place = effect.place ?? "in the initial value of `\(property.name)`"
                        return effect
                    }
                    if var effect = directEffect(at: token, file: fileIndex, limit: initializer.upperBound, of: type) {
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
    private func directEffect(at token: Int, file fileIndex: Int, limit: Int, of type: TypeInfo) -> InitializerEffect? {
        let file = index.files[fileIndex]
        guard file.kind(token) == .identifier else { return nil }
        let afterPeriod = file.kind(token - 1) == .period
        func effect(_ description: String) -> InitializerEffect {
            InitializerEffect(description: description, location: TokenLocation(file: fileIndex, token: token))
        }
        switch file.text(token) {
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
            // `addObserver(self, selector:…)`: the center does not keep the observer, and stops
            // calling it once it is freed.
            if file.kind(token + 1) == .leftParen, file.at(token + 2, "self"), file.kind(token + 3) == .comma, file.at(token + 4, "selector") {
                return nil
            }
            return effect("adds a notification observer")
        case "publisher", "notifications":
            guard afterPeriod, file.kind(token + 1) == .leftParen, file.at(token - 2, "default"),
                file.at(token - 4, "NotificationCenter"),
                !isOwnedSubscription(at: token, file: file, limit: limit, of: type)
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
        case "set", "setValue", "removeObject", "synchronize":
            // `UserDefaults.standard.set(…)`, `defaults.removeObject(forKey:)`.
            guard afterPeriod, isCall(token, file: file),
                file.at(token - 2, "standard") || file.at(token - 2, "defaults") || file.at(token - 2, "UserDefaults")
                    || file.at(token - 2, "userDefaults")
            else { return nil }
            return effect("writes to `UserDefaults`")
        case "performFetch" where afterPeriod && isCall(token, file: file):
            // `NSFetchedResultsController.performFetch()`: a read of the store, not of memory.
            return effect("fetches from a database")
        case "createDirectory", "createFile", "removeItem", "moveItem", "copyItem":
            guard afterPeriod, isCall(token, file: file) else { return nil }
            return effect("writes files")
        case "write":
            guard afterPeriod, file.kind(token + 1) == .leftParen, file.at(token + 2, "to") || file.at(token + 2, "toFile") else { return nil }
            return effect("writes a file")
        case "logEvent", "track", "trackEvent", "capture", "sendEvent", "logScreenView", "recordEvent":
            guard afterPeriod, isCall(token, file: file) else { return nil }
            return effect("sends an analytics event")
        case "log" where afterPeriod && isCall(token, file: file) && file.text(token - 2).lowercased().hasSuffix("analytics"):
            // `analytics.log(.screenView)`: `log` alone may be a logger's.
            return effect("sends an analytics event")
        case let name where Self.sharedInstanceNames.contains(name):
            // `Store.shared.items = …`, `Session.current.user.append(…)`: a write to shared state.
            guard afterPeriod, file.kind(token + 1) == .period, file.kind(token + 2) == .identifier else { return nil }
            let location = TokenLocation(file: fileIndex, token: token + 2)
            guard index.isMemberWrite(at: location) else { return nil }
            return sharedStateWrite(of: file.text(token - 2..<token + 1), member: token + 2, file: fileIndex)
        case "sink":
            // A subscription to a source that does not replay its value: it stays open.
            guard afterPeriod, isCall(token, file: file), !index.isReplayingSource(calledAt: token, in: file, of: type),
                !isOwnedSubscription(at: token, file: file, limit: limit, of: type)
            else { return nil }
            return effect("subscribes to a publisher")
        default:
            break
        }
        return nil
    }

    // MARK: - Shared objects held

    /// The names of the static members that hold a type's shared instance.
    private static let sharedInstanceNames = ["shared", "default", "standard", "current"]

    /// SDK classes whose shared instance (`NotificationCenter.default`) is an object: a copy
    /// of it in a property is the same object. `Calendar.current`, `Locale.current` and
    /// `TimeZone.current` are values, copied on assignment.
    private static let sharedSDKClasses: Set<String> = [
        "NotificationCenter", "UserDefaults", "FileManager", "URLSession", "URLCache", "HTTPCookieStorage",
        "UIApplication", "NSApplication", "NSWorkspace", "UIDevice", "UIScreen", "NSUbiquitousKeyValueStore",
        "NSDocumentController", "DistributedNotificationCenter",
    ]

    /// `self.coordinator.onEvent = …` where `coordinator` holds a shared object: this body
    /// stored it there before the write (`coordinator = Coordinator.shared`, or
    /// `param ?? Coordinator.shared` when the construction passes no `param` or `nil`), or it
    /// is a constant of the type with that initial value (`let coordinator =
    /// Coordinator.shared`, which no initializer can change). A write to that shared
    /// object's state outlives the new instance. Only an object is shared: a struct's
    /// `shared`/`current` (`Calendar.current`) is copied into the property, and writing to
    /// the copy changes only it. An assignment on one branch suffices: on that path the
    /// write reaches the shared object.
    private func heldSharedObjectWrite(
        at token: Int, file fileIndex: Int, body: Range<Int>, locals: Set<String>, omitted: Set<String>, of type: TypeInfo
    ) -> InitializerEffect? {
        let file = index.files[fileIndex]
        guard file.kind(token) == .identifier, file.kind(token + 1) == .period, file.kind(token + 2) == .identifier,
            file.isOwnMemberReference(token), index.isMemberWrite(at: TokenLocation(file: fileIndex, token: token + 2))
        else { return nil }
        let name = file.text(token)
        guard !locals.contains(name) || file.at(token - 2, "self") else { return nil }
        func write(to shared: String) -> InitializerEffect {
            sharedStateWrite(of: shared, member: token + 2, file: fileIndex)
        }
        for assignment in file.assignments(in: body)
        where assignment.operatorToken < token && file.at(assignment.operatorToken, "=") && file.path(of: assignment.target) == [name] {
            var value = assignment.value
            // `param ?? Shared.shared`: the shared object when the caller passes none.
            if value.count > 2, file.kind(value.lowerBound) == .identifier, file.at(value.lowerBound + 1, "??") {
                guard omitted.contains(file.text(value.lowerBound)) else { continue }
                value = value.lowerBound + 2..<value.upperBound
            }
            if isSharedObject(value, file: fileIndex) { return write(to: file.text(value)) }
        }
        for ancestor in index.typeAndAncestors(of: type) {
            guard let (propertyFile, property) = ancestor.property(named: name), property.isLet,
                !property.modifiers.contains("static"), let value = property.initializer
            else { continue }
            return isSharedObject(value, file: propertyFile) ? write(to: index.files[propertyFile].text(value)) : nil
        }
        return nil
    }

    /// `Coordinator.shared`, `UserDefaults.standard`: an object type's shared instance.
    private func isSharedObject(_ value: Range<Int>, file fileIndex: Int) -> Bool {
        let file = index.files[fileIndex]
        return value.count == 3 && file.kind(value.lowerBound) == .identifier && file.text(value.lowerBound).startsWithUppercase
            && file.kind(value.lowerBound + 1) == .period && Self.sharedInstanceNames.contains(file.text(value.lowerBound + 2))
            && holdsObject(file.text(value.lowerBound), file: fileIndex)
    }

    /// The write to `member` of a shared object. Assigned a value that refers to the new
    /// instance (`onEvent = { [weak self] … }`, `delegate = self`), it replaces the value
    /// every earlier instance — the one SwiftUI keeps among them — assigned there by the
    /// same initializer.
    private func sharedStateWrite(of shared: String, member: Int, file fileIndex: Int) -> InitializerEffect {
        let file = index.files[fileIndex]
        var effect = InitializerEffect(
            description: "writes to shared state (`\(shared)`'s `\(file.text(member))`)", location: TokenLocation(file: fileIndex, token: member))
        if file.at(member + 1, "=") {
            let end = file.expressionEnd(from: member + 2, end: file.tokens.count, stopAtComma: false)
            effect.replacedWithSelf = (member + 2..<end).contains { file.at($0, "self") && file.kind($0) == .keyword }
        }
        return effect
    }

    /// Whether values of the type named so are objects: a project class or actor, or an SDK
    /// class known as such (any other SDK type may be a struct).
    private func holdsObject(_ typeName: String, file: Int) -> Bool {
        if let type = index.type(named: typeName, file: file), type.kind != nil {
            return type.kind == .class || type.kind == .actor
        }
        return Self.sharedSDKClasses.contains(typeName)
    }

    // MARK: - Objects built on the way

    /// `Parser(…)` of a project type, or `Watcher { … }` with only trailing closures, where a
    /// value goes (after `=`, `(`, `,`, `[`, `return`): building it runs its initializer, and
    /// with it that initializer's work.
    private func constructionEffect(
        at token: Int, file fileIndex: Int, limit: Int, depth: Int, visited: inout Set<String>
    ) -> InitializerEffect? {
        let file = index.files[fileIndex]
        guard depth < 5, file.kind(token) == .identifier, file.kind(token - 1) != .period,
            file.kind(token + 1) == .leftParen || file.kind(token + 1) == .leftBrace && takesValue(after: token - 1, in: file),
            !file.tokens[token + 1].isAtStartOfLine, file.text(token).first?.isUppercase == true,
            let built = index.type(named: file.text(token), file: fileIndex),
            let call = file.call(at: token, limit: limit)
        else { return nil }
        return effect(ofConstructing: built, with: call, in: file, depth: depth + 1, visited: &visited)
    }

    /// Whether an expression starts after `token`: an assignment's `=`, an argument's `(`
    /// or `,`, an element's `[`, or `return` (not a type position such as `is Foo {`).
    private func takesValue(after token: Int, in file: ParsedFile) -> Bool {
        switch file.kind(token) {
        case .equal?, .leftParen?, .comma?, .leftSquare?: true
        default: file.at(token, "return")
        }
    }

    /// A `lazy` stored property of the type read here: its first read runs its initial
    /// value (`lazy var watcher = { … }()`), with the work that does.
    private func lazyPropertyEffect(
        at token: Int, file fileIndex: Int, of type: TypeInfo, depth: Int, visited: inout Set<String>
    ) -> InitializerEffect? {
        let file = index.files[fileIndex]
        guard file.kind(token) == .identifier, file.isOwnMemberReference(token), !isCall(token, file: file),
            file.kind(token + 1) != .colon,
            let (propertyFile, property) = index.typeAndAncestors(of: type).lazy.compactMap({ $0.property(named: file.text(token)) }).first,
            property.modifiers.contains("lazy"), let initializer = property.initializer,
            visited.insert("lazy \(propertyFile):\(property.name)").inserted
        else { return nil }
        let valueFile = index.files[propertyFile]
        // `{ … }()`: the closure runs on the first read; any other value is scanned as written.
        if valueFile.kind(initializer.lowerBound) == .leftBrace {
            let closure = initializer.lowerBound..<valueFile.skipGroup(initializer.lowerBound)
            guard valueFile.kind(closure.upperBound) == .leftParen else { return nil }
            return effect(inBody: closure, file: propertyFile, of: type, depth: depth + 1, visited: &visited, inTask: false)
        }
        let value = initializer.lowerBound - 1..<initializer.upperBound + 1
        return effect(inBody: value, file: propertyFile, of: type, depth: depth + 1, visited: &visited, inTask: false)
    }

    // MARK: - Subscriptions the object owns

    /// Whether the subscription made at `token` (a `sink`, or a `NotificationCenter`
    /// publisher subscribed further down its chain) ends with the new object: the chain's
    /// cancellable is kept in one of the object's stored properties (`.store(in:
    /// &cancellables)`, `observer = ….sink { }`, `.assign(to: &$value)`), and no closure of
    /// the chain holds `self` strongly (which would keep the object, and the subscription,
    /// alive for good). A discarded instance cancels such a subscription when it is freed.
    private func isOwnedSubscription(at token: Int, file: ParsedFile, limit: Int, of type: TypeInfo) -> Bool {
        let head = chainHead(before: token, file: file)
        let end = file.expressionEnd(from: head, end: limit, stopAtComma: false)
        guard end > token, !capturesSelfStrongly(head..<end, file: file) else { return false }
        if file.kind(head - 1) == .equal, let target = assignedName(before: head - 1, file: file), isOwnStoredProperty(target, of: type) {
            return true
        }
        for store in head..<end where file.kind(store - 1) == .period && file.kind(store + 1) == .leftParen {
            // `.store(in: &cancellables)`, `.store(in: &self.cancellables)`, `.assign(to: &$value)`.
            guard file.at(store, "store") && file.at(store + 2, "in") || file.at(store, "assign") && file.at(store + 2, "to"),
                file.kind(store + 3) == .colon, file.kind(store + 4) == .prefixAmpersand
            else { continue }
            var name = store + 5
            if file.at(name, "self"), file.kind(name + 1) == .period { name += 2 }
            let text = file.text(name)
            let property = file.kind(name) == .dollarIdentifier ? String(text.dropFirst()) : text
            if file.kind(name + 1) == .rightParen, isOwnStoredProperty(property, of: type) { return true }
        }
        return false
    }

    /// The first token of the member chain that ends just before `token`
    /// (`NotificationCenter` of `NotificationCenter.default.publisher(for: x).sink`).
    private func chainHead(before token: Int, file: ParsedFile) -> Int {
        var head = token
        while let before = file.kind(head - 1) {
            let previous = head - 1
            switch file.kind(head) {
            case .period?, .postfixQuestionMark?, .exclamationMark?, .leftParen?, .leftSquare?, .leftBrace?:
                // What a member, a call, a subscript or a trailing closure follows: a name or a group.
                switch before {
                case .identifier, .dollarIdentifier, .postfixQuestionMark, .exclamationMark: head = previous
                case .keyword where file.at(previous, "self"): head = previous
                case .rightParen, .rightSquare, .rightBrace:
                    let open = Int(file.partner[previous])
                    guard open >= 0, open < previous else { return head }
                    head = open
                default: return head
                }
            default:
                // A name continues the chain only after a period.
                guard before == .period else { return head }
                head = previous
            }
        }
        return head
    }

    /// `x` of `x = …` and `self.x = …` (the `=` at `equal`).
    private func assignedName(before equal: Int, file: ParsedFile) -> String? {
        let name = equal - 1
        guard file.kind(name) == .identifier, file.isOwnMemberReference(name) else { return nil }
        return file.text(name)
    }

    private func isOwnStoredProperty(_ name: String, of type: TypeInfo) -> Bool {
        index.typeAndAncestors(of: type).contains { type in
            type.property(named: name).map { $0.property.isStored && !$0.property.modifiers.contains("static") } ?? false
        }
    }

    /// Whether the chain keeps `self` alive: `self` passed as a value (`assign(to: \.x, on:
    /// self)`), or used in a closure that does not capture it `weak` or `unowned`.
    private func capturesSelfStrongly(_ chain: Range<Int>, file: ParsedFile) -> Bool {
        var token = chain.lowerBound
        while token < chain.upperBound {
            if file.kind(token) == .leftBrace {
                let closure = token..<min(file.skipGroup(token), chain.upperBound)
                if !capturesSelfWeakly(closure, file: file), closure.contains(where: { file.at($0, "self") && file.kind($0) == .keyword }) {
                    return true
                }
                token = closure.upperBound
                continue
            }
            if file.at(token, "self"), file.kind(token) == .keyword, file.kind(token + 1) != .period { return true }
            token += 1
        }
        return false
    }

    /// `{ [weak self] …`, `{ [unowned self, other] …`.
    private func capturesSelfWeakly(_ closure: Range<Int>, file: ParsedFile) -> Bool {
        let list = closure.lowerBound + 1
        guard file.kind(list) == .leftSquare else { return false }
        return (list..<file.skipGroup(list)).contains { token in
            (file.at(token, "weak") || file.at(token, "unowned")) && file.at(token + 1, "self")
        }
    }

    // MARK: - Tasks

    /// The closure of `Task { }`, `Task(priority:) { }`, `Task.detached { }`,
    /// `Task<Void, Never> { }` starting at `token`.
    private func taskClosure(at token: Int, file: ParsedFile) -> Range<Int>? {
        guard file.at(token, "Task"), file.kind(token) == .identifier, file.kind(token - 1) != .period else { return nil }
        var next = token + 1
        if file.kind(next) == .leftAngle { next = file.skipGroup(next) }
        if file.kind(next) == .period, file.at(next + 1, "detached") { next += 2 }
        guard file.kind(next) == .leftBrace || file.kind(next) == .leftParen, !file.tokens[next].isAtStartOfLine else { return nil }
        if file.kind(next) == .leftParen { next = file.skipGroup(next) }
        guard file.kind(next) == .leftBrace else { return nil }
        return next..<file.skipGroup(next)
    }

    /// What a `Task` started at `token` does beyond reading memory and setting the new
    /// object's own state: a task doing only that loses nothing when it runs again.
    private func taskEffect(
        _ closure: Range<Int>, at token: Int, file fileIndex: Int, of type: TypeInfo, depth: Int, visited: inout Set<String>
    ) -> InitializerEffect? {
        guard var inner = effect(inBody: closure, file: fileIndex, of: type, depth: depth, visited: &visited, inTask: true) else { return nil }
        inner = InitializerEffect(description: "starts a `Task` that " + inner.description.droppingLeadingTaskStart, location: inner.location, place: inner.place)
        return inner
    }

    /// In a `Task`: a loop (`while`, `repeat`, `for await`) or `Task.sleep`, work that goes
    /// on after the initializer.
    private static func keepsWorking(at token: Int, file: ParsedFile) -> String? {
        if file.kind(token) == .keyword, file.at(token, "while") || file.at(token, "repeat") { return "runs a loop" }
        if file.at(token, "for"), file.at(token + 1, "await") || file.at(token + 1, "try") && file.at(token + 2, "await") {
            return "runs a loop over an asynchronous sequence"
        }
        if file.at(token, "sleep"), file.kind(token - 1) == .period, file.at(token - 2, "Task") { return "sleeps and resumes" }
        return nil
    }

    /// In a `Task`: `await service.items()`, an asynchronous call of another object, work
    /// outside the new object (not `MainActor.run`, which only hops to the main actor, nor
    /// `Task.sleep`, which `keepsWorking` names): the called name's token.
    private static func awaitedCallOfAnotherObject(at token: Int, file: ParsedFile) -> Int? {
        guard file.at(token, "await") else { return nil }
        var callee = token + 1
        if file.at(callee, "try") { callee += 1 }
        var receiver = true
        if file.at(callee, "self") { callee += 2; receiver = false }
        while file.kind(callee) == .identifier, file.kind(callee + 1) == .period, file.kind(callee + 2) == .identifier {
            callee += 2
            receiver = true
        }
        guard receiver, file.kind(callee) == .identifier, file.kind(callee + 1) == .leftParen || file.kind(callee + 1) == .leftBrace,
            file.kind(callee - 1) == .period, !(file.at(callee, "run") && file.at(callee - 2, "MainActor")),
            !(file.at(callee, "sleep") && file.at(callee - 2, "Task"))
        else { return nil }
        return callee
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

extension String {
    /// "starts a `Task` that runs a loop" of a nested task reads as "runs a loop".
    fileprivate var droppingLeadingTaskStart: String {
        hasPrefix("starts a `Task` that ") ? String(dropFirst("starts a `Task` that ".count)) : self
    }
}
