import ObservationSyntax

// Which views can be on screen together, and which views' code starts a write (SPEC §10: a
// trigger that cannot run while a view is shown witnesses nothing about it).

/// The views whose code starts every run of some code: an action, a handler, a method of
/// theirs, through calls into models and services.
public struct StartingViews: Sendable, Hashable, CustomStringConvertible {
    /// Each starting view, and whether the flow from it to the code suspends on the way (an
    /// `await`, a main-queue `async`): the code may then run after that view has gone.
    public var views: [String: Bool]
    /// The places in those views' code where the runs start (the call, or the code itself).
    public var starts: Set<TokenLocation> = []

    public var description: String {
        views.keys.sorted().map { views[$0]! ? "\($0.withoutTypeKeyPrefixes) (after a suspension)" : $0.withoutTypeKeyPrefixes }
            .joined(separator: ", ")
    }
}

extension ProjectIndex {
    /// The views whose own code starts every run of the code at `location`, following a
    /// method of a model or service to every use of it the project may make
    /// (`mayReference`: the project is a whole program, the method is not callable from
    /// outside) and closures that run once, in the flow that reaches them (`Task { }`,
    /// `MainActor.run { }`, `withAnimation { }`, `DispatchQueue.main.async { }`). Nil when
    /// some run is not known to start in a view's code: an initializer of a model, a
    /// callback, subscription, observer or timer, a method handed on uncalled, an `App`'s or
    /// a global's code (calls in previews and tests do not count: they never run in the app), a chain deeper than the analysis follows — also when a view's own
    /// code registers the callback (a timer, an observer, a subscription may fire after the
    /// view has gone); an `await` before the code in a view's own flow marks it suspended.
    public func startingViews(of location: TokenLocation) -> StartingViews? {
        startingViewsByLocation.value(for: location) {
            var walk = StartingViewsWalk()
            // Code nothing runs has no starting view to tell about.
            return startingViews(of: location, suspended: false, depth: 0, walk: &walk).flatMap { $0.views.isEmpty ? nil : $0 }
        }
    }

    /// The state of one `startingViews(of:)` walk: the bodies on the current path, and the
    /// answers already found for a location reached with a suspension state at a depth (the
    /// depth limit cuts deeper walks), kept only when no cycle or depth limit cut them short
    /// (those depend on the path taken).
    private struct StartingViewsWalk {
        struct Step: Hashable {
            let location: TokenLocation
            let suspended: Bool
            let depth: Int
        }
        var visiting: Set<BodyKey> = []
        var found: [Step: StartingViews?] = [:]
        var cuts = 0
    }

    private func startingViews(of location: TokenLocation, suspended: Bool, depth: Int, walk: inout StartingViewsWalk) -> StartingViews? {
        let step = StartingViewsWalk.Step(location: location, suspended: suspended, depth: depth)
        if let found = walk.found[step] { return found }
        let cutsBefore = walk.cuts
        let result = startingViewsStep(of: location, suspended: suspended, depth: depth, walk: &walk)
        if walk.cuts == cutsBefore { walk.found[step] = result }
        return result
    }

    private func startingViewsStep(of location: TokenLocation, suspended: Bool, depth: Int, walk: inout StartingViewsWalk) -> StartingViews? {
        guard let body = isolationFacts.enclosingBody(of: location, index: self), let owner = body.owner else { return nil }
        let file = files[location.file]
        let isStatic: Bool
        if case .function(let function) = body.member { isStatic = function.modifiers.contains("static") || function.modifiers.contains("class") } else { isStatic = false }
        let isViewCode = owner.isView && !isStatic
        let scopes = scopes(in: body.range, of: file)
        var suspended = suspended
        let closures = scopes.enclosing(location.token).filter(\.isClosure)
        for (position, scope) in closures.enumerated() {
            let callee = scope.kind.callee.map { file.text($0) }
            if let callee, Self.laterClosures.contains(callee) { suspended = true }
            if let callee, Self.onceInFlowClosures.contains(callee) { continue }
            // A view's own actions run while it is shown; a callback it registers may fire
            // after it has gone.
            if isViewCode, !Self.outlivingCallbackClosures.contains(callee ?? "") {
                // A closure inside an action (`Button { api.signIn { user in … } }`): a
                // completion handler, which may run after the view has gone.
                let isInsideAction = closures[(position + 1)...].contains { ViewCode.role(of: $0, in: file, index: self) != .content }
                if isInsideAction { suspended = true }
                continue
            }
            return nil
        }
        if awaits(before: location.token, in: body.range, scopes: scopes, file: file) { suspended = true }
        if isViewCode { return StartingViews(views: [owner.name: suspended], starts: [location]) }
        guard depth < 8 else {
            walk.cuts += 1
            return nil
        }
        guard isWholeProgram, case .function(let function) = body.member, function.kind == .function,
            !isCallableFromOutside(function, of: owner)
        else { return nil }
        let key = BodyKey(file: location.file, body: body.range)
        // A recursive call adds no way in: the outer call is counted where it is made.
        guard walk.visiting.insert(key).inserted else {
            walk.cuts += 1
            return StartingViews(views: [:])
        }
        defer { walk.visiting.remove(key) }
        var result = StartingViews(views: [:])
        // Tests and previews (`#Preview`, a `PreviewProvider`) never run in the app.
        for reference in referencingSites(function, of: owner)
        where !neverRunsInApp(file: reference.file) && codeContexts(inFile: reference.file).innermost(containing: reference.token)?.isPreview != true {
            let referenceFile = files[reference.file]
            // `.signIn` with nothing before it names a static member (an enum case), never
            // an instance method.
            // `case signIn`: an enum case of the name, declared or matched.
            if !isStatic, isImplicitMember(reference.token, in: referenceFile) || referenceFile.at(reference.token - 1, "case") { continue }
            guard referenceFile.kind(reference.token + 1) == .leftParen || referenceFile.kind(reference.token + 1) == .leftBrace,
                let callers = startingViews(of: reference, suspended: suspended, depth: depth + 1, walk: &walk)
            else { return nil }
            for (view, later) in callers.views { result.views[view] = (result.views[view] ?? false) || later }
            result.starts.formUnion(callers.starts)
        }
        // Empty when nothing calls it: a way in through it never runs.
        return result
    }

