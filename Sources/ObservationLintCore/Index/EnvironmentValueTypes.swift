import ObservationSyntax

extension ProjectIndex {
    /// The project type an environment value holds, by its key path's name: the declared
    /// type of the member `key` the project adds to `EnvironmentValues`
    /// (`extension EnvironmentValues { var session: Session { … } }`, `@Entry var session:
    /// any SessionProviding = …`), an existential `any P` as the protocol `P`. A view's
    /// `@Environment(\.session) var session` holds that type: reading a tracked property of
    /// the `@Observable` instance it holds registers the read. Nil when no extension
    /// declares the key, its type is no project type, or declarations disagree.
    /// Computed for every key on first use.
    public func environmentValueType(named key: String) -> String? {
        environmentValueTypes.value {
            var result: [String: String] = [:]
            var conflicting = Set<String>()
            for position in files.indices {
                for decl in files[position].types
                where decl.kind == .extension && (decl.name == "EnvironmentValues" || decl.name == "SwiftUI.EnvironmentValues") {
                    for property in decl.properties where !property.modifiers.contains("static") {
                        guard let written = property.type?.text else { continue }
                        let bare = written.hasPrefix("any ") ? String(written.dropFirst(4)) : written
                        guard let name = TypeShape(bare).directName, let type = resolve(name, file: position) else { continue }
                        if let known = result[property.name], known != type { conflicting.insert(property.name) }
                        result[property.name] = type
                    }
                }
            }
            for name in conflicting { result[name] = nil }
            return result
        }[key]
    }
}
