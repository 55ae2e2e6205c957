import ObservationSyntax

/// A token of one of the analyzed files.
public struct TokenLocation: Sendable, Hashable {
    private let fileIndex: Int32
    private let tokenIndex: Int32

    public init(file: Int, token: Int) {
        self.fileIndex = Int32(truncatingIfNeeded: file)
        self.tokenIndex = Int32(truncatingIfNeeded: token)
    }

    /// The file's position in `ProjectIndex.files`.
    public var file: Int { Int(fileIndex) }
    public var token: Int { Int(tokenIndex) }

    /// Both positions as one word: the memo tables keyed by location hash constantly.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(UInt32(bitPattern: fileIndex)) << 32 | UInt64(UInt32(bitPattern: tokenIndex)))
    }
}

/// Where names occur across the project, gathered in one pass over every file's tokens
/// (files in parallel) while the index is built, so that rules look a name up instead of
/// scanning every file. Locations are in file order, then token order.
struct NameReferences: Sendable {
    /// Identifier tokens whose text is the simple name (last component) of a project type
    /// (one declared, not only extended), by that name.
    var typeNames: [String: [TokenLocation]] = [:]
    /// Member name tokens (`x.name`) followed, after subscripts and a `?` or `!`, by an
    /// assignment operator (`x.name = v`, `x.name[i] += 1`) or by a method call
    /// (`x.name.append(v)`), by member name: where code may change a member through a
    /// reference. Rules decide which of these are changes.
    var memberUpdates: [String: [TokenLocation]] = [:]

    /// Scans the files at `scanned` (positions in `files`).
    static func collect(files: [ParsedFile], scanned: [Int], types: [String: TypeInfo], jobs: Int) -> NameReferences {
        let simpleNames = NameTable(
            types.values.lazy.filter { $0.kind != nil }.map { info in
                // The last component (split on UTF-8: names are identifiers joined by dots).
                guard let dot = info.name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return info.name }
                return String(info.name[info.name.utf8.index(after: dot)...])
            })
        let perFile = parallelMap(scanned, jobs: jobs) { fileIndex in
            scan(files[fileIndex], typeNames: simpleNames)
        }
        var result = NameReferences()
        // Gathered by name number, then keyed by name once.
        var byName = [[TokenLocation]](repeating: [], count: simpleNames.names.count)
        var updatedMembers = NameInterner(capacity: 1024)
        var byUpdatedMember: [[TokenLocation]] = []
        for (fileIndex, found) in zip(scanned, perFile) {
            for (name, token) in found.typeNames {
                byName[Int(name)].append(TokenLocation(file: fileIndex, token: Int(token)))
            }
            let file = files[fileIndex]
            file.source.bytes.withUnsafeBufferPointer { bytes in
                for token in found.memberUpdates {
                    let range = file.tokens[Int(token)].range
                    let member = Int(updatedMembers.number(bytes.baseAddress! + range.lowerBound, range.count))
                    if member == byUpdatedMember.count { byUpdatedMember.append([]) }
                    byUpdatedMember[member].append(TokenLocation(file: fileIndex, token: Int(token)))
                }
            }
        }
        result.typeNames.reserveCapacity(byName.count)
        for (name, locations) in byName.enumerated() where !locations.isEmpty {
            result.typeNames[simpleNames.names[name]] = locations
        }
        result.memberUpdates.reserveCapacity(byUpdatedMember.count)
        for (member, locations) in byUpdatedMember.enumerated() {
            let name = updatedMembers.names[member]
            if let other = result.memberUpdates[name] {
                // An ASCII name and one with other characters that `String` finds equal.
                result.memberUpdates[name] = (other + locations).sorted { ($0.file, $0.token) < ($1.file, $1.token) }
            } else {
                result.memberUpdates[name] = locations
            }
        }
        return result
    }

    /// Kept for every file until all are scanned, so in 32-bit numbers.
    private struct FileFound {
        var typeNames: [(name: Int32, token: Int32)] = []
        /// The member tokens of `NameReferences.memberUpdates`.
        var memberUpdates: [Int32] = []
    }

    private static func scan(_ file: ParsedFile, typeNames: NameTable) -> FileFound {
        var found = FileFound()
        let tokens = file.tokens
        file.source.bytes.withUnsafeBufferPointer { bytes in
            for index in tokens.indices where tokens[index].kind == .identifier {
                if let name = typeNames.position(of: tokens[index], in: bytes) {
                    found.typeNames.append((Int32(truncatingIfNeeded: name), Int32(truncatingIfNeeded: index)))
                }
                if index > 0, tokens[index - 1].kind == .period, isUpdated(member: index, in: file) {
                    found.memberUpdates.append(Int32(truncatingIfNeeded: index))
                }
            }
        }
        return found
    }

    private static func isUpdated(member: Int, in file: ParsedFile) -> Bool {
        var next = member + 1
        // Most members are followed by none of the tokens the checks below look for.
        guard let after = file.kind(next),
            after == .leftSquare || after == .postfixQuestionMark || after == .exclamationMark || after == .equal
                || after == .binaryOperator || after == .period
        else { return false }
        while file.kind(next) == .leftSquare, !file.tokens[next].flags.contains(.leadingSpace) { next = file.skipGroup(next) }
        if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
        if file.isAssignmentOperator(next) { return true }
        return file.kind(next) == .period && file.isWord(next + 1) && file.kind(next + 2) == .leftParen
    }
}
