import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A Swift file found on disk: its path as output shows it, and its absolute path.
public struct DiscoveredFile: Sendable, Hashable {
    /// As given on the command line, joined with the path inside a walked folder
    /// (`Sources/App/Model.swift`; `./` prefixes and doubled slashes removed).
    public var path: String
    public var absolutePath: String

    public init(path: String, absolutePath: String) {
        self.path = path
        self.absolutePath = absolutePath
    }
}

/// A command-line path that does not exist: a usage error (exit 2).
public struct FileDiscoveryError: Error, Sendable, Equatable, CustomStringConvertible {
    public var missingPaths: [String]

    public init(missingPaths: [String]) {
        self.missingPaths = missingPaths
    }

    public var description: String {
        missingPaths.map { "no such file or directory: '\($0)'" }.joined(separator: "\n")
    }
}

/// Turns command-line paths into the files to lint (SPEC §3).
///
/// - Folders are walked recursively for `*.swift` files. Hidden files and folders (name
///   starting with `.`) and the folders `.build`, `.git`, `DerivedData`, `Pods`,
///   `Carthage` are skipped. Symbolic links are followed (after everything reachable without
///   them, so a file reached both ways shows its own path), but a folder already walked (by
///   its real path) is not walked again, so link loops end.
/// - Walked files must match `included` (if non-empty) and must not match `excluded`.
/// - A file named explicitly is linted if it ends in `.swift` and `excluded` does not match
///   it (`included` does not apply to it: it was asked for). Other explicit files are skipped.
/// - A path that does not exist is a `FileDiscoveryError`. A folder or file that exists but
///   cannot be read, or is not UTF-8, becomes an `InputError`; the rest is still linted.
/// - Every file is reported once (by real path), sorted by its display path.
public struct FileDiscovery: Sendable {
    public static let skippedFolderNames: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage"]

    public var configuration: Configuration
    public var currentDirectory: String
    private let included: [PathPattern]
    private let excluded: [PathPattern]

    public init(configuration: Configuration, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        self.configuration = configuration
        self.currentDirectory = PathUtilities.absolute(currentDirectory)
        let root = PathUtilities.absolute(configuration.rootDirectory, relativeTo: self.currentDirectory)
        self.included = configuration.included.map { PathPattern($0, relativeTo: root) }
        self.excluded = configuration.excluded.map { PathPattern($0, relativeTo: root) }
    }

    /// The result of discovery: the files read, and the ones that could not be.
    public struct Result: Sendable {
        public var inputs: [SourceInput]
        public var errors: [InputError]
    }

    /// Finds and reads the files (each read once; on `jobs` threads, 0 meaning all cores).
    /// `paths` empty means `.`.
    public func discover(_ paths: [String], jobs: Int = 1) throws(FileDiscoveryError) -> Result {
        let found = try findFiles(paths)
        var inputs: [SourceInput] = []
        var errors = found.errors
        inputs.reserveCapacity(found.files.count)
        let threads = jobs > 0 ? jobs : ProcessInfo.processInfo.activeProcessorCount
        for read in parallelMap(found.files, jobs: threads, { Self.read($0) }) {
            switch read {
            case .success(let input): inputs.append(input)
            case .failure(let error): errors.append(error)
            }
        }
        return Result(inputs: inputs, errors: errors.sorted { $0.file < $1.file })
    }

    /// Finds the files without reading them.
    public func findFiles(_ paths: [String]) throws(FileDiscoveryError) -> (files: [DiscoveredFile], errors: [InputError]) {
        let roots = paths.isEmpty ? ["."] : paths
        var missing: [String] = []
        for root in roots where !PathUtilities.exists(PathUtilities.absolute(root, relativeTo: currentDirectory)) {
            missing.append(root)
        }
        if !missing.isEmpty { throw FileDiscoveryError(missingPaths: missing) }

        var walker = Walker(discovery: self)
        for root in roots {
            walker.visitRoot(root)
        }
        walker.followDeferredLinks()
        let files = walker.files.sorted { $0.path < $1.path }
        return (files, walker.errors)
    }

