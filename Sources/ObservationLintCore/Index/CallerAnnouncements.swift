import ObservationSyntax

// An unannounced write in a method of its own type still reaches the views that re-render
// with its callers' changes (SPEC §10.1: announced in the same flow): when every call of
// that method comes from another type's code whose same synchronous flow announces a change
// of that type's own state (`summary.update(items)` next to `isLoading = false` in a
// coordinator), SwiftUI renders the views observing the caller once the flow returns, and
// they read the value written.

extension ProjectIndex {
    /// The types (qualified names) whose code makes every call running `write`, a write in
    /// its type's own method with no `await` after it there, when each such call's synchronous
    /// flow announces a change of its caller's own state (a `@Published` write, `objectWillChange.send()`,
    /// a view's `@State`); for an asynchronous method, the caller's flow from where the call
    /// returns (`await model.load()`, then `isLoading = false`). A call from another method of
    /// the write's own type that runs on to its end without an `await` (`func rollback() {
    /// remove(id) }`) is resolved through that method's calls in turn. Nil when the write runs
    /// otherwise (in a closure that runs later, before an `await`, from its own type's code
    /// that is no such method, from no call) or some call announces nothing.
    public func announcingCallers(of write: PropertyWrite) -> Set<String>? {
        guard write.writer == nil, write.place?.closure == nil,
            let body = isolationFacts.enclosingBody(of: write.site, index: self),
            case .function(let function) = body.member, function.kind == .function, let owner = body.owner
        else { return nil }
        // The write takes effect after the `await` of its own statement (`items = await load()`).
        let ownFlows = changeFlows(of: owner)
        let place = ownFlows.place(of: write.site.token, file: write.site.file, body: body.range)
        let effective = ownFlows.effectiveToken(ofWriteAt: write.site.token, in: place)
        guard place.closure == nil else { return nil }
        return announcingCallers(of: function, body: body.range, file: write.site.file, owner: owner, from: effective, visiting: [])
    }

    /// `announcingCallers(of:)` for the code of `function` (whose body is `body`) from `token`
    /// on: it must run to its end without an `await`, and every call of the function announce,
    /// or, from the owner's own code, run on in a method that does so (`visiting`: the bodies
    /// already on that chain).
    private func announcingCallers(
        of function: FunctionDecl, body: Range<Int>, file fileIndex: Int, owner: TypeInfo, from token: Int, visiting: Set<BodyKey>
    ) -> Set<String>? {
        let key = BodyKey(file: fileIndex, body: body)
        guard !visiting.contains(key) else { return nil }
        let file = files[fileIndex]
        let ownFlows = changeFlows(of: owner)
        let place = ownFlows.place(of: token, file: fileIndex, body: body)
        guard place.closure == nil, ownFlows.runsToItsEndWithoutAwait(from: token, in: place) else { return nil }
        let isAsynchronous = (body.lowerBound..<token).contains { file.at($0, "await") }
        let lineage = Set((typeAndAncestors(of: owner) + typeAndSubtypes(of: owner)).map(\.name))
        guard let sites = onlyCalls(of: function, inFile: fileIndex, ownedBy: owner) else { return nil }
        var callers = Set<String>()
        for site in sites {
            guard let caller = isolationFacts.enclosingBody(of: site, index: self), let type = caller.owner else { return nil }
            let flows = changeFlows(of: type)
            let place = flows.place(of: site.token, file: site.file, body: caller.range)
            guard let returned = isAsynchronous ? flows.returnPoint(ofCallAt: site.token, in: place) : site.token else { return nil }
            if lineage.contains(type.name) {
                // The owner's own method calling it: its flow goes on in that method's callers.
                guard case .function(let callingFunction) = caller.member, callingFunction.kind == .function,
                    let found = announcingCallers(
                        of: callingFunction, body: caller.range, file: site.file, owner: type, from: returned,
                        visiting: visiting.union([key]))
                else { return nil }
                callers.formUnion(found)
                continue
            }
            guard let announced = flows.flows(at: returned, in: place), !announced.isEmpty,
                announced.allSatisfy({ flow in flow.contains { rendersAgain(type, by: $0) && runsWhenever($0.site, runs: site, body: caller.range) } })
            else { return nil }
            callers.insert(type.name)
        }
        return callers
    }

