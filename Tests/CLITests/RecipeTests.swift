import Foundation
import SARIFSchemaCheck
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The "CI and editor integration" recipes of docs/integrations.md, run as written: each
/// command line is checked to appear verbatim there, then run with `/bin/sh` (this build's
/// `observation-lint` first on the PATH) in a small project.
@Suite struct RecipeTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func readme() throws -> String {
        String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent("README.md")), as: UTF8.self)
    }

    /// The section on CI and editors of docs/integrations.md, to the end of the file (so a
    /// recipe cannot hide elsewhere).
    static func integrationSection() throws -> String {
        let text = String(
            decoding: try Data(contentsOf: packageRoot.appendingPathComponent("docs/integrations.md")), as: UTF8.self)
        let start = try #require(text.range(of: "\n## CI and editor integration\n"))
        return String(text[start.lowerBound...])
    }

    func expectDocumented(_ command: String, section: String? = nil) throws {
        let text = try section ?? Self.integrationSection()
        #expect(text.contains(command), "the documentation shows `\(command)`")
    }

    /// A project with one warning (`state_initialized_from_outside`) and a clean file.
    func project() throws -> Project {
        try Project(["Sources/ItemView.swift": Samples.stateFromOutside, "Sources/Plain.swift": Samples.clean])
    }

    // MARK: GitHub Actions

    @Test func githubAnnotations() throws {
        let command = "observation-lint --format github --strict"
        try expectDocumented("run: " + command)
        let project = try project()
        defer { project.remove() }
        let result = try project.shell(command)
        #expect(result.status == 1)  // --strict: the warning fails the step
        #expect(result.stdoutLines.count == 1)
        #expect(result.stdoutLines.first?.hasPrefix("::warning file=Sources/ItemView.swift,line=6,col=") == true)
    }

    @Test func githubSARIFUpload() throws {
        let command = "observation-lint --format sarif > observation-lint.sarif"
        try expectDocumented("run: " + command)
        try expectDocumented("uses: github/codeql-action/upload-sarif@v3")
        try expectDocumented("sarif_file: observation-lint.sarif")
        try expectDocumented("security-events: write")
        let project = try project()
        defer { project.remove() }
        let result = try project.shell(command)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        let sarif = try project.read("observation-lint.sarif")
        try expectValid(sarif)
        #expect(sarif.contains("\"ruleId\": \"state_initialized_from_outside\""))
    }

    // MARK: GitLab

    @Test func gitlabJUnit() throws {
        let command = "observation-lint --format junit --strict > observation-lint-junit.xml"
        try expectDocumented("- " + command)
        try expectDocumented("junit: observation-lint-junit.xml")
        let project = try project()
        defer { project.remove() }
        let result = try project.shell(command)
        #expect(result.status == 1)
        let document = try XMLDocument(data: Data(try project.read("observation-lint-junit.xml").utf8), options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
    }

    // MARK: Xcode

    static let xcodeScript = """
        export PATH="$PATH:/opt/homebrew/bin"
        if command -v observation-lint >/dev/null 2>&1; then
          observation-lint --format xcode "$SRCROOT"
        else
          echo "warning: observation-lint is not installed"
        fi
        """

    @Test func xcodeBuildPhase() throws {
        try expectDocumented("```sh\n" + Self.xcodeScript + "\n```")
        try expectDocumented("observation-lint --format xcode --strict \"$SRCROOT\"")
        let project = try project()
        defer { project.remove() }
        let result = try project.shell(Self.xcodeScript, environment: ["SRCROOT": project.path])
        #expect(result.status == 0)  // warnings do not fail the build
        #expect(result.stdoutLines.count == 1)
        let line = try #require(result.stdoutLines.first)
        #expect(line.hasPrefix(project.url("Sources/ItemView.swift") + ":6:"))
        #expect(line.contains(": warning: ") && line.hasSuffix("(state_initialized_from_outside)"))
        let strict = try project.shell(
            "observation-lint --format xcode --strict \"$SRCROOT\"", environment: ["SRCROOT": project.path])
        #expect(strict.status == 1)
        // Without the tool, the phase warns and passes.
        let missing = try CLI.run(
            ["-c", Self.xcodeScript], in: project.path, executablePath: "/bin/sh",
            environment: ["PATH": "/usr/bin:/bin", "SRCROOT": project.path])
        #expect(missing.status == 0)
        #expect(missing.stdout == "warning: observation-lint is not installed\n")
    }

    // MARK: pre-commit

    static func hookFile() throws -> String {
        String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent(".pre-commit-hooks.yaml")), as: UTF8.self)
    }

    /// pre-commit runs `entry`, then `args`, then the changed files' names.
    @Test func preCommitHook() throws {
        let hook = try Self.hookFile()
        #expect(hook.contains("\n  entry: observation-lint lint\n"))
        #expect(hook.contains("\n  args: [--strict]\n"))
        #expect(hook.contains("\n  language: system\n"))
        #expect(hook.contains("\n  types: [swift]\n"))
        try expectDocumented("`observation-lint lint --strict`")
        try expectDocumented("- id: observation-lint")

        let project = try project()
        defer { project.remove() }
        let failing = try project.shell("observation-lint lint --strict Sources/ItemView.swift Sources/Plain.swift")
        #expect(failing.status == 1)
        #expect(failing.stdout.hasPrefix("Sources/ItemView.swift:6:"))
        let passing = try project.shell("observation-lint lint --strict Sources/Plain.swift")
        #expect(passing.status == 0)
        #expect(passing.stdout.isEmpty)
    }

    // MARK: Editors

    @Test func editorBuffer() throws {
        let command = "observation-lint --format json --stdin-path path/to/File.swift < buffer"
        try expectDocumented(command)
        // The saved file is clean; the unsaved buffer has the problem.
        let project = try Project(["path/to/File.swift": Samples.clean, "buffer": Samples.stateFromOutside])
        defer { project.remove() }
        let result = try project.shell(command)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let diagnostics = try #require(try result.json()["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["file"] as? String == "path/to/File.swift")
        #expect(diagnostics.first?["line"] as? Int == 6)
    }

    // MARK: Baseline

    @Test func baselineCommands() throws {
        let readme = try Self.readme()
        let write = "observation-lint --write-baseline observation-lint-baseline.json"
        let check = "observation-lint --baseline observation-lint-baseline.json --strict"
        try expectDocumented(write, section: readme)
        try expectDocumented(check, section: readme)
        let project = try project()
        defer { project.remove() }
        #expect(try project.shell(write).status == 0)
        #expect(try project.shell(check).status == 0)
        try project.write("Sources/Plain.swift", Samples.stateFromOutside.replacingOccurrences(of: "ItemView", with: "OtherView"))
        // The same text in another file is a new finding.
        let new = try project.shell(check)
        #expect(new.status == 1)
        #expect(new.stdout.hasPrefix("Sources/Plain.swift:6:"))
    }
}
