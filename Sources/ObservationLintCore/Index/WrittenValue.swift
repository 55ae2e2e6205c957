import ObservationSyntax

extension ProjectIndex {
    /// Whether a model write changes the property itself (SPEC §10.1), so that a `@Published`
    /// property's `willSet` runs and Observation registers the change: it assigns the property
    /// (`items = x`, `count += 1`), or changes in place a value the property holds by value
    /// (`items.append(x)`, `items[0] = x`, `settings.volume = 1` — a collection, a standard
    /// value type, a project struct or enum, or an optional of one). A write through a member
    /// of an object the property holds (`info.name = x` where `info` holds a class) changes
    /// the object, not the property; where the held type is not known here (declared in
    /// another module or in Objective-C), whether it changes the property is not known.
    public func changesPropertyItself(_ write: ModelWrite) -> Bool {
        let file = files[write.write.site.file]
        var next = write.write.site.token + 1
        if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
        guard file.kind(next) == .period || file.kind(next) == .leftSquare else { return true }
        guard let type = types[write.type], let declared = type.property(named: write.property.name) else { return false }
        let declaringFile = files[declared.file]
        if let shape = declaredShape(of: declared.property, in: declaringFile, scope: type.name) {
            return modelKind(of: shape, from: type.name, file: declared.file) == .valueType
        }
        // `= []`, `= [:]`, `= ""`, `= 0`: a collection or standard value by its literal;
        // `= Set<String>()`, `= Date()`: one by its constructor.
        guard let initializer = declared.property.initializer, let first = initializer.first else { return false }
        switch declaringFile.kind(first) {
        case .leftSquare, .stringQuote, .multilineStringQuote, .integerLiteral, .floatLiteral: return true
        case .identifier:
            let name = declaringFile.text(first)
            let next = declaringFile.kind(first + 1)
            return (standardCollections.contains(name) || knownValueTypes.contains(name)) && (next == .leftAngle || next == .leftParen)
        default: return false
        }
    }
}

private let standardCollections: Set<String> = ["Array", "Set", "Dictionary", "ContiguousArray"]
