/// The group of each rule id, as the formats that show groups read it.
public struct RuleGroups: Sendable {
    private let groups: [String: RuleGroup]

    public init(_ rules: [RuleDescription]) {
        groups = Dictionary(rules.map { ($0.id, $0.group) }, uniquingKeysWith: { first, _ in first })
    }

    /// The group of a rule outside the catalog (`invalid_suppression`): such a comment is
    /// wrong wherever it stands.
    public static let outsideCatalog = RuleGroup.correctness

    public subscript(ruleID: String) -> RuleGroup { groups[ruleID] ?? Self.outsideCatalog }
}

/// How many diagnostics each rule reported (`--statistics`, and the end of the text output).
public struct RuleCount: Sendable, Equatable {
    public var rule: String
    public var group: RuleGroup
    public var count: Int

    public init(rule: String, group: RuleGroup, count: Int) {
        self.rule = rule
        self.group = group
        self.count = count
    }
}

public enum RuleStatistics {
    /// One count per rule that reported, the most frequent first (ties by rule id).
    public static func counts(_ input: ReportInput) -> [RuleCount] {
        let groups = RuleGroups(input.rules)
        var counts: [String: Int] = [:]
        for diagnostic in input.diagnostics { counts[diagnostic.ruleID, default: 0] += 1 }
        return counts.map { RuleCount(rule: $0.key, group: groups[$0.key], count: $0.value) }
            .sorted { ($0.count, $1.rule) > ($1.count, $0.rule) }
    }

    /// Aligned lines, `  12  state_initialized_from_outside  suspicious`; empty without
    /// diagnostics.
    public static func text(_ counts: [RuleCount]) -> String {
        let countWidth = counts.map { String($0.count).count }.max() ?? 0
        let ruleWidth = counts.map(\.rule.count).max() ?? 0
        return counts.map { count in
            let number = String(count.count)
            let padding = String(repeating: " ", count: countWidth - number.count)
            return padding + number + "  " + count.rule.padding(toLength: ruleWidth, withPad: " ", startingAt: 0)
                + "  " + count.group.rawValue + "\n"
        }.joined()
    }

    /// `[ { "rule", "group", "count" } ]`, in the order of `counts`.
    public static func json(_ counts: [RuleCount]) -> JSONValue {
        .array(
            counts.map {
                .object([("rule", .string($0.rule)), ("group", .string($0.group.rawValue)), ("count", .int($0.count))])
            })
    }
}
