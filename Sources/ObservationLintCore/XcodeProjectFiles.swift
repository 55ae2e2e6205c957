/// The files an Xcode project builds, read from its `project.pbxproj` (SPEC §9 scopes;
/// docs/cli.md): a file a build file (`PBXBuildFile`) refers to, at the path its groups
/// give it, and every file inside a folder the project synchronizes with the disk (Xcode 16's
/// `PBXFileSystemSynchronizedRootGroup`; its per-target exceptions are not read, so the whole
/// folder counts as built). A `.swift` file lying in the project's folder that is neither is a
/// stale copy no target compiles.
struct XcodeProjectFiles: Sendable {
    /// The absolute paths, lowercased (the Mac's file system ignores case), of the files that
    /// build files refer to.
    private var builtPaths: Set<String> = []
    /// The names (lowercased) of built files whose folder the project file does not fix (a
    /// source tree such as `BUILT_PRODUCTS_DIR`): a file of that name anywhere counts as built.
    private var builtNamesAnywhere: Set<String> = []
    /// The synchronized folders, absolute and lowercased, each ending with `/`.
    private var synchronizedFolders: [String] = []

    /// Reads the project file of the project whose `.xcodeproj` lies in `projectFolder`
    /// (absolute); nil when the text is no project file this reader understands, or when it
    /// names files to build and none of them `isOnDisk` (its folders were moved or renamed
    /// since it was saved: it does not describe these files). Then nothing is known about
    /// what the project builds.
    init?(projectFile text: String, projectFolder: String, isOnDisk: (String) -> Bool = { _ in true }) {
        guard case .dictionary(let top)? = OldStylePropertyList.parse(text, keepingObjectFields: Self.readFields),
            case .dictionary(let objects)? = top["objects"]
        else { return nil }
        var paths = XcodeGroupPaths(objects: objects, projectFolder: projectFolder)
        var someBuiltFileIsOnDisk = false
        for (id, object) in objects {
            guard case .dictionary(let fields) = object else { continue }
            switch fields["isa"]?.string {
            case "PBXBuildFile":
                guard let reference = fields["fileRef"]?.string, case .dictionary(let file)? = objects[reference] else { continue }
                if let path = paths.location(of: reference) {
                    builtPaths.insert(path.lowercased())
                    if !someBuiltFileIsOnDisk { someBuiltFileIsOnDisk = isOnDisk(path) }
                } else if let name = (file["path"] ?? file["name"])?.string {
                    builtNamesAnywhere.insert(Self.lastComponent(of: name).lowercased())
                }
            case "PBXFileSystemSynchronizedRootGroup":
                // A synchronized folder whose place a build setting decides: nothing is known.
                guard let folder = paths.location(of: id) else { return nil }
                synchronizedFolders.append(folder.lowercased() + "/")
            default: continue
            }
        }
        guard someBuiltFileIsOnDisk || builtPaths.isEmpty || !synchronizedFolders.isEmpty else { return nil }
    }

    /// The fields of the project file's objects this reader looks at; the others (build
    /// settings, build phases' other fields) are skipped unread.
    private static let readFields: Set<String> = ["isa", "children", "path", "name", "sourceTree", "fileRef", "projectDirPath"]

    /// Whether the project builds the file at `absolutePath` (normalized).
    func builds(_ absolutePath: String) -> Bool {
        let path = absolutePath.lowercased()
        return builtPaths.contains(path) || builtNamesAnywhere.contains(Self.lastComponent(of: path))
            || synchronizedFolders.contains { path.hasPrefix($0) }
    }

    /// Whether the project builds the file at `absolutePath` (normalized) by its path: a
    /// build file's path or a synchronized folder holds it (a name a build setting places
    /// anywhere does not say where the file is).
    func buildsByPath(_ absolutePath: String) -> Bool {
        let path = absolutePath.lowercased()
        return builtPaths.contains(path) || synchronizedFolders.contains { path.hasPrefix($0) }
    }

    /// An ASCII path's is found on its bytes: asked per file (`split` on characters cost
    /// about 40,000 instructions a path).
    static func lastComponent(of path: String) -> String {
        let bytes = path.utf8
        // Other paths by characters (a combining mark after `/` joins it).
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return path.split(separator: "/").last.map(String.init) ?? path }
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "/") { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return path }
        var start = end
        while start > bytes.startIndex, bytes[bytes.index(before: start)] != UInt8(ascii: "/") { start = bytes.index(before: start) }
        return String(path[start..<end])
    }
}

/// The old-style (OpenStep) property list `project.pbxproj` is written in: dictionaries
/// `{ key = value; }`, arrays `( a, b, )`, quoted or bare strings, `/* */` and `//` comments.
enum OldStylePropertyList: Equatable, Sendable {
    case string(String)
    case array([OldStylePropertyList])
    case dictionary([String: OldStylePropertyList])

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value the text holds, or nil when it is not a property list of this kind. With
    /// `keepingObjectFields`, the dictionaries two levels down (the objects of a project file,
    /// `{ objects = { ID = { … }; }; }`) keep only those fields: the others are checked and
    /// skipped without building their values.
    static func parse(_ text: String, keepingObjectFields keptFields: Set<String>? = nil) -> OldStylePropertyList? {
        var text = text
        return text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes, keptObjectFields: keptFields)
            guard let value = parser.value(depth: 0) else { return nil }
            parser.skipTrivia()
            return parser.index == bytes.count ? value : nil
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let keptObjectFields: Set<String>?
        var index = 0

