import ObservationSyntax

/// The project's calls by callee name, found in one pass over its own files' tokens on
/// first use: `calls(named:index:)`'s (an identifier followed by `(` or a trailing
/// closure's `{`, for the names of the functions its files declare) and `memberCalls(named:)`'s
/// (`.name(`, for the names of the project models' methods). Locations are in file order,
/// then token order.
struct CallTables: Sendable {
    var calls: [String: [TokenLocation]]
    var memberCalls: [String: [TokenLocation]]

    static func collect(index: ProjectIndex) -> CallTables {
        // The functions `OwnedBody.all(inFile:index:)` finds, in every file.
        var declared: [String] = []
        for fileIndex in index.files.indices {
            declared += index.files[fileIndex].functions.map(\.name)
            for (decl, _) in index.typeDeclarations(in: fileIndex) { declared += decl.functions.map(\.name) }
        }
        let functions = NameTable(declared)
        let methods = NameTable(
            index.types.values.lazy.filter { $0.isObservableObject || $0.isObservable }.flatMap(\.functions)
                .filter { $0.function.kind == .function }.map(\.function.name))
        var calls = [[TokenLocation]](repeating: [], count: functions.names.count)
        var memberCalls = [[TokenLocation]](repeating: [], count: methods.names.count)
        for fileIndex in index.ownFiles {
            let file = index.files[fileIndex]
            let tokens = file.tokens
            file.source.bytes.withUnsafeBufferPointer { bytes in
                for token in tokens.indices where tokens[token].kind == .identifier {
                    guard token + 1 < tokens.count else { continue }
                    let next = tokens[token + 1]
                    guard next.kind == .leftParen || next.kind == .leftBrace else { continue }
                    if next.kind == .leftBrace || !next.flags.contains(.leadingSpace),
                        let position = functions.position(of: tokens[token], in: bytes)
                    {
                        calls[position].append(TokenLocation(file: fileIndex, token: token))
                    }
                    if next.kind == .leftParen, token > 0, tokens[token - 1].kind == .period,
                        let position = methods.position(of: tokens[token], in: bytes)
                    {
                        memberCalls[position].append(TokenLocation(file: fileIndex, token: token))
                    }
                }
            }
        }
        return CallTables(calls: ProjectIndex.byName(calls, names: functions), memberCalls: ProjectIndex.byName(memberCalls, names: methods))
    }
}
