import ObservationSyntax

/// Finds containers that relay the changes of an object they hold: their code subscribes
/// to its `objectWillChange` or to one of its `@Published` publishers
/// (`child.objectWillChange.sink { … send() }`, `child.$items.assign(to: &$items)`), or
/// sends their own `objectWillChange` from a subscription to a publisher of the child or a
/// notification the child posts. Only code counts: a commented-out subscription is none.
struct ForwardingFinder {
    let index: ProjectIndex

    /// The project classes holding an object of `type` that forward its changes.
    func containers(forwarding type: TypeInfo) -> [Forwarding] {
        let simpleName = type.name.simpleTypeName
        var result: [Forwarding] = []
        for container in index.types.values.sorted(by: { $0.name < $1.name }) where container.isClass && container.isObservableObject {
            for (file, property) in container.properties where property.isStored && !property.modifiers.contains("static") {
                let written = property.type?.text ?? property.initializer.map { index.files[file].text($0) } ?? ""
                guard written.contains(simpleName),
                    let held = index.declaredShape(of: property, in: index.files[file], scope: container.name)?.heldName,
                    index.type(named: held, from: container.name)?.name == type.name,
                    let forwarding = forwarding(of: property.name, in: container)
                else { continue }
                result.append(forwarding)
            }
        }
        return result
    }

    /// A subscription to the child's `objectWillChange` relays every change; one to its
    /// `@Published` publishers (`child.$text`) only those properties' changes, so the
    /// result names them when nothing relays more.
    func forwarding(of name: String, in parent: TypeInfo) -> Forwarding? {
        if let wrapped = enclosingInstanceWrapper(of: name, in: parent) { return wrapped }
        var partial: Forwarding?
        var publisherSubscriptions: [TokenLocation] = []
        let built = initializerLocal(of: name, in: parent)
        // A lazy property's initializer runs once something reads the property: a
        // subscription there exists from before that property's own child is reached, not
        // before any other property's.
        let lazyInitializers = parent.properties.compactMap { entry -> (file: Int, range: Range<Int>)? in
            guard entry.property.modifiers.contains("lazy"), let initializer = entry.property.initializer else { return nil }
            return (entry.file, initializer)
        }
        for declaration in parent.declarations {
            let file = index.files[declaration.file]
            let chains = index.memberChains(inDeclaration: declaration.decl.members, of: file).filter { chain in
                let root = file.rootName(of: chain)
                if let built, built.file == declaration.file, built.closure.contains(chain.root) { return root == built.local }
                guard root == name else { return false }
                return !lazyInitializers.contains { $0.file == declaration.file && $0.range.contains(chain.root) }
            }
            // `child.objectWillChange…`, `child.$items…`: the chain starts at the child.
            for chain in chains {
                let site = TokenLocation(file: declaration.file, token: chain.root)
                guard let publisher = chain.names.first(where: { isPublisher($0, in: file) }) else {
                    if isAnnouncingSubscription(after: chain, in: file, of: parent), runs(site, in: parent) {
                        return Forwarding(container: parent.name, property: name, site: site)
                    }
                    continue
                }
                guard runs(site, in: parent) else { continue }
                guard let relayed = publishedProperty(publisher, of: name, in: chain, file: file) else {
                    return Forwarding(container: parent.name, property: name, site: site)
                }
                publisherSubscriptions.append(site)
                partial = Forwarding(
                    container: parent.name, property: name, site: partial?.site ?? site,
                    relayed: (partial?.relayed ?? []).union([relayed]))
            }
            // Most declarations never name `objectWillChange`: their statements need no look.
            guard file.source.range(file.byteRange(declaration.decl.members), contains: Self.objectWillChange) else { continue }
            // `children.forEach { $0.objectWillChange… }`: the child collection and a child's
            // `objectWillChange` in one statement.
            for chain in chains
            where statementMentionsObjectWillChange(after: chain, in: file)
                && runs(TokenLocation(file: declaration.file, token: chain.root), in: parent)
            {
                return Forwarding(container: parent.name, property: name, site: TokenLocation(file: declaration.file, token: chain.root))
            }
        }
        return forwardingThroughSubscription(of: name, in: parent, except: publisherSubscriptions) ?? partial
    }

