import ObservationSyntax

// Witness choice (SPEC §10): when several writes can run a body again while a view it builds
// is shown, the witness cited is the one that most surely runs then. A value the system
// changes (the user leaves the app and comes back: `scenePhase`) runs whatever the user does;
// a timer, a notification or a subscription fires on its own; the shown view's own code runs
// on the user's input to it; a continuation after an `await` runs once, maybe while it is up;
// other code (a user action in the presenter, a method) may not run while the view is up.

/// How surely a trigger runs while a view is shown, surest first.
public enum TriggerSurety: Int, Sendable, Comparable, CustomStringConvertible {
    /// A value the system changes (an environment value, a query's stored data).
    case system
    /// A write in a handler that fires repeatedly on its own: a timer, a notification, a
    /// subscription (`sink`, `.onReceive`, `assign(to:)`), a loop that awaits.
    case repeatingEvent
    /// A write by the view shown itself: in the presented content's code (its closure, the
    /// views it builds), or through a `$binding` handed to the view at the site.
    case presentedContent
    /// A write after an `await` (or in a closure run later: `MainActor.run`,
    /// `DispatchQueue…async`, a timer that does not repeat): it runs once, maybe while shown.
    case continuation
    /// Any other write: a user action, a method.
    case other

    public static func < (lhs: TriggerSurety, rhs: TriggerSurety) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .system: "system"
        case .repeatingEvent: "repeating event"
        case .presentedContent: "presented content"
        case .continuation: "continuation"
        case .other: "other"
        }
    }
}

extension ProjectIndex {
    /// Closures a handler runs each time a timer, a notification or a publisher fires.
    private static let repeatingEventClosures: Set<String> = [
        "sink", "onReceive", "addObserver", "scheduledTimer", "observe", "addPeriodicTimeObserver",
        "onPreferenceChange", "onGeometryChange", "onScrollGeometryChange",
    ]
    /// Closures run later than the code that hands them over.
    private static let laterClosures: Set<String> = ["async", "asyncAfter", "run"]

    /// The best witness among `type`'s triggers that can fire while the view built at `site`
    /// is shown (`reRenderTriggers(of:whileShowing:)` whose write `canRun(_:whileShowing:)`):
    /// the surest (`surety(of:whileShowingViewBuiltAt:)`), the first listed among equals;
    /// never one whose write first ends the presentation showing the view
    /// (`dismissesPresentation(before:showing:)`), that runs only before the flow it runs
    /// in presents the view (`runsBeforePresenting(_:showing:)`), or in a flow of the view
    /// that then dismisses it (`isDismissedInSameFlow(after:showing:)`). `sparing`: the inputs of a
    /// model construction in `type`'s code that the view gets (`constructionInputs`); a
    /// trigger that changes one of them (`changesInput`) rebuilds the model from the new
    /// value, as intended, and witnesses no loss. Nil when none can fire.
    public func surestReRenderTrigger(
        of type: TypeInfo, whileShowingViewBuiltAt site: ViewConstruction, sparing inputs: [ConstructionInput] = []
    ) -> ReRenderTrigger? {
        var best: (trigger: ReRenderTrigger, surety: TriggerSurety)?
        for trigger in reRenderTriggers(of: type, whileShowing: TokenLocation(file: site.file, token: site.token)) {
            let surety = surety(of: trigger, whileShowingViewBuiltAt: site)
            if let best, best.surety <= surety { continue }
            if leavesBranch(trigger, of: site) || changesInput(trigger, of: inputs, in: type.name) { continue }
            if let write = trigger.write, !canRun(write, whileShowing: site) || !canRunThroughChain(write, of: trigger)
                || dismissesPresentation(before: write, showing: site)
                || runsBeforePresenting(write, showing: site) || isDismissedInSameFlow(after: write, showing: site)
            {
                continue
            }
            best = (trigger, surety)
            if surety == .system { break }
        }
        return best?.trigger
    }

    /// Whether the write can run while each view the trigger's value is passed down through
    /// is shown (`canRun(_:whileShowing:)` of each step's site): it reaches the body that
    /// builds the site only through those views, so one it cannot run beside re-creates
    /// nothing there (`BookReader` shown by a `.fullScreenCover` and in a `Window` of its
    /// own: the trigger that passes it a book through the cover cannot run under the cover).
    private func canRunThroughChain(_ write: TokenLocation, of trigger: ReRenderTrigger) -> Bool {
        trigger.passedDown.allSatisfy { canRun(write, whileShowing: $0.site) }
    }

