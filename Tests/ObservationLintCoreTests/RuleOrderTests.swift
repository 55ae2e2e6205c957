import Foundation
import Testing

@testable import ObservationLintCore

/// `Rule.runsAfterOtherRules`: the engine runs such a rule on a project's files once the
/// other rules have run on all of them (the off-main rules then find the change models the
/// others built).
@Suite struct RuleOrderTests {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func append(_ entry: String) {
            lock.lock()
            entries.append(entry)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return entries
        }
    }

    static let log = Log()

    private static func description(_ id: String) -> RuleDescription {
        RuleDescription(
            id: id, name: id, category: .ownership, group: .correctness, summary: "Summary of \(id).", rationale: "Rationale.",
            fix: "Fix.", triggeringExamples: [], nonTriggeringExamples: [])
    }

    struct Ordinary: Rule {
        static var description: RuleDescription { RuleOrderTests.description("ordinary_test_rule") }
        init() {}
        func check(_ context: inout RuleContext) { RuleOrderTests.log.append("ordinary \(context.file.path)") }
    }

    struct Late: Rule {
        static var description: RuleDescription { RuleOrderTests.description("late_test_rule") }
        static let runsAfterOtherRules = true
        init() {}
        func check(_ context: inout RuleContext) { RuleOrderTests.log.append("late \(context.file.path)") }
    }

    @Test func aLateRuleRunsOnceTheOthersRanOnEveryFile() {
        let inputs = ["A.swift", "B.swift"].map { SourceInput(path: $0, bytes: Array("struct S {}\n".utf8)) }
        // Listed first, run last.
        _ = LintEngine.lint(inputs, options: LintOptions(rules: [Late(), Ordinary()], jobs: 1))
        #expect(Self.log.all == ["ordinary A.swift", "ordinary B.swift", "late A.swift", "late B.swift"])
    }
}
