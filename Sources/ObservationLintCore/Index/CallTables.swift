import ObservationSyntax

/// The project's calls by callee name, found in one pass over its own files' tokens on
/// first use: `calls(named:index:)`'s (an identifier followed by `(` or a trailing
/// closure's `{`, for the names of the functions its files declare) and `memberCalls(named:)`'s
/// (`.name(`, for the names of the project models' methods). Locations are in file order,
/// then token order.
struct CallTables: Sendable {
    var calls: [String: [TokenLocation]]
    var memberCalls: [String: [TokenLocation]]

    /// In a whole program, where `ProjectIndex.namedFunctions` looks at every identifier
    /// anyway, the tables come from that same pass (`FunctionNameScan`).
    static func collect(index: ProjectIndex) -> CallTables {
        if index.isWholeProgram { return index.functionNameScan.callTables }
        let (functions, methods) = names(index: index)
        var calls = [[TokenLocation]](repeating: [], count: functions.names.count)
        var memberCalls = [[TokenLocation]](repeating: [], count: methods.names.count)
        for fileIndex in index.ownFiles {
            let file = index.files[fileIndex]
            let tokens = file.tokens
            file.source.bytes.withUnsafeBufferPointer { bytes in
                for token in tokens.indices where tokens[token].kind == .identifier {
                    let (isCall, isMemberCall) = shape(at: token, in: tokens)
                    if isCall, let position = functions.position(of: tokens[token], in: bytes) {
                        calls[position].append(TokenLocation(file: fileIndex, token: token))
                    }
                    if isMemberCall, let position = methods.position(of: tokens[token], in: bytes) {
                        memberCalls[position].append(TokenLocation(file: fileIndex, token: token))
                    }
                }
            }
        }
        return CallTables(calls: ProjectIndex.byName(calls, names: functions), memberCalls: ProjectIndex.byName(memberCalls, names: methods))
    }

    /// The callee names the tables look for: `functions`, those of the functions
    /// `OwnedBody.all(inFile:index:)` finds in every file, for `calls`; `methods`, those of the
    /// project models' methods, for `memberCalls`.
    static func names(index: ProjectIndex) -> (functions: NameTable, methods: NameTable) {
        var declared: [String] = []
        for fileIndex in index.files.indices {
            declared += index.files[fileIndex].functions.map(\.name)
            for (decl, _) in index.typeDeclarations(in: fileIndex) { declared += decl.functions.map(\.name) }
        }
        let functions = NameTable(declared)
        let methods = NameTable(
            index.types.values.lazy.filter { $0.isObservableObject || $0.isObservable }.flatMap(\.functions)
                .filter { $0.function.kind == .function }.map(\.function.name))
        return (functions, methods)
    }

    /// Whether the identifier at `token` is called as `calls` counts it (`name(` with no
    /// space before the `(`, `name {`) and as `memberCalls` does (`.name(`).
    @inline(__always)
    static func shape(at token: Int, in tokens: [Token]) -> (isCall: Bool, isMemberCall: Bool) {
        guard token + 1 < tokens.count else { return (false, false) }
        let next = tokens[token + 1]
        guard next.kind == .leftParen || next.kind == .leftBrace else { return (false, false) }
        return (next.kind == .leftBrace || !next.flags.contains(.leadingSpace),
                next.kind == .leftParen && token > 0 && tokens[token - 1].kind == .period)
    }
}
