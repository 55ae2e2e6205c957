import ObservationSyntax

/// The code of a type (its declarations, its ancestors' and subclasses'), cut into the
/// pieces that run as one synchronous flow, with what each piece announces and which of the
/// type's functions it calls. A closure a piece creates is a piece of its own (it runs at
/// another time), except the closures that run while their call does (`withAnimation`,
/// `forEach`, `map`, `withMutation`); an `await` cuts a piece into segments. Read-only once
/// built (so shared by the rules' threads).
final class ChangeFlows: @unchecked Sendable {
    typealias Place = MemberAccesses.Place

    /// A function or accessor body of the type's code.
    struct Unit {
        enum Kind: Equatable {
            case function(String)
            case initializer
            case deinitializer
            case accessor(Accessor.Kind, property: String)
            case other
        }
        let file: Int
        let body: Range<Int>
        let kind: Kind
        let isPrivate: Bool
        /// Code outside the project may call it (`ProjectIndex.isCallableFromOutside`).
        var isCallableFromOutside = false
        /// The method and its type, for `neverRuns(_:)`.
        var method: (function: FunctionDecl, owner: TypeInfo)?
        /// For a computed property's setter, the property and its type, for `neverRuns(_:)`.
        var setter: (property: Property, owner: TypeInfo)?
    }

    /// Unowned: the index keeps its flows (a strong reference would keep every index alive).
    private unowned let index: ProjectIndex
    private(set) var units: [Unit] = []
    private var unitByBody: [Place: Int] = [:]
    /// Announcers by the piece they run in.
    private var announcers: [Place: [Announcer]] = [:]
    /// Calls of the type's own functions (`load()`, `self.load()`), by the piece they run in.
    private var calls: [Place: [(token: Int, name: String)]] = [:]
    /// The pieces calling each function, with the call's token.
    private(set) var callers: [String: [(place: Place, token: Int)]] = [:]
    /// Functions whose name is also used without a call (`#selector(update)`,
    /// `handler: update`): they may run at any time.
    private(set) var handedOver: Set<String> = []
    private var awaits: [Place: [Int]] = [:]
    /// Announcers in closures a body schedules (`schedulingCallees`), by the body.
    private var scheduled: [Place: [(closure: Range<Int>, announcer: Announcer)]] = [:]
    /// Calls of the type's functions in closures a body schedules, by the body.
    private var scheduledCalls: [Place: [(closure: Range<Int>, name: String)]] = [:]
    /// The own code's writes of each property with a `willSet` or `didSet` (outside
    /// initializers, where observers do not run): each runs the observer.
    private var observedWrites: [String: [(place: Place, token: Int)]] = [:]
    private var functionBodies: [String: [Place]] = [:]
    private let announcing: Set<String>
    private let objectHolders: Set<String>
    /// The announcing properties whose type is a value (`ProjectIndex.valueHolders(of:)`):
    /// a write to a member of one runs its setter. Computed only when a member of an
    /// announcing property is written to.
    private let valueHolders: Lazy<Set<String>>
    private let lineageNames: Set<String>
    /// `externalCallerFlows(of:)` by function name.
    private let externalFlows = Memo<String, ExternalFlows>()
    /// `neverRuns(_:)` by position in `units`.
    private let neverRunsByUnit = Memo<Int, Bool>()
    /// `hides(_:in:file:)`: the local names of each body asked about.
    private let localNamesByBody = Memo<Place, Set<String>>()

    /// What the calls of a function from other code announce: `nil` when one announces
    /// nothing.
    private struct ExternalFlows: Sendable {
        let flows: [[Announcer]]?
    }

