import Foundation

/// A build setting Xcode sets per target and configuration that changes where code runs
/// (SPEC §10.2): one target's setting says nothing of another target's files.
public enum TargetIsolationSetting: Sendable {
    /// `NonisolatedNonsendingByDefault` (SE-0461): `SWIFT_APPROACHABLE_CONCURRENCY = YES`,
    /// `SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT = YES`, or the flag in
    /// `OTHER_SWIFT_FLAGS`.
    case nonisolatedNonsending
    /// `MainActor` default isolation (SE-0466): `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`.
    case mainActorDefault

    /// Whether a build setting turns it on, or may (a value that does not say off).
    func turnsOn(key: String, value: OldStylePropertyList) -> Bool {
        switch self {
        case .nonisolatedNonsending:
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
        case .mainActorDefault:
            guard key == "SWIFT_DEFAULT_ACTOR_ISOLATION" || key.hasPrefix("SWIFT_DEFAULT_ACTOR_ISOLATION[") else { return false }
            return value.string?.lowercased() != "nonisolated"
        }
    }

    /// Whether the text of an `.xcconfig` file turns it on.
    func turnsOn(xcconfig text: String) -> Bool {
        switch self {
        case .nonisolatedNonsending: UpcomingFeatures.enablesNonisolatedNonsending(buildSettings: text)
        case .mainActorDefault: DefaultActorIsolation.fromBuildSettings(text) == .mainActor
        }
    }
}

/// Which files of an Xcode project are compiled with a `TargetIsolationSetting` off, target
/// by target. A file counts as compiled with it off only when some target builds it and no
/// target that may build it may turn it on in any configuration, at its own level, the
/// project's level or (when an `.xcconfig` of the folder turns it on) through a base
/// configuration file. Membership exceptions of synchronized folders only ever add a target.
struct XcodeTargetSettings: Sendable {
    /// Built by a target that may turn the setting on: absolute lowercased paths, folders
    /// (ending with `/`), and names whose folder a build setting decides.
    private var onPaths: Set<String> = []
    private var onFolders: [String] = []
    private var onNamesAnywhere: Set<String> = []
    /// Built by a target that never turns it on.
    private var offPaths: Set<String> = []
    private var offFolders: [String] = []

