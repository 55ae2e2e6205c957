import ObservationSyntax

// State copies (SPEC §10): a view's `@State` given, at one moment, a value read from an
// observed source — a field of a model the view holds that announces its changes
// (`@Published` on an observed ObservableObject, a tracked property of an `@Observable`
// class) — and what copies it again when the source changes.

/// One assignment of a view's `@State` from a model field, in code that runs at a moment:
/// `.onAppear { title = model.title }`, `.task { apply() }` with `apply()` assigning it.
public struct StateCopy: Sendable {
    public let view: String
    public let state: String
    /// The assignment's target.
    public let site: TokenLocation
    /// The modifier whose closure runs the copying code: `onAppear`, `task`.
    public let moment: String
    /// The view's property holding the model (`model`), the model's qualified name and
    /// the field read (`items` in `model.items.first`), with where it is read.
    public let reference: String
    /// The reference's type as the view spells it (`Post` for `Entity<PostData>`).
    public let referenceType: String?
    public let model: String
    public let field: String
    public let read: TokenLocation
    /// The model's member the copy reads the field through (`dailyTotals` in
    /// `model.dailyTotals(for: day)`, a method or computed property whose code reads
    /// `items`); nil when it reads the field itself.
    public let via: String?
    /// The member of the field's value the copy uses through a local bound from the field
    /// (`id` in `let d = model.entry` … `if d.id == x`); nil when not known.
    public let member: String?
    /// A handler that copies again when the source changes: `.onChange(of:)` or
    /// `.task(id:)` of the field, `.onReceive` of its publisher or of the object's
    /// `objectWillChange`, or an event handler that runs the copying code. Nil when none.
    public let resync: TokenLocation?
    /// The handlers that copy again only when a key derived from the field changes
    /// (`.onChange(of: model.items.count)`): they cover the writes that change their key,
    /// not the others (`laterWrites(of:)` leaves those they cover out).
    public let partialResyncs: [PartialResync]
    /// Other publishers of the model (`statusChanged` in `.onReceive(model.statusChanged)`)
    /// whose handlers run the copying code: a write in a function that names one may send it.
    public let eventPublishers: Set<String>
    /// The model's methods the copying code calls (`await model.load()`): they run before
    /// the copy.
    public let calledMethods: Set<String>
    /// The code that runs at the moment: the modifier's closure, then the view's functions
    /// it calls.
    let code: [(file: Int, range: Range<Int>)]
    /// The names of those functions.
    let copyingFunctions: Set<String>
}

/// What a handler that copies again follows of a field when it follows less than its value:
/// its count (`.onChange(of: model.items.count)`) or the identity of the value it holds
/// (`.onChange(of: model.selected?.id)`, `.task(id: model.selected.id)`).
public enum RefreshKey: String, Sendable {
    case count
    case id
}

/// A handler that copies again when a key of the field changes, and that key.
public struct PartialResync: Sendable {
    public let site: TokenLocation
    public let key: RefreshKey
}

extension ProjectIndex {
    /// The copies of model fields into `view`'s `@State` made at a moment (`.onAppear`,
    /// `.task` without `id:`), directly or in a function of the view that code calls, from
    /// the field or a local bound from it (`if let d = model.items.first { title = d.name }`).
    /// Computed once per view.
    public func stateCopies(of view: TypeInfo) -> [StateCopy] {
        stateCopiesByType.value(for: view.name) { StateCopyCollector(index: self, view: view).collect() }
    }

    /// The writes of the copied field that can happen after the copy, while the view is
    /// shown: after the hand-out (SPEC §10.1), not in the model methods the copying code
    /// calls before copying, not in that code itself, and not in a function that names an
    /// event publisher whose handler copies again.
    public func laterWrites(of copy: StateCopy) -> [PropertyWrite] {
        guard let model = types[copy.model] else { return [] }
        let called = methodsRun(from: copy.calledMethods, in: model)
        let sending = copy.eventPublishers.isEmpty ? nil : codeNaming(copy.eventPublishers, in: model, observing: copy.field)
        if sending?.observers == true { return [] }
        // `model.player.isMuted` copied: assigning `player.rate` changes another member, and
        // whether a control handed `$model.player` replaces the value is not known.
        let readFile = files[copy.read.file]
        var readDot = copy.read.token + 1
        if readFile.kind(readDot) == .postfixQuestionMark || readFile.kind(readDot) == .exclamationMark { readDot += 1 }
        let copiedMember = copy.via == nil ? (readFile.kind(readDot) == .period ? readFile.text(readDot + 1) : copy.member) : nil
        // `Entity<PostData>` held: a write to an `Entity<CommentData>` changes another object.
        let held = copy.referenceType.flatMap { genericArguments(ofSpelled: $0) }
        return changes(of: model).writes(of: copy.field).filter { write in
            guard write.phase == .afterHandout else { return false }
            // `.onChange(of: model.items.count)`: a write that changes the count is copied again.
            if copy.partialResyncs.contains(where: { self.write(write, canChange: $0.key, ofFieldOf: model) }) { return false }
            if let held, let written = spelledReceiverType(of: write).flatMap({ genericArguments(ofSpelled: $0) }), written != held {
                return false
            }
            let writeFile = files[write.site.file]
            let token = write.site.token
            if let copiedMember {
                // `field.member = …`, `field?.member = …`
                var dot = token + 1
                if writeFile.kind(dot) == .postfixQuestionMark || writeFile.kind(dot) == .exclamationMark { dot += 1 }
                if writeFile.kind(dot) == .period, writeFile.kind(dot + 1) == .identifier, !writeFile.spells(dot + 1, copiedMember),
                    writeFile.isAssignmentOperator(dot + 2)
                {
                    return false
                }
            }
            // `$model.field` handed to a view: whether it writes the value is not known.
            if writeFile.kind(token - 1) == .period, writeFile.kind(token - 2) == .dollarIdentifier { return false }
            if copy.code.contains(where: { $0.file == write.site.file && $0.range.contains(write.site.token) }) { return false }
            if let writer = write.writer, writer.place.closure == nil, isInitializerBody(writer.place) { return false }
            // `model.player.isMuted.toggle(); syncMuted()`: the view's own flow copies again.
            if !copy.copyingFunctions.isEmpty, let body = viewFunctionBody(of: copy.view, around: write.site) {
                let file = files[write.site.file]
                if body.contains(where: { file.kind($0) == .identifier && copy.copyingFunctions.contains(file.text($0)) }) { return false }
            }
            guard let place = write.place else { return copy.eventPublishers.isEmpty && copy.calledMethods.isEmpty }
            if called.contains(where: { $0.0 == place.file && $0.1 == place.body }) { return false }
            if let sending, sending.bodies.contains([place.file, place.body.lowerBound]) { return false }
            return true
        }
    }