    /// `objectHolders`: the announcing properties that hold an object, whose members'
    /// writes (`child.value = 1`) announce nothing of the property.
    /// `collectionHolders`: those holding a collection of objects, which their own methods
    /// change (`tabs.append(tab)`).
    init(
        owners: [TypeInfo], announcing: Set<String>, objectHolders: Set<String>, valueHolders: Lazy<Set<String>>, collectionHolders: Set<String>,
        index: ProjectIndex
    ) {
        self.index = index
        self.announcing = announcing
        self.objectHolders = objectHolders
        self.valueHolders = valueHolders
        self.lineageNames = Set(owners.map(\.name))
        var functionNames = Set<String>()
        var observedNames = Set<String>()
        for owner in owners {
            for declaration in owner.declarations {
                let file = declaration.file
                // A `private extension`'s members are file-private.
                let inPrivateExtension = declaration.decl.kind == .extension
                    && (declaration.decl.modifiers.accessLevel.map { $0 <= .fileprivate } ?? false)
                for function in declaration.decl.functions where !function.modifiers.contains("static") && !function.modifiers.contains("class") {
                    guard let body = function.body else { continue }
                    let kind: Unit.Kind
                    switch function.kind {
                    case .function: kind = .function(function.name)
                    case .initializer: kind = .initializer
                    case .deinitializer: kind = .deinitializer
                    default: kind = .other
                    }
                    let isPrivate = inPrivateExtension || (function.modifiers.accessLevel.map { $0 <= .fileprivate } ?? false)
                    var unit = Unit(file: file, body: body, kind: kind, isPrivate: isPrivate)
                    if function.kind == .function {
                        unit.isCallableFromOutside = index.isCallableFromOutside(function, of: owner)
                        unit.method = (function, owner)
                    }
                    add(unit)
                    if function.kind == .function {
                        functionNames.insert(function.name)
                        functionBodies[function.name, default: []].append(Place(file: file, body: body, closure: nil))
                    }
                }
            }
            for (file, property) in owner.properties where !property.modifiers.contains("static") {
                if let body = ProjectIndex.closureMethodBody(of: property, in: index.files[file]) {
                    let isPrivate = property.modifiers.accessLevel.map { $0 <= .fileprivate } ?? false
                    add(Unit(file: file, body: body, kind: .function(property.name), isPrivate: isPrivate))
                    functionNames.insert(property.name)
                    functionBodies[property.name, default: []].append(Place(file: file, body: body, closure: nil))
                }
                for accessor in property.accessors {
                    guard let body = accessor.body else { continue }
                    var unit = Unit(file: file, body: body, kind: .accessor(accessor.kind, property: property.name), isPrivate: false)
                    if accessor.kind == .set, !property.isStored { unit.setter = (property, owner) }
                    add(unit)
                    if accessor.kind == .willSet || accessor.kind == .didSet { observedNames.insert(property.name) }
                    // A write of a computed property calls its setter; a read, its getter.
                    if accessor.kind == .set, !property.isStored {
                        functionBodies[Self.setterName(property.name), default: []].append(Place(file: file, body: body, closure: nil))
                    }
                    if accessor.kind == .get, !property.isStored {
                        functionBodies[Self.getterName(property.name), default: []].append(Place(file: file, body: body, closure: nil))
                    }
                    // An observer of an announcing property runs as it announces.
                    if accessor.kind == .willSet || accessor.kind == .didSet, announcing.contains(property.name) {
                        announcers[Place(file: file, body: body, closure: nil), default: []]
                            .append(Announcer(name: property.name, site: TokenLocation(file: file, token: property.nameToken)))
                    }
                }
            }
        }
        let names = NameTable(functionNames)
        let subjects = Self.subjectProperties(of: owners, index: index)
        for unit in units {
            let file = index.files[unit.file]
            file.source.bytes.withUnsafeBufferPointer { bytes in
                for token in unit.body {
                    switch file.kind(token) {
                    case .identifier:
                        if file.at(token, "await") || file.at(token, "objectWillChange") || file.at(token, "withMutation") {
                            scanWord(token, unit: unit, file: file)
                        } else if let subjects, subjects.position(of: file.tokens[token], in: bytes) != nil, Self.isOwnReference(token, in: file),
                            file.kind(token + 1) == .period, file.at(token + 2, "send"), file.kind(token + 3) == .leftParen
                        {
                            // `changes.send(value)`: the object's own publisher tells its subscribers.
                            let place = self.place(of: token, file: unit.file, body: unit.body)
                            announcers[place, default: []].append(Announcer(name: file.text(token), site: TokenLocation(file: unit.file, token: token)))
                        } else if names.position(of: file.tokens[token], in: bytes) != nil, Self.isOwnReference(token, in: file),
                            !file.at(token - 1, "func"), !file.isArgumentLabel(token), !hides(file.text(token), in: unit, file: file)
                        {
                            let name = file.text(token)
                            let place = self.place(of: token, file: unit.file, body: unit.body)
                            if file.kind(token + 1) == .leftParen {
                                calls[place, default: []].append((token, name))
                                callers[name, default: []].append((place, token))
                            } else {
                                handedOver.insert(name)
                            }
                        }
                    case .keyword:
                        if file.at(token, "await") { scanWord(token, unit: unit, file: file) }
                    default:
                        break
                    }
                }
            }
        }
        for owner in owners {
            let accesses = index.memberAccesses(of: owner)
            for (_, property) in owner.properties where !property.isStored && property.accessors.contains(where: { $0.kind == .set }) {
                for site in accesses.mutations[property.name] ?? [] {
                    calls[place(of: site), default: []].append((site.token, Self.setterName(property.name)))
                }
            }
            for name in observedNames {
                for site in accesses.mutations[name] ?? [] {
                    let place = place(of: site)
                    if place.closure == nil, unit(of: place)?.kind == .initializer { continue }
                    observedWrites[name, default: []].append((place, site.token))
                }
            }
            for name in announcing {
                for site in accesses.mutations[name] ?? []
                where !(objectHolders.contains(name)
                    && Self.isThroughMember(site, in: index.files[site.file], ofCollection: collectionHolders.contains(name)))
                {
                    announcers[place(of: site), default: []].append(Announcer(name: name, site: TokenLocation(file: site.file, token: site.token)))
                }
            }
        }
        for (place, found) in announcers where isScheduled(place) {
            scheduled[Place(file: place.file, body: place.body, closure: nil), default: []] += found.map { (place.closure!, $0) }
        }
        for (place, found) in calls where isScheduled(place) {
            scheduledCalls[Place(file: place.file, body: place.body, closure: nil), default: []] += found.map { (place.closure!, $0.name) }
        }
    }

    /// `load()`, `self.load()`, and through a weak capture `self?.load()` (`[weak self]`
    /// closures), `self!.load()`: the object's own member.
    static func isOwnReference(_ token: Int, in file: ParsedFile) -> Bool {
        if file.isOwnMemberReference(token) { return true }
        let mark = file.kind(token - 2)
        return file.kind(token - 1) == .period && (mark == .postfixQuestionMark || mark == .exclamationMark)
            && file.at(token - 3, "self") && file.kind(token - 4) != .period
    }

    /// Whether a local of the unit's body (or a parameter of its function) hides the type's
    /// member `name` there (`guard let load = onLoad else { return }; load()`): the name is
    /// the local's, neither a call of the method nor a reference to it.
    private func hides(_ name: String, in unit: Unit, file: ParsedFile) -> Bool {
        if unit.method?.function.parameters.contains(where: { $0.name == name }) == true { return true }
        return localNamesByBody.value(for: Place(file: unit.file, body: unit.body, closure: nil)) { file.localNames(in: unit.body) }.contains(name)
    }

    /// Whether the piece is a closure the code around it schedules to run soon, once
    /// (`schedulingCallees`: `Task { }`, `DispatchQueue.main.async { }`).
    private func isScheduled(_ place: Place) -> Bool {
        guard let closure = place.closure else { return false }
        let file = index.files[place.file]
        let scope = index.scopes(in: place.body, of: file).enclosing(closure.lowerBound + 1).first { $0.range == closure }
        guard case .closure(let callee?, _)? = scope?.kind else { return false }
        return Self.schedulingCallees.contains(file.text(callee))
    }