    /// `lazy var child: Child = { let model = Child(); model.objectWillChange.sink { … }; return model }()`:
    /// the local that the property's initializer closure, called where it is written,
    /// returns on every path. It is the object the property holds, and the closure runs before
    /// anything reaches that object through the property, so a subscription to the local
    /// there is one to the child.
    func initializerLocal(of name: String, in parent: TypeInfo) -> (file: Int, closure: Range<Int>, local: String)? {
        guard let (fileIndex, property) = parent.properties.first(where: { $0.property.name == name && $0.property.isStored }),
            let initializer = property.initializer
        else { return nil }
        let file = index.files[fileIndex]
        let open = initializer.lowerBound
        guard file.kind(open) == .leftBrace else { return nil }
        let end = file.skipGroup(open)
        guard file.kind(end) == .leftParen, file.kind(end + 1) == .rightParen, end + 2 == initializer.upperBound else { return nil }
        let closure = open..<end
        // Every `return` of the closure itself (not of a closure in it) returns the same local.
        let scopes = index.scopes(in: closure, of: file)
        var returned: String?
        for token in open + 1..<end - 1 where file.at(token, "return") {
            guard scopes.innermostClosure(containing: token) == nil else { continue }
            let value = token + 1
            guard file.kind(value) == .identifier, returned == nil || file.spells(value, returned!),
                file.kind(value + 1) == .rightBrace || file.tokens[value + 1].isAtStartOfLine
            else { return nil }
            returned = file.text(value)
        }
        return returned.map { (fileIndex, closure, $0) }
    }

    /// `@PublishedObject var child`: a wrapper that may relay the child's changes through
    /// the enclosing instance (`enclosingInstanceWrapped(of:)`); the site is its attribute.
    private func enclosingInstanceWrapper(of name: String, in parent: TypeInfo) -> Forwarding? {
        guard index.enclosingInstanceWrapped(of: parent).contains(name) else { return nil }
        for owner in index.typeAndAncestors(of: parent) {
            guard let (file, property) = owner.properties.first(where: { $0.property.name == name }),
                let attribute = property.attributes.first(where: { index.mayUseEnclosingInstance($0, scope: owner.name) })
            else { continue }
            return Forwarding(container: parent.name, property: name, site: TokenLocation(file: file, token: attribute.atToken))
        }
        return nil
    }

    /// `child.$text`, `self.child.$text`: the child's property whose publisher the chain
    /// names right after the child; nil for `objectWillChange` or a publisher further along
    /// (`child.editor.$text`, which this treats as relaying every change).
    private func publishedProperty(_ publisher: Int, of name: String, in chain: MemberChain, file: ParsedFile) -> String? {
        guard file.kind(publisher) == .dollarIdentifier,
            let position = chain.names.firstIndex(of: publisher), position > 0, file.spells(chain.names[position - 1], name)
        else { return nil }
        return String(file.text(publisher).dropFirst())
    }

    /// Whether code at `site` can run: a subscription in a `private`/`fileprivate` method of
    /// the type whose name no other code of its file mentions (only that file could call
    /// it) relays nothing.
    private func runs(_ site: TokenLocation, in type: TypeInfo) -> Bool {
        let file = index.files[site.file]
        for declaration in type.declarations where declaration.file == site.file {
            for function in declaration.decl.functions where function.kind == .function && function.body?.contains(site.token) == true {
                guard function.modifiers.contains("private") || function.modifiers.contains("fileprivate") else { return true }
                return file.tokens.indices.contains { token in
                    token != function.nameToken && file.kind(token) == .identifier && file.spells(token, function.name)
                }
            }
        }
        return true
    }

