import ObservationSyntax

/// `ProjectIndex.namedFunctions` and the `CallTables` of a project, found together in one
/// pass over every file's identifiers: each identifier is looked up once, in a table of
/// every name either looks for, where two passes would each look it up (every identifier
/// for `namedFunctions`, those followed by `(` or `{` for the call tables).
struct FunctionNameScan: Sendable {
    let namedFunctions: [String: [TokenLocation]]
    let callTables: CallTables

    static func collect(index: ProjectIndex) -> FunctionNameScan {
        let named = NameTable(index.declaredMethodNames())
        let (functions, methods) = CallTables.names(index: index)
        let all = NameTable(distinctSpellings: named.names + functions.names + methods.names)
        let namedPositions = all.positions(in: named)
        let functionPositions = all.positions(in: functions)
        let methodPositions = all.positions(in: methods)
        var isOwn = [Bool](repeating: false, count: index.files.count)
        for file in index.ownFiles { isOwn[file] = true }
        var sites = [[TokenLocation]](repeating: [], count: named.names.count)
        var calls = [[TokenLocation]](repeating: [], count: functions.names.count)
        var memberCalls = [[TokenLocation]](repeating: [], count: methods.names.count)
        for fileIndex in index.files.indices {
            let file = index.files[fileIndex]
            let tokens = file.tokens
            let own = isOwn[fileIndex]
            file.source.bytes.withUnsafeBufferPointer { bytes in
                for token in tokens.indices where tokens[token].kind == .identifier {
                    guard let name = all.position(of: tokens[token], in: bytes) else { continue }
                    // `ProjectIndex.namedFunctions`: any file, not a declaration's name.
                    let namedPosition = Int(namedPositions[name])
                    if namedPosition >= 0, !file.at(token - 1, "func"), !file.at(token - 1, "var"), !file.at(token - 1, "let") {
                        sites[namedPosition].append(TokenLocation(file: fileIndex, token: token))
                    }
                    // `CallTables.collect(index:)`: the project's own files.
                    guard own else { continue }
                    let (isCall, isMemberCall) = CallTables.shape(at: token, in: tokens)
                    if isCall, functionPositions[name] >= 0 {
                        calls[Int(functionPositions[name])].append(TokenLocation(file: fileIndex, token: token))
                    }
                    if isMemberCall, methodPositions[name] >= 0 {
                        memberCalls[Int(methodPositions[name])].append(TokenLocation(file: fileIndex, token: token))
                    }
                }
            }
        }
        return FunctionNameScan(
            namedFunctions: ProjectIndex.byName(sites, names: named),
            callTables: CallTables(calls: ProjectIndex.byName(calls, names: functions), memberCalls: ProjectIndex.byName(memberCalls, names: methods)))
    }
}
