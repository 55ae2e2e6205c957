import ObservationSyntax

// The change model (SPEC §10.1): for every stored property of a project type, each write,
// when it can happen (during initialization, during setup before the value is handed to a
// view, or after a view may have read it), and whether the same synchronous flow announces
// it to observers (a `@Published` or tracked write, `objectWillChange.send()`,
// `withMutation(keyPath:)`).

/// When a write can happen relative to the value reaching a view.
public enum WritePhase: String, Sendable, Hashable {
    /// In an initializer, outside closures it creates.
    case initializer
    /// In code that runs before the value is handed to a view: a private method only
    /// initialization calls, a method only its creator calls before handing it out
    /// (`let m = Model(); m.configure(); return Screen(model: m)`), or the initializer of
    /// a class holding it.
    case setup
    /// Anywhere else: it may run after a view read the value.
    case afterHandout
}

/// A change that tells observers: a write of an announcing property (`@Published`, tracked
/// by Observation, a view's `@State`), `objectWillChange.send()`, `withMutation(keyPath:)`,
/// or an observer (`didSet`) of an announcing property.
public struct Announcer: Sendable, Hashable {
    /// The announcing property's name, `objectWillChange` or `withMutation`.
    public let name: String
    public let site: TokenLocation
}

public enum Announcement: Sendable, Hashable {
    case announced(by: String, at: TokenLocation)
    case unannounced
}

/// One write of a stored property.
public struct PropertyWrite: Sendable {
    public let site: TokenLocation
    /// The code that makes it, as a note says it: `` `refresh()` ``, `` `init` ``, `` the
    /// `didSet` of `x` ``, `` a closure in `refresh()` ``, `` a closure in `CounterView` ``.
    public let member: String
    public let phase: WritePhase
    /// For each synchronous flow that makes the write (a helper is reached from each of its
    /// callers), the announcers in it; empty when some flow announces nothing.
    public let flows: [[Announcer]]
    /// Made by another type's code (a view, a coordinator) through a reference.
    public let throughReference: Bool
    /// The code that runs it as one piece (own code only): a function or accessor body,
    /// or a closure in it that runs at another time.
    public let place: MemberAccesses.Place?
    /// Made by code views run while rendering (a getter, a method a render path calls):
    /// a cache that follows the state it derives from.
    public let inRenderingCode: Bool
    /// For a write in another project type's code, that code (`writerFlows(of:)` tells what
    /// its flow announces of the type's own state).
    public let writer: WriterCode?

    /// Where the write runs (SPEC §10.2): the function, and each closure or `await` around it.
    /// Asked when a note needs it, not for every write.
    public func context(in index: ProjectIndex) -> ExecutionContext {
        index.executionContext(at: site)
    }

    /// How a note ends, telling where the write runs: ` — after the `await` on line 12: …`
    /// (nothing when it runs in its member's own flow).
    public func contextDescription(in index: ProjectIndex) -> String {
        let steps = context(in: index).steps.filter { $0.kind != .function }.map(\.description)
        return steps.isEmpty ? "" : " — " + steps.joined(separator: "; ")
    }

    /// Where it runs, as a note says it: "in `refresh()`", "in `Editor` — in a `Task`".
    public func noteContext(in index: ProjectIndex) -> String {
        "in \(member)\(contextDescription(in: index))"
    }

    /// Whether the write assigns a member of what the property holds (`player?.volume = 0`,
    /// `grid.cells[0] = c`), not the property itself nor through its methods.
    public func assignsMember(in index: ProjectIndex) -> Bool {
        ChangeFlows.isMemberAssignment(at: site.token, in: index.files[site.file])
    }

    public var announcement: Announcement {
        guard let first = flows.first?.first else { return .unannounced }
        return .announced(by: first.name, at: first.site)
    }

    public var isAnnounced: Bool { !flows.isEmpty }

    /// Whether every flow announces through one of `names` (the members a reader also
    /// reads: a revision counter, a loading flag) or `objectWillChange`.
    public func isAnnounced(toReadersOf names: Set<String>) -> Bool {
        !flows.isEmpty && flows.allSatisfy { flow in flow.contains { names.contains($0.name) || $0.name == "objectWillChange" } }
    }
}

/// The project type whose code makes a write through a reference, and where.
public struct WriterCode: Sendable {
    public let type: String
    let place: MemberAccesses.Place
    let token: Int
}

