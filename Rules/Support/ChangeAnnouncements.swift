import ObservationLintCore
import ObservationSyntax

/// Which announcements go with a change of a model's member in the same flow: the code
/// that makes it (a function or accessor, or one closure in it, but not a closure it
/// creates) also changes announcing members (`@Published`, tracked properties) or sends
/// `objectWillChange`; or it sits in a function of the model whose every call in the
/// model's own code is such a place (`load()` calls `rebuildIndex()`, then sets `state`).
/// A cache filled by the code views run (a getter, a method a render path calls) needs no
/// announcement: it follows the state it derives from, and announcing it there would
/// publish during a view update.
struct ChangeAnnouncements {
    private struct Place: Hashable {
        let file: Int
        let body: Range<Int>
        let closure: Range<Int>?
    }

    private struct Code: Hashable {
        let file: Int
        let body: Range<Int>
    }

    private let type: TypeInfo
    private let index: ProjectIndex
    private let announcing: Set<String>
    /// The announcing members each place changes (`objectWillChange` when it sends it).
    private var places: [Place: Set<String>] = [:]
    private var renderedCode: Set<Code> = []

    init(type: TypeInfo, accesses: MemberAccesses, announcing: Set<String>, index: ProjectIndex) {
        self.type = type
        self.index = index
        self.announcing = announcing
        for owner in index.typeAndAncestors(of: type) {
            for (file, property) in owner.properties {
                for accessor in property.accessors {
                    guard let body = accessor.body else { continue }
                    if accessor.kind == .get || accessor.kind == .read { renderedCode.insert(Code(file: file, body: body)) }
                    // An observer of an announcing property runs as it announces.
                    if accessor.kind == .willSet || accessor.kind == .didSet, announcing.contains(property.name) {
                        places[Place(file: file, body: body, closure: nil), default: []].insert(property.name)
                    }
                }
            }
        }
        for reader in index.typeAndSubtypes(of: type) {
            for read in index.renderReads(of: reader.name) {
                for step in read.steps { if let body = step.body { renderedCode.insert(Code(file: step.file, body: body)) } }
            }
        }
        for place in accesses.placesSendingObjectWillChange {
            places[Place(file: place.file, body: place.body, closure: place.closure), default: []].insert("objectWillChange")
        }
        for name in announcing {
            for site in accesses.mutations[name] ?? [] {
                places[Place(file: site.file, body: site.body, closure: site.closure), default: []].insert(name)
            }
        }
    }

    /// Whether a getter, or a method on a render path, makes the change.
    func isCacheFill(_ site: MemberSite) -> Bool {
        renderedCode.contains(Code(file: site.file, body: site.body))
    }

    /// Whether the property's own observer (`didSet { applyFilter() }`) announces, itself or
    /// through a method of the type it calls: then every change of it is announced.
    func observersAnnounce(_ property: Property, in file: Int) -> Bool {
        let source = index.files[file]
        for accessor in property.accessors where accessor.kind == .didSet || accessor.kind == .willSet {
            guard let body = accessor.body else { continue }
            if places[Place(file: file, body: body, closure: nil)] != nil { return true }
            for token in body where source.kind(token) == .identifier && source.kind(token + 1) == .leftParen {
                guard source.isOwnMemberReference(token) else { continue }
                let name = source.text(token)
                let announces = type.functions.contains { function in
                    function.function.name == name && function.function.body.map { places[Place(file: function.file, body: $0, closure: nil)] != nil } == true
                }
                if announces { return true }
            }
        }
        return false
    }

    /// Whether every flow that makes the change announces something.
    func isAnnounced(_ site: MemberSite) -> Bool {
        announcements(of: site) != nil
    }

    /// For each flow that makes the change, what it announces; nil when one flow
    /// announces nothing.
    func announcements(of site: MemberSite) -> [Set<String>]? {
        if let observed = site.observedProperty, announcing.contains(observed) { return [[observed]] }
        if let names = places[Place(file: site.file, body: site.body, closure: site.closure)] { return [names] }
        guard !site.inClosure, let name = functionName(withBody: site.body, in: site.file) else { return nil }
        let callers = callPlaces(of: name, outside: site.body)
        guard !callers.isEmpty else { return nil }
        var result: [Set<String>] = []
        for caller in callers {
            guard let names = places[caller] else { return nil }
            result.append(names)
        }
        return result
    }

    private func functionName(withBody body: Range<Int>, in file: Int) -> String? {
        type.functions.first { $0.file == file && $0.function.kind == .function && $0.function.body == body }?.function.name
    }

    /// Where the type's own code calls `name(…)` or `self.name(…)`.
    private func callPlaces(of name: String, outside own: Range<Int>) -> Set<Place> {
        var result = Set<Place>()
        for declaration in type.declarations {
            let file = index.files[declaration.file]
            let bodies = declaration.decl.functions.compactMap(\.body)
                + declaration.decl.properties.flatMap { $0.accessors.compactMap(\.body) }
            for body in bodies where body != own {
                var scopes: BodyScopes?
                for token in body where file.kind(token) == .identifier && file.kind(token + 1) == .leftParen {
                    guard file.isOwnMemberReference(token), file.spells(token, name) else { continue }
                    if scopes == nil { scopes = file.scopes(in: body) }
                    let closure = scopes!.innermostClosure(containing: token)?.range
                    result.insert(Place(file: declaration.file, body: body, closure: closure))
                }
            }
        }
        return result
    }
}
