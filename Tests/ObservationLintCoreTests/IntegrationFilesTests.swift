import Foundation
import Testing
import Yams

/// The YAML the integration recipes (docs/integrations.md) and the pre-commit hook file contain parses, and
/// says what the CLI tests run (`Tests/CLITests/RecipeTests.swift` runs the commands).
@Suite struct IntegrationFilesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent(relative)), as: UTF8.self)
    }

    /// The fenced ```yaml blocks of the "CI and editor integration" section of docs/integrations.md.
    static func recipeYAMLBlocks() throws -> [String] {
        let document = try text("docs/integrations.md")
        let start = try #require(document.range(of: "\n## CI and editor integration\n"))
        let section = document[start.upperBound...]
        var blocks: [String] = []
        var current: [Substring]?
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```yaml" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func preCommitHookFile() throws {
        let loaded = try Yams.load(yaml: try Self.text(".pre-commit-hooks.yaml"))
        let hooks = try #require(loaded as? [[String: Any]])
        #expect(hooks.count == 1)
        let hook = try #require(hooks.first)
        #expect(hook["id"] as? String == "observation-lint")
        #expect(hook["name"] as? String == "observation-lint")
        #expect(hook["entry"] as? String == "observation-lint lint")
        #expect(hook["args"] as? [String] == ["--strict"])
        #expect(hook["language"] as? String == "system")
        #expect(hook["types"] as? [String] == ["swift"])
        #expect(hook["require_serial"] as? Bool == true)
        #expect((hook["description"] as? String)?.isEmpty == false)
        // Only keys pre-commit knows.
        let known: Set<String> = [
            "id", "name", "entry", "language", "files", "exclude", "types", "types_or", "exclude_types", "always_run",
            "fail_fast", "verbose", "pass_filenames", "require_serial", "description", "language_version",
            "minimum_pre_commit_version", "args", "stages",
        ]
        #expect(Set(hook.keys).isSubset(of: known))
    }

    @Test func integrationRecipesParse() throws {
        let blocks = try Self.recipeYAMLBlocks()
        #expect(blocks.count == 3)  // GitHub workflow, GitLab job, pre-commit configuration
        let documents = try blocks.map { try #require(try Yams.load(yaml: $0) as? [String: Any]) }

        // GitHub Actions: the annotation step, the SARIF step and its upload.
        let jobs = try #require(documents[0]["jobs"] as? [String: Any])
        let job = try #require(jobs["observation-lint"] as? [String: Any])
        #expect((job["permissions"] as? [String: String])?["security-events"] == "write")
        let steps = try #require(job["steps"] as? [[String: Any]])
        let runs = steps.compactMap { $0["run"] as? String }
        #expect(runs == ["observation-lint --format github --strict", "observation-lint --format sarif > observation-lint.sarif"])
        let upload = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("github/codeql-action/upload-sarif@") == true })
        #expect((upload["with"] as? [String: Any])?["sarif_file"] as? String == "observation-lint.sarif")
        #expect(upload["if"] as? String == "always()")

        // GitLab: the JUnit report artifact.
        let gitlab = try #require(documents[1]["observation-lint"] as? [String: Any])
        #expect(gitlab["script"] as? [String] == ["observation-lint --format junit --strict > observation-lint-junit.xml"])
        let artifacts = try #require(gitlab["artifacts"] as? [String: Any])
        #expect(artifacts["when"] as? String == "always")
        #expect((artifacts["reports"] as? [String: Any])?["junit"] as? String == "observation-lint-junit.xml")

        // pre-commit: the hook id the hook file declares.
        let repos = try #require(documents[2]["repos"] as? [[String: Any]])
        let hooks = try #require(repos.first?["hooks"] as? [[String: Any]])
        #expect(hooks.first?["id"] as? String == "observation-lint")
    }
}