/// A container relaying an object's changes: `child.objectWillChange.sink { … send() }`,
/// `child.$items.assign(to: &$items)`, in code (a commented-out subscription is none).
public struct Forwarding: Sendable {
    public let container: String
    public let property: String
    public let site: TokenLocation
    /// The child's properties whose publishers the container subscribes to (`child.$text.sink
    /// { … }` relays changes of `text` only); nil when it relays every change
    /// (`child.objectWillChange`, a subject or a notification the child sends).
    public let relayed: Set<String>?

    public init(container: String, property: String, site: TokenLocation, relayed: Set<String>? = nil) {
        self.container = container
        self.property = property
        self.site = site
        self.relayed = relayed
    }

    /// Whether it relays the changes of the child's property `name`.
    public func relays(_ name: String) -> Bool {
        relayed?.contains(name) ?? true
    }
}

/// The changes of one type's stored properties.
public struct TypeChanges: Sendable {
    public let type: String
    /// The stored instance properties, in declaration order (ancestors' after the type's).
    public let properties: [(file: Int, property: Property)]
    /// The properties whose writes announce themselves (`@Published`, tracked, `@State`).
    public let announcing: Set<String>
    /// Writes by property name, in file and token order (own code first).
    public let writes: [String: [PropertyWrite]]

    /// The type's code cut into synchronous flows.
    let flowModel: ChangeFlows

    public func writes(of name: String) -> [PropertyWrite] { writes[name] ?? [] }

    /// The announcers of each synchronous flow that runs a site of the type's own code
    /// (`child.select(id)` in one of its functions); empty when one flow announces nothing.
    public func flows(at site: MemberSite) -> [[Announcer]] {
        let place = flowModel.place(of: site)
        return flowModel.flows(at: flowModel.effectiveToken(ofWriteAt: site.token, in: place), in: place) ?? []
    }
}

extension ProjectIndex {
    /// The writes of `type`'s stored properties, their phase and announcement (computed once
    /// per type).
    public func changes(of type: TypeInfo) -> TypeChanges {
        changesByType.value(for: type.name) { ChangeCollector(type: type, index: self).collect() }
    }

    /// The project classes that hold an object of `type` in a stored property and relay its
    /// changes to their own observers.
    public func forwardings(of type: TypeInfo) -> [Forwarding] {
        forwardingsByType.value(for: type.name) { ForwardingFinder(index: self).containers(forwarding: type) }
    }

    /// Whether changes of `field` of an object of `type` reach an object of one of the
    /// `observers` types (or of a type it may be held as) through containers that relay
    /// them (`forwardings(of:)`), at any depth: a view observing such an object renders
    /// again when `field` changes. Past the first container, any relay counts.
    public func relaysChanges(of field: String, of type: TypeInfo, to observers: Set<String>) -> Bool {
        var queue = forwardings(of: type).filter { $0.relays(field) }.map(\.container)
        var seen = Set<String>()
        while let name = queue.popLast() {
            guard seen.insert(name).inserted, let container = types[name] else { continue }
            if observedAs(container).contains(where: observers.contains) { return true }
            queue += forwardings(of: container).map(\.container)
        }
        return false
    }

    /// Where `container`'s code relays the changes of the object its stored property `name`
    /// holds, if it does.
    public func forwarding(of name: String, in container: TypeInfo) -> Forwarding? {
        ForwardingFinder(index: self).forwarding(of: name, in: container)
    }

    /// Whether a view re-renders with a write made by another type's code whatever the
    /// write's own announcement: that code's flow changes its own state, and the view is
    /// that type (its `@State`) or observes it as an `ObservableObject` (`@ObservedObject`,
    /// `@StateObject`, `@EnvironmentObject`), itself or through a container that relays its
    /// changes (`tabs.objectWillChange.sink { … send() }` in an object the view observes).
    public func isRenderedAgain(_ view: String, by write: PropertyWrite) -> Bool {
        guard let writer = write.writer, !writerFlows(of: write).isEmpty else { return false }
        if writer.type == view { return true }
        guard let info = types[writer.type], info.isObservableObject else { return false }
        return observes(view, info) || forwardings(of: info).contains { forwarding in
            types[forwarding.container].map { observes(view, $0) } ?? false
        }
    }

    /// Whether `view` holds an object of `type` (or of a type it may be held as) in a
    /// wrapper that subscribes to its `objectWillChange`.
    func observes(_ view: String, _ type: TypeInfo) -> Bool {
        observedAs(type).contains { name in
            (modelHolders[name] ?? []).contains { holder in
                holder.holder == view && Self.observingWrappers.contains(holder.wrapper ?? "")
            }
        }
    }