    /// Whether `write` of `model`'s field can change `key`, so that a handler following the
    /// key runs again. A count changes when elements are appended, inserted or removed (and
    /// when a dictionary is assigned through a key); it stays when an array's element is
    /// replaced (`items[i] = updated`) or edited in place (`items[i].done = true`), when the
    /// elements are reordered (`sort`, `reverse`, `shuffle`, `swapAt`, `move`), and may stay
    /// when the whole array is replaced by another one (a fetch that returns as many
    /// elements, `items = items.map { … }`) — not by an empty literal. An identity changes
    /// when the value is replaced (`selected = other`); it stays when a member of the value
    /// is assigned in place (`selected.name = new`, `selected?.name = new`). A write of
    /// another kind is taken as changing the key.
    public func write(_ write: PropertyWrite, canChange key: RefreshKey, ofFieldOf model: TypeInfo) -> Bool {
        let file = files[write.site.file]
        let field = file.text(write.site.token)
        var token = write.site.token + 1
        if file.kind(token) == .postfixQuestionMark || file.kind(token) == .exclamationMark { token += 1 }
        switch key {
        case .count:
            let shape = collectionShape(of: field, in: model)
            if file.kind(token) == .leftSquare {
                guard shape == .array else { return true }
                var after = file.skipGroup(token)
                if file.kind(after) == .postfixQuestionMark || file.kind(after) == .exclamationMark { after += 1 }
                return !(file.kind(after) == .equal || file.kind(after) == .period)
            }
            if file.kind(token) == .period {
                return !(shape != nil && Self.reorderingMethods.contains(file.text(token + 1))
                    && (file.kind(token + 2) == .leftParen || file.kind(token + 2) == .leftBrace))
            }
            guard file.kind(token) == .equal, shape == .array else { return true }
            let limit = write.place?.body.upperBound ?? file.tokens.count
            let value = token + 1..<file.expressionEnd(from: token + 1, end: limit, stopAtComma: false)
            if value.count <= 3, value.allSatisfy({ [.leftSquare, .rightSquare, .colon].contains(file.kind($0)) }) { return true }
            // `items = items.filter { … }`, `items = items + [x]`: derived from the old elements,
            // the count changes unless the derivation keeps it (`map`, `sorted`).
            let shadowed = write.place.map { file.localNames(in: $0.body).contains(field) } ?? false
            let derived = value.contains { token in
                file.kind(token) == .identifier && file.spells(token, field) && file.isOwnMemberReference(token)
                    && (!shadowed || file.kind(token - 1) == .period)
            }
            return derived && !value.contains { file.kind($0) == .identifier && file.kind($0 - 1) == .period && Self.countKeepingMethods.contains(file.text($0)) }
        case .id:
            guard file.kind(token) == .period, file.kind(token + 1) == .identifier, !file.at(token + 1, "id") else { return true }
            var end = token + 2
            while file.kind(end) == .period || file.kind(end) == .postfixQuestionMark || file.kind(end) == .exclamationMark
                || (file.kind(end) == .identifier && file.kind(end - 1) == .period)
            {
                end += 1
            }
            return !file.isAssignmentOperator(end)
        }
    }

    private static let reorderingMethods: Set<String> = ["sort", "reverse", "shuffle", "swapAt", "move"]
    private static let countKeepingMethods: Set<String> = ["map", "sorted", "reversed", "shuffled"]

    private enum CollectionShape { case array, dictionary }

    /// Whether the model's field is declared as an array (`[T]`, `Array<T>`) or a dictionary
    /// (`[K: V]`, `Dictionary<K, V>`); nil for other or unknown types.
    private func collectionShape(of field: String, in model: TypeInfo) -> CollectionShape? {
        guard let type = typeAndAncestors(of: model).lazy.compactMap({ $0.property(named: field)?.property.type?.text }).first else { return nil }
        if type.hasPrefix("Dictionary<") { return .dictionary }
        if type.hasPrefix("Array<") { return .array }
        guard type.hasPrefix("["), type.hasSuffix("]") else { return nil }
        return type.contains(":") ? (type.contains("(") ? nil : .dictionary) : .array
    }

    /// The announcing fields of `model` (`fields`) that reading its member `name` reads: a
    /// computed property's getter or a method's body, and the model's members they call or
    /// read in turn, naming the field itself (or through `self`), not a parameter or local
    /// of the same name. In the order they are first found. Computed once per model.
    public func fieldsRead(throughMember name: String, of model: TypeInfo, among fields: Set<String>) -> [String] {
        let reach = stateCopyReachByModel.value(for: model.name) { memberReach(of: model) }
        var result: [String] = []
        var seen: Set<String> = [name]
        var queue = [name]
        while !queue.isEmpty {
            let member = queue.removeFirst()
            for read in reach[member] ?? [] {
                if fields.contains(read), !result.contains(read) { result.append(read) }
                if seen.insert(read).inserted { queue.append(read) }
            }
        }
        return result
    }