    /// Reads the project file of the project whose `.xcodeproj` lies in `projectFolder`
    /// (absolute) for `setting`. `xcconfigTurnsOn`: an `.xcconfig` of the folder turns it on
    /// (a configuration based on a file then may have it). Nil when the text is no project
    /// file this reader understands.
    init?(projectFile text: String, projectFolder: String, setting: TargetIsolationSetting, xcconfigTurnsOn: Bool) {
        guard case .dictionary(let top)? = OldStylePropertyList.parse(text),
            case .dictionary(let objects)? = top["objects"]
        else { return nil }
        var paths = XcodeGroupPaths(objects: objects, projectFolder: projectFolder)
        // The configurations of a list by name.
        func configurations(_ list: String?) -> [String: [String: OldStylePropertyList]] {
            var result: [String: [String: OldStylePropertyList]] = [:]
            for id in XcodeGroupPaths.ids(paths.fields(list)?["buildConfigurations"]) {
                if let configuration = paths.fields(id), let name = configuration["name"]?.string { result[name] = configuration }
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
            return settings.contains { key, value in setting.turnsOn(key: key, value: value) }
        }
        var targetIsOn: [String: Bool] = [:]
        for (id, object) in objects {
            guard case .dictionary(let target) = object, target["isa"]?.string == "PBXNativeTarget" else { continue }
            let own = configurations(target["buildConfigurationList"]?.string)
            let isOn = projectConfigurations.values.contains(where: mayTurnOn) || own.values.contains(where: mayTurnOn)
            targetIsOn[id] = isOn
            for phase in XcodeGroupPaths.ids(target["buildPhases"]) where paths.fields(phase)?["isa"]?.string == "PBXSourcesBuildPhase" {
                for buildFile in XcodeGroupPaths.ids(paths.fields(phase)?["files"]) {
                    guard let reference = paths.fields(buildFile)?["fileRef"]?.string, let file = paths.fields(reference) else { continue }
                    if let path = paths.location(of: reference)?.lowercased() {
                        if isOn { onPaths.insert(path) } else { offPaths.insert(path) }
                    } else if isOn, let name = (file["path"] ?? file["name"])?.string {
                        onNamesAnywhere.insert(XcodeProjectFiles.lastComponent(of: name).lowercased())
                    }
                }
            }
            for group in XcodeGroupPaths.ids(target["fileSystemSynchronizedGroups"]) {
                // A synchronized folder whose place a build setting decides: nothing is known.
                guard let folder = paths.location(of: group) else { return nil }
                if isOn { onFolders.append(folder.lowercased() + "/") } else { offFolders.append(folder.lowercased() + "/") }
            }
        }
        // A synchronized folder's exceptions for a target: files it adds to (or takes from)
        // that target, counted as built by it when the target may turn the setting on.
        for (id, object) in objects {
            guard case .dictionary(let group) = object, group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" else { continue }
            for exception in XcodeGroupPaths.ids(group["exceptions"]) {
                guard let set = paths.fields(exception), let target = set["target"]?.string, targetIsOn[target] != false else { continue }
                guard let folder = paths.location(of: id) else { return nil }
                for relative in XcodeGroupPaths.ids(set["membershipExceptions"]) {
                    onPaths.insert(PathUtilities.absolute(relative, relativeTo: folder).lowercased())
                }
            }
        }
    }

    /// Whether a target builds the file at `absolutePath` (normalized) and none that may
    /// build it may turn the setting on.
    func compilesWithSettingOff(_ absolutePath: String) -> Bool {
        let path = absolutePath.lowercased()
        guard offPaths.contains(path) || offFolders.contains(where: { path.hasPrefix($0) }) else { return false }
        return !mayCompileWithSettingOn(path)
    }

    /// Whether a target that may turn the setting on may build the file (`path` lowercased).
    func mayCompileWithSettingOn(_ path: String) -> Bool {
        onPaths.contains(path) || onFolders.contains(where: { path.hasPrefix($0) })
            || onNamesAnywhere.contains(XcodeProjectFiles.lastComponent(of: path))
    }

}

extension TargetIsolationSetting {
    /// The Xcode projects of the project whose root is `directory`, read for which files
    /// their targets compile with the setting off; nil when that is not known: no Xcode
    /// project, a `Package.swift` or a project generator's manifest in the folder (which
    /// decide or remake the targets), or a project file this reader does not understand.
    func xcodeTargets(inDirectory directory: String) -> [XcodeTargetSettings]? {
        var projects: [String] = []
        for entry in PathUtilities.folderEntries(directory) ?? [] {
            if ["Package.swift", "project.yml", "project.yaml", "project.json", "Project.swift"].contains(entry.name) { return nil }
            if entry.name.hasSuffix(".xcodeproj") {
                projects.append(PathUtilities.join(PathUtilities.join(directory, entry.name), "project.pbxproj"))
            }
        }
        guard !projects.isEmpty else { return nil }
        let xcconfigTurnsOn = DefaultActorIsolation.buildSettingFiles(inDirectory: directory).contains { path in
            path.hasSuffix(".xcconfig") && (Self.text(of: path).map(turnsOn(xcconfig:)) ?? false)
        }
        var result: [XcodeTargetSettings] = []
        for path in projects {
            guard let text = Self.text(of: path),
                let targets = XcodeTargetSettings(projectFile: text, projectFolder: directory, setting: self, xcconfigTurnsOn: xcconfigTurnsOn)
            else { return nil }
            result.append(targets)
        }
        return result
    }

    private static func text(of path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Of `paths` (as given, relative to the current folder or absolute), the positions of
    /// those the Xcode projects of the project in `directory` compile with the setting off in
    /// every target that builds them.
    public func filesCompiledWithout(_ paths: [String], inDirectory directory: String) -> Set<Int> {
        guard let projects = xcodeTargets(inDirectory: directory) else { return [] }
        var result = Set<Int>()
        for (position, path) in paths.enumerated() {
            let absolute = PathUtilities.absolute(path)
            if projects.contains(where: { $0.compilesWithSettingOff(absolute) }),
                !projects.contains(where: { $0.mayCompileWithSettingOn(absolute.lowercased()) })
            {
                result.insert(position)
            }
        }
        return result
    }
}