    /// Whether a view's code making `write` through a reference also announces on an object
    /// of `type` in the same flow (`tm.selected = t` next to `t.suspended = false` in an
    /// action): a write of one of `type`'s announcing properties through a reference the
    /// view holds, in the same piece of code with no `await` between.
    public func isAnnouncedOnObject(of type: TypeInfo, by write: PropertyWrite) -> Bool {
        guard let writer = write.writer else { return false }
        let announcing = announcingProperties(of: type)
        let file = files[writer.place.file]
        return typeAndAncestors(of: type).contains { owner in
            (viewMutations[owner.name] ?? []).contains { mutation in
                guard mutation.view == writer.type, mutation.file == writer.place.file, mutation.path.count == 1,
                    announcing.contains(mutation.path[0]), let token = mutation.tokens.first, writer.place.body.contains(token),
                    ChangeFlows.place(of: token, file: mutation.file, body: writer.place.body, index: self) == writer.place
                else { return false }
                let (low, high) = (min(token, writer.token), max(token, writer.token))
                return !(low..<high).contains { file.at($0, "await") }
            }
        }
    }

    /// For a write in another project type's code, the announcers of each flow there that
    /// makes it, of that type's own state (`model.x = v; isEditing = false` in a view's
    /// action changes the view's `@State`); empty when one announces nothing, or for a write
    /// in the type's own code.
    public func writerFlows(of write: PropertyWrite) -> [[Announcer]] {
        guard let writer = write.writer, let info = types[writer.type] else { return [] }
        let flows = changeFlows(of: info)
        return flows.flows(at: flows.effectiveToken(ofWriteAt: writer.token, in: writer.place), in: writer.place) ?? []
    }

    /// The properties of `type` whose writes announce themselves: `@Published` ones (and
    /// `@AppStorage`, which publishes through the enclosing object) of an ObservableObject,
    /// tracked ones of an `@Observable` class (both for a class that is both), a rendering
    /// container's SwiftUI state. Those whose wrapper may publish through the enclosing
    /// object (`enclosingInstanceWrapped(of:)`) count too: they may announce.
    public func announcingProperties(of type: TypeInfo) -> Set<String> {
        announcingPropertiesByType.value(for: type.name) { collectAnnouncingProperties(of: type) }
    }

    private func collectAnnouncingProperties(of type: TypeInfo) -> Set<String> {
        var result = enclosingInstanceWrapped(of: type)
        for owner in typeAndAncestors(of: type) {
            // The `@Observable` macro tracks the stored properties of the class it is attached
            // to: a subclass without it inherits the tracking of its superclass's properties
            // only, its own are plain.
            let tracksOwnProperties = owner.declarations.contains { declaration in
                declaration.decl.kind != .extension && declaration.decl.attributes.contains { observableMacroNames.contains($0.simpleName) }
            }
            for (_, property) in owner.properties where property.isStored && !property.modifiers.contains("static") {
                if type.isObservableObject, property.attributes.contains(where: { $0.simpleName == "Published" || $0.simpleName == "AppStorage" }) {
                    result.insert(property.name)
                }
                if tracksOwnProperties, !property.isLet, !property.isObservationIgnored,
                    !property.attributes.contains(where: { $0.simpleName.startsWithUppercase && $0.simpleName != "MainActor" })
                {
                    result.insert(property.name)
                }
                if ViewCode.isRenderingContainer(type), property.attributes.contains(where: { Self.viewStateWrappers.contains(String($0.simpleName)) }) {
                    result.insert(property.name)
                }
            }
        }
        return result
    }

    static let viewStateWrappers: Set<String> = [
        "State", "Binding", "AppStorage", "SceneStorage", "FocusState", "GestureState", "Query", "Environment",
    ]
}

extension ProjectIndex {
    /// The project types whose views may hold an instance of `type`: itself, its subclasses,
    /// its superclasses and the project protocols it conforms to.
    public func observedAs(_ type: TypeInfo) -> [String] {
        var names = typeAndSubtypes(of: type).map(\.name)
        var queue = [type]
        var seen = Set(names)
        while let current = queue.popLast() {
            for name in current.inherited where seen.insert(name).inserted {
                if let info = types[name] {
                    names.append(name)
                    queue.append(info)
                }
            }
        }
        return names
    }
}