    /// Whether every change of the trigger's state moves the body that builds `site` out of
    /// the branch the site is in (or into it): a `@State` of the site's own container that the
    /// branch pins (`if isLoading { ProgressView() } else { Child(model: Model()) }`). SwiftUI
    /// runs the body only when the state's value changes, so the view built at the site is
    /// removed, and the next one is new anyway: no build that replaces a shown one. Not when
    /// the write's flow writes the state again before it returns (`writesAgainInSameFlow`).
    func leavesBranch(_ trigger: ReRenderTrigger, of site: ViewConstruction) -> Bool {
        guard trigger.passedDown.isEmpty, trigger.reader == site.enclosingType, let reader = types[trigger.reader],
            let (_, property) = reader.property(named: trigger.property), property.isStored,
            property.attributes.contains(where: { $0.simpleName == "State" }), trigger.state == "`\(trigger.property)`"
        else { return false }
        guard site.identity.contains(where: { tie in
            if case .branch(_, let pinned) = tie { pinned.contains(trigger.property) } else { false }
        })
        else { return false }
        return trigger.write.map { !writesAgainInSameFlow($0, of: trigger.property, in: reader) } ?? true
    }

    /// Whether the flow that makes the write at `write` writes the state `property` of
    /// `view` again with no `await` between (`isSaving = true; save(); isSaving = false` in
    /// one action): SwiftUI runs the body once the flow returns, back in the branch it left,
    /// and builds what the branch shows again.
    private func writesAgainInSameFlow(_ write: TokenLocation, of property: String, in view: TypeInfo) -> Bool {
        guard let body = isolationFacts.enclosingBody(of: write, index: self) else { return false }
        let file = files[write.file]
        let scopes = scopes(in: body.range, of: file)
        let closure = scopes.innermostClosure(containing: write.token)?.range
        return changes(of: view).writes(of: property).contains { other in
            guard other.site != write, other.site.file == write.file, body.range.contains(other.site.token),
                scopes.innermostClosure(containing: other.site.token)?.range == closure
            else { return false }
            return !(min(write.token, other.site.token)..<max(write.token, other.site.token)).contains { file.at($0, "await") }
        }
    }

    /// How surely the trigger's write runs while the view built at `site` is shown (not
    /// whether it can: `canRun(_:whileShowing:)` says that).
    public func surety(of trigger: ReRenderTrigger, whileShowingViewBuiltAt site: ViewConstruction) -> TriggerSurety {
        guard let write = trigger.write else { return .system }
        let file = files[write.file]
        // `publisher.assign(to: &$field)`, `.assign(to: \.field, on: self)`: a subscription.
        if write.token >= 2, file.kind(write.token - 1) == .prefixAmpersand || file.kind(write.token - 2) == .backslash { return .repeatingEvent }
        guard let body = isolationFacts.enclosingBody(of: write, index: self) else { return .other }
        let scopes = scopes(in: body.range, of: file)
        var flow: Scope?
        for scope in scopes.enclosing(write.token) {
            if runsOnRepeatingEvents(scope, file: file) { return .repeatingEvent }
            guard case .closure(let callee, _) = scope.kind else { continue }
            if flow == nil { flow = scope }
            // `Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { … }` fires once, later.
            if let callee, file.at(callee, "scheduledTimer") { return .continuation }
        }
        if write.file == site.file, site.tokens.contains(write.token) || presentedContent(of: site)?.range.contains(write.token) == true {
            return .presentedContent
        }
        if let owner = body.owner, owner.isView ? presentedViews(of: site).contains(owner.name) : isHeldByPresentedView(owner, site: site) {
            return .presentedContent
        }
        if suspends(before: write.token, in: flow, scopes: scopes, from: body.range.lowerBound, file: file)
            || isAssignedAwaitedValue(write.token, in: file)
            || scopes.enclosing(write.token).contains(where: { isLaterClosure($0, file: file) })
        {
            return .continuation
        }
        return .other
    }

    /// Whether a view shown by the presentation at `site` holds an object of `model` (the
    /// declared type of a stored property): the model's methods run on that view's input.
    private func isHeldByPresentedView(_ model: TypeInfo, site: ViewConstruction) -> Bool {
        guard model.isClass else { return false }
        return presentedViews(of: site).contains { name in
            guard let view = types[name] else { return false }
            return view.properties.contains { fileIndex, property in
                property.isStored && declaredShape(of: property, in: files[fileIndex], scope: name)?.directName
                    .flatMap { self.type(named: $0, from: name) }?.name == model.name
            }
        }
    }

