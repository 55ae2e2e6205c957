public enum RuleCategory: String, Sendable, CaseIterable, Codable {
    case ownership
    case observableObject = "observable-object"
    case observation
    case environment
    case viewUpdates = "view-updates"
    case performance

    public var title: String {
        switch self {
        case .ownership: "Ownership"
        case .observableObject: "ObservableObject models"
        case .observation: "Observation (@Observable) models"
        case .environment: "Environment"
        case .viewUpdates: "View updates"
        case .performance: "Performance and strictness (opt-in)"
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

/// Everything a rule says about itself: the catalog, `explain`, SARIF's rule metadata and
/// the example tests all read this.
public struct RuleDescription: Sendable {
    public var id: String
    public var name: String
    public var category: RuleCategory
    public var defaultSeverity: Severity
    public var isOptIn: Bool
    /// One sentence: what the rule finds.
    public var summary: String
    /// Why it is a bug: what goes wrong at run time.
    public var rationale: String
    /// What to write instead.
    public var fix: String
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]

    public init(
        id: String, name: String, category: RuleCategory, defaultSeverity: Severity = .warning,
        isOptIn: Bool = false, summary: String, rationale: String, fix: String,
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample]
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}
