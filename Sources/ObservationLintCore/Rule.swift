import ObservationSyntax

/// A rule reads one file's declarations and the project index, and reports diagnostics
/// through its context. Rules never tokenize, read files or format output.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ context: inout RuleContext)
}

extension Rule {
    public var description: RuleDescription { Self.description }
}
