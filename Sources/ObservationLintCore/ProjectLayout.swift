import Foundation

/// The projects of a run (SPEC §9, "Scopes"). Every folder that holds a `Package.swift` or
/// an `*.xcodeproj` is a project root, and a file belongs to its nearest root upward; the
/// files with no root at all form one project together. A project's index holds its own
/// files and those of the local packages it declares (`.package(path:)` in `Package.swift`,
/// local package references in `project.pbxproj`, package folders of an `.xcworkspace` in
/// its root), followed transitively; its run reports on its own files, and on a package's
/// files where its views observe the package's models (the findings whose witness, a note,
/// is in its own files: the package's run alone cannot see those views). So linting a
/// folder of several projects reports exactly what each project's run reports alone, a
/// site two runs report said once (the package's own finding, else the first user's).
public struct ProjectLayout: Sendable {
    public struct Project: Sendable, Hashable {
        /// The root folder (absolute), or nil for the files that have no root.
        public var root: String?
        /// The roots (absolute) of the local packages the project's manifest declares that
        /// exist on disk, in manifest order.
        public var localPackages: [String]
    }

    /// In order of their roots (the rootless project last).
    public private(set) var projects: [Project]
    /// For each file, in the order given, its project's position in `projects`.
    public private(set) var projectOfFile: [Int]
    /// Each file's place when the files are ordered by absolute path.
    private let placeByPath: [Int]
    /// Per project, the positions of the projects its local packages are.
    private let packagesOfProject: [[Int]]
    /// Each file's role judged from its path inside its project (nil without a root): the
    /// folders above a project are not its business.
    private let roleInProject: [SourceRole?]

    /// One project holding every file (the files' folders are not looked at).
    public static func single(fileCount: Int) -> ProjectLayout {
        ProjectLayout(
            projects: [Project(root: nil, localPackages: [])], projectOfFile: Array(repeating: 0, count: fileCount),
            placeByPath: Array(0..<fileCount), packagesOfProject: [[]], roleInProject: Array(repeating: nil, count: fileCount))
    }

    private init(
        projects: [Project], projectOfFile: [Int], placeByPath: [Int], packagesOfProject: [[Int]], roleInProject: [SourceRole?]
    ) {
        self.packagesOfProject = packagesOfProject
        self.projects = projects
        self.projectOfFile = projectOfFile
        self.placeByPath = placeByPath
        self.roleInProject = roleInProject
    }

    /// What a file is for (`SourceRole`), from its path inside its project, or from the
    /// path as given when it has no project root.
    public func sourceRole(ofFile file: Int, path: String) -> SourceRole {
        roleInProject[file] ?? SourceRole(path: path)
    }

    /// Finds the project of each file (absolute, normalized paths), looking at each folder once.
    public init(absolutePaths: [String]) {
        var finder = RootFinder()
        self.init(absolutePaths: absolutePaths, finder: &finder)
    }

