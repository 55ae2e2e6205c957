import Foundation
import Testing

/// `--fix`, `--unsafe-fixes`, `--diff` and `--fix --stdin-path` through the executable.
@Suite struct FixTests {
    /// `missing_published` (a safe fix) on line 4.
    static let counter = Samples.missingPublished

    /// `observed_object_created_inline` (an unsafe fix) on line 4: `TimerScreen` re-creates
    /// the view on every tap, and `Counter.count` changes after its initializer.
    static let timerView = """
        import SwiftUI

        struct TimerView: View {
            @ObservedObject var counter = Counter()
            var body: some View { Text(counter.label) }
        }

        struct TimerScreen: View {
            @State private var laps = 0
            var body: some View { Button("\\(laps)") { laps += 1 }; TimerView() }
        }

        """

    static func project() throws -> Project {
        try Project(["Counter.swift": counter, "TimerView.swift": timerView])
    }

    @Test func fixAppliesTheSafeFixesAndReportsWhatRemains() throws {
        let project = try Self.project()
        defer { project.remove() }
        let result = try project.run("--fix", "--no-color")
        #expect(result.status == 0)
        #expect(try project.read("Counter.swift") == Self.counter.replacingOccurrences(of: "    var count = 0", with: "    @Published var count = 0"))
        #expect(try project.read("TimerView.swift") == Self.timerView)
        #expect(result.stdout.contains("TimerView.swift:4:25: warning:"))
        #expect(!result.stdoutLines.contains { $0.hasPrefix("Counter.swift") && $0.contains("warning:") })
        #expect(result.stderrLines.last?.hasPrefix("1 fix applied; 1 warning, 0 errors in 2 files (") == true, "\(result.stderr)")
        // Nothing left to fix safely: a second run changes nothing.
        let again = try project.run("--fix")
        #expect(again.stderrLines.last?.hasPrefix("0 fixes applied; 1 warning") == true, "\(again.stderr)")
    }

    @Test func unsafeFixesAddTheOthers() throws {
        let project = try Self.project()
        defer { project.remove() }
        let result = try project.run("--fix", "--unsafe-fixes")
        #expect(result.status == 0)
        #expect(try project.read("TimerView.swift").contains("    @StateObject private var counter = Counter()\n"))
        #expect(result.stderrLines.last?.hasPrefix("2 fixes applied; 0 warnings, 0 errors in 2 files (") == true, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func unsafeFixesNeedFixOrDiff() throws {
        let project = try Self.project()
        defer { project.remove() }
        let result = try project.run("--unsafe-fixes")
        #expect(result.status == 2)
        #expect(result.stderr.contains("--unsafe-fixes applies with --fix or --diff"))
    }

    @Test func diffPrintsTheFixesAndWritesNothing() throws {
        let project = try Self.project()
        defer { project.remove() }
        let result = try project.run("--diff", "--unsafe-fixes", "Counter.swift", "TimerView.swift")
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                --- a/Counter.swift
                +++ b/Counter.swift
                @@ -1,7 +1,7 @@
                 import Combine
                 
                 final class Counter: ObservableObject {
                -    var count = 0
                +    @Published var count = 0
                     var label: String { "\\(count)" }
                     func increment() { count += 1 }
                 }
                --- a/TimerView.swift
                +++ b/TimerView.swift
                @@ -1,7 +1,7 @@
                 import SwiftUI
                 
                 struct TimerView: View {
                -    @ObservedObject var counter = Counter()
                +    @StateObject private var counter = Counter()
                     var body: some View { Text(counter.label) }
                 }
                 

                """)
        #expect(result.stderr == "2 fixes would be applied to 2 files\n")
        #expect(try project.read("Counter.swift") == Self.counter)
        #expect(try project.read("TimerView.swift") == Self.timerView)
        // Nothing to fix: no diff, exit 0.
        let clean = try Project(["A.swift": Samples.clean])
        defer { clean.remove() }
        let none = try clean.run("--diff")
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
    }

    /// Fix-on-save: the fixed buffer alone on standard output, the report on standard error,
    /// nothing written to disk.
    @Test func fixWithStandardInputPrintsTheFixedText() throws {
        let project = try Project(["Sources/Counter.swift": "// on disk\n"])
        defer { project.remove() }
        let result = try project.run("--fix", "--stdin-path", "Sources/Counter.swift", "--format", "json", stdin: Self.counter)
        #expect(result.status == 0)
        #expect(result.stdout == Self.counter.replacingOccurrences(of: "    var count = 0", with: "    @Published var count = 0"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any])
        #expect((report["diagnostics"] as? [Any])?.isEmpty == true)
        #expect(try project.read("Sources/Counter.swift") == "// on disk\n")
        // Nothing to fix: the buffer comes back unchanged.
        let unchanged = try project.run("--fix", "--stdin-path", "Sources/Counter.swift", stdin: Samples.clean)
        #expect(unchanged.stdout == Samples.clean)
        // A buffer that cannot be linted comes back byte for byte.
        let notUTF8 = try CLI.shell(
            "printf 'let x = \"\\377\"\\n' | observation-lint --fix --stdin-path A.swift | od -An -c", in: project.path)
        #expect(notUTF8.stdout.contains("377"))
    }

    /// A baselined diagnostic is not fixed.
    @Test func baselinedDiagnosticsAreNotFixed() throws {
        let project = try Self.project()
        defer { project.remove() }
        #expect(try project.run("--write-baseline", "baseline.json", "Counter.swift").status == 0)
        let result = try project.run("--fix", "--unsafe-fixes", "--baseline", "baseline.json")
        #expect(result.status == 0)
        #expect(try project.read("Counter.swift") == Self.counter)
        #expect(try project.read("TimerView.swift").contains("@StateObject private var counter"))
        #expect(result.stderrLines.last?.hasPrefix("1 fix applied; 0 warnings") == true, "\(result.stderr)")
    }

    @Test func explainSaysHowSafeTheFixIs() throws {
        let project = try Project()
        defer { project.remove() }
        let safe = try project.run("explain", "private_state")
        #expect(safe.stdout.contains("\n### Automatic fix\n\n**Safe**, applied by `--fix`. "))
        #expect(safe.stdout.contains("\nBefore 1:\n\n```swift\n") && safe.stdout.contains("\nAfter 1:\n\n```swift\n"))
        let unsafe = try project.run("explain", "observed_object_created_inline")
        #expect(unsafe.stdout.contains("\n### Automatic fix\n\n**Unsafe**, applied by `--fix --unsafe-fixes`. "))
        let none = try project.run("explain", "state_initialized_from_outside")
        #expect(none.stdout.contains("\n### Automatic fix\n\nNone"))
        #expect(!none.stdout.contains("\nBefore"))
    }
}
