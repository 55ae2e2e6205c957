import ObservationSyntax

/// How presented content hides the views that present it (SPEC §10: a trigger that cannot
/// run while a view is shown witnesses nothing about it).
public enum PresentationCover: Sendable, Hashable, CustomStringConvertible {
    /// A modal presentation (`.sheet`, `.fullScreenCover` or `.popover` whose presenter never
    /// enables `presentationBackgroundInteraction`): the user can act only in the presented
    /// content, every other view is covered.
    case modal(String)
    /// A push onto a `NavigationStack` (a `NavigationLink` destination, a
    /// `.navigationDestination`): the views from the presenter up to the stack's root
    /// (`covered`) are hidden; views beside the stack (a split view's other column, another
    /// tab) are not. A `NavigationSplitView` or `NavigationView` shows the list and the
    /// detail side by side: no push there covers anything — unless the `NavigationView` is
    /// given the stack style (`.navigationViewStyle(.stack)`), which makes it a stack.
    case push(covered: Set<String>)

    public var description: String {
        switch self {
        case .modal(let callee): "modal .\(callee)"
        case .push(let covered): "pushed over " + covered.map { "`\($0.withoutTypeKeyPrefixes)`" }.sorted().joined(separator: ", ")
        }
    }
}

extension ProjectIndex {
    /// How the presentation that shows the view built at `site` covers the views around it;
    /// nil when the site is not presented content, the content is shown beside its presenter
    /// (`.inspector`, a split view's detail, a popover with background interaction), or the
    /// analysis cannot establish a navigation stack around the presenter.
    public func cover(of site: ViewConstruction) -> PresentationCover? {
        coverBySite.value(for: TokenLocation(file: site.file, token: site.token)) { findCover(of: site) }
    }

    private func findCover(of site: ViewConstruction, depth: Int = 0) -> PresentationCover? {
        guard site.context == .presentation, let presenter = site.enclosingType.flatMap({ types[$0] }) else { return nil }
        // `NavigationLink(destination: Detail())` has no closure: a push.
        switch presentedContent(of: site).map({ files[site.file].text($0.callee) }) {
        case "sheet", "fullScreenCover", "popover":
            let interacts = presenter.declarations.contains { declaration in
                let source = files[declaration.file]
                return declaration.decl.members.contains { source.at($0, "presentationBackgroundInteraction") }
            }
            return interacts ? nil : .modal(presentedContent(of: site).map { files[site.file].text($0.callee) } ?? "sheet")
        case nil, "navigationDestination", "NavigationLink": break
        default: return nil
        }
        let location = TokenLocation(file: site.file, token: site.token)
        return stackCover(around: location, of: presenter.name, depth: depth).map { .push(covered: $0) }
    }

    /// Whether code at `location` can run while the view built at `site` is shown: always,
    /// unless a presentation covers the view whose code it is (`cover(of:)`: a modal one
    /// covers its window, not a view shown in another scene) and it runs only
    /// on the user's input there or when that view appeared — an action (`Button`, a
    /// gesture, `.onSubmit`, `.onMove`), a write SwiftUI makes through a `$binding` handed to
    /// a control (`.searchable(text: $model.query)`, `TextField`, `Toggle`, `Picker`), a
    /// callback a covered view is handed, the
    /// synchronous part of `.onAppear`/`.task`, or a method only such code calls. The
    /// presented content's own views (the child and what it builds), and asynchronous
    /// continuations, timers, notifications and subscriptions, run while it is shown.
    /// A write in the view's own `.onDisappear` runs as it goes, wherever it is built.
    /// Code of the view that builds `site` that runs only from handlers of views in other
    /// branches of an `if`/`switch` than the site (`runsOnlyInOtherBranches`) cannot run
    /// while it is shown either.
    /// A method of another type (a model's `select(_:)`) runs where its callers do: code
    /// directly in it, before any `await`, cannot run while the view is shown when no call
    /// of the method in the project can (`runsOnlyThroughCovered`; asked when a presentation
    /// covers views or the site is in a branch).
    /// A view built in the rendering code of another is shown only while that one is
    /// (`canRunWhileShowingBuilder`): a sheet's content covers the views it builds too.
    public func canRun(_ location: TokenLocation, whileShowing site: ViewConstruction) -> Bool {
        canRun(location, whileShowing: site, depth: 0) && canRunWhileShowingBuilder(location, of: site, depth: 0)
    }