extension ProjectIndex {
    /// Whether a view may observe instances of `type`: rendering code reads it (`renderReads`),
    /// or a view holds it with an observing wrapper. A model no view observes shows no change,
    /// so its writes need no change model to be judged.
    public func isObservedByViews(_ type: TypeInfo) -> Bool {
        observedAs(type).contains { name in
            !renderReads(of: name).isEmpty
                || (modelHolders[name] ?? []).contains { $0.wrapper.map(Self.observingWrappers.contains) ?? false }
        }
    }

    /// The wrappers through which a view observes an `ObservableObject`.
    public static let observingWrappers: Set<String> = ["StateObject", "ObservedObject", "EnvironmentObject"]
}

extension PropertyWrite {
    /// The written reference as code spells it, for a diagnostic: `self.items`,
    /// `self?.items`, `model.count`, `items`.
    public func writtenTokens(in index: ProjectIndex) -> Range<Int> {
        let file = index.files[site.file]
        var start = site.token
        while file.kind(start - 1) == .period {
            var receiver = start - 2
            if file.kind(receiver) == .postfixQuestionMark || file.kind(receiver) == .exclamationMark { receiver -= 1 }
            guard receiver >= 0, file.isWord(receiver) else { break }
            start = receiver
        }
        return start..<site.token + 1
    }
}

/// A write, after the model may have reached a view, of a stored property a model class
/// (`ObservableObject` or `@Observable`) declares itself (an inherited one belongs to the
/// ancestor's writes).
public struct ModelWrite: Sendable {
    /// The class's qualified name.
    public let type: String
    public let property: Property
    public let write: PropertyWrite
}

/// A write of a model's announcing property that runs off the main thread in one of its
/// contexts: the change reaches observers on that thread.
public struct OffMainWrite: Sendable {
    public let model: ModelWrite
    /// The first of the write's contexts (`runContexts(at:)`) that runs off the main thread.
    public let context: ExecutionContext

    /// The same write with its files renumbered (moving it to another index).
    public func renumberingFiles(_ position: (Int) -> Int) -> OffMainWrite {
        let write = model.write
        func moved(_ location: TokenLocation) -> TokenLocation { TokenLocation(file: position(location.file), token: location.token) }
        func moved(_ place: MemberAccesses.Place) -> MemberAccesses.Place {
            MemberAccesses.Place(file: position(place.file), body: place.body, closure: place.closure)
        }
        let movedWrite = PropertyWrite(
            site: moved(write.site), member: write.member, phase: write.phase,
            flows: write.flows.map { $0.map { Announcer(name: $0.name, site: moved($0.site)) } },
            throughReference: write.throughReference, place: write.place.map(moved), inRenderingCode: write.inRenderingCode,
            writer: write.writer.map { WriterCode(type: $0.type, place: moved($0.place), token: $0.token) })
        return OffMainWrite(
            model: ModelWrite(type: model.type, property: model.property, write: movedWrite),
            context: ExecutionContext(
                isolation: context.isolation,
                steps: context.steps.map { ContextStep(kind: $0.kind, site: moved($0.site), isolation: $0.isolation, description: $0.description) },
                isAsynchronous: context.isAsynchronous, runsWhereCalled: context.runsWhereCalled))
    }
}

/// What a local package exports of its models' off-main writes to the projects using it
/// (SPEC §9): its `public` and `open` model classes, and each one's writes as the package's
/// own index finds them, computed when a project asks for the model.
public struct ExportedOffMainWrites: Sendable {
    /// The models, in the package's order.
    public let models: [String]
    /// A model's writes.
    public let writes: @Sendable (String) -> [OffMainWrite]

    public init(models: [String], writes: @escaping @Sendable (String) -> [OffMainWrite]) {
        self.models = models
        self.writes = writes
    }

    /// The same writes with their files renumbered (moving them to another index).
    public func renumberingFiles(_ position: @escaping @Sendable (Int) -> Int) -> ExportedOffMainWrites {
        let writes = writes
        return ExportedOffMainWrites(models: models) { model in writes(model).map { $0.renumberingFiles(position) } }
    }
}

