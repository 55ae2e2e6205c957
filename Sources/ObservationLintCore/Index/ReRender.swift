import ObservationSyntax

// Re-render (SPEC §10.3): for every rendering body (view, view modifier, app, scene), the
// state it reads while rendering, the writes that change that state, and so what runs the
// body again — its own state changing, or its parent's body running again and passing
// inputs that are not provably equal. A body with no trigger while a child is shown does not
// rebuild that child.

/// What runs a rendering body again: a write to state the body (or a body above it) reads.
public struct ReRenderTrigger: Sendable {
    /// The rendering container whose body reads the changing state.
    public let reader: String
    /// The reader's stored property the state is read through (`selectedTab`, `model`).
    public let property: String
    /// What changes, for a message: `` `selectedTab` ``, `` `SearchModel.results` ``.
    public let state: String
    /// The model (qualified name) and its field that change (`SearchModel`, `results`), nil
    /// for the reader's own state.
    public var model: String? = nil
    public var field: String? = nil
    /// Where the reader reads it while rendering; nil when its wrapper subscribes to every
    /// change (`@ObservedObject` of an ObservableObject).
    public let read: TokenLocation?
    /// The write; nil for a value the system changes (an environment value, a query).
    public let write: TokenLocation?
    /// When the write runs: "in a button action in `TabBar.body`", "in `SearchModel.search()`".
    public let context: String
    /// From the reader down to the container asked about: each site where a body that runs
    /// again builds the next view, and what it passes that is not provably equal (empty for
    /// the container's own state).
    public let passedDown: [PassedDownInput]

    func passing(_ step: PassedDownInput) -> ReRenderTrigger {
        ReRenderTrigger(
            reader: reader, property: property, state: state, model: model, field: field, read: read, write: write, context: context,
            passedDown: passedDown + [step])
    }
}

/// A parent body that runs again builds a child here and passes it this input.
public struct PassedDownInput: Sendable {
    public let site: ViewConstruction
    /// "a closure (`onSelect:`)", "a new `Filter`", "`selectedTab`".
    public let input: String
    /// The label of the argument that passes the changed state itself (`selectedTab`,
    /// `selectedTab.title`); nil for an input SwiftUI never finds equal (a closure).
    public var label: String? = nil
}

/// A site that builds a view while a body that runs again is evaluated, and what runs it.
public struct ReCreation: Sendable {
    public let site: ViewConstruction
    public let trigger: ReRenderTrigger
}

extension ProjectIndex {
    /// What runs the body of the rendering container `type` again: writes to the state it
    /// reads, and triggers of its parents' bodies that pass it inputs that are not provably
    /// equal (closures, newly built objects, the changed value). None for a view the app
    /// never shows (`isBuiltOnlyInPreviews`). Computed once per type.
    public func reRenderTriggers(of type: TypeInfo) -> [ReRenderTrigger] {
        reRenderTriggersByType.value(for: type.name) { isBuiltOnlyInPreviews(type.name) ? [] : triggers(of: type, visiting: []) }
    }

    /// The triggers of `type`'s body that can fire while the code at `location` (a site in
    /// that body) is shown: not a read or a write in another branch of an `if`/`switch`
    /// than the site, nor one compiled only for other platforms (`#if os(…)`) than it.
    public func reRenderTriggers(of type: TypeInfo, whileShowing location: TokenLocation) -> [ReRenderTrigger] {
        reRenderTriggers(of: type).filter { isShown($0, in: type, with: location) }
    }

    /// The sites that build `view` in a body that runs again while the view is shown, each
    /// with the surest such trigger (`surestReRenderTrigger(of:whileShowingViewBuiltAt:)`): what re-creates the view (its initializer and property
    /// initial values run again). Empty for a view only built once or with unknown callers;
    /// a presentation that never shows the view (`isNeverPresented`) is no such site.
    /// `declaredAt`: the name of one declaration of the view (one `#if` variant); only the
    /// sites that can build that declaration count. `sparing`: the inputs of a model the
    /// view's initializer builds (`constructionInputs`); a trigger that changes what a site
    /// passes for them re-creates the view to build the model from the new value, as intended.
    public func reCreations(
        of view: TypeInfo, declaredAt declaration: TokenLocation? = nil, sparing inputs: [ConstructionInput] = []
    ) -> [ReCreation] {
        let sites = declaration.map { viewGraph.constructions(of: view.name, declaredAt: $0) } ?? viewGraph.constructions(of: view.name)
        return sites.compactMap { site in
            guard isReRenderedSite(site), let parent = site.enclosingType.flatMap({ types[$0] }), ViewCode.isRenderingContainer(parent),
                let trigger = surestReRenderTrigger(of: parent, whileShowingViewBuiltAt: site, sparing: self.inputs(inputs, passedAt: site))
            else { return nil }
            return ReCreation(site: site, trigger: trigger)
        }
    }

    /// `debug effects`: one line per trigger of `type`'s body, with file:line of each site.
    public func reRenderTriggerLines(of type: TypeInfo) -> [String] {
        reRenderTriggers(of: type).map(describe)
    }