    /// Whether `write`, code of the view that presents the view built at `site`, runs in a
    /// synchronous step that first ends that presentation: its `isPresented:` state set to
    /// `false` or its `item:` to `nil`, earlier in the same flow (the same closure or
    /// function body, outside nested closures, in a block that also holds the write). The
    /// body then runs again without the view: the write removes it rather than re-creating it.
    public func dismissesPresentation(before write: TokenLocation, showing site: ViewConstruction) -> Bool {
        guard let (presenter, state, isItem) = presentingState(of: site) else { return false }
        guard let body = isolationFacts.enclosingBody(of: write, index: self), body.owner?.name == presenter else { return false }
        let file = files[write.file]
        let scopes = scopes(in: body.range, of: file)
        let flow = scopes.innermostClosure(containing: write.token)?.range ?? body.range
        let ending = isItem ? "nil" : "false"
        return file.assignments(in: flow.lowerBound..<write.token).contains { assignment in
            guard file.at(assignment.operatorToken, "="), assignment.value.count == 1, file.spells(assignment.value.lowerBound, ending),
                file.path(of: assignment.target).joined(separator: ".") == state,
                scopes.innermostClosure(containing: assignment.operatorToken)?.range == scopes.innermostClosure(containing: write.token)?.range
            else { return false }
            // In a block that also holds the write (not `if done { item = nil }` before it).
            guard let block = scopes.innermostIndex(containing: assignment.operatorToken) else { return true }
            return scopes.scopes[block].range.contains(write.token)
        }
    }

    /// Whether every run of `write` starts in a synchronous flow of the view built at `site`
    /// (presented content) that, later in the same flow and with no `await` between, dismisses
    /// that view: calls its `DismissAction` (`@Environment(\.dismiss)`),
    /// `presentationMode.wrappedValue.dismiss()`, or sets the `@Binding` the presenter hands
    /// it as the presentation's own state to `false` (`isPresented:`) or `nil` (`item:`).
    /// SwiftUI runs the presenter's body once the flow returns, while the view goes away: the
    /// model it builds anew replaces nothing the user still sees (`try? model.save(); if
    /// model.saveSuccess { dismiss() }`). A flag the flow sets that an `.onChange` later turns
    /// into a dismissal is none: the body runs first, with the view still shown. Runs that
    /// start, with no suspension, in other views that cannot run while the view is shown
    /// (`canRun(_:whileShowing:)`: a wizard page calling the same `save()` under the sheet)
    /// do not count.
    public func isDismissedInSameFlow(after write: TokenLocation, showing site: ViewConstruction) -> Bool {
        guard site.context == .presentation, let view = types[site.view], let starting = startingViews(of: write),
            starting.views[site.view] == false
        else { return false }
        return starting.starts.allSatisfy { start in
            guard let body = isolationFacts.enclosingBody(of: start, index: self), let owner = body.owner else { return false }
            guard owner.name == view.name else { return starting.views[owner.name] == false && !canRun(start, whileShowing: site) }
            if isExcludedByConstructedCase(start, of: view, builtAt: site) { return true }
            return isFollowedInSameFlow(start) { token, file in isDismissal(token, of: view, shownAt: site, in: file) }
        }
    }

    /// Whether the code at `location`, in `view`'s own code, never runs in the view built at
    /// `site`: it sits in a branch on a stored property of `view` that the site's value
    /// excludes (`switch mode { case .wizard: … }`, `if mode == .wizard { … }`, `if mode !=
    /// .standalone { … }` for a view built with `mode: .standalone`, or with no `mode:` where
    /// `var mode: Mode = .standalone`), or in a member of `view` used only in such branches
    /// (`case .wizard: wizardBody`). The property's value is the construction's
    /// (`constructedCase(of:in:builtAt:)`).
    public func isExcludedByConstructedCase(_ location: TokenLocation, of view: TypeInfo, builtAt site: ViewConstruction) -> Bool {
        isExcludedByConstructedCase(location, of: view, builtAt: site, depth: 0)
    }