    /// For each computed property and method of the model (and its ancestors), the members
    /// of the model its code names (a parameter of the same name hides one, a local from
    /// where it is bound on).
    private func memberReach(of model: TypeInfo) -> [String: [String]] {
        var bodies: [(name: String, file: Int, body: Range<Int>, parameters: Set<String>)] = []
        var members = Set<String>()
        for owner in typeAndAncestors(of: model) {
            for declaration in owner.declarations {
                for property in declaration.decl.properties where !property.modifiers.contains("static") {
                    members.insert(property.name)
                    guard property.isComputed, let getter = property.accessors.first(where: { $0.kind == .get || $0.kind == .read })?.body
                    else { continue }
                    bodies.append((property.name, declaration.file, getter, []))
                }
                for function in declaration.decl.functions where function.kind == .function && !function.modifiers.contains("static") {
                    members.insert(function.name)
                    guard let body = function.body else { continue }
                    bodies.append((function.name, declaration.file, body, Set(function.parameters.map(\.name))))
                }
            }
        }
        var result: [String: [String]] = [:]
        for piece in bodies {
            let file = files[piece.file]
            var names: [String] = []
            let locals = file.localNames(in: piece.body).intersection(members)
            var boundFrom: [String: Int] = [:]
            if !locals.isEmpty {
                for token in piece.body where file.kind(token) == .identifier && boundFrom[file.text(token)] == nil && isBinding(token, in: file) {
                    if locals.contains(file.text(token)) { boundFrom[file.text(token)] = token }
                }
            }
            for token in piece.body where file.kind(token) == .identifier && file.isOwnMemberReference(token) && !file.isArgumentLabel(token) {
                let text = file.text(token)
                guard members.contains(text), !names.contains(text) else { continue }
                if file.kind(token - 1) != .period, piece.parameters.contains(text) || boundFrom[text].map({ $0 <= token }) == true { continue }
                names.append(text)
            }
            result[piece.name, default: []] += names
        }
        return result
    }

    /// Whether the name at `token` is bound there: after `let`/`var`/`case`, in a `for`
    /// pattern (`for (month, items) in`), or as a closure's parameter (`{ items in`).
    private func isBinding(_ token: Int, in file: ParsedFile) -> Bool {
        var back = token - 1
        while token - back < 12, file.kind(back) == .comma || file.kind(back) == .leftParen || file.kind(back) == .identifier {
            back -= 1
        }
        if file.at(back, "let") || file.at(back, "var") || file.at(back, "for") || file.at(back, "case") { return true }
        guard file.kind(back) == .leftBrace else { return false }
        var forward = token + 1
        while forward - token < 12, file.kind(forward) == .comma || file.kind(forward) == .rightParen || file.kind(forward) == .identifier {
            forward += 1
        }
        return file.at(forward, "in")
    }

    /// The body of the function of `view` that holds `site`, if it is the view's code.
    private func viewFunctionBody(of view: String, around site: TokenLocation) -> Range<Int>? {
        for (declaration, info) in typeDeclarations(in: site.file) where info.name == view && declaration.members.contains(site.token) {
            return declaration.functions.compactMap(\.body).first { $0.contains(site.token) }
        }
        return nil
    }

    /// The bodies of the model's methods named in `names` and of those they call (by name,
    /// transitively): the work the copying code starts (`post.refresh()` saving what was
    /// read) changes the field as a consequence of the copy's own moment.
    private func methodsRun(from names: Set<String>, in model: TypeInfo) -> [(Int, Range<Int>)] {
        guard !names.isEmpty else { return [] }
        let functions = typeAndAncestors(of: model).flatMap { owner in
            owner.declarations.flatMap { declaration in
                declaration.decl.functions.compactMap { function in function.body.map { (name: function.name, file: declaration.file, body: $0) } }
            }
        }
        var reached = names
        var result: [(Int, Range<Int>)] = []
        var done = Set<Int>()
        var changed = true
        while changed {
            changed = false
            for (index, function) in functions.enumerated() where !done.contains(index) && reached.contains(function.name) {
                done.insert(index)
                result.append((function.file, function.body))
                let file = files[function.file]
                for token in function.body where file.kind(token) == .identifier && file.kind(token + 1) == .leftParen && file.isOwnMemberReference(token) {
                    if reached.insert(file.text(token)).inserted { changed = true }
                }
            }
        }
        return result
    }

    /// Whether the place is an initializer's body (an app's or a coordinator's `init` runs
    /// before the views it builds exist).
    private func isInitializerBody(_ place: MemberAccesses.Place) -> Bool {
        typeDeclarations(in: place.file).contains { declaration, _ in
            declaration.functions.contains { $0.kind == .initializer && $0.body == place.body }
        }
    }

    /// The model's function bodies that name one of `publishers` or call (by name) a function
    /// that does, transitively; `observers`: whether the field's `didSet`/`willSet` names
    /// one or calls such a function (then every write may send it).
    private func codeNaming(_ publishers: Set<String>, in model: TypeInfo, observing field: String)
        -> (bodies: Set<[Int]>, observers: Bool)
    {
        var functions: [(name: String, file: Int, body: Range<Int>)] = []
        var observers: [(file: Int, body: Range<Int>)] = []
        for owner in typeAndAncestors(of: model) {
            for declaration in owner.declarations {
                for function in declaration.decl.functions { if let body = function.body { functions.append((function.name, declaration.file, body)) } }
                for property in declaration.decl.properties where property.name == field {
                    observers += property.accessors.filter { $0.kind == .didSet || $0.kind == .willSet }.compactMap(\.body).map { (declaration.file, $0) }
                }
            }
        }
        var names = publishers
        var bodies = Set<[Int]>()
        func mentions(_ body: Range<Int>, in fileIndex: Int) -> Bool {
            let file = files[fileIndex]
            return body.contains { file.kind($0) == .identifier && names.contains(file.text($0)) }
        }
        var changed = true
        while changed {
            changed = false
            for function in functions where !bodies.contains([function.file, function.body.lowerBound]) && mentions(function.body, in: function.file) {
                bodies.insert([function.file, function.body.lowerBound])
                names.insert(function.name)
                changed = true
            }
        }
        return (bodies, observers.contains { mentions($0.body, in: $0.file) })
    }

