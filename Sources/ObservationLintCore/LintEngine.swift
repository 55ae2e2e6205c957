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
    /// Worker threads; 0 means all cores.
    public var jobs: Int
    /// The module's default actor isolation is `MainActor` (SPEC §5).
    public var defaultIsolationIsMainActor: Bool
    /// Files that are read for the index but not reported on (the rest of the project
    /// when linting one buffer from standard input). Empty: report on every input.
    public var reportedPaths: Set<String>?

    public init(
        rules: [any Rule], severityOverrides: [String: Severity] = [:], jobs: Int = 0,
        defaultIsolationIsMainActor: Bool = false, reportedPaths: Set<String>? = nil
    ) {
        self.rules = rules
        self.severityOverrides = severityOverrides
        self.jobs = jobs
        self.defaultIsolationIsMainActor = defaultIsolationIsMainActor
        self.reportedPaths = reportedPaths
    }
}

public struct LintReport: Sendable {
    /// Sorted by file, line, column, rule; suppressed diagnostics removed.
    public var diagnostics: [Diagnostic]
    public var fileCount: Int
}

public enum LintEngine {
    /// Tokenizes and parses every input in parallel, builds the project index, runs every
    /// rule on every reported file in parallel, applies suppression comments and sorts.
    public static func lint(_ inputs: [SourceInput], options: LintOptions) -> LintReport {
        fatalError("LintEngine.lint is being written")
    }
}
