/// `--fix` and `--diff` over a whole run: lint, apply each file's fixes in one pass, lint
/// again and apply what had to wait, up to `maximumPasses`. Nothing is written here: the
/// caller writes (or diffs) the files whose text changed.
public enum FixSession {
    public struct Result: Sendable {
        /// The inputs, in the same order, with their fixed text.
        public var inputs: [SourceInput]
        /// The text as read, of each file the fixes changed (by display path).
        public var originals: [String: [UInt8]]
        /// Fixes applied, by display path.
        public var appliedByFile: [String: Int]
        public var appliedCount: Int { appliedByFile.values.reduce(0, +) }
        /// Fixes that were not applied because their result would not tokenize as well as
        /// the file did.
        public var failures: [InputError]
    }

    public static let defaultMaximumPasses = 3

    /// - Parameter keep: the diagnostics that may be fixed, given the files' current texts
    ///   (the caller drops the baselined ones); suppressed diagnostics never reach it.
    public static func run(
        _ inputs: [SourceInput], options: LintOptions, includeUnsafe: Bool, maximumPasses: Int = defaultMaximumPasses,
        keep: ([Diagnostic], [String: [UInt8]]) -> [Diagnostic] = { diagnostics, _ in diagnostics }
    ) -> Result {
        var result = Result(inputs: inputs, originals: [:], appliedByFile: [:], failures: [])
        var failedFixes = Set<FailedFix>()
        for _ in 0..<maximumPasses {
            var sources: [String: [UInt8]] = [:]
            for input in result.inputs { sources[input.path] = input.bytes }
            let diagnostics = keep(LintEngine.lint(result.inputs, options: options).diagnostics, sources)
            var fixesByFile: [String: [(ruleID: String, fix: Fix)]] = [:]
            for diagnostic in diagnostics {
                guard let fix = diagnostic.fixes.first(where: { includeUnsafe || $0.safety == .safe }),
                    fix.edits.allSatisfy({ $0.range.file == diagnostic.file }),
                    !failedFixes.contains(FailedFix(file: diagnostic.file, ruleID: diagnostic.ruleID, title: fix.title))
                else { continue }
                fixesByFile[diagnostic.file, default: []].append((diagnostic.ruleID, fix))
            }
            var appliedThisPass = 0
            // A file left unchanged for a failed fix takes its other fixes on the next pass.
            var retry = false
            for index in result.inputs.indices {
                let path = result.inputs[index].path
                guard let fixes = fixesByFile[path] else { continue }
                let pass = FixApplier.apply(fixes.map(\.fix), to: result.inputs[index].bytes)
                let ruleIDs = Dictionary(fixes.map { ($0.fix, $0.ruleID) }, uniquingKeysWith: { first, _ in first })
                for failed in pass.failed {
                    let ruleID = ruleIDs[failed]!
                    failedFixes.insert(FailedFix(file: path, ruleID: ruleID, title: failed.title))
                    result.failures.append(
                        InputError(
                            file: path,
                            message: "the \(ruleID) fix \"\(failed.title)\" failed and was not applied: its result would not tokenize as the file did (or its edits do not fit the file)"))
                }
                if !pass.failed.isEmpty, !pass.deferred.isEmpty { retry = true }
                guard !pass.applied.isEmpty else { continue }
                if result.originals[path] == nil { result.originals[path] = result.inputs[index].bytes }
                result.inputs[index].bytes = pass.bytes
                appliedThisPass += pass.applied.count
                result.appliedByFile[path, default: 0] += pass.applied.count
            }
            if appliedThisPass == 0 && !retry { break }
        }
        // A file fixed back to its original text has not changed.
        for input in result.inputs where result.originals[input.path] == input.bytes {
            result.originals[input.path] = nil
            result.appliedByFile[input.path] = nil
        }
        return result
    }

    private struct FailedFix: Hashable {
        var file: String
        var ruleID: String
        var title: String
    }
}