    /// `.name` with no receiver before the period (`contains(.signIn)`, `case .signIn:`), not
    /// a key path.
    private func isImplicitMember(_ token: Int, in file: ParsedFile) -> Bool {
        guard file.kind(token - 1) == .period, file.kind(token + 1) != .leftParen, file.kind(token + 1) != .leftBrace else { return false }
        let before = file.kind(token - 2)
        let isReceiver = before == .identifier || file.at(token - 2, "self") || file.at(token - 2, "Self") || file.at(token - 2, "super")
        return !isReceiver && before != .backslash && before != .rightParen && before != .rightSquare && before != .rightBrace
            && before != .postfixQuestionMark && before != .exclamationMark
    }

    /// Closures that run once, in the flow that reaches them.
    private static let onceInFlowClosures: Set<String> = [
        "Task", "run", "withAnimation", "withTransaction", "async", "asyncAfter", "withCheckedContinuation",
        "withCheckedThrowingContinuation", "withTaskGroup", "withThrowingTaskGroup", "addTask",
    ]
    /// Of those, the ones that run after the flow has returned to the run loop.
    private static let laterClosures: Set<String> = ["async", "asyncAfter"]
    /// Callbacks a view may register that fire again, after the code that registered them has
    /// returned and possibly after the view has gone: timers, observers, subscriptions.
    private static let outlivingCallbackClosures: Set<String> = [
        "sink", "addObserver", "scheduledTimer", "observe", "addPeriodicTimeObserver", "handleEvents",
        "dataTask", "downloadTask", "uploadTask",
    ]

    /// Whether an `await` of the flows around `token` (the body's own code or a closure that
    /// encloses it) comes before it.
    private func awaits(before token: Int, in body: Range<Int>, scopes: BodyScopes, file: ParsedFile) -> Bool {
        let enclosing = Set(scopes.enclosing(token).filter(\.isClosure).map(\.range))
        return (body.lowerBound..<token).contains { candidate in
            guard file.at(candidate, "await") else { return false }
            return scopes.innermostClosure(containing: candidate).map { enclosing.contains($0.range) } ?? true
        }
    }

    /// Whether the code at `location` (a write of `field`) can run while some instance of
    /// `view` is shown: not when every view whose code starts it (`startingViews(of:)`) is
    /// never on screen together with `view` (`canBeShownTogether`) — and, for a flow that
    /// suspends on the way, the branch that holds `view` tests `field`
    /// (`isBranchTesting(_:around:)`): the flow may outlive its view, and then runs as the
    /// write itself moves the container into `view`'s branch (`signIn()` writing
    /// `currentUser` under `if let user = auth.currentUser { Main() } else { SignIn() }`),
    /// which builds `view` with the value written.
    public func canRun(_ location: TokenLocation, whileShowingAnyInstanceOf view: String, writing field: String) -> Bool {
        guard let starting = startingViews(of: location) else { return true }
        return starting.views.contains { starter, suspends in
            guard let separation = separation(of: starter, from: view) else { return true }
            return suspends && !separation.contains { isBranchTesting(field, around: $0) }
        }
    }

    /// Whether the code at `location` runs only from code of `view` itself (its actions, its
    /// methods, through calls into models and services). Only where the flow starts is
    /// checked, not what it writes: a caller takes it as the view handing back what it holds.
    public func runsOnlyFromCode(of view: String, _ location: TokenLocation) -> Bool {
        startingViews(of: location).map { Set($0.views.keys) == [view] } ?? false
    }

