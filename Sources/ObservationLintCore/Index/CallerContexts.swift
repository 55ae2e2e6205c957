import ObservationSyntax

// Where code that runs on its caller's executor runs (SPEC §10.2): a synchronous function
// with no actor isolation of its own (or a `nonisolated(nonsending)` one) runs where each of
// its callers runs, so its contexts are its project callers' contexts, followed back through
// callers of the same kind.

extension ProjectIndex {
    /// The contexts the code at `location` can run in, each with the steps that put it there
    /// (outermost first). The code's own context when it decides where it runs; for code that
    /// runs where its function's caller runs (`ExecutionContext.runsWhereCalled`), the context
    /// of each project call of the function, ending with a step for the call, following
    /// callers of the same kind up to `callerDepth` calls. Callers whose context is unknown
    /// are left out; empty when no caller's context is known, and for code in a method that
    /// never runs (`isInMethodThatNeverRuns(_:)`), which gives its callees no context either.
    public func runContexts(at location: TokenLocation) -> [ExecutionContext] {
        runContexts(at: location, depth: Self.callerDepth, visiting: [])
    }

    /// How many calls `runContexts(at:)` follows back from a function to its callers.
    static let callerDepth = 3
    /// At most this many contexts of each isolation per function: a function called from many
    /// main-actor places keeps looking for its calls off the main thread.
    private static let contextsPerFunction = 8

    private func runContexts(at location: TokenLocation, depth: Int, visiting: Set<BodyKey>) -> [ExecutionContext] {
        // Code of a method nothing runs runs nowhere, nor the functions it calls from there.
        if isInMethodThatNeverRuns(location) { return [] }
        let own = executionContext(at: location)
        guard own.runsWhereCalled else {
            if own.isolation == .mainActor, own.steps.count == 1 { return [own] + unawaitedOffMainCalls(at: location, own: own) }
            // A method of a type whose isolation is not known: whatever it is, a synchronous
            // call runs it on the caller's thread.
            if own.isolation == .unknown, own.steps.count == 1, own.steps[0].kind == .function {
                return unawaitedOffMainCalls(at: location, own: own) + observerContexts(at: location)
            }
            return own.isolation == .unknown ? [] : [own]
        }
        guard depth > 0, let body = isolationFacts.enclosingBody(of: location, index: self) else { return [] }
        let observed = own.steps.count == 1 ? observerContexts(at: location) : []
        let key = BodyKey(file: location.file, body: body.range)
        guard !visiting.contains(key) else { return [] }
        // A function runs at its calls; a property observer or setter at the property's writes.
        let sites: [TokenLocation]
        // What the call does, for its step's note: said only when a caller's context is known.
        let describeCall: () -> String
        switch body.member {
        case .function(let function) where function.kind == .function:
            sites = callSitesByFunction.value(for: key) { callSites(of: function, inFile: location.file, ownedBy: body.owner) }
            describeCall = { [files] in
                "calls `\(function.name)()`, which "
                    + (body.isAsync(in: files[location.file])
                        ? "is a `nonisolated(nonsending)` `async` function: it runs where its caller runs"
                        : "is synchronous with no actor isolation of its own")
            }
        case .accessor(let property, let kind) where kind == .didSet || kind == .willSet || kind == .set:
            guard let owner = body.owner else { return [] }
            sites = callSitesByFunction.value(for: key) { writeSites(of: property.name, ownedBy: owner) }
            describeCall = { "sets `\(property.name)`, whose `\(kind.rawValue)` runs synchronously where the property is set" }
        default:
            return []
        }
        // Where each call runs; the same for every location in the body when followed from
        // the start, so kept per body then.
        func callerContexts() -> [CallerContext] {
            var result: [CallerContext] = []
            var counts: [Isolation: Int] = [:]
            for call in sites {
                for outer in runContexts(at: call, depth: depth - 1, visiting: visiting.union([key]))
                where counts[outer.isolation, default: 0] < Self.contextsPerFunction {
                    counts[outer.isolation, default: 0] += 1
                    result.append(CallerContext(call: call, outer: outer))
                }
                if counts[.offMain, default: 0] >= Self.contextsPerFunction { break }
            }
            return result
        }
        let callers = depth == Self.callerDepth && visiting.isEmpty ? callerContextsByBody.value(for: key, callerContexts) : callerContexts()
        guard !callers.isEmpty else { return observed }
        let what = describeCall()
        // The steps after the function's own (an `await` in a `nonisolated(nonsending)` one).
        let inner = own.steps.dropFirst()
        return callers.map { caller in
            let call = caller.call, outer = caller.outer
            let step = ContextStep(
                kind: .call, site: call, isolation: outer.isolation,
                description: "\(what), so it runs "
                    + (outer.isolation == .mainActor ? "on the main actor" : "off the main thread") + " here")
            // A `nonisolated(nonsending)` function resumes on its caller's actor.
            let resumed = inner.map { own in
                ContextStep(
                    kind: own.kind, site: own.site, isolation: outer.isolation,
                    description: own.description
                        + (outer.isolation == .mainActor ? ": it resumes on the main actor" : ": it resumes off the main thread"))
            }
            return ExecutionContext(
                isolation: outer.isolation, steps: outer.steps + [step] + resumed,
                isAsynchronous: outer.isAsynchronous || own.isAsynchronous, runsWhereCalled: false)
        } + observed
    }

