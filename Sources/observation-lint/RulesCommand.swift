import ArgumentParser
import Foundation
import ObservationLintCore

enum CatalogFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, markdown
}

/// `observation-lint rules`: the catalog.
struct RulesCommand: ParsableCommand, ExitCodeCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules: id, group, category, default severity, default or opt-in, summary."
    )

    @Option(help: "Output format: text, json, markdown (a table; with --output, one page per rule).")
    var format: CatalogFormat = .text

    @Option(
        help: ArgumentHelp(
            "With --format markdown: write one page per rule and the index README.md into this folder (docs/rules).",
            valueName: "dir"))
    var output: String?

    func execute() throws -> Int32 {
        let rules = Catalog.descriptions
        if let output {
            guard format == .markdown else { throw UsageError("--output needs --format markdown") }
            try Self.writePages(rules, to: output)
            return ExitStatus.success
        }
        switch format {
        case .text: Output.write(Self.text(rules))
        case .json: Output.write(Self.json(rules).serialized() + "\n")
        case .markdown: Output.write(Self.markdown(rules))
        }
        return ExitStatus.success
    }

    static func enabledText(_ rule: RuleDescription) -> String { rule.isOptIn ? "opt-in" : "default" }

    /// Aligned columns, one rule a line, after a header.
    static func text(_ rules: [RuleDescription]) -> String {
        let header = ["RULE", "GROUP", "CATEGORY", "SEVERITY", "ENABLED", "SUMMARY"]
        let rows = rules.map {
            [$0.id, $0.group.rawValue, $0.category.rawValue, $0.defaultSeverity.rawValue, enabledText($0), $0.summary]
        }
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < row.count - 1 {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index] + 2, withPad: " ", startingAt: 0)
            }.joined() + "\n"
        }
        return ([header] + rows).map(line).joined()
    }

    /// `{ "version": 1, "rules": [ { "id", "name", "group", "category", "severity", "optIn",
    /// "summary", "rationale", "fix", "autoFix": { "safety", "reason" } or null } ] }`
    static func json(_ rules: [RuleDescription]) -> JSONValue {
        .object([
            ("version", .int(1)),
            (
                "rules",
                .array(
                    rules.map { rule in
                        .object([
                            ("id", .string(rule.id)),
                            ("name", .string(rule.name)),
                            ("group", .string(rule.group.rawValue)),
                            ("category", .string(rule.category.rawValue)),
                            ("severity", .string(rule.defaultSeverity.rawValue)),
                            ("optIn", .bool(rule.isOptIn)),
                            ("summary", .string(rule.summary)),
                            ("rationale", .string(rule.rationale)),
                            ("fix", .string(rule.fix)),
                            (
                                "autoFix",
                                rule.autoFix.map { .object([("safety", .string($0.safety.rawValue)), ("reason", .string($0.reason))]) }
                                    ?? .null
                            ),
                        ])
                    })
            ),
        ])
    }

    static func markdown(_ rules: [RuleDescription]) -> String {
        var output = "| Rule | Group | Category | Severity | Enabled | Summary |\n|---|---|---|---|---|---|\n"
        for rule in rules {
            let cells = [
                "`\(rule.id)`", rule.group.rawValue, rule.category.title, rule.defaultSeverity.rawValue, enabledText(rule),
                rule.summary,
            ]
            output += "| " + cells.map(escapeCell).joined(separator: " | ") + " |\n"
        }
        return output
    }

    static func escapeCell(_ text: String) -> String { RuleDocumentation.tableCell(text) }

    /// Writes `RuleDocumentation.files` into `folder` (created if missing) and removes the
    /// pages an earlier run generated for rules that no longer exist (files starting with
    /// the generated marker); other files are left alone.
    static func writePages(_ rules: [RuleDescription], to folder: String) throws {
        let manager = FileManager.default
        let files = RuleDocumentation.files(rules)
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let current = Set(files.map(\.name))
            for name in try manager.contentsOfDirectory(atPath: folder) where name.hasSuffix(".md") && !current.contains(name) {
                let path = folder + "/" + name
                if let text = manager.contents(atPath: path), String(decoding: text, as: UTF8.self).hasPrefix(RuleDocumentation.generatedMarker) {
                    try manager.removeItem(atPath: path)
                }
            }
            for file in files {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: folder + "/" + file.name), options: .atomic)
            }
        } catch {
            throw UsageError("cannot write the rule pages to '\(folder)': \(error.localizedDescription)")
        }
    }
}

/// `observation-lint explain RULE`.
struct Explain: ParsableCommand, ExitCodeCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain a rule: its documentation page (what it finds, why it is a bug, the fix, examples)."
    )

    @Argument(help: "A rule id (see `observation-lint rules`).")
    var rule: String

    func execute() throws -> Int32 {
        Output.write(Self.text(try Catalog.description(of: rule)))
        return ExitStatus.success
    }

    /// The rule's documentation page, as `rules --format markdown --output` writes it.
    static func text(_ rule: RuleDescription) -> String {
        RuleDocumentation.page(rule, catalog: Catalog.descriptions)
    }
}
