import ObservationSyntax

/// Everything a reporter may print: the run's diagnostics and input errors, the counts, the
/// rule catalog (SARIF lists it), and the sources (the text format quotes lines).
public struct ReportInput: Sendable {
    /// In report order (file, line, column, rule).
    public var diagnostics: [Diagnostic]
    /// Files that could not be linted.
    public var errors: [InputError]
    /// Files linted.
    public var fileCount: Int
    /// Files left out because no Xcode target compiles them (docs/cli.md).
    public var uncompiledFileCount: Int
    public var durationMs: Int
    /// The whole catalog, in catalog order.
    public var rules: [RuleDescription]
    /// File bytes by display path, for quoting source lines. Files missing here are not quoted.
    public var sources: [String: [UInt8]]
    /// ANSI colour (the CLI decides: a terminal, no `--no-color`, no `NO_COLOR`).
    public var useColor: Bool
    /// The absolute folder relative display paths are relative to (the current directory).
    /// Formats that print repository-relative paths (sarif, github) need it; nil means
    /// display paths are taken as they are.
    public var currentDirectory: String?
    /// The absolute repository root (see `RepositoryRoot.find`), for sarif and github paths.
    public var repositoryRoot: String?

    public init(
        diagnostics: [Diagnostic], errors: [InputError] = [], fileCount: Int, uncompiledFileCount: Int = 0, durationMs: Int = 0,
        rules: [RuleDescription] = [], sources: [String: [UInt8]] = [:], useColor: Bool = false,
        currentDirectory: String? = nil, repositoryRoot: String? = nil
    ) {
        self.diagnostics = diagnostics
        self.errors = errors
        self.fileCount = fileCount
        self.uncompiledFileCount = uncompiledFileCount
        self.durationMs = durationMs
        self.rules = rules
        self.sources = sources
        self.useColor = useColor
        self.currentDirectory = currentDirectory
        self.repositoryRoot = repositoryRoot
    }

    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
}

/// An output format. Adding one is one file with a type conforming to this protocol, plus its
/// line in `ReporterRegistry.all`.
public protocol Reporter: Sendable {
    /// The `--format` value.
    static var name: String { get }
    /// Whether the CLI adds the summary line on stderr (formats meant for people and for
    /// compiler-output parsers; not the structured ones).
    static var printsSummary: Bool { get }
    init()
    /// The whole standard output of a run (ends with a newline when not empty).
    func report(_ input: ReportInput) -> String
}

public enum ReporterRegistry {
    /// The formats `--format` accepts, in the SPEC's order.
    public static let all: [any Reporter.Type] = [
        TextReporter.self, XcodeReporter.self, JSONReporter.self, SARIFReporter.self, GitHubReporter.self,
        CheckstyleReporter.self, JUnitReporter.self,
    ]

    public static func reporter(named name: String) -> (any Reporter)? {
        all.first { $0.name == name }.map { $0.init() }
    }

    public static var names: [String] { all.map { $0.name } }
}

/// The summary line: `3 warnings, 1 error in 40 files (12 ms)`, followed by
/// `; 2 files no target compiles left out` when there are such files.
public enum Summary {
    public static func line(warnings: Int, errors: Int, files: Int, durationMs: Int, uncompiledFiles: Int = 0) -> String {
        let leftOut = uncompiledFiles == 0 ? "" : "; \(count(uncompiledFiles, "file")) no target compiles left out"
        return "\(count(warnings, "warning")), \(count(errors, "error")) in \(count(files, "file")) (\(durationMs) ms)" + leftOut
    }

    public static func line(for input: ReportInput) -> String {
        line(
            warnings: input.warningCount, errors: input.errorCount, files: input.fileCount, durationMs: input.durationMs,
            uncompiledFiles: input.uncompiledFileCount)
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
