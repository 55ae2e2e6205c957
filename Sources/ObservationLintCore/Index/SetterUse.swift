import ObservationSyntax

// Whether anything runs a computed property's setter (SPEC §10.1): a write through a
// setter (`var name: String { get { info.name } set { info.name = newValue } }`) happens
// only where code assigns the computed property, changes it in place (`name.append(x)`,
// `&name`), binds it (`$model.name`, `Bindable(model).name`) or names it in a key path
// that may write it. A setter nobody calls writes nothing.

extension ProjectIndex {
    /// Whether nothing runs the setter of `property`, a computed instance property of
    /// `type` with a `set` accessor: the project is a whole program (`isWholeProgram`),
    /// code outside it cannot set the property (it is not `public`/`open`, `override`,
    /// `@objc`, and may witness no protocol requirement), and no code of the project may
    /// write it — the type's own code (its lineage's and subclasses') does not change it,
    /// and no other code assigns, changes, binds or key-paths a member of its name through
    /// a receiver whose static type may be the type's lineage. Computed once per property.
    public func setterNeverRuns(_ property: Property, of type: TypeInfo) -> Bool {
        guard isWholeProgram, !property.isStored, property.accessors.contains(where: { $0.kind == .set }),
            !property.modifiers.contains("static"), !property.modifiers.contains("class")
        else { return false }
        return setterNeverRunsByProperty.value(for: SetterKey(type: type.name, name: property.name)) {
            !isSettableFromOutside(property, of: type) && !mayWrite(property.name, of: type)
        }
    }

    /// Whether the code at `location` is in the setter of a computed property that nothing
    /// runs (`setterNeverRuns(_:of:)`).
    public func isInSetterThatNeverRuns(_ location: TokenLocation) -> Bool {
        guard isWholeProgram else { return false }
        for (decl, info) in typeDeclarations(in: location.file) where decl.members.contains(location.token) {
            for property in decl.properties
            where property.accessors.contains(where: { $0.kind == .set && $0.body?.contains(location.token) == true }) {
                return setterNeverRuns(property, of: info)
            }
        }
        return false
    }

    private func isSettableFromOutside(_ property: Property, of type: TypeInfo) -> Bool {
        let declared = property.modifiers.accessLevel ?? type.declarations.first { declaration in
            declaration.decl.kind == .extension && declaration.decl.properties.contains { $0 === property }
        }?.decl.modifiers.accessLevel
        if let declared, min(declared, typeAccessLevel(of: type) ?? declared) >= .public { return true }
        if property.modifiers.contains("override") || property.modifiers.contains("dynamic") { return true }
        if property.attributes.contains(where: { Self.runtimeCalledAttributes.contains(String($0.simpleName)) }) { return true }
        if type.declarations.contains(where: { $0.decl.attributes.contains(named: "objcMembers") }) { return true }
        return possiblyWitnessesProperty(property.name, in: type)
    }

    /// Whether a property named `name` of `type` may witness a settable requirement: a
    /// project protocol the type conforms to declares a property of the name, or the type
    /// conforms to a protocol the project does not declare whose requirements are not known.
    private func possiblyWitnessesProperty(_ name: String, in type: TypeInfo) -> Bool {
        for owner in typeAndAncestors(of: type) {
            for inherited in owner.inherited where inherited != owner.name {
                if let declared = types[inherited], declared.kind != nil {
                    if declared.kind == .protocol, declared.properties.contains(where: { $0.property.name == name }) { return true }
                    if declared.kind == .protocol, possiblyWitnessesProperty(name, in: declared) { return true }
                } else if Self.knownRequirements[String(inherited.simpleTypeName)] == nil {
                    return true
                }
            }
        }
        return false
    }

    /// Whether some code of the project may write the member `name` of an object of
    /// `type`'s lineage.
    private func mayWrite(_ name: String, of type: TypeInfo) -> Bool {
        let lineage = typeAndAncestors(of: type) + typeAndSubtypes(of: type).dropFirst()
        if lineage.contains(where: { !(memberAccesses(of: $0).mutations[name] ?? []).isEmpty }) { return true }
        let lineageNames = Set(lineage.map(\.name))
        func mayBeLineage(_ receiver: Range<Int>?, at location: TokenLocation) -> Bool {
            guard let receiver, !receiver.isEmpty else { return true }
            let context = codeContexts(inFile: location.file).innermost(containing: location.token)
            guard let found = staticType(of: receiver, in: location.file, context: context) else { return true }
            return lineageNames.contains(found)
        }
        for location in memberUpdateCandidates(named: name) where isMemberWrite(at: location) {
            let file = files[location.file]
            // `self.name = x` in the type's own code is among its mutations.
            if file.at(location.token - 2, "self") { continue }
            let receiver = Self.writtenReference(at: location.token, in: file).map { $0.root..<$0.end }
            if mayBeLineage(receiver, at: location) { return true }
        }
        for use in bindingOrKeyPathUses[name] ?? [] {
            switch use.receiver {
            case .unknown:
                return true
            case .expression(let receiver):
                if mayBeLineage(receiver, at: use.location) { return true }
            case .binding(let root):
                // `$model.a.name`: `model` is a local, a parameter or a property of the code's
                // type; `a`, its member.
                let file = files[use.location.file]
                let context = codeContexts(inFile: use.location.file).innermost(containing: use.location.token)
                var current = context.flatMap {
                    typeOfName(String(file.text(root).dropFirst()), at: root, in: use.location.file, context: $0)
                }
                var token = root + 2
                while token < use.location.token, let type = current {
                    current = memberType(file.text(token), of: type, depth: 0)
                    token += 2
                }
                guard let current, !lineageNames.contains(current) else { return true }
            }
        }
        return false
    }