    /// Whether views `a` and `b` can be on screen together: not when one view on every way
    /// the app shows each of them, itself shown once (`isShownOnce`), builds every way to `a`
    /// in another branch of an `if`/`else` or `switch` of one rendering body than every way
    /// to `b`: one evaluation builds one branch, and the branch goes with all below it
    /// (presented content with its presenter).
    public func canBeShownTogether(_ a: String, _ b: String) -> Bool {
        separation(of: a, from: b) == nil
    }

    /// The sites of `b`'s ways in the container that separates `a` from `b`, or nil.
    private func separation(of a: String, from b: String) -> [TokenLocation]? {
        guard a != b else { return nil }
        guard let waysA = dominatingSites(of: a), let waysB = dominatingSites(of: b) else { return nil }
        for (container, sitesB) in waysB {
            guard let sitesA = waysA[container], isShownOnce(container) else { continue }
            let separated = sitesA.allSatisfy { siteA in
                sitesB.allSatisfy { siteB in
                    guard siteA.file == siteB.file, let body = isolationFacts.enclosingBody(of: siteA, index: self),
                        body.range.contains(siteB.token)
                    else { return false }
                    return areInExclusiveBranches(siteA.token, siteB.token, body: body.range, file: files[siteA.file])
                }
            }
            if separated { return Array(sitesB) }
        }
        return nil
    }

    /// The views on every way the app shows `view`, each marked when the app
    /// shows it once (`debug graph`).
    public func showingContainers(of view: String) -> String {
        (dominatingSites(of: view) ?? [:]).keys.sorted().map { isShownOnce($0) ? "`\($0.withoutTypeKeyPrefixes)` (shown once)" : "`\($0.withoutTypeKeyPrefixes)`" }
            .joined(separator: ", ")
    }

    /// For each view on every way the app shows `view` (its container, and theirs, up to the
    /// scene), the sites in that view's code that lead to `view`. Empty when some way is not
    /// known (a hosting controller, a view built in an action); nil when the app never shows
    /// it (nothing but previews, tests and views never shown build it).
    func dominatingSites(of view: String) -> [String: Set<TokenLocation>]? {
        dominatingSitesByView.value(for: view) {
            var walk = DominatorWalk()
            return dominatingSites(of: view, walk: &walk).sites
        }
    }

    /// The state of one walk up the view tree: the views on the current way (a container met
    /// again closes a cycle, which adds no way in) and the answers found without such a cut.
    private struct DominatorWalk {
        var visiting: Set<String> = []
        var known: [String: [String: Set<TokenLocation>]?] = [:]
        var steps = 0
    }

    private func dominatingSites(of view: String, walk: inout DominatorWalk) -> (sites: [String: Set<TokenLocation>]?, cut: Bool) {
        if let known = walk.known[view] { return (known, false) }
        walk.steps += 1
        guard walk.steps < 2_000, walk.visiting.count < 32, let builders = builders(of: view) else { return ([:], false) }
        walk.visiting.insert(view)
        defer { walk.visiting.remove(view) }
        var result: [String: Set<TokenLocation>]?
        var cut = false
        for builder in builders {
            var ways: [String: Set<TokenLocation>] = [:]
            if let container = builder.container {
                if container == view || walk.visiting.contains(container) {
                    // Built inside itself, or by a view on the way: a cycle, entered elsewhere.
                    cut = true
                    continue
                }
                let above = dominatingSites(of: container, walk: &walk)
                cut = cut || above.cut
                // A container the app never shows builds nothing.
                guard let sites = above.sites else { continue }
                ways = sites
                ways[container, default: []].insert(builder.site)
            }
            guard let before = result else {
                result = ways
                continue
            }
            var merged: [String: Set<TokenLocation>] = [:]
            for (container, here) in ways { if let earlier = before[container] { merged[container] = earlier.union(here) } }
            result = merged
        }
        if !cut { walk.known[view] = result }
        return (result, cut)
    }

