import Foundation
import ObservationSyntax

/// One file to lint: its path as shown in output, and its bytes.
public struct SourceInput: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

public struct LintOptions: Sendable {
    /// The rules to run (already filtered by configuration and flags).
    public var rules: [any Rule]
    /// Severity per rule id, where the configuration overrides the default.
    public var severityOverrides: [String: Severity]
    /// Every rule id of the catalog, for checking the ids in suppression comments.
    public var knownRuleIDs: Set<String>
    /// Worker threads; 0 means all cores.
    public var jobs: Int
    /// The module's default actor isolation is `MainActor` (SPEC §5).
    public var defaultIsolationIsMainActor: Bool
    /// The `NonisolatedNonsendingByDefault` upcoming feature is on (SE-0461).
    public var nonisolatedNonsendingByDefault: Bool
    /// Each project of `layout` with a root folder reads its own default isolation and
    /// upcoming features there (`Package.swift`, Xcode and XcodeGen build settings); the two
    /// values above are for projects that say nothing.
    public var readsProjectBuildSettings: Bool
    /// When set, only these files are reported on; the others are read for the index only
    /// (linting one editor buffer with the rest of the project from disk).
    public var reportedPaths: Set<String>?
    /// The projects of the inputs (in the inputs' order); nil: all inputs are one project.
    public var layout: ProjectLayout?
    /// Also report on test and documentation files (`SourceRole`) and in previews (`#Preview`
    /// blocks, `PreviewProvider` types); otherwise they are read for the index only.
    public var includeTests: Bool
    /// `lint` leaves the files it parsed and the index it built to the process's exit
    /// instead of freeing them object by object (about 1.5% of a run on the seven apps):
    /// for a process that exits once it has reported, as the command line does. Each
    /// project's index of a multi-project run too (freeing them cost about 3% of a run on
    /// the seven apps): peak memory then holds every project's index.
    public var leavesTeardownToExit: Bool

    public init(
        rules: [any Rule], severityOverrides: [String: Severity] = [:], knownRuleIDs: Set<String>? = nil,
        jobs: Int = 0, defaultIsolationIsMainActor: Bool = false, reportedPaths: Set<String>? = nil,
        layout: ProjectLayout? = nil, includeTests: Bool = false, nonisolatedNonsendingByDefault: Bool = false,
        readsProjectBuildSettings: Bool = false, leavesTeardownToExit: Bool = false
    ) {
        self.rules = rules
        self.severityOverrides = severityOverrides
        self.knownRuleIDs = knownRuleIDs ?? Set(rules.map { $0.description.id })
        self.jobs = jobs
        self.defaultIsolationIsMainActor = defaultIsolationIsMainActor
        self.nonisolatedNonsendingByDefault = nonisolatedNonsendingByDefault
        self.readsProjectBuildSettings = readsProjectBuildSettings
        self.reportedPaths = reportedPaths
        self.layout = layout
        self.includeTests = includeTests
        self.leavesTeardownToExit = leavesTeardownToExit
    }
}

public struct LintReport: Sendable {
    /// Sorted by file, line, column, rule; suppressed diagnostics removed.
    public var diagnostics: [Diagnostic]
    public var fileCount: Int
    /// What the run could not read and went on without (an Xcode project file).
    public var warnings: [String] = []
}

