import Foundation
import Testing

/// Rule groups on the command line and in every output, `--statistics`, and test code left
/// out by default (SPEC §9).
@Suite struct GroupAndStatisticsTests {
    /// `observed_object_created_inline` (suspicious) on line 4: `Screen` re-creates the view
    /// on every tap, and `Model.count` changes after its initializer.
    static let createdInline = """
        import SwiftUI
        final class Model: ObservableObject { @Published var count = 0; func bump() { count += 1 } }
        struct Counter: View {
            @ObservedObject var model = Model()
            @State var step = 1
            var body: some View { Text("\\(model.count) \\(step)") }
        }
        struct CounterScreen: View {
            @State private var taps = 0
            var body: some View { Button("\\(taps)") { taps += 1 }; Counter() }
        }

        """

    @Test func groupNamesOnTheCommandLine() throws {
        let project = try Project(["A.swift": Self.createdInline])
        defer { project.remove() }
        let style = try project.run("--format", "xcode", "--enable", "style")
        #expect(style.stdoutLines.map { $0.components(separatedBy: " (").last ?? "" } == ["observed_object_created_inline)", "private_state)"])
        let only = try project.run("--format", "xcode", "--only", "style")
        #expect(only.stdoutLines.count == 1 && only.stdout.contains("(private_state)"))
        let none = try project.run("--format", "xcode", "--disable", "suspicious")
        #expect(none.stdout.isEmpty)
        let typo = try project.run("--enable", "pedantik")
        #expect(typo.status == 2)
        #expect(typo.stderr == "error: 'pedantik' is not a rule or a group; did you mean 'pedantic'? (in --enable)\n")
    }

    @Test func groupNamesInTheConfiguration() throws {
        let project = try Project(["A.swift": Self.createdInline, ".observation-lint.yml": "only_rules: [style]\n"])
        defer { project.remove() }
        let result = try project.run("--format", "xcode")
        #expect(result.stdoutLines.count == 1 && result.stdout.contains("(private_state)"))
    }

    @Test func textEndsWithTheCountsPerRule() throws {
        let project = try Project(["A.swift": Self.createdInline, "B.swift": Samples.stateFromOutside])
        defer { project.remove() }
        let result = try project.run("--no-color")
        #expect(result.status == 0)
        #expect(
            result.stdout.hasSuffix(
                "renew the view with `.id(…)` on the value (docs/rules/state_initialized_from_outside.md)\n\n1  observed_object_created_inline  suspicious\n1  state_initialized_from_outside  suspicious\n"))
        let statistics = try project.run("--statistics", "--enable", "style")
        #expect(statistics.status == 0)
        #expect(
            statistics.stdout == """
                1  observed_object_created_inline  suspicious
                1  private_state                   style
                1  state_initialized_from_outside  suspicious

                """)
        #expect(statistics.stderr.hasPrefix("3 warnings, 0 errors in 2 files"))
        let clean = try Project(["A.swift": Samples.clean])
        defer { clean.remove() }
        #expect(try clean.run().stdout.isEmpty)
        #expect(try clean.run("--statistics").stdout.isEmpty)
    }

    @Test func statisticsAsJSON() throws {
        let project = try Project(["A.swift": Self.createdInline])
        defer { project.remove() }
        let result = try project.run("--statistics", "--format", "json")
        let document = try result.json()
        #expect(document["diagnostics"] == nil)
        let statistics = try #require(document["statistics"] as? [[String: Any]])
        #expect(statistics.count == 1)
        #expect(statistics.first?["rule"] as? String == "observed_object_created_inline")
        #expect(statistics.first?["group"] as? String == "suspicious")
        #expect(statistics.first?["count"] as? Int == 1)
        let sarif = try project.run("--statistics", "--format", "sarif")
        #expect(sarif.status == 2)
        #expect(sarif.stderr.contains("--statistics prints text or json, not sarif"))
    }

    @Test func everyFormatCarriesTheGroup() throws {
        let project = try Project(["A.swift": Self.createdInline])
        defer { project.remove() }
        let json = try project.run("--format", "json").json()
        let diagnostic = try #require((json["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["group"] as? String == "suspicious")

        let sarif = try project.run("--format", "sarif").json()
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        func properties(_ id: String) -> [String: Any]? {
            rules.first { $0["id"] as? String == id }?["properties"] as? [String: Any]
        }
        #expect(properties("observed_object_created_inline")?["tags"] as? [String] == ["swiftui", "ownership", "suspicious"])
        #expect(properties("observed_object_created_inline")?["precision"] as? String == "high")
        #expect(properties("view_wrapper_outside_view")?["precision"] as? String == "very-high")
        #expect(properties("private_state")?["tags"] as? [String] == ["swiftui", "ownership", "style"])
        #expect(properties("private_state")?["precision"] as? String == "low")

        let rulesText = try project.run("rules")
        #expect(rulesText.stdoutLines.first?.hasPrefix("RULE") == true && rulesText.stdoutLines.first?.contains("GROUP") == true)
        #expect(rulesText.stdoutLines.contains { $0.hasPrefix("private_state") && $0.contains(" style ") && $0.contains(" opt-in ") })
        let explain = try project.run("explain", "private_state")
        #expect(explain.stdout.contains("| [`style`](README.md#groups): a matter of taste | opt-in |"))
        let explainDefault = try project.run("explain", "view_wrapper_outside_view")
        #expect(
            explainDefault.stdout.contains(
                "| [`correctness`](README.md#groups): wrong whenever it runs; the analysis has seen the harm | by default |"))
    }

    @Test func testCodeIsReportedOnlyWhenAsked() throws {
        let project = try Project([
            "App/Counter.swift": Self.createdInline,
            "AppTests/CounterTests.swift": Self.createdInline.replacingOccurrences(of: "Counter", with: "TestCounter")
                .replacingOccurrences(of: "Model", with: "TestModel"),
        ])
        defer { project.remove() }
        let byDefault = try project.run("--format", "xcode")
        #expect(byDefault.stdoutLines.count == 1 && byDefault.stdout.hasPrefix("App/Counter.swift:4:"))
        #expect(byDefault.stderr.contains("in 1 file "))
        let included = try project.run("--format", "xcode", "--include-tests")
        #expect(included.stdoutLines.count == 2)
        try project.write(".observation-lint.yml", "include_tests: true\n")
        #expect(try project.run("--format", "xcode").stdoutLines.count == 2)
        try project.write(".observation-lint.yml", "")
        let onlyTests = try project.run("AppTests")
        #expect(onlyTests.stdout.isEmpty)
        #expect(onlyTests.stderr.contains("warning: only test and documentation code, not reported on without --include-tests"))
    }
}