    /// Where the app builds `view`: the rendering code (or presented content) of a project
    /// container (a view, a view modifier, also through a method of a `View` extension, at
    /// each call of it in a container's rendering code), or a scene's root (`container` the
    /// `App` whose scene body builds it, or nil); `repeated` when a `ForEach` builds it.
    /// Empty when nothing but previews and tests build it; nil when some builder is not known
    /// (a hosting controller, an action).
    private func builders(of view: String) -> [(container: String?, site: TokenLocation, repeated: Bool)]? {
        let sites = viewGraph.constructions(of: view).filter { $0.context != .preview }
        guard sites.count <= 32 else { return nil }
        // No site: a view only previews and tests build, or the `App` (which the system builds).
        if sites.isEmpty, types[view]?.traits.contains(.app) == true { return nil }
        var result: [(container: String?, site: TokenLocation, repeated: Bool)] = []
        for site in sites {
            let location = TokenLocation(file: site.file, token: site.token)
            if site.context == .oneTime(.sceneRoot) {
                // The app's scene body builds it: the app is its container.
                let app = site.enclosingType.flatMap { types[$0] }.flatMap { $0.traits.contains(.app) ? $0.name : nil }
                result.append((app, location, false))
                continue
            }
            guard site.context == .rendering || site.context == .presentation || site.context == .other else { return nil }
            let repeated = site.identity.contains { if case .forEach = $0 { true } else { false } }
            if let container = site.enclosingType.flatMap({ types[$0] }), ViewCode.isRenderingContainer(container) {
                // Code the view graph cannot classify (a closure handed to a view, `Pager {
                // Row() }`) builds under the container only within its rendering code.
                if site.context == .other,
                    !ViewCode.renderingBodies(of: container, index: self).contains(where: { $0.file == site.file && $0.range.contains(site.token) })
                {
                    return nil
                }
                result.append((container.name, location, repeated))
                continue
            }
            guard site.context != .other else { return nil }
            guard let method = site.enclosingMember else { return nil }
            let calls = isolationFacts.calls(named: method, index: self).filter { call in
                !files[call.file].at(call.token - 1, "func") && !neverRunsInApp(file: call.file)
            }
            guard !calls.isEmpty, calls.count <= 32 else { return nil }
            for call in calls {
                guard let caller = isolationFacts.enclosingBody(of: call, index: self)?.owner, ViewCode.isRenderingContainer(caller),
                    ViewCode.renderingBodies(of: caller, index: self).contains(where: { $0.file == call.file && $0.range.contains(call.token) })
                else { return nil }
                result.append((caller.name, call, repeated))
            }
        }
        return result
    }

    /// Whether the app shows one instance of `view` at a time: the `App` itself, or one
    /// builder, not a `ForEach`, in a container shown once or as a scene's root.
    func isShownOnce(_ view: String) -> Bool {
        var current = view
        for _ in 0..<32 {
            if types[current]?.traits.contains(.app) == true { return true }
            // Builders in containers the app never shows do not count.
            let shown = builders(of: current)?.filter { builder in
                builder.container.map { $0 == current || dominatingSites(of: $0) != nil } ?? true
            }
            guard let shown, shown.count == 1, let builder = shown.first, !builder.repeated else {
                return false
            }
            guard let container = builder.container else { return true }
            guard container != current else { return false }
            current = container
        }
        return false
    }

    /// Whether a condition of the `if`/`guard`/`switch` statements whose blocks hold `site`
    /// names `field` (`if let user = auth.currentUser { … }`).
    private func isBranchTesting(_ field: String, around site: TokenLocation) -> Bool {
        guard let body = isolationFacts.enclosingBody(of: site, index: self) else { return false }
        let file = files[site.file]
        for scope in scopes(in: body.range, of: file).enclosing(site.token) {
            guard case .block = scope.kind else { continue }
            // Back from the block's `{` to the statement's keyword, over the blocks of earlier
            // branches (`} else {`) and brackets.
            var token = scope.range.lowerBound - 1
            var steps = 0
            while token > body.range.lowerBound, steps < 400 {
                steps += 1
                let kind = file.kind(token)
                if kind == .rightBrace || kind == .rightParen || kind == .rightSquare {
                    let open = Int(file.partner[token])
                    if kind != .rightBrace, (open..<token).contains(where: { file.spells($0, field) }) { return true }
                    guard open >= 0, open < token else { break }
                    token = open - 1
                    continue
                }
                if file.spells(token, field) { return true }
                if file.at(token, "switch") || file.at(token, "guard") || (file.at(token, "if") && !file.at(token - 1, "else")) { break }
                if kind == .leftBrace || file.at(token, ";") { break }
                token -= 1
            }
        }
        return false
    }

    /// Whether the code at `location` writes a `@State` of its own view `writer`, which built
    /// the view at `site` itself (`selected = item` in the presenter of `.navigationDestination`
    /// showing `Detail(item: selected)`): storage of that one instance. Another instance of
    /// the same type inside the presented content (a pushed screen that opens the presenter's
    /// type again) writes its own storage, so its code changes nothing the presenter passed.
    func writesOwnState(_ location: TokenLocation, of writer: TypeInfo, presenting site: ViewConstruction) -> Bool {
        guard site.enclosingType == writer.name else { return false }
        let file = files[location.file]
        guard file.kind(location.token) == .identifier, file.isOwnMemberReference(location.token),
            let (_, property) = writer.property(named: file.text(location.token)), property.isStored
        else { return false }
        return property.attributes.contains { $0.simpleName == "State" }
    }
}