public enum LintEngine {
    /// Tokenizes and parses every input in parallel, builds each project's index (SPEC §9:
    /// its own files and its local packages'), runs every rule on every reported file of the
    /// project in parallel, applies suppression comments and sorts.
    public static func lint(_ inputs: [SourceInput], options: LintOptions) -> LintReport {
        let jobs = options.jobs > 0 ? options.jobs : ProcessInfo.processInfo.activeProcessorCount
        let files = parallelMap(inputs, jobs: jobs) { ParsedFile(path: $0.path, bytes: $0.bytes) }
        defer { if options.leavesTeardownToExit { LeftToExit.keep(files) } }
        let rules = options.rules.map { rule in
            let description = rule.description
            return RunnableRule(
                rule: rule, id: description.id, severity: options.severityOverrides[description.id] ?? description.defaultSeverity,
                fixSafety: description.autoFix?.safety ?? .unsafe)
        }
        let (buildTargets, warnings) = xcodeBuildTargets(of: files, layout: options.layout, reading: options.readsProjectBuildSettings)
        let packageTargets = packageTargetFolders(of: files, layout: options.layout)
        // Test and documentation code is indexed, and reported on only when asked for.
        let isReported = inputs.indices.map { file in
            options.includeTests
                || (options.layout?.sourceRole(ofFile: file, path: inputs[file].path) ?? SourceRole(path: inputs[file].path))
                    .isReportedByDefault && buildTargets[file]?.isTestCodeOnly != true
        }
        guard let layout = options.layout, layout.projects.count > 1 else {
            let settings = buildSettings(of: options.layout?.projects.first, options: options)
            let index = ProjectIndex(
                files: files, defaultIsolationIsMainActor: settings.mainActor, nonisolatedNonsendingByDefault: settings.nonsending,
                filesCompiledWithoutNonsending: filesWithout(
                    .nonisolatedNonsending, files, project: options.layout?.projects.first, on: settings.nonsending, options: options),
                filesCompiledWithoutMainActorDefault: filesWithout(
                    .mainActorDefault, files, project: options.layout?.projects.first, on: settings.mainActor, options: options),
                buildTargets: buildTargets, packageTargets: packageTargets, jobs: jobs)
            if options.leavesTeardownToExit { LeftToExit.keep(index) }
            var report = check(index, reported: Set(files.indices.filter { isReported[$0] }), rules: rules, options: options, jobs: jobs)
            report.warnings = warnings
            return report
        }
        var diagnostics: [Diagnostic] = []
        var fileCount = 0
        // A package's public types, as its own index made them (files numbered as `inputs`).
        var publicTypes: [Int: [String: TypeInfo]] = [:]
        defer { if options.leavesTeardownToExit { LeftToExit.keep(publicTypes) } }
        // A package's off-main writes, asked for per model by the projects using it: each
        // holds the package's index until the last level using the package is done.
        var publicWrites: [Int: ExportedOffMainWrites] = [:]
        let usedAsPackage = Set(layout.projects.indices.flatMap { layout.visibleProjects(of: $0).dropFirst() })
        // Each project's run: its findings in its own files, and in its packages' files
        // where its views witness facts the packages exported.
        var runs: [(project: Int, own: [Diagnostic], inPackages: [Diagnostic])] = []
        let levels = layout.projectLevels
        var lastUse: [Int: Int] = [:]
        for (position, level) in levels.enumerated() {
            for project in level { for package in layout.visibleProjects(of: project).dropFirst() { lastUse[package] = position } }
        }
        for (position, level) in levels.enumerated() {
            // Several projects at once, one thread each, largest first, when no project has
            // more than a thread's share of the level's files; otherwise one at a time, each
            // on every thread.
            let sizes = Dictionary(uniqueKeysWithValues: level.map { ($0, layout.files(of: $0).count) })
            let largestFirst = level.sorted { sizes[$0]! > sizes[$1]! }
            let together = jobs > 1 && level.count >= jobs && sizes[largestFirst[0]]! * jobs <= sizes.values.reduce(0, +)
            let done = parallelMap(largestFirst, jobs: together ? jobs : 1) { project in
                let settings = buildSettings(of: layout.projects[project], options: options)
                let (index, indexed, own) = projectIndex(
                    project, layout: layout, files: files, publicTypes: publicTypes, publicWrites: publicWrites,
                    defaultIsolationIsMainActor: settings.mainActor, nonisolatedNonsending: settings.nonsending,
                    readsTargetSettings: options.readsProjectBuildSettings, buildTargets: buildTargets, packageTargets: packageTargets,
                    jobs: together ? 1 : jobs)
                let reported = indexed.indices.filter { own.contains(indexed[$0]) && isReported[indexed[$0]] }
                let report = check(index, reported: Set(reported), rules: rules, options: options, jobs: together ? 1 : jobs)
                // A package's files too where this project's views observe the package's
                // models (SPEC §9), the findings whose witness (a note) is in the project's own
                // files: those are this run's, whenever it reports at all, so the project
                // alone reports them.
                var inPackages: [Diagnostic] = []
                if report.fileCount > 0 {
                    // The project's files the run reports on (the one file of an editor's stdin run).
                    let ownPaths = Set(own.map { files[$0].path }.filter { options.reportedPaths?.contains($0) ?? true })
                    let packageFiles = index.packageFilesWitnessedHere.filter { isReported[indexed[$0]] }
                    inPackages = check(index, reported: packageFiles, rules: rules, options: options, jobs: together ? 1 : jobs, anyPath: true)
                        .diagnostics.filter { diagnostic in diagnostic.notes.contains { ownPaths.contains($0.range.file) } }
                }
                if options.leavesTeardownToExit { LeftToExit.keep(index) }
                let writes = usedAsPackage.contains(project) ? index.exportedOffMainWrites.renumberingFiles { indexed[$0] } : nil
                return (project, index.publicTypes.mapValues { $0.renumberingFiles { indexed[$0] } }, writes, report, inPackages)
            }
            for (project, exported, writes, report, inPackages) in done {
                publicTypes[project] = exported
                publicWrites[project] = writes
                runs.append((project, report.diagnostics, inPackages))
                fileCount += report.fileCount
            }
            publicWrites = publicWrites.filter { package, _ in lastUse[package].map { $0 > position } ?? false }
        }
        // A package's file is judged by the package's run and by each user's: a finding at
        // one site is said once, the package's own if it has one, else that of the first
        // user in the layout's order (whatever order the runs finished in).
        runs.sort { $0.project < $1.project }
        var said = Set<DiagnosticSite>()
        for run in runs {
            diagnostics += run.own
            said.formUnion(run.own.map(DiagnosticSite.init))
        }
        for run in runs {
            diagnostics += run.inPackages.filter { said.insert(DiagnosticSite($0)).inserted }
        }
        return LintReport(diagnostics: diagnostics.sorted(by: Diagnostic.reportOrder), fileCount: fileCount, warnings: warnings)
    }

