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
    /// returns (`await model.load()`, then `isLoading = false`). Nil when the write runs otherwise
    /// (in a closure that runs later, before an `await`, from its own type's code, from no call)
    /// or some call announces nothing.
    public func announcingCallers(of write: PropertyWrite) -> Set<String>? {
        guard write.writer == nil, write.place?.closure == nil,
            let body = isolationFacts.enclosingBody(of: write.site, index: self),
            case .function(let function) = body.member, function.kind == .function, let owner = body.owner
        else { return nil }
        let file = files[write.site.file]
        // The write takes effect after the `await` of its own statement (`items = await load()`).
        let ownFlows = changeFlows(of: owner)
        let place = ownFlows.place(of: write.site.token, file: write.site.file, body: body.range)
        let effective = ownFlows.effectiveToken(ofWriteAt: write.site.token, in: place)
        guard place.closure == nil, ownFlows.runsToItsEndWithoutAwait(from: effective, in: place) else { return nil }
        let isAsynchronous = (body.range.lowerBound..<effective).contains { file.at($0, "await") }
        let lineage = Set((typeAndAncestors(of: owner) + typeAndSubtypes(of: owner)).map(\.name))
        let sites = callSites(of: function, inFile: write.site.file, ownedBy: owner)
        // Every use must be one of these calls: none from outside the project, none the call
        // table cannot type (a receiver of unknown type, a reference without parentheses).
        let called = Set(sites)
        guard !sites.isEmpty, !isCallableFromOutside(function, of: owner),
            !mayReference(function, of: owner, outside: { called.contains($0) || self.neverRunsInApp(file: $0.file) })
        else { return nil }
        var callers = Set<String>()
        for site in sites {
            guard let caller = isolationFacts.enclosingBody(of: site, index: self), let type = caller.owner, !lineage.contains(type.name)
            else { return nil }
            let flows = changeFlows(of: type)
            let place = flows.place(of: site.token, file: site.file, body: caller.range)
            guard let returned = isAsynchronous ? flows.returnPoint(ofCallAt: site.token, in: place) : site.token,
                let announced = flows.flows(at: returned, in: place), !announced.isEmpty,
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
