import ObservationSyntax

/// Builds `TypeChanges` for one type: its own code's writes (by `memberAccesses`) and the
/// writes other code makes through references, each with its phase and announcement.
struct ChangeCollector {
    typealias Place = MemberAccesses.Place

    let type: TypeInfo
    let index: ProjectIndex

    func collect() -> TypeChanges {
        let lineage = index.typeAndAncestors(of: type)
        let owners = lineage + index.typeAndSubtypes(of: type).dropFirst()
        let properties = lineage.flatMap(\.properties).filter { _, property in
            property.isStored && !property.isLet && !property.modifiers.contains("static") && !property.modifiers.contains("class")
        }
        let announcing = index.announcingProperties(of: type)
        // A property holding an object is not written by `child.value = 1`: the object is.
        let references = index.objectHolders(of: type)
        let collections = index.objectCollectionHolders(of: type)
        // Nor is a property holding a `Binding` written by `isPresented.wrappedValue = false`:
        // the setter is `nonmutating`, it writes the state the binding reaches.
        let bindings = index.bindingHolders(of: type)
        let flows = index.changeFlows(of: type)
        let setup = setupFunctions(flows)
        let teardown = teardownFunctions(flows)
        let rendered = renderedCode(lineage: lineage)
        let names = Set(properties.map(\.property.name))
        // A property whose own observer announces (`didSet { applyFilter() }`) is announced
        // whoever writes it.
        var observed: [String: [Announcer]] = [:]
        for (file, property) in properties { observed[property.name] = flows.observerAnnouncers(of: property, in: file) }
        var writes: [String: [PropertyWrite]] = [:]
        for owner in owners {
            for (name, sites) in index.memberAccesses(of: owner).mutations where names.contains(name) {
                for site in sites
                where !((references.contains(name) || bindings.contains(name))
                    && ChangeFlows.isThroughMember(site, in: index.files[site.file], ofCollection: collections.contains(name)))
                {
                    let place = flows.place(of: site)
                    // Code nothing runs changes nothing; nor does code that runs only as
                    // the object is freed, which no view holds any more.
                    if index.isTestWrite(inFile: site.file, of: type) || flows.neverRuns(place)
                        || isTeardown(place, flows: flows, teardown: teardown)
                    {
                        continue
                    }
                    let location = TokenLocation(file: site.file, token: site.token)
                    let announced: [[Announcer]]
                    if announcing.contains(name) {
                        announced = [[Announcer(name: name, site: location)]]
                    } else if let observers = observed[name] {
                        announced = [observers]
                    } else {
                        announced = flows.flows(at: flows.effectiveToken(ofWriteAt: site.token, in: place), in: place) ?? []
                    }
                    writes[name, default: []].append(
                        PropertyWrite(
                            site: location, member: flows.describe(place), phase: phase(of: place, flows: flows, setup: setup),
                            flows: announced, throughReference: false, place: place,
                            inRenderingCode: rendered.contains(Place(file: site.file, body: site.body, closure: nil)), writer: nil))
                }
            }
        }
        let lineageNames = Set(lineage.map(\.name))
        for name in names {
            let own = Set((writes[name] ?? []).map(\.site))
            for write in writesThroughReferences(
                to: name, lineage: lineage, lineageNames: lineageNames, announcing: announcing, observers: observed[name], flows: flows,
                holdsObject: references.contains(name) ? collections.contains(name) : bindings.contains(name) ? false : nil)
            where !own.contains(write.site) {
                writes[name, default: []].append(write)
            }
        }
        for name in writes.keys {
            writes[name]!.sort { ($0.site.file, $0.site.token) < ($1.site.file, $1.site.token) }
        }
        return TypeChanges(type: type.name, properties: properties, announcing: announcing, writes: writes, flowModel: flows)
    }

    private func phase(of place: Place, flows: ChangeFlows, setup: Set<String>) -> WritePhase {
        guard place.closure == nil, let unit = flows.unit(of: place) else { return .afterHandout }
        switch unit.kind {
        case .initializer: return .initializer
        case .function(let name) where setup.contains(name): return .setup
        default: return .afterHandout
        }
    }

    /// Whether `place` runs only as the object is freed: `deinit`, or a function only it
    /// calls (`teardownFunctions`), outside closures.
    private func isTeardown(_ place: Place, flows: ChangeFlows, teardown: Set<String>) -> Bool {
        guard place.closure == nil, let unit = flows.unit(of: place) else { return false }
        if unit.kind == .deinitializer { return true }
        if case .function(let name) = unit.kind { return teardown.contains(name) }
        return false
    }

    /// The private functions every call of which is in `deinit` or another such function,
    /// outside closures (`deinit { cleanup() }`).
    private func teardownFunctions(_ flows: ChangeFlows) -> Set<String> {
        var candidates = Set<String>()
        var excluded = Set<String>()
        for unit in flows.units {
            guard case .function(let name) = unit.kind else { continue }
            if unit.isPrivate, !flows.handedOver.contains(name), !(flows.callers[name] ?? []).isEmpty {
                candidates.insert(name)
            } else {
                excluded.insert(name)
            }
        }
        candidates.subtract(excluded)
        var teardown = Set<String>()
        var changed = true
        while changed {
            changed = false
            for name in candidates.subtracting(teardown)
            where (flows.callers[name] ?? []).allSatisfy({ isTeardown($0.place, flows: flows, teardown: teardown) }) {
                teardown.insert(name)
                changed = true
            }
        }
        return teardown
    }

