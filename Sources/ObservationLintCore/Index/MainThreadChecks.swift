import ObservationSyntax

// Code that asks which thread it runs on (SPEC §10.2): `Thread.isMainThread` (and
// `Thread.current.isMainThread`) is true only on the main thread, so synchronous code that
// runs only once the check found it true runs there, whatever thread called its function:
// the branch of `if Thread.isMainThread { … }`, the `else` branch of
// `if !Thread.isMainThread { … } else { … }`, and what follows
// `guard Thread.isMainThread else { …; return }` or an `if !Thread.isMainThread { … }` that
// leaves the scope.

/// A check of `Thread.isMainThread` that code runs only after finding true.
struct MainThreadCheck {
    /// The `if` or `guard`.
    let keyword: Int
    /// The first token of the code the check guards (a branch's `{`, or the `}` that ends
    /// the `else` or leaving branch before the rest of the scope).
    let regionStart: Int
    /// `Thread.isMainThread` or `Thread.current.isMainThread`, as written.
    let condition: String
}

extension MainThreadCheck {
    /// The last check in `body` that the code at `token` runs only after finding true, if
    /// any. Only conditions that are the check alone (or its negation) count.
    static func guarding(_ token: Int, in body: Range<Int>, of file: ParsedFile) -> MainThreadCheck? {
        var found: MainThreadCheck?
        for probe in body.lowerBound..<token where file.at(probe, "isMainThread") && file.kind(probe - 1) == .period {
            let start = file.at(probe - 2, "Thread") ? probe - 2
                : file.at(probe - 2, "current") && file.kind(probe - 3) == .period && file.at(probe - 4, "Thread") ? probe - 4 : nil
            guard let start else { continue }
            let negated = file.kind(start - 1) == .prefixOperator && file.at(start - 1, "!")
            let keyword = negated ? start - 2 : start - 1
            let condition = file.text(start..<probe + 1)
            if file.at(keyword, "if"), file.kind(probe + 1) == .leftBrace {
                let thenClose = Int(file.partner[probe + 1])
                guard thenClose > probe + 1 else { continue }
                if !negated {
                    if token > probe + 1, token < thenClose { found = MainThreadCheck(keyword: keyword, regionStart: probe + 1, condition: condition) }
                } else if file.at(thenClose + 1, "else"), file.kind(thenClose + 2) == .leftBrace {
                    let elseClose = Int(file.partner[thenClose + 2])
                    if token > thenClose + 2, token < elseClose {
                        found = MainThreadCheck(keyword: keyword, regionStart: thenClose + 2, condition: condition)
                    }
                } else if leaves(probe + 1..<thenClose, in: file), token > thenClose, isInScope(token, of: keyword, in: file) {
                    found = MainThreadCheck(keyword: keyword, regionStart: thenClose, condition: condition)
                }
            } else if !negated, file.at(keyword, "guard"), file.at(probe + 1, "else"), file.kind(probe + 2) == .leftBrace {
                let elseClose = Int(file.partner[probe + 2])
                if elseClose > probe + 2, token > elseClose, isInScope(token, of: keyword, in: file) {
                    found = MainThreadCheck(keyword: keyword, regionStart: elseClose, condition: condition)
                }
            }
        }
        return found
    }

    /// Whether the block `{ … }` leaves its scope: a `return` or `throw` directly in it.
    private static func leaves(_ block: Range<Int>, in file: ParsedFile) -> Bool {
        var probe = block.lowerBound + 1
        while probe < block.upperBound {
            if file.kind(probe) == .leftBrace {
                probe = max(probe, Int(file.partner[probe])) + 1
                continue
            }
            if file.at(probe, "return") || file.at(probe, "throw") { return true }
            probe += 1
        }
        return false
    }

    /// Whether `token` lies in the braces around the statement at `keyword`. A statement after
    /// a `case`/`default` label scopes only that case, which the braces do not show: such a
    /// check (or one after an `if case`) is not taken as scoping anything.
    private static func isInScope(_ token: Int, of keyword: Int, in file: ParsedFile) -> Bool {
        var probe = keyword - 1
        while probe >= 0 {
            switch file.kind(probe) {
            case .rightBrace:
                probe = min(probe, Int(file.partner[probe])) - 1
            case .leftBrace:
                return token < Int(file.partner[probe])
            default:
                if file.at(probe, "case") || file.at(probe, "default") { return false }
                probe -= 1
            }
        }
        return true
    }
}