    fileprivate init(absolutePaths: [String], finder: inout RootFinder) {
        var roots = absolutePaths.map { finder.root(ofFile: $0) }
        var distinct = Set(roots.compactMap { $0 }).sorted()
        // A file with no root above it that an Xcode project of the run builds (a project
        // file naming `../Shared/View.swift`) is compiled with that project's files: it
        // belongs to the one project that builds it.
        if roots.contains(nil) {
            for file in roots.indices where roots[file] == nil {
                let builders = distinct.filter { root in
                    finder.manifest(ofRoot: root).xcodeProjects.contains { $0.files?.buildsByPath(absolutePaths[file]) == true }
                }
                if builders.count == 1 { roots[file] = builders[0] }
            }
            distinct = Set(roots.compactMap { $0 }).sorted()
        }
        var projects = distinct.map { root in
            let manifest = finder.manifest(ofRoot: root)
            // A package dragged into an Xcode group is named by its path in the group: it is
            // the project of this run below the root whose path ends with it.
            let inGroups = distinct.filter { other in
                other.hasPrefix(root + "/") && manifest.xcodeFolders.contains { other.hasSuffix("/" + $0) }
            }
            var seen = Set<String>()
            return Project(root: root, localPackages: (manifest.packages + inGroups).filter { seen.insert($0).inserted })
        }
        let position = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($1, $0) })
        if roots.contains(nil) { projects.append(Project(root: nil, localPackages: [])) }
        self.projects = projects
        self.packagesOfProject = projects.map { $0.localPackages.compactMap { position[$0] } }
        self.projectOfFile = roots.map { root in root.flatMap { position[$0] } ?? distinct.count }
        var placeByPath = [Int](repeating: 0, count: absolutePaths.count)
        for (place, file) in absolutePaths.indices.sorted(by: { absolutePaths[$0] < absolutePaths[$1] }).enumerated() {
            placeByPath[file] = place
        }
        self.placeByPath = placeByPath
        self.roleInProject = zip(absolutePaths, roots).map { path, root in
            root.flatMap { $0 == "/" || path.hasPrefix($0 + "/") ? SourceRole(path: path, root: $0) : nil }
        }
    }

    /// The files (positions in the order given) of one project.
    public func files(of project: Int) -> [Int] {
        projectOfFile.indices.filter { projectOfFile[$0] == project }
    }

    /// The projects whose files `project`'s index holds: itself, then the local packages
    /// it declares, transitively (those that are projects of this layout).
    public func visibleProjects(of project: Int) -> [Int] {
        var result = [project]
        var seen: Set<Int> = [project]
        var next = 0
        while next < result.count {
            for package in packagesOfProject[result[next]] where seen.insert(package).inserted { result.append(package) }
            next += 1
        }
        return result
    }

    /// Every project after the local packages it sees (a cycle of packages is broken
    /// where it closes), so that a package's public types are known before its users'.
    public var projectsInDependencyOrder: [Int] {
        var order: [Int] = []
        var state = [UInt8](repeating: 0, count: projects.count)  // 0 new, 1 on the path, 2 done
        func visit(_ project: Int) {
            guard state[project] == 0 else { return }
            state[project] = 1
            for package in visibleProjects(of: project).dropFirst() { visit(package) }
            state[project] = 2
            order.append(project)
        }
        projects.indices.forEach(visit)
        return order
    }

    /// The projects in levels: each project's local packages are in earlier levels (a
    /// cycle is broken as in `projectsInDependencyOrder`), so a level's projects can be
    /// linted at the same time.
    public var projectLevels: [[Int]] {
        var level = [Int?](repeating: nil, count: projects.count)
        var levels: [[Int]] = []
        for project in projectsInDependencyOrder {
            let packages = visibleProjects(of: project).dropFirst().compactMap { level[$0] }
            let mine = (packages.max() ?? -1) + 1
            level[project] = mine
            if mine == levels.count { levels.append([]) }
            levels[mine].append(project)
        }
        return levels
    }

    /// The files a project's index holds, ordered by absolute path (so that the order does
    /// not depend on which folders the run was given).
    public func indexedFiles(of project: Int) -> [Int] {
        var visible = [Bool](repeating: false, count: projects.count)
        for seen in visibleProjects(of: project) { visible[seen] = true }
        return projectOfFile.indices.filter { visible[projectOfFile[$0]] }.sorted { placeByPath[$0] < placeByPath[$1] }
    }

    /// The layout of `files` (positions, ascending) alone, the same as finding it again from
    /// their paths, or nil when some project would lose all its files (its projects and
    /// their local packages then change: the caller finds the layout again).
    fileprivate func keeping(files: [Int]) -> ProjectLayout? {
        var projectKept = [Bool](repeating: false, count: projects.count)
        for file in files { projectKept[projectOfFile[file]] = true }
        guard !projectKept.contains(false) else { return nil }
        var placeByPath = [Int](repeating: 0, count: files.count)
        for (place, kept) in files.indices.sorted(by: { self.placeByPath[files[$0]] < self.placeByPath[files[$1]] }).enumerated() {
            placeByPath[kept] = place
        }
        return ProjectLayout(
            projects: projects, projectOfFile: files.map { projectOfFile[$0] }, placeByPath: placeByPath,
            packagesOfProject: packagesOfProject, roleInProject: files.map { roleInProject[$0] })
    }

    /// Local packages some project declares whose root is not a project of this layout:
    /// their files must be read for the index (they are not reported on).
    public var unreadLocalPackages: [String] {
        let known = Set(projects.compactMap(\.root))
        return Array(Set(projects.flatMap(\.localPackages)).subtracting(known)).sorted()
    }
}

