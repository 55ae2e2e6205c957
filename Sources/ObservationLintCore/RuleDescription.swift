public enum RuleCategory: String, Sendable, CaseIterable, Codable {
    case ownership
    case observableObject = "observable-object"
    case observation
    case environment
    case viewUpdates = "view-updates"

    public var title: String {
        switch self {
        case .ownership: "Ownership"
        case .observableObject: "ObservableObject models"
        case .observation: "Observation (@Observable) models"
        case .environment: "Environment"
        case .viewUpdates: "View updates"
        }
    }
}

/// How sure a rule's finding is to be a bug (SPEC §9, as clippy's groups): the group decides
/// whether the rule runs by default, and `--enable`, `opt_in_rules` and the like accept a
/// group's name for all its rules. A rule whose definition covers both harmful and harmless
/// cases is split into two rules: the proven half in a default group, the rest `pedantic`.
public enum RuleGroup: String, Sendable, CaseIterable, Codable {
    /// Wrong whenever it runs: the analysis has seen the harm.
    case correctness
    /// Very likely wrong; the evidence is cited in a note.
    case suspicious
    /// True by the rule's definition, a matter of taste.
    case style
    /// True by the rule's definition, often harmless.
    case pedantic
    /// Work done for nothing (re-renders, invalidations), not a wrong result.
    case performance

    /// Only `correctness` and `suspicious` rules run unless enabled.
    public var isEnabledByDefault: Bool { self == .correctness || self == .suspicious }

    /// One line for `rules`, `explain` and the README.
    public var summary: String {
        switch self {
        case .correctness: "wrong whenever it runs; the analysis has seen the harm"
        case .suspicious: "very likely wrong; the note cites the evidence"
        case .style: "a matter of taste"
        case .pedantic: "true by the rule's definition, often harmless"
        case .performance: "work done for nothing, not a wrong result"
        }
    }

    /// SARIF's `properties.precision` (GitHub code scanning sorts alerts by it): how likely a
    /// finding is a bug worth fixing.
    public var sarifPrecision: String {
        switch self {
        case .correctness: "very-high"
        case .suspicious: "high"
        case .performance: "medium"
        case .style, .pedantic: "low"
        }
    }
}

/// A code example of a rule. In a triggering example, `↓` marks each place a diagnostic
/// must start (as in SwiftLint's examples); the marker is removed before linting.
public struct RuleExample: Sendable, Hashable, ExpressibleByStringLiteral {
    public var code: String

    public init(_ code: String) { self.code = code }
    public init(stringLiteral value: String) { self.code = value }

    public static let marker: Character = "↓"

    /// The code with every marker removed.
    public var strippedCode: String { code.filter { $0 != Self.marker } }

    /// Byte offsets (in `strippedCode`) of the markers.
    public var markerOffsets: [Int] {
        var offsets: [Int] = []
        var offset = 0
        for character in code {
            if character == Self.marker {
                offsets.append(offset)
            } else {
                offset += character.utf8.count
            }
        }
        return offsets
    }
}

/// A correction example: the code before `--fix --unsafe-fixes` (`↓` markers allowed, as
/// in triggering examples) and the code after it, run as tests.
public struct RuleCorrection: Sendable, Hashable {
    public var input: RuleExample
    public var output: String

    public init(_ input: RuleExample, _ output: String) {
        self.input = input
        self.output = output
    }
}

/// What a rule's automatic fix is worth: how safe it is and why, with examples.
public struct AutoFix: Sendable {
    public var safety: FixSafety
    /// One sentence: why the edit is safe, or what it may break.
    public var reason: String
    public var corrections: [RuleCorrection]

    public init(_ safety: FixSafety, reason: String, corrections: [RuleCorrection]) {
        self.safety = safety
        self.reason = reason
        self.corrections = corrections
    }
}

/// Everything a rule says about itself: the catalog, `explain`, SARIF's rule metadata and
/// the example tests all read this.
public struct RuleDescription: Sendable {
    public var id: String
    public var name: String
    public var category: RuleCategory
    public var defaultSeverity: Severity
    public var group: RuleGroup
    /// One sentence: what the rule finds.
    public var summary: String
    /// Why it is a bug: what goes wrong at run time.
    public var rationale: String
    /// What to write instead.
    public var fix: String
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]
    /// The rule's automatic fix, when it attaches one to its diagnostics.
    public var autoFix: AutoFix?

    public init(
        id: String, name: String, category: RuleCategory, group: RuleGroup, defaultSeverity: Severity = .warning,
        summary: String, rationale: String, fix: String,
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample], autoFix: AutoFix? = nil
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.defaultSeverity = defaultSeverity
        self.group = group
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.autoFix = autoFix
    }

    /// Runs only when enabled (its group is not a default one).
    public var isOptIn: Bool { !group.isEnabledByDefault }
}
