import ArgumentParser
import Dispatch
import Foundation
import ObservationLintCore

enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case text, xcode, json, sarif, github, checkstyle, junit
}

struct Lint: ParsableCommand, ExitCodeCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint Swift files and folders (the default command)."
    )

    @Argument(help: "Files and folders to lint (default: .). Folders are walked for *.swift files.")
    var paths: [String] = []

    @Option(help: "Output format: text, xcode, json, sarif, github, checkstyle, junit.")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Configuration file (default: nearest .observation-lint.yml upward from the current folder).", valueName: "file"))
    var config: String?

    @Flag(help: "Warnings also fail the run (exit 1).")
    var strict = false

    @Flag(help: "No summary line.")
    var quiet = false

    @Option(help: ArgumentHelp("Hide the diagnostics recorded in FILE (matched by file, rule and line text).", valueName: "file"))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp("Record the current diagnostics to FILE (a baseline for --baseline).", valueName: "file"))
    var writeBaseline: String?

    @Option(name: .customLong("stdin-path"), help: ArgumentHelp("Read one file's text from standard input, as if it were PATH; the other files are read from disk for the index.", valueName: "path"))
    var stdinPath: String?

    @Option(help: ArgumentHelp("Also run RULE, or every rule of a group such as pedantic (repeatable; also comma-separated).", valueName: "rule"))
    var enable: [String] = []

    @Option(help: ArgumentHelp("Do not run RULE or the rules of a group (repeatable).", valueName: "rule"))
    var disable: [String] = []

    @Option(help: ArgumentHelp("Run exactly these rules or groups (repeatable).", valueName: "rule"))
    var only: [String] = []

    @Flag(name: .customLong("include-tests"), help: "Also report on test targets, DocC catalogs and previews.")
    var includeTests = false

    @Flag(help: "Print only the number of diagnostics per rule (text or json).")
    var statistics = false

    @Option(help: ArgumentHelp("Worker threads (default: all cores).", valueName: "n"))
    var jobs: Int?

    @Flag(name: .customLong("no-color"), help: "No ANSI colour in text output.")
    var noColor = false

    @Flag(help: "Apply the safe fixes, then lint again and report what remains (with --stdin-path: print the fixed text).")
    var fix = false

    @Flag(name: .customLong("unsafe-fixes"), help: "With --fix or --diff: the unsafe fixes too (see `explain RULE`).")
    var unsafeFixes = false

    @Flag(help: "Print the fixes as a unified diff and write nothing (exit 1 when there is something to fix).")
    var diff = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if unsafeFixes && !fix && !diff { throw ValidationError("--unsafe-fixes applies with --fix or --diff") }
        if statistics && format != .text && format != .json {
            throw ValidationError("--statistics prints text or json, not \(format.rawValue)")
        }
    }

    func execute() throws -> Int32 {
        let started = DispatchTime.now().uptimeNanoseconds
        guard let reporter = ReporterRegistry.reporter(named: format.rawValue) else {
            throw UsageError(
                "--format \(format.rawValue) is not supported (available: \(ReporterRegistry.names.joined(separator: ", ")))")
        }

        let currentDirectory = FileManager.default.currentDirectoryPath
        // A malformed baseline stops the run before any work (exit 2).
        let loadedBaseline = try baseline.map { path in
            try Baseline.load(from: PathUtilities.absolute(path, relativeTo: currentDirectory), displayPath: path)
        }
        let catalog = Catalog.rules
        let configuration = try Configuration.resolve(
            explicitPath: config, currentDirectory: currentDirectory, knownRuleIDs: Catalog.ids)
        let selection = try RuleSelection.resolve(
            catalog: catalog, configuration: configuration, enable: RuleSelection.flagValues(enable),
            disable: RuleSelection.flagValues(disable), only: RuleSelection.flagValues(only))
        let isolation = configuration.effectiveDefaultActorIsolation(currentDirectory: currentDirectory)
        let discovery = FileDiscovery(configuration: configuration, currentDirectory: currentDirectory)

        var inputs: [SourceInput]
        var errors: [InputError]
        var reportedPaths: Set<String>?
        var standardInput: (path: String, bytes: [UInt8])?
        if let stdinPath {
            (inputs, errors, reportedPaths, standardInput) = try readWithStandardInput(stdinPath, discovery: discovery)
        } else {
            let result = try discovery.discover(paths, jobs: jobs ?? 0)
            (inputs, errors) = (result.inputs, result.errors)
        }

        // The local packages the projects declare are read for the index, not reported on.
        // So are the files no Xcode target compiles (but the one standard input stands for).
        let projects = ProjectInputs.complete(
            inputs, discovery: discovery, jobs: jobs ?? 0, skippingUncompiled: !configuration.includeUncompiledFiles,
            keeping: reportedPaths ?? [])
        inputs = projects.inputs
        let options = LintOptions(
            rules: selection.rules, severityOverrides: selection.severityOverrides, knownRuleIDs: Catalog.ids,
            jobs: jobs ?? 0, defaultIsolationIsMainActor: isolation == .mainActor,
            reportedPaths: reportedPaths ?? projects.reportedPaths, layout: projects.layout,
            includeTests: includeTests || configuration.includeTests,
            nonisolatedNonsendingByDefault: configuration.nonisolatedNonsendingByDefault(currentDirectory: currentDirectory),
            readsProjectBuildSettings: configuration.defaultActorIsolation == nil)
        var fixesApplied: Int?
        if fix || diff {
            let session = FixSession.run(inputs, options: options, includeUnsafe: unsafeFixes) { diagnostics, sources in
                guard let loadedBaseline, let baseline else { return diagnostics }
                let paths = Baseline.Paths(baselineFile: baseline, currentDirectory: currentDirectory)
                return loadedBaseline.filter(diagnostics, sources: sources, paths: paths).reported
            }
            errors += session.failures
            if diff { return printDiff(session, originalInputs: inputs, errors: errors) }
            if let standardInput {
                let fixed = session.inputs.first { $0.path == standardInput.path }?.bytes ?? standardInput.bytes
                Output.write(bytes: fixed)
                inputs = session.inputs
                fixesApplied = session.appliedCount
            } else {
                (inputs, fixesApplied) = write(session, currentDirectory: currentDirectory, errors: &errors)
            }
            errors.sort { $0.file < $1.file }
        }

        var diagnostics: [Diagnostic] = []
        var fileCount = 0
        if !inputs.isEmpty {
            // The last lint of this process, which exits after reporting.
            var options = options
            options.leavesTeardownToExit = true
            let report = LintEngine.lint(inputs, options: options)
            diagnostics = report.diagnostics
            fileCount = report.fileCount
            if !quiet { report.warnings.forEach(Output.error) }
        }

        // The texts of the files the diagnostics, their notes and fixes point into, from the
        // inputs already read: baselines match line texts, SARIF converts columns, text quotes.
        var wanted = Set<String>()
        for diagnostic in diagnostics {
            wanted.insert(diagnostic.range.file)
            for note in diagnostic.notes { wanted.insert(note.range.file) }
            for fix in diagnostic.fixes { for edit in fix.edits { wanted.insert(edit.range.file) } }
        }
        var sources: [String: [UInt8]] = [:]
        for input in inputs where wanted.contains(input.path) { sources[input.path] = input.bytes }

        // Diagnostics → baseline → reporter. The written baseline records every current
        // diagnostic (also those an old baseline hides), so it can replace that file.
        if let writeBaseline {
            let paths = Baseline.Paths(baselineFile: writeBaseline, currentDirectory: currentDirectory)
            try Baseline(recording: diagnostics, sources: sources, paths: paths)
                .write(to: PathUtilities.absolute(writeBaseline, relativeTo: currentDirectory), displayPath: writeBaseline)
        }
        if let loadedBaseline, let baseline {
            let paths = Baseline.Paths(baselineFile: baseline, currentDirectory: currentDirectory)
            diagnostics = loadedBaseline.filter(diagnostics, sources: sources, paths: paths).reported
        }

        let durationMs = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
        let reportInput = ReportInput(
            diagnostics: diagnostics, errors: errors, fileCount: fileCount, uncompiledFileCount: projects.uncompiled.count,
            durationMs: durationMs,
            rules: Catalog.descriptions, sources: sources, useColor: useColor, currentDirectory: currentDirectory,
            repositoryRoot: RepositoryRoot.find(from: currentDirectory))

        for error in errors { Output.error("\(error.file): error: \(error.message)") }
        let output: String
        if !statistics {
            output = reporter.report(reportInput)
        } else if format == .json {
            output = JSONReporter().statisticsDocument(reportInput).serialized() + "\n"
        } else {
            output = RuleStatistics.text(RuleStatistics.counts(reportInput))
        }
        // With `--fix --stdin-path` standard output holds the fixed text alone.
        if fix && standardInput != nil {
            Output.writeError(output)
        } else {
            Output.write(output)
        }
        if !quiet {
            if inputs.isEmpty && errors.isEmpty {
                Output.error(
                    projects.uncompiled.isEmpty
                        ? "warning: no Swift files to lint"
                        : "warning: only files no Xcode target compiles, left out (include_uncompiled_files: true lints them)")
            }
            if !inputs.isEmpty && fileCount == 0 {
                Output.error("warning: only test and documentation code, not reported on without --include-tests")
            }
            if type(of: reporter).printsSummary {
                Output.error((fixesApplied.map { "\(FixSummary.count($0)) applied; " } ?? "") + Summary.line(for: reportInput))
            }
        }

        if diagnostics.contains(where: { $0.severity == .error }) || (strict && !diagnostics.isEmpty) {
            return ExitStatus.diagnostics
        }
        return errors.isEmpty ? ExitStatus.success : ExitStatus.usage
    }

    private var useColor: Bool {
        guard !noColor, Output.stdoutIsTerminal else { return false }
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// `--stdin-path`: the project's files from disk (for the index), with standard input's
    /// text in place of PATH's, and only PATH reported on.
    private func readWithStandardInput(
        _ stdinPath: String, discovery: FileDiscovery
    ) throws -> ([SourceInput], [InputError], Set<String>, (path: String, bytes: [UInt8])) {
        let display = PathUtilities.displayPath(stdinPath)
        let absolute = PathUtilities.absolute(stdinPath, relativeTo: discovery.currentDirectory)
        let identity = PathUtilities.realPath(absolute) ?? absolute
        let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())

        let found = try discovery.findFiles(paths)
        var inputs: [SourceInput] = []
        var errors = found.errors
        for file in found.files {
            if (PathUtilities.realPath(file.absolutePath) ?? file.absolutePath) == identity { continue }
            switch FileDiscovery.read(file) {
            case .success(let input): inputs.append(input)
            case .failure(let error): errors.append(error)
            }
        }
        if bytes.count > FileDiscovery.maximumFileSize {
            errors.append(InputError(file: display, message: "the file is too large to lint (\(bytes.count) bytes)"))
        } else if let problem = FileDiscovery.utf8Problem(in: bytes) {
            errors.append(InputError(file: display, message: problem))
        } else {
            inputs.append(SourceInput(path: display, bytes: bytes))
        }
        return (inputs, errors.sorted { $0.file < $1.file }, [display], (display, bytes))
    }
}