    /// Where code names a settable computed property of a project type in a binding or a
    /// key path, by the property's name (`$model.name`, `$model.info.name`,
    /// `Bindable(model).name`, `\.name`, `\Model.name`), with what tells whose member it is.
    /// Found in one pass over every file, on first use.
    var bindingOrKeyPathUses: [String: [BindingOrKeyPathUse]] {
        bindingOrKeyPathUsesTable.value {
            let names = NameTable(
                types.values.lazy.flatMap(\.properties).filter { _, property in
                    !property.isStored && property.accessors.contains { $0.kind == .set }
                }.map(\.property.name))
            guard !names.names.isEmpty else { return [:] }
            var result: [String: [BindingOrKeyPathUse]] = [:]
            for fileIndex in files.indices {
                let file = files[fileIndex]
                let found: [(name: Int, token: Int)] = file.source.bytes.withUnsafeBufferPointer { bytes in
                    var found: [(name: Int, token: Int)] = []
                    for token in file.tokens.indices where file.kind(token) == .identifier && file.kind(token - 1) == .period {
                        if let name = names.position(of: file.tokens[token], in: bytes) { found.append((name, token)) }
                    }
                    return found
                }
                for (name, token) in found {
                    guard let receiver = Self.bindingOrKeyPathReceiver(of: token, in: file) else { continue }
                    result[names.names[name], default: []].append(
                        BindingOrKeyPathUse(location: TokenLocation(file: fileIndex, token: token), receiver: receiver))
                }
            }
            return result
        }
    }

    /// For the member name at `token` (after a `.`), when the chain it ends is a binding
    /// (`$model.a.name`, `Bindable(model).name`) or a key path (`\.name`, `\Model.name`):
    /// what tells whose member it is; nil for any other use (`$0.name` names a closure's
    /// argument).
    private static func bindingOrKeyPathReceiver(of token: Int, in file: ParsedFile) -> BindingOrKeyPathUse.Receiver? {
        var root = token
        // A subscript on the way (`$model.items[i].name`): whose member it is is not followed.
        var subscripted = false
        while file.kind(root - 1) == .period {
            var previous = root - 2
            if file.kind(previous) == .postfixQuestionMark || file.kind(previous) == .exclamationMark { previous -= 1 }
            // `\.a.name`: the key path's root is the contextual type.
            if file.kind(previous) == .backslash { return .unknown }
            if file.kind(previous) == .rightSquare {
                let open = Int(file.partner[previous])
                guard open > 0, open < previous else { return nil }
                subscripted = true
                previous = open - 1
            }
            if file.kind(previous) == .rightParen {
                // `Bindable(model).name`
                let open = Int(file.partner[previous])
                guard open > 0, open < previous, file.at(open - 1, "Bindable") else { return nil }
                return root == token && !subscripted ? .expression(open + 1..<previous) : .unknown
            }
            guard file.isWord(previous) || file.kind(previous) == .dollarIdentifier else { return nil }
            if previous != root - 2 { subscripted = true }
            root = previous
        }
        // `\Model.a.name`
        if file.kind(root - 1) == .backslash { return subscripted ? .unknown : .expression(root..<token - 1) }
        guard file.kind(root) == .dollarIdentifier, let first = file.text(root).utf8.dropFirst().first,
            !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return nil }
        return subscripted ? .unknown : .binding(root: root)
    }
}

/// A use of a settable computed property's name in a binding or a key path.
struct BindingOrKeyPathUse: Sendable {
    enum Receiver: Sendable {
        /// Whose member it is is not spelled (`\.name`).
        case unknown
        /// An expression whose static type tells (`model` in `Bindable(model).name`, `Model`
        /// in `\Model.name`).
        case expression(Range<Int>)
        /// `$model.a.name`: a binding through the code's property `model`, whose `$` token
        /// this is, then each member after it.
        case binding(root: Int)
    }
    let location: TokenLocation
    let receiver: Receiver
}

/// A property of a project type, by the type's key and the property's name.
struct SetterKey: Hashable, Sendable {
    let type: String
    let name: String
}
