import ObservationSyntax

extension ProjectIndex {
    /// Whether an unqualified `name` written in the code of the type `scope` names one of
    /// that type's members rather than a type of the module: Swift looks an unqualified name
    /// up in the innermost scope first, so a method or property of the enclosing type (its
    /// extensions, its project superclasses, extensions of project protocols it adopts), or
    /// of a type it is nested in, hides a top-level type of the same name. In `struct
    /// ArchiveView` with `@ViewBuilder func MacOSView() -> some View`, `MacOSView()` calls
    /// that method, never `struct MacOSView`'s initializer. A type nested at the same level
    /// is found by the type lookup itself.
    public func memberShadows(_ name: String, in scope: String?) -> Bool {
        guard var current = scope else { return false }
        for _ in 0..<8 {
            if let info = types[current] {
                if types["\(current).\(name)"] != nil { return false }
                if declaresMember(name, in: info) { return true }
            }
            guard let dot = current.lastIndex(of: ".") else { return false }
            current = String(current[..<dot])
        }
        return false
    }

    private func declaresMember(_ name: String, in info: TypeInfo) -> Bool {
        var owners = typeAndAncestors(of: info)
        for type in owners {
            for inherited in type.inherited {
                if let adopted = types[inherited], adopted.kind == .protocol, !owners.contains(where: { $0.name == adopted.name }) {
                    owners.append(adopted)
                }
            }
        }
        return owners.contains { owner in
            owner.declarations.contains { declaration in
                declaration.decl.functions.contains { $0.kind == .function && $0.name == name }
                    || declaration.decl.properties.contains { $0.name == name }
            }
        }
    }
}
