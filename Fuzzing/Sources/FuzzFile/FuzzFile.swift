import FuzzDriver
import FuzzSupport
import ObservationLintCore

/// The whole pipeline, every rule, on one file: the same diagnostics twice and on 1 or 2
/// threads, every range inside the file, every reporter's output (JSON and SARIF parse),
/// and the fixes of `--fix --unsafe-fixes` applied within the same invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzInput(data, size) { bytes in
        let inputs = [SourceInput(path: "Sources/App/ContentView.swift", bytes: bytes)]
        let options = LintOptions(rules: PipelineInvariants.allRules)
        let report = PipelineInvariants.lintDeterministically(inputs, options: options)
        let sources = PipelineInvariants.sources(of: inputs)
        PipelineInvariants.checkRanges(report.diagnostics, sources: sources)
        PipelineInvariants.checkReports(
            ReportInput(
                diagnostics: report.diagnostics, fileCount: report.fileCount, rules: PipelineInvariants.catalog,
                sources: sources, currentDirectory: "/project", repositoryRoot: "/project"))
        PipelineInvariants.checkFixes(inputs, options: options)
    }
}

@_cdecl("FuzzFile_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    fuzz_driver_run(argc, argv, fuzzFile)
}
