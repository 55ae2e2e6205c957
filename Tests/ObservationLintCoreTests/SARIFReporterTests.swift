import Foundation
import ObservationLintCore
import SARIFSchemaCheck
import Testing

@Suite struct SARIFReporterTests {
    static let viewSource = """
        struct V: View {
            @State var item: Item
            var body: some View { Text("") }
        }

        """

    /// Line 1 has multi-byte characters before the range: "é" (2 bytes, 1 UTF-16 unit), "日"
    /// (3 bytes, 1 unit), "😀" (4 bytes, 2 units).
    static let unicodeSource = "let é = \"日😀\"; @State var item: Item\n@State var item: Item\n    @State   var item: Item\n"

    func position(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

    func range(_ file: String, _ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int) -> SourceRange {
        SourceRange(file: file, start: position(line, column), end: position(endLine, endColumn))
    }

    static let rules: [RuleDescription] = [
        RuleDescription(
            id: "state_initialized_from_outside", name: "State initialized from outside", category: .ownership, group: .suspicious,
            summary: "A view's `@State` takes its value from the parent.", rationale: "SwiftUI keeps the first value.",
            fix: "Use `let`.", triggeringExamples: ["struct A: View { @State var ↓x: Int }"],
            nonTriggeringExamples: ["struct A: View { @State private var x = 0 }"]),
        RuleDescription(
            id: "missing_published", name: "Missing @Published", category: .observableObject, group: .correctness,
            defaultSeverity: .error,
            summary: "A stored var without @Published.", rationale: "Views do not update.", fix: "Add @Published.",
            triggeringExamples: [], nonTriggeringExamples: []),
        RuleDescription(
            id: "published_never_read", name: "@Published never read", category: .observableObject, group: .performance,
            summary: "Nothing reads it.", rationale: "Re-renders for nothing.", fix: "Remove it.",
            triggeringExamples: [], nonTriggeringExamples: []),
        // The category's id equals a word one might also tag with: tags must stay unique.
        RuleDescription(
            id: "untracked_observable_read", name: "Untracked observable read", category: .observation, group: .suspicious,
            summary: "An ignored property views read.", rationale: "Views do not update.", fix: "Call access(keyPath:).",
            triggeringExamples: [], nonTriggeringExamples: []),
    ]

    /// A run with everything SARIF has to carry: two files, notes, a fix, an error diagnostic, a
    /// pseudo-rule, multi-byte columns, an unreadable file, a path that needs percent-encoding.
    func richInput() -> ReportInput {
        let state = Diagnostic(
            ruleID: "state_initialized_from_outside", severity: .warning, message: "'item' takes its value from outside",
            range: range("App/Sources/U.swift", 1, 21, 1, 42),
            notes: [DiagnosticNote(message: "the parent passes it here", range: range("App/Sources/V.swift", 1, 8, 1, 9))],
            help: "make it a let")
        let published = Diagnostic(
            ruleID: "missing_published", severity: .error, message: "'count' is not @Published",
            range: range("App/Sources/V.swift", 2, 5, 2, 26),
            fixes: [
                Fix(title: "Add @Published", edits: [TextEdit(range: range("App/Sources/V.swift", 2, 5, 2, 5), replacement: "@Published ")]),
                Fix(title: "Nothing to do", edits: []),
            ])
        let invalid = Diagnostic(
            ruleID: "invalid_suppression", severity: .warning, message: "'nope' is not an observation-lint rule",
            range: range("App/Sources/Odd name #1.swift", 1, 1, 1, 5))
        return ReportInput(
            diagnostics: [invalid, state, published], errors: [InputError(file: "App/Sources/Bad.swift", message: "not valid UTF-8")],
            fileCount: 3, durationMs: 5, rules: Self.rules,
            sources: [
                "App/Sources/U.swift": Array(Self.unicodeSource.utf8), "App/Sources/V.swift": Array(Self.viewSource.utf8),
                "App/Sources/Odd name #1.swift": Array("let x = 1\n".utf8),
            ],
            currentDirectory: "/work/repo", repositoryRoot: "/work/repo")
    }

    func document(_ input: ReportInput) throws -> [String: Any] {
        let text = SARIFReporter().report(input)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func run(_ document: [String: Any]) throws -> [String: Any] {
        try #require((document["runs"] as? [[String: Any]])?.first)
    }

    func results(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require(try run(document)["results"] as? [[String: Any]])
    }

    func region(_ result: [String: Any]) throws -> [String: Int] {
        let location = try #require((result["locations"] as? [[String: Any]])?.first)
        let physical = try #require(location["physicalLocation"] as? [String: Any])
        return try #require(physical["region"] as? [String: Int])
    }

    // MARK: Schema

    @Test func validAgainstTheOfficialSchema() throws {
        let rich = SARIFReporter().report(richInput())
        try expectValid(rich)
        let empty = SARIFReporter().report(ReportInput(diagnostics: [], fileCount: 0, rules: Self.rules))
        try expectValid(empty)
    }

    /// The check is real: a document that breaks the schema fails it, with the place named.
    @Test(SARIFSchemaValidator.isAvailable) func brokenDocumentsFailTheSchema() throws {
        var document = try document(richInput())
        var runs = try #require(document["runs"] as? [[String: Any]])
        var results = try #require(runs[0]["results"] as? [[String: Any]])
        results[0].removeValue(forKey: "message")  // result.message is required
        results[1]["level"] = "fatal"  // not a SARIF level
        runs[0]["results"] = results
        document["runs"] = runs
        let broken = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
        let errors = try SARIFSchemaValidator.validate(broken)
        #expect(errors.contains { $0.hasPrefix("/runs/0/results/0") && $0.contains("'message' is a required property") })
        #expect(errors.contains { $0.hasPrefix("/runs/0/results/1/level") && $0.contains("'fatal'") })

        var wrongVersion = try self.document(richInput())
        wrongVersion["version"] = "2.0.0"
        let invalid = String(decoding: try JSONSerialization.data(withJSONObject: wrongVersion), as: UTF8.self)
        #expect(try !SARIFSchemaValidator.validate(invalid).isEmpty)
        #expect(try !SARIFSchemaValidator.validate("{ not json").isEmpty)
    }

    // MARK: Rules and results

    @Test func ruleCatalogAndIndexes() throws {
        let document = try document(richInput())
        #expect(document["version"] as? String == "2.1.0")
        #expect((document["$schema"] as? String)?.hasSuffix("sarif-schema-2.1.0.json") == true)
        let driver = try #require((try run(document)["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "observation-lint")
        #expect(driver["version"] as? String == ToolInfo.version)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        // The whole catalog, then the pseudo-rule that reported.
        #expect(rules.compactMap { $0["id"] as? String } == Self.rules.map(\.id) + ["invalid_suppression"])
        for rule in rules {
            #expect(rule["name"] is String)
            #expect((rule["shortDescription"] as? [String: String])?["text"]?.isEmpty == false)
            #expect((rule["fullDescription"] as? [String: String])?["text"]?.isEmpty == false)
            let help = try #require(rule["help"] as? [String: String])
            #expect(help["text"]?.isEmpty == false && help["markdown"]?.isEmpty == false)
            #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] is String)
        }
        #expect(rules[0]["name"] as? String == "StateInitializedFromOutside")
        #expect((rules[0]["help"] as? [String: String])?["markdown"]?.contains("```swift\nstruct A: View { @State var x: Int }\n```") == true)
        #expect((rules[1]["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
        #expect((rules[2]["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool == false)
        #expect((rules[0]["defaultConfiguration"] as? [String: Any])?["enabled"] == nil)
        // Each catalog rule links its page; the pseudo-rule has none.
        for rule in rules.dropLast() {
            let id = try #require(rule["id"] as? String)
            #expect(rule["helpUri"] as? String == "https://github.com/OWNER/observation-lint/blob/main/docs/rules/\(id).md")
        }
        #expect(rules.last?["helpUri"] == nil)

        let results = try results(document)
        #expect(results.count == 3)
        for result in results {
            let id = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == id)
            #expect((result["message"] as? [String: String])?["text"]?.isEmpty == false)
            #expect(Set(try region(result).keys) == ["startLine", "startColumn", "endLine", "endColumn"])
            #expect((result["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] != nil)
        }
        #expect(results.map { $0["level"] as? String } == ["warning", "warning", "error"])
    }

    @Test func notesFixesAndInputErrors() throws {
        let document = try document(richInput())
        let results = try results(document)
        let related = try #require(results[1]["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1)
        #expect(related[0]["id"] as? Int == 1)
        #expect((related[0]["message"] as? [String: String])?["text"] == "the parent passes it here")
        let relatedPhysical = try #require(related[0]["physicalLocation"] as? [String: Any])
        #expect((relatedPhysical["artifactLocation"] as? [String: String])?["uri"] == "App/Sources/V.swift")
        #expect((relatedPhysical["region"] as? [String: Int]) == ["startLine": 1, "startColumn": 8, "endLine": 1, "endColumn": 9])

        let fixes = try #require(results[2]["fixes"] as? [[String: Any]])
        #expect(fixes.count == 1)  // a fix without edits is left out
        #expect((fixes[0]["description"] as? [String: String])?["text"] == "Add @Published")
        let change = try #require((fixes[0]["artifactChanges"] as? [[String: Any]])?.first)
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        #expect((replacement["insertedContent"] as? [String: String])?["text"] == "@Published ")
        #expect((replacement["deletedRegion"] as? [String: Int]) == ["startLine": 2, "startColumn": 5, "endLine": 2, "endColumn": 5])

        let invocation = try #require((try run(document)["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect(notification["level"] as? String == "error")
        #expect((notification["message"] as? [String: String])?["text"] == "App/Sources/Bad.swift: not valid UTF-8")
    }

    // MARK: Columns

    /// SARIF columns count UTF-16 code units (`columnKind` says so); ours count UTF-8 bytes.
    @Test func columnsAreUTF16CodeUnits() throws {
        let document = try document(richInput())
        #expect(try run(document)["columnKind"] as? String == "utf16CodeUnits")
        // Byte column 21 on `let é = "日😀"; @State var item: Item` is `@`: before it 20 bytes,
        // which are 15 UTF-16 units (é: 2 bytes → 1, 日: 3 → 1, 😀: 4 → 2). The end, byte 42
        // (exclusive, just past "Item" at the line's end), is unit 37.
        #expect(try region(try results(document)[1]) == ["startLine": 1, "startColumn": 16, "endLine": 1, "endColumn": 37])
        let line = "let é = \"日😀\"; @State var item: Item"
        let prefix = String(decoding: Array(line.utf8)[0..<20], as: UTF8.self)
        #expect(prefix.utf16.count == 15 && Array(line.utf8).count == 41 && line.utf16.count == 36)
        // ASCII lines are unchanged.
        #expect(try region(try results(document)[2]) == ["startLine": 2, "startColumn": 5, "endLine": 2, "endColumn": 26])
    }

    @Test func columnConversionEdges() throws {
        func converted(_ source: String, _ startColumn: Int, _ endLine: Int, _ endColumn: Int) throws -> [String: Int] {
            let diagnostic = Diagnostic(
                ruleID: "r", severity: .warning, message: "m", range: range("A.swift", 1, startColumn, endLine, endColumn))
            let input = ReportInput(diagnostics: [diagnostic], fileCount: 1, sources: ["A.swift": Array(source.utf8)])
            return try region(try results(try document(input))[0])
        }
        // A range spanning lines converts each end on its own line.
        #expect(try converted("日本 = 1\n😀😀 + x\n", 8, 2, 10) == ["startLine": 1, "startColumn": 4, "endLine": 2, "endColumn": 6])
        // An end past the line's text (the line break) counts one unit per byte after it.
        #expect(try converted("é\r\n", 1, 1, 4) == ["startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 3])
        // Without the file's text, byte columns pass through.
        let diagnostic = Diagnostic(ruleID: "r", severity: .warning, message: "m", range: range("B.swift", 3, 7, 3, 9))
        let passedThrough = try region(try results(try document(ReportInput(diagnostics: [diagnostic], fileCount: 1)))[0])
        #expect(passedThrough == ["startLine": 3, "startColumn": 7, "endLine": 3, "endColumn": 9])
    }

    // MARK: Fingerprints

    func fingerprints(_ source: String, _ lines: [Int], rule: String = "r") throws -> [String] {
        let diagnostics = lines.map {
            Diagnostic(ruleID: rule, severity: .warning, message: "m", range: range("A.swift", $0, 1, $0, 2))
        }
        let input = ReportInput(diagnostics: diagnostics, fileCount: 1, sources: ["A.swift": Array(source.utf8)])
        return try results(try document(input)).map {
            try #require(($0["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"])
        }
    }

    @Test func fingerprintsHashTheLineAndCountOccurrences() throws {
        // Lines 2 and 3 have the same text but for spacing: same hash, occurrences 1 and 2.
        let prints = try fingerprints(Self.unicodeSource, [1, 2, 3])
        let hashes = prints.map { $0.split(separator: ":")[0] }
        #expect(prints.allSatisfy { $0.range(of: #"^[0-9a-f]{16}:[0-9]+$"#, options: .regularExpression) != nil })
        #expect(hashes[1] == hashes[2] && hashes[0] != hashes[1])
        #expect(prints.map { $0.split(separator: ":")[1] } == ["1", "1", "2"])
        #expect(String(hashes[1]) == SARIFReporter.lineHash("@State var item: Item"))
        // Lines inserted above do not change them.
        let shifted = try fingerprints("import SwiftUI\n\n" + Self.unicodeSource, [3, 4, 5])
        #expect(shifted == prints)
        // Another rule on the same line counts on its own.
        #expect(try fingerprints(Self.unicodeSource, [2], rule: "other") == [prints[1]])
        // Known value: FNV-1a 64 of the empty string.
        #expect(SARIFReporter.lineHash("") == "cbf29ce484222325")
        #expect(SARIFReporter.lineHash(" \t") == "cbf29ce484222325")
    }

    // MARK: Locations

    @Test func repositoryRelativeURIs() throws {
        let document = try document(richInput())
        let run = try run(document)
        let bases = try #require(run["originalUriBaseIds"] as? [String: [String: String]])
        #expect(bases == ["%SRCROOT%": ["uri": "file:///work/repo/"]])
        func artifact(_ result: [String: Any]) throws -> [String: String] {
            let location = try #require((result["locations"] as? [[String: Any]])?.first)
            return try #require((location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String])
        }
        let found = try results(document)
        #expect(try artifact(found[0]) == ["uri": "App/Sources/Odd%20name%20%231.swift", "uriBaseId": "%SRCROOT%"])
        #expect(try artifact(found[1]) == ["uri": "App/Sources/U.swift", "uriBaseId": "%SRCROOT%"])

        // Run from a subfolder of the repository: paths are rebased onto the root; a file
        // outside the repository gets an absolute file URI.
        let inside = Diagnostic(ruleID: "r", severity: .warning, message: "m", range: range("Sources/A.swift", 1, 1, 1, 2))
        let outside = Diagnostic(ruleID: "r", severity: .warning, message: "m", range: range("../../other/B.swift", 1, 1, 1, 2))
        let absolute = Diagnostic(ruleID: "r", severity: .warning, message: "m", range: range("/work/repo/C.swift", 1, 1, 1, 2))
        let input = ReportInput(
            diagnostics: [inside, outside, absolute], fileCount: 3, currentDirectory: "/work/repo/App", repositoryRoot: "/work/repo")
        let rebased = try results(try self.document(input))
        #expect(try artifact(rebased[0]) == ["uri": "App/Sources/A.swift", "uriBaseId": "%SRCROOT%"])
        #expect(try artifact(rebased[1]) == ["uri": "file:///work/other/B.swift"])
        #expect(try artifact(rebased[2]) == ["uri": "C.swift", "uriBaseId": "%SRCROOT%"])
    }

    @Test func uriEncoding() {
        #expect(URIEncoding.encodePath("Sources/A.swift") == "Sources/A.swift")
        #expect(URIEncoding.encodePath("a b/c%d#e?f:g.swift") == "a%20b/c%25d%23e%3Ff%3Ag.swift")
        #expect(URIEncoding.encodePath("Vues/Café.swift") == "Vues/Caf%C3%A9.swift")
        #expect(URIEncoding.fileURI(folder: "/a b/repo") == "file:///a%20b/repo/")
        #expect(URIEncoding.fileURI(file: "/repo/./x/../A.swift") == "file:///repo/A.swift")
    }

    @Test func repositoryRootIsTheNearestGitFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.makeFolder("repo/.git")
        try folder.makeFolder("repo/App/Sources")
        #expect(RepositoryRoot.find(from: folder.url("repo/App/Sources")) == folder.url("repo"))
        #expect(RepositoryRoot.find(from: folder.url("repo")) == folder.url("repo"))
        // A worktree or submodule has a `.git` file.
        try folder.write("repo/App/.git", "gitdir: ../.git/modules/App\n")
        #expect(RepositoryRoot.find(from: folder.url("repo/App/Sources")) == folder.url("repo/App"))
        // No repository: the folder itself (unless the temporary folder is inside one).
        try folder.makeFolder("plain/Sub")
        let plain = RepositoryRoot.find(from: folder.url("plain/Sub"))
        #expect(plain == folder.url("plain/Sub") || folder.url("plain/Sub").hasPrefix(plain + "/"))
    }
}