    /// The name a computed property's setter is called by in `functionBodies` and `calls`
    /// (no function can have it).
    private static func setterName(_ property: String) -> String { "set " + property }

    /// The name a computed property's getter is kept by in `functionBodies`.
    static func getterName(_ property: String) -> String { "get " + property }

    /// Calls whose closure runs soon after the call, once (`DispatchQueue.main.async { }`,
    /// `Task { }`): an announcement there follows the code before it.
    static let schedulingCallees: Set<String> = ["async", "asyncAfter", "Task", "detached", "run"]

    /// The stored properties holding a Combine subject (`PassthroughSubject`,
    /// `CurrentValueSubject`, a type whose name ends in `Subject`), by their declared type
    /// or initial value; nil when there is none.
    static func subjectProperties(of owners: [TypeInfo], index: ProjectIndex) -> NameTable? {
        var names: [String] = []
        for owner in owners {
            for (fileIndex, property) in owner.properties where property.isStored && !property.modifiers.contains("static") {
                let file = index.files[fileIndex]
                let declared = property.type?.text ?? property.initializer.flatMap { range in
                    range.first { file.kind($0) == .identifier }.map { file.text($0) }
                } ?? ""
                if Self.namesSubject(declared) { names.append(property.name) }
            }
        }
        return names.isEmpty ? nil : NameTable(names)
    }

