import ObservationSyntax

// Fetch results (SPEC §10.3): a view holding `@FetchRequest var items: FetchedResults<Item>`
// (Core Data) or `@Query var items: [Item]` (SwiftData) runs its body again when the store
// changes objects of the fetched entity. The writes that witness it are the project's own:
// a `save()` of a context after the same code inserted (`Item(context:)`), changed
// (`item.name = …`) or deleted (`context.delete(item)`) an object of the entity, and for
// SwiftData also `modelContext.insert(_:)` / `delete(_:)` of one (saved automatically). An
// object whose type the analysis cannot know names no entity: unknown stays unknown.

/// A write that changes the objects a fetch of `entity` returns.
public struct FetchedEntityWrite: Sendable {
    public enum Change: String, Sendable {
        case inserted = "inserts", changed = "changes", deleted = "deletes"
    }
    /// The entity's simple name (`Item`).
    public let entity: String
    /// The `save()` that announces the change, or the SwiftData `insert`/`delete` call.
    public let location: TokenLocation
    public let change: Change
    /// Whether a context's `save()` announces it (Core Data needs one; SwiftData saves on its own).
    public let isSave: Bool
}

extension ProjectIndex {
    /// The entity a fetching property of a rendering container shows: `T` of
    /// `@FetchRequest var xs: FetchedResults<T>`, `@SectionedFetchRequest var xs:
    /// SectionedFetchResults<S, T>`, `@Query var xs: [T]`, or a plain `FetchRequest<T>` /
    /// `SectionedFetchRequest<S, T>` property. Nil for other properties or an unwritten type.
    public func fetchedEntity(of property: Property, in file: ParsedFile) -> (entity: String, isSwiftData: Bool)? {
        guard let type = property.type else { return nil }
        let wrapper = property.attributes.first { $0.simpleName.startsWithUppercase }.map { String($0.simpleName) }
        switch (wrapper, TypeShape(type.text)) {
        case ("FetchRequest", .named(let name, let arguments)) where name.hasSuffix("FetchedResults") && arguments.count == 1,
            ("SectionedFetchRequest", .named(let name, let arguments)) where name.hasSuffix("SectionedFetchResults") && arguments.count == 2,
            (nil, .named(let name, let arguments)) where (name.hasSuffix("FetchRequest") && arguments.count == 1)
                || (name.hasSuffix("SectionedFetchRequest") && arguments.count == 2):
            return arguments.last!.directName.map { ($0.split(separator: ".").last.map(String.init) ?? $0, false) }
        case ("Query", .array(let element)):
            return element.directName.map { ($0.split(separator: ".").last.map(String.init) ?? $0, true) }
        default:
            return nil
        }
    }

    /// The project's writes that change what a fetch of `entity` returns, in source order
    /// (code that never runs in the app, previews and tests, left out). For Core Data
    /// (`isSwiftData == false`) only those a `save()` announces.
    public func fetchedEntityWrites(of entity: String, isSwiftData: Bool) -> [FetchedEntityWrite] {
        let writes = fetchedEntityWritesTable.value { collectFetchedEntityWrites() }[entity] ?? []
        return isSwiftData ? writes : writes.filter(\.isSave)
    }

    private func collectFetchedEntityWrites() -> [String: [FetchedEntityWrite]] {
        var result: [String: [FetchedEntityWrite]] = [:]
        for fileIndex in files.indices where !neverRunsInApp(file: fileIndex) {
            let file = files[fileIndex]
            var contexts: CodeContexts?
            for token in file.tokens.indices where file.kind(token) == .identifier && file.kind(token - 1) == .period
                && file.kind(token + 1) == .leftParen
            {
                let isSave = file.at(token, "save")
                guard isSave || file.at(token, "insert") || file.at(token, "delete") else { continue }
                if contexts == nil { contexts = codeContexts(inFile: fileIndex) }
                guard let context = contexts!.innermost(containing: token), !context.isPreview else { continue }
                let location = TokenLocation(file: fileIndex, token: token)
                if isSave {
                    guard file.kind(token + 2) == .rightParen else { continue }
                    let flow = scopes(in: context.range, of: file).innermostClosure(containing: token)?.range ?? context.range
                    var seen = Set<String>()
                    for (entity, change) in entityChanges(in: flow.lowerBound..<token, of: fileIndex, context: context)
                    where seen.insert(entity).inserted {
                        result[entity, default: []].append(FetchedEntityWrite(entity: entity, location: location, change: change, isSave: true))
                    }
                } else if let call = file.call(at: token, limit: context.range.upperBound), let arguments = call.arguments,
                    let argument = file.argumentList(arguments).first, file.argumentList(arguments).count == 1,
                    let entity = entity(of: argument.value, at: token, in: fileIndex, context: context)
                {
                    let change: FetchedEntityWrite.Change = file.at(token, "insert") ? .inserted : .deleted
                    result[entity, default: []].append(FetchedEntityWrite(entity: entity, location: location, change: change, isSave: false))
                }
            }
        }
        return result
    }

