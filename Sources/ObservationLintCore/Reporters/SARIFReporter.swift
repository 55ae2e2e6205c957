/// `--format sarif`: one SARIF 2.1.0 log with one run, for GitHub code scanning and other SARIF
/// viewers.
///
/// - `tool.driver.rules` lists the whole catalog (plus any pseudo-rule that reported, such as
///   `invalid_suppression`), each with `id`, a PascalCase `name`, `shortDescription` (the
///   summary), `fullDescription` (the rationale), `help` (text and markdown: summary,
///   rationale, fix, examples), `helpUri` (the rule's page, `RuleDocumentation.url`; catalog
///   rules only), `defaultConfiguration` (`level`; `enabled: false` for
///   opt-in rules) and `properties`: `tags` (`swiftui`, the category, the group),
///   `precision` (the group's, see `RuleGroup.sarifPrecision`). Every result's `ruleIndex`
///   points into that list.
/// - Locations are repository-relative: `artifactLocation.uri` is relative, with `uriBaseId`
///   `%SRCROOT%`, and `run.originalUriBaseIds` gives `%SRCROOT%` as a `file://` URI. A file
///   outside the repository gets an absolute `file://` URI.
/// - Columns: SARIF's default column unit is the UTF-16 code unit, and `run.columnKind` says so
///   explicitly (`utf16CodeUnits`); our UTF-8 byte columns are converted with the file's text.
///   End columns are exclusive, as in SARIF.
/// - `partialFingerprints.primaryLocationLineHash` is `HASH:N`: HASH is the 64-bit FNV-1a hash
///   (16 hex digits) of the offending line's text without spaces and tabs, N counts the results
///   of the same rule on lines with the same hash in the same file (1, 2, …, in report order),
///   so the fingerprint survives edits elsewhere and re-indentation.
/// - Notes are `relatedLocations`; fixes are `fixes` with `artifactChanges`; files that could
///   not be read are error `toolExecutionNotifications` of the invocation.
public struct SARIFReporter: Reporter {
    public static let name = "sarif"
    public static let printsSummary = false
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json"
    public static let sourceRootID = "%SRCROOT%"
    public static let columnKind = "utf16CodeUnits"

    public init() {}

    public func report(_ input: ReportInput) -> String {
        document(input).serialized() + "\n"
    }

