import ObservationLintCore
import ObservationLintRules
import ObservationSyntax
import XCTest

/// Runs every fixable rule's correction examples (SwiftLint style): `--fix --unsafe-fixes`
/// with the rule alone turns each input into its expected output, and fixing that output
/// again changes nothing (idempotence).
final class RuleCorrectionTests: XCTestCase {
    func testCorrectionsProduceTheirOutputAndAreIdempotent() {
        for rule in RuleRegistry.all {
            let description = rule.description
            for correction in description.autoFix?.corrections ?? [] {
                let input = correction.input.strippedCode
                let fixed = fix(input, rule: rule)
                XCTAssertEqual(fixed, correction.output, "\(description.id) correction of:\n\(input)")
                XCTAssertNotEqual(fixed, input, "\(description.id): a correction that changes nothing\n\(input)")
                XCTAssertEqual(fix(fixed, rule: rule), fixed, "\(description.id): fixing the output again changes it\n\(fixed)")
            }
        }
    }

    /// A rule whose diagnostics carry fixes says how safe they are and shows them.
    func testEveryRuleWithFixesDescribesThem() {
        for rule in RuleRegistry.all {
            let description = rule.description
            let offersFixes = description.triggeringExamples.contains { example in
                lint([("Example.swift", example.strippedCode)], rules: [rule]).contains { !$0.fixes.isEmpty }
            }
            guard offersFixes else {
                XCTAssertNil(description.autoFix, "\(description.id) describes a fix that its examples never offer")
                continue
            }
            guard let autoFix = description.autoFix else {
                XCTFail("\(description.id) offers fixes but has no autoFix (safety, reason, corrections)")
                continue
            }
            XCTAssertGreaterThanOrEqual(autoFix.corrections.count, 2, description.id)
            XCTAssertTrue(autoFix.reason.hasSuffix("."), "\(description.id): the reason is one sentence")
            for diagnostic in lint(description.triggeringExamples.map { ("Example.swift", $0.strippedCode) }.prefix(1).map { $0 }, rules: [rule]) {
                for fix in diagnostic.fixes { XCTAssertEqual(fix.safety, autoFix.safety, description.id) }
            }
        }
    }

    /// `private` would break a call that passes the property: the rule reports it, unfixed.
    func testPrivateStateIsNotFixedWhereACallPassesTheProperty() {
        let view = """
            struct Row: View {
                @State var isExpanded = false
                var body: some View { Text("Row") }
            }
            """
        for call in ["Row(isExpanded: true)", "Row.init(isExpanded: true)"] {
            let diagnostics = lint([("Row.swift", view), ("List.swift", "let row = \(call)\n")], rules: [PrivateState()])
            XCTAssertEqual(diagnostics.map(\.ruleID), ["private_state"], call)
            XCTAssertEqual(diagnostics.flatMap(\.fixes), [], call)
        }
        let unpassed = lint([("Row.swift", view), ("List.swift", "let row = Row()\n")], rules: [PrivateState()])
        XCTAssertEqual(unpassed.flatMap(\.fixes).map(\.safety), [.safe])
    }

    /// With an explicit initializer, a call's label of the property's name is not the
    /// property's: no call is cited, and `private` (which the initializer does not mind) is
    /// offered.
    func testPrivateStateCitesNoCallThroughAnExplicitInitializer() {
        for assigned in ["startsOpen", "isExpanded"] {
            let view = """
                struct Row: View {
                    @State var isExpanded = false
                    @State private var startsOpen = false
                    init(isExpanded: Bool) { _\(assigned) = State(initialValue: isExpanded) }
                    var body: some View { Text("Row") }
                }
                """
            let diagnostics = lint([("Row.swift", view), ("List.swift", "let row = Row(isExpanded: true)\n")], rules: [PrivateState()])
            XCTAssertEqual(diagnostics.flatMap(\.notes), [], assigned)
            XCTAssertEqual(diagnostics.flatMap(\.fixes).map(\.safety), [.safe], assigned)
        }
    }

    /// An injection inside `#if`: a stored property for it would be compiled everywhere.
    func testEnvironmentObjectCreatedInlineIsNotFixedInsideIf() {
        let code = """
            @Observable final class Preferences { var rate = 1.0; func reset() { rate = 1 } }
            struct RateLabel: View {
                @Environment(Preferences.self) private var preferences
                let title: String
                var body: some View { Button(title) { preferences.reset() } }
            }
            struct SettingsScene: View {
                @Environment(\\.colorScheme) private var scheme
                var body: some View {
                    #if os(macOS)
                    RateLabel(title: scheme == .dark ? "Settings" : "").environment(Preferences())
                    #endif
                }
            }
            """
        let diagnostics = lint([("Settings.swift", code)], rules: [EnvironmentObjectCreatedInline()])
        XCTAssertEqual(diagnostics.map(\.ruleID), ["environment_object_created_inline"])
        XCTAssertEqual(diagnostics.flatMap(\.fixes), [])
        let outside = lint([("Settings.swift", code.replacingOccurrences(of: "#if os(macOS)\n", with: "").replacingOccurrences(of: "#endif\n", with: ""))], rules: [EnvironmentObjectCreatedInline()])
        XCTAssertEqual(outside.flatMap(\.fixes).count, 1)
    }

    /// The fixed text, with the rule alone and the unsafe fixes included.
    private func fix(_ code: String, rule: any Rule) -> String {
        let result = FixSession.run(
            [SourceInput(path: "Example.swift", bytes: Array(code.utf8))], options: LintOptions(rules: [rule], jobs: 1),
            includeUnsafe: true)
        XCTAssertEqual(result.failures.map(\.message), [], rule.description.id)
        return String(decoding: result.inputs[0].bytes, as: UTF8.self)
    }
}