    /// Whether the code at `location` can run while the view whose rendering code builds
    /// `site` is shown, by one of the sites that build that view (`EditBody(…)` in the body of
    /// `Edit`, which only a `.sheet` shows: an action on the screen under the sheet cannot run
    /// while `EditBody` is shown). True when a way up is not known.
    private func canRunWhileShowingBuilder(_ location: TokenLocation, of site: ViewConstruction, depth: Int) -> Bool {
        guard depth < 3, site.context == .rendering, let builder = site.enclosingType, types[builder]?.isView == true else { return true }
        let sites = viewGraph.constructions(of: builder).filter { $0.context != .preview }
        guard !sites.isEmpty, sites.count <= 4 else { return true }
        return sites.contains { outer in
            guard outer.context == .rendering || outer.context == .presentation else { return true }
            return canRun(location, whileShowing: outer, depth: 0) && canRunWhileShowingBuilder(location, of: outer, depth: depth + 1)
        }
    }

    private func canRun(_ location: TokenLocation, whileShowing site: ViewConstruction, depth: Int) -> Bool {
        if runsAsItDisappears(location, site) { return false }
        if runsOnlyInOtherBranches(location, than: site) { return false }
        // Started only from views never on screen together with the child (another branch
        // of a `switch` over tabs, with what each branch pushes).
        if !canRun(location, whileShowingAnyInstanceOf: site.view, writing: files[location.file].text(location.token)) { return false }
        let cover = cover(of: site)
        guard cover != nil || site.identity.contains(where: { if case .branch = $0 { true } else { false } }),
            let body = isolationFacts.enclosingBody(of: location, index: self), let writer = body.owner
        else { return true }
        guard writer.isView else { return !runsOnlyThroughCovered(location, in: body, of: writer, whileShowing: site, depth: depth) }
        guard let cover else { return true }
        if presentedViews(of: site).contains(writer.name), !writesOwnState(location, of: writer, presenting: site) { return true }
        switch cover {
        case .push(let covered): if !isCovered(writer.name, byPushOver: covered, depth: 0) { return true }
        case .modal:
            // A modal presentation covers its window: a view shown in another scene (a
            // `Settings` window, another `Window`) stays usable.
            if let presenter = site.enclosingType, let presenterRoots = sceneRoots(of: presenter),
                let writerRoots = sceneRoots(of: writer.name), !writerRoots.isSubset(of: presenterRoots)
            {
                return true
            }
        }
        // The presented content: the closure that builds it, or the construction itself
        // (`NavigationLink(destination: Child(onSave: save))`).
        let content = (file: site.file, range: presentedContent(of: site)?.range ?? site.tokens)
        return !runsOnlyOnInput(location, in: body, of: writer, outside: content, depth: 0)
    }

    /// Whether `view` is shown only in the screens a push covers (`covered`): it is one of
    /// them, or every site that builds it is in the rendering code of such a view — inside
    /// the stack, for the view whose code holds the stack (`TabBar` building `NavigationStack
    /// { content; TabItem(…) }`: the push hides the whole root screen).
    private func isCovered(_ view: String, byPushOver covered: Set<String>, depth: Int) -> Bool {
        if covered.contains(view) { return true }
        guard depth < 4 else { return false }
        let sites = viewGraph.constructions(of: view).filter { $0.context != .preview }
        return !sites.isEmpty && sites.count <= 16 && sites.allSatisfy { outer in
            guard outer.context == .rendering, let parent = outer.enclosingType, isCovered(parent, byPushOver: covered, depth: depth + 1)
            else { return false }
            return !covered.contains(parent) || stackCover(around: TokenLocation(file: outer.file, token: outer.token), of: parent, depth: 0) != nil
        }
    }

    /// Whether the code at `location`, directly in a method of `owner` (no closure around it,
    /// no `await` before it), runs only through calls that cannot run while the view built at
    /// `site` is shown (covered, or in another branch than the site): the project is a whole program, nothing outside it can call the
    /// method, and every use of it the project may make (`mayReference`) is such a call
    /// (`model.select(item)` in a covered view's `Button`, `Button("Delete", action:
    /// model.delete)` there), or, for a write to the object itself, a call the owner's
    /// initializer makes on the object it sets up (`init() { fetch() }`: a new object, not
    /// the one a view holds; a write to a `store` it holds is another object's). A method handed on
    /// uncalled to anything else (`onSave: model.save`) may run anywhere.
    private func runsOnlyThroughCovered(
        _ location: TokenLocation, in body: OwnedBody, of owner: TypeInfo, whileShowing site: ViewConstruction, depth: Int
    ) -> Bool {
        guard depth < 2, isWholeProgram, case .function(let function) = body.member, function.kind == .function,
            !isCallableFromOutside(function, of: owner)
        else { return false }
        let file = files[location.file]
        let scopes = scopes(in: body.range, of: file)
        guard scopes.enclosing(location.token).allSatisfy({ scope in
            guard case .closure(let callee, _) = scope.kind else { return true }
            return callee.map { Self.transparentClosures.contains(file.text($0)) } ?? false
        }),
            !suspends(before: location.token, in: nil, scopes: scopes, from: body.range.lowerBound, file: file),
            namedFunctions[function.name]?.isEmpty == false
        else { return false }
        // `count = 0`, `self.count = 0`: the object the method runs on (an initializer's call
        // sets up only that one, not a `store` it holds).
        let writesOwnObject = file.kind(location.token - 1) != .period
            || (file.at(location.token - 2, "self") && file.kind(location.token - 3) != .period)
        return !mayReference(function, of: owner) { reference in
            let referenceFile = files[reference.file]
            let isCall = referenceFile.kind(reference.token + 1) == .leftParen
            guard isCall || isHandedToControl(reference, in: referenceFile),
                let caller = isolationFacts.enclosingBody(of: reference, index: self), caller.range != body.range
            else { return false }
            if isCall, writesOwnObject, setsUpNewObject(reference, in: caller, of: owner, file: referenceFile) { return true }
            return !canRun(reference, whileShowing: site, depth: depth + 1)
        }
    }

