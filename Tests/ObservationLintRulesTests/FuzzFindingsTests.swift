import ObservationLintCore
import ObservationLintRules
import ObservationSyntax
import XCTest

/// Inputs on which fuzzing (`scripts/fuzz`) found the tool crashing, minimized: the whole
/// pipeline, every rule, must finish and keep every diagnostic inside its file.
final class FuzzFindingsTests: XCTestCase {
    private func lint(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(source.utf8)
        let report = LintEngine.lint(
            [SourceInput(path: "Sources/App/Finding.swift", bytes: bytes)], options: LintOptions(rules: RuleRegistry.all, jobs: 1))
        let lineCount = SourceText(bytes: bytes).lineCount
        for diagnostic in report.diagnostics where diagnostic.range.end.line > lineCount || diagnostic.range.start.line < 1 {
            XCTFail("\(diagnostic.ruleID) at \(diagnostic.range) outside \(lineCount) lines", file: file, line: line)
        }
    }

    /// An `#if` condition nested 200,000 parentheses deep: the platform parser recursed once a
    /// level and overflowed the stack (found by review; beyond 64 levels a condition now
    /// says nothing).
    func testDeeplyNestedConditionalCompilation() {
        let depth = 200_000
        lint(
            "#if " + String(repeating: "(", count: depth) + "os(iOS)" + String(repeating: ")", count: depth) + "\n"
                + "@main struct TheApp: App { var body: some Scene { WindowGroup { Screen() } } }\n#endif\n"
                + "final class Store: ObservableObject { @Published var name = \"\" }\n"
                + "struct Screen: View {\n    @EnvironmentObject var store: Store\n    var body: some View { Text(store.name) }\n}\n")
    }

    /// A typed local (`let store: Store`) whose block closes on the same line: the search
    /// for the end of its type ran past the block, and the binding's visibility was a range
    /// that ended before it started (a trap).
    func testTypedLocalInABlockClosedOnItsLine() {
        lint(
            """
            import SwiftUI

            struct Screen: View {
                var body: some View {
                    if true { let store: Store } ; Text("").environmentObject(store)
                }
            }
            """)
    }

    /// A local declared in a block whose `{` has no partner (a `)` closed the group
    /// around it): the block was taken to end at its own `{`, before the declaration.
    func testLocalInAnUnclosedBlock() {
        lint(
            """
            extension v{(n{
            var library= environment(library))}
            """)
    }
}