    /// The contexts the synchronous method holding `location` runs in as a `NotificationCenter`
    /// observer registered with a selector: it runs on the thread that posts the notification
    /// (a method with no actor isolation of its own, or one of a type whose isolation is not
    /// known: Objective-C calls it with no hop).
    private func observerContexts(at location: TokenLocation) -> [ExecutionContext] {
        guard let body = isolationFacts.enclosingBody(of: location, index: self), case .function(let function) = body.member,
            function.kind == .function, !body.isAsync(in: files[location.file])
        else { return [] }
        return observerContexts(of: function, ownedBy: body.owner)
    }

    /// The contexts of the code directly in a synchronous main-actor function, or one of a
    /// type whose isolation is not known (`own`, its body outside closures), when a project call made without `await` runs off the main
    /// thread: a synchronous call runs the callee on the caller's thread, and Swift inserts no
    /// hop for it (the compiler accepts it where it takes the caller for main-actor code, as a
    /// closure formed in a view's body that another module's API calls on its own queue; in
    /// the Swift 5 language mode no check stops it at run time). Each call's own context, or
    /// a synchronous main-actor caller's unawaited off-main calls in turn
    /// (`unawaitedOffMainCallers`); kept per function.
    private func unawaitedOffMainCalls(at location: TokenLocation, own: ExecutionContext) -> [ExecutionContext] {
        guard let body = isolationFacts.enclosingBody(of: location, index: self), case .function(let function) = body.member,
            function.kind == .function, !body.isAsync(in: files[location.file])
        else { return [] }
        let key = BodyKey(file: location.file, body: body.range)
        let callers = unawaitedOffMainCallsByBody.value(for: key) {
            unawaitedOffMainCallers(of: function, body: body, file: location.file, depth: Self.unawaitedCallDepth)
        }
        let mainActor = own.isolation == .mainActor
        return callers.map { caller in
            ExecutionContext(
                isolation: .offMain, steps: caller.outer.steps + [Self.unawaitedCallStep(function.name, at: caller.call, mainActor: mainActor)],
                isAsynchronous: caller.outer.isAsynchronous, runsWhereCalled: false)
        }
    }

    /// How many unawaited calls into synchronous main-actor functions
    /// `unawaitedOffMainCallers(of:body:file:depth:)` follows back.
    private static let unawaitedCallDepth = 2