    public func document(_ input: ReportInput) -> JSONValue {
        var lines = SourceLines(input.sources)
        let descriptors = Self.descriptors(input)
        var ruleIndex: [String: Int] = [:]
        for (index, descriptor) in descriptors.enumerated() where ruleIndex[descriptor.id] == nil {
            ruleIndex[descriptor.id] = index
        }
        var occurrences: [String: Int] = [:]
        var results: [JSONValue] = []
        for diagnostic in input.diagnostics {
            let hash = Self.lineHash(lines.line(diagnostic.range.start.line, in: diagnostic.range.file) ?? "")
            let key = "\(diagnostic.range.file)\u{0}\(diagnostic.ruleID)\u{0}\(hash)"
            let occurrence = (occurrences[key] ?? 0) + 1
            occurrences[key] = occurrence
            results.append(
                result(
                    diagnostic, ruleIndex: ruleIndex[diagnostic.ruleID] ?? 0, fingerprint: "\(hash):\(occurrence)",
                    input: input, lines: &lines))
        }

        var run: [(String, JSONValue)] = [
            (
                "tool",
                .object([
                    (
                        "driver",
                        .object([
                            ("name", .string(ToolInfo.name)),
                            ("version", .string(ToolInfo.version)),
                            ("semanticVersion", .string(ToolInfo.version)),
                            (
                                "rules",
                                .array(
                                    descriptors.enumerated().map { index, rule in
                                        Self.descriptor(rule, inCatalog: index < input.rules.count)
                                    })
                            ),
                        ])
                    )
                ])
            ),
            ("invocations", .array([invocation(input)])),
        ]
        if let root = input.repositoryRoot {
            run.append(
                ("originalUriBaseIds", .object([(Self.sourceRootID, .object([("uri", .string(URIEncoding.fileURI(folder: root)))]))])))
        }
        run.append(("columnKind", .string(Self.columnKind)))
        run.append(("results", .array(results)))
        return .object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ])
    }

    // MARK: Rules

    /// The catalog, then pseudo-rules that reported without being in it (sorted by id).
    static func descriptors(_ input: ReportInput) -> [RuleDescription] {
        var descriptors = input.rules
        let known = Set(descriptors.map(\.id))
        let extra = Set(input.diagnostics.map(\.ruleID)).subtracting(known).sorted()
        for id in extra { descriptors.append(pseudoRule(id)) }
        return descriptors
    }

    static func pseudoRule(_ id: String) -> RuleDescription {
        if id == SuppressionMap.invalidSuppressionRuleID {
            return RuleDescription(
                id: id, name: "Invalid suppression", category: .viewUpdates, group: RuleGroups.outsideCatalog,
                summary: "An `observation-lint:` suppression comment that is malformed or names an unknown rule.",
                rationale: "The comment has no effect, so the diagnostics it was meant to hide are still reported, or a typo hides nothing.",
                fix: "Correct the command (`disable`, `enable`, with `:next`, `:this` or `:previous`) or the rule id (see `observation-lint rules`).",
                triggeringExamples: [], nonTriggeringExamples: [])
        }
        return RuleDescription(
            id: id, name: id, category: .viewUpdates, group: RuleGroups.outsideCatalog, summary: "Diagnostics of '\(id)'.",
            rationale: "", fix: "", triggeringExamples: [], nonTriggeringExamples: [])
    }

    /// A rule's `reportingDescriptor`; pseudo-rules (not in the catalog) have no category.
    static func descriptor(_ rule: RuleDescription, inCatalog: Bool = true) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(rule.id)),
            ("name", .string(pascalCase(rule.id))),
            ("shortDescription", .object([("text", .string(rule.summary))])),
        ]
        if !rule.rationale.isEmpty {
            members.append(("fullDescription", .object([("text", .string(rule.rationale))])))
        }
        if inCatalog { members.append(("helpUri", .string(RuleDocumentation.url(rule.id)))) }
        members.append(("help", .object([("text", .string(helpText(rule))), ("markdown", .string(helpMarkdown(rule)))])))
        var configuration: [(String, JSONValue)] = [("level", .string(level(rule.defaultSeverity)))]
        if rule.isOptIn { configuration.append(("enabled", .bool(false))) }
        members.append(("defaultConfiguration", .object(configuration)))
        var properties: [(String, JSONValue)] = []
        if inCatalog {
            properties.append(("tags", .array(["swiftui", rule.category.rawValue, rule.group.rawValue].map(JSONValue.string))))
            properties.append(("category", .string(rule.category.title)))
            properties.append(("precision", .string(rule.group.sarifPrecision)))
        } else {
            properties.append(("tags", .array([.string(ToolInfo.name)])))
        }
        properties.append(("title", .string(rule.name)))
        members.append(("properties", .object(properties)))
        return .object(members)
    }

    /// `state_initialized_from_outside` → `StateInitializedFromOutside`.
    static func pascalCase(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func helpText(_ rule: RuleDescription) -> String {
        var parts = [rule.summary]
        if !rule.rationale.isEmpty { parts.append("Why it is a bug: " + rule.rationale) }
        if !rule.fix.isEmpty { parts.append("How to fix it: " + rule.fix) }
        return parts.joined(separator: "\n\n")
    }

    static func helpMarkdown(_ rule: RuleDescription) -> String {
        var output = "**\(rule.name)** (`\(rule.id)`)\n\n\(rule.summary)\n"
        if !rule.rationale.isEmpty { output += "\n### Why it is a bug\n\n\(rule.rationale)\n" }
        if !rule.fix.isEmpty { output += "\n### How to fix it\n\n\(rule.fix)\n" }
        if let example = rule.triggeringExamples.first {
            output += "\n### Triggers\n\n```swift\n\(example.strippedCode)\n```\n"
        }
        if let example = rule.nonTriggeringExamples.first {
            output += "\n### Does not trigger\n\n```swift\n\(example.strippedCode)\n```\n"
        }
        return output
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .warning: "warning"
        case .error: "error"
        }
    }

    // MARK: Results

    func result(
        _ diagnostic: Diagnostic, ruleIndex: Int, fingerprint: String, input: ReportInput, lines: inout SourceLines
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(diagnostic.ruleID)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(Self.level(diagnostic.severity))),
            ("message", .object([("text", .string(diagnostic.message))])),
            ("locations", .array([.object([("physicalLocation", physicalLocation(diagnostic.range, input: input, lines: &lines))])])),
            ("partialFingerprints", .object([("primaryLocationLineHash", .string(fingerprint))])),
        ]
        if !diagnostic.notes.isEmpty {
            members.append(
                (
                    "relatedLocations",
                    .array(
                        diagnostic.notes.enumerated().map { index, note in
                            .object([
                                ("id", .int(index + 1)),
                                ("physicalLocation", physicalLocation(note.range, input: input, lines: &lines)),
                                ("message", .object([("text", .string(note.message))])),
                            ])
                        })
                ))
        }
        let fixes = diagnostic.fixes.filter { !$0.edits.isEmpty }
        if !fixes.isEmpty {
            members.append(("fixes", .array(fixes.map { fix($0, input: input, lines: &lines) })))
        }
        if let help = diagnostic.help {
            members.append(("properties", .object([("help", .string(help))])))
        }
        return .object(members)
    }

    func fix(_ fix: Fix, input: ReportInput, lines: inout SourceLines) -> JSONValue {
        // One artifact change per file, in the order the files first appear.
        var files: [String] = []
        var editsByFile: [String: [TextEdit]] = [:]
        for edit in fix.edits {
            if editsByFile[edit.range.file] == nil { files.append(edit.range.file) }
            editsByFile[edit.range.file, default: []].append(edit)
        }
        let changes: [JSONValue] = files.map { file in
            .object([
                ("artifactLocation", artifactLocation(file, input: input)),
                (
                    "replacements",
                    .array(
                        (editsByFile[file] ?? []).map { edit in
                            .object([
                                ("deletedRegion", region(edit.range, lines: &lines)),
                                ("insertedContent", .object([("text", .string(edit.replacement))])),
                            ])
                        })
                ),
            ])
        }
        return .object([("description", .object([("text", .string(fix.title))])), ("artifactChanges", .array(changes))])
    }

    func physicalLocation(_ range: SourceRange, input: ReportInput, lines: inout SourceLines) -> JSONValue {
        .object([("artifactLocation", artifactLocation(range.file, input: input)), ("region", region(range, lines: &lines))])
    }

    func artifactLocation(_ file: String, input: ReportInput) -> JSONValue {
        if let relative = input.repositoryRelativePath(file) {
            return .object([("uri", .string(URIEncoding.encodePath(relative))), ("uriBaseId", .string(Self.sourceRootID))])
        }
        if let absolute = input.absolutePath(file) {
            return .object([("uri", .string(URIEncoding.fileURI(file: absolute)))])
        }
        // No folder known (library use): the display path, taken as relative to the root.
        return .object([("uri", .string(URIEncoding.encodePath(file))), ("uriBaseId", .string(Self.sourceRootID))])
    }

    /// Lines as they are; columns converted from UTF-8 bytes to UTF-16 code units.
    func region(_ range: SourceRange, lines: inout SourceLines) -> JSONValue {
        let startLine = max(range.start.line, 1)
        let endLine = max(range.end.line, startLine)
        let startColumn = lines.utf16Column(file: range.file, line: startLine, byteColumn: range.start.column)
        var endColumn = lines.utf16Column(file: range.file, line: endLine, byteColumn: range.end.column)
        if endLine == startLine { endColumn = max(endColumn, startColumn) }
        return .object([
            ("startLine", .int(startLine)),
            ("startColumn", .int(startColumn)),
            ("endLine", .int(endLine)),
            ("endColumn", .int(endColumn)),
        ])
    }

    func invocation(_ input: ReportInput) -> JSONValue {
        var members: [(String, JSONValue)] = [("executionSuccessful", .bool(input.errors.isEmpty))]
        if !input.errors.isEmpty {
            members.append(
                (
                    "toolExecutionNotifications",
                    .array(
                        input.errors.map { error in
                            .object([
                                ("level", .string("error")),
                                ("message", .object([("text", .string("\(error.file): \(error.message)"))])),
                                (
                                    "locations",
                                    .array([
                                        .object([("physicalLocation", .object([("artifactLocation", artifactLocation(error.file, input: input))]))])
                                    ])
                                ),
                            ])
                        })
                ))
        }
        return .object(members)
    }

    // MARK: Fingerprints

    /// 64-bit FNV-1a of the line's bytes other than spaces and tabs, as 16 hex digits.
    public static func lineHash(_ line: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in line.utf8 where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