    /// Whether the call at `reference` is made by `owner`'s initializer on the object it is
    /// setting up (`init() { fetch() }`, directly, outside any closure): it writes a new
    /// object that no view shows yet, not one a view holds.
    private func setsUpNewObject(_ reference: TokenLocation, in caller: OwnedBody, of owner: TypeInfo, file: ParsedFile) -> Bool {
        guard caller.owner?.name == owner.name, case .function(let initializer) = caller.member, initializer.kind == .initializer,
            file.kind(reference.token - 1) != .period || (file.at(reference.token - 2, "self") && file.kind(reference.token - 3) != .period)
        else { return false }
        return scopes(in: caller.range, of: file).innermostClosure(containing: reference.token) == nil
    }

    /// `Button("Delete", action: model.delete)`, `.onDelete(perform: model.remove)`: a method
    /// handed uncalled as the action of a SwiftUI control or of a view's input handler; it
    /// runs on the user's input to the view that holds the control.
    private func isHandedToControl(_ reference: TokenLocation, in file: ParsedFile) -> Bool {
        let next = file.kind(reference.token + 1)
        guard next == .comma || next == .rightParen else { return false }
        var start = reference.token
        while file.kind(start - 1) == .period, file.isWord(start - 2) { start -= 2 }
        guard let (callee, label) = enclosingCall(of: start, in: file), let label, Self.controlActionLabels.contains(label) else { return false }
        return callee.startsWithUppercase ? type(named: callee, file: reference.file) == nil : Self.inputModifiers.contains(callee)
    }

    /// The labels SwiftUI controls and input modifiers take their actions under.
    private static let controlActionLabels: Set<String> = ["action", "perform", "primaryAction", "onIncrement", "onDecrement"]
    /// Modifiers whose handler runs on the user's input to the view they are applied to.
    private static let inputModifiers: Set<String> = [
        "onDelete", "onMove", "onInsert", "onSubmit", "onTapGesture", "onLongPressGesture", "onCommand", "refreshable",
    ]

    /// Whether the code at `location` is in an `.onDisappear` applied to the view built at
    /// `site` (`Child(…).padding().onDisappear { … }`): it runs as the view goes.
    private func runsAsItDisappears(_ location: TokenLocation, _ site: ViewConstruction) -> Bool {
        guard location.file == site.file, location.token >= site.call.end else { return false }
        let file = files[site.file]
        // Along the modifier chain from the construction.
        var position = site.call.end
        for _ in 0..<32 {
            guard position < location.token, file.kind(position) == .period, file.isWord(position + 1) else { return false }
            let name = position + 1
            position += 2
            while position < file.tokens.count, file.kind(position) == .leftParen || file.kind(position) == .leftBrace {
                let close = Int(file.partner[position])
                guard close > position else { return false }
                position = close + 1
            }
            if file.at(name, "onDisappear"), (name..<position).contains(location.token) { return true }
        }
        return false
    }

    // MARK: Other branches

    /// Whether the code at `location`, code of the view whose rendering code builds `site`,
    /// runs only from handlers attached to views in other branches of an `if`/`else` or
    /// `switch` than the site (`if let album { AlbumView(album: album) } else {
    /// LoadingView().task { await load() } }`): one evaluation builds one branch, and SwiftUI
    /// runs a view's handlers only while that view is shown and cancels its `.task` and
    /// `.refreshable` when it goes (SPEC §10.4). A write there runs before the site's branch
    /// is entered, and entering it builds the view anew with the value written.
    private func runsOnlyInOtherBranches(_ location: TokenLocation, than site: ViewConstruction) -> Bool {
        guard site.context == .rendering, site.identity.contains(where: { if case .branch = $0 { true } else { false } }),
            let parent = site.enclosingType.flatMap({ types[$0] }),
            let body = ViewCode.renderingBodies(of: parent, index: self).first(where: { $0.file == site.file && $0.range.contains(site.token) }),
            let handlers = viewHandlers(running: location, of: parent, depth: 0), !handlers.isEmpty
        else { return false }
        let file = files[site.file]
        return handlers.allSatisfy { handler in
            handler.file == site.file && body.range.contains(handler.token)
                && areInExclusiveBranches(handler.token, site.token, body: body.range, file: file)
        }
    }

