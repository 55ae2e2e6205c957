/// One clause of a `#if … #elseif … #else … #endif` block: the block (numbered in source
/// order) and the clause's position in it (0 for `#if`).
public struct ConditionalClause: Sendable, Hashable {
    public var block: Int
    public var clause: Int

    public init(block: Int, clause: Int) {
        self.block = block
        self.clause = clause
    }
}

extension TokenStream {
    /// The `#if` clauses around a token, outermost first (empty outside any `#if`).
    /// Scans the tokens before it: asked only when two declarations share a name.
    public func conditionalClauses(around token: Int) -> [ConditionalClause] {
        var open: [ConditionalClause] = []
        var blocks = 0
        for index in 0..<min(token, tokens.count) {
            switch tokens[index].kind {
            case .poundIf:
                open.append(ConditionalClause(block: blocks, clause: 0))
                blocks += 1
            case .poundElseif, .poundElse:
                if !open.isEmpty { open[open.count - 1].clause += 1 }
            case .poundEndif:
                _ = open.popLast()
            default:
                break
            }
        }
        return open
    }
}

extension [ConditionalClause] {
    /// Whether code in these clauses and code in `other` are never compiled together: they
    /// sit in different clauses of one block (`#if os(iOS)` … `#else` …).
    public func excludes(_ other: [ConditionalClause]) -> Bool {
        contains { mine in other.contains { $0.block == mine.block && $0.clause != mine.clause } }
    }
}