    /// Reads one file: its bytes must be UTF-8 (a byte order mark is fine).
    public static func read(_ file: DiscoveredFile) -> Swift.Result<SourceInput, InputError> {
        switch readBytes(file.absolutePath) {
        case .failure(let message):
            return .failure(InputError(file: file.path, message: message.text))
        case .success(let bytes):
            if let problem = UTF8Check.problem(in: bytes) {
                return .failure(InputError(file: file.path, message: problem))
            }
            return .success(SourceInput(path: file.path, bytes: bytes))
        }
    }

    /// Why bytes are not UTF-8 (with the line and column of the first bad byte), or nil.
    public static func utf8Problem(in bytes: [UInt8]) -> String? {
        UTF8Check.problem(in: bytes)
    }

    struct Message: Error { var text: String }

    /// The largest file the linter reads: token offsets are 32-bit, and token indices (at
    /// most one token a byte) are stored in 31 bits.
    public static let maximumFileSize = Int(Int32.max)

    static func readBytes(_ path: String) -> Swift.Result<[UInt8], Message> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Message(text: "cannot read the file: \(errnoText())")) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(Message(text: "cannot read the file: \(errnoText())"))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(Message(text: "not a regular file"))
        }
        let size = Int(info.st_size)
        guard size <= maximumFileSize else {
            return .failure(Message(text: "the file is too large to lint (\(size) bytes)"))
        }
        // Read straight into an array of the size `fstat` gives (one more byte to see the
        // end); a file that grows meanwhile is read on in chunks.
        var failure: Message?
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            while initialized < buffer.count {
                let count = Foundation.read(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = Message(text: "cannot read the file: \(errnoText())")
                    return
                }
                if count == 0 { return }
                initialized += count
            }
        }
        if let failure { return .failure(failure) }
        if bytes.count == size + 1 {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    return .failure(Message(text: "cannot read the file: \(errnoText())"))
                }
                if count == 0 { break }
                bytes.append(contentsOf: chunk[0..<count])
                if bytes.count > maximumFileSize {
                    return .failure(Message(text: "the file is too large to lint"))
                }
            }
        }
        return .success(bytes)
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }

    func isIncluded(absolutePath: String) -> Bool {
        included.isEmpty || included.contains { $0.matches(absolutePath) }
    }

    func isExcluded(absolutePath: String) -> Bool {
        excluded.contains { $0.matches(absolutePath) }
    }
}

/// The recursive walk, with the set of folders already visited.
private struct Walker {
    let discovery: FileDiscovery
    var files: [DiscoveredFile] = []
    var errors: [InputError] = []
    var visitedFolders: Set<String> = []
    var seenFiles: Set<String> = []
    /// Symbolic links met inside walked folders, followed after everything reachable without
    /// links, so that a file is shown under its own path rather than a link's when both reach it.
    var deferredFiles: [(display: String, absolute: String)] = []
    var deferredFolders: [(display: String, absolute: String)] = []

    init(discovery: FileDiscovery) {
        self.discovery = discovery
    }

    mutating func visitRoot(_ root: String) {
        let display = PathUtilities.displayPath(root)
        let absolute = PathUtilities.absolute(root, relativeTo: discovery.currentDirectory)
        var info = stat()
        guard stat(absolute, &info) == 0 else {
            // It exists (checked before) but cannot be followed: a broken symbolic link.
            errors.append(InputError(file: display, message: "cannot read: \(FileDiscovery.errnoText())"))
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            walk(folder: absolute, display: display)
        case S_IFREG:
            guard absolute.hasSuffix(".swift"), !discovery.isExcluded(absolutePath: absolute) else { return }
            addFile(display: display, absolute: absolute)
        default:
            errors.append(InputError(file: display, message: "not a regular file or folder"))
        }
    }

