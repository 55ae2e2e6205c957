import ObservationSyntax

// Changes the project cannot see but an object announces (SPEC §10.1): an ObservableObject
// whose computed state reads an object of another module (`tunnel.activeProfiles`, with
// `let tunnel: Tunnel` from a package) and that sends `objectWillChange` each time that
// object reports a change (`for await _ in tunnel.activeProfilesStream { objectWillChange.send() }`,
// `tunnel.changes.sink { _ in self.objectWillChange.send() }`). The send is the write's
// witness: it runs later than any render, and only subscribers of `objectWillChange` hear it.

extension ProjectIndex {
    /// The `objectWillChange.send()` sites of `type` (and its ancestors) that run as the
    /// object its stored property `holder` holds reports a change: inside a `for … in` loop
    /// or a closure whose header reads `holder` (`for await x in holder.updates`,
    /// `holder.publisher.sink { … }`). Not those directly in a body: those announce the
    /// body's own changes.
    public func announcements(drivenBy holder: String, in type: TypeInfo) -> [TokenLocation] {
        var result: [TokenLocation] = []
        for owner in typeAndAncestors(of: type) {
            for (body, site) in changeFlows(of: owner).objectWillChangeSends {
                let file = files[site.file]
                let driven = scopes(in: body, of: file).enclosing(site.token).contains { scope in
                    scope.range.lowerBound > body.lowerBound && header(before: scope.range.lowerBound, in: file, reads: holder)
                }
                if driven { result.append(site) }
            }
        }
        return result
    }

    /// Whether the statement that opens the scope at `brace` reads the own member `name`
    /// (`for await x in name.stream {`, `name.$value.sink {`).
    private func header(before brace: Int, in file: ParsedFile, reads name: String) -> Bool {
        var probe = brace - 1
        var steps = 0
        while probe >= 0, steps < 64 {
            steps += 1
            switch file.kind(probe) {
            case .leftBrace, .rightBrace, .semicolon:
                return false
            case .rightParen, .rightSquare:
                let open = Int(file.partner[probe])
                guard open >= 0, open < probe else { return false }
                if (open..<probe).contains(where: { file.kind($0) == .identifier && file.spells($0, name) && file.isOwnMemberReference($0) }) {
                    return true
                }
                probe = open
            case .identifier where file.spells(probe, name) && file.isOwnMemberReference(probe) && file.kind(probe + 1) == .period:
                return true
            default:
                break
            }
            // A statement starts on its own line, unless the line continues a chain (`.sink`).
            if file.tokens[probe].isAtStartOfLine, file.kind(probe) != .period { return false }
            probe -= 1
        }
        return false
    }
}
