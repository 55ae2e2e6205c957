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
        // Each place as it is met, with its name's position: the lists are made at the end,
        // each at its size (appending to thousands of small lists regrows most of them).
        var sites: [Hit] = []
        var calls: [Hit] = []
        var memberCalls: [Hit] = []
        for fileIndex in index.files.indices {
            let file = index.files[fileIndex]
            let tokens = file.tokens
            let own = isOwn[fileIndex]
            file.source.bytes.withUnsafeBufferPointer { bytes in
                for token in tokens.indices where tokens[token].kind == .identifier {
                    guard let name = all.position(of: tokens[token], in: bytes) else { continue }
                    // `ProjectIndex.namedFunctions`: any file, not a declaration's name.
                    let namedPosition = Int(namedPositions[name])
                    if namedPosition >= 0, !file.at(token - 1, "func"), !file.at(token - 1, "var"), !file.at(token - 1, "let"),
                        !ProjectIndex.namesNoFunction(at: token, in: file)
                    {
                        sites.append(Hit(name: namedPosition, location: TokenLocation(file: fileIndex, token: token)))
                    }
                    // `CallTables.collect(index:)`: the project's own files.
                    guard own else { continue }
                    let (isCall, isMemberCall) = CallTables.shape(at: token, in: tokens)
                    if isCall, functionPositions[name] >= 0 {
                        calls.append(Hit(name: Int(functionPositions[name]), location: TokenLocation(file: fileIndex, token: token)))
                    }
                    if isMemberCall, methodPositions[name] >= 0 {
                        memberCalls.append(Hit(name: Int(methodPositions[name]), location: TokenLocation(file: fileIndex, token: token)))
                    }
                }
            }
        }
        return FunctionNameScan(
            namedFunctions: ProjectIndex.byName(Hit.lists(sites, count: named.names.count), names: named),
            callTables: CallTables(
                calls: ProjectIndex.byName(Hit.lists(calls, count: functions.names.count), names: functions),
                memberCalls: ProjectIndex.byName(Hit.lists(memberCalls, count: methods.names.count), names: methods)))
    }

    /// A place and the position of its name in a table.
    private struct Hit {
        let name: Int
        let location: TokenLocation

        /// For each of `count` names, its places in the order of `hits`.
        static func lists(_ hits: [Hit], count: Int) -> [[TokenLocation]] {
            var sizes = [Int](repeating: 0, count: count)
            for hit in hits { sizes[hit.name] += 1 }
            var lists = sizes.map { size in
                var list: [TokenLocation] = []
                list.reserveCapacity(size)
                return list
            }
            for hit in hits { lists[hit.name].append(hit.location) }
            return lists
        }
    }
}
