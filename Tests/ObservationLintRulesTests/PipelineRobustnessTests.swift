import Foundation
import ObservationLintCore
import ObservationLintRules
import ObservationSyntax
import XCTest

/// The whole pipeline — every rule, opt-in ones included — on damaged projects: fixture
/// scenarios whose files are truncated or mutated. Nothing may crash, and every diagnostic
/// must point inside its file.
final class PipelineRobustnessTests: XCTestCase {
    /// SplitMix64: deterministic, so a failure reproduces.
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    }

    private static let interestingBytes = Array("{}()[]<>\"\\#@$.:;,=!?/*\n_".utf8) + [0xFF]

    private func scenarios() throws -> [[SourceInput]] {
        let fixtures = packageRoot.appendingPathComponent("Fixtures")
        return try FileManager.default.contentsOfDirectory(at: fixtures, includingPropertiesForKeys: nil)
            .filter { $0.hasDirectoryPath }
            .sorted { $0.path < $1.path }
            .map { folder in
                let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                    .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
                return try files.map { SourceInput(path: $0.lastPathComponent, bytes: Array(try Data(contentsOf: $0))) }
            }
    }

    private func check(_ inputs: [SourceInput], _ context: @autoclosure () -> String) {
        let report = LintEngine.lint(inputs, options: LintOptions(rules: RuleRegistry.all, jobs: 1))
        let lineCounts = Dictionary(inputs.map { ($0.path, SourceText(bytes: $0.bytes).lineCount) }, uniquingKeysWith: max)
        for diagnostic in report.diagnostics {
            guard let lines = lineCounts[diagnostic.file] else {
                return XCTFail("\(context()): diagnostic in an unknown file \(diagnostic.file)")
            }
            let range = diagnostic.range
            if range.start.line < 1 || range.end.line > lines || range.start.column < 1 || range.end < range.start {
                return XCTFail("\(context()): \(diagnostic.ruleID) range \(range) outside \(lines) lines")
            }
        }
    }

    func testTruncatedProjects() throws {
        for scenario in try scenarios() {
            for cut in stride(from: 1, through: 7, by: 2) {
                let truncated = scenario.map { SourceInput(path: $0.path, bytes: Array($0.bytes.prefix($0.bytes.count * cut / 8))) }
                check(truncated, "\(scenario.first?.path ?? "") cut at \(cut)/8")
            }
        }
    }

    func testMutatedProjects() throws {
        let all = try scenarios().filter { !$0.isEmpty }
        var generator = Generator(state: 0x0B5E_4A71_0115_7000)
        for iteration in 0..<500 {
            var inputs = all[generator.below(all.count)]
            for _ in 0..<(1 + generator.below(3)) {
                let file = generator.below(inputs.count)
                var bytes = inputs[file].bytes
                for _ in 0..<(1 + generator.below(12)) {
                    let position = generator.below(bytes.count + 1)
                    let byte = Self.interestingBytes[generator.below(Self.interestingBytes.count)]
                    switch generator.below(3) {
                    case 0: bytes.insert(byte, at: position)
                    case 1: if position < bytes.count { bytes.remove(at: position) }
                    default: if position < bytes.count { bytes[position] = byte }
                    }
                }
                inputs[file].bytes = bytes
            }
            check(inputs, "mutation \(iteration)")
        }
    }
}