    /// `child.changes.sink { [weak self] in self?.apply($0) }`: a subscription to a publisher
    /// of the child (other than its `$` ones) whose closure announces on the parent:
    /// `objectWillChange`, a write of an announcing property, or a call of a parent's
    /// function that announces.
    private func isAnnouncingSubscription(after chain: MemberChain, in file: ParsedFile, of parent: TypeInfo) -> Bool {
        // The child's publisher starts the statement (`child.changes…`, `task = child.changes…`),
        // not an argument of another call (`upload(child.images).sink { … }`).
        guard file.tokens[chain.root].isAtStartOfLine || file.at(chain.root - 1, "=") else { return false }
        var token = chain.last
        var steps = 0
        while file.kind(token) != nil, steps < 200, !(file.at(token, "sink") && file.kind(token - 1) == .period) {
            if file.tokens[token].isAtStartOfLine, file.kind(token) != .period { return false }
            token += 1
            steps += 1
        }
        guard file.at(token, "sink") else { return false }
        var open = token + 1
        if file.kind(open) == .leftParen {
            open = (open + 1..<file.skipGroup(open)).first { file.kind($0) == .leftBrace } ?? open
        }
        guard file.kind(open) == .leftBrace else { return false }
        let flows = index.changeFlows(of: parent)
        let announcing = index.announcingProperties(of: parent)
        for member in open + 1..<file.skipGroup(open) - 1 where file.kind(member) == .identifier {
            let own = file.kind(member - 1) != .period
                || file.at(member - 2, "self") || file.kind(member - 2) == .postfixQuestionMark && file.at(member - 3, "self")
            if file.at(member, "objectWillChange") { return true }
            guard own else { continue }
            if file.kind(member + 1) == .leftParen, flows.announces(whenCalling: file.text(member)) { return true }
            if announcing.contains(file.text(member)), file.isAssignmentOperator(member + 1) { return true }
        }
        return false
    }

    /// A subscription whose closure sends the parent's `objectWillChange` to a publisher of
    /// the child (`child.didChange.sink { … send() }`) or to a notification the child posts
    /// (`NotificationCenter.default.publisher(for: .libraryChanged).sink { … send() }`,
    /// where the child calls `post(name: .libraryChanged, …)`). `except`: the subscriptions
    /// to the child's `$` publishers, which relay their property's changes only.
    private func forwardingThroughSubscription(of name: String, in parent: TypeInfo, except: [TokenLocation]) -> Forwarding? {
        let sending = index.memberAccesses(of: parent).placesSendingObjectWillChange.filter { $0.closure != nil }
            .sorted { ($0.file, $0.closure?.lowerBound ?? 0) < ($1.file, $1.closure?.lowerBound ?? 0) }
        let subscriptions = sending.compactMap { place in
            place.closure.flatMap { closure -> (site: TokenLocation, names: Set<String>)? in
                let file = index.files[place.file]
                let start = statementStart(before: closure.lowerBound, in: place.body, file: file)
                guard !except.contains(where: { $0.file == place.file && (start..<closure.lowerBound).contains($0.token) }) else { return nil }
                return (TokenLocation(file: place.file, token: closure.lowerBound), statementNames(in: start..<closure.lowerBound, file: file))
            }
        }
        .filter { runs($0.site, in: parent) }
        guard !subscriptions.isEmpty else { return nil }
        if let found = subscriptions.first(where: { $0.names.contains(name) }) {
            return Forwarding(container: parent.name, property: name, site: found.site)
        }
        guard let (file, property) = parent.properties.first(where: { $0.property.name == name }),
            let held = index.declaredShape(of: property, in: index.files[file], scope: parent.name)?.heldName,
            let child = index.type(named: held, from: parent.name)
        else { return nil }
        let posted = postedNotificationNames(of: child)
        return subscriptions.first { !$0.names.isDisjoint(with: posted) }.map {
            Forwarding(container: parent.name, property: name, site: $0.site)
        }
    }

    /// Where the statement holding a closure starts: the line before it that does not start
    /// with a `.` (`settings.objectWillChange` then `.sink { … }`).
    private func statementStart(before closure: Int, in body: Range<Int>, file: ParsedFile) -> Int {
        var start = closure - 1
        while start > body.lowerBound + 1, !(file.tokens[start].isAtStartOfLine && file.kind(start) != .period) { start -= 1 }
        return start
    }

    /// The names written in a statement before a closure (`settings.objectWillChange`,
    /// `publisher(for: .libraryChanged)`).
    private func statementNames(in range: Range<Int>, file: ParsedFile) -> Set<String> {
        Set(range.filter { file.kind($0) == .identifier }.map { file.text($0) })
    }

    /// `post(name: .libraryChanged, …)` in the child's code: the notification's last name.
    private func postedNotificationNames(of child: TypeInfo) -> Set<String> {
        var result = Set<String>()
        for owner in index.typeAndAncestors(of: child) {
            for declaration in owner.declarations {
                let file = index.files[declaration.file]
                for token in declaration.decl.members where file.at(token, "post") && file.kind(token + 1) == .leftParen {
                    guard file.at(token + 2, "name"), file.kind(token + 3) == .colon else { continue }
                    var last = token + 4
                    while file.kind(last + 1) == .period || file.isWord(last + 1) && file.kind(last) == .period { last += 1 }
                    if file.isWord(last) { result.insert(file.text(last)) }
                }
            }
        }
        return result
    }

