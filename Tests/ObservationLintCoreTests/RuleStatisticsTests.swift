import ObservationLintCore
import Testing

@Suite struct RuleStatisticsTests {
    func diagnostic(_ rule: String, line: Int) -> Diagnostic {
        let position = SourcePosition(line: line, column: 1)
        return Diagnostic(ruleID: rule, severity: .warning, message: "m", range: SourceRange(file: "A.swift", start: position, end: position))
    }

    @Test func countsByFrequencyThenRule() {
        let input = ReportInput(
            diagnostics: [
                diagnostic("state_initialized_from_outside", line: 1), diagnostic("missing_published", line: 2),
                diagnostic("unread_observed_object", line: 3), diagnostic("missing_published", line: 4),
                diagnostic("invalid_suppression", line: 5),
            ], fileCount: 1, rules: testCatalog.map(\.description))
        let counts = RuleStatistics.counts(input)
        #expect(
            counts == [
                RuleCount(rule: "missing_published", group: .correctness, count: 2),
                RuleCount(rule: "invalid_suppression", group: .correctness, count: 1),
                RuleCount(rule: "state_initialized_from_outside", group: .suspicious, count: 1),
                RuleCount(rule: "unread_observed_object", group: .performance, count: 1),
            ])
        #expect(
            RuleStatistics.text(counts) == """
                2  missing_published               correctness
                1  invalid_suppression             correctness
                1  state_initialized_from_outside  suspicious
                1  unread_observed_object          performance

                """)
        #expect(RuleStatistics.text([]) == "")
    }

    @Test func jsonStatisticsDocument() {
        let input = ReportInput(diagnostics: [diagnostic("missing_published", line: 2)], fileCount: 3, durationMs: 4, rules: testCatalog.map(\.description))
        let text = JSONReporter().statisticsDocument(input).serialized()
        #expect(text.contains(#""statistics": [\#n    {\#n      "rule": "missing_published",\#n      "group": "correctness",\#n      "count": 1\#n    }\#n  ]"#))
        #expect(!text.contains("\"diagnostics\""))
        #expect(text.contains("\"files\": 3"))
    }
}