    /// The first read of the view's own property `name` in its rendering code that shows
    /// it: outside action closures and outside the value `.onChange(of:)` or `.task(id:)`
    /// follows (that only runs a handler).
    public func renderRead(of name: String, in view: TypeInfo) -> TokenLocation? {
        for body in ViewCode.renderingBodies(of: view, index: self) {
            let file = files[body.file]
            guard !body.parameters.contains(where: { $0.name == name }), !file.localNames(in: body.range).contains(name) else { continue }
            var roles = RenderRoles(body: body.range, file: file, index: self)
            for token in body.range where file.kind(token) == .identifier && file.spells(token, name) {
                guard file.isOwnMemberReference(token), !file.isArgumentLabel(token), roles.role(of: token) == .content,
                    !isFollowedValue(token, in: file)
                else { continue }
                return TokenLocation(file: body.file, token: token)
            }
        }
        return nil
    }

    /// Whether the token stands in the arguments of `.onChange(…)` or `.task(…)`.
    private func isFollowedValue(_ token: Int, in file: ParsedFile) -> Bool {
        var index = token - 1
        while index > 0, token - index < 64 {
            switch file.kind(index) {
            case .rightParen, .rightSquare, .rightBrace:
                let open = Int(file.partner[index])
                guard open >= 0, open < index else { return false }
                index = open - 1
            case .leftParen:
                // `.onChange(of: Set(selection))`: the value may be built inside the arguments.
                if file.kind(index - 2) == .period && (file.at(index - 1, "onChange") || file.at(index - 1, "task")) { return true }
                index -= 1
            case .leftBrace, .leftSquare:
                return false
            default:
                index -= 1
            }
        }
        return false
    }

    /// Whether `view` writes its state `name` (outside its initializers) in code other than
    /// the code that copies into it: an action editing it, a handler resetting it, or a
    /// closure of the copying code that sets it to a value that is no copy — the state is
    /// then the view's own value, not only a copy.
    public func isWrittenBesidesCopies(_ name: String, in view: TypeInfo) -> Bool {
        let copies = stateCopies(of: view).filter { $0.state == name }
        let code = copies.flatMap(\.code)
        let references = Set(copies.map(\.reference))
        // A mutation is recorded at the state's name: `amounts` in `self.amounts = …`.
        let copySites = Set(copies.map { copy in
            let token = copy.site.token
            return [copy.site.file, files[copy.site.file].at(token, "self") && files[copy.site.file].kind(token + 1) == .period ? token + 2 : token]
        })
        return (memberAccesses(of: view).mutations[name] ?? []).contains { site in
            guard !site.inInitializer else { return false }
            if let piece = code.first(where: { $0.file == site.file && $0.range.contains(site.token) }) {
                // `doThisAfter(0.1) { highlight = false }` after `if id == data.id { highlight = true }`:
                // the copying code itself sets the state again later, to a value of its own (a
                // flash that fades), not a copy shown until the source changes.
                guard let closure = site.closure, closure != piece.range, piece.range.contains(closure.lowerBound) else { return false }
                return !copySites.contains([site.file, site.token])
            }
            // `.onReceive(model.synced) { _ in count = model.count }`: a copy again, not an edit.
            let file = files[site.file]
            let statement = site.token..<file.expressionEnd(from: site.token, end: site.body.upperBound, stopAtComma: false)
            return !statement.contains { file.kind($0) == .identifier && references.contains(file.text($0)) && file.isOwnMemberReference($0) }
        }
    }

    /// `debug effects`: one line per copy.
    public func stateCopyLines(of view: TypeInfo) -> [String] {
        stateCopies(of: view).map { copy in
            let model = copy.model.withoutTypeKeyPrefixes
            var line = "`\(copy.state)` copies `\(model).\(copy.field)` in `.\(copy.moment)` — \(place(copy.site))"
            if let resync = copy.resync {
                line += "; copied again on its change — \(place(resync))"
            } else if let write = laterWrites(of: copy).first {
                line += "; not copied again when it changes — \(place(write.site)), in \(write.member)"
            } else {
                line += "; no later write known"
            }
            return line
        }
    }
}

private struct StateCopyCollector {
    let index: ProjectIndex
    let view: TypeInfo

    private struct Source {
        let model: TypeInfo
        let fields: Set<String>
    }

    /// Handlers that run their closure again on a change: `.onChange(of:)`, `.task(id:)`,
    /// `.onReceive(_:)`, with the value they follow.
    private struct Follower {
        let handler: Int
        let file: Int
        let followed: Range<Int>
        let closure: Range<Int>?
    }

