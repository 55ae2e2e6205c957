import Foundation
@testable import ObservationLintCore
import Testing

/// SPEC §9 "Scopes": project roots, the local packages each declares, and the package
/// files read for a project's index.
@Suite struct ProjectLayoutTests {
    @Test func filesBelongToTheirNearestRoot() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Package.swift", "// swift-tools-version: 5.9\n")
        try folder.write("Sources/Lib/Lib.swift", "")
        try folder.write("Examples/Demo/Demo.xcodeproj/project.pbxproj", "{}")
        try folder.write("Examples/Demo/Demo/ContentView.swift", "")
        let paths = ["Sources/Lib/Lib.swift", "Examples/Demo/Demo/ContentView.swift"].map { folder.url($0) }
        let layout = ProjectLayout(absolutePaths: paths)
        #expect(layout.projects.map(\.root) == [folder.url("."), folder.url("Examples/Demo")].map { PathUtilities.normalize($0) })
        #expect(layout.projectOfFile == [0, 1])
    }

    @Test func filesWithNoRootFormOneProject() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Loose/A.swift", "")
        try folder.write("Other/B.swift", "")
        // The temporary folder may sit below some project on this machine: only the files'
        // own folders decide, and both have none of their own.
        let layout = ProjectLayout(absolutePaths: [folder.url("Loose/A.swift"), folder.url("Other/B.swift")])
        #expect(layout.projects.count == 1)
        #expect(layout.projectOfFile == [0, 0])
    }

    /// An Xcode project that builds a file outside its folder (`../Shared/Row.swift`): the file is
    /// compiled with the project's files, so it belongs to that project; a file beside it that no
    /// project names stays without a root.
    @Test func aFileAnXcodeProjectBuildsFromOutsideItsFolderBelongsToIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let projectFile = """
            // !$*UTF8*$!
            {
                objects = {
                    B1 = {isa = PBXBuildFile; fileRef = F1 /* ContentView.swift */; };
                    B2 = {isa = PBXBuildFile; fileRef = F2 /* Row.swift */; };
                    F1 = {isa = PBXFileReference; path = ContentView.swift; sourceTree = "<group>"; };
                    F2 = {isa = PBXFileReference; name = Row.swift; path = ../Shared/Row.swift; sourceTree = SOURCE_ROOT; };
                    G0 = {isa = PBXGroup; children = ( G1, F2, ); sourceTree = "<group>"; };
                    G1 = {isa = PBXGroup; children = ( F1, ); path = App; sourceTree = "<group>"; };
                    P1 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; };
                };
                rootObject = P1;
            }
            """
        try folder.write("App/App.xcodeproj/project.pbxproj", projectFile)
        try folder.write("App/App/ContentView.swift", "")
        try folder.write("Shared/Row.swift", "")
        try folder.write("Shared/Unused.swift", "")
        let paths = ["App/App/ContentView.swift", "Shared/Row.swift", "Shared/Unused.swift"].map { folder.url($0) }
        let layout = ProjectLayout(absolutePaths: paths)
        #expect(layout.projects.map(\.root) == [PathUtilities.normalize(folder.url("App")), nil])
        #expect(layout.projectOfFile == [0, 0, 1])
        #expect(layout.sourceRole(ofFile: 1, path: "Shared/Row.swift") == .app)
    }

    @Test func testCodeIsJudgedInsideItsProject() throws {
        // A checkout inside a folder named like a test target is still app code.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("IntegrationTests/App/Package.swift", "")
        try folder.write("IntegrationTests/App/Sources/App/View.swift", "")
        try folder.write("IntegrationTests/App/Tests/AppTests/ViewTests.swift", "")
        let paths = ["IntegrationTests/App/Sources/App/View.swift", "IntegrationTests/App/Tests/AppTests/ViewTests.swift"]
        let layout = ProjectLayout(absolutePaths: paths.map { folder.url($0) })
        #expect(layout.sourceRole(ofFile: 0, path: paths[0]) == .app)
        #expect(layout.sourceRole(ofFile: 1, path: paths[1]) == .test)
        #expect(ProjectLayout.single(fileCount: 2).sourceRole(ofFile: 0, path: paths[0]) == .test)
    }

    @Test func manifestPackagePaths() {
        let manifest = """
            let package = Package(
                dependencies: [
                    .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.1"),
                    .package(path: "../Core"),
                    .package(name: "UI", path: "Packages/UI"),
                ]
            )
            """
        #expect(ProjectManifest.packagePaths(inManifest: manifest) == ["../Core", "Packages/UI"])
        // Text that is not ASCII is searched by characters: the same paths.
        #expect(ProjectManifest.packagePaths(inManifest: "// © José\n" + manifest) == ["../Core", "Packages/UI"])
    }

    @Test func sourceRoleInsideRoot() {
        for (root, relative) in [
            ("/p", "Tests/A.swift"), ("/", "App/Kit.docc/A.swift"), ("/p/é", "Sources/A.swift"), ("/p", "é/AppTests/A.swift"),
        ] {
            let path = root == "/" ? "/" + relative : root + "/" + relative
            #expect(SourceRole(path: path, root: root) == SourceRole(path: relative), "\(path)")
        }
    }

    @Test func xcodeProjectLocalPackages() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "App/App.xcodeproj/project.pbxproj",
            """
            A1 /* XCLocalSwiftPackageReference "../Kit" */ = {
                isa = XCLocalSwiftPackageReference;
                relativePath = ../Kit;
            };
            B2 /* Feature */ = {isa = PBXFileReference; lastKnownFileType = wrapper; path = "Packages/Feature"; sourceTree = "<group>"; };
            C3 /* App */ = {isa = PBXGroup; path = App; sourceTree = "<group>"; };
            """)
        try folder.write("Kit/Package.swift", "")
        try folder.write("App/Packages/Feature/Package.swift", "")
        try folder.write("App/App/ContentView.swift", "")
        #expect(ProjectManifest(root: folder.url("App")).packages == [folder.url("Kit"), folder.url("App/Packages/Feature")])
    }

    @Test func packagesAddedToTheWorkspaceAreLocalPackagesOfItsProjects() throws {
        // The Xcode project links `Core`'s product by name; the workspace holds the package.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App.xcodeproj/project.pbxproj", "C3 /* Core */ = {isa = XCSwiftPackageProductDependency; productName = Core; };")
        try folder.write(
            "App.xcworkspace/contents.xcworkspacedata",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:Core"></FileRef>
               <FileRef location = "container:Shared/Kit"></FileRef>
               <FileRef location = "group:App.xcodeproj"></FileRef>
               <FileRef location = "group:Docs"></FileRef>
            </Workspace>
            """)
        try folder.write("Core/Package.swift", "")
        try folder.write("Shared/Kit/Package.swift", "")
        try folder.write("Docs/Notes.swift", "")
        #expect(ProjectManifest(root: folder.url(".")).packages == [folder.url("Core"), folder.url("Shared/Kit")])
    }

    @Test func packagesInXcodeGroupsAreFoundAmongTheRunsProjects() throws {
        // `path = UI` inside a group whose `path = Packages`: the project file nests paths.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "App/App.xcodeproj/project.pbxproj",
            """
            A1 /* UI */ = {isa = PBXFileReference; lastKnownFileType = folder; path = UI; sourceTree = "<group>"; };
            B2 /* Packages */ = {isa = PBXGroup; children = (A1); path = Packages; sourceTree = "<group>"; };
            """)
        try folder.write("App/Packages/UI/Package.swift", "")
        try folder.write("App/Packages/UI/Sources/UI/Button.swift", "")
        try folder.write("App/App/ContentView.swift", "")
        let layout = ProjectLayout(absolutePaths: [folder.url("App/App/ContentView.swift"), folder.url("App/Packages/UI/Sources/UI/Button.swift")])
        let app = layout.projectOfFile[0]
        #expect(layout.projects[app].localPackages == [folder.url("App/Packages/UI")])
        #expect(layout.visibleProjects(of: app) == [app, layout.projectOfFile[1]])
    }

    @Test func localPackagesAreReadForTheIndexButNotReported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App/Package.swift", #".package(path: "../Kit")"#)
        try folder.write("App/Sources/App/View.swift", "struct V {}\n")
        try folder.write("Kit/Package.swift", #".package(path: "../Base")"#)
        try folder.write("Kit/Sources/Kit/Kit.swift", "public struct K {}\n")
        try folder.write("Base/Package.swift", "")
        try folder.write("Base/Sources/Base/Base.swift", "public struct B {}\n")
        let discovery = FileDiscovery(configuration: Configuration(rootDirectory: folder.path), currentDirectory: folder.path)
        let given = try discovery.discover(["App"]).inputs
        let projects = ProjectInputs.complete(given, discovery: discovery, jobs: 1)
        #expect(projects.inputs.map(\.path) == [
            "App/Package.swift", "App/Sources/App/View.swift", "Kit/Package.swift", "Kit/Sources/Kit/Kit.swift",
            "Base/Package.swift", "Base/Sources/Base/Base.swift",
        ])
        #expect(projects.reportedPaths == ["App/Package.swift", "App/Sources/App/View.swift"])
        let app = projects.layout.projectOfFile[1]
        #expect(projects.layout.visibleProjects(of: app).count == 3)
        #expect(projects.layout.unreadLocalPackages.isEmpty)
    }
}