    /// The trigger for a note or a line: "`selectedTab` changes — TabBar.swift:40, in a
    /// button action in `TabBar.body`; `Home.body` reads it — Home.swift:12", then each body
    /// that passes it down.
    public func describe(_ trigger: ReRenderTrigger) -> String {
        var text = "\(trigger.state) changes"
        if let write = trigger.write { text += " — \(place(write))" }
        text += ", \(trigger.context)"
        let reader = "`\(trigger.reader.withoutTypeKeyPrefixes).body`"
        if let read = trigger.read {
            text += "; \(reader) reads it — \(place(read))"
        } else {
            text += "; \(reader) observes it"
        }
        for step in trigger.passedDown {
            let parent = step.site.enclosingType?.withoutTypeKeyPrefixes ?? "?"
            text += "; `\(parent).body` builds `\(step.site.viewName)` with \(step.input) — \(place(TokenLocation(file: step.site.file, token: step.site.token)))"
        }
        return text
    }

    /// `File.swift:12`.
    public func place(_ location: TokenLocation) -> String {
        let file = files[location.file]
        let line = file.source.location(of: file.byteRange(location.token..<location.token + 1).lowerBound).line
        return "\(file.path.split(separator: "/").last.map(String.init) ?? file.path):\(line)"
    }

    /// Sites that build their view while a body is evaluated, again on each evaluation. In
    /// previews and tests, only for a view of that code too (such code never re-renders a
    /// view of the app). A presentation that never shows its content (`isNeverPresented`)
    /// never builds it.
    func isReRenderedSite(_ site: ViewConstruction) -> Bool {
        switch site.context {
        case .rendering, .oneTime(.sceneRoot): true
        case .presentation: !isNeverPresented(site)
        case .preview: isPreviewOrTestCode(site.view)
        default: false
        }
    }

    /// A type nested in a `PreviewProvider`, or declared in test or documentation code.
    private func isPreviewOrTestCode(_ name: String) -> Bool {
        var current: String? = name
        while let type = current {
            if types[type]?.traits.contains(.previewProvider) == true { return true }
            current = type.enclosingTypeName
        }
        guard let declaration = types[name]?.declarations.first else { return false }
        return neverRunsInApp(file: declaration.file)
    }

    // MARK: - Passed down

    /// `visiting`: the views whose triggers asked for these (a recursive view adds nothing).
    /// Only the answer for an empty `visiting` is memoized: one cut short by a cycle depends
    /// on where the walk entered it, and caching it would make the answer depend on which
    /// view was asked first.
    private func triggers(of type: TypeInfo, visiting: Set<String>) -> [ReRenderTrigger] {
        var result = ownReRenderTriggers(of: type)
        guard visiting.count < 8 else { return result }
        for site in viewGraph.constructions(of: type.name) where isReRenderedSite(site) {
            guard let parentName = site.enclosingType, parentName != type.name, !visiting.contains(parentName),
                let parent = types[parentName], ViewCode.isRenderingContainer(parent), !isBuiltOnlyInPreviews(parentName)
            else { continue }
            let location = TokenLocation(file: site.file, token: site.token)
            let alwaysUnequal = alwaysUnequalInput(at: site)
            for trigger in triggers(of: parent, visiting: visiting.union([type.name])) where isShown(trigger, in: parent, with: location) {
                let step = alwaysUnequal.map { PassedDownInput(site: site, input: $0) } ?? changedInput(at: site, for: trigger, parent: parent)
                guard let step else { continue }
                result.append(trigger.passing(step))
                if result.count >= 32 { return result }
            }
        }
        return result
    }

    /// An input the site passes that is the state the trigger changes.
    private func changedInput(at site: ViewConstruction, for trigger: ReRenderTrigger, parent: TypeInfo) -> PassedDownInput? {
        for argument in site.arguments {
            if trigger.reader == parent.name, trigger.passedDown.isEmpty, mentions(argument.origin, property: trigger.property),
                !keepsValue(argument.origin, when: trigger)
            {
                return PassedDownInput(site: site, input: "\(trigger.state)\(Self.label(argument))", label: argument.label)
            }
        }
        return nil
    }

    /// Whether the argument's value stays the same when the trigger's model field changes:
    /// it passes the object itself (the reference is unchanged; a child that reads the field
    /// has its own trigger), or another stored field of it (`model.station` when
    /// `model.isFavourite` changes). SwiftUI then finds the input equal.
    private func keepsValue(_ origin: ArgumentOrigin, when trigger: ReRenderTrigger) -> Bool {
        guard case .property(let reference, let path) = origin, reference.name == trigger.property,
            let field = trigger.field, let model = trigger.model.flatMap({ types[$0] }), model.isClass
        else { return false }
        guard let member = path.first else { return true }
        return member != field && model.property(named: member)?.1.isStored == true
    }

    private static func label(_ argument: ConstructionArgument) -> String { argument.label.map { " (`\($0):`)" } ?? "" }

    /// An input the site passes that SwiftUI never finds equal to the last one: a closure,
    /// a newly built object, passed directly or through a local the same code initializes
    /// with one (`let model = Model()` before `Child(model: model)`: each evaluation builds
    /// another object).
    private func alwaysUnequalInput(at site: ViewConstruction) -> String? {
        for argument in site.arguments {
            var origin = argument.origin
            if case .local(let name, let path) = origin, path.isEmpty,
                let initial = viewGraph.initialValue(ofLocal: name, at: site)
            {
                origin = initial.origin
            }
            switch origin {
            case .closure:
                return "a closure\(Self.label(argument))"
            case .constructor(let name):
                if let info = types[name], info.isValueType { continue }
                if knownValueTypes.contains(name) { continue }
                return "a new `\(name.withoutTypeKeyPrefixes)`\(Self.label(argument))"
            default:
                continue
            }
        }
        return nil
    }