extension ProjectIndex {
    /// The writes made in `file` (its own code's, or other code's through a reference), after
    /// the model may have reached a view, of the announcing properties (`@Published`, tracked)
    /// of models a view observes (`isObservedByViews`) that run off the main thread, in file
    /// and token order; computed for every file at once. A model's change model is built only
    /// when some code that may write one of those properties runs off the main thread.
    /// The writes of the local packages' models (`importedOffMainWrites`), made in the
    /// packages' files, count where this project's views observe the model.
    public func offMainWrites(inFile file: Int) -> [OffMainWrite] {
        offMainWritesByFile.value {
            let models = types.values.filter { type in isModelWithVariables(type) && isOwn(type) && isObservedByViews(type) }
            var result: [Int: [OffMainWrite]] = [:]
            for write in offMainWrites(of: models) + importedOffMainWrites { result[write.model.write.site.file, default: []].append(write) }
            for file in result.keys {
                result[file]!.sort { $0.model.write.site.token < $1.model.write.site.token }
            }
            return result
        }[file] ?? []
    }

    /// The off-main writes, in the project's own files, of its `public` and `open` model
    /// classes, whether or not its own views observe them: a project using it as a local
    /// package may (SPEC §9). Facts of the package's code, from its own index (its build
    /// settings, its internal types), with files numbered as in this index.
    /// Writes in `#if` clauses are left out: whether a clause is compiled depends on the
    /// platforms and configuration the user builds the package for (`os(…)`, `DEBUG`,
    /// `canImport(…)` of a target the package adds on some platforms only), which the
    /// package's index does not know.
    /// Computed per model, only for the models a project using the package observes.
    public var exportedOffMainWrites: ExportedOffMainWrites {
        ExportedOffMainWrites(models: publicTypes.values.filter(isModelWithVariables).map(\.name)) { [self] model in
            guard let type = types[model] else { return [] }
            return offMainWrites(of: [type]).filter { write in
                !domains.isPackage(write.model.write.site.file) && !isInConditionalClause(write.model.write.site)
            }
        }
    }

    /// The local packages' exported off-main writes (`packageOffMainWrites`) of the models
    /// this project's views observe (`isObservedByViews`), in the packages' files, in the
    /// packages' order and each package's order of its models. Computed once.
    var importedOffMainWrites: [OffMainWrite] {
        importedOffMainWritesOnce.value {
            packageOffMainWrites.flatMap { package in
                package.models.filter { model in types[model].map { !isOwn($0) && isObservedByViews($0) } ?? false }.flatMap(package.writes)
            }
        }
    }

    /// Whether the token at `location` is inside an `#if` block.
    private func isInConditionalClause(_ location: TokenLocation) -> Bool {
        !files[location.file].conditionalClauses(around: location.token).isEmpty
    }

    /// An `ObservableObject` or `@Observable` class with a stored `var`.
    private func isModelWithVariables(_ type: TypeInfo) -> Bool {
        type.isClass && (type.isObservableObject || type.isObservable)
            && type.properties.contains { $0.property.isStored && !$0.property.isLet }
    }

    /// The writes of `models`' announcing properties, after the model may have reached a
    /// view, that run off the main thread. A model's change model is built only when some
    /// code that may write one of those properties runs off the main thread.
    /// Computed once per model (a package's own views may observe a model it exports).
    private func offMainWrites(of models: [TypeInfo]) -> [OffMainWrite] {
        parallelMap(models, jobs: jobs) { type -> [OffMainWrite] in
            offMainWritesByModel.value(for: type.name) { offMainWrites(ofModel: type) }
        }.flatMap { $0 }
    }

    private func offMainWrites(ofModel type: TypeInfo) -> [OffMainWrite] {
        // A wrapper that only may announce gives no witness of an announcement off the main thread.
        let announcing = announcingProperties(of: type).subtracting(enclosingInstanceWrapped(of: type))
        let names = Set(type.properties.map(\.property.name).filter(announcing.contains))
        // The prefilter only spares building the change model: once another fact has built
        // it, its writes are looked at directly (the prefilter's sites include them all).
        let built = changesByType.known(type.name)
        guard !names.isEmpty, built != nil || mayWriteOffMain(names, of: type) else { return [] }
        let changes = built ?? changes(of: type)
        return type.properties.filter { names.contains($0.property.name) }.flatMap { _, property in
            changes.writes(of: property.name).filter { $0.phase == .afterHandout }.compactMap { write in
                offMainContext(at: write.site).map {
                    OffMainWrite(model: ModelWrite(type: type.name, property: property, write: write), context: $0)
                }
            }
        }
    }