    /// The functions that run only before the object is handed out: every call of them is
    /// in an initializer or another such function (outside closures that run later), or,
    /// for those others may call, by the code that creates the object before it hands it
    /// out. A function nobody in the project calls may run at any time, unless the project
    /// is a whole program and code outside it cannot call the function.
    private func setupFunctions(_ flows: ChangeFlows) -> Set<String> {
        var candidates: [String: (onlyOwnCalls: Bool, external: [TokenLocation])] = [:]
        for unit in flows.units {
            guard case .function(let name) = unit.kind, !flows.handedOver.contains(name) else { continue }
            // Calls in the type's own code are its callers, not other code's.
            let own = Set((flows.callers[name] ?? []).map { TokenLocation(file: $0.place.file, token: $0.token) })
            let external = unit.isPrivate ? [] : index.methodCalls(named: name, of: type).filter { !own.contains($0) }
            // Only the project can call a function outside code cannot: when no other code
            // of it does, the type's own calls are all.
            let onlyOwnCalls = unit.isPrivate || index.isWholeProgram && !unit.isCallableFromOutside && external.isEmpty
            if let known = candidates[name] {
                candidates[name] = (known.onlyOwnCalls && onlyOwnCalls, known.external + external)
            } else {
                candidates[name] = (onlyOwnCalls, external)
            }
        }
        candidates = candidates.filter { name, candidate in
            if candidate.onlyOwnCalls { return !(flows.callers[name] ?? []).isEmpty }
            // Calls on objects of other types (`let map = SeatMap(); map.configure()`) are theirs.
            var byCreator = false
            for call in candidate.external {
                switch creatorCall(call) {
                case .creator: byCreator = true
                case .otherType: continue
                case .unknown: return false
                }
            }
            return byCreator
        }
        var setup = Set<String>()
        var changed = true
        while changed {
            changed = false
            for name in candidates.keys where !setup.contains(name) {
                let ownCallsAreSetup = (flows.callers[name] ?? []).allSatisfy { caller in
                    guard caller.place.closure == nil, let unit = flows.unit(of: caller.place) else { return false }
                    if unit.kind == .initializer { return true }
                    if case .function(let callerName) = unit.kind { return setup.contains(callerName) }
                    return false
                }
                if ownCallsAreSetup {
                    setup.insert(name)
                    changed = true
                }
            }
        }
        return setup
    }

    private enum CallKind { case creator, otherType, unknown }

    /// `model.configure()` where `model` is an object of the type that the calling code
    /// built itself and has not handed out yet (`.creator`): a local constructed earlier in
    /// the same body (`let model = Model(); model.configure(); return Screen(model: model)`),
    /// or a stored property of a class, called in its initializer, or a local that holds only
    /// objects its code builds and has not handed out yet (`current?.add(x)`,
    /// `unhandedLocalType(at:inFile:body:)`). `.otherType` when the receiver is a local built
    /// from another type.
    private func creatorCall(_ call: TokenLocation) -> CallKind {
        let kind = builtObjectCall(call)
        let file = index.files[call.file]
        // `current?.add(x)` on a local holding only objects it builds, not handed out yet.
        let receiver = call.token - 2
        let unwrapped = file.kind(receiver) == .postfixQuestionMark || file.kind(receiver) == .exclamationMark ? receiver - 1 : receiver
        guard kind == .unknown, file.kind(call.token - 1) == .period, let (body, _, _, _) = enclosingBody(of: call.token, in: call.file),
            let held = index.unhandedLocalType(at: unwrapped, inFile: call.file, body: body)
        else { return kind }
        return held == type.name.simpleTypeName ? .creator : .otherType
    }

    /// `creatorCall(_:)` for an object built by a constructor call, a local bound to one, or
    /// a stored property in the holder's initializer.
    private func builtObjectCall(_ call: TokenLocation) -> CallKind {
        let file = index.files[call.file]
        let token = call.token
        guard file.kind(token - 1) == .period else { return .unknown }
        var receiver = token - 2
        // `Entry(context: c).fill(with: r)`: called on the object just built.
        if let constructed = constructorCall(endingAt: receiver, in: file) {
            return constructed == type.name.simpleTypeName ? .creator : .otherType
        }
        let throughSelf = file.kind(receiver - 1) == .period && file.at(receiver - 2, "self")
        if throughSelf { receiver -= 2 }
        guard file.kind(receiver) == .identifier, throughSelf || file.kind(receiver - 1) != .period else { return .unknown }
        let name = throughSelf ? file.text(token - 2) : file.text(receiver)
        guard let (body, isInitializer, holder, _) = enclosingBody(of: token, in: call.file) else { return .unknown }
        if !throughSelf, let constructed = localConstruction(of: name, before: receiver, in: body, file: file) {
            guard constructed == type.name.simpleTypeName else { return .otherType }
            return index.scopes(in: body, of: file).innermostClosure(containing: token) == nil ? .creator : .unknown
        }
        guard isInitializer, let holder, let (_, property) = holder.property(named: name),
            index.scopes(in: body, of: file).innermostClosure(containing: token) == nil,
            let held = index.declaredShape(of: property, in: file, scope: holder.name)?.directName
        else { return .unknown }
        return index.type(named: held, from: holder.name)?.name == type.name ? .creator : .otherType
    }

