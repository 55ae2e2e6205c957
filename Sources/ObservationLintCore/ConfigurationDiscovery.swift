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
}

extension DefaultActorIsolation {
    /// Reads the default isolation a project in `directory` declares, by plain text search:
    /// `Package.swift` (`.defaultIsolation(MainActor.self)`), then `*.xcodeproj/project.pbxproj`
    /// and `*.xcconfig` files in the folder and its direct subfolders
    /// (`SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`). Nil when none says.
    public static func detect(inDirectory directory: String) -> DefaultActorIsolation? {
        let manager = FileManager.default
        let manifest = PathUtilities.join(directory, "Package.swift")
        if let text = readText(manifest), let found = fromPackageManifest(text) { return found }

        guard let entries = try? manager.contentsOfDirectory(atPath: directory) else { return nil }
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
                for child in children.sorted() where child.hasSuffix(".xcconfig") {
                    candidates.append(PathUtilities.join(path, child))
                }
            }
        }
        for candidate in candidates {
            if let text = readText(candidate), let found = fromBuildSettings(text) { return found }
        }
        return nil
    }

    /// `.defaultIsolation(MainActor.self)` / `.defaultIsolation(nil)` in a manifest, outside
    /// line comments.
    public static func fromPackageManifest(_ text: String) -> DefaultActorIsolation? {
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

    /// `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` in a pbxproj or xcconfig.
    public static func fromBuildSettings(_ text: String) -> DefaultActorIsolation? {
        var result: DefaultActorIsolation?
        for line in text.split(whereSeparator: \.isNewline) {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            guard let range = code.range(of: "SWIFT_DEFAULT_ACTOR_ISOLATION") else { continue }
            let rest = code[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "=" || $0 == "\"" }
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
