import Foundation

extension Configuration {
    /// The nearest `.observation-lint.yml` in `directory` or one of its ancestors, as an
    /// absolute path.
    public static func find(from directory: String) -> String? {
        var current = PathUtilities.absolute(directory)
        while true {
            let candidate = PathUtilities.join(current, fileName)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            let parent = PathUtilities.directory(of: current)
            if parent == current { return nil }
            current = parent
        }
    }

    /// Loads the configuration the CLI uses: `explicitPath` (`--config FILE`) if given,
    /// otherwise the nearest `.observation-lint.yml` upward from `currentDirectory`,
    /// otherwise the default configuration rooted at `currentDirectory`.
    public static func resolve(
        explicitPath: String?, currentDirectory: String, knownRuleIDs: Set<String>
    ) throws(ConfigurationError) -> Configuration {
        if let explicitPath {
            let absolute = PathUtilities.absolute(explicitPath, relativeTo: currentDirectory)
            return try load(path: absolute, displayPath: explicitPath, knownRuleIDs: knownRuleIDs)
        }
        guard let found = find(from: currentDirectory) else {
            return Configuration(rootDirectory: PathUtilities.absolute(currentDirectory))
        }
        let shown = PathUtilities.relative(found, to: PathUtilities.absolute(currentDirectory))
        return try load(path: found, displayPath: shown, knownRuleIDs: knownRuleIDs)
    }

    /// The default actor isolation in effect: the configuration's
    /// `default_actor_isolation`, else what the package manifest or Xcode project next to
    /// the configuration file (then in `currentDirectory`) declares, else `nonisolated`.
    public func effectiveDefaultActorIsolation(currentDirectory: String) -> DefaultActorIsolation {
        if let defaultActorIsolation { return defaultActorIsolation }
        var directories = [rootDirectory]
        let current = PathUtilities.absolute(currentDirectory)
        if current != rootDirectory { directories.append(current) }
        for directory in directories {
            if let detected = DefaultActorIsolation.detect(inDirectory: directory) { return detected }
        }
        return .nonisolated
    }

    /// Whether the project next to the configuration file (then in `currentDirectory`) turns
    /// on the `NonisolatedNonsendingByDefault` upcoming feature (SE-0461).
    public func nonisolatedNonsendingByDefault(currentDirectory: String) -> Bool {
        var directories = [rootDirectory]
        let current = PathUtilities.absolute(currentDirectory)
        if current != rootDirectory { directories.append(current) }
        return directories.contains { UpcomingFeatures.enablesNonisolatedNonsending(inDirectory: $0) }
    }
}

/// The upcoming language features a project turns on that change where code runs.
public enum UpcomingFeatures {
    /// `NonisolatedNonsendingByDefault` (SE-0461): a nonisolated `async` function runs on its
    /// caller's actor. Read, like the default isolation, from `Package.swift`, then the Xcode
    /// project and xcconfig files of the folder and its direct subfolders.
    public static func enablesNonisolatedNonsending(inDirectory directory: String) -> Bool {
        if let text = readText(PathUtilities.join(directory, "Package.swift")), enablesNonisolatedNonsending(packageManifest: text) {
            return true
        }
        return DefaultActorIsolation.buildSettingFiles(inDirectory: directory).contains { path in
            readText(path).map(enablesNonisolatedNonsending(buildSettings:)) ?? false
        }
    }

    /// `.enableUpcomingFeature("NonisolatedNonsendingByDefault")` outside line comments.
    public static func enablesNonisolatedNonsending(packageManifest text: String) -> Bool {
        let call = ".enableUpcomingFeature(\"NonisolatedNonsendingByDefault\")"
        guard mayContainWithoutWhitespace(text, call) else { return false }
        if let lines = compactASCIILines(text) {
            let pattern = Array(call.utf8)
            return lines.contains { $0.firstRange(of: pattern) != nil }
        }
        return text.split(whereSeparator: \.isNewline).contains { line in
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            return code.filter { !$0.isWhitespace }.contains(call)
        }
    }

    /// `SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT = YES`, or Xcode's
    /// `SWIFT_APPROACHABLE_CONCURRENCY = YES`, which turns the feature on.
    public static func enablesNonisolatedNonsending(buildSettings text: String) -> Bool {
        lines(of: text, containing: ["SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT", "SWIFT_APPROACHABLE_CONCURRENCY"]).contains { line in
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            for setting in ["SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT", "SWIFT_APPROACHABLE_CONCURRENCY"] {
                guard let range = code.range(of: setting) else { continue }
                let rest = code[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "=" || $0 == ":" || $0 == "\"" }
                if rest.hasPrefix("YES") { return true }
            }
            return false
        }
    }

