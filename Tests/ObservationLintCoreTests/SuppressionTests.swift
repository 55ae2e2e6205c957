import ObservationLintCore
import ObservationSyntax
import Testing

@Suite struct SuppressionTests {
    func map(_ text: String) -> SuppressionMap {
        SuppressionMap(source: SourceText(text), comments: commentTokens(in: text))
    }

    /// The lines (1...lineCount) on which `rule` is suppressed.
    func suppressedLines(_ text: String, _ rule: String = "a") -> [Int] {
        let suppression = map(text)
        let count = SourceText(text).lineCount
        return (1...count).filter { suppression.isSuppressed(ruleID: rule, line: $0) }
    }

    @Test func noCommentsNothingSuppressed() {
        #expect(suppressedLines("let x = 1\n// a plain comment\nlet y = 2\n").isEmpty)
    }

    @Test func disableEnableRegion() {
        let text = """
            code
            // observation-lint:disable a
            code
            code
            // observation-lint:enable a
            code
            """
        #expect(suppressedLines(text) == [2, 3, 4])
        #expect(suppressedLines(text, "b").isEmpty)
    }

    @Test func regionWithoutEnableRunsToTheEnd() {
        #expect(suppressedLines("code\n// observation-lint:disable a\ncode\ncode") == [2, 3, 4])
    }

    @Test func disableNext() {
        #expect(suppressedLines("code\n// observation-lint:disable:next a\ncode\ncode") == [3])
    }

    @Test func disableThis() {
        #expect(suppressedLines("code\ncode // observation-lint:disable:this a\ncode") == [2])
    }

    @Test func disablePrevious() {
        #expect(suppressedLines("code\ncode\n// observation-lint:disable:previous a\ncode") == [2])
        #expect(suppressedLines("// observation-lint:disable:previous a\ncode").isEmpty)
    }

    @Test func enableScopesLiftARegionForOneLine() {
        let text = """
            // observation-lint:disable a
            code
            // observation-lint:enable:next a
            code
            code // observation-lint:enable:this a
            code
            // observation-lint:enable:previous a
            code
            """
        #expect(suppressedLines(text) == [1, 2, 3, 7, 8])
    }

    @Test func allRules() {
        let text = """
            code
            // observation-lint:disable all
            code
            // observation-lint:enable b
            code
            // observation-lint:enable all
            code
            """
        #expect(suppressedLines(text, "a") == [2, 3, 4, 5])
        #expect(suppressedLines(text, "b") == [2, 3])
        #expect(suppressedLines("code\n// observation-lint:disable:next all\ncode", "anything") == [3])
    }

    @Test func severalRulesAndReason() {
        let text = """
            // observation-lint:disable:next a b, c - the parent never changes it
            code
            code
            """
        #expect(suppressedLines(text, "a") == [2])
        #expect(suppressedLines(text, "b") == [2])
        #expect(suppressedLines(text, "c") == [2])
        #expect(suppressedLines(text, "the").isEmpty)
        #expect(suppressedLines(text, "parent").isEmpty)
        #expect(map(text).commands.first?.ruleIDs == ["a", "b", "c"])
    }

    @Test func blockAndDocComments() {
        #expect(suppressedLines("code\n/* observation-lint:disable:next a */\ncode\ncode") == [3])
        #expect(suppressedLines("code /* observation-lint:disable:this a */\ncode") == [1])
        #expect(suppressedLines("/** observation-lint:disable:next a */\ncode\ncode") == [2])
        #expect(suppressedLines("/// observation-lint:disable:next a\ncode\ncode") == [2])
        // `next` counts from the end of a comment that spans lines.
        #expect(suppressedLines("/* observation-lint:disable:next a\n   because */\ncode\ncode") == [3])
        // The command may start on the comment's second line (whitespace before it is ignored).
        #expect(suppressedLines("/*\n observation-lint:disable:next a */\ncode") == [3])
    }

    @Test func regionCommandAfterCodeStartsOnTheNextLine() {
        #expect(suppressedLines("code // observation-lint:disable a\ncode\ncode") == [2, 3])
        // An enable after code keeps that line suppressed.
        #expect(suppressedLines("// observation-lint:disable a\ncode // observation-lint:enable a\ncode") == [1, 2])
    }

    @Test func commandMustStartTheComment() {
        #expect(suppressedLines("// we never write observation-lint:disable:next a\ncode").isEmpty)
        #expect(suppressedLines("//observation-lint:disable:next a\ncode") == [2])
    }

    @Test func commentsInStringsAreNotCommands() {
        #expect(suppressedLines("let s = \"// observation-lint:disable:next a\"\ncode").isEmpty)
    }

    @Test func unknownRuleIDsAreReported() {
        let text = "code\n// observation-lint:disable:next missing_publishd, all - reason\ncode\n"
        let diagnostics = map(text).invalidSuppressionDiagnostics(path: "A.swift", knownRuleIDs: testRuleIDs)
        #expect(diagnostics.count == 1)
        let diagnostic = diagnostics[0]
        #expect(diagnostic.ruleID == "invalid_suppression")
        #expect(diagnostic.severity == .warning)
        #expect(
            diagnostic.message
                == "'missing_publishd' is not an observation-lint rule, so this suppression has no effect; did you mean 'missing_published'?")
        #expect(diagnostic.range == SourceRange(file: "A.swift", start: .init(line: 2, column: 34), end: .init(line: 2, column: 50)))
        // Known ids and `all` are fine.
        #expect(
            map("// observation-lint:disable missing_published all invalid_suppression\n")
                .invalidSuppressionDiagnostics(path: "A.swift", knownRuleIDs: testRuleIDs).isEmpty)
    }

    @Test func malformedCommandsAreReportedAndIgnored() {
        let text = """
            // observation-lint:disabel a
            // observation-lint:disable:nxt a
            // observation-lint:disable
            // observation-lint:disable:next - only a reason
            // observation-lint:ignore a
            code
            """
        let suppression = map(text)
        #expect(suppressedLines(text).isEmpty)
        #expect(suppression.commands.isEmpty)
        let messages = suppression.invalidSuppressionDiagnostics(path: "A.swift", knownRuleIDs: ["a"]).map(\.message)
        #expect(
            messages == [
                "'disabel' is not a suppression command; did you mean 'disable'?; the comment has no effect",
                "'disable:nxt' is not a suppression command; did you mean 'disable:next'?; the comment has no effect",
                "'observation-lint:disable' names no rule; list rule ids, or 'all' for every rule; the comment has no effect",
                "'observation-lint:disable:next' names no rule; list rule ids, or 'all' for every rule; the comment has no effect",
                "'observation-lint:' must be followed by disable or enable, not 'ignore'; the comment has no effect",
            ])
        let lines = suppression.invalidSuppressionDiagnostics(path: "A.swift", knownRuleIDs: ["a"]).map(\.range.start.line)
        #expect(lines == [1, 2, 3, 4, 5])
    }
}