    /// The calls of `function` in code that runs (a call in a method nothing runs is none),
    /// when they are its only uses: none from outside the project, none the call table
    /// cannot type (a receiver of unknown type, a reference without parentheses). Nil when
    /// there is none or another use.
    private func onlyCalls(of function: FunctionDecl, inFile fileIndex: Int, ownedBy owner: TypeInfo) -> [TokenLocation]? {
        let sites = callSites(of: function, inFile: fileIndex, ownedBy: owner).filter { !isInMethodThatNeverRuns($0) }
        let called = Set(sites)
        guard !sites.isEmpty, !isCallableFromOutside(function, of: owner),
            !mayReference(function, of: owner, outside: {
                called.contains($0) || self.neverRunsInApp(file: $0.file) || self.isInMethodThatNeverRuns($0)
            })
        else { return nil }
        return sites
    }

    /// Whether `announcer`, in `type`'s code, renders `type`'s views again: any announcement
    /// of an object; for a view, a change of state its body reads (a `@State` only an
    /// action uses renders nothing).
    private func rendersAgain(_ type: TypeInfo, by announcer: Announcer) -> Bool {
        !ViewCode.isRenderingContainer(type) || readWhileRendering(announcer.name, of: type) != nil
    }

    /// Whether the announcer at `announcer` runs whenever the call at `call` does: it is in
    /// other code, or the innermost block holding it in the caller's `body` holds the call
    /// too (not `if case .failure = result { showingAlert = true }` after the call).
    func runsWhenever(_ announcer: TokenLocation, runs call: TokenLocation, body: Range<Int>) -> Bool {
        guard announcer.file == call.file, body.contains(announcer.token) else { return true }
        let file = files[call.file]
        var depth = 0
        var current = announcer.token - 1
        while current > body.lowerBound {
            switch file.kind(current) {
            case .rightBrace: depth += 1
            case .leftBrace:
                if depth == 0 { return (current..<file.skipGroup(current)).contains(call.token) }
                depth -= 1
            default: break
            }
            current -= 1
        }
        return true
    }

    /// Whether `view` re-renders with every call that runs `write` (`announcingCallers(of:)`):
    /// each caller is the view itself or an object it observes (itself or through a
    /// container relaying its changes).
    public func isRenderedAgain(_ view: String, byCallersOf write: PropertyWrite) -> Bool {
        guard let callers = announcingCallers(of: write) else { return false }
        return callers.allSatisfy { caller in
            guard caller != view else { return true }
            guard let info = types[caller], info.isObservableObject else { return false }
            return observes(view, info) || forwardings(of: info).contains { forwarding in
                types[forwarding.container].map { observes(view, $0) } ?? false
            }
        }
    }
}

// A closure another type's code hands to an object (`Card(topic: t, onToggle: { t.isFavourite
// = $0 })`) runs when that object calls it. When the object's initializer keeps it in a stored
// property and the object calls it only where it announces a change of its own state — the
// `didSet` of a `@Published` property, whose publisher sent `objectWillChange` before the
// setter ran the observer — the closure's writes happen in that announcing flow, and the
// object's views render once it returns and read them (SPEC §10.1).