    /// `T(…)` or `T.init(…)` whose `)` is `close`: the type's simple name.
    private func constructorCall(endingAt close: Int, in file: ParsedFile) -> Substring? {
        guard file.kind(close) == .rightParen else { return nil }
        let open = Int(file.partner[close])
        guard open >= 0, open < close else { return nil }
        var name = open - 1
        if file.at(name, "init"), file.kind(name - 1) == .period { name -= 2 }
        guard file.kind(name) == .identifier, file.text(name).startsWithUppercase, file.kind(name - 1) != .period else { return nil }
        return Substring(file.text(name))
    }

    /// `let name = T(…)`, `var name = T.init(…)` between the body's start and `end`: the
    /// type's simple name.
    private func localConstruction(of name: String, before end: Int, in body: Range<Int>, file: ParsedFile) -> Substring? {
        var token = body.lowerBound
        while token < end {
            if file.at(token, "let") || file.at(token, "var"), file.spells(token + 1, name), file.kind(token + 2) == .equal,
                file.kind(token + 3) == .identifier, file.text(token + 3).startsWithUppercase
            {
                // `Profile.Grid(…)`: a nested type, by its last component (`Grid`).
                var type = token + 3
                while file.kind(type + 1) == .period, file.kind(type + 2) == .identifier, file.text(type + 2).startsWithUppercase { type += 2 }
                // `Box<T, B>(…)`: a generic type's constructor with its arguments spelled.
                let next = afterGenericArguments(type + 1, in: file)
                guard file.kind(next) == .leftParen || file.kind(next) == .period && file.at(next + 1, "init") else {
                    token += 1
                    continue
                }
                return Substring(file.text(type))
            }
            token += 1
        }
        return nil
    }

    /// The token after a generic argument clause starting at `token` (`<T, [B]>`), or
    /// `token` when none starts there.
    private func afterGenericArguments(_ token: Int, in file: ParsedFile) -> Int {
        guard file.at(token, "<") else { return token }
        var depth = 0
        for next in token..<min(token + 32, file.tokens.count) {
            if file.at(next, "<") { depth += 1 }
            if file.at(next, ">") {
                depth -= 1
                if depth == 0 { return next + 1 }
            }
            guard file.isWord(next) || file.at(next, "<") || file.at(next, ">") || file.at(next, ",") || file.at(next, ".")
                || file.kind(next) == .leftSquare || file.kind(next) == .rightSquare || file.at(next, ":") || file.at(next, "?")
            else { return token }
        }
        return token
    }

    /// The function or accessor body (or a property's initial value) of `file` around
    /// `token`, whether it is an initializer, the type it belongs to, and how a note names
    /// it (`` `Coordinator.start()` ``).
    private func enclosingBody(of token: Int, in fileIndex: Int) -> (body: Range<Int>, isInitializer: Bool, type: TypeInfo?, name: String)? {
        for (decl, info) in index.typeDeclarations(in: fileIndex) where decl.members.contains(token) {
            let owner = info.name.simpleTypeName
            for function in decl.functions {
                guard let body = function.body, body.contains(token) else { continue }
                let name = function.kind == .function ? "`\(owner).\(function.name)()`" : "`\(owner).\(function.name)`"
                return (body, function.kind == .initializer, info, name)
            }
            for property in decl.properties {
                for accessor in property.accessors {
                    if let body = accessor.body, body.contains(token) { return (body, false, info, "`\(owner).\(property.name)`") }
                }
                // `static var preview: Store = { let s = Store(); s.count = 3; return s }()`:
                // the initial value's expression is code too, run once to make the value.
                if let initializer = property.initializer, initializer.contains(token) {
                    return (initializer, false, info, "`\(owner).\(property.name)`")
                }
            }
        }
        for function in index.files[fileIndex].functions {
            if let body = function.body, body.contains(token) { return (body, false, nil, "`\(function.name)()`") }
        }
        return nil
    }

    /// Getters, and the model's code on a render path: what runs while views render.
    private func renderedCode(lineage: [TypeInfo]) -> Set<Place> {
        var result = Set<Place>()
        for owner in lineage {
            for (file, property) in owner.properties {
                for accessor in property.accessors where accessor.kind == .get || accessor.kind == .read {
                    if let body = accessor.body { result.insert(Place(file: file, body: body, closure: nil)) }
                }
            }
        }
        for reader in index.typeAndSubtypes(of: type) {
            for read in index.renderReads(of: reader.name) {
                for step in read.steps { if let body = step.body { result.insert(Place(file: step.file, body: body, closure: nil)) } }
            }
        }
        return result
    }