/// The nearest project root upward from a folder, each folder and manifest looked at once.
private struct RootFinder {
    private var rootOfFolder: [String: String?] = [:]
    private var manifestOfRoot: [String: ProjectManifest] = [:]
    private var projectsDecidingForRoot: [String: [(name: String, files: XcodeProjectFiles)]?] = [:]
    /// The folder last asked about by `root(ofFile:)`, and its root.
    private var lastFolder: (folder: String, root: String?)?

    /// The root of a file's folder. Files mostly come folder by folder: the last folder's
    /// root is reused without making the folder's `String`.
    mutating func root(ofFile path: String) -> String? {
        let folder = Self.parent(of: path)
        if let lastFolder, folder == lastFolder.folder { return lastFolder.root }
        let name = String(folder)
        let root = root(ofFolder: name)
        lastFolder = (name, root)
        return root
    }

    mutating func root(ofFolder folder: String) -> String? {
        if let known = rootOfFolder[folder] { return known }
        let root: String?
        if Self.isProjectRoot(folder) {
            root = folder
        } else if folder == "/" || folder.isEmpty {
            root = nil
        } else {
            root = self.root(ofFolder: String(Self.parent(of: folder)))
        }
        rootOfFolder[folder] = root
        return root
    }

    mutating func manifest(ofRoot root: String) -> ProjectManifest {
        if let known = manifestOfRoot[root] { return known }
        let found = ProjectManifest(root: root)
        manifestOfRoot[root] = found
        return found
    }

    /// Why no target compiles the file at `path` (absolute) whose project root is `root`, or
    /// nil when some target compiles it or that cannot be known (SPEC §9 scopes; docs/cli.md).
    /// Only Xcode projects tell: a file is compiled when an Xcode project in its root, a root
    /// above, or one of `nestedRoots` (the run's roots below `root`, whose projects may name
    /// files up their folders) builds it. Nothing is known when a root on the way up holds a
    /// `Package.swift` (SwiftPM compiles its target folders, which may lie anywhere below it)
    /// or a project generator's manifest, or when a project file could not be read.
    mutating func reasonNotCompiled(file path: String, root: String, nestedRoots: [String]) -> String? {
        guard let projects = xcodeProjects(decidingFor: root, nestedRoots: nestedRoots) else { return nil }
        if projects.contains(where: { $0.files.builds(path) }) { return nil }
        let names = projects.map(\.name)
        return "no target of \(names.joined(separator: ", ")) compiles it"
    }

    /// The Xcode projects of `root`, the roots above it and `nestedRoots`, or nil when they
    /// do not decide which files of `root` are compiled.
    private mutating func xcodeProjects(
        decidingFor root: String, nestedRoots: [String]
    ) -> [(name: String, files: XcodeProjectFiles)]? {
        if let known = projectsDecidingForRoot[root] { return known }
        var projects: [(name: String, files: XcodeProjectFiles)]? = []
        var next: String? = root
        while let current = next, projects != nil {
            let manifest = manifest(ofRoot: current)
            if manifest.hasPackageManifest || manifest.hasGeneratorManifest { projects = nil; break }
            for project in manifest.xcodeProjects {
                guard let files = project.files else { projects = nil; break }
                projects?.append((project.name, files))
            }
            next = current == "/" ? nil : self.root(ofFolder: String(Self.parent(of: current)))
        }
        for nested in nestedRoots where projects != nil {
            for project in manifest(ofRoot: nested).xcodeProjects {
                guard let files = project.files else { projects = nil; break }
                projects?.append((PathUtilities.relative(nested, to: root) + "/" + project.name, files))
            }
        }
        let deciding = projects?.isEmpty == false ? projects : nil
        projectsDecidingForRoot[root] = .some(deciding)
        return deciding
    }