    /// The calls of the synchronous main-actor `function` made without `await` in code that
    /// runs off the main thread, each with where its code runs: directly, or (up to `depth`
    /// calls back) in another synchronous main-actor function that is itself called so (a
    /// `@MainActor` delegate method that a framework calls on its own queue calling a helper
    /// that sets the state), which runs on that thread too.
    private func unawaitedOffMainCallers(of function: FunctionDecl, body: OwnedBody, file fileIndex: Int, depth: Int) -> [CallerContext] {
        let key = BodyKey(file: fileIndex, body: body.range)
        var own: Set<TokenLocation>?
        func isOwnCall(_ call: TokenLocation) -> Bool {
            if own == nil { own = Set(callSitesByFunction.value(for: key) { callSites(of: function, inFile: fileIndex, ownedBy: body.owner) }) }
            return own!.contains(call)
        }
        var result: [CallerContext] = []
        // Calls of the name first (cheap), the function's own calls among them only then.
        // A declaration or a test's call is none of them (`callSites(of:inFile:ownedBy:)`):
        // its context is not worked out.
        for call in isolationFacts.calls(named: function.name, index: self) {
            let file = files[call.file]
            guard !isAwaited(call), !file.at(call.token - 1, "func"), SourceRole(path: file.path) == .app else { continue }
            // Where the call runs first: a method that never runs is looked for only for a
            // call that could count.
            let outer = executionContext(at: call)
            if outer.isolation == .offMain {
                if !isInMethodThatNeverRuns(call), isOwnCall(call) { result.append(CallerContext(call: call, outer: outer)) }
                continue
            }
            guard depth > 1, outer.isolation == .mainActor, outer.steps.count == 1,
                let caller = isolationFacts.enclosingBody(of: call, index: self), case .function(let callerFunction) = caller.member,
                callerFunction.kind == .function, !caller.isAsync(in: file), caller.range != body.range, !isInMethodThatNeverRuns(call),
                isOwnCall(call)
            else { continue }
            for chain in unawaitedOffMainCallers(of: callerFunction, body: caller, file: call.file, depth: depth - 1) {
                let outer = ExecutionContext(
                    isolation: .offMain, steps: chain.outer.steps + [Self.unawaitedCallStep(callerFunction.name, at: chain.call)],
                    isAsynchronous: chain.outer.isAsynchronous, runsWhereCalled: false)
                result.append(CallerContext(call: call, outer: outer))
            }
        }
        return result
    }

    private static func unawaitedCallStep(_ name: String, at call: TokenLocation, mainActor: Bool = true) -> ContextStep {
        ContextStep(
            kind: .call, site: call, isolation: .offMain,
            description: "calls `\(name)()` without `await`: a synchronous call runs it on the caller's thread, "
                + "so it runs off the main thread here" + (mainActor ? " although it is isolated to the main actor" : ""))
    }

    /// Whether an `await` marks the statement of the call at `location` (`await f()`,
    /// `let x = try await f()`, an `await` ending the line before) or it starts a child task
    /// (`async let x = f()`): looked for from the call back to the start of its line, or of
    /// the first line of a member chain continued on the lines that start with `.`.
    private func isAwaited(_ location: TokenLocation) -> Bool {
        let file = files[location.file]
        var probe = location.token - 1
        while probe >= 0 {
            let kind = file.kind(probe)
            if kind == .leftBrace || kind == .rightBrace || kind == .semicolon { return false }
            if file.at(probe, "await") || file.at(probe, "async") { return true }
            if file.tokens[probe].isAtStartOfLine {
                // `.open()` on its own line continues the expression above, which the
                // statement's `await` covers.
                guard kind == .period else { return probe > 0 && file.at(probe - 1, "await") }
            }
            probe -= 1
        }
        return false
    }

    /// A project call of code that runs where it is called, and a context the call runs in.
    struct CallerContext: Sendable {
        let call: TokenLocation
        let outer: ExecutionContext
    }