    /// Writes other code makes through a reference whose static type is the type (or an
    /// ancestor): `model.count += 1` in a view's action, `store.items.append(x)` in a
    /// coordinator, `$model.name` handed to a control. Announced when the property or its
    /// observer announces, or the same flow there announces on the same object
    /// (`model.isLoading = true; model.cache = [:]`). `lineageNames`: the names of
    /// `lineage`, gathered once per type.
    private func writesThroughReferences(
        to name: String, lineage: [TypeInfo], lineageNames: Set<String>, announcing: Set<String>, observers: [Announcer]?,
        flows: ChangeFlows, holdsObject ofCollection: Bool?
    ) -> [PropertyWrite] {
        var result: [PropertyWrite] = []
        for location in index.memberUpdateCandidates(named: name) where index.isMemberWrite(at: location) {
            let file = index.files[location.file]
            // `model.editor.theme = x` with `editor` holding an object writes the object.
            if let ofCollection, ChangeFlows.isThroughMember(at: location.token, in: file, ofCollection: ofCollection) { continue }
            let token = location.token
            guard let (root, end) = ProjectIndex.writtenReference(at: token, in: file), !neverRuns(location) else { continue }
            let context = index.codeContexts(inFile: location.file).innermost(containing: token)
            // A local bound without a type (`if let b = list.first(where: …) { b.name = x }`)
            // counts when no other project type declares the member, unless the local was
            // built by another type's initializer (`let f = DateFormatter(); f.locale = …`).
            if let receiver = index.referenceType(ofWriteAt: location) {
                guard lineageNames.contains(receiver) else { continue }
            } else {
                guard root == end - 1, let context, isUntypedLocal(root, in: context.range, file: file),
                    index.typesDeclaring(member: name).allSatisfy(lineageNames.contains),
                    constructsLineage(local: file.text(root), before: root, in: context.range, file: location.file, lineage: lineageNames)
                else { continue }
            }
            let creator = isCreatorWrite(at: location, receiver: root..<end)
            let member = describeExternal(at: token, in: location.file)
            let writer = writerCode(at: location, lineage: lineageNames)
            var announced = announcing.contains(name) ? [[Announcer(name: name, site: location)]] : observers.map { [$0] } ?? []
            if announced.isEmpty {
                announced = sameFlowAnnouncers(ofWriteAt: location, root: root, end: end, context: context, writer: writer, flows: flows)
            }
            result.append(
                PropertyWrite(
                    site: location, member: member, phase: creator ? .setup : .afterHandout,
                    flows: announced, throughReference: true, place: nil, inRenderingCode: false, writer: writer))
        }
        // Changes through a member of the property's value (`model.recipe.isStored = true`),
        // and `$model.name` handed to a control, which writes it when the user edits it.
        let found = Set(result.map(\.site))
        for owner in lineage {
            for mutation in index.viewMutations[owner.name] ?? [] where mutation.path.first == name {
                // `model.editor.theme = x` with `editor` holding an object writes the object.
                if ofCollection == false, mutation.path.count > 1 { continue }
                let location = TokenLocation(file: mutation.file, token: mutation.tokens[0])
                guard !found.contains(location), !neverRuns(location), !index.isBindingOnlyRead(at: location) else { continue }
                let file = index.files[location.file]
                var announced = announcing.contains(name) ? [[Announcer(name: name, site: location)]] : observers.map { [$0] } ?? []
                var writer: WriterCode?
                if let (root, end) = ProjectIndex.writtenReference(at: location.token, in: file), file.kind(root) != .dollarIdentifier {
                    writer = writerCode(at: location, lineage: lineageNames)
                    if announced.isEmpty {
                        let context = index.codeContexts(inFile: location.file).innermost(containing: location.token)
                        announced = sameFlowAnnouncers(ofWriteAt: location, root: root, end: end, context: context, writer: writer, flows: flows)
                    }
                }
                result.append(
                    PropertyWrite(
                        site: location, member: "`\(mutation.view.simpleTypeName)`", phase: .afterHandout,
                        flows: announced, throughReference: true, place: nil, inRenderingCode: false, writer: writer))
            }
        }
        return result
    }

    /// What the flow making a write through the reference `root..<end` announces on the same
    /// object (`model.isLoading = true; model.cache = [:]`), or, for a property of the writing
    /// type (`call.name = n`, `self.call.name = n`), what that type's code announces on it.
    private func sameFlowAnnouncers(
        ofWriteAt location: TokenLocation, root: Int, end: Int, context: CodeContext?, writer: WriterCode?, flows: ChangeFlows
    ) -> [[Announcer]] {
        let file = index.files[location.file]
        if root == end - 1, let context,
            let found = flows.announcers(on: file.text(root), around: location.token, in: context.range, file: location.file)
        {
            return [found]
        }
        let held = root == end - 1 ? root : root == end - 3 && file.at(root, "self") ? end - 1 : nil
        if writer != nil, let held,
            let found = index.heldObjectAnnouncers(ofWriteAt: location, through: file.text(held), objectFlows: flows)
        {
            return found
        }
        return []
    }

    /// Whether the code at `location` is a test's (`ProjectIndex.isTestWrite(inFile:of:)`), in a method nothing runs
    /// (`ProjectIndex.neverRuns`) or in a setter nothing calls (`ProjectIndex.setterNeverRuns`).
    private func neverRuns(_ location: TokenLocation) -> Bool {
        if index.isTestWrite(inFile: location.file, of: type) { return true }
        for (decl, info) in index.typeDeclarations(in: location.file) where decl.members.contains(location.token) {
            if let function = decl.functions.first(where: { $0.body?.contains(location.token) == true }) {
                return index.neverRuns(function, of: info)
            }
        }
        return index.isInSetterThatNeverRuns(location)
    }

    /// For a write in another project type's code, that code.
    private func writerCode(at location: TokenLocation, lineage: Set<String>) -> WriterCode? {
        guard let (body, _, writer, _) = enclosingBody(of: location.token, in: location.file), let writer,
            !lineage.contains(writer.name)
        else { return nil }
        let place = ChangeFlows.place(of: location.token, file: location.file, body: body, index: index)
        return WriterCode(type: writer.name, place: place, token: location.token)
    }