    /// The folder holding a normalized absolute path (`/` for `/a`).
    static func parent(of path: String) -> Substring {
        var path = path
        // Found on the contiguous bytes: asked per file.
        guard let slash = path.withUTF8({ $0.lastIndex(of: UInt8(ascii: "/")) }), slash > 0 else { return "/" }
        return path[..<path.utf8.index(path.utf8.startIndex, offsetBy: slash)]
    }

    static func isProjectRoot(_ folder: String) -> Bool {
        PathUtilities.folderContains(folder) { name in
            name.elementsEqual(packageManifest) || name.count > xcodeProject.count && name.suffix(xcodeProject.count).elementsEqual(xcodeProject)
        }
    }

    private static let packageManifest = Array("Package.swift".utf8)
    private static let xcodeProject = Array(".xcodeproj".utf8)
}

/// What a project's manifests say about the local packages it uses.
struct ProjectManifest {
    /// The roots of the local packages it declares, absolute, existing, in order.
    var packages: [String] = []
    /// The folder paths its Xcode project names that are no package relative to the root:
    /// paths inside Xcode groups, whose own paths the project file nests.
    var xcodeFolders: [String] = []
    /// Whether the root holds a `Package.swift`: SwiftPM may compile any file below it.
    var hasPackageManifest = false
    /// Whether the root holds the manifest of a project generator (XcodeGen's `project.yml`
    /// or `project.json`, Tuist's `Project.swift`): the Xcode project is made from it and may
    /// be stale or absent, so it does not tell which files are compiled.
    var hasGeneratorManifest = false
    /// The root's Xcode projects by name, each with the files it builds (nil when its
    /// project file could not be read).
    var xcodeProjects: [(name: String, files: XcodeProjectFiles?)] = []

    init(root: String) {
        var found: [String] = []
        let manifest = PathUtilities.join(root, "Package.swift")
        if let text = try? String(contentsOfFile: manifest, encoding: .utf8) {
            hasPackageManifest = true
            found += Self.packagePaths(inManifest: text).map { PathUtilities.absolute($0, relativeTo: root) }
        }
        var folders: [String] = []
        for entry in PathUtilities.folderEntries(root) ?? [] {
            if Self.generatorManifests.contains(entry.name) { hasGeneratorManifest = true }
            if entry.name == "Package.swift" { hasPackageManifest = true }
            if entry.name.hasSuffix(".xcworkspace"),
                let text = try? String(
                    contentsOfFile: PathUtilities.join(PathUtilities.join(root, entry.name), "contents.xcworkspacedata"), encoding: .utf8)
            {
                // A package folder added to the workspace: its products are what the
                // workspace's projects link by name.
                found += Self.workspaceLocations(in: text).map { PathUtilities.absolute($0, relativeTo: root) }
            }
            guard entry.name.hasSuffix(".xcodeproj") else { continue }
            let pbxproj = PathUtilities.join(PathUtilities.join(root, entry.name), "project.pbxproj")
            guard let text = try? String(contentsOfFile: pbxproj, encoding: .utf8) else {
                xcodeProjects.append((entry.name, nil))
                continue
            }
            folders += Self.referencedPaths(inXcodeProject: text)
            xcodeProjects.append((entry.name, XcodeProjectFiles(projectFile: text, projectFolder: root, isOnDisk: PathUtilities.exists)))
        }
        let isPackage = { (path: String) in path != root && PathUtilities.exists(PathUtilities.join(path, "Package.swift")) }
        for folder in folders {
            let path = PathUtilities.absolute(folder, relativeTo: root)
            if isPackage(path) { found.append(path) } else if !folder.hasPrefix("/") { xcodeFolders.append(PathUtilities.normalize(folder)) }
        }
        var seen = Set<String>()
        packages = found.filter { isPackage($0) && seen.insert($0).inserted }
    }

    private static let generatorManifests: Set<String> = ["project.yml", "project.yaml", "project.json", "Project.swift"]