    /// Handlers SwiftUI runs only while the view they are attached to is shown, and cancels
    /// (`.task`, `.refreshable`) when it goes: user input to it, and its own events.
    private static let viewBoundHandlers: Set<String> = [
        "onAppear", "task", "refreshable", "onChange", "onReceive", "onSubmit", "onTapGesture", "onLongPressGesture",
        "onDelete", "onMove", "onInsert", "onOpenURL", "onHover", "onKeyPress", "onEnded", "onChanged", "onCommand",
        "onDrop", "dropDestination",
    ]

    /// Where in the rendering code of `writer` the handlers that run the code at `location`
    /// are attached: the closure of a SwiftUI control's action or of a view's handler
    /// (`viewBoundHandlers`) in its view-building code, reached directly, through an
    /// unstructured `Task` before its first `await`, or through the writer's methods they
    /// call. Nil when some way to run it is not tied to a view: rendering itself,
    /// `.onDisappear` (it runs as its view goes), a `Task`'s continuation after an `await`,
    /// a callback, timer or subscription, a method used another way.
    private func viewHandlers(running location: TokenLocation, of writer: TypeInfo, depth: Int) -> [TokenLocation]? {
        guard let body = isolationFacts.enclosingBody(of: location, index: self), body.owner?.name == writer.name else { return nil }
        let file = files[location.file]
        let scopes = scopes(in: body.range, of: file)
        let enclosing = scopes.enclosing(location.token).filter(\.isClosure)
        for (position, scope) in enclosing.enumerated() {
            guard case .closure(let callee, let label) = scope.kind else { continue }
            let handler = callee.map { file.text($0) } ?? label.map { file.text($0) }
            if let handler, Self.transparentClosures.contains(handler) { continue }
            if isUnstructuredTask(scope, in: file) {
                if suspends(before: location.token, in: scope, scopes: scopes, file: file) { return nil }
                continue
            }
            // A view's handler (`.task { … }`) or a SwiftUI control's action (`Button { … }`),
            // attached in view-building code: no action closure around it (`.task { api.load
            // { … } }` runs a callback).
            guard let callee, let handler, ViewCode.role(of: scope, in: file, index: self) == .action else { return nil }
            let projectType = type(named: handler, from: writer.name, file: location.file)
            let isAttached = file.kind(callee - 1) == .period
                ? Self.viewBoundHandlers.contains(handler)
                : handler.startsWithUppercase && !Self.eventClosures.contains(handler)
                    && projectType.map { $0.isView && callsClosuresOnlyOnInput($0, depth: depth) } ?? true
            guard isAttached, !enclosing[(position + 1)...].contains(where: { ViewCode.role(of: $0, in: file, index: self) == .action })
            else { return nil }
            return [TokenLocation(file: location.file, token: scope.range.lowerBound)]
        }
        // Directly in a method: it runs where its callers do.
        guard depth < 3, case .function(let function) = body.member, function.kind == .function else { return nil }
        let references = references(to: function.name, in: writer)
        guard !references.isEmpty else { return nil }
        var handlers: [TokenLocation] = []
        for reference in references {
            let referenceFile = files[reference.file]
            guard referenceFile.kind(reference.token + 1) == .leftParen || referenceFile.kind(reference.token + 1) == .leftBrace,
                let callers = viewHandlers(running: reference, of: writer, depth: depth + 1)
            else { return nil }
            handlers += callers
        }
        return handlers
    }

    /// Whether the project view calls the closures it is given (its stored properties of a
    /// function type) only from its own handlers and actions (`viewHandlers`), each call
    /// directly: a closure handed to it then runs only while it is shown. One handed on
    /// (`Child(onDone: onDone)`), stored elsewhere or called from a callback may run later.
    private func callsClosuresOnlyOnInput(_ view: TypeInfo, depth: Int) -> Bool {
        guard depth < 5 else { return false }
        let closures = Set(view.properties.compactMap { _, property in
            property.isStored && property.type?.text.contains("->") == true ? property.name : nil
        })
        guard !closures.isEmpty else { return false }
        for declaration in view.declarations {
            let file = files[declaration.file]
            let declared = Set(declaration.decl.properties.map(\.nameToken))
            // Its initializers store what they are given.
            let initializers = declaration.decl.functions.filter { $0.kind == .initializer }.compactMap { initializer in
                initializer.body.map { initializer.nameToken..<$0.upperBound }
            }
            for token in declaration.decl.members where file.kind(token) == .identifier && closures.contains(file.text(token)) {
                guard file.isOwnMemberReference(token), !declared.contains(token), !file.isArgumentLabel(token),
                    !initializers.contains(where: { $0.contains(token) })
                else { continue }
                let next = file.kind(token + 1) == .postfixQuestionMark ? token + 2 : token + 1
                guard file.kind(next) == .leftParen,
                    viewHandlers(running: TokenLocation(file: declaration.file, token: token), of: view, depth: depth + 1) != nil
                else { return false }
            }
        }
        return true
    }