    /// Whether a local bound without a type may hold a value of the lineage, as far as its
    /// binding says: not when it is bound to another type's initializer call (`let
    /// formatter = DateFormatter()`), nor to a static member of a type the project does not
    /// declare (`var calendar = Calendar.current`: another module's member cannot have a
    /// project type).
    private func constructsLineage(local name: String, before end: Int, in range: Range<Int>, file fileIndex: Int, lineage: Set<String>) -> Bool {
        let file = index.files[fileIndex]
        if let constructed = localConstruction(of: name, before: end, in: range, file: file) {
            guard let built = index.resolve(String(constructed), file: fileIndex) else { return false }
            return lineage.contains(built)
        }
        var token = range.lowerBound
        while token < end {
            if file.at(token, "let") || file.at(token, "var"), file.spells(token + 1, name), file.kind(token + 2) == .equal {
                let root = token + 3
                guard file.kind(root) == .identifier, file.text(root).startsWithUppercase, file.kind(root + 1) == .period,
                    file.kind(root + 2) == .identifier, endsStatement(root + 3, in: file)
                else { return true }
                return index.resolve(file.text(root), file: fileIndex) != nil
            }
            token += 1
        }
        return true
    }

    private func endsStatement(_ token: Int, in file: ParsedFile) -> Bool {
        token >= file.tokens.count || file.tokens[token].isAtStartOfLine || file.at(token, ";") || file.kind(token) == .rightBrace
    }

    /// Whether the identifier at `token` names a local bound without a type annotation
    /// earlier in `range`: `let x = …`, `if let x = …`, `for x in …`, `{ x in …`.
    private func isUntypedLocal(_ token: Int, in range: Range<Int>, file: ParsedFile) -> Bool {
        let name = file.text(token)
        var position = range.lowerBound
        while position < token {
            if file.kind(position) == .identifier || file.kind(position) == .keyword, file.spells(position + 1, name) {
                if file.at(position, "let") || file.at(position, "var") {
                    if file.kind(position + 2) == .equal { return true }
                } else if file.at(position, "for"), file.at(position + 2, "in") {
                    return true
                } else if file.kind(position) == .leftBrace {
                    return false
                }
            }
            if file.kind(position) == .leftBrace, file.spells(position + 1, name), file.at(position + 2, "in") { return true }
            position += 1
        }
        return false
    }

    /// A write through a local the code built itself before, or through a stored property
    /// in the holder's initializer, outside closures.
    private func isCreatorWrite(at location: TokenLocation, receiver: Range<Int>) -> Bool {
        let file = index.files[location.file]
        guard receiver.count == 1 || receiver.count == 3 && file.at(receiver.lowerBound, "self"),
            let (body, isInitializer, holder, _) = enclosingBody(of: location.token, in: location.file)
        else { return false }
        let name = file.text(receiver.upperBound - 1)
        // A local the same run of the same code built (`let entry = Entry(context: c)` in a
        // `perform { }` block, then `entry.rate = r`): a new object no view has read yet.
        let closure = index.scopes(in: body, of: file).innermostClosure(containing: location.token)
        if receiver.count == 1,
            localConstruction(of: name, before: receiver.lowerBound, in: closure?.range ?? body, file: file) == type.name.simpleTypeName
                || bindsFactoryResult(name, before: receiver.lowerBound, in: closure?.range ?? body, fileIndex: location.file)
                || index.unhandedLocalType(at: receiver.lowerBound, inFile: location.file, body: body) == type.name.simpleTypeName
        {
            return true
        }
        guard closure == nil, isInitializer, let holder, let (_, property) = holder.property(named: name),
            let held = index.declaredShape(of: property, in: file, scope: holder.name)?.directName
        else { return false }
        return index.type(named: held, from: holder.name)?.name == type.name
    }

    /// `let name = makeModel(…)`, `let name = Model.preview(…)` before `end`: a local bound
    /// to what a project function returns when that function returns a new object of the
    /// type (`returnsNewObject(_:depth:)`), so a write through it before it is handed out is
    /// the creator's setup (SPEC §10.1: no view read the object yet).
    private func bindsFactoryResult(_ name: String, before end: Int, in body: Range<Int>, fileIndex: Int, depth: Int = 0) -> Bool {
        let file = index.files[fileIndex]
        var token = body.lowerBound
        while token < end {
            guard file.at(token, "let") || file.at(token, "var"), file.spells(token + 1, name), file.kind(token + 2) == .equal else {
                token += 1
                continue
            }
            guard let (callee, qualifier) = factoryCall(at: token + 3, in: file) else { return false }
            var functions = index.isolationFacts.functionBodies(named: file.text(callee), index: index)
            if let qualifier {
                // `Model.preview(…)`, `Self.preview(…)`: the functions of that type.
                let owner = file.at(qualifier, "Self")
                    ? enclosingBody(of: token, in: fileIndex)?.type?.name : index.resolve(file.text(qualifier), file: fileIndex)
                functions = functions.filter { $0.body.owner?.name == owner }
            }
            return !functions.isEmpty && functions.allSatisfy { returnsNewObject($0, depth: depth) }
        }
        return false
    }

