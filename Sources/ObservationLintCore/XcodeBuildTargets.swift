import Foundation

/// What an Xcode target builds, from its `productType`.
public enum XcodeProductKind: String, Sendable {
    case app
    case appExtension = "app extension"
    case unitTests = "unit test bundle"
    case uiTests = "UI test bundle"
    case framework
    case other

    init(productType: String?) {
        let prefix = "com.apple.product-type."
        guard let productType, productType.hasPrefix(prefix) else {
            self = .other
            return
        }
        let type = productType.dropFirst(prefix.count)
        if type == "application" || type.hasPrefix("application.") {
            self = .app  // also watch apps and App Clips
        } else if type.hasPrefix("app-extension") || type.hasPrefix("extensionkit-extension") || type.hasSuffix("-extension") {
            self = .appExtension
        } else if type == "bundle.unit-test" {
            self = .unitTests
        } else if type == "bundle.ui-testing" {
            self = .uiTests
        } else if ["framework", "framework.static", "library.static", "library.dynamic"].contains(type) {
            self = .framework
        } else {
            self = .other
        }
    }

    /// A test bundle: the app never runs its code (the test runner does).
    public var isTestBundle: Bool { self == .unitTests || self == .uiTests }
}

/// One target of an Xcode project: its name, product and the platforms it is built for
/// (`SUPPORTED_PLATFORMS`, else `SDKROOT`, in every configuration; all when they do not say).
public struct XcodeTarget: Sendable, Hashable {
    public let name: String
    public let kind: XcodeProductKind
    let platforms: Platforms

    /// The platforms by name (`iOS, macOS`), `any platform` when the settings do not say.
    public var platformNames: String { platforms.names }
}

/// The Xcode targets that compile one file (SPEC §10: where code runs).
public struct FileBuildTargets: Sendable, Hashable {
    public let targets: [XcodeTarget]
    /// The platforms some target compiles the file for.
    let platforms: Platforms

    init(targets: [XcodeTarget]) {
        self.targets = targets
        platforms = targets.reduce([]) { $0.union($1.platforms) }
    }

    /// Only test bundles compile the file: the app never runs it.
    public var isTestCodeOnly: Bool { targets.allSatisfy(\.kind.isTestBundle) }

    /// The platforms by name (`iOS, macOS`), `any platform` when the settings do not say.
    public var platformNames: String { platforms.names }
}

/// The targets of the Xcode projects of one folder (its `*.xcodeproj/project.pbxproj`) and the
/// files each compiles: the files of its `PBXSourcesBuildPhase`s, and those of its
/// synchronized folders (Xcode 16's `PBXFileSystemSynchronizedRootGroup`) with the folder's
/// exception sets, each of which inverts the membership of the files it lists for its target
/// (out of a target that has the folder, into one that does not).
public struct XcodeBuildTargets: Sendable {
    public private(set) var targets: [XcodeTarget] = []
    /// Absolute lowercased paths (the Mac's file system ignores case) → targets.
    private var targetsOfPath: [String: Set<Int>] = [:]
    /// Names (lowercased) of files whose folder a build setting decides → targets.
    private var targetsOfNameAnywhere: [String: Set<Int>] = [:]
    private var synchronizedFolders: [SynchronizedFolder] = []
    /// The project files that could not be read, each with why.
    public private(set) var unreadProjects: [String] = []

    private struct SynchronizedFolder: Sendable {
        /// Absolute, lowercased, ending with `/`.
        var folder: String
        var targets: Set<Int> = []
        /// Per target, the paths (absolute, lowercased) whose membership is inverted.
        var exceptions: [Int: [String]] = [:]
    }

    /// Reads the Xcode projects that lie in `folder` (absolute).
    public init(folder: String) {
        for entry in PathUtilities.folderEntries(folder) ?? [] where entry.name.hasSuffix(".xcodeproj") {
            let path = PathUtilities.join(PathUtilities.join(folder, entry.name), "project.pbxproj")
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            if !read(projectFile: String(decoding: data, as: UTF8.self), projectFolder: folder) {
                unreadProjects.append(path)
            }
        }
    }