    // MARK: Navigation stacks

    /// The views a push from code of `presenter` at `location` covers, when every way the
    /// presenter is shown puts it inside a `NavigationStack`: the stack is in the presenter's
    /// own code around the site, or each site that builds the presenter is inside one (or is
    /// itself a push). Nil when one is not, or sits in a split view or a `NavigationView`
    /// without the stack style.
    private func stackCover(around location: TokenLocation, of presenter: String, depth: Int) -> Set<String>? {
        guard let body = isolationFacts.enclosingBody(of: location, index: self) else { return nil }
        let file = files[location.file]
        for scope in scopes(in: body.range, of: file).enclosing(location.token) {
            guard case .closure(let callee?, _) = scope.kind else { continue }
            switch file.text(callee) {
            case "NavigationStack": return [presenter]
            case "NavigationView": return isStackStyled(navigationView: callee, in: file) ? [presenter] : nil
            case "NavigationSplitView": return nil
            default: continue
            }
        }
        guard depth < 4 else { return nil }
        // A helper of the view's code (`var content: some View`, `func row(…)`): it is shown
        // where the view's code uses it.
        let helper: String? = switch body.member {
        case .function(let function): function.kind == .function ? function.name : nil
        case .accessor(let property, _): property.name == "body" ? nil : property.name
        case .initialValue: nil
        }
        if let helper, let info = types[presenter] {
            let uses = references(to: helper, in: info).filter { !($0.file == location.file && body.range.contains($0.token)) }
            guard !uses.isEmpty, uses.count <= 8 else { return nil }
            var covered: Set<String> = [presenter]
            for use in uses {
                guard let above = stackCover(around: use, of: presenter, depth: depth + 1) else { return nil }
                covered.formUnion(above)
            }
            return covered
        }
        let sites = viewGraph.constructions(of: presenter).filter { $0.context != .preview }
        guard !sites.isEmpty, sites.count <= 16 else { return nil }
        var covered: Set<String> = [presenter]
        for outer in sites {
            guard let caller = outer.enclosingType else { return nil }
            let outerLocation = TokenLocation(file: outer.file, token: outer.token)
            switch outer.context {
            case .rendering:
                guard let above = stackCover(around: outerLocation, of: caller, depth: depth + 1) else { return nil }
                covered.formUnion(above)
            case .presentation:
                // Pushed itself: the stack that holds it holds the push.
                guard case .push(let above)? = findCover(of: outer, depth: depth + 1) else { return nil }
                covered.formUnion(above)
            default:
                return nil
            }
        }
        return covered
    }

    /// Whether the `NavigationView` whose name is at `callee` is given the stack style
    /// (`.navigationViewStyle(.stack)`, `.navigationViewStyle(StackNavigationViewStyle())`
    /// among its modifiers): it then pushes one view over another on every device, as a
    /// `NavigationStack` does, instead of showing columns side by side on a wide screen.
    private func isStackStyled(navigationView callee: Int, in file: ParsedFile) -> Bool {
        guard var position = file.call(at: callee, limit: file.tokens.count)?.end else { return false }
        while file.kind(position) == .period, file.kind(position + 1) == .identifier,
            let modifier = file.call(at: position + 1, limit: file.tokens.count)
        {
            if file.at(position + 1, "navigationViewStyle"), let style = modifier.arguments {
                return style.contains { token in
                    file.at(token, "StackNavigationViewStyle") || (file.kind(token) == .period && file.at(token + 1, "stack"))
                }
            }
            position = modifier.end
        }
        return false
    }

    /// The scene roots (`WindowGroup { Root() }`, `Settings { … }`) whose content shows
    /// `view`, found by walking its construction sites up; nil when a way up is not known
    /// (no known caller, a hosting controller, code that is not a view).
    func sceneRoots(of view: String) -> Set<TokenLocation>? {
        sceneRootsByView.value(for: view) {
            var roots = Set<TokenLocation>()
            var seen: Set<String> = [view]
            var queue = [view]
            while let next = queue.popLast() {
                let sites = viewGraph.constructions(of: next).filter { $0.context != .preview }
                guard !sites.isEmpty, seen.count < 200 else { return nil }
                for site in sites {
                    if site.context == .oneTime(.sceneRoot) {
                        roots.insert(TokenLocation(file: site.file, token: site.token))
                        continue
                    }
                    guard let caller = site.enclosingType, types[caller]?.isView == true else { return nil }
                    if seen.insert(caller).inserted { queue.append(caller) }
                }
            }
            return roots
        }
    }

