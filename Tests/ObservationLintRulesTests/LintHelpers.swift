import Foundation
import ObservationLintCore
import ObservationLintRules
import ObservationSyntax

/// Lints in-memory files with the given rules (all of the catalog by default, opt-in included).
func lint(_ files: [(path: String, code: String)], rules: [any Rule] = RuleRegistry.all) -> [Diagnostic] {
    let inputs = files.map { SourceInput(path: $0.path, bytes: Array($0.code.utf8)) }
    return LintEngine.lint(inputs, options: LintOptions(rules: rules, jobs: 1)).diagnostics
}

/// The package root, found from this file's location.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