    private func isExcludedByConstructedCase(_ location: TokenLocation, of view: TypeInfo, builtAt site: ViewConstruction, depth: Int) -> Bool {
        guard let body = isolationFacts.enclosingBody(of: location, index: self), body.owner?.name == view.name else { return false }
        let file = files[location.file]
        let scopes = scopes(in: body.range, of: file)
        for position in scopeIndices(containing: location.token, in: scopes) where !scopes.scopes[position].isClosure {
            let block = scopes.scopes[position].range
            if isSwitchBlock(block, file: file) {
                guard let label = caseLabel(before: location.token, in: position, scopes: scopes, file: file), file.at(label, "case"),
                    let subject = switchSubject(of: block, file: file), let value = constructedCase(of: subject, in: view, builtAt: site),
                    let cases = implicitMembers(file, label + 1, until: .colon)
                else { continue }
                if !cases.contains(value) { return true }
            } else if let (condition, isThen) = ifCondition(of: block, file: file), isThen, condition.count == 4,
                file.at(condition.lowerBound + 1, "==") || file.at(condition.lowerBound + 1, "!="), file.kind(condition.lowerBound + 2) == .period,
                let value = constructedCase(of: file.text(condition.lowerBound), in: view, builtAt: site)
            {
                let equal = file.at(condition.lowerBound + 1, "==")
                if (value == file.text(condition.lowerBound + 3)) != equal { return true }
            }
        }
        // Directly in a member (`wizardBody`): it runs where the view uses it.
        let name: String
        switch body.member {
        case .accessor(let property, _): name = property.name
        case .function(let function) where function.kind == .function: name = function.name
        default: return false
        }
        guard depth < 2 else { return false }
        let uses = references(to: name, in: view).filter { isolationFacts.enclosingBody(of: $0, index: self)?.range != body.range }
        return !uses.isEmpty && uses.allSatisfy { isExcludedByConstructedCase($0, of: view, builtAt: site, depth: depth + 1) }
    }

    /// The enum case the view built at `site` holds in its stored property `name`: the
    /// implicit member the site passes for it (`mode: .create`), or with none passed, the
    /// property's initial value (`var mode: Mode = .standalone`). Only for a property with
    /// no wrapper in a view struct with the memberwise initializer (no `init` of its own):
    /// the argument is the property's value, and a view's code cannot change a stored
    /// property of its own struct (its body and actions do not mutate `self`).
    func constructedCase(of name: String, in view: TypeInfo, builtAt site: ViewConstruction) -> String? {
        guard view.kind == .struct, !view.functions.contains(where: { $0.function.kind == .initializer }),
            let (declared, property) = view.property(named: name), property.isStored, property.attributes.isEmpty
        else { return nil }
        if let argument = site.argument(labeled: name) {
            let passed = files[site.file]
            guard argument.value.count == 2, passed.kind(argument.value.lowerBound) == .period else { return nil }
            return passed.text(argument.value.lowerBound + 1)
        }
        guard let initial = property.initializer, initial.count == 2, files[declared].kind(initial.lowerBound) == .period else { return nil }
        return files[declared].text(initial.lowerBound + 1)
    }

    /// `switch mode {`, `switch self.mode {`: the property switched over.
    private func switchSubject(of block: Range<Int>, file: ParsedFile) -> String? {
        let start = block.lowerBound
        if file.at(start - 2, "switch") { return file.text(start - 1) }
        if file.at(start - 4, "switch"), file.at(start - 3, "self"), file.kind(start - 2) == .period { return file.text(start - 1) }
        return nil
    }

    /// `.create, .edit` up to `end`: the implicit members listed; nil when anything else is.
    private func implicitMembers(_ file: ParsedFile, _ start: Int, until end: TokenKind) -> [String]? {
        var names: [String] = []
        var token = start
        while file.kind(token) == .period, file.kind(token + 1) == .identifier {
            names.append(file.text(token + 1))
            token += 2
            if file.kind(token) == end { return names }
            guard file.kind(token) == .comma else { return nil }
            token += 1
        }
        return nil
    }