    /// `f(…)` or `T.f(…)` starting at `token` and ending its statement: the callee, and the
    /// type it is called on.
    private func factoryCall(at token: Int, in file: ParsedFile) -> (callee: Int, qualifier: Int?)? {
        var callee = token
        var qualifier: Int?
        if file.kind(token) == .identifier || file.at(token, "Self"), file.text(token).startsWithUppercase, file.kind(token + 1) == .period {
            qualifier = token
            callee = token + 2
        }
        guard file.kind(callee) == .identifier, !file.text(callee).startsWithUppercase, file.kind(callee + 1) == .leftParen,
            qualifier != nil || file.kind(callee - 1) != .period
        else { return nil }
        let close = Int(file.partner[callee + 1])
        guard close > callee + 1, endsStatement(close + 1, in: file) else { return nil }
        return (callee, qualifier)
    }

    /// Whether a project function returns a new object of the type on every path: each
    /// `return` (outside closures) gives its constructor's result (`return Model(…)`) or a
    /// local bound to one or to another such function's result (`let model = Model();
    /// model.x = 1; return model`), or its body is a single constructor call.
    private func returnsNewObject(_ function: (file: Int, body: OwnedBody), depth: Int) -> Bool {
        guard depth < 3, case .function(let declaration) = function.body.member, let returned = declaration.returnType?.text,
            returned == type.name.simpleTypeName || returned == type.name, let body = declaration.body, body.count > 2
        else { return false }
        let file = index.files[function.file]
        let simpleName = type.name.simpleTypeName
        let scopes = index.scopes(in: body, of: file)
        var returns = 0
        for token in body where file.at(token, "return") && scopes.innermostClosure(containing: token) == nil {
            returns += 1
            let value = token + 1
            if let constructed = constructedValue(at: value, in: file) {
                guard constructed == simpleName else { return false }
            } else if file.kind(value) == .identifier, endsStatement(value + 1, in: file) {
                let local = file.text(value)
                guard localConstruction(of: local, before: value, in: body, file: file) == simpleName
                    || bindsFactoryResult(local, before: value, in: body, fileIndex: function.file, depth: depth + 1)
                else { return false }
            } else {
                return false
            }
        }
        if returns > 0 { return true }
        // `{ Model(…) }`: a single expression.
        guard let constructed = constructedValue(at: body.lowerBound + 1, in: file), constructed == simpleName else { return false }
        let open = body.lowerBound + 1 + (file.kind(body.lowerBound + 2) == .period ? 3 : 1)
        return Int(file.partner[open]) == body.upperBound - 2
    }

    /// `T(…)` or `T.init(…)` starting at `token` and ending its statement: `T`'s simple name.
    private func constructedValue(at token: Int, in file: ParsedFile) -> Substring? {
        guard file.kind(token) == .identifier, file.text(token).startsWithUppercase else { return nil }
        let open = file.kind(token + 1) == .period && file.at(token + 2, "init") ? token + 3 : token + 1
        guard file.kind(open) == .leftParen else { return nil }
        let close = Int(file.partner[open])
        guard close > open, endsStatement(close + 1, in: file) else { return nil }
        return Substring(file.text(token))
    }

    /// `` `Coordinator.start()` ``, `` a closure in `CounterView.body` `` for a write in
    /// other code.
    private func describeExternal(at token: Int, in file: Int) -> String {
        guard let (body, _, _, name) = enclosingBody(of: token, in: file) else { return "other code" }
        let inClosure = index.scopes(in: body, of: index.files[file]).innermostClosure(containing: token) != nil
        return (inClosure ? "a closure in " : "") + name
    }
}

extension ProjectIndex {
    /// The code of `type` cut into synchronous flows (computed once per type). A change
    /// through a property whose wrapper may relay its object's changes
    /// (`enclosingInstanceWrapped(of:)`) may announce, like one of the property.
    func changeFlows(of type: TypeInfo) -> ChangeFlows {
        changeFlowsByType.value(for: type.name) {
            ChangeFlows(
                owners: typeAndAncestors(of: type) + typeAndSubtypes(of: type).dropFirst(), announcing: announcingProperties(of: type),
                objectHolders: objectHolders(of: type).subtracting(enclosingInstanceWrapped(of: type)),
                valueHolders: Lazy { [unowned self] in self.valueHolders(of: type) }, collectionHolders: objectCollectionHolders(of: type), index: self)
        }
    }

    /// The stored properties of `type` (and its ancestors) that hold an object: a project
    /// class (`T`, `T?`, or a collection of them), or what an object wrapper holds.
    public func objectHolders(of type: TypeInfo) -> Set<String> {
        objectHoldersByType.value(for: type.name) { collectObjectHolders(of: type) }
    }

    /// The stored properties of `type` (and its ancestors) whose declared (or constructed)
    /// type is a value: a project struct or enum, a standard value type, an optional,
    /// collection or tuple of those. Changing part of one (`model.sheet.isShown = false`)
    /// runs the property's setter; through any other type (`AVPlayer`, a class the project
    /// never shows to be one) a member write may change an object and leave the property
    /// alone. The members of a project struct are not looked into: a class one of them holds
    /// (`model.state.player.rate = 1`) is still taken for part of the value.
    func valueHolders(of type: TypeInfo) -> Set<String> {
        var result = Set<String>()
        for owner in typeAndAncestors(of: type) {
            for (file, property) in owner.properties where property.isStored {
                guard !property.attributes.contains(where: { Self.objectWrappers.contains(String($0.simpleName)) }),
                    let written = property.type?.text
                        ?? property.initializer.flatMap({ files[file].constructorCall(in: $0)?.typeName }),
                    holdsOnlyValues(written, from: owner.name)
                else { continue }
                result.insert(property.name)
            }
        }
        return result
    }