    /// For each file, the Xcode targets of its project's root that compile it (nil where
    /// none lists it, or when build settings are not `reading`), and a warning per project
    /// file that could not be read (its files then count as unlisted).
    static func xcodeBuildTargets(
        of files: [ParsedFile], layout: ProjectLayout?, reading: Bool
    ) -> (targets: [FileBuildTargets?], warnings: [String]) {
        guard reading, let layout else { return (Array(repeating: nil, count: files.count), []) }
        var projectsOfRoot: [String: XcodeBuildTargets] = [:]
        var warnings: [String] = []
        let targets = files.indices.map { file -> FileBuildTargets? in
            guard let root = layout.projects[layout.projectOfFile[file]].root else { return nil }
            let projects = projectsOfRoot[root] ?? {
                let read = XcodeBuildTargets(folder: root)
                warnings += read.unreadProjects.map { "warning: \($0): not read as an Xcode project file; its targets are not known" }
                projectsOfRoot[root] = read
                return read
            }()
            return projects.targets.isEmpty ? nil : projects.targets(compiling: PathUtilities.absolute(files[file].path))
        }
        return (targets, warnings)
    }

    /// For each file, the folder (absolute) of the SwiftPM target it is compiled in, or nil: a
    /// file in `<folder>/<target>/` below a project root holding a `Package.swift`, where the
    /// folder is one SwiftPM looks for targets in (`Sources`, `Source`, `src`, `srcs`, `Tests`).
    /// A target's own `path:` is not read: the folder is taken from the file's place alone
    /// (`path: "Sources"` gives `Sources/<subfolder>`). Two such
    /// folders holding a `@main` each are two modules: SwiftPM rejects targets whose sources
    /// overlap, and one module has one entry point.
    static func packageTargetFolders(of files: [ParsedFile], layout: ProjectLayout?) -> [String?] {
        guard let layout else { return Array(repeating: nil, count: files.count) }
        var isPackageRoot: [String: Bool] = [:]
        return files.indices.map { file -> String? in
            guard let root = layout.projects[layout.projectOfFile[file]].root else { return nil }
            let isPackage = isPackageRoot[root] ?? PathUtilities.exists(PathUtilities.join(root, "Package.swift"))
            isPackageRoot[root] = isPackage
            let path = PathUtilities.absolute(files[file].path)
            guard isPackage, path.hasPrefix(root + "/") else { return nil }
            let parts = path.dropFirst(root.count + 1).split(separator: "/", maxSplits: 2)
            guard parts.count == 3, packageTargetParents.contains(parts[0]) else { return nil }
            return PathUtilities.join(PathUtilities.join(root, String(parts[0])), String(parts[1]))
        }
    }