    /// The first context the code at `site` can run in off the main thread
    /// (`runContexts(at:)`), once per site: a write is one of several models' (a class
    /// family's code), and a site `mayWriteOffMain(_:of:)` found running on the main thread
    /// only has none.
    private func offMainContext(at site: TokenLocation) -> ExecutionContext? {
        if runsOffMainBySite.known(site) == false { return nil }
        let context = offMainContextBySite.value(for: site) { runContexts(at: site).first { $0.isolation == .offMain } }
        _ = runsOffMainBySite.value(for: site) { context != nil }
        return context
    }

    /// Whether some code that may write one of `names` of `type` runs off the main thread:
    /// the code of its class family, `x.name = …` anywhere (whatever `x` is, but not `self`
    /// alone), a view's bindings. Every site `changes(of:)` can list is among these, so a
    /// model none of whose sites runs off the main thread has no off-main write, and its
    /// change model is not built.
    /// Sites the change model leaves out are skipped before their contexts are worked out
    /// (the costly part): a test's writes (`isTestWrite(inFile:of:)`), writes directly in an
    /// initializer, and writes through a reference whose static type is another type's
    /// (`referenceType(ofWriteAt:)`).
    private func mayWriteOffMain(_ names: Set<String>, of type: TypeInfo) -> Bool {
        // A site is often a candidate for several models: `x.isLoading = …` for each model
        // declaring `isLoading`, a class's code for its sub- and superclasses.
        func runsOffMain(_ site: TokenLocation) -> Bool {
            !isTestWrite(inFile: site.file, of: type)
                && runsOffMainBySite.value(for: site) { runContexts(at: site).contains { $0.isolation == .offMain } }
        }
        let lineage = typeAndAncestors(of: type)
        for owner in lineage + typeAndSubtypes(of: type).dropFirst() {
            // A write directly in an initializer initializes (`WritePhase.initializer`).
            let initializers = Set(owner.functions.compactMap { file, function in
                function.kind == .initializer ? function.body.map { BodyKey(file: file, body: $0) } : nil
            })
            for (name, sites) in memberAccesses(of: owner).mutations where names.contains(name) {
                if sites.contains(where: { site in
                    !(site.closure == nil && initializers.contains(BodyKey(file: site.file, body: site.body)))
                        && runsOffMain(TokenLocation(file: site.file, token: site.token))
                }) {
                    return true
                }
            }
        }
        let lineageNames = Set(lineage.map(\.name))
        for name in names
        where memberUpdateCandidates(named: name).contains(where: { site in
            guard isMemberWrite(at: site), let (root, end) = Self.writtenReference(at: site.token, in: files[site.file]) else { return false }
            // The change model's test for a write through a reference of the lineage
            // (`ChangeCollector`), but for the local's binding: a superset of its writes.
            if let receiver = referenceType(ofWriteAt: site) {
                guard lineageNames.contains(receiver) else { return false }
            } else {
                guard root == end - 1, codeContexts(inFile: site.file).innermost(containing: site.token) != nil,
                    typesDeclaring(member: name).allSatisfy(lineageNames.contains)
                else { return false }
            }
            return runsOffMain(site)
        }) {
            return true
        }
        return lineage.contains { owner in
            (viewMutations[owner.name] ?? []).contains { mutation in
                mutation.path.first.map(names.contains) == true && runsOffMain(TokenLocation(file: mutation.file, token: mutation.tokens[0]))
            }
        }
    }

    /// The static type (`staticType(of:in:context:)`) of the reference a member write at
    /// `location` goes through (`writtenReference(at:in:)`: `model.name = …`), nil when it is
    /// not known or the write has no such reference. Per site: a write is a candidate for
    /// every model declaring its member.
    func referenceType(ofWriteAt location: TokenLocation) -> String? {
        referenceTypeBySite.value(for: location) {
            guard let (root, end) = Self.writtenReference(at: location.token, in: files[location.file]) else { return nil }
            let context = codeContexts(inFile: location.file).innermost(containing: location.token)
            return staticType(of: root..<end, in: location.file, context: context)
        }
    }

    /// Whether a write in `file` is test code's (`neverRunsInApp`) to a type the app
    /// declares: tests change their own objects, never what the app shows. A type test code
    /// declares itself (a view a test builds) is changed by its test code.
    func isTestWrite(inFile file: Int, of type: TypeInfo) -> Bool {
        neverRunsInApp(file: file) && !type.declarations.allSatisfy { neverRunsInApp(file: $0.file) }
    }
}
