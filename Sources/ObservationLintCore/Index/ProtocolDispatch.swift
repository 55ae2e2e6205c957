import ObservationSyntax

// Whether a method that witnesses a protocol requirement runs through the protocol: only
// when a value of the protocol's type holds an instance of the method's type.

/// How the project makes values of an internal protocol's type: only by handing objects to
/// a generic function along with the protocol's metatype (`register(Observer.self,
/// observer: self)`, where `func register<T>(_ type: T.Type, observer: T)`).
struct ProtocolValues: Sendable {
    /// The static types of the objects handed over as the protocol.
    let registered: Set<String>
    /// The argument lists (`(` tokens) of calls whose closures receive the protocol's
    /// values (`notify(Observer.self) { $0.didChange() }`, where `func notify<T>(_ type:
    /// T.Type, block: (T) -> Void)`).
    let dispatches: Set<TokenLocation>
}

extension ProjectIndex {
    /// Whether code may call `function` of `type` only as the witness of requirements of
    /// internal project protocols on values none of which can hold an instance of the
    /// type: the project names each protocol only in its declarations, conformances and
    /// metatype arguments of its generic functions (`ProtocolValues`), every object it hands
    /// over as the protocol has a known type outside the type's lineage, and every other use
    /// of the method's name that may reach the type is a call on such a value in a
    /// dispatching closure. A protocol value can come only from the project (nothing
    /// outside can name an internal protocol), so nothing calls the method.
    func runsOnlyAsUnregisteredWitness(_ function: FunctionDecl, of type: TypeInfo) -> Bool {
        guard !isCallableByClientsOrRuntime(function, of: type),
            let protocols = witnessedProtocols(function.name, in: type), !protocols.isEmpty
        else { return false }
        let lineage = Set(typeAndAncestors(of: type).map(\.name) + typeAndSubtypes(of: type).map(\.name))
        var dispatches: Set<TokenLocation> = []
        for witnessed in protocols {
            guard let values = protocolValues(of: witnessed), values.registered.isDisjoint(with: lineage) else { return false }
            dispatches.formUnion(values.dispatches)
        }
        return !mayReference(function, of: type, outside: { self.isDispatch($0, through: dispatches) })
    }

    /// The project protocols whose requirement `name` a method of `type` witnesses; nil
    /// when it may witness one of a protocol the project does not declare (or a public one).
    private func witnessedProtocols(_ name: String, in type: TypeInfo) -> [TypeInfo]? {
        var result: [TypeInfo] = []
        for owner in typeAndAncestors(of: type) {
            for inherited in owner.inherited where inherited != owner.name {
                if let declared = types[inherited], declared.kind != nil {
                    guard declared.kind == .protocol else { continue }
                    if declared.functions.contains(where: { $0.function.name == name }) {
                        guard (declaredAccessLevel(of: declared) ?? .internal) < .public else { return nil }
                        result.append(declared)
                    } else if possiblyWitnesses(name, in: declared) {
                        return nil
                    }
                } else if possiblyWitnessesKnownRequirement(name, of: inherited) {
                    return nil
                }
            }
        }
        return result
    }

    private func declaredAccessLevel(of type: TypeInfo) -> AccessLevel? {
        type.declarations.first { $0.decl.kind != .extension }?.decl.modifiers.accessLevel
    }

    /// `ProtocolValues` of an internal project protocol; nil when the project names it
    /// otherwise (as a value's type, a constraint, a cast), or hands it over in a way not
    /// looked into.
    func protocolValues(of proto: TypeInfo) -> ProtocolValues? {
        protocolValuesByName.value(for: proto.name) { OptionalProtocolValues(values: collectProtocolValues(of: proto)) }.values
    }

