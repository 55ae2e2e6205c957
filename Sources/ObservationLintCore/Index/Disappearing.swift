import ObservationSyntax

// Writes that run only as a view goes (SPEC §10: no witness). An `.onDisappear` applied to
// all a view's `body` shows runs once that content is gone: a write there, to an object the
// view creates and owns, changes nothing a view still shows — the object's readers are the
// view and the views it builds, gone with it. Shown again, the view renders it anew.

extension ProjectIndex {
    /// Whether the code at `location` runs only as the whole content of a view goes away,
    /// on an object that view owns: it sits in an `.onDisappear` action applied to all the
    /// view's `body` shows (its one expression, or that of the one `if` the body is, whose
    /// `else` shows nothing), or in a function whose every project call does (callers
    /// followed up to three calls); and the object is reached through a
    /// `@StateObject` the view creates itself (`@StateObject private var model = Model()`),
    /// at the write (`model.player = nil`) or at a call into the object's code
    /// (`model.cleanup()`).
    public func runsOnlyAsOwnerDisappears(_ location: TokenLocation) -> Bool {
        runsOnlyAsOwnerDisappears(location, ownedBy: nil, depth: 3)
    }

    /// `ownedBy`: the view whose own `@StateObject` the calls so far went through.
    private func runsOnlyAsOwnerDisappears(_ location: TokenLocation, ownedBy: String?, depth: Int) -> Bool {
        guard let body = isolationFacts.enclosingBody(of: location, index: self), let owner = body.owner else { return false }
        let owned = isThroughOwnedStateObject(location, of: owner) ? owner.name : ownedBy
        if owner.isView, let rendering = ViewCode.renderingBodies(of: owner, index: self).first(where: {
            $0.name == "body" && $0.file == location.file && $0.range.contains(location.token)
        }) {
            return owned == owner.name && isInWholeContentOnDisappear(location.token, body: rendering.range, file: files[location.file])
        }
        guard depth > 0, case .function(let function) = body.member, function.kind == .function else { return false }
        let calls = callSitesByFunction.value(for: BodyKey(file: location.file, body: body.range)) { callSites(of: function, inFile: location.file, ownedBy: owner) }
        return !calls.isEmpty && calls.allSatisfy { call in
            // A call from the same type's code reaches the same object; another type's
            // reaches it through what that code holds.
            let caller = isolationFacts.enclosingBody(of: call, index: self)?.owner
            return runsOnlyAsOwnerDisappears(call, ownedBy: caller?.name == owner.name ? owned : nil, depth: depth - 1)
        }
    }

    /// `model.player` or `model.cleanup` at `token`, where `model` is a `@StateObject` of
    /// `view` that it creates itself (`= Model()`): an object no other view passes in.
    private func isThroughOwnedStateObject(_ location: TokenLocation, of view: TypeInfo) -> Bool {
        guard view.isView else { return false }
        let file = files[location.file]
        let receiver = location.token - 2
        guard receiver >= 0, file.kind(location.token - 1) == .period, file.kind(receiver) == .identifier else { return false }
        if receiver >= 2, file.kind(receiver - 1) == .period {
            guard file.at(receiver - 2, "self") else { return false }
        }
        guard let (fileIndex, property) = view.property(named: file.text(receiver)), property.isStored,
            property.attributes.contains(where: { $0.simpleName == "StateObject" }),
            constructedType(of: property, in: files[fileIndex], scope: view.name) != nil
        else { return false }
        return true
    }

    /// Whether `token` is in an `.onDisappear { }` applied to all that `body` shows: the
    /// modifier's chain is the body's one statement, or the one statement of the body's one
    /// `if`, whose `else` (if any) builds only `EmptyView()`.
    private func isInWholeContentOnDisappear(_ token: Int, body: Range<Int>, file: ParsedFile) -> Bool {
        let scopes = scopes(in: body, of: file)
        // The `{` of the innermost block strictly around `token` (the body's own brace when none).
        func enclosingBrace(of token: Int) -> Int {
            scopes.enclosing(token).first { $0.range.lowerBound != token }?.range.lowerBound ?? body.lowerBound
        }
        // The `.onDisappear { … }` (or `.onDisappear(perform: { … })`) whose closure holds `token`.
        let modifier = scopes.enclosing(token).lazy.compactMap { scope -> Int? in
            guard case .closure(let callee?, _) = scope.kind, file.at(callee, "onDisappear"), file.kind(callee - 1) == .period
            else { return nil }
            return callee
        }.first
        guard let modifier else { return false }
        let block = enclosingBrace(of: modifier)
        guard soleStatement(inBlock: block, file: file) != nil else { return false }
        if block == body.lowerBound { return true }
        // The block of an `if` that is the body's one statement.
        guard let statement = soleStatement(inBlock: body.lowerBound, file: file), file.at(statement, "if"),
            enclosingBrace(of: block) == body.lowerBound
        else { return false }
        let end = Int(file.partner[block])
        guard file.at(end + 1, "else") else { return Int(file.partner[body.lowerBound]) == end + 1 }
        let elseBlock = end + 2
        guard file.kind(elseBlock) == .leftBrace, Int(file.partner[body.lowerBound]) == Int(file.partner[elseBlock]) + 1 else { return false }
        let content = (elseBlock + 1)..<Int(file.partner[elseBlock])
        return content.isEmpty || (content.count == 3 && file.at(content.lowerBound, "EmptyView"))
    }

    /// The first token of the block's statement when it holds exactly one: every later line
    /// at the block's own level continues it (`.modifier`, `}`), none starts another.
    private func soleStatement(inBlock open: Int, file: ParsedFile) -> Int? {
        let close = Int(file.partner[open])
        guard close > open + 1 else { return nil }
        var probe = open + 1
        while probe < close {
            if probe > open + 1, file.tokens[probe].isAtStartOfLine, file.kind(probe) != .period, !file.at(probe, "else") { return nil }
            switch file.kind(probe) {
            case .leftBrace, .leftParen, .leftSquare: probe = Int(file.partner[probe]) + 1
            default: probe += 1
            }
        }
        return open + 1
    }
}
