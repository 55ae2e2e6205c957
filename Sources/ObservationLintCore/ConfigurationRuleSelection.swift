/// A rule id or group the user named that the catalog does not have (`--enable`,
/// `--disable`, `--only`, or a configuration built in code).
public struct RuleSelectionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var messages: [String]

    public init(messages: [String]) {
        self.messages = messages
    }

    public var description: String { messages.joined(separator: "\n") }
}

/// The rules a run uses and their severities, resolved from the catalog, the configuration
/// and the command line.
///
/// Resolution, in order:
/// 1. From the configuration: `only_rules` if non-empty, otherwise every default rule plus
///    `opt_in_rules`; then `disabled_rules` are removed.
/// 2. From the command line: `--only` (if given) replaces the whole set from step 1; then
///    `--enable` adds and `--disable` removes.
/// Each of these lists may name a group (SPEC §9) for all its rules: `--enable pedantic`.
/// Opt-in rules therefore run only when `opt_in_rules`, `only_rules`, `--enable` or `--only`
/// names them or their group. Severities: the rule's default unless
/// `rules: { id: { severity: … } }` says.
public struct RuleSelection: Sendable {
    /// The active rules, in catalog order.
    public var rules: [any Rule]
    /// Severity per rule id where the configuration overrides the rule's default.
    public var severityOverrides: [String: Severity]

    public var ruleIDs: [String] { rules.map { $0.description.id } }

    public static func resolve(
        catalog: [any Rule], configuration: Configuration, enable: [String] = [], disable: [String] = [],
        only: [String] = []
    ) throws(RuleSelectionError) -> RuleSelection {
        let descriptions = catalog.map { $0.description }
        let known = Set(descriptions.map(\.id))
        var messages: [String] = []
        func check(_ ids: [String], _ source: String, groups: Bool = true) {
            for id in ids where !known.contains(id) && (!groups || RuleGroup(rawValue: id) == nil) {
                let message = NameSuggestion.unknownRuleMessage(id, knownRuleIDs: known, acceptsGroups: groups)
                messages.append("\(message) (in \(source))")
            }
        }
        let configName = configuration.filePath ?? Configuration.fileName
        check(configuration.onlyRules, "'only_rules' of \(configName)")
        check(configuration.optInRules, "'opt_in_rules' of \(configName)")
        check(configuration.disabledRules, "'disabled_rules' of \(configName)")
        check(configuration.ruleSeverities.keys.sorted(), "'rules' of \(configName)", groups: false)
        check(only, "--only")
        check(enable, "--enable")
        check(disable, "--disable")
        if !messages.isEmpty { throw RuleSelectionError(messages: messages) }

        /// Rule ids, with each group name replaced by the ids of its rules.
        func expand(_ names: [String]) -> Set<String> {
            Set(names.flatMap { name in
                RuleGroup(rawValue: name).map { group in descriptions.filter { $0.group == group }.map(\.id) } ?? [name]
            })
        }
        var active: Set<String>
        if !configuration.onlyRules.isEmpty {
            active = expand(configuration.onlyRules)
        } else {
            active = Set(descriptions.filter { !$0.isOptIn }.map(\.id))
            active.formUnion(expand(configuration.optInRules))
        }
        active.subtract(expand(configuration.disabledRules))
        if !only.isEmpty { active = expand(only) }
        active.formUnion(expand(enable))
        active.subtract(expand(disable))

        var overrides: [String: Severity] = [:]
        for (id, severity) in configuration.ruleSeverities where active.contains(id) {
            overrides[id] = severity
        }
        return RuleSelection(rules: catalog.filter { active.contains($0.description.id) }, severityOverrides: overrides)
    }

    /// Splits repeated and comma-separated flag values: `--enable a,b --enable c`.
    public static func flagValues(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