    /// SwiftPM's predefined folders holding a folder per target.
    private static let packageTargetParents: Set<Substring> = ["Sources", "Source", "src", "srcs", "Tests"]

    /// The default isolation and `NonisolatedNonsendingByDefault` of a project: what its root
    /// folder's build settings say when `readsProjectBuildSettings`, else (or where they say
    /// nothing) the options'.
    private static func buildSettings(of project: ProjectLayout.Project?, options: LintOptions) -> (mainActor: Bool, nonsending: Bool) {
        guard options.readsProjectBuildSettings, let root = project?.root else {
            return (options.defaultIsolationIsMainActor, options.nonisolatedNonsendingByDefault)
        }
        let isolation = DefaultActorIsolation.detect(inDirectory: root)
        return (
            isolation.map { $0 == .mainActor } ?? options.defaultIsolationIsMainActor,
            options.nonisolatedNonsendingByDefault || UpcomingFeatures.enablesNonisolatedNonsending(inDirectory: root)
        )
    }

    /// The files of a project whose Xcode targets compile them with `setting` off while the
    /// project turns it `on` for other targets: read from the project's files when its build
    /// settings are read.
    private static func filesWithout(
        _ setting: TargetIsolationSetting, _ files: [ParsedFile], project: ProjectLayout.Project?, on: Bool, options: LintOptions
    ) -> Set<Int> {
        filesWithout(setting, paths: files.map(\.path), root: project?.root, on: on && options.readsProjectBuildSettings)
    }

    /// Of `paths`, the positions of the files the Xcode projects in `root` compile with
    /// `setting` off, when the project turns it `on`.
    private static func filesWithout(_ setting: TargetIsolationSetting, paths: [String], root: String?, on: Bool) -> Set<Int> {
        guard on, let root else { return [] }
        return setting.filesCompiledWithout(paths, inDirectory: root)
    }

    /// The index of one project of `layout` over `files` (numbered as the inputs): its own
    /// files and its local packages', whose public types (`publicTypes`, by project, built
    /// first) it imports, with the off-main writes of those models the packages found
    /// (`publicWrites`). Also the positions of the indexed files and of its own.
    private static func projectIndex(
        _ project: Int, layout: ProjectLayout, files: [ParsedFile], publicTypes: [Int: [String: TypeInfo]],
        publicWrites: [Int: ExportedOffMainWrites] = [:],
        defaultIsolationIsMainActor: Bool, nonisolatedNonsending: Bool = false, readsTargetSettings: Bool,
        buildTargets: [FileBuildTargets?], packageTargets: [String?], jobs: Int
    ) -> (index: ProjectIndex, indexed: [Int], own: Set<Int>) {
        let indexed = layout.indexedFiles(of: project)
        let own = Set(layout.files(of: project))
        let position = Dictionary(uniqueKeysWithValues: indexed.enumerated().map { ($1, $0) })
        var imported: [String: TypeInfo] = [:]
        var clashing = Set<String>()
        var importedWrites: [ExportedOffMainWrites] = []
        for package in layout.visibleProjects(of: project).dropFirst() {
            if let writes = publicWrites[package] { importedWrites.append(writes.renumberingFiles { position[$0]! }) }
            for (name, info) in publicTypes[package] ?? [:] where !clashing.contains(name) {
                // Two packages with one public name: which one a use means is unknown.
                if imported.removeValue(forKey: name) != nil {
                    clashing.insert(name)
                } else {
                    imported[name] = info.renumberingFiles { position[$0]! }
                }
            }
        }
        let index = ProjectIndex(
            files: indexed.map { files[$0] }, isPackageFile: indexed.map { !own.contains($0) }, importedTypes: imported,
            packageOffMainWrites: importedWrites,
            defaultIsolationIsMainActor: defaultIsolationIsMainActor, nonisolatedNonsendingByDefault: nonisolatedNonsending,
            filesCompiledWithoutNonsending: filesWithout(
                .nonisolatedNonsending, paths: indexed.map { files[$0].path }, root: layout.projects[project].root,
                on: readsTargetSettings && nonisolatedNonsending),
            filesCompiledWithoutMainActorDefault: filesWithout(
                .mainActorDefault, paths: indexed.map { files[$0].path }, root: layout.projects[project].root,
                on: readsTargetSettings && defaultIsolationIsMainActor),
            buildTargets: indexed.map { buildTargets[$0] }, packageTargets: indexed.map { packageTargets[$0] }, jobs: jobs)
        return (index, indexed, own)
    }

