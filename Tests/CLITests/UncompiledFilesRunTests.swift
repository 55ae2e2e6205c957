import Foundation
import Testing

/// Files no target compiles (SPEC §9, scopes; docs/cli.md): a stale copy in an Xcode project's folder is left out
/// of the index and the rules, and the run says so.
@Suite struct UncompiledFilesRunTests {
    /// An Xcode project whose app target builds `App/ContentView.swift` only.
    static let projectFile = """
        // !$*UTF8*$!
        {
            objects = {
                B1 = {isa = PBXBuildFile; fileRef = F1 /* ContentView.swift */; };
                F1 = {isa = PBXFileReference; path = ContentView.swift; sourceTree = "<group>"; };
                G0 = {isa = PBXGroup; children = ( G1, ); sourceTree = "<group>"; };
                G1 = {isa = PBXGroup; children = ( F1, ); path = App; sourceTree = "<group>"; };
                P1 = {isa = PBXProject; mainGroup = G0; targets = ( T1, ); };
                S1 = {isa = PBXSourcesBuildPhase; files = ( B1, ); };
                T1 = {isa = PBXNativeTarget; buildPhases = ( S1, ); name = App; };
            };
            rootObject = P1;
        }
        """

    func project() throws -> Project {
        try Project([
            "App.xcodeproj/project.pbxproj": Self.projectFile,
            "App/ContentView.swift": Samples.clean,
            "App/Old/ItemView.swift": Samples.stateFromOutside,
        ])
    }

    @Test func findingsInFilesNoTargetCompilesAreGone() throws {
        let project = try project()
        defer { project.remove() }
        let json = try project.run("--format", "json")
        #expect(json.status == 0)
        let document = try json.json()
        #expect((document["diagnostics"] as? [Any])?.isEmpty == true)
        #expect((document["summary"] as? [String: Int])?["files"] == 1)
        #expect((document["summary"] as? [String: Int])?["uncompiledFiles"] == 1)
        let text = try project.run()
        #expect(text.stdout.isEmpty)
        #expect(text.stderrLines.last?.hasPrefix("0 warnings, 0 errors in 1 file (") == true)
        #expect(text.stderrLines.last?.hasSuffix(" ms); 1 file no target compiles left out") == true)
    }

    @Test func aRunOfOnlySuchFilesSaysSo() throws {
        let project = try project()
        defer { project.remove() }
        let result = try project.run("App/Old")
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderrLines.first
                == "warning: only files no Xcode target compiles, left out (include_uncompiled_files: true lints them)")
    }

    @Test func theConfigurationCanKeepThem() throws {
        let project = try project()
        defer { project.remove() }
        try project.write(".observation-lint.yml", "include_uncompiled_files: true\n")
        let document = try project.run("--format", "json").json()
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["file"] as? String } == ["App/Old/ItemView.swift"])
        #expect((document["summary"] as? [String: Int])?["uncompiledFiles"] == 0)
    }

    @Test func standardInputIsLintedAsTheFileItStandsFor() throws {
        let project = try project()
        defer { project.remove() }
        let result = try project.run("--stdin-path", "App/Old/ItemView.swift", "--format", "json", stdin: Samples.stateFromOutside)
        let diagnostics = try #require(try result.json()["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
    }

    @Test func debugScopesListsThemWithTheReason() throws {
        let project = try project()
        defer { project.remove() }
        let result = try project.run("debug", "scopes", ".")
        #expect(result.status == 0)
        #expect(
            result.stdoutLines == [
                "project .: 1 files",
                "not compiled, left out (no Xcode target builds them): 1 files",
                "    App/Old/ItemView.swift: no target of App.xcodeproj compiles it",
            ])
    }
}