    /// The project calls of `function`: `name(…)` in code of its type (or a sub- or
    /// superclass), `self.name(…)`, `x.name(…)` where `x`'s static type is one of those
    /// types, `Type.name(…)`; for a global function, `name(…)` outside types declaring a
    /// method of that name.
    /// Where the class family declares an overload of the name that differs in `async`, a
    /// call marked with `await` is the `async` one's, and a call without it the synchronous
    /// one's (Swift calls an `async` function only with `await`).
    func callSites(of function: FunctionDecl, inFile functionFile: Int, ownedBy owner: TypeInfo?) -> [TokenLocation] {
        let family = owner.map { typeAndAncestors(of: $0) + typeAndSubtypes(of: $0) } ?? []
        let lineage = Set(family.map(\.name))
        let isAsync = function.isAsync(in: files[functionFile])
        let asyncOverloaded = family.contains { type in
            type.declarations.contains { declaration in
                declaration.decl.functions.contains {
                    $0.kind == .function && $0.name == function.name && $0.isAsync(in: files[declaration.file]) != isAsync
                }
            }
        }
        return isolationFacts.calls(named: function.name, index: self).filter { call in
            let file = files[call.file]
            let token = call.token
            if asyncOverloaded, isAwaited(call) != isAsync { return false }
            // Tests call the app's code on objects of their own: not where the app runs it.
            guard !file.at(token - 1, "func"), !neverRunsInApp(file: call.file) else { return false }
            let caller = isolationFacts.enclosingBody(of: call, index: self)
            if file.kind(token - 1) != .period {
                // A bare call: a global function's unless the caller's type has a method of
                // that name; a method's from code of its own class family.
                guard owner != nil else {
                    return caller?.owner.map { !declaresMethod(function.name, $0) } ?? true
                }
                return caller?.owner.map { lineage.contains($0.name) } ?? false
            }
            guard owner != nil else { return false }
            var end = token - 1
            if file.kind(end - 1) == .postfixQuestionMark || file.kind(end - 1) == .exclamationMark { end -= 1 }
            var root = end - 1
            while root - 2 >= 0, file.kind(root - 1) == .period, file.isWord(root - 2) { root -= 2 }
            guard root >= 0, root < end, file.isWord(root) else { return false }
            if root == end - 1, file.at(root, "self") {
                return caller?.owner.map { lineage.contains($0.name) } ?? false
            }
            // An object the caller builds and keeps to itself: no view observes what its code does.
            if root == end - 1, let caller, isUnsharedLocal(root, in: caller.range, file: file) { return false }
            let scope = caller?.owner?.name
            if root == end - 1, file.text(root).startsWithUppercase, let named = resolve(file.text(root), from: scope, file: call.file) {
                return lineage.contains(named)
            }
            let context = codeContexts(inFile: call.file).innermost(containing: token)
            let type = staticType(of: root..<end, in: call.file, context: context)
                ?? (root == end - 1 ? caller.flatMap { loopVariableType(root, in: $0, file: call.file) } : nil)
            return type.map(lineage.contains) ?? false
        }
    }

    /// The project writes of the property `name` of `owner`'s class family: `name = …` (or a
    /// compound assignment) in code of the family, `self.name = …`, `x.name = …` where `x`'s
    /// static type is one of those types. Writes inside the property's own accessors and
    /// initializers (where observers do not run) are left out.
    /// Whether `token` names a local its body builds (`let app = AppModel(…)`) and uses only as
    /// a receiver (`app.run()`, `app.name = x`): nothing else holds the object.
    private func isUnsharedLocal(_ token: Int, in body: Range<Int>, file: ParsedFile) -> Bool {
        let name = file.text(token)
        var built = false
        for other in body where file.kind(other) == .identifier && file.spells(other, name) {
            if file.at(other - 1, "let") || file.at(other - 1, "var") {
                guard !built, file.kind(other + 1) == .equal, file.isWord(other + 2), file.text(other + 2).startsWithUppercase,
                    file.kind(other + 3) == .leftParen
                else { return false }
                built = true
            } else if file.kind(other + 1) != .period || file.kind(other - 1) == .period {
                return false
            }
        }
        return built
    }

    func writeSites(of name: String, ownedBy owner: TypeInfo) -> [TokenLocation] {
        let lineage = Set((typeAndAncestors(of: owner) + typeAndSubtypes(of: owner)).map(\.name))
        return isolationFacts.writes(named: name, index: self).filter { write in
            let file = files[write.file]
            let token = write.token
            guard !neverRunsInApp(file: write.file) else { return false }
            let writer = isolationFacts.enclosingBody(of: write, index: self)
            if case .function(let function) = writer?.member, function.kind == .initializer { return false }
            if case .accessor(let property, _) = writer?.member, property.name == name { return false }
            if file.kind(token - 1) != .period {
                guard let writer, !file.at(token - 1, "let"), !file.at(token - 1, "var"), !declaresLocal(name, in: writer, file: file)
                else { return false }
                return writer.owner.map { lineage.contains($0.name) } ?? false
            }
            var root = token - 1
            if file.kind(root - 1) == .postfixQuestionMark || file.kind(root - 1) == .exclamationMark { root -= 1 }
            let end = root
            root -= 1
            while root - 2 >= 0, file.kind(root - 1) == .period, file.isWord(root - 2) { root -= 2 }
            guard root >= 0, root < end, file.isWord(root) else { return false }
            if root == end - 1, file.at(root, "self") {
                return writer?.owner.map { lineage.contains($0.name) } ?? false
            }
            let context = codeContexts(inFile: write.file).innermost(containing: token)
            let type = staticType(of: root..<end, in: write.file, context: context)
                ?? (root == end - 1 ? writer.flatMap { loopVariableType(root, in: $0, file: write.file) } : nil)
            return type.map(lineage.contains) ?? false
        }
    }