    /// The folders a workspace's `contents.xcworkspacedata` adds at its top level, relative
    /// to the workspace's folder (`location = "group:Core"`, `"container:Core"`).
    static func workspaceLocations(in text: String) -> [String] {
        var locations: [String] = []
        var rest = Substring(text)
        while let key = rest.range(of: "location = \"") {
            rest = rest[key.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { break }
            let value = rest[..<close]
            for scheme in ["group:", "container:"] where value.hasPrefix(scheme) {
                let path = String(value.dropFirst(scheme.count))
                if !path.isEmpty, !path.hasPrefix("/") { locations.append(path) }
            }
            rest = rest[close...]
        }
        return locations
    }

    /// The `path:` arguments of `.package(path: "…")` and `.package(name: "…", path: "…")`.
    static func packagePaths(inManifest text: String) -> [String] {
        var text = text
        if let paths = text.withUTF8({ $0.allSatisfy { $0 < 0x80 } ? packagePaths(inASCII: $0) : nil }) { return paths }
        // Other text is searched by characters, as Foundation compares them.
        var paths: [String] = []
        var rest = Substring(text)
        while let call = rest.range(of: ".package(") {
            rest = rest[call.upperBound...]
            let end = rest.firstIndex(of: ")") ?? rest.endIndex
            let arguments = rest[..<end]
            if let label = arguments.range(of: "path:"), let literal = firstStringLiteral(in: arguments[label.upperBound...]) {
                paths.append(literal)
            }
            rest = rest[end...]
        }
        return paths
    }

    /// `packagePaths(inManifest:)` of ASCII text, where bytes are characters.
    private static func packagePaths(inASCII bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var paths: [String] = []
        var next = 0
        while let call = firstIndex(of: packageCall, in: bytes[next...]) {
            let arguments = bytes[(call + packageCall.count)...].prefix { $0 != UInt8(ascii: ")") }
            if let label = firstIndex(of: pathLabel, in: arguments),
                let open = arguments[(label + pathLabel.count)...].firstIndex(of: quote),
                let close = arguments[(open + 1)...].firstIndex(of: quote)
            {
                paths.append(String(decoding: arguments[(open + 1)..<close], as: UTF8.self))
            }
            next = arguments.endIndex
        }
        return paths
    }

    private static let packageCall = Array(".package(".utf8)
    private static let pathLabel = Array("path:".utf8)
    private static let quote = UInt8(ascii: "\"")

    /// Where `needle` first occurs in `bytes` (an index of `bytes`), or nil.
    private static func firstIndex(of needle: [UInt8], in bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        let last = bytes.endIndex - needle.count
        var index = bytes.startIndex
        while index <= last, let first = bytes[index...last].firstIndex(of: needle[0]) {
            if bytes[first..<first + needle.count].elementsEqual(needle) { return first }
            index = first + 1
        }
        return nil
    }

    /// Paths an Xcode project names that may be local packages: `relativePath` of
    /// `XCLocalSwiftPackageReference` (Xcode 15 and later), and file references' `path`
    /// (a package dragged into the project). The caller keeps those holding a `Package.swift`.
    /// Scanned as bytes: project files run to megabytes.
    static func referencedPaths(inXcodeProject text: String) -> [String] {
        var text = text
        return text.withUTF8(referencedPaths(inXcodeProject:))
    }

    private static func referencedPaths(inXcodeProject bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        let key = Array("ath = ".utf8)  // `path = ` and `relativePath = `
        var paths: [String] = []
        var index = 1
        while index + key.count < bytes.count {
            guard let candidate = bytes[index..<bytes.count - key.count].firstIndex(of: key[0]) else { break }
            index = candidate
            guard bytes[index - 1] | 0x20 == UInt8(ascii: "p"), bytes[index..<index + key.count].elementsEqual(key) else {
                index += 1
                continue
            }
            var start = index + key.count
            let quoted = bytes[start] == UInt8(ascii: "\"")
            if quoted { start += 1 }
            var end = start
            while end < bytes.count, bytes[end] != (quoted ? UInt8(ascii: "\"") : UInt8(ascii: ";")), bytes[end] != 10 {
                end += 1
            }
            // A package is a folder whose name has no extension (unlike `Info.plist`, `App.swift`).
            if let name = bytes[start..<end].split(separator: UInt8(ascii: "/")).last,
                !name.dropFirst().contains(UInt8(ascii: "."))
            {
                paths.append(String(decoding: bytes[start..<end], as: UTF8.self))
            }
            index = end
        }
        return paths
    }

    private static func firstStringLiteral(in text: Substring) -> String? {
        guard let open = text.firstIndex(of: "\"") else { return nil }
        let body = text[text.index(after: open)...]
        guard let close = body.firstIndex(of: "\"") else { return nil }
        return String(body[..<close])
    }
}

/// A run's inputs with their projects: the files of local packages a project declares that
/// the paths given did not cover are read too, for its index only (not reported on).
public struct ProjectInputs: Sendable {
    public var inputs: [SourceInput]
    public var layout: ProjectLayout
    /// The paths of the inputs given, when package files were added; otherwise nil.
    public var reportedPaths: Set<String>?