    private static func readText(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

extension DefaultActorIsolation {
    /// Reads the default isolation a project in `directory` declares, by plain text search:
    /// `Package.swift` (`.defaultIsolation(MainActor.self)`), then `*.xcodeproj/project.pbxproj`
    /// and `*.xcconfig` files in the folder and its direct subfolders
    /// (`SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`). Nil when none says.
    public static func detect(inDirectory directory: String) -> DefaultActorIsolation? {
        let manifest = PathUtilities.join(directory, "Package.swift")
        if let text = readText(manifest), let found = fromPackageManifest(text) { return found }
        for candidate in buildSettingFiles(inDirectory: directory) {
            if let text = readText(candidate), let found = fromBuildSettings(text) { return found }
        }
        return nil
    }

    /// The `project.pbxproj` of each `*.xcodeproj` and the `*.xcconfig` files of the folder
    /// and its direct subfolders, in name order, then an XcodeGen `project.yml` with the
    /// files it includes (`- path: App/target.yml`).
    static func buildSettingFiles(inDirectory directory: String) -> [String] {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: directory) else { return [] }
        var candidates: [String] = []
        for entry in entries.sorted() {
            let path = PathUtilities.join(directory, entry)
            if entry.hasSuffix(".xcodeproj") {
                candidates.append(PathUtilities.join(path, "project.pbxproj"))
            } else if entry.hasSuffix(".xcconfig") {
                candidates.append(path)
            } else if !entry.hasPrefix("."), !FileDiscovery.skippedFolderNames.contains(entry),
                let children = try? manager.contentsOfDirectory(atPath: path)
            {
                for child in children.filter({ $0.hasSuffix(".xcconfig") }).sorted() {
                    candidates.append(PathUtilities.join(path, child))
                }
            }
        }
        for name in ["project.yml", "project.yaml"] {
            let spec = PathUtilities.join(directory, name)
            guard let text = readText(spec) else { continue }
            candidates.append(spec)
            for line in text.split(whereSeparator: \.isNewline) {
                let item = line.drop { $0 == " " || $0 == "-" }
                guard line.contains("- "), item.hasPrefix("path:") else { continue }
                let included = item.dropFirst("path:".count).trimmingCharacters(in: .whitespaces)
                if included.hasSuffix(".yml") || included.hasSuffix(".yaml") { candidates.append(PathUtilities.join(directory, included)) }
            }
        }
        return candidates
    }

    /// `.defaultIsolation(MainActor.self)` / `.defaultIsolation(nil)` in a manifest, outside
    /// line comments.
    public static func fromPackageManifest(_ text: String) -> DefaultActorIsolation? {
        guard mayContainWithoutWhitespace(text, ".defaultIsolation(") else { return nil }
        if let lines = compactASCIILines(text) {
            let call = Array(".defaultIsolation(".utf8)
            for line in lines {
                guard let range = line.firstRange(of: call) else { continue }
                let argument = line[range.upperBound...]
                if argument.starts(with: "MainActor.self".utf8) { return .mainActor }
                if argument.starts(with: "nil".utf8) { return .nonisolated }
            }
            return nil
        }
        for line in text.split(whereSeparator: \.isNewline) {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            let compact = code.filter { !$0.isWhitespace }
            guard let range = compact.range(of: ".defaultIsolation(") else { continue }
            let argument = compact[range.upperBound...]
            if argument.hasPrefix("MainActor.self") { return .mainActor }
            if argument.hasPrefix("nil") { return .nonisolated }
        }
        return nil
    }

    /// `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` in a pbxproj or xcconfig
    /// (`SWIFT_DEFAULT_ACTOR_ISOLATION: MainActor` in an XcodeGen spec).
    public static func fromBuildSettings(_ text: String) -> DefaultActorIsolation? {
        var result: DefaultActorIsolation?
        for line in lines(of: text, containing: ["SWIFT_DEFAULT_ACTOR_ISOLATION"]) {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            guard let range = code.range(of: "SWIFT_DEFAULT_ACTOR_ISOLATION") else { continue }
            let rest = code[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "=" || $0 == ":" || $0 == "\"" }
            if rest.hasPrefix("MainActor") { return .mainActor }
            if rest.lowercased().hasPrefix("nonisolated") { result = .nonisolated }
        }
        return result
    }

    private static func readText(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

/// False when no line of `text`, its whitespace removed, can contain the ASCII `needle`: a
/// quick look at a manifest's bytes before it is split into lines (any non-ASCII text is
/// left to that split).
private func mayContainWithoutWhitespace(_ text: String, _ needle: String) -> Bool {
    let bytes = text.utf8
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return true }
    let compact = bytes.filter { $0 != 0x20 && !(0x09...0x0D).contains($0) }
    let pattern = Array(needle.utf8)
    guard compact.count >= pattern.count else { return false }
    return (0...compact.count - pattern.count).contains { start in
        compact[start] == pattern[0] && pattern.indices.allSatisfy { compact[start + $0] == pattern[$0] }
    }
}

/// For an ASCII `text`, each line's code (before `//`) without its spaces and tabs, as
/// bytes: what the manifest searches ask of `split(whereSeparator: \.isNewline)`, the
/// `//` cut and `filter { !$0.isWhitespace }` on `Character`s, without a `String` per
/// line. Nil when the text is not ASCII.
private func compactASCIILines(_ text: String) -> [[UInt8]]? {
    let bytes = text.utf8
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    var lines: [[UInt8]] = []
    var line: [UInt8] = []
    var inComment = false
    var previous: UInt8 = 0
    for byte in bytes {
        if (0x0A...0x0D).contains(byte) {
            if !line.isEmpty { lines.append(line) }
            line.removeAll(keepingCapacity: true)
            inComment = false
            previous = 0
            continue
        }
        guard !inComment else { continue }
        if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") {
            // The first `/`, the byte just before, was kept: the comment starts there.
            line.removeLast()
            inComment = true
            continue
        }
        previous = byte
        if byte != 0x20 && byte != 0x09 { line.append(byte) }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}

/// The lines of `text`, as `split(whereSeparator: \.isNewline)` cuts them, that contain one of
/// the ASCII `needles`, in order and each once. Build settings are searched this way: a pass
/// over the bytes of a large project file rather than a `String` per line.
private func lines(of text: String, containing needles: [String]) -> [Substring] {
    var text = text
    return text.withUTF8 { bytes in
        let needles = needles.map { Array($0.utf8) }
        var starts = [Bool](repeating: false, count: 256)
        for needle in needles { starts[Int(needle[0])] = true }
        // When every needle starts with one byte, `memchr` jumps to its next occurrence.
        let sharedStart = Set(needles.map { $0[0] }).count == 1 ? needles[0][0] : nil
        var lines: [Substring] = []
        var position = 0
        while position < bytes.count {
            if let sharedStart, let base = bytes.baseAddress {
                guard let found = memchr(base + position, Int32(sharedStart), bytes.count - position) else { break }
                position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            guard starts[Int(bytes[position])], needles.contains(where: { bytes.hasBytes($0, at: position) }) else {
                position += 1
                continue
            }
            var start = position
            while start > 0, !bytes.endsNewline(at: start) { start -= 1 }
            var end = position
            while end < bytes.count, !bytes.startsNewline(at: end) { end += 1 }
            lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)[...])
            position = end
        }
        return lines
    }
}

extension UnsafeBufferPointer<UInt8> {
    fileprivate func hasBytes(_ needle: [UInt8], at position: Int) -> Bool {
        guard self[position] == needle[0], position + needle.count <= count else { return false }
        return needle.indices.allSatisfy { self[position + $0] == needle[$0] }
    }

    /// Whether a character for which `Character.isNewline` holds starts at `position`
    /// (LF, VT, FF, CR, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR).
    fileprivate func startsNewline(at position: Int) -> Bool {
        switch self[position] {
        case 0x0A...0x0D: return true
        case 0xC2: return position + 1 < count && self[position + 1] == 0x85
        case 0xE2: return position + 2 < count && self[position + 1] == 0x80 && (self[position + 2] == 0xA8 || self[position + 2] == 0xA9)
        default: return false
        }
    }

    /// Whether such a character ends just before `position`.
    fileprivate func endsNewline(at position: Int) -> Bool {
        switch self[position - 1] {
        case 0x0A...0x0D: return true
        case 0x85: return position >= 2 && self[position - 2] == 0xC2
        case 0xA8, 0xA9: return position >= 3 && self[position - 2] == 0x80 && self[position - 3] == 0xE2
        default: return false
        }
    }
}
