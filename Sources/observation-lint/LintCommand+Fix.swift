import Foundation
import ObservationLintCore

/// `--fix` and `--diff`: what the CLI does with a fix session's result (the fixing itself is
/// `FixSession` in ObservationLintCore).
extension Lint {
    /// `--diff`: the diffs on standard output, in input order; exit 1 when a file would
    /// change, as a check that fails while fixes are pending.
    func printDiff(_ session: FixSession.Result, originalInputs: [SourceInput], errors: [InputError]) -> Int32 {
        for error in errors.sorted(by: { $0.file < $1.file }) { Output.error("\(error.file): error: \(error.message)") }
        for (original, fixed) in zip(originalInputs, session.inputs) where session.originals[original.path] != nil {
            Output.write(UnifiedDiff.make(path: original.path, old: original.bytes, new: fixed.bytes))
        }
        if !quiet {
            Output.error("\(FixSummary.count(session.appliedCount)) would be applied to \(session.originals.count) \(session.originals.count == 1 ? "file" : "files")")
        }
        if !session.originals.isEmpty { return ExitStatus.diagnostics }
        return errors.isEmpty ? ExitStatus.success : ExitStatus.usage
    }

    /// `--fix`: rewrites each changed file; a file that cannot be written keeps its text as
    /// read, so that the lint that follows reports on what is on disk. Returns the inputs as
    /// they are now on disk and the number of fixes written.
    func write(_ session: FixSession.Result, currentDirectory: String, errors: inout [InputError]) -> ([SourceInput], Int) {
        var inputs = session.inputs
        var applied = session.appliedCount
        for index in inputs.indices {
            let path = inputs[index].path
            guard let original = session.originals[path] else { continue }
            let absolute = PathUtilities.absolute(path, relativeTo: currentDirectory)
            if let error = FileRewriter.replace(absolute, displayPath: path, expecting: original, with: inputs[index].bytes) {
                errors.append(error)
                inputs[index].bytes = original
                applied -= session.appliedByFile[path] ?? 0
            }
        }
        return (inputs, applied)
    }
}

enum FixSummary {
    static func count(_ fixes: Int) -> String { "\(fixes) \(fixes == 1 ? "fix" : "fixes")" }
}
