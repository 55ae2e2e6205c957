import ObservationSyntax

// SwiftData's contexts (SPEC §10.2). `@Model` makes a class `Observable`: its properties are
// tracked like an `@Observable` class's. Its objects belong to the context that fetched or
// inserted them. The context views use — the one `.modelContainer(_:)` puts in the
// environment for `@Query` and `@Environment(\.modelContext)`, or the container's
// `mainContext`, "a model context that's bound to app's main actor" — is the main actor's,
// so its objects are what views read; an app that makes no other context has no others.
// One that makes its own (`ModelContext(container)`, a `@ModelActor`'s) may change that
// context's objects off the main thread, and views do not read those objects.

extension ProjectIndex {
    /// Whether code the app runs makes a SwiftData context of its own: `ModelContext(…)`, or
    /// a `ModelActor` (`@ModelActor`, or a conformance), whose executor owns one. Previews
    /// and test code do not count. When it does not, every SwiftData object the app changes
    /// belongs to the main actor's context, which views read.
    public var makesOwnModelContexts: Bool {
        ownModelContextsOnce.value {
            files.indices.contains { position in
                guard !neverRunsInApp(file: position) else { return false }
                let file = files[position]
                let previews = file.previews.map(\.body)
                    + typeDeclarations(in: position).filter { $0.decl.inheritance.contains { $0.text.simpleTypeName == "PreviewProvider" } }
                    .map(\.decl.declaration)
                return file.tokens.indices.contains { token in
                    let makes = file.at(token, "ModelActor") || (file.at(token, "ModelContext") && file.kind(token + 1) == .leftParen)
                    return makes && !previews.contains { $0.contains(token) }
                }
            }
        }
    }
}

extension ProjectIndex {
    /// Whether a write changes an object that a local `let` or `var` of its function holds
    /// (`let recipe = try await api.details(slug); recipe.isFavorite = …`): a SwiftData
    /// object there may be one the code has just built or decoded, in no context yet.
    public func writesThroughLocal(_ write: PropertyWrite) -> Bool {
        let file = files[write.site.file]
        let root = write.writtenTokens(in: self).lowerBound
        guard root < write.site.token, file.kind(root) == .identifier, let body = isolationFacts.enclosingBody(of: write.site, index: self)
        else { return false }
        return (body.range.lowerBound..<root).contains { token in
            (file.at(token - 1, "let") || file.at(token - 1, "var")) && file.spells(token, file.text(root))
        }
    }
}
