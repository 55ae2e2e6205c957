import ObservationSyntax

/// A member of a type that one of its methods reads to compute its result:
/// `func plugins(for c: String) -> [Plugin] { plugins[c] ?? [] }` reads `plugins`.
public struct ResultRead: Sendable {
    public let file: Int
    /// The chain read, from the member on: `["plugins"]`.
    public let path: [String]
    /// The token of the member's name.
    public let token: Int
}

extension ProjectIndex {
    /// The members of `type` that its method `name` reads, when the method returns a value:
    /// through `self` (or implicitly), or, for a `static`/`class` method, through a static
    /// property of the type that holds its shared instance (`shared.sessions` in
    /// `static func session(for:) -> Session?`). Calling the method while `body` is evaluated
    /// reads them as much as reading a computed property does. Computed once per type.
    public func resultReads(ofMethod name: String, in type: TypeInfo) -> [ResultRead] {
        resultReadsByType.value(for: type.name) { collectResultReads(of: type) }[name] ?? []
    }

    /// Whether `write` (a write of `type`'s state, `changes(of: type)`) is made by a call of
    /// `type`'s method `method` before it returns: in its body, or in the type's functions it
    /// calls. A get-or-create cache (`if let c = cache[key] { return c }; cache[key] = make();
    /// return cache[key]!`) writes what it then returns, so the caller's read is not stale.
    public func isMade(_ write: PropertyWrite, whileCalling method: String, of type: TypeInfo) -> Bool {
        guard let place = write.place else { return false }
        return changeFlows(of: type).piecesRun(whileCalling: method).contains(place)
    }

    /// Whether `write` is made by reading `type`'s computed property `property` before the
    /// read returns: in its getter, or in the type's functions the getter calls. A lazily
    /// filled value (`if let e = _env { return e }; _env = make(); return _env!`) is what
    /// every read of the property returns, so no reader of it is left stale by that write.
    public func isMade(_ write: PropertyWrite, whileReading property: String, of type: TypeInfo) -> Bool {
        isMade(write, whileCalling: ChangeFlows.getterName(property), of: type)
    }

    private func collectResultReads(of type: TypeInfo) -> [String: [ResultRead]] {
        var result: [String: [ResultRead]] = [:]
        for declaration in type.declarations {
            let file = files[declaration.file]
            for function in declaration.decl.functions where function.kind == .function {
                guard let body = function.body, let returned = function.returnType?.text,
                    returned != "Void", returned != "()"
                else { continue }
                let isStatic = function.modifiers.contains("static") || function.modifiers.contains("class")
                let hiding = file.localNames(in: body).union(function.parameters.map(\.name))
                var reads: [ResultRead] = []
                for chain in file.memberChains(in: body) {
                    guard let path = readPath(chain, in: file, hiding: hiding, isStatic: isStatic, of: type) else { continue }
                    reads.append(ResultRead(file: declaration.file, path: path.map { file.text($0) }, token: path[path.startIndex]))
                }
                if !reads.isEmpty { result[function.name, default: []] += reads }
            }
        }
        return result
    }

    /// The name tokens of the member path a chain reads: `self.items.count`, `items.count`
    /// → `items`, `count`; in a static method, `shared.items`, `Self.shared.items`,
    /// `Store.shared.items` → `items` where `shared` is a static property holding the type.
    private func readPath(
        _ chain: MemberChain, in file: ParsedFile, hiding: Set<String>, isStatic: Bool, of type: TypeInfo
    ) -> ArraySlice<Int>? {
        // A member chain's root follows no `.`; an assignment target is a write, not a read.
        guard file.kind(chain.root - 1) != .period, !file.at(chain.end, "=") else { return nil }
        var names = chain.names[...]
        if file.at(names[names.startIndex], "self") || file.at(names[names.startIndex], "Self") {
            names = names.dropFirst()
        } else if isStatic, file.spells(names[names.startIndex], String(type.name.simpleTypeName)) {
            names = names.dropFirst()
        } else if file.kind(names[names.startIndex]) != .identifier || hiding.contains(file.text(names[names.startIndex])) {
            return nil
        }
        guard let first = names.first else { return nil }
        guard isStatic else { return names }
        // `shared.items`: a static property whose value is the type itself.
        guard names.count >= 2, let (ownerFile, property) = type.property(named: file.text(first)),
            property.modifiers.contains("static") || property.modifiers.contains("class"),
            let held = declaredShape(of: property, in: files[ownerFile], scope: type.name)?.directName,
            resolve(held, from: type.name) == type.name
        else { return nil }
        return names.dropFirst()
    }
}