    /// Whether every change the object the view's property `property` holds announces
    /// through `objectWillChange` runs `view`'s body again: each site that builds the view
    /// is in the rendering code of a container that passes it (as `property:`) the object
    /// its own `@StateObject`, `@ObservedObject` or `@EnvironmentObject` holds, and an input
    /// SwiftUI never finds equal (a closure, a new object). Previews are not the app, nor is
    /// a presentation that never shows the view; false for a view no such site builds.
    public func isRenderedAgainOnEveryChange(ofObjectIn property: String, of view: TypeInfo) -> Bool {
        let sites = viewGraph.constructions(of: view.name).filter { $0.context != .preview && !isNeverPresented($0) }
        return !sites.isEmpty && sites.allSatisfy { site in
            guard isReRenderedSite(site), let parent = site.enclosingType, parent != view.name,
                let info = types[parent], ViewCode.isRenderingContainer(info),
                case .property(let reference, let path)? = site.argument(labeled: property)?.origin, path.isEmpty,
                let wrapper = reference.wrapper, Self.observingWrappers.contains(wrapper)
            else { return false }
            return alwaysUnequalInput(at: site) != nil
        }
    }

    private func mentions(_ origin: ArgumentOrigin, property name: String) -> Bool {
        switch origin {
        case .property(let reference, _), .binding(let reference, _): reference.name == name
        case .derived(let parts): parts.contains { mentions($0, property: name) }
        default: false
        }
    }

    // MARK: - Shown with a site

    /// Whether the trigger can run `type`'s body while the code at `location` is shown: its
    /// read and its write (when in the same body) are not in another branch than the site.
    private func isShown(_ trigger: ReRenderTrigger, in type: TypeInfo, with location: TokenLocation) -> Bool {
        guard !platforms(of: trigger).isDisjoint(with: platforms(at: location)) else { return false }
        guard trigger.reader == type.name, trigger.passedDown.isEmpty else { return true }
        let bodies = ViewCode.renderingBodies(of: type, index: self)
        guard let body = bodies.first(where: { $0.file == location.file && $0.range.contains(location.token) }) else { return true }
        let file = files[location.file]
        if let write = trigger.write, writeLeavesBranch(write, of: trigger.property, holding: location, bodies: bodies, depth: 0) {
            return false
        }
        for other in [trigger.read, trigger.write].compactMap({ $0 }) {
            if other.file == location.file, body.range.contains(other.token) {
                if areInExclusiveBranches(other.token, location.token, body: body.range, file: file) { return false }
                continue
            }
            // In a helper (`otherBranch`) that this body uses only in other branches than the site.
            guard let helper = bodies.first(where: { $0.file == other.file && $0.range.contains(other.token) }), helper.name != body.name
            else { continue }
            let uses = body.range.filter { file.kind($0) == .identifier && file.spells($0, helper.name) && file.isOwnMemberReference($0) }
            if !uses.isEmpty, uses.allSatisfy({ areInExclusiveBranches($0, location.token, body: body.range, file: file) }) { return false }
        }
        return true
    }

    /// The platforms that compile every step of the trigger (SPEC §9: variants): its read,
    /// its write and each site passing it down. A read under `#if os(iOS)` runs no body
    /// again on tvOS, so it re-creates no view that exists only there.
    func platforms(of trigger: ReRenderTrigger) -> Platforms {
        let steps = [trigger.read, trigger.write].compactMap { $0 } + trigger.passedDown.map { TokenLocation(file: $0.site.file, token: $0.site.token) }
        return steps.reduce(Platforms.all) { $0.intersection(platforms(at: $1)) }
    }

    // MARK: - Writes that leave a branch

    /// Whether `write`, a write of the state the body reads through its property `property`
    /// (`flag`, or `model` for `model.phase`), makes the body build another branch than the
    /// one holding `token` (a site in `body`): the branch is selected by an `if` or `switch`
    /// on that state, and the value written (`false`, `.login`, `nil`, `toggle()`) selects
    /// another one. The view at the site is then removed, not built again with the same
    /// identity, so what it held goes with it whatever the site builds.
    func writeLeavesBranch(_ write: TokenLocation, of property: String, holding token: Int, body: Range<Int>, file: ParsedFile) -> Bool {
        guard let value = WrittenLiteral(at: write.token, in: files[write.file]) else { return false }
        let field = files[write.file].text(write.token)
        let scopes = self.scopes(in: body, of: file)
        for position in scopeIndices(containing: token, in: scopes).reversed() {
            let scope = scopes.scopes[position]
            guard case .block = scope.kind else { continue }
            let range = scope.range
            if let subject = switchSubject(of: range, file: file) {
                guard BranchCondition.reads(subject, field: field, through: property, in: file),
                    let label = caseLabel(before: token, in: position, scopes: scopes, file: file)
                else { continue }
                if value.leavesCase(at: label, ofSwitch: range, file: file) { return true }
            } else if let (condition, isThen) = ifCondition(of: range, file: file) {
                let truths = BranchCondition.clauses(of: condition, in: file).map {
                    BranchCondition.truth(of: $0, after: value, field: field, through: property, in: file)
                }
                if isThen {
                    // Every clause holds while the branch is shown: one the write makes false leaves it.
                    if truths.contains(.fails) || truths.contains(.flips) { return true }
                } else if truths.count == 1, truths[0] == .holds || truths[0] == .flips {
                    // The clause fails while the `else` branch is shown.
                    return true
                }
            }
        }
        return false
    }