    func collect() -> [StateCopy] {
        guard ViewCode.isRenderingContainer(view) else { return [] }
        let states = Set(view.properties.compactMap { _, property in
            property.isStored && property.attributes.contains(named: "State") && !property.modifiers.contains("static") ? property.name : nil
        })
        guard !states.isEmpty else { return [] }
        // Copies are taken in `.onAppear` and `.task`: a view with neither takes none.
        let hasMoment = view.declarations.contains { declaration in
            let file = index.files[declaration.file]
            return declaration.decl.members.contains { token in
                file.kind(token) == .identifier && file.kind(token - 1) == .period && (file.at(token, "onAppear") || file.at(token, "task"))
            }
        }
        guard hasMoment else { return [] }
        var functions: [String: [(file: Int, range: Range<Int>)]] = [:]
        for declaration in view.declarations {
            for function in declaration.decl.functions where function.kind != .initializer {
                if let body = function.body { functions[function.name, default: []].append((declaration.file, body)) }
            }
        }
        var moments: [(name: String, code: [(file: Int, range: Range<Int>)], functions: Set<String>, enclosing: Range<Int>?)] = []
        lazy var viewModels = Set(self.sources(among: nil).keys)
        for declaration in view.declarations {
            let file = index.files[declaration.file]
            let memberBodies = declaration.decl.properties.flatMap { $0.accessors.compactMap(\.body) } + declaration.decl.functions.compactMap(\.body)
            let calls = file.calls(in: declaration.decl.members) { token in
                file.kind(token - 1) == .period && (file.at(token, "onAppear") || file.at(token, "task"))
            }
            for call in calls {
                let id = call.arguments.flatMap { file.argument("id", in: $0) }
                // `.task(id: item.id)` runs as the view appears and again only when the view's
                // own value changes: a moment too. One following a model or a computed value
                // may run on the source's change (`resync` judges it).
                if let id, !followsOnlyPlainViewValues(id, in: file, models: viewModels) { continue }
                guard let closure = call.trailingClosures.first?.body ?? call.arguments.flatMap({ file.argument("perform", in: $0) }) else { continue }
                var code = [(file: declaration.file, range: closure)]
                var names = Set<String>()
                for called in file.calls(in: closure, where: { file.kind($0) == .identifier && file.isOwnMemberReference($0) }) {
                    guard let bodies = functions[file.text(called.name)] else { continue }
                    code += bodies
                    names.insert(file.text(called.name))
                }
                // The statements before the modifier in the member around it: their locals are captured.
                let enclosing = memberBodies.first { $0.contains(call.name) }.map { $0.lowerBound + 1..<call.name }
                let name = id.map { "task(id: \(file.text($0)))" } ?? file.text(call.name)
                moments.append((name, code, names, enclosing))
            }
        }
        // A copy is an assignment of a state in that code: a view whose moments assign none
        // takes no copy, and what its properties hold is not looked up.
        let assignsState = moments.contains { moment in
            moment.code.contains { piece in
                let file = index.files[piece.file]
                return file.assignments(in: piece.range).contains { assignment in
                    guard file.at(assignment.operatorToken, "=") else { return false }
                    let path = file.path(of: assignment.target)
                    return path.count == 1 && states.contains(path[0])
                }
            }
        }
        guard assignsState else { return [] }
        // The view's properties whose members the code reads (`model` in `model.title`):
        // only what those hold is looked up.
        var readProperties = Set<String>()
        for moment in moments {
            let enclosing = moment.enclosing.map { [(file: moment.code[0].file, range: $0)] } ?? []
            for piece in moment.code + enclosing {
                let file = index.files[piece.file]
                for token in piece.range where file.kind(token) == .identifier && file.kind(token + 1) == .period && file.isOwnMemberReference(token) {
                    readProperties.insert(file.text(token))
                }
            }
        }
        let sources = sources(among: readProperties)
        guard !sources.isEmpty else { return [] }
        // The handlers, and every model the view holds, only for a view that copies.
        lazy var others = (followers: followers(), models: Set(self.sources(among: nil).keys))
        var result: [StateCopy] = []
        for moment in moments {
            for (position, piece) in moment.code.enumerated() {
                let enclosing = position == 0 ? moment.enclosing : nil
                for (assignment, read) in copies(in: piece.range, of: piece.file, enclosing: enclosing, states: states, sources: sources) {
                    guard let source = sources[read.reference] else { continue }
                    let state = index.files[piece.file].path(of: assignment.target)[0]
                    let resync = resync(
                        of: read.reference, read.field, in: source.model, among: others.followers, copyingCode: moment.code, state: state,
                        models: others.models)
                    result.append(
                        StateCopy(
                            view: view.name, state: state, site: TokenLocation(file: piece.file, token: assignment.target.root),
                            moment: moment.name, reference: read.reference,
                            referenceType: view.property(named: read.reference).flatMap { index.spelledType(of: $1, in: index.files[$0]) },
                            model: source.model.name, field: read.field,
                            read: TokenLocation(file: piece.file, token: read.token), via: read.via, member: read.member, resync: resync.site,
                            partialResyncs: resync.partial, eventPublishers: resync.events,
                            calledMethods: calledMethods(of: read.reference, in: moment.code),
                            code: moment.code, copyingFunctions: moment.functions))
                }
            }
        }
        return result
    }

    /// The handlers of the view's code that run a closure again: `.onChange(of:)`, `.task(id:)`,
    /// `.onReceive(_:)`, and other modifiers' closures.
    private func followers() -> [Follower] {
        var followers: [Follower] = []
        for declaration in view.declarations {
            let file = index.files[declaration.file]
            let calls = file.calls(in: declaration.decl.members) { token in file.kind(token - 1) == .period && file.kind(token) == .identifier }
            for call in calls {
                if file.at(call.name, "onChange") || file.at(call.name, "task") || file.at(call.name, "onReceive") {
                    let id = call.arguments.flatMap { file.argument("id", in: $0) }
                    // `.task` without `id:` is a moment.
                    guard let arguments = call.arguments, !file.at(call.name, "task") || id != nil else { continue }
                    let closure = call.trailingClosures.first?.body ?? file.argument("perform", in: arguments)
                    let followed = file.at(call.name, "onChange") ? file.argument("of", in: arguments) : id
                    followers.append(Follower(handler: call.name, file: declaration.file, followed: followed ?? arguments, closure: closure))
                } else if !file.at(call.name, "onAppear"), let closure = call.trailingClosures.first?.body, isModifier(call.name, in: file) {
                    // Another modifier's closure (`.watch(value: x) { … }` of a package, a
                    // gesture): when it runs is not known.
                    followers.append(Follower(handler: call.name, file: declaration.file, followed: call.name..<call.name, closure: closure))
                }
            }
        }
        return followers
    }

