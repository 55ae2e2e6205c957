import ObservationLintCore
import ObservationLintRules
import ObservationSyntax
import XCTest

/// The catalog's groups (SPEC §9), and what the engine leaves out by default: test and
/// documentation files, previews.
final class RuleGroupTests: XCTestCase {
    func testGroupsOfTheCatalog() {
        let groups = Dictionary(uniqueKeysWithValues: RuleRegistry.all.map { ($0.description.id, $0.description.group) })
        XCTAssertEqual(groups["private_state"], .style)
        XCTAssertEqual(groups["observable_object_main_actor"], .pedantic)
        XCTAssertEqual(groups["observed_object_in_class"], .pedantic)
        XCTAssertEqual(groups["observable_and_observable_object"], .pedantic)
        XCTAssertEqual(groups["unread_observed_object"], .performance)
        XCTAssertEqual(groups["published_never_read"], .performance)
        XCTAssertEqual(groups["view_wrapper_outside_view"], .correctness)
        XCTAssertEqual(groups["state_initialized_from_outside"], .suspicious)
        XCTAssertEqual(groups["state_initialized_from_parameter"], .pedantic)
        XCTAssertEqual(groups["binding_to_observable"], .pedantic)
        let optIn = Set(RuleRegistry.all.filter { $0.description.isOptIn }.map { $0.description.id })
        XCTAssertEqual(
            optIn,
            [
                "private_state", "observable_object_main_actor", "state_initialized_from_parameter", "observed_object_in_class",
                "unread_observed_object", "published_never_read", "observable_and_observable_object", "binding_to_observable",
            ])
    }

    /// `rules` lists the default groups first; a group name never shadows a rule id.
    func testCatalogIsOrderedByGroup() {
        let order = RuleRegistry.all.map { RuleGroup.allCases.firstIndex(of: $0.description.group)! }
        XCTAssertEqual(order, order.sorted())
        for rule in RuleRegistry.all { XCTAssertNil(RuleGroup(rawValue: rule.description.id)) }
    }

    func testEnablingAGroupRunsItsRules() throws {
        let configuration = Configuration(rootDirectory: "/p", optInRules: ["performance"], onlyRules: [])
        let selection = try RuleSelection.resolve(catalog: RuleRegistry.all, configuration: configuration, disable: ["suspicious"])
        let groups = Set(selection.rules.map { $0.description.group })
        XCTAssertEqual(groups, [.correctness, .performance])
    }

    private let defaultRules = RuleRegistry.all.filter { !$0.description.isOptIn }

    private let view = """
        import SwiftUI
        final class Model: ObservableObject { @Published var count = 0; func bump() { count += 1 } }
        struct Counter: View {
            @ObservedObject var model = Model()
            var body: some View { Text("\\(model.count)") }
        }
        struct CounterScreen: View {
            @State private var taps = 0
            var body: some View { Button("\\(taps)") { taps += 1 }; Counter() }
        }

        """

    func testTestAndDocumentationFilesAreIndexedButNotReported() {
        let inputs = [
            SourceInput(path: "App/Counter.swift", bytes: Array(view.utf8)),
            SourceInput(path: "AppTests/CounterTests.swift", bytes: Array(view.replacingOccurrences(of: "Counter", with: "TestCounter").replacingOccurrences(of: "Model", with: "TestModel").utf8)),
            SourceInput(path: "App/Guide.docc/Snippet.swift", bytes: Array(view.replacingOccurrences(of: "Counter", with: "DocCounter").replacingOccurrences(of: "Model", with: "DocModel").utf8)),
        ]
        let files = { (options: LintOptions) in Set(LintEngine.lint(inputs, options: options).diagnostics.map(\.file)) }
        XCTAssertEqual(files(LintOptions(rules: RuleRegistry.all, jobs: 1)), ["App/Counter.swift"])
        XCTAssertEqual(LintEngine.lint(inputs, options: LintOptions(rules: RuleRegistry.all, jobs: 1)).fileCount, 1)
        XCTAssertEqual(
            files(LintOptions(rules: RuleRegistry.all, jobs: 1, includeTests: true)),
            ["App/Counter.swift", "AppTests/CounterTests.swift", "App/Guide.docc/Snippet.swift"])
    }

    func testPreviewsAreNotReportedOn() {
        let code = view + """
            #Preview {
                let model = Model()
                withObservationTracking { _ = model.count } onChange: { print("changed") }
                return Counter()
            }
            struct Counter_Previews: PreviewProvider {
                struct Frame: View {
                    @ObservedObject var model = Model()
                    var body: some View { Text("\\(model.count)") }
                }
                struct Host: View {
                    @State private var taps = 0
                    var body: some View { Button("\\(taps)") { taps += 1 }; Frame() }
                }
                static var previews: some View { Host() }
            }
            // The app shows `Counter` too: a view only previews build is not reported on.
            struct Home: View {
                var body: some View { Counter() }
            }

            """
        let inputs = [SourceInput(path: "Counter.swift", bytes: Array(code.utf8))]
        let lines = { (includeTests: Bool) in
            LintEngine.lint(inputs, options: LintOptions(rules: self.defaultRules, jobs: 1, includeTests: includeTests))
                .diagnostics.map(\.range.start.line)
        }
        XCTAssertEqual(lines(false), [4])
        XCTAssertEqual(lines(true), [4, 13, 18])
    }
}