    // MARK: Presented content

    /// The views presented content shows: the view built at `site`, the other views its
    /// closure builds (a wrapper such as a navigation container around it), and every view
    /// their code builds, transitively (computed once per site).
    func presentedViews(of site: ViewConstruction) -> Set<String> {
        presentedViewsBySite.value(for: TokenLocation(file: site.file, token: site.token)) {
            var seen: Set<String> = [site.view]
            if let content = presentedContent(of: site) {
                for other in viewGraph.constructions(inFile: site.file) where content.range.contains(other.token) { seen.insert(other.view) }
            }
            var queue = Array(seen)
            while let next = queue.popLast(), seen.count < 400 {
                guard let info = types[next] else { continue }
                for fileIndex in Set(info.declarations.map(\.file)) {
                    for site in viewGraph.constructions(inFile: fileIndex)
                    where site.enclosingType == next && site.context != .preview && seen.insert(site.view).inserted {
                        queue.append(site.view)
                    }
                }
            }
            return seen
        }
    }

    /// The closure the presenting modifier or `NavigationLink` shows for `site`, and the
    /// modifier's (or `NavigationLink`'s) name token.
    func presentedContent(of site: ViewConstruction) -> (range: Range<Int>, callee: Int)? {
        guard let body = isolationFacts.enclosingBody(of: TokenLocation(file: site.file, token: site.token), index: self) else { return nil }
        let file = files[site.file]
        for scope in scopes(in: body.range, of: file).enclosing(site.token) {
            guard case .closure(let callee?, _) = scope.kind else { continue }
            let name = file.text(callee)
            if name == "NavigationLink" || name == "navigationDestination" || ViewCode.presentationCallees.contains(name) {
                return (scope.range, callee)
            }
        }
        return nil
    }

    // MARK: Triggers

    /// Closures SwiftUI runs synchronously where they stand: a write in one runs with the
    /// code around it.
    private static let transparentClosures: Set<String> = ["withAnimation", "withTransaction"]
    /// Handlers of a view that run when it appears: their synchronous part ran before the
    /// view was covered.
    private static let appearanceHandlers: Set<String> = ["onAppear", "task"]
    /// Closures that run on events other than the user's input to the view that holds them:
    /// the system, time, other objects, or a later resumption.
    private static let eventClosures: Set<String> = [
        "onChange", "onReceive", "onDisappear", "onOpenURL", "onContinueUserActivity", "onPreferenceChange",
        "onGeometryChange", "onScrollGeometryChange", "onScrollPhaseChange", "onScrollVisibilityChange",
        "onScrollTargetVisibilityChange", "Task", "detached", "async", "asyncAfter", "sink", "addObserver",
        "scheduledTimer", "dataTask", "receive", "handleEvents", "run", "backgroundTask", "Binding",
        "focusedSceneValue", "onDrop", "dropDestination", "fileImporter", "fileExporter", "photosPicker",
    ]

    /// Whether the code at `location` (in `body`, code of the view `writer`) runs only on the
    /// user's input to `writer`, or synchronously when it appeared, and not from the presented
    /// content (`content`: the closure that builds it).
    private func runsOnlyOnInput(
        _ location: TokenLocation, in body: OwnedBody, of writer: TypeInfo, outside content: (file: Int, range: Range<Int>), depth: Int
    ) -> Bool {
        if content.file == location.file, content.range.contains(location.token) { return false }
        let file = files[location.file]
        if isHandedToControl(location, in: file) { return true }
        if let root = bindingRoot(of: location.token, in: file) {
            return bindingChangesOnlyOnInput(TokenLocation(file: location.file, token: root), of: writer, outside: content, depth: depth)
        }
        let scopes = scopes(in: body.range, of: file)
        for scope in scopes.enclosing(location.token) {
            guard case .closure(let callee, let label) = scope.kind else { continue }
            let handler = callee.map { file.text($0) } ?? label.map { file.text($0) }
            if let handler, Self.transparentClosures.contains(handler) { continue }
            if suspends(before: location.token, in: scope, scopes: scopes, file: file) { return false }
            // `Task { … }` up to its first `await` runs as soon as the code that starts it.
            if isUnstructuredTask(scope, in: file) { continue }
            guard let handler else { return false }
            if handler == "onChange" { return changesOnlyOnInput(observedBy: scope, in: file, of: writer, outside: content, depth: depth) }
            if Self.appearanceHandlers.contains(handler) {
                return handler == "onAppear" || scope.callArguments.map { file.argument("id", in: $0) == nil } ?? true
            }
            return !Self.eventClosures.contains(handler) && ViewCode.role(of: scope, in: file, index: self) == .action
        }
        // Directly in a method: it runs when its callers do.
        guard depth < 2, case .function(let function) = body.member, function.kind == .function,
            !suspends(before: location.token, in: nil, scopes: scopes, from: body.range.lowerBound, file: file)
        else { return false }
        let references = references(to: function.name, in: writer)
        return !references.isEmpty && references.allSatisfy { reference in
            let referenceFile = files[reference.file]
            if referenceFile.kind(reference.token + 1) == .leftParen || referenceFile.kind(reference.token + 1) == .leftBrace {
                guard let caller = isolationFacts.enclosingBody(of: reference, index: self) else { return false }
                return runsOnlyOnInput(reference, in: caller, of: writer, outside: content, depth: depth + 1)
            }
            if content.file == reference.file, content.range.contains(reference.token) { return false }
            return isHandedToInput(reference, in: referenceFile)
        }
    }