    /// A call applied to a view (`Text(x).watch(…)`, a modifier on its own line), not a
    /// member of a value (`items.first { … }` in a condition, where the brace opens a block).
    private func isModifier(_ name: Int, in file: ParsedFile) -> Bool {
        file.tokens[name - 1].isAtStartOfLine || file.kind(name - 2) == .rightParen || file.kind(name - 2) == .rightBrace
    }

    /// The view's properties holding a model whose changes it follows, with the fields that
    /// announce them: the `@Published` fields of an ObservableObject held by an observing
    /// wrapper, the tracked properties of an `@Observable` class.
    /// Only the properties named in `names`, when given.
    private func sources(among names: Set<String>?) -> [String: Source] {
        var result: [String: Source] = [:]
        for (name, reference) in ViewFactsCollector.modelReferences(of: view, index: index, among: names) {
            guard let model = index.types[reference.modelType], model.isClass else { continue }
            let fields: Set<String>
            if model.isObservable {
                fields = index.announcingProperties(of: model)
            } else if model.isObservableObject, ProjectIndex.observingWrappers.contains(reference.wrapper ?? "") {
                fields = Set(index.publishedFields(of: model))
            } else {
                continue
            }
            if !fields.isEmpty { result[name] = Source(model: model, fields: fields) }
        }
        return result
    }

    /// A field of a source read: the property holding the model, the field, the token read
    /// (the field's, or the member's that reads it), and that member.
    /// `member`: the member of the field's value the copy uses, when a local bound from the
    /// field is used with one (`data.id` after `let data = model.entry`).
    private typealias SourceRead = (reference: String, field: String, token: Int, via: String?, member: String?)

    /// `reference.field` read in `range`, or `reference.member` (a call or a computed
    /// property) whose code reads the field: the reference's token, the field's token.
    private func sourceReads(in range: Range<Int>, of file: ParsedFile, sources: [String: Source]) -> [SourceRead] {
        var result: [SourceRead] = []
        for token in range where file.kind(token) == .identifier && file.kind(token + 1) == .period && file.isOwnMemberReference(token) {
            let name = file.text(token)
            guard let source = sources[name], file.kind(token + 2) == .identifier else { continue }
            let member = file.text(token + 2)
            if source.fields.contains(member) {
                result.append((name, member, token + 2, nil, nil))
            } else if !returnsProjectClass(member, of: source.model),
                let field = index.fieldsRead(throughMember: member, of: source.model, among: source.fields).first
            {
                result.append((name, field, token + 2, member, nil))
            }
        }
        return result
    }

    /// Whether the model's member `name` gives an object of a project class (a factory,
    /// `model.makeDetailModel()`): the state then holds a model of its own, whose state is
    /// its own business, not a copy of what the source held.
    private func returnsProjectClass(_ name: String, of model: TypeInfo) -> Bool {
        for owner in index.typeAndAncestors(of: model) {
            for declaration in owner.declarations {
                let returned = declaration.decl.functions.first { $0.name == name }?.returnType?.text
                    ?? declaration.decl.properties.first { $0.name == name }?.type?.text
                guard let returned else { continue }
                let spelled = returned.hasSuffix("?") || returned.hasSuffix("!") ? String(returned.dropLast()) : returned
                return index.resolve(spelled, from: owner.name).flatMap { index.types[$0] }?.isClass == true
            }
        }
        return false
    }