    /// Reads one project file's text; the project of a `.xcodeproj` in `projectFolder`.
    init(projectFile text: String, projectFolder: String) {
        if !read(projectFile: text, projectFolder: projectFolder) { unreadProjects.append(projectFolder) }
    }

    /// Adds the targets of a project file; false (and nothing added) when the text is no
    /// project file this reader understands.
    private mutating func read(projectFile text: String, projectFolder: String) -> Bool {
        guard case .dictionary(let top)? = OldStylePropertyList.parse(text, keepingObjectFields: Self.readFields),
            case .dictionary(let objects)? = top["objects"]
        else { return false }
        var paths = XcodeGroupPaths(objects: objects, projectFolder: projectFolder)
        func settings(_ list: String?) -> [String: [String: OldStylePropertyList]] {
            var result: [String: [String: OldStylePropertyList]] = [:]
            for id in XcodeGroupPaths.ids(paths.fields(list)?["buildConfigurations"]) {
                guard let configuration = paths.fields(id), let name = configuration["name"]?.string else { continue }
                if case .dictionary(let settings)? = configuration["buildSettings"] { result[name] = settings } else { result[name] = [:] }
            }
            return result
        }
        let project = objects.values.lazy.compactMap { value -> [String: OldStylePropertyList]? in
            guard case .dictionary(let fields) = value, fields["isa"]?.string == "PBXProject" else { return nil }
            return fields
        }.first
        let projectSettings = settings(project?["buildConfigurationList"]?.string)
        var targetOfID: [String: Int] = [:]
        var folderOfGroup: [String: Int] = [:]
        var added = self
        // Numbered in the order of their ids (a project file's own order is not kept).
        let nativeTargets = objects.compactMap { id, object -> (id: String, fields: [String: OldStylePropertyList])? in
            guard case .dictionary(let fields) = object, fields["isa"]?.string == "PBXNativeTarget" else { return nil }
            return (id, fields)
        }.sorted { $0.id < $1.id }
        for (id, target) in nativeTargets {
            let own = settings(target["buildConfigurationList"]?.string)
            let platforms = Self.platforms(own.isEmpty ? projectSettings : own, project: projectSettings)
            let number = added.targets.count
            added.targets.append(
                XcodeTarget(
                    name: target["name"]?.string ?? id, kind: XcodeProductKind(productType: target["productType"]?.string),
                    platforms: platforms))
            targetOfID[id] = number
            for phase in XcodeGroupPaths.ids(target["buildPhases"]) where paths.fields(phase)?["isa"]?.string == "PBXSourcesBuildPhase" {
                for buildFile in XcodeGroupPaths.ids(paths.fields(phase)?["files"]) {
                    guard let reference = paths.fields(buildFile)?["fileRef"]?.string, let file = paths.fields(reference) else { continue }
                    if let path = paths.location(of: reference) {
                        added.targetsOfPath[path.lowercased(), default: []].insert(number)
                    } else if let name = (file["path"] ?? file["name"])?.string {
                        added.targetsOfNameAnywhere[XcodeProjectFiles.lastComponent(of: name).lowercased(), default: []].insert(number)
                    }
                }
            }
            for group in XcodeGroupPaths.ids(target["fileSystemSynchronizedGroups"]) {
                guard let position = added.synchronizedFolder(group, paths: &paths, known: &folderOfGroup) else { return false }
                added.synchronizedFolders[position].targets.insert(number)
            }
        }
        for (id, object) in objects {
            guard case .dictionary(let group) = object, group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" else { continue }
            for exception in XcodeGroupPaths.ids(group["exceptions"]) {
                guard let set = paths.fields(exception), set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    let target = set["target"]?.string.flatMap({ targetOfID[$0] })
                else { continue }
                guard let position = added.synchronizedFolder(id, paths: &paths, known: &folderOfGroup) else { return false }
                let folder = added.synchronizedFolders[position].folder
                added.synchronizedFolders[position].exceptions[target, default: []] += XcodeGroupPaths.ids(set["membershipExceptions"]).map {
                    PathUtilities.absolute($0, relativeTo: folder).lowercased()
                }
            }
        }
        self = added
        return true
    }