    /// Whether `write`, a write of the state that the container building `site` reads
    /// through its property `property` (`flag`, or `session` for `session.kind = nil`),
    /// removes the view built there rather than giving it a new input: the container's
    /// rendering code builds it in a branch the written value leaves (`writeLeavesBranch`),
    /// in the member holding the site or, for a site in a view-building helper
    /// (`shell(client:)` called in `if let client = model.client { … }`), at every place its
    /// other rendering code uses that helper.
    public func writeRemovesView(builtAt site: ViewConstruction, _ write: TokenLocation, of property: String) -> Bool {
        guard let container = site.enclosingType.flatMap({ types[$0] }) else { return false }
        return writeRemovesView(builtAt: TokenLocation(file: site.file, token: site.token), in: container, write, of: property)
    }

    /// `writeRemovesView(builtAt:_:of:)` for the view built or modified by the code at
    /// `location` in `container`'s rendering code (a construction, a call of a view-building
    /// method: `content.restyled()`).
    public func writeRemovesView(builtAt location: TokenLocation, in container: TypeInfo, _ write: TokenLocation, of property: String) -> Bool {
        guard ViewCode.isRenderingContainer(container) else { return false }
        let bodies = ViewCode.renderingBodies(of: container, index: self)
        return writeLeavesBranch(write, of: property, holding: location, bodies: bodies, depth: 0)
    }

    private func writeLeavesBranch(
        _ write: TokenLocation, of property: String, holding location: TokenLocation, bodies: [RenderingBody], depth: Int
    ) -> Bool {
        // Only a value a branch condition can be matched against selects a branch.
        guard WrittenLiteral(at: write.token, in: files[write.file]) != nil,
            let body = bodies.first(where: { $0.file == location.file && $0.range.contains(location.token) })
        else { return false }
        let file = files[location.file]
        if writeLeavesBranch(write, of: property, holding: location.token, body: body.range, file: file) { return true }
        guard depth < 4, body.name != "body" else { return false }
        var uses: [TokenLocation] = []
        for other in bodies where other.range != body.range || other.file != body.file {
            let otherFile = files[other.file]
            for token in other.range where otherFile.kind(token) == .identifier && otherFile.spells(token, body.name) && otherFile.isOwnMemberReference(token) {
                uses.append(TokenLocation(file: other.file, token: token))
            }
        }
        return !uses.isEmpty && uses.allSatisfy { writeLeavesBranch(write, of: property, holding: $0, bodies: bodies, depth: depth + 1) }
    }

    /// `switch subject {`: the subject's tokens, for the block's braces.
    private func switchSubject(of block: Range<Int>, file: ParsedFile) -> Range<Int>? {
        guard isSwitchBlock(block, file: file) else { return nil }
        var token = block.lowerBound - 1
        while token > 0, !file.at(token, "switch") {
            if file.kind(token) == .rightParen || file.kind(token) == .rightSquare {
                let open = Int(file.partner[token])
                guard open >= 0, open < token else { return nil }
                token = open
            }
            token -= 1
        }
        return token + 1..<block.lowerBound
    }

    /// The condition of the `if` whose branch the block is, and whether it is the `if`'s
    /// own block (true) or its `else` block (false).
    func ifCondition(of block: Range<Int>, file: ParsedFile) -> (Range<Int>, Bool)? {
        var open = block.lowerBound
        var isThen = true
        if file.at(open - 1, "else") {
            guard file.kind(open - 2) == .rightBrace else { return nil }
            let previous = Int(file.partner[open - 2])
            guard previous >= 0, previous < open - 2 else { return nil }
            open = previous
            isThen = false
        }
        var token = open - 1
        var steps = 0
        while token > 0, steps < 64 {
            if file.at(token, "if") { return (token + 1..<open, isThen) }
            switch file.kind(token) {
            case .leftBrace, .rightBrace, .semicolon: return nil
            case .rightParen, .rightSquare:
                let opener = Int(file.partner[token])
                token = opener >= 0 && opener < token ? opener - 1 : token - 1
            default:
                if file.at(token, "for") || file.at(token, "while") || file.at(token, "guard") || file.at(token, "switch")
                    || file.at(token, "catch") || file.at(token, "do")
                {
                    return nil
                }
                token -= 1
            }
            steps += 1
        }
        return nil
    }

    /// Whether two tokens of one body sit in different branches of one `if`/`else` chain or
    /// `switch`: one evaluation runs at most one of them.
    public func areInExclusiveBranches(_ a: Int, _ b: Int, body: Range<Int>, file: ParsedFile) -> Bool {
        let scopes = self.scopes(in: body, of: file)
        let chainA = scopeIndices(containing: a, in: scopes)
        let chainB = scopeIndices(containing: b, in: scopes)
        var common = 0
        while common < chainA.count, common < chainB.count, chainA[common] == chainB[common] { common += 1 }
        if common < chainA.count, common < chainB.count {
            let (first, second) = scopes.scopes[chainA[common]].range.lowerBound < scopes.scopes[chainB[common]].range.lowerBound
                ? (chainA[common], chainB[common]) : (chainB[common], chainA[common])
            if isLaterBranch(second, of: first, in: scopes, file: file) { return true }
        }
        // Different `case`s of the `switch` whose braces enclose both.
        guard common > 0 else { return false }
        let shared = chainA[common - 1]
        let range = scopes.scopes[shared].range
        guard isSwitchBlock(range, file: file) else { return false }
        return caseLabel(before: a, in: shared, scopes: scopes, file: file) != caseLabel(before: b, in: shared, scopes: scopes, file: file)
    }