    /// Plain assignments of a state whose value reads a source, directly or through a local
    /// the same code bound from one (`let`, `if let`, `guard let`), or that stand in a branch
    /// of an `if` whose condition reads one (`if model.isLoading { status = .checking }
    /// else { status = .ready }`): either way the state holds what the source was then.
    /// `enclosing`: the statements before the modifier in the rendering code around it, whose
    /// locals the closure captures (`let rows = model.rows(in: month)` in `body`).
    private func copies(in range: Range<Int>, of fileIndex: Int, enclosing: Range<Int>?, states: Set<String>, sources: [String: Source])
        -> [(assignment: Assignment, read: SourceRead)]
    {
        let file = index.files[fileIndex]
        var bound: [String: SourceRead] = [:]
        // A value awaited (`await api.verify(model.name)`) is a result fetched for the source,
        // not a copy of what it holds.
        func read(in value: Range<Int>) -> SourceRead? {
            guard !value.contains(where: { file.at($0, "await") }) else { return nil }
            return sourceReads(in: value, of: file, sources: sources).first ?? firstBound(in: value, of: file, bound)
        }
        // The locals of the code around the closure, then of the closure: a name bound again
        // (`let rows = [Entry(…)]` in the closure, a closure's parameter `rows`) no longer
        // holds what the source held.
        if let enclosing {
            var token = enclosing.lowerBound
            while token < enclosing.upperBound {
                if file.kind(token) == .leftBrace || file.kind(token) == .leftParen || file.kind(token) == .leftSquare {
                    token = file.skipGroup(token)
                    continue
                }
                if file.at(token, "let") || file.at(token, "var"), file.kind(token + 1) == .identifier, file.kind(token + 2) == .equal {
                    bound[file.text(token + 1)] = read(in: token + 3..<valueEnd(from: token + 3, limit: enclosing.upperBound, in: file))
                }
                token += 1
            }
        }
        var decided: [(block: Range<Int>, read: SourceRead)] = []
        for token in range {
            if file.kind(token) == .leftBrace {
                for parameter in MemberReadCollector.closureParameters(after: token, in: file) ?? [] { bound[file.text(parameter)] = nil }
                continue
            }
            guard file.kind(token) == .keyword else { continue }
            if file.at(token, "let") || file.at(token, "var") {
                guard file.kind(token + 1) == .identifier, file.kind(token + 2) == .equal else { continue }
                bound[file.text(token + 1)] = read(in: token + 3..<valueEnd(from: token + 3, limit: range.upperBound, in: file))
            } else if file.at(token, "if") {
                // The block and every `else` after it are decided by the condition (an `else
                // if` by the conditions before it as well: the innermost decides).
                guard let open = blockOpener(from: token + 1, limit: range.upperBound, in: file),
                    let found = read(in: token + 1..<open)
                else { continue }
                var end = file.skipGroup(open)
                while end < range.upperBound, file.at(end, "else") {
                    if file.kind(end + 1) == .leftBrace {
                        end = file.skipGroup(end + 1)
                    } else if let next = blockOpener(from: end + 1, limit: range.upperBound, in: file) {
                        end = file.skipGroup(next)
                    } else {
                        break
                    }
                }
                decided.append((open..<min(end, range.upperBound), found))
            }
        }
        let locals = file.localNames(in: range)
        var result: [(assignment: Assignment, read: SourceRead)] = []
        for assignment in file.assignments(in: range) where file.at(assignment.operatorToken, "=") {
            let path = file.path(of: assignment.target)
            guard path.count == 1, states.contains(path[0]), !locals.contains(path[0]) || file.at(assignment.target.root, "self") else { continue }
            guard let found = read(in: assignment.value)
                ?? (isConstant(assignment.value, in: file) ? decided.last(where: { $0.block.contains(assignment.operatorToken) })?.read : nil)
            else { continue }
            result.append((assignment, found))
        }
        return result
    }

    /// A value that names nothing but literals and members written after a dot (`.checking`,
    /// `"Syncing"`, `true`): what a branch assigns for the condition that decides it.
    private func isConstant(_ value: Range<Int>, in file: ParsedFile) -> Bool {
        !value.contains { file.kind($0) == .identifier && file.kind($0 - 1) != .period }
    }

    /// The end of a bound value: at depth 0, a `,`, the `{` of a condition's block, `else`,
    /// or a new line that does not continue the expression.
    private func valueEnd(from start: Int, limit: Int, in file: ParsedFile) -> Int {
        var token = start
        while token < limit {
            if token > start, file.tokens[token].isAtStartOfLine, !file.continuesExpression(token) { return token }
            switch file.kind(token) {
            case .leftParen, .leftSquare: token = file.skipGroup(token)
            case .comma, .leftBrace, .rightBrace, .rightParen, .rightSquare, .semicolon: return token
            default:
                if file.at(token, "else") { return token }
                token += 1
            }
        }
        return limit
    }

    /// The `{` that opens the block after a condition starting at `start`.
    private func blockOpener(from start: Int, limit: Int, in file: ParsedFile) -> Int? {
        var token = start
        while token < limit {
            switch file.kind(token) {
            case .leftParen, .leftSquare: token = file.skipGroup(token)
            case .leftBrace: return token
            case .rightBrace, .rightParen, .rightSquare, .semicolon: return nil
            default: token += 1
            }
        }
        return nil
    }

    private func firstBound(
        in range: Range<Int>, of file: ParsedFile, _ bound: [String: SourceRead]
    ) -> SourceRead? {
        guard !bound.isEmpty else { return nil }
        for token in range where file.kind(token) == .identifier && file.kind(token - 1) != .period {
            guard var read = bound[file.text(token)] else { continue }
            var dot = token + 1
            if file.kind(dot) == .postfixQuestionMark || file.kind(dot) == .exclamationMark { dot += 1 }
            if read.member == nil, file.kind(dot) == .period, file.kind(dot + 1) == .identifier { read.member = file.text(dot + 1) }
            return read
        }
        return nil
    }

    /// The handler that copies again when `reference.field` changes, and the model's other
    /// publishers (`.onReceive(model.statusChanged)`) whose handlers run the copying code.
    /// A handler that runs the copying code when a publisher that is not the model's
    /// delivers (a timer, a notification), or when another model changes, is taken as a
    /// re-sync: whether it follows the source is not known. One that follows only the view's
    /// own values (`.onChange(of: scrollPosition)`) does not run on the source's change.
    /// A handler that follows only a key of the field (`.onChange(of: model.items.count)`,
    /// or of a member of the model whose code reads the field) is a partial re-sync.
    private func resync(
        of reference: String, _ field: String, in model: TypeInfo, among followers: [Follower], copyingCode: [(file: Int, range: Range<Int>)],
        state: String, models: Set<String>
    ) -> (site: TokenLocation?, events: Set<String>, partial: [PartialResync]) {
        let computed = computedReaders(of: reference)
        var events = Set<String>()
        var partial: [PartialResync] = []
        for follower in followers {
            let file = index.files[follower.file]
            var other: String?
            var followsSource = false
            var followedKey: RefreshKey?
            var followsOtherModel = false
            for token in follower.followed where file.isOwnMemberReference(token) {
                let text = file.text(token)
                if computed.contains(text) { followsSource = true }
                // A model, a computed value, a fetch request: it may change with the source.
                if text != reference, models.contains(text) || !isPlainViewValue(text) { followsOtherModel = true }
                guard text == reference, file.kind(token) == .identifier else { continue }
                guard file.kind(token + 1) == .period else {
                    followsSource = true
                    continue
                }
                let member = file.text(token + 2)
                if member == "$" + field || member == "objectWillChange" {
                    followsSource = true
                } else if member == field || index.fieldsRead(throughMember: member, of: model, among: [field]) == [field] {
                    switch followedPart(after: token + 2, in: file, followed: follower.followed) {
                    case .value: followsSource = true
                    case .key(let key): followedKey = key
                    case .derived: continue
                    }
                } else {
                    other = member
                }
            }
            if let followedKey, !followsSource {
                if runsCopy(follower, copyingCode: copyingCode, state: state, orAnyFunction: true) {
                    partial.append(PartialResync(site: TokenLocation(file: follower.file, token: follower.handler), key: followedKey))
                }
                continue
            }
            guard runsCopy(follower, copyingCode: copyingCode, state: state, orAnyFunction: followsSource) else { continue }
            if followsSource { return (TokenLocation(file: follower.file, token: follower.handler), [], []) }
            if let other, file.at(follower.handler, "onReceive") {
                events.insert(other)
            } else if file.at(follower.handler, "onReceive") || followsOtherModel || follower.followed.isEmpty {
                return (TokenLocation(file: follower.file, token: follower.handler), [], [])
            }
        }
        return (nil, events, partial)
    }