    /// Whether the code at `token`, in `view`'s own code, dismisses the view shown at `site`
    /// (`isDismissedInSameFlow(after:showing:)`).
    private func isDismissal(_ token: Int, of view: TypeInfo, shownAt site: ViewConstruction, in file: ParsedFile) -> Bool {
        if file.kind(token + 1) == .leftParen { return callsDismissAction(token, of: view, in: file) }
        guard file.kind(token + 1) == .equal, file.kind(token) == .identifier, file.isOwnMemberReference(token),
            let (_, property) = view.property(named: file.text(token)), property.isStored,
            property.attributes.contains(where: { $0.simpleName == "Binding" }), let (_, state, isItem) = presentingState(of: site),
            file.spells(token + 2, isItem ? "nil" : "false"), let argument = site.argument(labeled: property.name)
        else { return false }
        let passed = files[site.file]
        var value = argument.value.map { passed.text($0) }.joined()
        if value.hasPrefix("self.") { value.removeFirst(5) }
        return value == "$" + state
    }

    /// The presenter's state that shows the view built at `site` (`.sheet(item: $state)`,
    /// `.fullScreenCover(isPresented: $state)`, `self.$state`), and whether it is an `item:`.
    private func presentingState(of site: ViewConstruction) -> (presenter: String, state: String, isItem: Bool)? {
        guard let arguments = site.presentingArguments, let presenter = site.enclosingType else { return nil }
        let siteFile = files[site.file]
        let item = siteFile.argument("item", in: arguments)
        guard let binding = item ?? siteFile.argument("isPresented", in: arguments),
            siteFile.kind(binding.lowerBound) == .dollarIdentifier || siteFile.kind(binding.lowerBound + 2) == .dollarIdentifier
        else { return nil }
        var state = binding.map { siteFile.text($0) }.joined()
        if state.hasPrefix("self.") { state.removeFirst(5) }
        if state.hasPrefix("$") { state.removeFirst() }
        return (presenter, state, item != nil)
    }

    /// Whether every run of `write` comes before the view built at `site` is shown, in the
    /// flow that shows it: later in the same flow of the presenter's code (the same closure or
    /// function body, across its `await`s), its `item:` state is set to a value other than
    /// `nil` or its `isPresented:` state to `true`, in a block that also holds the write or
    /// in the block of the `if` whose condition holds it (`if let r = await load() { item = r }`),
    /// and the flow cannot run again while the view is shown (not a timer's, a publisher's, a
    /// notification's handler, an awaiting loop, `.onChange(of:)`, `.task(id:)`: `runsAgainOnEvents`).
    /// A write directly in a method (no closure around it: it runs before the method returns)
    /// counts when every call of the method is such a write, or cannot run while the view is
    /// shown (`canRun(_:whileShowing:)`): the project is a whole program (a `public` method's
    /// other clients run in other programs), and a method handed on uncalled may run anywhere. Such a write changes the presenter before the view
    /// exists, so it re-creates nothing the view holds.
    public func runsBeforePresenting(_ write: TokenLocation, showing site: ViewConstruction) -> Bool {
        guard let presenting = presentingState(of: site) else { return false }
        return runsBeforePresenting(write, presenting, site: site, depth: 0)
    }

    private func runsBeforePresenting(
        _ location: TokenLocation, _ presenting: (presenter: String, state: String, isItem: Bool), site: ViewConstruction, depth: Int
    ) -> Bool {
        guard let body = isolationFacts.enclosingBody(of: location, index: self), let owner = body.owner else { return false }
        let file = files[location.file]
        let scopes = scopes(in: body.range, of: file)
        // A flow that runs again while the view is shown writes then too, after presenting it.
        if scopes.enclosing(location.token).contains(where: { runsAgainOnEvents($0, file: file) }) { return false }
        let closure = scopes.innermostClosure(containing: location.token)
        if owner.name == presenting.presenter {
            let flow = closure?.range ?? body.range
            let presents = file.assignments(in: location.token..<flow.upperBound).contains { assignment in
                guard file.at(assignment.operatorToken, "="), !assignment.value.isEmpty,
                    presenting.isItem
                        ? !(assignment.value.count == 1 && file.spells(assignment.value.lowerBound, "nil"))
                        : assignment.value.count == 1 && file.spells(assignment.value.lowerBound, "true"),
                    file.path(of: assignment.target).joined(separator: ".") == presenting.state,
                    scopes.innermostClosure(containing: assignment.operatorToken)?.range == closure?.range
                else { return false }
                guard let block = scopes.innermostIndex(containing: assignment.operatorToken) else { return true }
                let range = scopes.scopes[block].range
                return range.contains(location.token) || ifKeyword(of: range, file: file).map { $0 < location.token && location.token < range.lowerBound } == true
            }
            if presents { return true }
        }
        guard depth < 2, closure == nil, isWholeProgram, case .function(let function) = body.member, function.kind == .function,
            !isCallableInProgramFromOutside(function, of: owner), namedFunctions[function.name]?.isEmpty == false
        else { return false }
        return !mayReference(function, of: owner) { reference in
            files[reference.file].kind(reference.token + 1) == .leftParen
                && isolationFacts.enclosingBody(of: reference, index: self)?.range != body.range
                && (runsBeforePresenting(reference, presenting, site: site, depth: depth + 1) || !canRun(reference, whileShowing: site))
        }
    }

