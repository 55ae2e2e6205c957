import Foundation

/// Which files of an Xcode project are compiled without the `NonisolatedNonsendingByDefault`
/// upcoming feature (SE-0461), target by target (SPEC §10.2): Xcode turns the feature on per
/// target and configuration (`SWIFT_APPROACHABLE_CONCURRENCY = YES`,
/// `SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT = YES`, or the flag in
/// `OTHER_SWIFT_FLAGS`), so one target's setting says nothing of another target's files.
/// A file counts as compiled without the feature only when some target builds it and no
/// target that may build it may turn the feature on in any configuration, at its own level,
/// the project's level or (when an `.xcconfig` of the folder turns it on) through a base
/// configuration file. Membership exceptions of synchronized folders only ever add a target.
struct XcodeTargetFeatures: Sendable {
    /// Built by a target that may turn the feature on: absolute lowercased paths, folders
    /// (ending with `/`), and names whose folder a build setting decides.
    private var onPaths: Set<String> = []
    private var onFolders: [String] = []
    private var onNamesAnywhere: Set<String> = []
    /// Built by a target that never turns it on.
    private var offPaths: Set<String> = []
    private var offFolders: [String] = []

    /// Reads the project file of the project whose `.xcodeproj` lies in `projectFolder`
    /// (absolute). `xcconfigTurnsOn`: an `.xcconfig` of the folder turns the feature on (a
    /// configuration based on a file then may have it). Nil when the text is no project file
    /// this reader understands.
    init?(projectFile text: String, projectFolder: String, xcconfigTurnsOn: Bool) {
        guard case .dictionary(let top)? = OldStylePropertyList.parse(text),
            case .dictionary(let objects)? = top["objects"]
        else { return nil }
        var paths = GroupPaths(objects: objects, projectFolder: projectFolder)
        func fields(_ id: String?) -> [String: OldStylePropertyList]? {
            guard let id, case .dictionary(let fields)? = objects[id] else { return nil }
            return fields
        }
        func ids(_ value: OldStylePropertyList?) -> [String] {
            guard case .array(let items)? = value else { return [] }
            return items.compactMap(\.string)
        }
        // The configurations of a list by name.
        func configurations(_ list: String?) -> [String: [String: OldStylePropertyList]] {
            var result: [String: [String: OldStylePropertyList]] = [:]
            for id in ids(fields(list)?["buildConfigurations"]) {
                if let configuration = fields(id), let name = configuration["name"]?.string { result[name] = configuration }
            }
            return result
        }
        let project = objects.values.lazy.compactMap { value -> [String: OldStylePropertyList]? in
            guard case .dictionary(let fields) = value, fields["isa"]?.string == "PBXProject" else { return nil }
            return fields
        }.first
        let projectConfigurations = configurations(project?["buildConfigurationList"]?.string)
        func mayTurnOn(_ configuration: [String: OldStylePropertyList]) -> Bool {
            if xcconfigTurnsOn, configuration["baseConfigurationReference"] != nil || configuration["baseConfigurationReferenceAnchor"] != nil {
                return true
            }
            guard case .dictionary(let settings)? = configuration["buildSettings"] else { return false }
            return settings.contains { key, value in Self.turnsOn(key: key, value: value) }
        }
        var targetIsOn: [String: Bool] = [:]
        for (id, object) in objects {
            guard case .dictionary(let target) = object, target["isa"]?.string == "PBXNativeTarget" else { continue }
            let own = configurations(target["buildConfigurationList"]?.string)
            let isOn = projectConfigurations.values.contains(where: mayTurnOn) || own.values.contains(where: mayTurnOn)
            targetIsOn[id] = isOn
            for phase in ids(target["buildPhases"]) where fields(phase)?["isa"]?.string == "PBXSourcesBuildPhase" {
                for buildFile in ids(fields(phase)?["files"]) {
                    guard let reference = fields(buildFile)?["fileRef"]?.string, let file = fields(reference) else { continue }
                    if let path = paths.location(of: reference)?.lowercased() {
                        if isOn { onPaths.insert(path) } else { offPaths.insert(path) }
                    } else if isOn, let name = (file["path"] ?? file["name"])?.string {
                        onNamesAnywhere.insert(Self.lastComponent(of: name).lowercased())
                    }
                }
            }
            for group in ids(target["fileSystemSynchronizedGroups"]) {
                // A synchronized folder whose place a build setting decides: nothing is known.
                guard let folder = paths.location(of: group) else { return nil }
                if isOn { onFolders.append(folder.lowercased() + "/") } else { offFolders.append(folder.lowercased() + "/") }
            }
        }
        // A synchronized folder's exceptions for a target: files it adds to (or takes from)
        // that target, counted as built by it when the target may turn the feature on.
        for (id, object) in objects {
            guard case .dictionary(let group) = object, group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" else { continue }
            for exception in ids(group["exceptions"]) {
                guard let set = fields(exception), let target = set["target"]?.string, targetIsOn[target] != false else { continue }
                guard let folder = paths.location(of: id) else { return nil }
                for relative in ids(set["membershipExceptions"]) {
                    onPaths.insert(PathUtilities.absolute(relative, relativeTo: folder).lowercased())
                }
            }
        }
    }