    /// What the code in `range` does to objects of an entity: builds one in a context
    /// (`Item(context: c)`), writes a property of one (`item.name = …`), deletes one
    /// (`c.delete(item)`).
    private func entityChanges(in range: Range<Int>, of fileIndex: Int, context: CodeContext) -> [(String, FetchedEntityWrite.Change)] {
        let file = files[fileIndex]
        var result: [(String, FetchedEntityWrite.Change)] = []
        for token in range where file.kind(token) == .identifier {
            if file.kind(token + 1) == .leftParen, file.at(token + 2, "context") || file.at(token + 2, "entity"),
                file.kind(token + 3) == .colon, file.text(token).startsWithUppercase, file.kind(token - 1) != .period
            {
                result.append((file.text(token), .inserted))
            } else if file.at(token, "delete"), file.kind(token - 1) == .period, file.kind(token + 1) == .leftParen,
                let call = file.call(at: token, limit: range.upperBound), let arguments = call.arguments,
                let argument = file.argumentList(arguments).first,
                let entity = entity(of: argument.value, at: token, in: fileIndex, context: context)
            {
                result.append((entity, .deleted))
            }
        }
        for assignment in file.assignments(in: range) where assignment.target.names.count >= 2 {
            var root = assignment.target.names[0]
            if file.at(root, "self") { root = assignment.target.names[1] }
            guard root != assignment.target.last,
                let entity = entity(of: root..<root + 1, at: root, in: fileIndex, context: context)
            else { continue }
            result.append((entity, .changed))
        }
        return result
    }

    /// The simple type name of an object: a constructor (`Item(…)`, `Item.self` naming the
    /// entity), or a name typed by its declaration — a local (`let item = old ?? Item(context: c)`,
    /// `let item: Item`), a parameter, a property of the enclosing type. Nil when unknown.
    private func entity(of value: Range<Int>, at use: Int, in fileIndex: Int, context: CodeContext) -> String? {
        let file = files[fileIndex]
        guard !value.isEmpty, file.kind(value.lowerBound) == .identifier else { return nil }
        let first = value.lowerBound
        let name = file.text(first)
        if name.startsWithUppercase {
            let isConstructor = file.kind(first + 1) == .leftParen && file.call(at: first, limit: value.upperBound)?.end == value.upperBound
            let isMetatype = value.count == 3 && file.kind(first + 1) == .period && file.at(first + 2, "self")
            return isConstructor || isMetatype ? name : nil
        }
        guard value.count == 1 else { return nil }
        if let known = typeOfName(name, at: use, in: fileIndex, context: context) { return known.withoutTypeKeyPrefixes.split(separator: ".").last.map(String.init) }
        // A type the project does not declare (a Core Data class Xcode generates).
        var isLocal = false
        for token in identifiers(named: name, in: context.range.lowerBound..<use, of: file)
        where file.at(token - 1, "let") || file.at(token - 1, "var") {
            isLocal = true
            if file.kind(token + 1) == .colon, let held = TypeShape(file.text(token + 2)).directName { return held }
            guard file.kind(token + 1) == .equal else { continue }
            let end = file.expressionEnd(from: token + 2, end: context.range.upperBound, stopAtComma: true)
            let built = (token + 2..<end).filter {
                file.kind($0) == .identifier && file.text($0).startsWithUppercase && file.kind($0 + 1) == .leftParen
                    && (file.at($0 + 2, "context") || file.at($0 + 2, "entity")) && file.kind($0 + 3) == .colon
            }
            if built.count == 1 { return file.text(built[0]) }
        }
        guard !isLocal else { return nil }
        if let parameter = context.parameters.first(where: { $0.name == name }) {
            return parameter.type.flatMap { TypeShape($0.text).directName }
        }
        if let owner = context.type.flatMap({ types[$0] }),
            let (_, property) = owner.properties.first(where: { $0.property.name == name && $0.property.isStored })
        {
            return property.type.flatMap { TypeShape($0.text).directName }
        }
        return nil
    }
}
