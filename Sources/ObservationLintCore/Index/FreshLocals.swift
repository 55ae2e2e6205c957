import ObservationSyntax

// A local that holds only objects its own code builds (`let item = Item()`, `current =
// Heading()` in a parser) is setup until its value leaves that code (SPEC §10.1: setup before
// the hand-out): no view can have read an object nothing outside the function holds yet, so a
// write through the local before that point makes no view stale. Its value leaves where the
// name is used other than as the receiver of a member (`item.title = t`, `current?.add(x)`,
// `current?.clone()`), a `nil` test or the value of an alias bound the same way (`if let h =
// current`): as an argument, a returned value, a capture, an assignment elsewhere.

extension ProjectIndex {
    /// For the local named at `receiver` in `body` (a function's, accessor's or initial
    /// value's code), the simple name of the type whose objects it holds, when every value the
    /// code stores in it is `nil` or a new object of that type (`var current: Heading?`,
    /// `current = Heading()`) and, at `receiver`, its value has not left the code yet: no use
    /// of it or of an alias lets it leave before `receiver`, nor later inside a loop that runs
    /// `receiver` again. Nil otherwise, or for a name the closure around `receiver` does not
    /// declare itself.
    public func unhandedLocalType(at receiver: Int, inFile fileIndex: Int, body: Range<Int>) -> Substring? {
        let file = files[fileIndex]
        guard file.kind(receiver) == .identifier, file.kind(receiver - 1) != .period else { return nil }
        let name = file.text(receiver)
        let scopes = scopes(in: body, of: file)
        let closure = scopes.innermostClosure(containing: receiver)?.range
        let region = closure ?? body
        // The declaration before `receiver` whose block holds it, in the same closure.
        guard let declared = (region.lowerBound..<receiver).reversed().first(where: { token in
            (file.at(token, "let") || file.at(token, "var")) && file.spells(token + 1, name)
                && scopes.innermostClosure(containing: token)?.range == closure
                && scopes.enclosing(token).first.map { $0.range.contains(receiver) } ?? true
        })
        else { return nil }
        var type: Substring?
        var token = declared + 2
        if file.kind(token) == .colon {
            guard file.kind(token + 1) == .identifier else { return nil }
            type = Substring(file.text(token + 1))
            token += file.kind(token + 2) == .postfixQuestionMark ? 3 : 2
        }
        // Every value stored: `nil` or `T(…)`, one `T` for all.
        func storesNewObject(_ value: Int) -> Bool {
            if file.at(value, "nil") { return true }
            guard file.kind(value) == .identifier, file.text(value).startsWithUppercase else { return false }
            let open = file.kind(value + 1) == .period && file.at(value + 2, "init") ? value + 3 : value + 1
            let close = file.kind(open) == .leftParen ? Int(file.partner[open]) : -1
            guard close > open, close + 1 >= file.tokens.count || file.tokens[close + 1].isAtStartOfLine
                || file.kind(close + 1) == .semicolon || file.kind(close + 1) == .rightBrace
            else { return false }
            let built = Substring(file.text(value))
            if type == nil { type = built }
            return type == built
        }
        if file.kind(token) == .equal, !storesNewObject(token + 1) { return nil }
        guard type != nil || file.kind(token) == .equal else { return nil }
        var names: Set<String> = [name]
        var firstEscape: Int?
        for use in token..<region.upperBound where file.kind(use) == .identifier && names.contains(file.text(use)) {
            guard file.kind(use - 1) != .period, !file.isArgumentLabel(use) else { continue }
            let next = file.kind(use + 1) == .postfixQuestionMark || file.kind(use + 1) == .exclamationMark ? use + 2 : use + 1
            if file.kind(next) == .period { continue }
            if (file.at(use + 1, "==") || file.at(use + 1, "!=")) && file.at(use + 2, "nil") { continue }
            if file.at(use - 1, "let") || file.at(use - 1, "var") { continue }
            if file.kind(use + 1) == .equal {
                if !storesNewObject(use + 2) { return nil }
                continue
            }
            // `if let h = current {`, `let h = current`: an alias, whose uses count as the local's.
            if file.kind(use - 1) == .equal, file.at(use - 3, "let") || file.at(use - 3, "var"),
                file.tokens.count <= use + 1 || file.tokens[use + 1].isAtStartOfLine || file.kind(use + 1) == .leftBrace
                    || file.kind(use + 1) == .comma || file.at(use + 1, "else")
            {
                names.insert(file.text(use - 2))
                continue
            }
            firstEscape = firstEscape ?? use
        }
        guard let escape = firstEscape else { return type }
        // A loop inside the declaration's block that runs `receiver` runs it again after a
        // later use in it.
        let loops = scopes.enclosing(receiver).filter { scope in
            !scope.isClosure && scope.range.lowerBound > declared && isLoopBlock(scope.range.lowerBound, in: file)
        }
        let boundary = loops.last?.range.upperBound ?? receiver
        return escape >= boundary ? type : nil
    }

    /// Whether the block opening at `brace` is a loop's: `for … {`, `while … {`, `repeat {`.
    private func isLoopBlock(_ brace: Int, in file: ParsedFile) -> Bool {
        var token = brace - 1
        while token > 0, !file.tokens[token].isAtStartOfLine {
            if file.kind(token) == .rightParen || file.kind(token) == .rightSquare || file.kind(token) == .rightBrace {
                token = max(0, Int(file.partner[token]))
            }
            token -= 1
        }
        return file.at(token, "for") || file.at(token, "while") || file.at(token, "repeat")
    }
}