    /// Scope positions around `token`, outermost first.
    func scopeIndices(containing token: Int, in scopes: BodyScopes) -> [Int] {
        guard var current = scopes.innermostIndex(containing: token) else { return [] }
        var chain = [current]
        while let parent = scopes.scopes[current].parent {
            chain.append(parent)
            current = parent
        }
        return chain.reversed()
    }

    /// Whether the block `second` is reached from the block `first` through `else` / `else if`.
    func isLaterBranch(_ second: Int, of first: Int, in scopes: BodyScopes, file: ParsedFile) -> Bool {
        var current = first
        while case .block = scopes.scopes[current].kind {
            let after = scopes.scopes[current].range.upperBound
            guard file.at(after, "else") else { return false }
            let parent = scopes.scopes[current].parent
            guard let next = scopes.scopes.indices.first(where: { index in
                index > current && scopes.scopes[index].parent == parent && scopes.scopes[index].range.lowerBound > after
                    && !scopes.scopes[index].isClosure
            }) else { return false }
            if next == second { return true }
            current = next
        }
        return false
    }

    /// `switch value {`: the keyword before the brace, in the same statement.
    func isSwitchBlock(_ range: Range<Int>, file: ParsedFile) -> Bool {
        var token = range.lowerBound - 1
        var steps = 0
        while token >= 0, steps < 64 {
            if file.at(token, "switch") { return true }
            switch file.kind(token) {
            case .leftBrace, .rightBrace, .semicolon: return false
            case .rightParen, .rightSquare:
                let open = Int(file.partner[token])
                token = open >= 0 && open < token ? open - 1 : token - 1
            default: token -= 1
            }
            steps += 1
        }
        return false
    }

    /// The `case`/`default` label of the switch block at `position` that `token` follows.
    func caseLabel(before token: Int, in position: Int, scopes: BodyScopes, file: ParsedFile) -> Int? {
        var probe = token
        let start = scopes.scopes[position].range.lowerBound
        while probe > start {
            if file.at(probe, "case") || file.at(probe, "default"), scopes.innermostIndex(containing: probe) == position,
                !(file.at(probe - 1, "if") || file.at(probe - 1, "guard") || file.at(probe - 1, "while") || file.kind(probe - 1) == .comma
                    || file.at(probe - 1, "for"))
            {
                return probe
            }
            probe -= 1
        }
        return nil
    }
}

// MARK: - Own state

extension ProjectIndex {
    /// Wrappers of state a view owns or is handed, which its own code (or the code that
    /// hands it) writes.
    private static let reRenderStateWrappers: Set<String> = [
        "State", "Binding", "FocusState", "AppStorage", "SceneStorage", "GestureState",
    ]

    /// `@Environment(\.key)` values the system changes while a view is shown.
    private static let systemEnvironmentKeys: Set<String> = [
        "colorScheme", "colorSchemeContrast", "scenePhase", "horizontalSizeClass", "verticalSizeClass", "dynamicTypeSize",
        "sizeCategory", "locale", "timeZone", "calendar", "layoutDirection", "displayScale", "isSearching", "editMode",
        "isFocused", "controlActiveState", "accessibilityReduceMotion", "accessibilityDifferentiateWithoutColor",
        "accessibilityReduceTransparency", "accessibilityInvertColors", "legibilityWeight", "isLuminanceReduced",
        "isPresented", "isEnabled",
    ]

    /// The triggers of `type`'s own state: its view state read while rendering and the
    /// writes to it, the system's environment values it reads, the fetches it reads
    /// (`@FetchRequest`, `@Query`) with the project's writes of their entity
    /// (`fetchedEntityWrites(of:isSwiftData:)`), the changes of
    /// the ObservableObjects it observes, and the writes to the tracked properties of the
    /// `@Observable` models it reads.
    public func ownReRenderTriggers(of type: TypeInfo) -> [ReRenderTrigger] {
        ownReRenderTriggersByType.value(for: type.name) { collectOwnTriggers(of: type) }
    }