    /// The index of each project of the inputs (one when `layout` is nil or holds one
    /// project), packages before the projects that use them: what `lint` builds, for the
    /// debug commands.
    /// Each project's build settings (default isolation, `NonisolatedNonsendingByDefault`) are
    /// read as `lint` reads them, so the facts shown are the ones the rules judge on.
    public static func projectIndexes(_ inputs: [SourceInput], layout: ProjectLayout?, jobs: Int = 0) -> [ProjectIndex] {
        let jobs = jobs > 0 ? jobs : ProcessInfo.processInfo.activeProcessorCount
        let files = parallelMap(inputs, jobs: jobs) { ParsedFile(path: $0.path, bytes: $0.bytes) }
        let options = LintOptions(rules: [], readsProjectBuildSettings: true)
        let buildTargets = xcodeBuildTargets(of: files, layout: layout, reading: true).targets
        let packageTargets = packageTargetFolders(of: files, layout: layout)
        guard let layout, layout.projects.count > 1 else {
            let settings = buildSettings(of: layout?.projects.first, options: options)
            return [
                ProjectIndex(
                    files: files, defaultIsolationIsMainActor: settings.mainActor, nonisolatedNonsendingByDefault: settings.nonsending,
                    filesCompiledWithoutNonsending: filesWithout(
                        .nonisolatedNonsending, files, project: layout?.projects.first, on: settings.nonsending, options: options),
                    filesCompiledWithoutMainActorDefault: filesWithout(
                        .mainActorDefault, files, project: layout?.projects.first, on: settings.mainActor, options: options),
                    buildTargets: buildTargets, packageTargets: packageTargets, jobs: jobs)
            ]
        }
        var publicTypes: [Int: [String: TypeInfo]] = [:]
        var result: [ProjectIndex] = []
        for project in layout.projectLevels.joined() {
            let settings = buildSettings(of: layout.projects[project], options: options)
            let (index, indexed, _) = projectIndex(
                project, layout: layout, files: files, publicTypes: publicTypes, defaultIsolationIsMainActor: settings.mainActor,
                nonisolatedNonsending: settings.nonsending, readsTargetSettings: true, buildTargets: buildTargets,
                packageTargets: packageTargets, jobs: jobs)
            publicTypes[project] = index.publicTypes.mapValues { $0.renumberingFiles { indexed[$0] } }
            result.append(index)
        }
        return result
    }

    /// One project: the rules on the files of `reported` (positions in the index's files,
    /// app code unless tests are included) that `reportedPaths` keeps (all of them when
    /// `anyPath`).
    private static func check(
        _ index: ProjectIndex, reported: Set<Int>, rules: [RunnableRule], options: LintOptions, jobs: Int, anyPath: Bool = false
    ) -> LintReport {
        let files = index.files
        let checked = files.indices.filter {
            reported.contains($0) && (anyPath || options.reportedPaths?.contains(files[$0].path) ?? true)
        }
        // The rules that run after the others (`Rule.runsAfterOtherRules`), on every file once
        // the others have run on every file.
        let late = rules.filter { type(of: $0.rule).runsAfterOtherRules }
        let first = late.isEmpty ? rules : rules.filter { !type(of: $0.rule).runsAfterOtherRules }
        let firstFound = parallelMap(checked, jobs: jobs) { ruleDiagnostics($0, index: index, rules: first) }
        let lateFound = late.isEmpty ? [] : parallelMap(checked, jobs: jobs) { ruleDiagnostics($0, index: index, rules: late) }
        let perFile = parallelMap(Array(checked.indices), jobs: jobs) { position in
            fileDiagnostics(
                checked[position], found: late.isEmpty ? firstFound[position] : firstFound[position] + lateFound[position], index: index,
                options: options)
        }
        return LintReport(diagnostics: perFile.flatMap { $0 }.sorted(by: Diagnostic.reportOrder), fileCount: checked.count)
    }