extension ProjectIndex {
    /// The project class (qualified name) that holds the closure making `write` and
    /// announces whenever it runs it: `write` is in the closure literal itself (not one
    /// nested in it) passed as an initializer's labelled argument, every initializer taking
    /// that label stores it whole in one property (`self.onToggle = onToggle`), and the class
    /// only calls that property, never handing it on, each call in its own code's flow that
    /// announces. Nil otherwise.
    public func announcingClosureHolder(of write: PropertyWrite) -> String? {
        guard write.writer != nil, let body = isolationFacts.enclosingBody(of: write.site, index: self) else { return nil }
        let file = files[write.site.file]
        guard let closure = scopes(in: body.range, of: file).innermostClosure(containing: write.site.token),
            case .closure(let callee?, let labelToken?) = closure.kind, file.text(callee).startsWithUppercase,
            let holder = type(named: file.text(callee)), holder.kind == .class
        else { return nil }
        let label = file.text(labelToken)
        let initializers = holder.functions.filter { $0.function.kind == .initializer && $0.function.parameters.contains { $0.label == label } }
        var stored: String?
        for (fileIndex, initializer) in initializers {
            guard let parameter = initializer.parameters.first(where: { $0.label == label }), let range = initializer.body,
                let property = storedProperty(of: parameter.name, in: range, file: files[fileIndex]), stored == nil || stored == property
            else { return nil }
            stored = property
        }
        guard let stored, let declared = holder.property(named: stored), let calls = announcingCalls(of: stored, in: holder) else { return nil }
        // Any other use of the name (`card.onToggle(true)` in a view, `let f = onToggle`) may
        // run it elsewhere; a label (`onToggle:`) is none, nor another type's own property of
        // the name used in its code (`onToggle` or `self.onToggle` there).
        let name = TokenLocation(file: declared.file, token: declared.property.nameToken)
        let namesakes = types.values.filter { $0.name != holder.name && $0.property(named: stored) != nil }
            .flatMap(\.declarations).map { (file: $0.file, members: $0.decl.members) }
        for (fileIndex, other) in files.enumerated() {
            for token in other.tokens.indices
            where other.kind(token) == .identifier && other.kind(token + 1) != .colon && other.text(token) == stored {
                let location = TokenLocation(file: fileIndex, token: token)
                let ownToNamesake = (other.kind(token - 1) != .period || other.at(token - 2, "self"))
                    && namesakes.contains { $0.file == fileIndex && $0.members.contains(token) }
                guard location == name || calls.contains(location) || ownToNamesake
                    || initializers.contains(where: { $0.file == fileIndex && $0.function.body?.contains(token) == true })
                else { return nil }
            }
        }
        return holder.name
    }

    /// `self.name = parameter` or `name = parameter` in `body`: `name`.
    private func storedProperty(of parameter: String, in body: Range<Int>, file: ParsedFile) -> String? {
        for token in body where file.kind(token) == .identifier && file.text(token) == parameter && file.kind(token - 1) == .equal {
            let name = token - 2
            guard file.kind(name) == .identifier, file.kind(name - 1) != .period || file.at(name - 2, "self") else { continue }
            return file.text(name)
        }
        return nil
    }

    /// The calls of the closure property `name` in `holder`'s code outside its initializers
    /// (`name(x)`, `self.name?(x)`), when there are some and each runs in a flow announcing on
    /// `holder`: directly in the observer of an announcing property, or next to an
    /// announcement (`ChangeFlows.flows(at:in:)`). Nil when one does not.
    private func announcingCalls(of name: String, in holder: TypeInfo) -> Set<TokenLocation>? {
        let announcing = announcingProperties(of: holder)
        let flows = changeFlows(of: holder)
        var bodies: [(file: Int, body: Range<Int>, observes: String?)] = holder.functions.compactMap { file, function in
            function.kind == .initializer ? nil : function.body.map { (file, $0, nil) }
        }
        for (file, property) in holder.properties {
            for accessor in property.accessors {
                guard let body = accessor.body else { continue }
                bodies.append((file, body, accessor.kind == .didSet || accessor.kind == .willSet ? property.name : nil))
            }
        }
        var calls = Set<TokenLocation>()
        for (fileIndex, body, observes) in bodies {
            let file = files[fileIndex]
            for token in body where file.kind(token) == .identifier && file.text(token) == name {
                guard file.kind(token - 1) != .period || file.at(token - 2, "self") else { continue }
                let open = file.kind(token + 1) == .postfixQuestionMark ? token + 2 : token + 1
                guard file.kind(open) == .leftParen, scopes(in: body, of: file).innermostClosure(containing: token) == nil else { return nil }
                let place = flows.place(of: token, file: fileIndex, body: body)
                let announced = observes.map(announcing.contains) ?? false || !(flows.flows(at: token, in: place) ?? []).isEmpty
                guard announced else { return nil }
                calls.insert(TokenLocation(file: fileIndex, token: token))
            }
        }
        return calls.isEmpty ? nil : calls
    }
}

