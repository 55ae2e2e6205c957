import Foundation
import FuzzDriver
import FuzzSupport
import ObservationLintCore

/// The whole pipeline as the CLI runs it on a small project (`ProjectInput`: a
/// configuration file and files, written to a folder of this process): configuration,
/// rule selection, file discovery, project scopes and local packages, linting, reporters.
/// Invalid configurations are errors with lines inside the file; otherwise the same
/// invariants as on one file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProject(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzInput(data, size) { bytes in
        let project = ProjectInput(splitting: bytes)
        project.write(to: projectFolder)
        lintLikeTheCLI(project)
    }
}

/// One folder per process, removed at exit.
let projectFolder: String = {
    let folder = NSTemporaryDirectory() + "/observation-lint-fuzz-\(ProcessInfo.processInfo.processIdentifier)"
    atexit { try? FileManager.default.removeItem(atPath: projectFolder) }
    return folder
}()

func lintLikeTheCLI(_ project: ProjectInput) {
    let configuration: Configuration
    do {
        configuration = try Configuration.resolve(
            explicitPath: nil, currentDirectory: projectFolder, knownRuleIDs: PipelineInvariants.allRuleIDs)
    } catch {
        let lineCount = project.configuration.count { $0 == UInt8(ascii: "\n") } + 1
        for issue in error.issues where issue.line.map({ $0 < 1 || $0 > lineCount + 1 }) ?? false {
            violated("configuration error on line \(issue.line!) of \(lineCount): \(issue.message)")
        }
        if error.lines.isEmpty { violated("a configuration error without a message") }
        return
    }
    guard
        let selection = try? RuleSelection.resolve(catalog: PipelineInvariants.allRules, configuration: configuration)
    else { return }
    let isolation = configuration.effectiveDefaultActorIsolation(currentDirectory: projectFolder)
    let discovery = FileDiscovery(configuration: configuration, currentDirectory: projectFolder)
    let discovered: FileDiscovery.Result
    do {
        discovered = try discovery.discover([], jobs: 1)
    } catch {
        violated("the project folder itself was not found: \(error)")
    }
    let projects = ProjectInputs.complete(discovered.inputs, discovery: discovery, jobs: 1)
    guard !projects.inputs.isEmpty else { return }
    let options = LintOptions(
        rules: selection.rules, severityOverrides: selection.severityOverrides,
        knownRuleIDs: PipelineInvariants.allRuleIDs, defaultIsolationIsMainActor: isolation == .mainActor,
        reportedPaths: projects.reportedPaths, layout: projects.layout, includeTests: configuration.includeTests)
    let report = PipelineInvariants.lintDeterministically(projects.inputs, options: options)
    let sources = PipelineInvariants.sources(of: projects.inputs)
    PipelineInvariants.checkRanges(report.diagnostics, sources: sources)
    if let reported = projects.reportedPaths,
        let outside = report.diagnostics.first(where: { !reported.contains($0.file) })
    {
        violated("\(outside.ruleID) reported in \(outside.file), which is read for the index only")
    }
    PipelineInvariants.checkReports(
        ReportInput(
            diagnostics: report.diagnostics, errors: discovered.errors, fileCount: report.fileCount,
            rules: PipelineInvariants.catalog, sources: sources, currentDirectory: projectFolder,
            repositoryRoot: projectFolder))
}

@_cdecl("FuzzProject_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    fuzz_driver_run(argc, argv, fuzzProject)
}