    private static func ruleDiagnostics(_ fileIndex: Int, index: ProjectIndex, rules: [RunnableRule]) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for rule in rules {
            var context = RuleContext(fileIndex: fileIndex, index: index, ruleID: rule.id, severity: rule.severity, fixSafety: rule.fixSafety)
            rule.rule.check(&context)
            result += context.diagnostics
        }
        return result
    }

    /// A file's diagnostics (`found` by the rules) less those in previews (unless tests are
    /// included) and those suppressed, with the file's invalid suppressions.
    private static func fileDiagnostics(
        _ fileIndex: Int, found: [Diagnostic], index: ProjectIndex, options: LintOptions
    ) -> [Diagnostic] {
        let file = index.files[fileIndex]
        var result = found
        if !options.includeTests && !result.isEmpty {
            let previews = previewCode(fileIndex, index: index)
            if !previews.isEmpty { result.removeAll { diagnostic in previews.contains { $0.contains(diagnostic.range.start) } } }
        }
        guard !file.commandComments.isEmpty else { return result }
        let suppressions = SuppressionMap(source: file.source, comments: file.commandComments)
        result.removeAll { suppressions.isSuppressed(ruleID: $0.ruleID, line: $0.range.start.line) }
        let invalid = suppressions.invalidSuppressionDiagnostics(path: file.path, knownRuleIDs: options.knownRuleIDs)
        return result + invalid.filter { !suppressions.isSuppressed(ruleID: $0.ruleID, line: $0.range.start.line) }
    }
}

/// Where a diagnostic is and which rule made it: the same in two projects' runs when both
/// judge a package's file alike.
private struct DiagnosticSite: Hashable {
    var file: String
    var start: SourcePosition
    var ruleID: String

    init(_ diagnostic: Diagnostic) {
        file = diagnostic.range.file
        start = diagnostic.range.start
        ruleID = diagnostic.ruleID
    }
}

/// A rule with what the engine reads of its description, once (a description is a large value).
private struct RunnableRule {
    var rule: any Rule
    var id: String
    var severity: Severity
    var fixSafety: FixSafety
}

/// Where a file's `#Preview` blocks and `PreviewProvider` types (nested types and extensions
/// included) are: code that never runs in the app.
private func previewCode(_ fileIndex: Int, index: ProjectIndex) -> [Range<SourcePosition>] {
    let file = index.files[fileIndex]
    let ranges = file.previews.map { $0.poundToken..<$0.body.upperBound }
        + index.typeDeclarations(in: fileIndex).filter { $0.info.traits.contains(.previewProvider) }.map(\.decl.declaration)
    return ranges.map { tokens in
        let bytes = file.byteRange(tokens)
        let start = file.source.location(of: bytes.lowerBound)
        let end = file.source.location(of: bytes.upperBound)
        return SourcePosition(line: start.line, column: start.column)..<SourcePosition(line: end.line, column: end.column)
    }
}

/// `transform` applied to every element on `jobs` threads; results in input order.
func parallelMap<Element, Result>(
    _ elements: [Element], jobs: Int, _ transform: (Element) -> Result
) -> [Result] {
    guard jobs > 1, elements.count > 1 else { return elements.map(transform) }
    var results = [Result?](repeating: nil, count: elements.count)
    let next = NSLock()
    results.withUnsafeMutableBufferPointer { buffer in
        // Each index is claimed by exactly one worker, so the writes never overlap.
        nonisolated(unsafe) let slots = buffer
        nonisolated(unsafe) var counter = 0
        nonisolated(unsafe) let items = elements
        withoutActuallyEscaping(transform) { transform in
            nonisolated(unsafe) let work = transform
            DispatchQueue.concurrentPerform(iterations: min(jobs, elements.count)) { _ in
                while true {
                    next.lock()
                    let index = counter
                    counter += 1
                    next.unlock()
                    guard index < items.count else { return }
                    slots[index] = work(items[index])
                }
            }
        }
    }
    return results.map { $0! }
}

/// What `LintOptions.leavesTeardownToExit` leaves to the process's exit: each value is
/// retained once more, and never released.
enum LeftToExit {
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Box(value))
    }
}