    private func holdsOnlyValues(_ written: String, from scope: String) -> Bool {
        let text = written.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("("), text.hasSuffix(")"), !text.contains("->") {
            // A tuple: each element, without its label.
            let elements = splitAtTopLevelCommas(String(text.dropFirst().dropLast()))
            return !elements.isEmpty && elements.allSatisfy { element in
                let type = element.split(separator: ":", maxSplits: 1).last.map(String.init) ?? element
                return holdsOnlyValues(type, from: scope)
            }
        }
        return holdsOnlyValues(TypeShape(text), from: scope)
    }

    private func holdsOnlyValues(_ shape: TypeShape, from scope: String) -> Bool {
        switch shape {
        case .named(let name, _): modelKind(of: name, from: scope) == .valueType
        case .optional(let held), .array(let held), .set(let held): holdsOnlyValues(held, from: scope)
        case .dictionary(_, let value): holdsOnlyValues(value, from: scope)
        case .other: false
        }
    }

    private func splitAtTopLevelCommas(_ text: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current)
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The stored properties of `type` (and its ancestors) of a named type the project does
    /// not show to be a value (`var player: AVPlayer?`, a project protocol; a class the
    /// project declares is an object holder): assigning a member of one (`player?.volume =
    /// 0`, `PropertyWrite.assignsMember(in:)`) may change an object it holds and leave the
    /// property alone. The change model keeps such writes (the type may be a value); a rule
    /// needing a witnessed change of the property leaves them out. By the declared type, or
    /// the type the initial value constructs.
    public func opaqueHolders(of type: TypeInfo) -> Set<String> {
        var result = Set<String>()
        let values = valueHolders(of: type)
        for owner in typeAndAncestors(of: type) {
            for (file, property) in owner.properties where property.isStored && !values.contains(property.name) {
                guard !property.attributes.contains(where: { $0.simpleName.startsWithUppercase }),
                    let written = property.type?.text ?? property.initializer.flatMap({ files[file].constructorCall(in: $0)?.typeName })
                else { continue }
                var shape = TypeShape(written)
                if case .optional(let held) = shape { shape = held }
                if case .named = shape { result.insert(property.name) }
            }
        }
        return result
    }

    /// The stored properties of `type` (and its ancestors) declared as a SwiftUI `Binding`
    /// (`var isPresented: Binding<Bool>`): a value whose `wrappedValue` setter is
    /// `nonmutating`, so a write through it (`isPresented.wrappedValue = false`) changes the
    /// state the binding reaches, not the property; only assigning another binding does.
    public func bindingHolders(of type: TypeInfo) -> Set<String> {
        var result = Set<String>()
        for owner in typeAndAncestors(of: type) {
            for (file, property) in owner.properties where property.isStored {
                guard case .named(let name, _) = declaredShape(of: property, in: files[file], scope: owner.name),
                    name == "Binding" || name == "SwiftUI.Binding"
                else { continue }
                result.insert(property.name)
            }
        }
        return result
    }

    private func collectObjectHolders(of type: TypeInfo) -> Set<String> {
        var result = Set<String>()
        for owner in typeAndAncestors(of: type) {
            for (file, property) in owner.properties where property.isStored {
                if property.attributes.contains(where: { Self.objectWrappers.contains(String($0.simpleName)) }) {
                    result.insert(property.name)
                } else if let held = heldTypeName(of: property, in: files[file], scope: owner.name), holdsObjects(named: held, from: owner.name) {
                    result.insert(property.name)
                }
            }
        }
        return result
    }

    /// Whether a value of the type `name` (as written in `scope`) is a reference: a project
    /// class, actor or class-only protocol, or a class from outside the project.
    private func holdsObjects(named name: String, from scope: String) -> Bool {
        if let type = self.type(named: name, from: scope) { return isReferenceType(type) }
        return classesOutsideProject().contains(name)
    }

    /// The named type a stored property holds (directly or in a collection): its declared
    /// or inferred type (`TypeShape.heldName`), or, when that is not a project type, the
    /// type its initial value constructs (`var uploader = Uploader()`).
    private func heldTypeName(of property: Property, in file: ParsedFile, scope: String) -> String? {
        if let held = declaredShape(of: property, in: file, scope: scope)?.heldName { return held }
        guard let initializer = property.initializer else { return nil }
        return file.constructorCall(in: initializer)?.typeName
    }

    /// Types declared outside the project (in a library or an SDK) that the project's code
    /// shows to be classes: the type of a property wrapped in `@ObservedObject`,
    /// `@StateObject` or `@EnvironmentObject` (whose `ObservableObject` requirement only
    /// classes meet), or of a `weak`/`unowned` property (only class references can be weak).
    /// A member write through a property of such a type (`uploader.queued = items`) changes
    /// the object, not the property. By the name as written.
    func classesOutsideProject() -> Set<String> {
        classesOutsideProjectNames.value {
            var result = Set<String>()
            for owner in types.values {
                for declaration in owner.declarations {
                    for property in declaration.decl.properties where property.isStored {
                        guard property.attributes.contains(where: { Self.observableObjectWrappers.contains(String($0.simpleName)) })
                            || property.modifiers.contains("weak") || property.modifiers.contains("unowned"),
                            let held = declaredShape(of: property, in: files[declaration.file], scope: owner.name)?.directName,
                            self.type(named: held, from: owner.name) == nil
                        else { continue }
                        result.insert(held)
                    }
                }
            }
            return result
        }
    }