    /// The fields of the project file's objects this reader looks at; the others are skipped unread.
    private static let readFields: Set<String> = [
        "isa", "children", "path", "name", "sourceTree", "fileRef", "projectDirPath", "buildPhases", "files",
        "fileSystemSynchronizedGroups", "exceptions", "membershipExceptions", "target", "productType",
        "buildConfigurationList", "buildConfigurations", "buildSettings",
    ]

    /// The position of a synchronized group's folder, added when new; nil when a build
    /// setting decides where it lies.
    private mutating func synchronizedFolder(_ group: String, paths: inout XcodeGroupPaths, known: inout [String: Int]) -> Int? {
        if let position = known[group] { return position }
        guard let folder = paths.location(of: group) else { return nil }
        synchronizedFolders.append(SynchronizedFolder(folder: folder.lowercased() + "/"))
        known[group] = synchronizedFolders.count - 1
        return synchronizedFolders.count - 1
    }

    /// The targets that compile the file at `absolutePath` (normalized); nil when no target
    /// of these projects lists it (then nothing is known of where it is compiled).
    public func targets(compiling absolutePath: String) -> FileBuildTargets? {
        let path = absolutePath.lowercased()
        var found = targetsOfPath[path] ?? []
        if !targetsOfNameAnywhere.isEmpty { found.formUnion(targetsOfNameAnywhere[XcodeProjectFiles.lastComponent(of: path)] ?? []) }
        for synchronized in synchronizedFolders where path.hasPrefix(synchronized.folder) {
            let inverted = { (target: Int) in
                synchronized.exceptions[target]?.contains { path == $0 || path.hasPrefix($0 + "/") } ?? false
            }
            for target in synchronized.targets where !inverted(target) { found.insert(target) }
            for target in synchronized.exceptions.keys where !synchronized.targets.contains(target) && inverted(target) {
                found.insert(target)
            }
        }
        guard !found.isEmpty else { return nil }
        return FileBuildTargets(targets: found.sorted().map { targets[$0] })
    }

    /// The platforms of a target: the union over its configurations of what
    /// `SUPPORTED_PLATFORMS` (else `SDKROOT`) names, at the target's level or else the
    /// project's configuration of the same name. All platforms where a configuration does
    /// not say or names one through a variable.
    static func platforms(
        _ configurations: [String: [String: OldStylePropertyList]], project: [String: [String: OldStylePropertyList]]
    ) -> Platforms {
        guard !configurations.isEmpty else { return .all }
        var result: Platforms = []
        for (name, settings) in configurations {
            let fallback = project[name] ?? [:]
            let value = settings["SUPPORTED_PLATFORMS"] ?? fallback["SUPPORTED_PLATFORMS"] ?? settings["SDKROOT"] ?? fallback["SDKROOT"]
            guard let names = value?.string, let platforms = Platforms(sdkNames: names) else { return .all }
            result.formUnion(platforms)
        }
        return result
    }
}

extension Platforms {
    /// The platforms SDK names stand for (`iphoneos iphonesimulator`, `macosx`); nil when a
    /// name is not one of them (`auto`, `$(…)`).
    init?(sdkNames: String) {
        var result: Platforms = []
        for name in sdkNames.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            switch name {
            case "iphoneos", "iphonesimulator": result.insert(.iOS)
            case "macosx": result.insert(.macOS)
            case "appletvos", "appletvsimulator": result.insert(.tvOS)
            case "watchos", "watchsimulator": result.insert(.watchOS)
            case "xros", "xrsimulator": result.insert(.visionOS)
            default: return nil
            }
        }
        guard !result.isEmpty else { return nil }
        self = result
    }

    /// `iOS, macOS`; `any platform` for all.
    var names: String {
        guard self != .all else { return "any platform" }
        let named: [(Platforms, String)] = [
            (.iOS, "iOS"), (.macOS, "macOS"), (.tvOS, "tvOS"), (.watchOS, "watchOS"), (.visionOS, "visionOS"), (.linux, "Linux"),
            (.windows, "Windows"), (.otherOS, "other"),
        ]
        return named.filter { contains($0.0) }.map(\.1).joined(separator: ", ")
    }
}