    private func collectOwnTriggers(of type: TypeInfo) -> [ReRenderTrigger] {
        guard ViewCode.isRenderingContainer(type) else { return [] }
        var result: [ReRenderTrigger] = []
        var stateNames: [String: (wrapper: String, key: String?)] = [:]
        var observed: [(property: Property, model: TypeInfo)] = []
        // `@State var router = Router()`: writes to its members change the object, not the state.
        var objectStates = Set<String>()
        // `@FetchRequest var items: FetchedResults<Item>`, `@Query var items: [Item]`.
        var fetches: [String: (entity: String, isSwiftData: Bool)] = [:]
        for (fileIndex, property) in type.properties where property.isStored && !property.modifiers.contains("static") {
            if let fetched = fetchedEntity(of: property, in: files[fileIndex]) {
                fetches[property.name] = fetched
                stateNames[property.name] = ("fetch", nil)
                continue
            }
            guard let wrapper = property.attributes.first(where: { $0.simpleName.startsWithUppercase && $0.simpleName != "MainActor" })
            else { continue }
            let name = String(wrapper.simpleName)
            let file = files[fileIndex]
            if Self.reRenderStateWrappers.contains(name) {
                stateNames[property.name] = (name, nil)
                if holdsProjectClass(property, in: file, scope: type.name) { objectStates.insert(property.name) }
            } else if name == "Environment", let arguments = wrapper.arguments, file.kind(arguments.lowerBound) == .backslash {
                let key = file.text(arguments.upperBound - 1)
                if Self.systemEnvironmentKeys.contains(key) { stateNames[property.name] = (name, key) }
            } else if Self.observingWrappers.contains(name),
                let held = declaredShape(of: property, in: file, scope: type.name)?.directName,
                let model = self.type(named: held, from: type.name), model.isObservableObject, !model.isObservable
            {
                observed.append((property, model))
            }
        }
        if !stateNames.isEmpty {
            let reads = viewStateReads(of: type, names: Set(stateNames.keys))
            for name in stateNames.keys.sorted() {
                guard let read = reads[name], let (wrapper, key) = stateNames[name] else { continue }
                if let key {
                    result.append(
                        ReRenderTrigger(
                            reader: type.name, property: name, state: "the environment's `\(key)`", read: read, write: nil,
                            context: "when the system changes it", passedDown: []))
                    continue
                }
                if let (entity, isSwiftData) = fetches[name] {
                    for write in fetchedEntityWrites(of: entity, isSwiftData: isSwiftData).prefix(4) {
                        let how = write.isSave ? "saving the `\(entity)` it \(write.change.rawValue)" : "which \(write.change.rawValue) a `\(entity)`"
                        result.append(
                            ReRenderTrigger(
                                reader: type.name, property: name, state: "`\(name)` (fetched `\(entity)` objects)", read: read,
                                write: write.location, context: "\(writeContext(at: write.location)), \(how)", passedDown: []))
                    }
                    continue
                }
                for write in viewStateWrites(of: name, in: type, wrapper: wrapper, holdsObject: objectStates.contains(name)).prefix(4) {
                    result.append(
                        ReRenderTrigger(
                            reader: type.name, property: name, state: "`\(name)`", read: read, write: write.location,
                            context: write.context, passedDown: []))
                }
            }
        }
        for (property, model) in observed {
            for field in publishedFields(of: model) {
                let state = "`\(model.name.withoutTypeKeyPrefixes).\(field)`"
                for write in modelWrites(of: model, field: field).prefix(2) {
                    result.append(
                        ReRenderTrigger(
                            reader: type.name, property: property.name, state: state, model: model.name, field: field,
                            read: nil, write: write.location, context: write.context, passedDown: []))
                }
                for subscription in subscriptionAssignments(to: field, in: model).prefix(1) {
                    result.append(
                        ReRenderTrigger(
                            reader: type.name, property: property.name, state: state, model: model.name, field: field, read: nil, write: subscription,
                            context: "each time the publisher assigned to it delivers a new value", passedDown: []))
                }
            }
        }
        var seen = Set<String>()
        for read in renderReadsByView[type.name] ?? [] {
            guard let model = types[read.model], model.isObservable, let field = read.path.first,
                isTracked(field, of: model), seen.insert(read.model + "." + field).inserted
            else { continue }
            for write in modelWrites(of: model, field: field).prefix(2) {
                result.append(
                    ReRenderTrigger(
                        reader: type.name, property: read.origin.reference.name,
                        state: "`\(model.name.withoutTypeKeyPrefixes).\(field)`", model: model.name, field: field,
                        read: TokenLocation(file: read.origin.file, token: read.origin.tokens[0]), write: write.location,
                        context: write.context, passedDown: []))
            }
        }
        return result
    }

    /// The render reads of every model, by the rendering container whose code starts them.
    private var renderReadsByView: [String: [RenderRead]] {
        renderReadsByViewTable.value {
            var result: [String: [RenderRead]] = [:]
            for (_, reads) in renderReadsByModel.value({ RenderPathCollector.collect(self) }) {
                for read in reads { result[read.view, default: []].append(read) }
            }
            for key in result.keys { result[key]!.sort { ($0.origin.file, $0.origin.tokens[0]) < ($1.origin.file, $1.origin.tokens[0]) } }
            return result
        }
    }

    /// Whether the view's rendering code shows its property `name`: reads it while
    /// rendering, or hands `$name` to content it builds (a `TextField` shows what it is bound
    /// to); not when only actions use it.
    public func rendersProperty(_ name: String, of type: TypeInfo) -> Bool {
        if viewStateReads(of: type, names: [name])[name] != nil { return true }
        let binding = "$" + name
        return ViewCode.renderingBodies(of: type, index: self).contains { body in
            let file = files[body.file]
            var roles = RenderRoles(body: body.range, file: file, index: self)
            return body.range.contains { token in
                file.kind(token) == .dollarIdentifier && file.spells(token, binding) && roles.role(of: token) != .action
            }
        }
    }

