import Foundation
import SARIFSchemaCheck
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The CI formats (sarif, github, checkstyle, junit) through the executable.
@Suite struct CIFormatTests {
    /// A repository (`.git`) with the app under `App/`, and a view whose offending line has
    /// multi-byte characters before the range.
    func repository() throws -> Project {
        let unicodeView = Samples.stateFromOutside.replacingOccurrences(
            of: "    @State var item: Item", with: "    let café = \"日😀\"; @State var item: Item")
        let project = try Project([
            "App/Sources/ItemView.swift": unicodeView, "App/Sources/Counter.swift": Samples.missingPublished,
            "App/Sources/Plain.swift": Samples.clean,
        ])
        try FileManager.default.createDirectory(atPath: project.url(".git"), withIntermediateDirectories: true)
        return project
    }

    // MARK: sarif

    @Test func sarif() throws {
        let project = try repository()
        defer { project.remove() }
        let result = try CLI.run(["--format", "sarif"], in: project.url("App"))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        try expectValid(result.stdout)

        let document = try result.json()
        #expect(document["version"] as? String == "2.1.0")
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        // Repository-relative: the run was in App/, the URIs start at the folder with .git.
        let bases = try #require(run["originalUriBaseIds"] as? [String: [String: String]])
        #expect(bases["%SRCROOT%"]?["uri"] == "file://" + project.path + "/")
        #expect(run["columnKind"] as? String == "utf16CodeUnits")

        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let catalog = try #require(try project.run("rules", "--format", "json").json()["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == catalog.compactMap { $0["id"] as? String })

        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["ruleId"] as? String } == ["missing_published", "state_initialized_from_outside"])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            #expect((result["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] != nil)
        }
        func location(_ result: [String: Any]) throws -> (artifact: [String: String], region: [String: Int]) {
            let physical = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            return (
                try #require(physical["artifactLocation"] as? [String: String]), try #require(physical["region"] as? [String: Int])
            )
        }
        let state = try location(results[1])
        #expect(state.artifact == ["uri": "App/Sources/ItemView.swift", "uriBaseId": "%SRCROOT%"])

        // The same diagnostic in JSON: UTF-8 byte columns. In SARIF: UTF-16 code units, with
        // the difference the multi-byte characters before it make (é 2→1, 日 3→1, 😀 4→2).
        let json = try CLI.run(["--format", "json"], in: project.url("App")).json()
        let diagnostic = try #require(
            (json["diagnostics"] as? [[String: Any]])?.first { $0["rule"] as? String == "state_initialized_from_outside" })
        let byteColumn = try #require(diagnostic["column"] as? Int)
        let byteEnd = try #require(diagnostic["endColumn"] as? Int)
        #expect(state.region["startLine"] == 6 && state.region["endLine"] == 6)
        #expect(state.region["startColumn"] == byteColumn - 5)
        #expect(state.region["endColumn"] == byteEnd - 5)
        let line = "    let café = \"日😀\"; @State var item: Item"
        let prefix = String(decoding: Array(line.utf8)[0..<(byteColumn - 1)], as: UTF8.self)
        #expect(state.region["startColumn"] == prefix.utf16.count + 1)
    }

    @Test func sarifWithAnUnreadableFile() throws {
        let project = try repository()
        defer { project.remove() }
        try project.write("App/Sources/Latin1.swift", bytes: Array("let s = \"caf".utf8) + [0xE9] + Array("\"\n".utf8))
        let result = try project.run("--format", "sarif")
        #expect(result.status == 2)
        try expectValid(result.stdout)
        let run = try #require((try result.json()["runs"] as? [[String: Any]])?.first)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect((notification["message"] as? [String: String])?["text"]?.hasPrefix("App/Sources/Latin1.swift: not valid UTF-8") == true)
    }

    // MARK: github

    @Test func github() throws {
        // A folder name with the characters the runner needs escaped in properties.
        let project = try Project(["odd%,:dir/ItemView.swift": Samples.stateFromOutside, "Counter.swift": Samples.missingPublished])
        defer { project.remove() }
        let result = try project.run("--format", "github")
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 2)
        #expect(result.stdoutLines[0].hasPrefix("::warning file=Counter.swift,line=4,col="))
        #expect(result.stdoutLines[0].contains(",title=missing_published::"))
        let state = result.stdoutLines[1]
        #expect(state.hasPrefix("::warning file=odd%25%2C%3Adir/ItemView.swift,line=6,col="))
        #expect(state.contains(",title=state_initialized_from_outside::"))
        #expect(result.stderrLines.last?.hasPrefix("2 warnings, 0 errors in 2 files (") == true)
        // Errors are ::error; --strict fails the step on warnings.
        try project.write(".observation-lint.yml", "rules:\n  missing_published: error\n")
        let strict = try project.run("--format", "github", "--strict", "--quiet")
        #expect(strict.status == 1)
        #expect(strict.stdoutLines[0].hasPrefix("::error file=Counter.swift,line=4,"))
        #expect(strict.stderr.isEmpty)
    }

    // MARK: XML

    func parse(_ text: String) throws -> XMLElement {
        try #require(try XMLDocument(data: Data(text.utf8), options: []).rootElement())
    }

    func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attribute(forName: name)?.stringValue
    }

    @Test func checkstyle() throws {
        let project = try repository()
        defer { project.remove() }
        let result = try project.run("--format", "checkstyle")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let root = try parse(result.stdout)
        #expect(root.name == "checkstyle")
        let files = root.elements(forName: "file")
        #expect(files.compactMap { attribute($0, "name") } == ["App/Sources/Counter.swift", "App/Sources/ItemView.swift"])
        let error = try #require(files[1].elements(forName: "error").first)
        #expect(attribute(error, "line") == "6")
        #expect(attribute(error, "severity") == "warning")
        #expect(attribute(error, "source") == "observation-lint.rules.state_initialized_from_outside")
        #expect(attribute(error, "message")?.contains("`@State var item`") == true)
    }

    @Test func junit() throws {
        let project = try repository()
        defer { project.remove() }
        let result = try project.run("--format", "junit")
        #expect(result.status == 0)
        let root = try parse(result.stdout)
        #expect(root.name == "testsuites")
        #expect(attribute(root, "tests") == "2" && attribute(root, "failures") == "2")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.compactMap { attribute($0, "name") } == ["App/Sources/Counter.swift", "App/Sources/ItemView.swift"])
        let testCase = try #require(suites[1].elements(forName: "testcase").first)
        #expect(attribute(testCase, "classname") == "App.Sources.ItemView")
        #expect(attribute(testCase, "name")?.hasPrefix("state_initialized_from_outside at 6:") == true)
        #expect(testCase.elements(forName: "failure").first.flatMap { attribute($0, "type") } == "warning")

        let clean = try project.run("--format", "junit", "App/Sources/Plain.swift")
        #expect(clean.status == 0)
        let cleanRoot = try parse(clean.stdout)
        #expect(attribute(cleanRoot, "tests") == "1" && attribute(cleanRoot, "failures") == "0")
        let passing = try #require(cleanRoot.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        #expect(attribute(passing, "name") == "no diagnostics in 1 file")
    }
}
