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
        let references = Set(properties.filter { holdsObject($0.property, in: $0.file) }.map(\.property.name))
        let flows = ChangeFlows(owners: owners, announcing: announcing, objectHolders: references, index: index)
        let setup = setupFunctions(flows)
        let rendered = renderedCode(lineage: lineage)
        let names = Set(properties.map(\.property.name))
        // A property whose own observer announces (`didSet { applyFilter() }`) is announced
        // whoever writes it.
        var observed: [String: [Announcer]] = [:]
        for (file, property) in properties { observed[property.name] = flows.observerAnnouncers(of: property, in: file) }
        var writes: [String: [PropertyWrite]] = [:]
        for owner in owners {
            for (name, sites) in index.memberAccesses(of: owner).mutations where names.contains(name) {
                for site in sites where !(references.contains(name) && ChangeFlows.isThroughMember(site, in: index.files[site.file])) {
                    let place = flows.place(of: site)
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
                            inRenderingCode: rendered.contains(Place(file: site.file, body: site.body, closure: nil)),
                            context: index.executionContext(at: location)))
                }
            }
        }
        for name in names {
            let own = Set((writes[name] ?? []).map(\.site))
            for write in writesThroughReferences(to: name, lineage: lineage, announcing: announcing, observers: observed[name])
            where !own.contains(write.site) {
                writes[name, default: []].append(write)
            }
        }
        for name in writes.keys {
            writes[name]!.sort { ($0.site.file, $0.site.token) < ($1.site.file, $1.site.token) }
        }
        return TypeChanges(type: type.name, properties: properties, announcing: announcing, writes: writes, flowModel: flows)
    }

    private func holdsObject(_ property: Property, in file: Int) -> Bool {
        if property.attributes.contains(where: { Self.objectWrappers.contains(String($0.simpleName)) }) { return true }
        guard let held = index.declaredShape(of: property, in: index.files[file], scope: type.name)?.heldName else { return false }
        return index.type(named: held, from: type.name)?.isClass == true
    }

    private static let objectWrappers: Set<String> = ["ObservedObject", "StateObject", "EnvironmentObject", "Bindable"]

    private func phase(of place: Place, flows: ChangeFlows, setup: Set<String>) -> WritePhase {
        guard place.closure == nil, let unit = flows.unit(of: place) else { return .afterHandout }
        switch unit.kind {
        case .initializer: return .initializer
        case .function(let name) where setup.contains(name): return .setup
        default: return .afterHandout
        }
    }

    /// The functions that run only before the object is handed out: every call of them is
    /// in an initializer or another such function (outside closures that run later), or,
    /// for those others may call, by the code that creates the object before it hands it
    /// out. A function nobody in the project calls may run at any time.
    private func setupFunctions(_ flows: ChangeFlows) -> Set<String> {
        var candidates: [String: (isPrivate: Bool, external: [TokenLocation])] = [:]
        for unit in flows.units {
            guard case .function(let name) = unit.kind, !flows.handedOver.contains(name) else { continue }
            let external = unit.isPrivate ? [] : index.memberCalls(named: name)
            if let known = candidates[name] {
                candidates[name] = (known.isPrivate && unit.isPrivate, known.external)
            } else {
                candidates[name] = (unit.isPrivate, external)
            }
        }
        candidates = candidates.filter { name, candidate in
            if candidate.isPrivate { return !(flows.callers[name] ?? []).isEmpty }
            // Calls on objects of other types (`let map = SeatMap(); map.configure()`) are theirs.
            let calls = candidate.external.map(creatorCall).filter { $0 != .otherType }
            return !calls.isEmpty && calls.allSatisfy { $0 == .creator }
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
    /// or a stored property of a class, called in its initializer. `.otherType` when the
    /// receiver is a local built from another type.
    private func creatorCall(_ call: TokenLocation) -> CallKind {
        let file = index.files[call.file]
        let token = call.token
        guard file.kind(token - 1) == .period else { return .unknown }
        var receiver = token - 2
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

    /// `let name = T(…)`, `var name = T.init(…)` between the body's start and `end`: the
    /// type's simple name.
    private func localConstruction(of name: String, before end: Int, in body: Range<Int>, file: ParsedFile) -> Substring? {
        var token = body.lowerBound
        while token < end {
            if file.at(token, "let") || file.at(token, "var"), file.spells(token + 1, name), file.kind(token + 2) == .equal,
                file.kind(token + 3) == .identifier, file.text(token + 3).startsWithUppercase,
                file.kind(token + 4) == .leftParen || file.kind(token + 4) == .period && file.at(token + 5, "init")
            {
                return Substring(file.text(token + 3))
            }
            token += 1
        }
        return nil
    }

    /// The function or accessor body of `file` around `token`, whether it is an
    /// initializer, the type it belongs to, and how a note names it (`` `Coordinator.start()` ``).
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
    /// coordinator, `$model.name` handed to a control. Unannounced unless the property or its observer announces.
    private func writesThroughReferences(
        to name: String, lineage: [TypeInfo], announcing: Set<String>, observers: [Announcer]?
    ) -> [PropertyWrite] {
        let lineageNames = Set(lineage.map(\.name))
        var result: [PropertyWrite] = []
        var contexts: (file: Int, contexts: CodeContexts)?
        for location in index.memberUpdateCandidates(named: name) where index.isMemberWrite(at: location) {
            let file = index.files[location.file]
            let token = location.token
            var end = token - 1
            if file.kind(end - 1) == .postfixQuestionMark || file.kind(end - 1) == .exclamationMark { end -= 1 }
            var root = end - 1
            while root - 2 >= 0, file.kind(root - 1) == .period, file.isWord(root - 2) || file.kind(root - 2) == .dollarIdentifier {
                root -= 2
            }
            guard root >= 0, root < end, file.isWord(root), !(root == end - 1 && file.at(root, "self")) else { continue }
            if contexts?.file != location.file {
                contexts = (location.file, CodeContexts(file: file, fileIndex: location.file, index: index))
            }
            let context = contexts?.contexts.innermost(containing: token)
            // A receiver of unknown type (`if let b = list.first(where: …) { b.name = x }`)
            // counts when no other project type declares the member.
            if let receiver = index.staticType(of: root..<end, in: location.file, context: context) {
                guard lineageNames.contains(receiver) else { continue }
            } else {
                guard index.typesDeclaring(member: name).allSatisfy(lineageNames.contains) else { continue }
            }
            let creator = isCreatorWrite(at: location, receiver: root..<end)
            let member = describeExternal(at: token, in: location.file)
            result.append(
                PropertyWrite(
                    site: location, member: member, phase: creator ? .setup : .afterHandout,
                    flows: announcing.contains(name) ? [[Announcer(name: name, site: location)]] : observers.map { [$0] } ?? [],
                    throughReference: true, place: nil, inRenderingCode: false, context: index.executionContext(at: location)))
        }
        // `$model.name` handed to a control: the control writes it.
        let found = Set(result.map(\.site))
        for owner in lineage {
            for mutation in index.viewMutations[owner.name] ?? [] where mutation.path.first == name {
                let location = TokenLocation(file: mutation.file, token: mutation.tokens[0])
                guard !found.contains(location) else { continue }
                result.append(
                    PropertyWrite(
                        site: location, member: "`\(mutation.view.simpleTypeName)`", phase: .afterHandout,
                        flows: announcing.contains(name) ? [[Announcer(name: name, site: location)]] : observers.map { [$0] } ?? [],
                        throughReference: true, place: nil, inRenderingCode: false, context: index.executionContext(at: location)))
            }
        }
        return result
    }

    /// A write through a local the code built itself before, or through a stored property
    /// in the holder's initializer, outside closures.
    private func isCreatorWrite(at location: TokenLocation, receiver: Range<Int>) -> Bool {
        let file = index.files[location.file]
        guard receiver.count == 1 || receiver.count == 3 && file.at(receiver.lowerBound, "self"),
            let (body, isInitializer, holder, _) = enclosingBody(of: location.token, in: location.file),
            index.scopes(in: body, of: file).innermostClosure(containing: location.token) == nil
        else { return false }
        let name = file.text(receiver.upperBound - 1)
        if receiver.count == 1, localConstruction(of: name, before: receiver.lowerBound, in: body, file: file) == type.name.simpleTypeName {
            return true
        }
        guard isInitializer, let holder, let (_, property) = holder.property(named: name),
            let held = index.declaredShape(of: property, in: file, scope: holder.name)?.directName
        else { return false }
        return index.type(named: held, from: holder.name)?.name == type.name
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
    /// The project types that declare a member (property or method) named `name`.
    func typesDeclaring(member name: String) -> [String] {
        membersDeclaredByName.value {
            var result: [String: [String]] = [:]
            for info in types.values {
                for name in Set(info.properties.map(\.property.name) + info.functions.map(\.function.name)) {
                    result[name, default: []].append(info.name)
                }
            }
            return result
        }[name] ?? []
    }

    /// Every `.name(` call of the project's own files (`model.configure()`) where `name`
    /// is a method of a project type, by name: where code outside a type may call its
    /// methods. Collected for every such name on first use.
    func memberCalls(named name: String) -> [TokenLocation] {
        memberCallsByName.value {
            let methods = NameTable(types.values.lazy.flatMap(\.functions).filter { $0.function.kind == .function }.map(\.function.name))
            var result: [String: [TokenLocation]] = [:]
            for fileIndex in ownFiles {
                let file = files[fileIndex]
                file.source.bytes.withUnsafeBufferPointer { bytes in
                    for token in file.tokens.indices where file.kind(token) == .period {
                        guard file.kind(token + 1) == .identifier, file.kind(token + 2) == .leftParen,
                            methods.position(of: file.tokens[token + 1], in: bytes) != nil
                        else { continue }
                        result[file.text(token + 1), default: []].append(TokenLocation(file: fileIndex, token: token + 1))
                    }
                }
            }
            return result
        }[name] ?? []
    }
}
