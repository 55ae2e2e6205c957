/// `--format json`, version 1 (SPEC §4). Keys are written in a fixed, logical order (the
/// SPEC's): editors may rely on the key set and the types, not on the order.
///
/// ```json
/// { "version": 1, "tool": { "name", "version" },
///   "diagnostics": [ { "rule", "group", "severity", "message", "file", "line", "column",
///                      "endLine", "endColumn", "help", "url",
///                      "notes": [ { "message", "file", "line", "column" } ],
///                      "fixes": [ { "title", "safety", "edits": [ { "file", "line", "column",
///                                   "endLine", "endColumn", "replacement" } ] } ] } ],
///   "errors": [ { "file", "message" } ],
///   "summary": { "files", "warnings", "errors", "durationMs" } }
/// ```
/// Lines and columns are 1-based, columns in UTF-8 bytes, ends exclusive. `notes` and
/// `fixes` are always present; a fix's `safety` is `safe` (applied by `--fix`) or `unsafe`
/// (only with `--unsafe-fixes`). `summary.errors` counts diagnostics of severity `error`;
/// files that could not be read are in `errors`. `group` is the rule's group (SPEC §9); it
/// came later, without a version change, since version 1 only ever gains keys; so did `help`
/// (the text output's help: the diagnostic's advice, or its first fix's title; null when
/// there is none) and `url` (the rule's page, `RuleDocumentation.url`; null for diagnostics
/// of rules outside the catalog, such as `invalid_suppression`).
///
/// With `--statistics`, `statistics: [ { "rule", "group", "count" } ]` (the most frequent
/// first) takes the place of `diagnostics`.
public struct JSONReporter: Reporter {
    public static let name = "json"
    public static let printsSummary = false
    public static let formatVersion = 1

    public init() {}

    public func report(_ input: ReportInput) -> String {
        document(input).serialized() + "\n"
    }

    public func document(_ input: ReportInput) -> JSONValue {
        let groups = RuleGroups(input.rules)
        let documented = Set(input.rules.map(\.id))
        return Self.document(
            input,
            (
                "diagnostics",
                .generatedArray(count: input.diagnostics.count) { [diagnostics = input.diagnostics] in
                    Self.diagnostic(
                        diagnostics[$0], group: groups[diagnostics[$0].ruleID],
                        url: documented.contains(diagnostics[$0].ruleID) ? RuleDocumentation.url(diagnostics[$0].ruleID) : nil)
                }
            ))
    }

    /// The `--statistics` document: counts per rule instead of the diagnostics.
    public func statisticsDocument(_ input: ReportInput) -> JSONValue {
        Self.document(input, ("statistics", RuleStatistics.json(RuleStatistics.counts(input))))
    }

    private static func document(_ input: ReportInput, _ findings: (String, JSONValue)) -> JSONValue {
        .object([
            ("version", .int(formatVersion)),
            ("tool", .object([("name", .string(ToolInfo.name)), ("version", .string(ToolInfo.version))])),
            findings,
            ("errors", .array(input.errors.map { .object([("file", .string($0.file)), ("message", .string($0.message))]) })),
            (
                "summary",
                .object([
                    ("files", .int(input.fileCount)),
                    ("uncompiledFiles", .int(input.uncompiledFileCount)),
                    ("warnings", .int(input.warningCount)),
                    ("errors", .int(input.errorCount)),
                    ("durationMs", .int(input.durationMs)),
                ])
            ),
        ])
    }

    static func diagnostic(_ diagnostic: Diagnostic, group: RuleGroup, url: String?) -> JSONValue {
        .object([
            ("rule", .string(diagnostic.ruleID)),
            ("group", .string(group.rawValue)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("file", .string(diagnostic.range.file)),
            ("line", .int(diagnostic.range.start.line)),
            ("column", .int(diagnostic.range.start.column)),
            ("endLine", .int(diagnostic.range.end.line)),
            ("endColumn", .int(diagnostic.range.end.column)),
            ("help", diagnostic.displayedHelp.map(JSONValue.string) ?? .null),
            ("url", url.map(JSONValue.string) ?? .null),
            (
                "notes",
                .array(
                    diagnostic.notes.map { note in
                        .object([
                            ("message", .string(note.message)),
                            ("file", .string(note.range.file)),
                            ("line", .int(note.range.start.line)),
                            ("column", .int(note.range.start.column)),
                        ])
                    })
            ),
            (
                "fixes",
                .array(
                    diagnostic.fixes.map { fix in
                        .object([
                            ("title", .string(fix.title)),
                            ("safety", .string(fix.safety.rawValue)),
                            (
                                "edits",
                                .array(
                                    fix.edits.map { edit in
                                        .object([
                                            ("file", .string(edit.range.file)),
                                            ("line", .int(edit.range.start.line)),
                                            ("column", .int(edit.range.start.column)),
                                            ("endLine", .int(edit.range.end.line)),
                                            ("endColumn", .int(edit.range.end.column)),
                                            ("replacement", .string(edit.replacement)),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}

/// The tool's name and version, as `--version` and the structured formats print them.
public enum ToolInfo {
    public static let name = "observation-lint"
    public static let version = "0.1.0"
}
