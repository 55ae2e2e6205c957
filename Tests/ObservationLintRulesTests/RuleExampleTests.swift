import ObservationLintCore
import ObservationLintRules
import ObservationSyntax
import XCTest

/// Runs every rule's own examples (SwiftLint style): triggering examples fire exactly at
/// their `↓` markers, non-triggering ones stay silent, and neither fires when the code is
/// only a comment or a string.
final class RuleExampleTests: XCTestCase {
    func testEveryRuleHasEnoughExamples() {
        for rule in RuleRegistry.all {
            let description = rule.description
            XCTAssertGreaterThanOrEqual(description.triggeringExamples.count, 4, description.id)
            XCTAssertGreaterThanOrEqual(description.nonTriggeringExamples.count, 4, description.id)
            for example in description.triggeringExamples {
                XCTAssertFalse(example.markerOffsets.isEmpty, "\(description.id): a triggering example without ↓\n\(example.code)")
            }
        }
    }

    func testRuleIDsAreUniqueAndSnakeCase() {
        let ids = RuleRegistry.all.map { $0.description.id }
        XCTAssertEqual(Set(ids).count, ids.count)
        for id in ids { XCTAssertNotNil(id.range(of: "^[a-z]+(_[a-z]+)*$", options: .regularExpression), id) }
    }

    /// Also the inputs of the correction examples.
    func testTriggeringExamplesFireAtTheirMarkers() {
        for rule in RuleRegistry.all {
            for example in rule.description.triggeringExamples + (rule.description.autoFix?.corrections.map(\.input) ?? []) {
                let code = example.strippedCode
                let source = SourceText(code)
                let expected = example.markerOffsets.map { offset -> String in
                    let location = source.location(of: offset)
                    return "\(location.line):\(location.column)"
                }
                let actual = lint([("Example.swift", code)], rules: [rule]).map { "\($0.range.start.line):\($0.range.start.column)" }
                XCTAssertEqual(actual.sorted(), expected.sorted(), "\(rule.description.id) example:\n\(example.code)")
            }
        }
    }

    func testNonTriggeringExamplesStaySilent() {
        for rule in RuleRegistry.all {
            for example in rule.description.nonTriggeringExamples {
                let diagnostics = lint([("Example.swift", example.code)], rules: [rule])
                XCTAssertEqual(diagnostics.map(\.message), [], "\(rule.description.id) example:\n\(example.code)")
            }
        }
    }

    func testExamplesInCommentsAndStringsNeverFire() {
        for rule in RuleRegistry.all {
            let examples = rule.description.triggeringExamples + rule.description.nonTriggeringExamples
            for example in examples {
                let code = example.strippedCode
                for wrapped in ["/*\n\(code)\n*/", "let text = #\"\"\"\n\(code)\n\"\"\"#", "// " + code.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n// ")] {
                    let diagnostics = lint([("Example.swift", wrapped)], rules: [rule])
                    XCTAssertEqual(diagnostics.map(\.message), [], "\(rule.description.id) fired in:\n\(wrapped)")
                }
            }
        }
    }
}