    /// The project type of the variable `token` names when it is a `for name in sequence`
    /// loop's variable around it: the element type of the sequence — a property declared as
    /// an array or set of a project type (`items`, `self.items`, `store.items`), or a local
    /// set from one, through calls that keep the elements (`filter`, `sorted`, `reversed`…).
    /// Nil when not known.
    func loopVariableType(_ token: Int, in body: OwnedBody, file fileIndex: Int) -> String? {
        let file = files[fileIndex]
        let name = file.text(token)
        var probe = token - 1
        while probe > body.range.lowerBound {
            defer { probe -= 1 }
            guard file.at(probe, "for"), file.kind(probe + 1) == .identifier, file.spells(probe + 1, name), file.at(probe + 2, "in")
            else { continue }
            // The loop's body: the first `{` at the sequence's level (a trailing closure there
            // would need parentheses); the sequence ends there or at a `where` clause.
            var brace = probe + 3
            var sequenceEnd: Int?
            while brace < token, file.kind(brace) != .leftBrace {
                if sequenceEnd == nil, file.at(brace, "where") { sequenceEnd = brace }
                let kind = file.kind(brace)
                brace = kind == .leftParen || kind == .leftSquare ? file.skipGroup(brace) : brace + 1
            }
            guard brace < token, Int(file.partner[brace]) > token else { return nil }
            return elementType(of: probe + 3..<(sequenceEnd ?? brace), in: body, file: fileIndex, depth: 0)
        }
        return nil
    }

    /// The project type of the elements of a sequence expression (see `loopVariableType`).
    private func elementType(of expression: Range<Int>, in body: OwnedBody, file fileIndex: Int, depth: Int) -> String? {
        let file = files[fileIndex]
        guard depth < 3, !expression.isEmpty else { return nil }
        // The names of the chain, each with whether a call follows it.
        var names: [(token: Int, called: Bool)] = []
        var probe = expression.lowerBound
        while probe < expression.upperBound {
            guard file.isWord(probe) else { return nil }
            var next = probe + 1
            var called = false
            while next < expression.upperBound, file.kind(next) == .leftParen || file.kind(next) == .leftBrace {
                next = file.skipGroup(next)
                called = true
            }
            names.append((probe, called))
            guard next < expression.upperBound else { break }
            guard file.kind(next) == .period else { return nil }
            probe = next + 1
        }
        while let last = names.last, last.called, names.count > 1, elementKeepingCalls.contains(file.text(last.token)) {
            names.removeLast()
        }
        guard !names.isEmpty, !names.contains(where: \.called) else { return nil }
        let scope = body.owner?.name
        let property: String
        let owner: String?
        if names.count == 1 {
            property = file.text(names[0].token)
            // A local set from another sequence: `let open = items.filter { … }`.
            if let local = localInitializer(of: property, before: names[0].token, in: body, file: file) {
                return elementType(of: local, in: body, file: fileIndex, depth: depth + 1)
            }
            owner = scope
        } else if names.count == 2, file.at(names[0].token, "self") {
            property = file.text(names[1].token)
            owner = scope
        } else {
            property = file.text(names[names.count - 1].token)
            let context = codeContexts(inFile: fileIndex).innermost(containing: names[0].token)
            owner = staticType(of: names[0].token..<names[names.count - 2].token + 1, in: fileIndex, context: context)
        }
        guard let owner, let info = types[owner] else { return nil }
        for type in typeAndAncestors(of: info) {
            for declaration in type.declarations {
                guard let declared = declaration.decl.properties.first(where: { $0.name == property }) else { continue }
                switch declaredShape(of: declared, in: files[declaration.file], scope: type.name) {
                case .array(let element), .set(let element):
                    guard let held = element.directName, let resolved = resolve(held, from: type.name),
                        let elementInfo = types[resolved], elementInfo.kind != nil, elementInfo.kind != .protocol
                    else { return nil }
                    return resolved
                default:
                    return nil
                }
            }
        }
        return nil
    }

