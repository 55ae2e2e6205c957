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
        let sites = callSites(of: function, inFile: fileIndex, ownedBy: owner)
        // Every use must be one of these calls: none from outside the project, none the call
        // table cannot type (a receiver of unknown type, a reference without parentheses).
        let called = Set(sites)
        guard !sites.isEmpty, !isCallableFromOutside(function, of: owner),
            !mayReference(function, of: owner, outside: { called.contains($0) || self.neverRunsInApp(file: $0.file) })
        else { return nil }
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