    mutating func followDeferredLinks() {
        while !deferredFiles.isEmpty || !deferredFolders.isEmpty {
            let files = deferredFiles
            deferredFiles = []
            for file in files { addFile(display: file.display, absolute: file.absolute) }
            let folders = deferredFolders
            deferredFolders = []
            for folder in folders { walk(folder: folder.absolute, display: folder.display) }
        }
    }

    /// `identity`: the file's real path when the caller knows it (a file that is not a link,
    /// in a folder whose real path is known); otherwise `realpath` is asked.
    mutating func addFile(display: String, absolute: String, identity: String? = nil) {
        let identity = identity ?? PathUtilities.realPath(absolute) ?? absolute
        guard seenFiles.insert(identity).inserted else { return }
        files.append(DiscoveredFile(path: display, absolutePath: absolute))
    }

    mutating func walk(folder: String, display: String) {
        // A folder's real path is asked of `realpath` for the folders given and those reached
        // through links only; below them it is the parent's real path joined with the name.
        var stack: [(absolute: String, display: String, real: String?)] = [(folder, display, nil)]
        while let (absolute, display, knownReal) = stack.popLast() {
            let real = knownReal ?? PathUtilities.realPath(absolute) ?? absolute
            guard visitedFolders.insert(real).inserted else { continue }
            guard let entries = PathUtilities.folderEntries(absolute, keeping: Self.mayBeWalked) else {
                errors.append(
                    InputError(file: display, message: "cannot read the folder: \(FileDiscovery.errnoText())"))
                continue
            }
            // A child's paths are its folder's joined with its name: the joins are done once.
            let absolutePrefix = PathUtilities.join(absolute, "")
            let displayPrefix = PathUtilities.displayJoin(display, "")
            let realPrefix = real == absolute ? nil : PathUtilities.join(real, "")
            var subfolders: [(String, String, String?)] = []
            for (name, kind) in entries.sorted(by: { $0.name < $1.name }) {
                if name.hasPrefix(".") { continue }
                let childAbsolute = absolutePrefix + name
                let childDisplay = displayPrefix + name
                let childReal = realPrefix.map { $0 + name } ?? childAbsolute
                var type = kind
                let isLink = kind == .symlink
                if type == .symlink || type == .unknown {
                    var info = stat()
                    if stat(childAbsolute, &info) != 0 {
                        if name.hasSuffix(".swift"), type == .symlink,
                            discovery.isIncluded(absolutePath: childAbsolute),
                            !discovery.isExcluded(absolutePath: childAbsolute)
                        {
                            errors.append(
                                InputError(file: childDisplay, message: "cannot read: broken symbolic link"))
                        }
                        continue
                    }
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: type = .folder
                    case S_IFREG: type = .file
                    default: type = .other
                    }
                }
                switch type {
                case .folder:
                    if FileDiscovery.skippedFolderNames.contains(name) { continue }
                    if discovery.isExcluded(absolutePath: childAbsolute) { continue }
                    if isLink {
                        deferredFolders.append((childDisplay, childAbsolute))
                    } else {
                        subfolders.append((childAbsolute, childDisplay, kind == .folder ? childReal : nil))
                    }
                case .file:
                    guard name.hasSuffix(".swift"), discovery.isIncluded(absolutePath: childAbsolute),
                        !discovery.isExcluded(absolutePath: childAbsolute)
                    else { continue }
                    if isLink {
                        deferredFiles.append((childDisplay, childAbsolute))
                    } else {
                        addFile(display: childDisplay, absolute: childAbsolute, identity: childReal)
                    }
                default:
                    continue
                }
            }
            // Depth-first in name order (the final list is sorted anyway).
            stack.append(contentsOf: subfolders.reversed())
        }
    }

    /// Whether a folder entry can be a file to lint or a folder to walk, judged on its name's
    /// bytes before a `String` is made: hidden names, and files whose name does not end in
    /// `.swift`, cannot. (A dot before a non-ASCII byte may start a longer character: the
    /// `String` tests decide.)
    private static func mayBeWalked(_ name: UnsafeBufferPointer<UInt8>, _ kind: PathUtilities.EntryKind) -> Bool {
        if name.first == UInt8(ascii: "."), name.count == 1 || name[1] < 0x80 { return false }
        switch kind {
        case .file: return name.count >= swiftExtension.count && name.suffix(swiftExtension.count).elementsEqual(swiftExtension)
        case .other: return false
        case .folder, .symlink, .unknown: return true
        }
    }

    private static let swiftExtension = Array(".swift".utf8)
}