    /// The initial value of the local `let name = …` (or `var`) declared before `use` in the
    /// body, when there is exactly one such declaration.
    private func localInitializer(of name: String, before use: Int, in body: OwnedBody, file: ParsedFile) -> Range<Int>? {
        var found: Range<Int>?
        for token in body.range.lowerBound..<use where file.kind(token) == .identifier && file.spells(token, name) {
            guard file.at(token - 1, "let") || file.at(token - 1, "var") else { continue }
            guard found == nil, file.kind(token + 1) == .equal else { return nil }
            found = token + 2..<file.expressionEnd(from: token + 2, end: body.range.upperBound, stopAtComma: true)
        }
        return found
    }

    /// Whether a body declares a parameter, local or closure parameter named `name`, which a
    /// bare `name = …` may set instead of the property.
    private func declaresLocal(_ name: String, in body: OwnedBody, file: ParsedFile) -> Bool {
        if case .function(let function) = body.member, function.parameters.contains(where: { $0.name == name }) { return true }
        if case .accessor(_, let kind) = body.member, kind == .set || kind == .willSet || kind == .didSet, name == "newValue" || name == "oldValue" {
            return true
        }
        return body.range.contains { token in
            file.kind(token) == .identifier
                && (file.at(token - 1, "let") || file.at(token - 1, "var") || file.at(token + 1, "in")) && file.text(token) == name
        }
    }

    private func declaresMethod(_ name: String, _ type: TypeInfo) -> Bool {
        typeAndAncestors(of: type).contains { $0.declarations.contains { $0.decl.functions.contains { $0.name == name } } }
    }
}

extension IsolationFacts {
    /// The project's writes by property name, for the names of the properties with a
    /// `didSet`, `willSet` or `set` its files declare (the only ones asked): the name's token
    /// before an assignment operator.
    func writes(named name: String, index: ProjectIndex) -> [TokenLocation] {
        observedWrites.value {
            var observed: [String] = []
            for fileIndex in index.files.indices {
                for (decl, _) in index.typeDeclarations(in: fileIndex) {
                    for property in decl.properties
                    where property.accessors.contains(where: { $0.kind == .didSet || $0.kind == .willSet || $0.kind == .set }) {
                        observed.append(property.name)
                    }
                }
            }
            let properties = NameTable(observed)
            var byPosition = [[TokenLocation]](repeating: [], count: properties.names.count)
            for fileIndex in index.ownFiles {
                let file = index.files[fileIndex]
                file.source.bytes.withUnsafeBufferPointer { bytes in
                    for token in file.tokens.indices where file.kind(token) == .identifier && file.isAssignmentOperator(token + 1) {
                        guard let position = properties.position(of: file.tokens[token], in: bytes) else { continue }
                        byPosition[position].append(TokenLocation(file: fileIndex, token: token))
                    }
                }
            }
            return ProjectIndex.byName(byPosition, names: properties)
        }[name] ?? []
    }

    /// The project's call sites by callee name, for the names of the functions its files
    /// declare (the only ones asked): an identifier followed by `(` or a trailing closure's
    /// `{` (declarations `func name(` included; callers filter them).
    func calls(named name: String, index: ProjectIndex) -> [TokenLocation] {
        index.callTables.value { CallTables.collect(index: index) }.calls[name] ?? []
    }
}

/// Calls on a sequence whose result holds the same elements.
private let elementKeepingCalls: Set<String> = [
    "filter", "sorted", "reversed", "shuffled", "prefix", "suffix", "dropFirst", "dropLast", "drop",
]
