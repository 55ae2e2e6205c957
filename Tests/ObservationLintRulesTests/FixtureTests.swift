import Foundation
import ObservationLintCore
import ObservationLintRules
import ObservationSyntax
import XCTest

/// Lints every scenario folder under `Fixtures/` (each one a run of its own, so that
/// cross-file analysis sees exactly its files, split into projects as the command line
/// does) and compares the diagnostics with the inline `// expect: rule_id` comments: a
/// missing or an unexpected diagnostic fails.
final class FixtureTests: XCTestCase {
    func testFixturesMatchTheirExpectations() throws {
        let fixtures = packageRoot.appendingPathComponent("Fixtures")
        let scenarios = try FileManager.default.contentsOfDirectory(at: fixtures, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .sorted { $0.path < $1.path }
        XCTAssertFalse(scenarios.isEmpty, "no fixture scenarios under \(fixtures.path)")
        let knownIDs = Set(RuleRegistry.all.map { $0.description.id })
        var coveredRules = Set<String>()
        for scenario in scenarios {
            let files = swiftFiles(under: scenario)
            XCTAssertFalse(files.isEmpty, "\(scenario.lastPathComponent) has no Swift files")
            let inputs = try files.map { url in
                SourceInput(path: relativePath(url), bytes: Array(try Data(contentsOf: url)))
            }
            var expected: [String] = []
            for input in inputs {
                for (line, ids) in expectations(in: input) {
                    for id in ids {
                        XCTAssertTrue(knownIDs.contains(id), "\(input.path):\(line): unknown rule id '\(id)' in expect comment")
                        coveredRules.insert(id)
                        expected.append("\(input.path):\(line): \(id)")
                    }
                }
            }
            let layout = ProjectLayout(absolutePaths: files.map(\.standardizedFileURL.path))
            // Build settings next to the sources (an `.xcconfig`) as the command line reads them.
            let options = LintOptions(
                rules: RuleRegistry.all, jobs: 1,
                defaultIsolationIsMainActor: DefaultActorIsolation.detect(inDirectory: scenario.path) == .mainActor, layout: layout,
                nonisolatedNonsendingByDefault: UpcomingFeatures.enablesNonisolatedNonsending(inDirectory: scenario.path))
            let report = LintEngine.lint(inputs, options: options)
            let actual = report.diagnostics.map { "\($0.range.file):\($0.range.start.line): \($0.ruleID)" }
            let missing = difference(expected, actual)
            let unexpected = difference(actual, expected)
            let messages = Dictionary(grouping: report.diagnostics) { "\($0.range.file):\($0.range.start.line): \($0.ruleID)" }
            XCTAssertTrue(missing.isEmpty, "\(scenario.lastPathComponent): missing diagnostics:\n" + missing.joined(separator: "\n"))
            XCTAssertTrue(
                unexpected.isEmpty,
                "\(scenario.lastPathComponent): unexpected diagnostics:\n"
                    + unexpected.map { "\($0) — \(messages[$0]?.first?.message ?? "")" }.joined(separator: "\n"))
        }
        for id in knownIDs.subtracting(coveredRules).sorted() {
            XCTFail("rule \(id) has no '// expect:' line in any fixture")
        }
    }

    /// `// expect: a, b` comments by line.
    private func expectations(in input: SourceInput) -> [(line: Int, ids: [String])] {
        let source = SourceText(bytes: input.bytes)
        let tokens = Tokenizer.tokenize(input.bytes)
        var result: [(line: Int, ids: [String])] = []
        for comment in tokens.comments where comment.kind == .lineComment {
            let text = source.text(of: comment).dropFirst(2).trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("expect:") else { continue }
            let ids = text.dropFirst("expect:".count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            result.append((source.location(of: Int(comment.start)).line, ids.filter { !$0.isEmpty }))
        }
        return result
    }

    /// Elements of `lhs` not matched one-for-one in `rhs`.
    private func difference(_ lhs: [String], _ rhs: [String]) -> [String] {
        var remaining = rhs
        return lhs.filter { element in
            if let index = remaining.firstIndex(of: element) {
                remaining.remove(at: index)
                return false
            }
            return true
        }
    }

    private func swiftFiles(under folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    private func relativePath(_ url: URL) -> String {
        String(url.standardizedFileURL.path.dropFirst(packageRoot.standardizedFileURL.path.count + 1))
    }
}