/// A glob from `included`/`excluded`, anchored at the configuration's folder. `*` and `?`
/// match within one path component, `**` any number of components. A pattern that matches a
/// folder matches everything inside it.
struct PathPattern: Sendable {
    let segments: [Substring]

    init(_ pattern: String, relativeTo root: String) {
        let absolute = PathUtilities.absolute(pattern, relativeTo: root)
        segments = absolute.split(separator: "/", omittingEmptySubsequences: true)
    }

    func matches(_ absolutePath: String) -> Bool {
        let path = absolutePath.split(separator: "/", omittingEmptySubsequences: true)
        return Self.match(segments[...], path[...])
    }

    /// Whether the pattern matches `path` or one of its ancestors.
    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return true }
        if first == "**" {
            let rest = pattern.dropFirst()
            if rest.isEmpty { return true }
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(Array(first.utf8)[...], Array(component.utf8)[...]) else {
            return false
        }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchComponent(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case UInt8(ascii: "*"):
            var remaining = text
            while true {
                if matchComponent(pattern.dropFirst(), remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        case UInt8(ascii: "?"):
            guard !text.isEmpty else { return false }
            return matchComponent(pattern.dropFirst(), text.dropFirst())
        default:
            guard text.first == first else { return false }
            return matchComponent(pattern.dropFirst(), text.dropFirst())
        }
    }
}

/// Checks that bytes are UTF-8 and says where they are not.
enum UTF8Check {
    static func problem(in bytes: [UInt8]) -> String? {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return "not valid UTF-8: the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8"
        }
        guard let offset = firstInvalidOffset(bytes) else { return nil }
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        let hex = byte.count == 1 ? "0" + byte : byte
        return "not valid UTF-8: byte 0x\(hex) at line \(line), column \(offset - lineStart + 1); save the file as UTF-8"
    }

    /// The offset of the first byte that does not belong to a valid UTF-8 sequence.
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        let count = bytes.count
        var index = 0
        while index < count {
            // ASCII text 32 bytes at a time, then eight.
            while index + 32 <= count {
                let words = bytes.withUnsafeBytes { raw in
                    (0..<4).reduce(UInt64(0)) { $0 | raw.loadUnaligned(fromByteOffset: index + 8 * $1, as: UInt64.self) }
                }
                if words & 0x8080_8080_8080_8080 != 0 { break }
                index += 32
            }
            while index + 8 <= count {
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index, as: UInt64.self) }
                if word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= lower, second <= upper else { return index }
            var next = index + 2
            while next < index + length {
                guard bytes[next] & 0xC0 == 0x80 else { return index }
                next += 1
            }
            index += length
        }
        return nil
    }
}

/// Lexical path helpers (no file system access unless the name says so).
public enum PathUtilities {
    public static var currentDirectory: String { FileManager.default.currentDirectoryPath }

