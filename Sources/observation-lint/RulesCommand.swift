import ArgumentParser
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

    @Option(help: "Output format: text, json, markdown (a table for the README).")
    var format: CatalogFormat = .text

    func execute() throws -> Int32 {
        let rules = Catalog.descriptions
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

    static func escapeCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}

/// `observation-lint explain RULE`.
struct Explain: ParsableCommand, ExitCodeCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain a rule: what it finds, why it is a bug, the fix, and examples."
    )

    @Argument(help: "A rule id (see `observation-lint rules`).")
    var rule: String

    func execute() throws -> Int32 {
        Output.write(Self.text(try Catalog.description(of: rule)))
        return ExitStatus.success
    }

    static func text(_ rule: RuleDescription) -> String {
        var output = "\(rule.id): \(rule.name)\n"
        output += "Group: \(rule.group.rawValue) (\(rule.group.summary)). "
        output += rule.isOptIn
            ? "Opt-in (enable it with opt_in_rules or --enable, by its id or `\(rule.group.rawValue)`).\n"
            : "Enabled by default.\n"
        output += "Category: \(rule.category.title). Default severity: \(rule.defaultSeverity.rawValue).\n"
        output += "\n\(rule.summary)\n"
        output += "\nWhy it is a bug:\n\(rule.rationale)\n"
        output += "\nHow to fix it:\n\(rule.fix)\n"
        if let autoFix = rule.autoFix {
            let flags = autoFix.safety == .safe ? "--fix" : "--fix --unsafe-fixes"
            output += "\nAutomatic fix (\(flags)): \(autoFix.safety.rawValue). \(autoFix.reason)\n"
        } else {
            output += "\nAutomatic fix: none.\n"
        }
        func block(_ code: String) {
            output += "\n"
            for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
                output += line.isEmpty ? "\n" : "    \(line)\n"
            }
        }
        func examples(_ title: String, _ list: [RuleExample]) {
            guard !list.isEmpty else { return }
            output += "\n\(title):\n"
            for example in list { block(example.strippedCode) }
        }
        examples("Triggers", rule.triggeringExamples)
        examples("Does not trigger", rule.nonTriggeringExamples)
        if let corrections = rule.autoFix?.corrections, !corrections.isEmpty {
            output += "\nFixed (before, then after):\n"
            for correction in corrections {
                block(correction.input.strippedCode)
                block(correction.output)
            }
        }
        return output
    }
}