// A write through an object another type holds (`self.call.name = n` in a view's `setUp()`)
// is announced when the same synchronous flow announces on that object (SPEC §10.1): an
// `ObservableObject`'s `objectWillChange` fires per object, and its views render on a later
// turn of the main run loop, reading the current values. The flow is the writing code, the methods it calls,
// and, for a method running to its end without an `await`, every call of it from the same
// instance's code (`setUp(); begin()`, with `begin()` calling `call.start()`, which sets a
// `@Published` property). A closure that runs at another time (`DispatchQueue.main.async`,
// `Task`) is a flow of its own.

extension ProjectIndex {
    /// The announcers of each flow that runs the write at `location` through `object`, a
    /// stored property of the writing type holding an object of the written type (whose
    /// flows are `objectFlows`), on that same object; nil when one flow announces nothing
    /// on it or, when the writing code itself does not, the write runs otherwise (in a
    /// closure, in no method, in a method another instance or code outside the project may
    /// call).
    func heldObjectAnnouncers(ofWriteAt location: TokenLocation, through object: String, objectFlows: ChangeFlows) -> [[Announcer]]? {
        guard let body = isolationFacts.enclosingBody(of: location, index: self), let owner = body.owner,
            !isShadowed(object, in: body.range, file: location.file),
            typeAndAncestors(of: owner).contains(where: { $0.property(named: object)?.property.isStored == true })
        else { return nil }
        let flows = changeFlows(of: owner)
        let place = flows.place(of: location.token, file: location.file, body: body.range)
        let held = HeldObject(name: object, owner: flows, objectFlows: objectFlows)
        if let found = announcers(on: held, around: location.token, in: place, visiting: []) { return [found] }
        guard place.closure == nil, case .function(let function) = body.member, function.kind == .function else { return nil }
        return callerAnnouncers(of: function, body: body.range, file: location.file, owner: owner, held: held, visiting: [])
    }

    /// A stored property holding an object, with the flows of its holder's and its object's code.
    fileprivate struct HeldObject {
        let name: String
        let owner: ChangeFlows
        let objectFlows: ChangeFlows
    }

    /// The announcers on `held` in every call of `function` (of `owner`, its body `body`,
    /// which must have no `await`) from the same instance's code: in the flow of each call,
    /// or, for a call at the top of another such method, in that method's calls in turn.
    private func callerAnnouncers(
        of function: FunctionDecl, body: Range<Int>, file fileIndex: Int, owner: TypeInfo, held: HeldObject, visiting: Set<BodyKey>
    ) -> [[Announcer]]? {
        let key = BodyKey(file: fileIndex, body: body)
        guard !visiting.contains(key), held.owner.runsToItsEndWithoutAwait(from: body.lowerBound, in: MemberAccesses.Place(file: fileIndex, body: body, closure: nil))
        else { return nil }
        let lineage = Set((typeAndAncestors(of: owner) + typeAndSubtypes(of: owner)).map(\.name))
        guard let sites = onlyCalls(of: function, inFile: fileIndex, ownedBy: owner) else { return nil }
        var result: [[Announcer]] = []
        for site in sites {
            guard Self.isOwnReference(site.token, in: files[site.file]), let caller = isolationFacts.enclosingBody(of: site, index: self),
                let type = caller.owner, lineage.contains(type.name)
            else { return nil }
            let place = held.owner.place(of: site.token, file: site.file, body: caller.range)
            if let found = announcers(on: held, around: site.token, in: place, visiting: []) {
                result.append(found)
                continue
            }
            guard place.closure == nil, case .function(let calling) = caller.member, calling.kind == .function,
                let found = callerAnnouncers(of: calling, body: caller.range, file: site.file, owner: type, held: held, visiting: visiting.union([key]))
            else { return nil }
            result += found
        }
        return result
    }