    /// An absolute, lexically normalized path (`.` and `..` resolved, no doubled slashes).
    public static func absolute(_ path: String, relativeTo base: String? = nil) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        let base = base ?? currentDirectory
        return normalize(base + "/" + path)
    }

    /// Lexical normalization. Relative paths keep leading `..`; `""` becomes `.`.
    public static func normalize(_ path: String) -> String {
        if isNormalized(path) { return path }
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        // Split on bytes when ASCII (a `/` is then a character of its own): paths of project
        // files are normalized by the hundred.
        let components =
            path.utf8.allSatisfy { $0 < 0x80 }
            ? path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
            : path.split(separator: "/", omittingEmptySubsequences: true)
        for part in components {
            if part == "." { continue }
            if part == ".." {
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !isAbsolute {
                    parts.append(part)
                }
                continue
            }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Whether `normalize` would return the path unchanged (no empty, `.` or `..`
    /// component but a leading `/`): checked on bytes, as paths are normalized per file.
    static func isNormalized(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            // The length of the current component, and how many of its bytes are dots.
            var (length, dots, first) = (0, 0, true)
            func isBadComponent() -> Bool { (length == 0 && !first) || (length == dots && length <= 2 && length > 0) }
            for byte in bytes {
                if byte == UInt8(ascii: "/") {
                    if isBadComponent() { return false }
                    (length, dots, first) = (0, 0, false)
                } else {
                    length += 1
                    if byte == UInt8(ascii: ".") { dots += 1 }
                }
            }
            return length > 0 && !isBadComponent()
        }
    }

    /// A command-line path as output shows it: `./Sources//A.swift` → `Sources/A.swift`.
    /// `..` segments are kept as written.
    public static func displayPath(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Appends a name to a display path (`.` + `A.swift` → `A.swift`).
    public static func displayJoin(_ folder: String, _ name: String) -> String {
        if folder == "." || folder.isEmpty { return name }
        if folder.hasSuffix("/") { return folder + name }
        return folder + "/" + name
    }

    public static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The parent folder of an absolute path (`/` for `/`).
    public static func directory(of path: String) -> String {
        let normalized = normalize(path)
        guard let slash = normalized.lastIndex(of: "/") else { return "." }
        if slash == normalized.startIndex { return "/" }
        return String(normalized[..<slash])
    }

    /// `path` relative to `base` (both absolute): `/a/b/c` from `/a/d` → `../b/c`.
    public static func relative(_ path: String, to base: String) -> String {
        let target = normalize(path).split(separator: "/")
        let from = normalize(base).split(separator: "/")
        var common = 0
        while common < target.count, common < from.count, target[common] == from[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        let parts = ups + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Whether something exists at the path (a broken symbolic link counts).
    public static func exists(_ absolutePath: String) -> Bool {
        var info = stat()
        return lstat(absolutePath, &info) == 0
    }

    /// The canonical path with symbolic links resolved, or nil.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    enum EntryKind { case file, folder, symlink, other, unknown }

    /// Whether some name in a folder (its UTF-8 bytes) satisfies `test`; false when the
    /// folder cannot be read. No `String` per entry: asked of every folder above every file.
    static func folderContains(_ path: String, _ test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var found = false
        _ = forEachEntry(path) { name, _ in
            found = test(name)
            return !found
        }
        return found
    }

    /// The names in a folder with their types as `readdir` reports them (`.` and `..` left
    /// out), those `keep` accepts on their bytes only, or nil (errno set).
    static func folderEntries(
        _ path: String, keeping keep: (UnsafeBufferPointer<UInt8>, EntryKind) -> Bool = { _, _ in true }
    ) -> [(name: String, kind: EntryKind)]? {
        var entries: [(name: String, kind: EntryKind)] = []
        let opened = forEachEntry(path) { name, kind in
            let isDots = name.allSatisfy { $0 == UInt8(ascii: ".") } && name.count <= 2
            if !isDots, keep(name, kind) { entries.append((String(decoding: name, as: UTF8.self), kind)) }
            return true
        }
        return opened ? entries : nil
    }

    /// Calls `body` with each entry of a folder (its name's UTF-8 bytes and its type as
    /// `readdir` reports it) until it returns false; false when the folder cannot be opened
    /// (errno set).
    private static func forEachEntry(_ path: String, _ body: (UnsafeBufferPointer<UInt8>, EntryKind) -> Bool) -> Bool {
        guard let handle = opendir(path) else { return false }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let kind: EntryKind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .folder
            case Int32(DT_LNK): kind = .symlink
            case Int32(DT_UNKNOWN): kind = .unknown
            default: kind = .other
            }
            let goOn = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    body(UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))), kind)
                }
            }
            if !goOn { break }
        }
        return true
    }
}