    /// `.onChange(of: query) { … }`: SwiftUI runs the action when the value it compares has
    /// changed since the body last ran. The writer's own `@State` changes only where the
    /// writer writes it: when each of those writes runs only on input to the writer (a
    /// `.searchable(text: $query)` field, a button), so does the action.
    private func changesOnlyOnInput(
        observedBy scope: Scope, in file: ParsedFile, of writer: TypeInfo, outside content: (file: Int, range: Range<Int>), depth: Int
    ) -> Bool {
        guard depth < 2, let arguments = scope.callArguments, var value = file.argument("of", in: arguments) else { return false }
        if value.count == 3, file.at(value.lowerBound, "self"), file.kind(value.lowerBound + 1) == .period { value = value.upperBound - 1..<value.upperBound }
        guard value.count == 1, file.kind(value.lowerBound) == .identifier, let (_, property) = writer.property(named: file.text(value.lowerBound)),
            property.isStored, property.attributes.contains(where: { $0.simpleName == "State" })
        else { return false }
        // Its writes, and the `$query` bindings it hands out (SwiftUI writes through them).
        var sites = changes(of: writer).writes(of: property.name).map(\.site)
        for declaration in writer.declarations {
            let source = files[declaration.file]
            for token in declaration.decl.members where source.kind(token) == .dollarIdentifier && source.spells(token, "$" + property.name) {
                sites.append(TokenLocation(file: declaration.file, token: token))
            }
        }
        return !sites.isEmpty && sites.allSatisfy { site in
            guard let body = isolationFacts.enclosingBody(of: site, index: self), body.owner?.name == writer.name else { return false }
            return runsOnlyOnInput(site, in: body, of: writer, outside: content, depth: depth + 1)
        }
    }

    /// `$selection` handed to a control (`List(selection: $selection)`, `TextField(text:
    /// $name)`, `.searchable(text: $model.query)`): it changes on the user's input to that
    /// control; handed to a project view, when every write of that view to the property it
    /// fills does (or the view only reads it: `BindingWrites.isBindingOnlyRead(at:)`).
    private func bindingChangesOnlyOnInput(
        _ location: TokenLocation, of writer: TypeInfo, outside content: (file: Int, range: Range<Int>), depth: Int
    ) -> Bool {
        let file = files[location.file]
        guard let (callee, label) = enclosingCall(of: location.token, in: file) else { return false }
        guard let view = type(named: callee, from: writer.name, file: location.file), view.isView else {
            return callee.startsWithUppercase || file.kind(location.token - 1) == .colon
        }
        // A view that only reads what it is handed changes nothing through it.
        if isBindingOnlyRead(at: location) { return true }
        guard depth < 2, let label, view.name != writer.name else { return false }
        let writes = changes(of: view).writes(of: label)
        return !writes.isEmpty && writes.allSatisfy { write in
            guard let body = isolationFacts.enclosingBody(of: write.site, index: self), body.owner?.name == view.name else { return false }
            return runsOnlyOnInput(write.site, in: body, of: view, outside: content, depth: depth + 1)
        }
    }

    /// The `$` root of the binding whose name or member is at `token` (`$query`,
    /// `$model.query`: SwiftUI writes `model.query` through it), or nil.
    private func bindingRoot(of token: Int, in file: ParsedFile) -> Int? {
        var root = token
        while file.kind(root) != .dollarIdentifier {
            guard root >= 2, file.kind(root) == .identifier, file.kind(root - 1) == .period else { return nil }
            root -= 2
        }
        return root
    }

    /// The call whose parentheses hold the argument at `token`, and the argument's label.
    private func enclosingCall(of token: Int, in file: ParsedFile) -> (callee: String, label: String?)? {
        let label = file.kind(token - 1) == .colon && file.isWord(token - 2) ? file.text(token - 2) : nil
        var open = token - 1
        var nesting = 0
        while open >= 0 {
            let kind = file.kind(open)
            if kind == .rightParen || kind == .rightSquare || kind == .rightBrace { nesting += 1 }
            if kind == .leftParen || kind == .leftSquare || kind == .leftBrace {
                if nesting == 0 { break }
                nesting -= 1
            }
            open -= 1
        }
        guard open > 0, file.kind(open) == .leftParen, file.isWord(open - 1) else { return nil }
        return (file.text(open - 1), label)
    }

