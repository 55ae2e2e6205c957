import ObservationSyntax

/// A rule reads one file's declarations and the project index, and reports diagnostics
/// through its context. Rules never tokenize, read files or format output.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ context: inout RuleContext)
    /// Whether the engine runs the rule on a project's files after the other rules have run
    /// on all of them: a rule whose facts cost less once theirs are known (the off-main
    /// writes of a model whose change model another rule built need no prefilter).
    static var runsAfterOtherRules: Bool { get }
}

extension Rule {
    public var description: RuleDescription { Self.description }
    public static var runsAfterOtherRules: Bool { false }
}