    /// Whether a target builds the file at `absolutePath` (normalized) and none that may
    /// build it may turn the feature on.
    func compilesWithoutFeature(_ absolutePath: String) -> Bool {
        let path = absolutePath.lowercased()
        guard offPaths.contains(path) || offFolders.contains(where: { path.hasPrefix($0) }) else { return false }
        return !mayCompileWithFeature(path)
    }

    /// Whether a target that may turn the feature on may build the file (`path` lowercased).
    func mayCompileWithFeature(_ path: String) -> Bool {
        onPaths.contains(path) || onFolders.contains(where: { path.hasPrefix($0) })
            || onNamesAnywhere.contains(Self.lastComponent(of: path))
    }

    /// A build setting that turns the feature on, or may (a value other than `NO`).
    static func turnsOn(key: String, value: OldStylePropertyList) -> Bool {
        for setting in ["SWIFT_APPROACHABLE_CONCURRENCY", "SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT"]
        where key == setting || key.hasPrefix(setting + "[") {
            return value.string != "NO"
        }
        guard key == "OTHER_SWIFT_FLAGS" || key.hasPrefix("OTHER_SWIFT_FLAGS[") else { return false }
        switch value {
        case .string(let flags): return flags.contains("NonisolatedNonsendingByDefault")
        case .array(let flags): return flags.contains { $0.string?.contains("NonisolatedNonsendingByDefault") == true }
        default: return true
        }
    }

    private static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Where the objects of a project's group tree lie.
    private struct GroupPaths {
        let objects: [String: OldStylePropertyList]
        var parent: [String: String] = [:]
        var projectDirectory: String
        var resolved: [String: String?] = [:]

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
}

extension UpcomingFeatures {
    /// The Xcode projects of the project whose root is `directory`, read for which files
    /// their targets compile without `NonisolatedNonsendingByDefault`; nil when that is not
    /// known: no Xcode project, a `Package.swift` or a project generator's manifest in the
    /// folder (which decide or remake the targets), or a project file this reader does not
    /// understand.
    static func xcodeTargetFeatures(inDirectory directory: String) -> [XcodeTargetFeatures]? {
        var projects: [String] = []
        for entry in PathUtilities.folderEntries(directory) ?? [] {
            if ["Package.swift", "project.yml", "project.yaml", "project.json", "Project.swift"].contains(entry.name) { return nil }
            if entry.name.hasSuffix(".xcodeproj") {
                projects.append(PathUtilities.join(PathUtilities.join(directory, entry.name), "project.pbxproj"))
            }
        }
        guard !projects.isEmpty else { return nil }
        let xcconfigTurnsOn = DefaultActorIsolation.buildSettingFiles(inDirectory: directory).contains { path in
            path.hasSuffix(".xcconfig") && (text(of: path).map(enablesNonisolatedNonsending(buildSettings:)) ?? false)
        }
        var result: [XcodeTargetFeatures] = []
        for path in projects {
            guard let text = text(of: path),
                let features = XcodeTargetFeatures(projectFile: text, projectFolder: directory, xcconfigTurnsOn: xcconfigTurnsOn)
            else { return nil }
            result.append(features)
        }
        return result
    }

    private static func text(of path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Of `paths` (as given, relative to the current folder or absolute), the positions of
    /// those the Xcode projects of the project in `directory` compile without
    /// `NonisolatedNonsendingByDefault` in every target that builds them.
    public static func filesCompiledWithoutNonisolatedNonsending(_ paths: [String], inDirectory directory: String) -> Set<Int> {
        guard let projects = xcodeTargetFeatures(inDirectory: directory) else { return [] }
        var result = Set<Int>()
        for (position, path) in paths.enumerated() {
            let absolute = PathUtilities.absolute(path)
            if projects.contains(where: { $0.compilesWithoutFeature(absolute) }),
                !projects.contains(where: { $0.mayCompileWithFeature(absolute.lowercased()) })
            {
                result.insert(position)
            }
        }
        return result
    }
}