    /// The first read of the view's property `name` in its rendering code, outside action
    /// closures: where its body reads it, so a change of it runs the body again.
    public func readWhileRendering(_ name: String, of type: TypeInfo) -> TokenLocation? {
        viewStateReads(of: type, names: [name])[name]
    }

    /// The first read of each of `names` (the container's own properties) in its rendering
    /// code, outside action closures (`$name` hands a binding over; it reads nothing).
    private func viewStateReads(of type: TypeInfo, names: Set<String>) -> [String: TokenLocation] {
        var result: [String: TokenLocation] = [:]
        for body in ViewCode.renderingBodies(of: type, index: self) {
            let file = files[body.file]
            let hidden = Set(body.parameters.map(\.name)).union(file.localNames(in: body.range))
            var roles = RenderRoles(body: body.range, file: file, index: self)
            for token in body.range where file.kind(token) == .identifier {
                let name = file.text(token)
                // `name = value` stores without reading (`+=` reads).
                guard names.contains(name), result[name] == nil, !hidden.contains(name), file.isOwnMemberReference(token),
                    !file.isArgumentLabel(token), file.kind(token + 1) != .equal, roles.role(of: token) != .action
                else { continue }
                result[name] = TokenLocation(file: body.file, token: token)
            }
        }
        return result
    }

    /// Writes to the container's view state `name` outside its initializers: assignments
    /// and mutating calls in its code, `$name` bindings it hands out (the receiver may
    /// write), and, for a `@Binding`, the writes to the state its callers bind. For state
    /// holding an object (`holdsObject`), only replacing the object is a write of the state.
    private func viewStateWrites(
        of name: String, in type: TypeInfo, wrapper: String, holdsObject: Bool
    ) -> [(location: TokenLocation, context: String)] {
        var result: [(location: TokenLocation, context: String)] = []
        for site in memberAccesses(of: type).mutations[name] ?? [] where !site.inInitializer {
            if holdsObject, files[site.file].kind(site.token + 1) == .period { continue }
            let location = TokenLocation(file: site.file, token: site.token)
            if isInSetterThatNeverRuns(location) { continue }
            result.append((location, writeContext(at: location)))
        }
        for declaration in type.declarations {
            let file = files[declaration.file]
            let dollar = "$" + name
            for token in declaration.decl.members where file.kind(token) == .dollarIdentifier && file.spells(token, dollar) {
                guard file.isOwnMemberReference(token), !isInInitializer(token, of: declaration.decl),
                    !(holdsObject && file.kind(token + 1) == .period)
                else { continue }
                let location = TokenLocation(file: declaration.file, token: token)
                let receiver = bindingReceiver(of: token, in: file).map { " to `\($0)`" } ?? ""
                result.append((location, "through `\(dollar)` handed\(receiver)"))
            }
        }
        if wrapper == "Binding" {
            for site in viewGraph.constructions(of: type.name) {
                guard let parent = site.enclosingType.flatMap({ types[$0] }), parent.name != type.name else { continue }
                for argument in site.arguments {
                    guard case .binding(let reference, _) = argument.origin, argument.label == name else { continue }
                    let writes = memberAccesses(of: parent).mutations[reference.name] ?? []
                    for write in writes where !write.inInitializer {
                        let location = TokenLocation(file: write.file, token: write.token)
                        result.append((location, writeContext(at: location)))
                    }
                }
            }
        }
        result.sort { ($0.location.file, $0.location.token) < ($1.location.file, $1.location.token) }
        return result
    }

    /// A property declared as, or initialized with, a project class.
    private func holdsProjectClass(_ property: Property, in file: ParsedFile, scope: String) -> Bool {
        let name = declaredShape(of: property, in: file, scope: scope)?.directName
            ?? constructedType(of: property, in: file, scope: scope)?.name
        return name.flatMap { self.type(named: $0, from: scope) }?.isClass == true
    }

    private func isInInitializer(_ token: Int, of decl: TypeDecl) -> Bool {
        decl.functions.contains { $0.kind == .initializer && $0.body?.contains(token) == true }
    }

    /// The call a `$name` binding is handed to: `TextField` in `TextField("", text: $name)`.
    private func bindingReceiver(of token: Int, in file: ParsedFile) -> String? {
        var separator = token - 1
        if file.kind(separator) == .colon { separator -= 2 }
        guard let open = file.argumentListOpener(from: separator), file.isWord(open - 1) else { return nil }
        let callee = file.text(open - 1)
        return file.kind(open - 2) == .period ? "." + callee : callee
    }

    /// `source.assign(to: &$field)` in the code of `model` (or its ancestors), or a key-path
    /// assignment to the object itself (`.assign(to: \.field, on: self)`, and a project's
    /// own operator of that shape, as `weakAssign(to:on:)`): the subscription writes `field`
    /// whenever the source publishes, for as long as the object lives — except a `Just`,
    /// which publishes once, on subscription.
    private func subscriptionAssignments(to field: String, in model: TypeInfo) -> [TokenLocation] {
        var result: [TokenLocation] = []
        for owner in typeAndAncestors(of: model) {
            for declaration in owner.declarations {
                let file = files[declaration.file]
                for token in declaration.decl.members where file.kind(token) == .prefixAmpersand && file.spells(token + 1, "$" + field) {
                    guard file.kind(token + 1) == .dollarIdentifier, file.at(token - 2, "to"),
                        let open = file.argumentListOpener(from: token - 3), file.at(open - 1, "assign"),
                        !publishesOnce(callee: open - 1, in: file)
                    else { continue }
                    result.append(TokenLocation(file: declaration.file, token: token + 1))
                }
                // `to: \.field, on: self`
                for token in declaration.decl.members where file.kind(token) == .backslash && file.spells(token + 2, field) {
                    guard file.kind(token + 1) == .period, file.kind(token - 1) == .colon, file.at(token - 2, "to"),
                        file.kind(token + 3) == .comma, file.at(token + 4, "on"), file.kind(token + 5) == .colon,
                        file.at(token + 6, "self"), let open = file.argumentListOpener(from: token - 3), file.isWord(open - 1),
                        !publishesOnce(callee: open - 1, in: file)
                    else { continue }
                    result.append(TokenLocation(file: declaration.file, token: token + 2))
                }
            }
        }
        return result
    }