    /// What a handler follows of the member at `member`.
    private enum FollowedPart {
        /// The value itself or another member of it: it changes with the field.
        case value
        /// A key of it: `.count` (`items.count`), `.id` (`selected.id`, `selected?.id`).
        case key(RefreshKey)
        /// A value computed from its count (`items.count > 0`): it changes only when that
        /// result flips, not with every change of the count.
        case derived
    }

    /// What the followed expression `followed` takes of the member at `member`.
    private func followedPart(after member: Int, in file: ParsedFile, followed: Range<Int>) -> FollowedPart {
        var token = member + 1
        if file.kind(token) == .postfixQuestionMark || file.kind(token) == .exclamationMark { token += 1 }
        guard file.kind(token) == .period, file.kind(token + 1) == .identifier else { return .value }
        if file.at(token + 1, "count") {
            let next = token + 2
            let endsValue = next >= followed.upperBound || [.rightParen, .rightSquare, .comma].contains(file.kind(next))
            return endsValue ? .key(.count) : .derived
        }
        if file.at(token + 1, "id"), file.kind(token + 2) != .period { return .key(.id) }
        return .value
    }

    /// Whether the handler's closure assigns the state or calls a function of the copying
    /// code (`anyFunction`: any function of the view, which may call it in turn).
    private func runsCopy(
        _ follower: Follower, copyingCode: [(file: Int, range: Range<Int>)], state: String, orAnyFunction anyFunction: Bool
    ) -> Bool {
        guard let closure = follower.closure else { return true }
        let file = index.files[follower.file]
        if file.assignments(in: closure).contains(where: { file.path(of: $0.target) == [state] }) { return true }
        let functions = Set(copyingCode.dropFirst().map { [$0.file, $0.range.lowerBound] })
        return view.declarations.contains { declaration in
            declaration.decl.functions.contains { function in
                guard let body = function.body, anyFunction && function.kind != .initializer || functions.contains([declaration.file, body.lowerBound])
                else { return false }
                return closure.contains { file.kind($0) == .identifier && file.spells($0, function.name) }
            }
        }
    }

    /// Whether `name` is one of the view's own stored values that only the view or its
    /// parent changes: `@State`, `@Binding`, `@FocusState`, or a plain `let`/`var` (not a
    /// computed property, not a `@FetchRequest`, `@Query` or `@Environment` value). Other
    /// names (locals, types, functions) are taken as plain.
    private func isPlainViewValue(_ name: String) -> Bool {
        guard let (_, property) = view.property(named: name) else { return true }
        guard property.isStored else { return false }
        let wrappers = property.attributes.map { String($0.simpleName) }
        return wrappers.allSatisfy { ["State", "Binding", "FocusState"].contains($0) }
    }

    /// Whether every name `expression` reads is a plain stored input of the view (`item.id`,
    /// a `let` or `var` its parent passes), not a model it observes (`player.volume`), its own
    /// state (which a handler may bump when the source changes) or a local (which may be read
    /// from the source): a handler following it runs again only when the parent passes another
    /// value.
    private func followsOnlyPlainViewValues(_ expression: Range<Int>, in file: ParsedFile, models: @autoclosure () -> Set<String>) -> Bool {
        expression.allSatisfy { token in
            guard file.kind(token) == .identifier, file.isOwnMemberReference(token) else { return true }
            let name = file.text(token)
            guard let (_, property) = view.property(named: name), property.isStored, property.attributes.isEmpty else { return false }
            return !models().contains(name)
        }
    }

    /// The view's computed properties whose getters name `reference`: following one follows the source.
    private func computedReaders(of reference: String) -> Set<String> {
        var result = Set<String>()
        for declaration in view.declarations {
            let file = index.files[declaration.file]
            for property in declaration.decl.properties where property.isComputed {
                let reads = property.accessors.compactMap(\.body).contains { body in
                    body.contains { file.kind($0) == .identifier && file.spells($0, reference) }
                }
                if reads { result.insert(property.name) }
            }
        }
        return result
    }

    /// `reference.load()` calls in the copying code.
    private func calledMethods(of reference: String, in code: [(file: Int, range: Range<Int>)]) -> Set<String> {
        var result = Set<String>()
        for piece in code {
            let file = index.files[piece.file]
            for token in piece.range where file.kind(token) == .identifier && file.spells(token, reference) && file.isOwnMemberReference(token) {
                if file.kind(token + 1) == .period, file.kind(token + 3) == .leftParen { result.insert(file.text(token + 2)) }
            }
        }
        return result
    }
}