        mutating func value(depth: Int) -> OldStylePropertyList? {
            skipTrivia()
            guard index < bytes.count, depth < 256 else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var fields: [String: OldStylePropertyList] = [:]
                while true {
                    skipTrivia()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return .dictionary(fields)
                    }
                    guard let key = string(), consume(UInt8(ascii: "=")) else { return nil }
                    if depth == 2, let keptObjectFields, !keptObjectFields.contains(key) {
                        guard skipValue(depth: depth + 1), consume(UInt8(ascii: ";")) else { return nil }
                        continue
                    }
                    guard let field = value(depth: depth + 1), consume(UInt8(ascii: ";")) else { return nil }
                    fields[key] = field
                }
            case UInt8(ascii: "("):
                index += 1
                var elements: [OldStylePropertyList] = []
                while true {
                    skipTrivia()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ")") {
                        index += 1
                        return .array(elements)
                    }
                    guard let element = value(depth: depth + 1) else { return nil }
                    elements.append(element)
                    skipTrivia()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
                }
            default:
                return string().map(OldStylePropertyList.string)
            }
        }

        /// Moves past a value as `value(depth:)` reads it, building nothing; false where
        /// `value(depth:)` gives nil.
        mutating func skipValue(depth: Int) -> Bool {
            skipTrivia()
            guard index < bytes.count, depth < 256 else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                while true {
                    skipTrivia()
                    guard index < bytes.count else { return false }
                    if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return true
                    }
                    guard skipString(), consume(UInt8(ascii: "=")), skipValue(depth: depth + 1), consume(UInt8(ascii: ";"))
                    else { return false }
                }
            case UInt8(ascii: "("):
                index += 1
                while true {
                    skipTrivia()
                    guard index < bytes.count else { return false }
                    if bytes[index] == UInt8(ascii: ")") {
                        index += 1
                        return true
                    }
                    guard skipValue(depth: depth + 1) else { return false }
                    skipTrivia()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
                }
            default:
                return skipString()
            }
        }

        /// Moves past a string as `string()` reads it; false where `string()` gives nil.
        mutating func skipString() -> Bool {
            skipTrivia()
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                    index += 1
                }
                guard index < bytes.count else { return false }
                index += 1
                return true
            }
            let start = index
            while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
            return index > start
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            skipTrivia()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A quoted string (with `\` escapes) or a bare word.
        mutating func string() -> String? {
            skipTrivia()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                var result: [UInt8] = []
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                        index += 1
                        switch bytes[index] {
                        case UInt8(ascii: "n"): result.append(10)
                        case UInt8(ascii: "t"): result.append(9)
                        default: result.append(bytes[index])
                        }
                    } else {
                        result.append(bytes[index])
                    }
                    index += 1
                }
                guard index < bytes.count else { return nil }
                index += 1
                return String(decoding: result, as: UTF8.self)
            }
            let start = index
            while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        static func isBare(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
                UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "@"), UInt8(ascii: "~"):
                return true
            default:
                return byte >= 0x80
            }
        }

        /// Spaces, line breaks and comments.
        mutating func skipTrivia() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 32 || byte == 9 || byte == 10 || byte == 13 {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                        index += 1
                    }
                    index = min(index + 2, bytes.count)
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != 10 { index += 1 }
                } else {
                    return
                }
            }
        }
    }
}

/// Where the objects of a project's group tree lie.
struct XcodeGroupPaths {
    let objects: [String: OldStylePropertyList]
    var parent: [String: String] = [:]
    var projectDirectory: String
    var resolved: [String: String?] = [:]

    /// The fields of the object `id` names; nil when there is no such dictionary.
    func fields(_ id: String?) -> [String: OldStylePropertyList]? {
        guard let id, case .dictionary(let fields)? = objects[id] else { return nil }
        return fields
    }

    /// The object ids an array field lists.
    static func ids(_ value: OldStylePropertyList?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap(\.string)
    }

    init(objects: [String: OldStylePropertyList], projectFolder: String) {
        self.objects = objects
        projectDirectory = projectFolder
        for (id, object) in objects {
            guard case .dictionary(let fields) = object else { continue }
            if case .array(let children)? = fields["children"] {
                for case .string(let child) in children { parent[child] = id }
            }
            if fields["isa"]?.string == "PBXProject", let directory = fields["projectDirPath"]?.string, !directory.isEmpty {
                projectDirectory = PathUtilities.absolute(directory, relativeTo: projectFolder)
            }
        }
    }

    /// The absolute folder or file an object stands for, or nil when a build setting
    /// decides it.
    mutating func location(of id: String, depth: Int = 0) -> String? {
        if let known = resolved[id] { return known }
        guard depth < 64, case .dictionary(let fields)? = objects[id] else { return nil }
        let path = fields["path"]?.string
        let base: String?
        switch fields["sourceTree"]?.string ?? "<group>" {
        case "<group>": base = parent[id].map { location(of: $0, depth: depth + 1) } ?? projectDirectory
        case "SOURCE_ROOT": base = projectDirectory
        case "<absolute>": base = "/"
        default: base = nil
        }
        let result = base.map { base in path.map { PathUtilities.absolute($0, relativeTo: base) } ?? base }
        resolved[id] = result
        return result
    }
}