    /// The announcers on `held` in `place`, in the flow of `token` (no `await` between) and
    /// running whenever it does: a change through the same reference (`call.state = 1`,
    /// `self.call.start()` when `start()` announces, `call.objectWillChange.send()`), or in a
    /// method of the holder called there whose code, before any `await`, does so.
    private func announcers(on held: HeldObject, around token: Int, in place: MemberAccesses.Place, visiting: Set<String>) -> [Announcer]? {
        guard !isShadowed(held.name, in: place.body, file: place.file) else { return nil }
        let file = files[place.file]
        let location = TokenLocation(file: place.file, token: token)
        let runsWithToken = { (other: Int) in
            self.runsWhenever(TokenLocation(file: place.file, token: other), runs: location, body: place.body)
                && !(min(other, token)..<max(other, token)).contains { file.at($0, "await") }
        }
        if let found = held.objectFlows.announcers(
            on: held.name, around: token, in: place.body, file: place.file, sameFlowOnly: true,
            counts: { Self.isOwnReference($0, in: file) && runsWithToken($0) })
        {
            return found
        }
        for call in held.owner.ownCalls(in: place) where !visiting.contains(call.name) && runsWithToken(call.token) {
            let bodies = held.owner.bodies(of: call.name)
            let found = bodies.map { announcers(on: held, around: $0.body.lowerBound, in: $0, visiting: visiting.union([call.name])) }
            if !bodies.isEmpty, found.allSatisfy({ $0 != nil }) { return found.flatMap { $0! } }
        }
        return nil
    }

    /// Whether `name` in the function body `body` may be a parameter or local of that
    /// name (`let call = Call()`), not the instance's property.
    private func isShadowed(_ name: String, in body: Range<Int>, file fileIndex: Int) -> Bool {
        let file = files[fileIndex]
        if case .function(let function)? = isolationFacts.enclosingBody(of: TokenLocation(file: fileIndex, token: body.lowerBound), index: self)?.member,
            function.parameters.contains(where: { $0.name == name })
        {
            return true
        }
        return body.contains { file.spells($0, name) && (file.at($0 - 1, "let") || file.at($0 - 1, "var")) }
    }

    /// `name` or `self.name` at `token`: a member of the instance whose code it is in.
    private static func isOwnReference(_ token: Int, in file: ParsedFile) -> Bool {
        file.kind(token - 1) != .period || file.at(token - 2, "self") && file.kind(token - 3) != .period
    }
}

// A view's `.onReceive(x.$field) { … }` handler runs as `x` announces: a `@Published`
// property sends its new value from its `willSet`, after the object's `objectWillChange`
// (the `ObservableObject` documentation: it "emits the changed value before any of its
// `@Published` properties changes"), and `objectWillChange` itself announces. Views that
// observe `x` render once the change is made, after the handler ran: they read what it
// wrote.

extension ProjectIndex {
    /// Whether `view` renders again after the `.onReceive` handler that makes `write` (the
    /// handler's own code, not a closure in it): the handler receives `x.$field` (`field`
    /// `@Published`) or `x.objectWillChange` of an ObservableObject `x` the writing type
    /// holds, and `view` is that type holding `x` with an observing wrapper, or observes `x`'s
    /// type.
    public func isRenderedAgain(_ view: String, byReceiverOf write: PropertyWrite) -> Bool {
        guard let writer = write.writer, let writerType = types[writer.type],
            let body = isolationFacts.enclosingBody(of: write.site, index: self)
        else { return false }
        let file = files[write.site.file]
        guard let closure = scopes(in: body.range, of: file).innermostClosure(containing: write.site.token),
            case .closure(let callee?, nil) = closure.kind, file.at(callee, "onReceive"), file.kind(callee - 1) == .period,
            file.kind(callee + 1) == .leftParen,
            let publisher = file.argumentList(file.groupRange(callee + 1, limit: file.tokens.count)).first?.value
        else { return false }
        // `x.$field`, `self.x.$field`, `x.objectWillChange`.
        var start = publisher.lowerBound
        if file.at(start, "self"), file.kind(start + 1) == .period { start += 2 }
        guard publisher.upperBound == start + 3, file.kind(start) == .identifier, file.kind(start + 1) == .period else { return false }
        let object = file.text(start)
        let member = file.text(start + 2)
        guard let held = memberType(object, of: writerType.name, depth: 0).flatMap({ types[$0] }), held.isObservableObject,
            member == "objectWillChange"
                || file.kind(start + 2) == .dollarIdentifier && announcingProperties(of: held).contains(String(member.dropFirst()))
        else { return false }
        guard view == writerType.name else { return observes(view, held) }
        return typeAndAncestors(of: writerType).contains { owner in
            owner.property(named: object)?.property.attributes.contains { Self.observingWrappers.contains(String($0.simpleName)) } ?? false
        }
    }
}