    private func collectProtocolValues(of proto: TypeInfo) -> ProtocolValues? {
        var registered: Set<String> = []
        var dispatches: Set<TokenLocation> = []
        let ownCode = proto.declarations.map { (file: $0.file, range: $0.decl.declaration) }
        for reference in references(toTypeNamed: String(proto.name.simpleTypeName)) {
            let file = files[reference.file]
            let token = reference.token
            if ownCode.contains(where: { $0.file == reference.file && $0.range.contains(token) }) { continue }
            if let conformer = typeDeclarations(in: reference.file).first(where: { $0.decl.inheritance.contains { $0.tokens.contains(token) } }) {
                // A protocol refining it makes values of its own.
                guard conformer.info.kind != .protocol else { return nil }
                continue
            }
            // `P.self` as an argument of a project generic function.
            guard file.kind(token + 1) == .period, file.at(token + 2, "self") else { return nil }
            var separator = token - 1
            if file.kind(separator) == .colon { separator -= 2 }
            guard let open = file.argumentListOpener(from: separator), file.kind(open - 1) == .identifier,
                let arguments = file.call(at: open - 1, limit: file.tokens.count)?.arguments,
                let shape = metatypeCallShape(of: file.text(open - 1))
            else { return nil }
            let context = codeContexts(inFile: reference.file).innermost(containing: token)
            for argument in file.argumentList(arguments) where shape.valueLabels.contains(argument.label.map(file.text)) {
                let value = argument.value
                let valueType = value.count == 1 && file.at(value.lowerBound, "self")
                    ? context?.type : staticType(of: value, in: reference.file, context: context)
                guard let valueType, types[valueType]?.kind != .protocol else { return nil }
                registered.insert(valueType)
            }
            if shape.dispatches { dispatches.insert(TokenLocation(file: reference.file, token: open)) }
        }
        return ProtocolValues(registered: registered, dispatches: dispatches)
    }

    /// What every project function named `callee` does with the values of the generic
    /// parameter `T` of its `T.Type` parameter: the labels of the parameters that take
    /// such a value (converting the argument to the protocol), and whether each has a
    /// closure parameter receiving one (`(T) -> Void`). Nil when a function of the name
    /// takes no metatype or uses `T` otherwise (`[T]`, `T?`).
    private func metatypeCallShape(of callee: String) -> (valueLabels: Set<String?>, dispatches: Bool)? {
        var labels: Set<String?> = []
        var dispatches = true
        var found = false
        for owner in Set(typesDeclaring(member: callee)) {
            for (_, function) in types[owner]?.functions ?? [] where function.name == callee {
                // Type texts are kept without spaces (`@escaping(T)->Void`).
                let texts = function.parameters.map { ($0.type?.text ?? "").filter { $0 != " " } }
                guard let metatype = texts.first(where: { $0.hasSuffix(".Type") }) else { return nil }
                let generic = String(metatype.dropLast(5))
                var receives = false
                for (parameter, text) in zip(function.parameters, texts) where text != metatype {
                    if text == generic {
                        labels.insert(parameter.label)
                    } else if text.hasPrefix("(\(generic))") || text.hasPrefix("@escaping(\(generic))") {
                        receives = true
                    } else if text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).contains(where: { $0 == generic }) {
                        return nil
                    }
                }
                dispatches = dispatches && receives
                found = true
            }
        }
        return found ? (labels, dispatches) : nil
    }

    /// `$0.didChange()` (or `observer.didChange()` in `{ observer in … }`) in a trailing
    /// closure of one of the `dispatches` calls: a call on the protocol's value.
    private func isDispatch(_ site: TokenLocation, through dispatches: Set<TokenLocation>) -> Bool {
        let file = files[site.file]
        guard !dispatches.isEmpty, file.kind(site.token - 1) == .period,
            let context = codeContexts(inFile: site.file).innermost(containing: site.token),
            let closure = scopes(in: context.range, of: file).innermostClosure(containing: site.token),
            let arguments = closure.callArguments, dispatches.contains(TokenLocation(file: site.file, token: arguments.lowerBound))
        else { return false }
        let receiver = site.token - 2
        if file.at(receiver, "$0") { return true }
        let first = closure.range.lowerBound + 1
        return file.kind(first) == .identifier && file.at(first + 1, "in") && file.spells(receiver, file.text(first))
    }
}

/// A memo entry for `protocolValues(of:)` (nil is a result).
struct OptionalProtocolValues: Sendable {
    let values: ProtocolValues?
}
