import Foundation
import ObservationLintCore
import ObservationLintRules
import ObservationSyntax

/// What the whole pipeline promises on any input: the same diagnostics on every run and
/// for any number of threads, every position inside the file it names, and output that
/// every reporter can write (JSON and SARIF that parse as JSON).
public enum PipelineInvariants {
    /// Every rule of the catalog, opt-in ones included.
    public static let allRules = RuleRegistry.all
    public static let allRuleIDs = Set(allRules.map { $0.description.id })
    public static let catalog = allRules.map { $0.description }

    /// Lints with one thread twice and with two threads once; all three must agree.
    public static func lintDeterministically(_ inputs: [SourceInput], options: LintOptions) -> LintReport {
        var options = options
        options.jobs = 1
        let first = LintEngine.lint(inputs, options: options)
        let second = LintEngine.lint(inputs, options: options)
        options.jobs = 2
        let parallel = LintEngine.lint(inputs, options: options)
        if first.diagnostics != second.diagnostics || first.fileCount != second.fileCount {
            violated("two runs on the same input differ: \(first.diagnostics.count) and \(second.diagnostics.count) diagnostics")
        }
        if first.diagnostics != parallel.diagnostics || first.fileCount != parallel.fileCount {
            violated("1 and 2 jobs differ: \(first.diagnostics.count) and \(parallel.diagnostics.count) diagnostics")
        }
        return first
    }

    /// Every range a diagnostic holds (its own, its notes', its fixes' edits) names one of
    /// `sources` and lies inside it; the diagnostics are in report order.
    public static func checkRanges(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) {
        var lines: [String: [UInt32]] = [:]
        func check(_ range: SourceRange, _ what: @autoclosure () -> String) {
            guard let bytes = sources[range.file] else { violated("\(what()) names a file not linted: \(range.file)") }
            let starts = lines[range.file] ?? SourceText(bytes: bytes).lineStartOffsets
            lines[range.file] = starts
            func valid(_ position: SourcePosition) -> Bool {
                guard position.line >= 1, position.line <= starts.count, position.column >= 1 else { return false }
                let lineEnd = position.line < starts.count ? Int(starts[position.line]) : bytes.count
                return position.column <= lineEnd - Int(starts[position.line - 1]) + 1
            }
            if !valid(range.start) || !valid(range.end) || range.end < range.start {
                violated("\(what()): \(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column) is outside \(range.file) (\(starts.count) lines)")
            }
        }
        for diagnostic in diagnostics {
            check(diagnostic.range, diagnostic.ruleID)
            for note in diagnostic.notes { check(note.range, "\(diagnostic.ruleID) note") }
            for fix in diagnostic.fixes {
                for edit in fix.edits { check(edit.range, "\(diagnostic.ruleID) fix \(fix.title)") }
            }
        }
        for (previous, next) in zip(diagnostics, diagnostics.dropFirst()) where Diagnostic.reportOrder(next, previous) {
            violated("diagnostics out of order: \(previous.ruleID) at \(previous.range), \(next.ruleID) at \(next.range)")
        }
    }

    /// Every reporter writes the run; JSON and SARIF parse.
    public static func checkReports(_ input: ReportInput) {
        for reporter in ReporterRegistry.all {
            let output = reporter.init().report(input)
            guard reporter.name == "json" || reporter.name == "sarif" else { continue }
            do {
                _ = try JSONSerialization.jsonObject(with: Data(output.utf8))
            } catch {
                violated("the \(reporter.name) output does not parse: \(error)\n\(output)")
            }
        }
    }

    /// The sources the diagnostics point into, from the inputs.
    public static func sources(of inputs: [SourceInput]) -> [String: [UInt8]] {
        Dictionary(inputs.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    }

    /// The `--fix --unsafe-fixes` session: the same files in the same order come out, and
    /// the fixed files lint within the invariants.
    public static func checkFixes(_ inputs: [SourceInput], options: LintOptions) {
        let session = FixSession.run(inputs, options: options, includeUnsafe: true)
        if session.inputs.map(\.path) != inputs.map(\.path) { violated("fixing changed the list of files") }
        guard session.appliedCount > 0 else { return }
        var single = options
        single.jobs = 1
        checkRanges(LintEngine.lint(session.inputs, options: single).diagnostics, sources: sources(of: session.inputs))
    }
}