    /// `.onMove(perform: move)`, `Button("Save", action: save)`: a method handed as the
    /// handler of a user action.
    private func isHandedToInput(_ reference: TokenLocation, in file: ParsedFile) -> Bool {
        guard let (callee, label) = enclosingCall(of: reference.token, in: file), let label, ViewCode.isActionLabel(label),
            label != "get", label != "set"
        else { return false }
        return !Self.eventClosures.contains(callee) && !Self.appearanceHandlers.contains(callee)
    }

    /// Uses of the method `name` in the view's own code (calls and references), outside its
    /// declaration.
    func references(to name: String, in view: TypeInfo) -> [TokenLocation] {
        var result: [TokenLocation] = []
        for declaration in view.declarations {
            let file = files[declaration.file]
            for token in declaration.decl.members where file.kind(token) == .identifier && file.spells(token, name) {
                guard !file.at(token - 1, "func"), file.kind(token + 1) != .colon || file.kind(token - 1) == .colon,
                    file.kind(token - 1) != .period || file.at(token - 2, "self")
                else { continue }
                result.append(TokenLocation(file: declaration.file, token: token))
            }
        }
        return result
    }

    /// Whether the flow that runs `token` — the closure `flow`, or the body itself (nil,
    /// from `start`) — suspends before it: an `await` in the flow's own code. One in a
    /// closure nested in it does not (`Task { await save() }` starts other work and goes on).
    func suspends(before token: Int, in flow: Scope?, scopes: BodyScopes, from start: Int? = nil, file: ParsedFile) -> Bool {
        let start = flow?.range.lowerBound ?? start ?? token
        return (start..<token).contains { candidate in
            file.at(candidate, "await") && scopes.innermostClosure(containing: candidate)?.range == flow?.range
        }
    }

    // MARK: Actions beside a view

    /// Whether the code at `location` runs synchronously from the user's action on a control
    /// on screen with `view`: in an action closure (a `Button`'s action, a gesture's) of
    /// `view`'s own code or of a view whose rendering code builds it, directly or in a method
    /// such a closure calls before any `await` (the view's own, or another type's:
    /// `model.reset()`). Whether the site that builds the view is in another branch or under a
    /// presentation is `canRun(_:whileShowing:)`'s question.
    public func runsOnAction(_ location: TokenLocation, beside view: String) -> Bool {
        let builders = viewGraph.constructions(of: view).filter { $0.context == .rendering }.compactMap(\.enclosingType)
        return runsOnAction(location, in: Set(builders + [view]), depth: 0)
    }

    private func runsOnAction(_ location: TokenLocation, in screens: Set<String>, depth: Int) -> Bool {
        guard let body = isolationFacts.enclosingBody(of: location, index: self), let owner = body.owner,
            screens.contains(owner.name) || !owner.isView
        else { return false }
        let file = files[location.file]
        let scopes = scopes(in: body.range, of: file)
        for scope in scopes.enclosing(location.token) {
            guard case .closure(let callee, let label) = scope.kind else { continue }
            let handler = callee.map { file.text($0) } ?? label.map { file.text($0) }
            if let handler, Self.transparentClosures.contains(handler) { continue }
            guard let handler, owner.isView, !suspends(before: location.token, in: scope, scopes: scopes, file: file) else { return false }
            return !Self.eventClosures.contains(handler) && !Self.appearanceHandlers.contains(handler)
                && ViewCode.role(of: scope, in: file, index: self) == .action
        }
        guard depth < 2, case .function(let function) = body.member, function.kind == .function,
            !suspends(before: location.token, in: nil, scopes: scopes, from: body.range.lowerBound, file: file)
        else { return false }
        // The calls of this very method (its own type's, or through a receiver of that type) in
        // the screens' code.
        return callSites(of: function, inFile: location.file, ownedBy: owner).contains { call in
            guard let caller = isolationFacts.enclosingBody(of: call, index: self)?.owner, screens.contains(caller.name) else { return false }
            return runsOnAction(call, in: screens, depth: depth + 1)
        }
    }

    /// `Task { … }`, `Task(priority: .high) { … }`: an unstructured task inheriting the
    /// actor of the code that starts it (not `Task.detached`, not the `.task` modifier).
    private func isUnstructuredTask(_ scope: Scope, in file: ParsedFile) -> Bool {
        guard case .closure(let callee?, nil) = scope.kind else { return false }
        return file.at(callee, "Task") && file.kind(callee - 1) != .period
    }
}