    private static let objectWillChange = Array("objectWillChange".utf8)

    private func isPublisher(_ token: Int, in file: ParsedFile) -> Bool {
        file.kind(token) == .dollarIdentifier || file.at(token, "objectWillChange")
    }

    private func statementMentionsObjectWillChange(after chain: MemberChain, in file: ParsedFile) -> Bool {
        var index = chain.end
        var steps = 0
        while let kind = file.kind(index), steps < 200 {
            if file.tokens[index].isAtStartOfLine, kind != .period { return false }
            if file.at(index, "objectWillChange"), file.kind(index - 1) == .period,
                !file.at(index - 2, "self"), file.kind(index - 2) != .postfixQuestionMark
            {
                return true
            }
            index += 1
            steps += 1
        }
        return false
    }
}

extension ProjectIndex {
    /// The stored instance properties of an `ObservableObject` class (its own and its
    /// ancestors') whose property wrapper may announce or relay changes through the object
    /// that holds it: a wrapper's `static subscript(_enclosingInstance:wrapped:storage:)`
    /// reaches that object and may send its `objectWillChange` (a wrapper that forwards a
    /// held object's changes, like `@Published` does its own). What such a wrapper announces
    /// is not known here, so a write of the property, or through it, may announce, and the
    /// object it holds may have its changes relayed. That is a wrapper of a package (an
    /// attribute that is neither one of the frameworks' wrappers or attributes nor a project
    /// type), or a project `@propertyWrapper` whose code names `_enclosingInstance`.
    public func enclosingInstanceWrapped(of type: TypeInfo) -> Set<String> {
        guard type.isObservableObject else { return [] }
        var result = Set<String>()
        for owner in typeAndAncestors(of: type) {
            for (_, property) in owner.properties where property.isStored && !property.modifiers.contains("static") {
                if property.attributes.contains(where: { mayUseEnclosingInstance($0, scope: owner.name) }) {
                    result.insert(property.name)
                }
            }
        }
        return result
    }

    /// Whether an attribute may be a property wrapper that reaches the enclosing instance:
    /// not a framework's (SwiftUI, Combine, Observation, SwiftData, Core Data, Interface
    /// Builder attributes, global actors), and for a project type, one declared
    /// `@propertyWrapper` whose code names `_enclosingInstance`.
    func mayUseEnclosingInstance(_ attribute: Attribute, scope: String) -> Bool {
        let name = attribute.simpleName
        guard let first = name.first, first.isUppercase, !Self.frameworkAttributes.contains(String(name)) else { return false }
        guard mayNameType(simpleName: String(name)), let wrapper = type(named: attribute.name, from: scope) else {
            // A module-qualified attribute of a framework (`SwiftUI.State`) is among the above.
            return true
        }
        return wrapper.declarations.contains { declaration in
            declaration.decl.attributes.contains(named: "propertyWrapper")
        } && wrapper.declarations.contains { declaration in
            let file = files[declaration.file]
            return file.source.range(file.byteRange(declaration.decl.members), contains: Self.enclosingInstance)
        }
    }

    private static let enclosingInstance = Array("_enclosingInstance".utf8)

    /// The capitalized attributes of Apple's frameworks a stored property may carry: property
    /// wrappers (none of which relays another object's changes), macros and global actors.
    static let frameworkAttributes: Set<String> = [
        "Published", "AppStorage", "SceneStorage", "State", "Binding", "Bindable", "StateObject", "ObservedObject",
        "EnvironmentObject", "Environment", "FocusState", "FocusedValue", "FocusedBinding", "FocusedObject",
        "AccessibilityFocusState", "GestureState", "Namespace", "ScaledMetric", "Query", "FetchRequest",
        "SectionedFetchRequest", "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor",
        "WKApplicationDelegateAdaptor", "WKExtensionDelegateAdaptor", "ObservationIgnored", "ObservationTracked",
        "Attribute", "Relationship", "Transient", "NSManaged", "NSCopying", "IBOutlet", "IBInspectable",
        "GKInspectable", "MainActor", "TaskLocal", "Sendable",
    ]
}