    /// A chain before `.assign` that starts from `Just(…)`.
    private func publishesOnce(callee: Int, in file: ParsedFile) -> Bool {
        var token = callee - 1
        while token > 0 {
            switch file.kind(token) {
            case .rightParen, .rightSquare, .rightBrace:
                let open = Int(file.partner[token])
                guard open >= 0, open < token else { return false }
                token = open - 1
            case .period, .identifier, .postfixQuestionMark, .exclamationMark, .dollarIdentifier:
                if file.kind(token) == .identifier, file.kind(token - 1) != .period { return file.at(token, "Just") }
                token -= 1
            default:
                return false
            }
        }
        return false
    }

    /// The `@Published` stored properties of an ObservableObject and its ancestors.
    func publishedFields(of model: TypeInfo) -> [String] {
        typeAndAncestors(of: model).flatMap { owner in
            owner.properties.filter { $0.property.isStored && $0.property.attributes.contains(named: "Published") }.map(\.property.name)
        }
    }

    /// A stored `var` of an `@Observable` class (or its ancestors) that Observation tracks.
    func isTracked(_ field: String, of model: TypeInfo) -> Bool {
        typeAndAncestors(of: model).contains { owner in
            owner.properties.contains { $0.property.name == field && $0.property.isStored && !$0.property.isLet && !$0.property.isObservationIgnored }
        }
    }

    /// Writes to the model field `field` that can happen after the object reached a view
    /// (the change model's `afterHandout` phase: its own code outside initialization and
    /// setup, views and other code through references), with where each runs (described as
    /// the caller takes them: callers want the first one or two), leaving out those
    /// `excluding` names.
    public func modelWrites(
        of model: TypeInfo, field: String, excluding: @escaping (PropertyWrite) -> Bool = { _ in false }
    ) -> LazyMapSequence<LazyFilterSequence<[PropertyWrite]>, (location: TokenLocation, context: String)> {
        changes(of: model).writes(of: field).lazy.filter { $0.phase == .afterHandout && !excluding($0) }.map { write in
            (write.site, write.noteContext(in: self))
        }
    }

    /// When the code at `location` runs, for a note: "in a button action in `TabBar.body`",
    /// "in `.task` in `Home.body`", "in a `Task` in `SearchModel.search()`", "in `SearchModel.search()`".
    public func writeContext(at location: TokenLocation) -> String {
        let file = files[location.file]
        guard let (typeName, member, body) = enclosingMember(of: location) else { return "at run time" }
        let owner = "`\(typeName.withoutTypeKeyPrefixes).\(member)`"
        let closures = scopes(in: body, of: file).enclosing(location.token).filter(\.isClosure)
        guard let closure = closures.first(where: { scope in
            if case .closure(let callee, let label) = scope.kind { return callee != nil || label != nil }
            return false
        }), case .closure(let callee, let label) = closure.kind
        else { return closures.isEmpty ? "in \(owner)" : "in a closure in \(owner)" }
        let name = callee.map { file.text($0) } ?? ""
        let labelText = label.map { file.text($0) }
        let what: String
        if name == "Button" || labelText == "action" && name.startsWithUppercase {
            what = "a button action"
        } else if name == "Task" || name == "detached" {
            what = "a `Task`"
        } else if name.isEmpty {
            what = "the `\(labelText ?? "")` closure"
        } else if file.kind(callee! - 1) == .period {
            what = "`.\(name)`"
        } else {
            what = "`\(name)`'s closure"
        }
        return "in \(what) in \(owner)"
    }

    /// The type, member name (`body`, `search()`) and body of the code holding `location`.
    private func enclosingMember(of location: TokenLocation) -> (type: String, member: String, body: Range<Int>)? {
        for (decl, info) in typeDeclarations(in: location.file) where decl.members.contains(location.token) {
            for function in decl.functions {
                guard let body = function.body, body.contains(location.token) else { continue }
                let member = function.kind == .initializer ? "init" : function.name + "()"
                return (info.name, member, body)
            }
            for property in decl.properties {
                for accessor in property.accessors {
                    guard let body = accessor.body, body.contains(location.token) else { continue }
                    return (info.name, property.name, body)
                }
            }
        }
        return nil
    }
}

extension ReRenderTrigger {
    /// The reader's name as written in the source.
    public var readerName: String { reader.withoutTypeKeyPrefixes }
}

extension ViewConstruction {
    /// The name of the type whose code builds the view, as written in the source.
    public var enclosingTypeName: String? { enclosingType?.withoutTypeKeyPrefixes }
}