    /// The files left out because no target compiles them, in the order found.
    public var uncompiled: [UncompiledFile] = []

    /// The inputs given and the files of the local packages they declare. Unless
    /// `skippingUncompiled` is false, the files no Xcode target compiles are left out (and
    /// listed in `uncompiled`), except those whose paths `keeping` holds.
    public static func complete(
        _ given: [SourceInput], discovery: FileDiscovery, jobs: Int, skippingUncompiled: Bool = true, keeping: Set<String> = []
    ) -> ProjectInputs {
        let base = discovery.currentDirectory
        var inputs = given
        var absolutePaths = given.map { PathUtilities.absolute($0.path, relativeTo: base) }
        var finder = RootFinder()
        var layout = ProjectLayout(absolutePaths: absolutePaths, finder: &finder)
        var added = false
        // Packages of packages are found on the next round; a cycle adds nothing new.
        for _ in 0..<16 {
            let missing = layout.unreadLocalPackages
            guard !missing.isEmpty else { break }
            var known = Set(absolutePaths)
            for root in missing {
                // Unreadable package files are not linted, so they are not input errors.
                guard let found = try? discovery.discover([PathUtilities.relative(root, to: base)], jobs: jobs) else { continue }
                for input in found.inputs {
                    let absolute = PathUtilities.absolute(input.path, relativeTo: base)
                    guard known.insert(absolute).inserted else { continue }
                    inputs.append(input)
                    absolutePaths.append(absolute)
                    added = true
                }
            }
            let next = ProjectLayout(absolutePaths: absolutePaths, finder: &finder)
            if next.unreadLocalPackages == missing { layout = next; break }
            layout = next
        }
        var uncompiled: [UncompiledFile] = []
        if skippingUncompiled {
            var kept: [Int] = []
            let roots = layout.projects.compactMap(\.root)
            var nestedRoots: [String: [String]] = [:]
            for root in roots { nestedRoots[root] = roots.filter { $0.hasPrefix(root == "/" ? "/" : root + "/") && $0 != root } }
            for file in inputs.indices {
                if let root = layout.projects[layout.projectOfFile[file]].root, !keeping.contains(inputs[file].path),
                    let reason = finder.reasonNotCompiled(file: absolutePaths[file], root: root, nestedRoots: nestedRoots[root] ?? [])
                {
                    uncompiled.append(UncompiledFile(path: inputs[file].path, reason: reason))
                } else {
                    kept.append(file)
                }
            }
            if !uncompiled.isEmpty {
                inputs = kept.map { inputs[$0] }
                layout = layout.keeping(files: kept) ?? ProjectLayout(absolutePaths: kept.map { absolutePaths[$0] }, finder: &finder)
            }
        }
        return ProjectInputs(
            inputs: inputs, layout: layout, reportedPaths: added ? Set(given.map(\.path)) : nil, uncompiled: uncompiled)
    }
}

/// A file found in an Xcode project's folder that none of its targets compiles (a stale copy
/// left in the folder): it is no part of the program, so it is neither indexed nor linted.
public struct UncompiledFile: Sendable, Equatable {
    /// As the run shows paths.
    public var path: String
    /// Which projects were asked: `no target of App.xcodeproj compiles it`.
    public var reason: String
}