    /// The `if` keyword whose block `block` is (`if let r = await load() {`).
    private func ifKeyword(of block: Range<Int>, file: ParsedFile) -> Int? {
        guard let keyword = statementKeyword(of: block, file: file, among: ["if", "while", "for", "repeat", "guard"]), file.at(keyword, "if") else { return nil }
        return keyword
    }

    /// Whether `scope` runs each time a timer, a notification or a publisher fires (a
    /// `repeatingEventClosures` closure, not a timer that `repeats: false`), or is a `while` /
    /// `for await` loop that awaits.
    private func runsOnRepeatingEvents(_ scope: Scope, file: ParsedFile) -> Bool {
        switch scope.kind {
        case .closure(let callee?, _):
            guard Self.repeatingEventClosures.contains(file.text(callee)) else { return false }
            return !(file.at(callee, "scheduledTimer") && scope.callArguments.flatMap { file.argument("repeats", in: $0) }
                .map { $0.count == 1 && file.at($0.lowerBound, "false") } == true)
        case .closure: return false
        case .block: return isAwaitingLoop(scope, file: file)
        }
    }

    /// Whether `scope` may run again while a view its flow presents is shown: on repeating
    /// events (`runsOnRepeatingEvents`), or on each change of a value (`.onChange(of:)`,
    /// `.task(id:)`).
    private func runsAgainOnEvents(_ scope: Scope, file: ParsedFile) -> Bool {
        if runsOnRepeatingEvents(scope, file: file) { return true }
        guard case .closure(let callee?, _) = scope.kind else { return false }
        return file.at(callee, "onChange")
            || file.at(callee, "task") && scope.callArguments.flatMap { file.argument("id", in: $0) } != nil
    }

    /// `while …` / `for await … in` whose block awaits: it runs its body again and again.
    private func isAwaitingLoop(_ block: Scope, file: ParsedFile) -> Bool {
        guard let keyword = loopKeyword(of: block.range, file: file) else { return false }
        if file.at(keyword, "for") { return file.at(keyword + 1, "await") || file.at(keyword + 2, "await") }
        return block.range.contains { file.at($0, "await") }
    }

    /// The `while`/`for`/`repeat` keyword whose block `block` is.
    private func loopKeyword(of block: Range<Int>, file: ParsedFile) -> Int? {
        statementKeyword(of: block, file: file, among: ["while", "for", "repeat"])
    }

    /// The nearest of `keywords` before block `block`'s opening, in the same statement.
    private func statementKeyword(of block: Range<Int>, file: ParsedFile, among keywords: [StaticString]) -> Int? {
        var token = block.lowerBound - 1
        var steps = 0
        while token >= 0, steps < 64 {
            if keywords.contains(where: { file.at(token, $0) }) { return token }
            switch file.kind(token) {
            case .leftBrace, .rightBrace, .semicolon: return nil
            case .rightParen, .rightSquare:
                let open = Int(file.partner[token])
                token = open >= 0 && open < token ? open - 1 : token - 1
            default: token -= 1
            }
            steps += 1
        }
        return nil
    }

    /// `field = await load()`, `field = try await load()`: the store runs after the await.
    private func isAssignedAwaitedValue(_ token: Int, in file: ParsedFile) -> Bool {
        guard file.kind(token + 1) == .equal else { return false }
        var value = token + 2
        if file.at(value, "try") { value += file.kind(value + 1) == .postfixQuestionMark || file.kind(value + 1) == .exclamationMark ? 2 : 1 }
        return file.at(value, "await")
    }

    /// `MainActor.run { … }`, `DispatchQueue.main.async { … }`, `asyncAfter`: a closure run later.
    private func isLaterClosure(_ scope: Scope, file: ParsedFile) -> Bool {
        guard case .closure(let callee?, _) = scope.kind, Self.laterClosures.contains(file.text(callee)) else { return false }
        return !file.at(callee, "run") || file.at(callee - 2, "MainActor")
    }
}