    private static let observableObjectWrappers: Set<String> = ["ObservedObject", "StateObject", "EnvironmentObject"]

    private static let objectWrappers: Set<String> = ["ObservedObject", "StateObject", "EnvironmentObject", "Bindable"]

    /// A class or actor, or a protocol only classes can adopt (`protocol Editor: AnyObject`,
    /// directly or through the protocols and classes it inherits): a value of it is a
    /// reference, so `editor.theme = x` writes the object, not the property holding it.
    func isReferenceType(_ type: TypeInfo, visited: Set<String> = []) -> Bool {
        switch type.kind {
        case .class, .actor: return true
        case .protocol:
            return type.inherited.contains { name in
                if name == "AnyObject" || name == "class" { return true }
                guard !visited.contains(name), let parent = self.types[name] else { return false }
                return isReferenceType(parent, visited: visited.union([type.name]))
            }
        default: return false
        }
    }

    /// Those of `objectHolders(of:)` that hold a collection of objects (`[Tab]`, `[ID: Tab]`):
    /// a value its own methods change (`tabs.append(tab)` changes the property).
    public func objectCollectionHolders(of type: TypeInfo) -> Set<String> {
        objectCollectionHoldersByType.value(for: type.name) { collectObjectCollectionHolders(of: type) }
    }

    private func collectObjectCollectionHolders(of type: TypeInfo) -> Set<String> {
        var result = Set<String>()
        for owner in typeAndAncestors(of: type) {
            for (file, property) in owner.properties where property.isStored {
                guard let shape = declaredShape(of: property, in: files[file], scope: owner.name), shape.directName == nil,
                    let held = shape.heldName, holdsObjects(named: held, from: owner.name)
                else { continue }
                result.insert(property.name)
            }
        }
        return result
    }

    /// The bodies of a file (`CodeContexts`), computed once per file.
    func codeContexts(inFile file: Int) -> CodeContexts {
        codeContextsByFile.value(for: file) { CodeContexts(file: files[file], fileIndex: file, index: self) }
    }

    /// The project types that declare a member (property or method) named `name` (a type
    /// once per declaration that does).
    func typesDeclaring(member name: String) -> [String] {
        membersDeclaredByName.value {
            var result: [String: [String]] = [:]
            // At most one entry per declared member: sized once, never rehashed.
            result.reserveCapacity(types.values.reduce(0) { count, info in
                info.declarations.reduce(count) { $0 + $1.decl.properties.count + $1.decl.functions.count }
            })
            for info in types.values {
                for declaration in info.declarations {
                    for property in declaration.decl.properties { result[property.name, default: []].append(info.name) }
                    for function in declaration.decl.functions { result[function.name, default: []].append(info.name) }
                }
            }
            return result
        }[name] ?? []
    }

    /// Every `.name(` call of the project's own files (`model.configure()`) where `name`
    /// is a method of a project model (`ObservableObject` or `@Observable`), by name: where
    /// code outside a model may call its methods. Collected for every such name on first use.
    func memberCalls(named name: String) -> [TokenLocation] {
        callTables.value { CallTables.collect(index: self) }.memberCalls[name] ?? []
    }

    /// The `.name(` calls that may call the method `name` of `type`: `memberCalls(named:)`'s
    /// for a model's; for another class's, those among the calls table's (which holds the
    /// calls of every function name the project declares).
    func methodCalls(named name: String, of type: TypeInfo) -> [TokenLocation] {
        guard !type.isObservableObject, !type.isObservable else { return memberCalls(named: name) }
        return callTables.value { CallTables.collect(index: self) }.calls[name, default: []].filter { call in
            let file = files[call.file]
            return file.kind(call.token - 1) == .period && file.kind(call.token + 1) == .leftParen
        }
    }
}

extension ProjectIndex {
    /// The reference a member write at `token` goes through (`model.name = …`,
    /// `store.model?.name = …`, `$model.name`): its tokens from the root name to `end`, the
    /// `.` before the member. Nil when the write has no such reference or it is `self`
    /// alone (the type's own code).
    static func writtenReference(at token: Int, in file: ParsedFile) -> (root: Int, end: Int)? {
        var end = token - 1
        if file.kind(end - 1) == .postfixQuestionMark || file.kind(end - 1) == .exclamationMark { end -= 1 }
        var root = end - 1
        while root - 2 >= 0, file.kind(root - 1) == .period, file.isWord(root - 2) || file.kind(root - 2) == .dollarIdentifier {
            root -= 2
        }
        guard root >= 0, root < end, file.isWord(root), !(root == end - 1 && file.at(root, "self")) else { return nil }
        return (root, end)
    }
}

extension ProjectIndex {
    /// The non-empty lists of a name scan (`lists[i]` for `names.names[i]`) by name: the
    /// names are unique, so each list is stored as it is.
    static func byName(_ lists: [[TokenLocation]], names: NameTable) -> [String: [TokenLocation]] {
        var result: [String: [TokenLocation]] = [:]
        result.reserveCapacity(lists.reduce(0) { $1.isEmpty ? $0 : $0 + 1 })
        for (position, locations) in lists.enumerated() where !locations.isEmpty { result[names.names[position]] = locations }
        return result
    }
}