    /// `PassthroughSubject<Void, Never>`, `CurrentValueSubject<State, Never>`, `Combine.PassthroughSubject<…>`.
    /// ASCII text is looked at on its bytes (asked for every stored property of every model).
    static func namesSubject(_ type: String) -> Bool {
        let bytes = type.utf8
        // Other text by characters (a combining mark after `<` or `.` joins it).
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            let base = type.split(separator: "<", maxSplits: 1).first.map { $0.split(separator: ".").last ?? $0 } ?? ""
            return base.hasSuffix("Subject")
        }
        // The name: the text before the generic arguments (leading `<`s skipped).
        let rest = bytes[(bytes.firstIndex { $0 != UInt8(ascii: "<") } ?? bytes.endIndex)...]
        let name = rest[..<(rest.firstIndex(of: UInt8(ascii: "<")) ?? rest.endIndex)]
        // Its last component ends with `Subject`: "Subject" holds no dot, so the name
        // without trailing dots ends with it.
        guard let last = name.lastIndex(where: { $0 != UInt8(ascii: ".") }) else { return false }
        return name[...last].reversed().starts(with: subject.reversed())
    }

    private static let subject = Array("Subject".utf8)

    /// `child.value = 1`, `child?.items.append(x)`: a write of a member of what the
    /// property holds. For a collection of objects, a call of its own method
    /// (`tabs.append(tab)`, `tabs.remove(at: 0)`) changes the collection itself.
    static func isThroughMember(_ site: MemberSite, in file: ParsedFile, ofCollection: Bool = false) -> Bool {
        isThroughMember(at: site.token, in: file, ofCollection: ofCollection)
    }

    static func isThroughMember(at token: Int, in file: ParsedFile, ofCollection: Bool = false) -> Bool {
        var next = token + 1
        if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
        guard file.kind(next) == .period else { return false }
        return !(ofCollection && file.kind(next + 1) == .identifier && file.kind(next + 2) == .leftParen)
    }

    /// `player.volume = 0`, `player?.item.rate += 1`, `grid.cells[0] = c`: an assignment to
    /// a member of what the property at `token` holds (not a method call).
    static func isMemberAssignment(at token: Int, in file: ParsedFile) -> Bool {
        var next = token + 1
        var members = 0
        while true {
            if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
            if file.kind(next) == .leftSquare {
                next = file.skipGroup(next)
            } else if file.kind(next) == .period, file.kind(next + 1) == .identifier, file.kind(next + 2) != .leftParen {
                next += 2
                members += 1
            } else {
                break
            }
        }
        return members > 0 && file.isAssignmentOperator(next)
    }

    private func add(_ unit: Unit) {
        unitByBody[Place(file: unit.file, body: unit.body, closure: nil)] = units.count
        units.append(unit)
    }

    /// Every `objectWillChange.send()` in the type's own code, with the body it stands in.
    var objectWillChangeSends: [(body: Range<Int>, site: TokenLocation)] {
        announcers.flatMap { place, found in
            found.filter { $0.name == "objectWillChange" }.map { (place.body, $0.site) }
        }.sorted { ($0.site.file, $0.site.token) < ($1.site.file, $1.site.token) }
    }

    /// `await`, `objectWillChange.send()`, `withMutation(keyPath:)`.
    private func scanWord(_ token: Int, unit: Unit, file: ParsedFile) {
        let place = self.place(of: token, file: unit.file, body: unit.body)
        let location = TokenLocation(file: unit.file, token: token)
        if file.at(token, "await") {
            awaits[place, default: []].append(token)
        } else if file.at(token, "objectWillChange"), Self.isOwnReference(token, in: file), file.kind(token + 1) == .period,
            file.at(token + 2, "send"), file.kind(token + 3) == .leftParen
        {
            announcers[place, default: []].append(Announcer(name: "objectWillChange", site: location))
        } else if file.at(token, "withMutation"), Self.isOwnReference(token, in: file), file.kind(token + 1) == .leftParen {
            announcers[place, default: []].append(Announcer(name: "withMutation", site: location))
        }
    }

    /// The calls of the type's own functions in `place` (`load()`, `self.load()`).
    func ownCalls(in place: Place) -> [(token: Int, name: String)] { calls[place] ?? [] }

    /// The bodies of the type's functions named `name`.
    func bodies(of name: String) -> [Place] { functionBodies[name] ?? [] }

    /// Whether a call of the type's function `name` announces before it returns (itself
    /// or through the functions it calls).
    func announces(whenCalling name: String) -> Bool {
        calleeAnnouncers(name, visiting: []) != nil
    }

    /// Closures that run while the call that takes them runs (and those a project function
    /// takes as non-escaping parameters: `ProjectIndex.runsWhileCalled`).
    static let inlineCallees: Set<String> = [
        "withAnimation", "withTransaction", "withMutation", "forEach", "map", "compactMap", "flatMap", "filter",
        "reduce", "sorted", "sort", "first", "contains", "allSatisfy", "removeAll", "firstIndex", "lastIndex",
        "min", "max", "sync", "performAndWait", "withLock", "autoreleasepool", "performWithoutAnimation",
    ]

    /// The piece of code `token` runs in: its body, or the innermost closure around it that
    /// runs at another time.
    func place(of token: Int, file fileIndex: Int, body: Range<Int>) -> Place {
        Self.place(of: token, file: fileIndex, body: body, index: index)
    }

    static func place(of token: Int, file fileIndex: Int, body: Range<Int>, index: ProjectIndex) -> Place {
        let file = index.files[fileIndex]
        for scope in index.scopes(in: body, of: file).enclosing(token) {
            guard case .closure(let callee, _) = scope.kind else { continue }
            if let callee, inlineCallees.contains(file.text(callee)) || index.runsWhileCalled(scope, in: file) { continue }
            // `cache[key] ?? { … }()`: a closure called where it is written runs there.
            if callee == nil, file.kind(scope.range.upperBound) == .leftParen { continue }
            return Place(file: fileIndex, body: body, closure: scope.range)
        }
        return Place(file: fileIndex, body: body, closure: nil)
    }

    func place(of site: MemberSite) -> Place {
        site.closure == nil ? Place(site) : place(of: site.token, file: site.file, body: site.body)
    }

    func unit(of place: Place) -> Unit? {
        unitByBody[Place(file: place.file, body: place.body, closure: nil)].map { units[$0] }
    }

    /// Whether nothing runs the code of `place` (`ProjectIndex.neverRuns`): its writes are no
    /// changes. Asked for the pieces that write, once each.
    func neverRuns(_ place: Place) -> Bool {
        guard let position = unitByBody[Place(file: place.file, body: place.body, closure: nil)] else { return false }
        let unit = units[position]
        if let method = unit.method {
            return neverRunsByUnit.value(for: position) { index.neverRuns(method.function, of: method.owner) }
        }
        if let setter = unit.setter { return index.setterNeverRuns(setter.property, of: setter.owner) }
        return false
    }

    /// Where a write takes effect: after the `await` of its own statement
    /// (`items = await api.load()`).
    func effectiveToken(ofWriteAt token: Int, in place: Place) -> Int {
        let file = index.files[place.file]
        var next = token + 1
        while next < place.body.upperBound, next < token + 64, let kind = file.kind(next) {
            if file.tokens[next].isAtStartOfLine, kind != .period { break }
            if file.at(next, "await") { return next + 1 }
            next += 1
        }
        return token
    }

    /// Whether no `await` of the piece lies between two of its tokens.
    private func sameSegment(_ a: Int, _ b: Int, in place: Place) -> Bool {
        let (low, high) = (min(a, b), max(a, b))
        return !(awaits[place] ?? []).contains { $0 >= low && $0 < high }
    }

    private func hasAwait(_ place: Place) -> Bool { !(awaits[place] ?? []).isEmpty }

    /// The announcers of each flow that runs `token` of `place`; nil when one flow announces
    /// nothing. The piece itself, the functions it calls in the same segment, and, for a
    /// function with no `await` after `token` (its last segment runs on into the caller's
    /// code after the call: `let todos = await load()`, then `self.todos = todos`), every
    /// piece that calls it, from where the call returns.
    func flows(at token: Int, in place: Place, visiting: Set<String> = []) -> [[Announcer]]? {
        // An announcing write takes effect where the write does (`items = await load()`
        // announces after its `await`, in the segment of the code after it).
        let own = (announcers[place] ?? []).filter { sameSegment(effectiveToken(ofWriteAt: $0.site.token, in: place), token, in: place) }
        if !own.isEmpty { return [own] }
        let deferred = deferredAnnouncers(runningAfter: token, in: place)
        if !deferred.isEmpty { return [deferred] }
        if let later = laterAnnouncers(after: token, in: place) { return [later] }
        for call in calls[place] ?? [] where sameSegment(call.token, token, in: place) {
            if let found = calleeAnnouncers(call.name, visiting: visiting) { return [found] }
        }
        guard place.closure == nil, let unit = unit(of: place) else { return nil }
        if case .accessor(let kind, let property) = unit.kind, kind == .willSet || kind == .didSet {
            return observerRunFlows(of: property, visiting: visiting)
        }
        guard case .function(let name) = unit.kind, !visiting.contains(name), !handedOver.contains(name),
            runsToItsEndWithoutAwait(from: token, in: place)
        else { return nil }
        // Other code's calls on an object of the type (`model.load()`), in their flow from
        // where the call returns (`await model.load()`, then `model.isLoading = false`).
        let asynchronous = hasAwait(place)
        // A call in a method nothing runs is no flow.
        let outside = (callers[name] ?? []).filter { ($0.place.body != place.body || $0.place.file != place.file) && !neverRuns($0.place) }
        let key = asynchronous ? Self.returningName(name) : name
        guard var result = externalFlows.value(for: key, { ExternalFlows(flows: externalCallerFlows(of: name, returning: asynchronous)) }).flows,
            !outside.isEmpty || !result.isEmpty
        else { return nil }
        for caller in outside {
            guard let returned = hasAwait(place) ? returnPoint(ofCallAt: caller.token, in: caller.place) : caller.token,
                let found = flows(at: returned, in: caller.place, visiting: visiting.union([name]))
            else { return nil }
            result += found
        }
        return result
    }

    /// Where the caller's code goes on once the asynchronous call at `call` (the called
    /// name's token) has returned: the call itself (`await load()` returns into the code
    /// after it), or, for `async let
    /// todos = load()`, which runs the call in a child task while the caller goes on, the
    /// first use of `todos` after it (an `await`); nil when the piece never uses it.
    func returnPoint(ofCallAt call: Int, in place: Place) -> Int? {
        let file = index.files[place.file]
        var start = call - 1
        while true {
            if file.kind(start) == .period, file.isWord(start - 1) {
                start -= 2  // the receiver: `model.load()`, `self.model.load()`
            } else if file.at(start, "try") || file.at(start, "await") {
                start -= 1
            } else if file.kind(start) == .exclamationMark || file.kind(start) == .postfixQuestionMark, file.at(start - 1, "try") {
                start -= 2
            } else {
                break
            }
        }
        // `async let (a, b) = (load(), other())`: an element of the tuple bound.
        if file.kind(start) == .leftParen || file.kind(start) == .comma {
            var depth = 0
            var open = start
            while open > start - 64, file.kind(open) != nil {
                switch file.kind(open) {
                case .rightParen: depth += 1
                case .leftParen:
                    if depth == 0 { start = open - 1 }
                    depth -= 1
                case .leftBrace, .rightBrace, .semicolon: open = 0
                default: break
                }
                if depth < 0 || open == 0 { break }
                open -= 1
            }
            guard depth < 0, file.skipGroup(start + 1) > call else { return call }
        }
        guard file.kind(start) == .equal else { return call }
        // `async let name = …`, `async let name: Type = …`, `async let (a, b) = …`
        var binding = start - 1
        while binding > start - 16, !file.at(binding, "let"), !file.tokens[binding].isAtStartOfLine { binding -= 1 }
        guard file.at(binding, "let"), file.at(binding - 1, "async") else { return call }
        var names: [String] = []
        if file.kind(binding + 1) == .identifier {
            names = [file.text(binding + 1)]
        } else if file.kind(binding + 1) == .leftParen {
            let close = file.skipGroup(binding + 1)
            names = (binding + 2..<close).filter { file.kind($0) == .identifier && !file.at($0, "_") }.map { file.text($0) }
        }
        guard !names.isEmpty else { return call }
        let end = (place.closure ?? place.body).upperBound
        // Awaiting any of the names awaits the whole initializer.
        return (call + 1..<end).first { token in
            file.kind(token) == .identifier && file.kind(token - 1) != .period && names.contains { file.spells(token, $0) }
        }
    }

    /// The flows that run a `willSet` or `didSet` of `property`: those of every write of
    /// it (the type's own, outside initializers, and other code's through a reference to an
    /// object of the type); nil when one announces nothing, when a control writes it
    /// through a binding (`$model.property`), or when nothing writes it.
    private func observerRunFlows(of property: String, visiting: Set<String>) -> [[Announcer]]? {
        let key = Self.observerName(property)
        guard !visiting.contains(key) else { return nil }
        let own = observedWrites[property] ?? []
        guard var result = externalFlows.value(for: key, { ExternalFlows(flows: externalWriteFlows(of: property)) }).flows,
            !own.isEmpty || !result.isEmpty
        else { return nil }
        for write in own where !neverRuns(write.place) {
            let token = effectiveToken(ofWriteAt: write.token, in: write.place)
            guard let found = flows(at: token, in: write.place, visiting: visiting.union([key])) else { return nil }
            result += found
        }
        return result
    }

    /// The name a property's observers are kept by in `visiting` and `externalFlows` (no
    /// function can have it).
    private static func observerName(_ property: String) -> String { "didSet " + property }

    /// What the piece announces after `token` at another time: later in the piece, past an
    /// `await`, or in a closure it schedules after it (`self.data = data` in a completion
    /// handler, then `DispatchQueue.main.async { self.objectWillChange.send() }`). The views
    /// render again then and read the value written: it is not left stale. Nil when none.
    /// `limit`: only what comes before that token.
    private func laterAnnouncers(after token: Int, in place: Place, before limit: Int = Int.max) -> [Announcer]? {
        // A write in a `defer` block runs after everything the piece does.
        if isInDefer(token, in: place) { return nil }
        var found = (announcers[place] ?? []).filter { $0.site.token > token && $0.site.token < limit }
        let inPlace = { (closure: Range<Int>) in
            closure.lowerBound > token && closure.lowerBound < limit && (place.closure.map { $0.contains(closure.lowerBound) } ?? true)
        }
        for entry in scheduled[Place(file: place.file, body: place.body, closure: nil)] ?? [] where inPlace(entry.closure) {
            found.append(entry.announcer)
        }
        if !found.isEmpty { return found }
        // A call of a function that announces, later in the piece or in a closure it
        // schedules (`Task { await self.reload() }`), not in another branch of an
        // `if`/`switch` than the write.
        let file = index.files[place.file]
        let reached = { (call: Int) in !self.index.areInExclusiveBranches(call, token, body: place.body, file: file) }
        let later = (calls[place] ?? []).filter { $0.token > token && $0.token < limit && reached($0.token) }.map(\.name)
            + (scheduledCalls[Place(file: place.file, body: place.body, closure: nil)] ?? [])
            .filter { inPlace($0.closure) && reached($0.closure.lowerBound) }.map(\.name)
        for name in later {
            if let announced = eventualAnnouncers(name) { return announced }
        }
        return announcersAfterAwaitedClosure(place)
    }

    /// What the code around an awaited `MainActor.run { }` closure (a piece of its own: it
    /// runs on the main actor) announces later, as `laterAnnouncers` does for the closure's
    /// own piece: the code around waits for the closure to end and goes on after it
    /// (`await MainActor.run { self.id = nil }`, then `await submit()`, which publishes).
    /// Only up to the first `return`, `throw` or `try` (but `try?`, `try!`) after the
    /// closure: past it, what follows may not run; and not from a loop's body, whose next
    /// round may come first (`for await chunk in stream { await MainActor.run { text +=
    /// chunk } }`). Only `MainActor.run`: another type's `run` may keep the closure and
    /// call it after the code around goes on. Nil when none.
    /// A child task's closure (`group.addTask { await self.loadBrands() }`) ends before the
    /// task group's call returns (`await withTaskGroup(of: Void.self) { group in … }`): the
    /// code after that call, as after an awaited `MainActor.run { }`.
    private func announcersAfterAwaitedClosure(_ place: Place) -> [Announcer]? {
        guard let closure = place.closure else { return nil }
        let file = index.files[place.file]
        let scopes = index.scopes(in: place.body, of: file)
        guard let scope = scopes.enclosing(closure.lowerBound + 1).first(where: { $0.range == closure }),
            case .closure(let callee?, _) = scope.kind
        else { return nil }
        let awaited: (callee: Int, closure: Range<Int>)
        if file.at(callee, "run"), file.kind(callee - 1) == .period, file.at(callee - 2, "MainActor") {
            awaited = (callee, closure)
        } else if Self.childTaskCallees.contains(file.text(callee)), file.kind(callee - 1) == .period,
            let group = scopes.enclosing(callee).first(where: { scope in
                guard case .closure(let groupCallee?, _) = scope.kind else { return false }
                return Self.taskGroupCallees.contains(file.text(groupCallee))
            }),
            case .closure(let groupCallee?, _) = group.kind
        {
            awaited = (groupCallee, group.range)
        } else {
            return nil
        }
        guard Self.isAwaited(callee: awaited.callee, in: file), !isInLoop(awaited.callee, in: place.body, file: file) else { return nil }
        let around = self.place(of: awaited.callee, file: place.file, body: place.body)
        let end = (around.closure ?? around.body).upperBound
        let exit = (awaited.closure.upperBound..<end).first { token in
            file.at(token, "return") || file.at(token, "throw")
                || file.at(token, "try") && file.kind(token + 1) != .postfixQuestionMark && file.kind(token + 1) != .exclamationMark
        } ?? end
        return laterAnnouncers(after: awaited.closure.upperBound, in: around, before: exit)
    }

    /// A task group's calls, whose body's child tasks all end before the call returns.
    private static let taskGroupCallees: Set<String> = [
        "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
    ]

    /// A task group's methods adding a child task.
    private static let childTaskCallees: Set<String> = ["addTask", "addTaskUnlessCancelled"]

    /// `await MainActor.run`, `try await MainActor.run`: the call whose name is `callee` is awaited.
    private static func isAwaited(callee: Int, in file: ParsedFile) -> Bool {
        var start = callee
        while file.kind(start - 1) == .period, file.isWord(start - 2) { start -= 2 }
        return file.at(start - 1, "await")
    }

    /// What a call of the type's function `name` announces before it ends, at any time:
    /// itself (past its `await`s too), in a closure it schedules, or through the functions
    /// it calls; not in a loop's body, which may run no time. Nil when none.
    private func eventualAnnouncers(_ name: String) -> [Announcer]? {
        var pending = [name]
        var seen: Set<String> = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            for place in functionBodies[next] ?? [] {
                let file = index.files[place.file]
                let outsideLoops = { (token: Int) in !self.isInLoop(token, in: place.body, file: file) }
                let own = (announcers[place] ?? []).filter { outsideLoops($0.site.token) }
                    + (scheduled[place] ?? []).filter { outsideLoops($0.closure.lowerBound) }.map(\.announcer)
                if !own.isEmpty { return own }
                pending += (calls[place] ?? []).filter { outsideLoops($0.token) }.map(\.name)
                    + (scheduledCalls[place] ?? []).filter { outsideLoops($0.closure.lowerBound) }.map(\.name)
            }
        }
        return nil
    }

    /// Whether `token` lies in the body of a `for`, `while` or `repeat` loop of `body`.
    private func isInLoop(_ token: Int, in body: Range<Int>, file: ParsedFile) -> Bool {
        index.scopes(in: body, of: file).enclosing(token).contains { loopStart(of: $0, in: body, file: file) != nil }
    }

    /// For the block of a `for`, `while` or `repeat` loop, where its statement starts; nil
    /// for another scope.
    private func loopStart(of scope: Scope, in body: Range<Int>, file: ParsedFile) -> Int? {
        guard case .block = scope.kind else { return nil }
        var probe = scope.range.lowerBound - 1
        if file.at(probe, "repeat") { return probe }
        // The statement's first token, on the line of its brace or a line it continues.
        while probe > body.lowerBound, !file.tokens[probe].isAtStartOfLine || file.kind(probe) == .period {
            probe -= 1
        }
        return file.at(probe, "for") || file.at(probe, "while") ? probe : nil
    }

    /// Whether the piece runs from `token` to its end with no `await`: none follows it, and
    /// none is in a loop around it (`for await item in stream { items.append(item) }` waits
    /// for the next item after the write).
    func runsToItsEndWithoutAwait(from token: Int, in place: Place) -> Bool {
        let found = awaits[place] ?? []
        guard !found.contains(where: { $0 > token }) else { return false }
        guard let first = found.min(), first < token else { return true }
        let file = index.files[place.file]
        return !index.scopes(in: place.body, of: file).enclosing(token).contains { scope in
            guard let start = loopStart(of: scope, in: place.body, file: file) else { return false }
            return found.contains { $0 >= start && $0 < scope.range.upperBound }
        }
    }

    private func isInDefer(_ token: Int, in place: Place) -> Bool { deferBlock(holding: token, in: place) != nil }

    /// The `{` of the `defer` block holding `token` in the piece; nil when none does.
    private func deferBlock(holding token: Int, in place: Place) -> Int? {
        let file = index.files[place.file]
        var depth = 0
        var current = token - 1
        while current > (place.closure ?? place.body).lowerBound {
            switch file.kind(current) {
            case .rightBrace: depth += 1
            case .leftBrace:
                if depth == 0, file.at(current - 1, "defer") { return current }
                depth = max(0, depth - 1)
            default: break
            }
            current -= 1
        }
        return nil
    }

    /// The piece's announcers in `defer` blocks that run after `token`: registered before
    /// it in a scope holding it, they run as that scope exits (`isLoading = true`,
    /// `defer { isLoading = false }`, then `await load()`).
    private func deferredAnnouncers(runningAfter token: Int, in place: Place) -> [Announcer] {
        guard let candidates = announcers[place], !candidates.isEmpty else { return [] }
        let file = index.files[place.file]
        let bounds = place.closure ?? place.body
        return candidates.filter { announcer in
            guard announcer.site.file == place.file, bounds.contains(announcer.site.token), announcer.site.token < token,
                let open = deferBlock(holding: announcer.site.token, in: place), file.skipGroup(open) <= token
            else { return false }
            // The scope holding the `defer` statement: the innermost block around it.
            var depth = 0
            var current = open - 2
            while current > bounds.lowerBound {
                switch file.kind(current) {
                case .rightBrace: depth += 1
                case .leftBrace:
                    if depth == 0 { return token < file.skipGroup(current) }
                    depth -= 1
                default: break
                }
                current -= 1
            }
            return true
        }
    }

    /// For each call of the type's function `name` from other code on an object of the type
    /// (`model.reload()` in a coordinator or a view's action), what the same flow there
    /// announces on that object (`model.objectWillChange.send()`, `model.items = …`, with
    /// no `await` between); nil when one announces nothing. Calls on objects of other types
    /// are theirs: when another project type declares a function of the same name, only
    /// calls on a receiver whose type is known to be the type count.
    /// `returning`: the function is asynchronous and its last segment runs on into the
    /// caller's code: each flow is the caller's from where the call returns (`returnPoint`).
    private func externalCallerFlows(of name: String, returning: Bool = false) -> [[Announcer]]? {
        externalFlows(at: index.memberCalls(named: name), member: name, returning: returning)
    }

    /// The name the flows of other code's calls of an asynchronous function, from where each
    /// returns, are kept by in `externalFlows` (no function can have it).
    private static func returningName(_ name: String) -> String { "await " + name }

    /// For each write of the type's property from other code through a reference
    /// (`model.items = []`), what the same flow there announces on that object; nil when
    /// one announces nothing.
    /// A control a view hands a binding to (`$model.property`) writes it in no flow of the
    /// project's: nil.
    private func externalWriteFlows(of property: String) -> [[Announcer]]? {
        let writes = index.memberUpdateCandidates(named: property).filter { index.isMemberWrite(at: $0) }
        let written = Set(writes)
        for owner in lineageNames {
            for mutation in index.viewMutations[owner] ?? [] where mutation.path.first == property {
                if !written.contains(TokenLocation(file: mutation.file, token: mutation.tokens[0])) { return nil }
            }
        }
        return externalFlows(at: writes, member: property)
    }

    /// For each use of the member `name` at `sites` on an object of the type (the member's
    /// token after `receiver.`), what the same flow there announces on that object.
    /// `returning`: from where the call returns (`returnPoint`); nil when the caller never
    /// awaits it.
    private func externalFlows(at sites: [TokenLocation], member name: String, returning: Bool = false) -> [[Announcer]]? {
        var result: [[Announcer]] = []
        // When only the type declares the member, every use of it is on the type.
        let onlyOurs = index.typesDeclaring(member: name).allSatisfy(lineageNames.contains)
        for call in sites {
            let file = index.files[call.file]
            let receiver = call.token - 2
            guard file.kind(receiver) == .identifier, !file.at(receiver, "self"),
                file.kind(receiver - 1) != .period || file.at(receiver - 2, "self") && file.kind(receiver - 3) != .period,
                let context = index.codeContexts(inFile: call.file).innermost(containing: call.token),
                !index.isInMethodThatNeverRuns(call)
            else { continue }
            if !onlyOurs {
                let start = file.kind(receiver - 1) == .period ? receiver - 2 : receiver
                guard let type = index.staticType(of: start..<receiver + 1, in: call.file, context: context), lineageNames.contains(type)
                else { continue }
            }
            let place = self.place(of: call.token, file: call.file, body: context.range)
            guard let around = returning ? returnPoint(ofCallAt: call.token, in: place) : call.token,
                let found = announcers(on: file.text(receiver), around: around, in: context.range, file: call.file)
            else { return nil }
            result.append(found)
        }
        return result
    }

    /// `object.objectWillChange.send()`, a change of an announcing property through
    /// `object` or a call of a function of the type that announces before its first `await`
    /// (`object.reload()`), in the same flow as `token` (same piece of code, no `await`
    /// between); or a call of a function that announces at some time, after `token` in the
    /// piece or in a closure it schedules there (`Task { await object.reload() }`): the
    /// views render again then and read the value written. `sameFlowOnly`: not the latter;
    /// `counts`: which uses of `object` (by token) may announce.
    func announcers(
        on object: String, around token: Int, in body: Range<Int>, file fileIndex: Int, sameFlowOnly: Bool = false,
        counts: (Int) -> Bool = { _ in true }
    ) -> [Announcer]? {
        let file = index.files[fileIndex]
        let place = self.place(of: token, file: fileIndex, body: body)
        var found: [Announcer] = []
        for candidate in body where file.kind(candidate) == .identifier && file.spells(candidate, object) && file.kind(candidate + 1) == .period {
            guard candidate != token - 2, file.kind(candidate + 2) == .identifier, counts(candidate) else { continue }
            let member = candidate + 2
            let candidatePlace = self.place(of: candidate, file: fileIndex, body: body)
            let (low, high) = (min(candidate, token), max(candidate, token))
            let sameFlow = candidatePlace == place && !(low..<high).contains(where: { file.at($0, "await") })
            if file.kind(member + 1) == .leftParen, functionBodies[file.text(member)] != nil {
                let later = !sameFlowOnly && candidate > token && (candidatePlace == place || isScheduled(candidatePlace, after: token, in: place))
                    && !index.areInExclusiveBranches(candidate, token, body: body, file: file)
                if sameFlow, let announced = calleeAnnouncers(file.text(member), visiting: []) {
                    found += announced
                } else if later, let announced = eventualAnnouncers(file.text(member)) {
                    found += announced
                }
                continue
            }
            let name: String
            if file.at(member, "objectWillChange"), file.kind(member + 1) == .period, file.at(member + 2, "send") {
                name = "objectWillChange"
            } else if announcing.contains(file.text(member)), isWrite(of: member, in: fileIndex) {
                name = file.text(member)
            } else {
                continue
            }
            guard sameFlow else { continue }
            found.append(Announcer(name: name, site: TokenLocation(file: fileIndex, token: member)))
        }
        return found.isEmpty ? nil : found
    }

    /// Whether the announcing property at `member` (after `object.`) is written: itself
    /// (`object.sheet = …`), or, when it is known to hold values only, through a member of
    /// that value (`object.sheet.isShown = false`, `object.draft.items.append(x)`): changing
    /// part of a value runs the property's setter with the whole new value, and so its
    /// `willSet`. A member write through an object (`object.player.volume = 0`) does not.
    private func isWrite(of member: Int, in fileIndex: Int) -> Bool {
        let file = index.files[fileIndex]
        let name = file.text(member)
        var last = member
        while true {
            var next = last + 1
            while file.kind(next) == .leftSquare { next = file.skipGroup(next) }
            if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
            guard file.kind(next) == .period, file.kind(next + 1) == .identifier, file.kind(next + 2) != .leftParen else { break }
            if last == member, objectHolders.contains(name) || !valueHolders.value.contains(name) { break }
            last = next + 1
        }
        return index.isMemberWrite(at: TokenLocation(file: fileIndex, token: last))
    }

    /// Whether `candidate` is a closure that `place` schedules after `token`
    /// (`Task { … }` on a later line of the same action).
    private func isScheduled(_ candidate: Place, after token: Int, in place: Place) -> Bool {
        guard let closure = candidate.closure, closure.lowerBound > token, isScheduled(candidate) else { return false }
        let file = index.files[candidate.file]
        guard let scope = index.scopes(in: candidate.body, of: file).enclosing(closure.lowerBound + 1).first(where: { $0.range == closure }),
            case .closure(let callee?, _) = scope.kind
        else { return false }
        return self.place(of: callee, file: candidate.file, body: candidate.body) == place
    }

    /// What a function announces before its first `await`, itself, in a closure it
    /// schedules there (`Task { … objectWillChange.send() }`: the views render again soon
    /// after the call and read what its caller wrote) or through the functions it calls there.
    private func calleeAnnouncers(_ name: String, visiting: Set<String>) -> [Announcer]? {
        guard !visiting.contains(name) else { return nil }
        for place in functionBodies[name] ?? [] {
            let firstAwait = (awaits[place] ?? []).min() ?? Int.max
            let own = (announcers[place] ?? []).filter { $0.site.token < firstAwait }
                + (scheduled[place] ?? []).filter { $0.closure.lowerBound < firstAwait }.map(\.announcer)
            if !own.isEmpty { return own }
            for call in calls[place] ?? [] where call.token < firstAwait {
                if let found = calleeAnnouncers(call.name, visiting: visiting.union([name])) { return found }
            }
        }
        return nil
    }

    /// The pieces that run while a call of the type's function `name` runs, before it
    /// returns: its bodies and, transitively, those of the type's functions they call (a
    /// closure that runs at another time is a piece of its own, so none of them).
    func piecesRun(whileCalling name: String) -> Set<Place> {
        var pieces: Set<Place> = []
        var pending = [name]
        var seen: Set<String> = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            for place in functionBodies[next] ?? [] {
                pieces.insert(place)
                pending += (calls[place] ?? []).map(\.name)
            }
        }
        return pieces
    }

    /// What the property's own observers announce (`didSet { applyFilter() }`), themselves
    /// or through the functions they call: then every change of it is announced.
    func observerAnnouncers(of property: Property, in file: Int) -> [Announcer]? {
        for accessor in property.accessors where accessor.kind == .didSet || accessor.kind == .willSet {
            guard let body = accessor.body else { continue }
            let place = Place(file: file, body: body, closure: nil)
            if let own = announcers[place], !own.isEmpty { return own }
            for call in calls[place] ?? [] {
                if let found = calleeAnnouncers(call.name, visiting: []) { return found }
            }
        }
        return nil
    }

    /// How a note names the code of a piece: `` `refresh()` ``, `` `init` ``, `` `didSet`
    /// of `x` ``, `` a closure in `refresh()` ``.
    func describe(_ place: Place) -> String {
        let name: String
        switch unit(of: place)?.kind {
        case .function(let function): name = "`\(function)()`"
        case .initializer: name = "`init`"
        case .deinitializer: name = "`deinit`"
        case .accessor(let kind, let property): name = "the \(kind == .get ? "getter" : "`\(kind.rawValue)`") of `\(property)`"
        case .other, nil: name = "a member"
        }
        return place.closure == nil ? name : "a closure in \(name)"
    }
}
