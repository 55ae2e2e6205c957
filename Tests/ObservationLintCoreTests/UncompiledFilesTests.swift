import Foundation
@testable import ObservationLintCore
import Testing

/// Files no target compiles (SPEC §9, scopes; docs/cli.md): a `.swift` file in an Xcode project's folder that no
/// target builds is left out of the run; where the project cannot tell, every file is kept.
@Suite struct UncompiledFilesTests {
    /// A project file as Xcode writes it: `App/ContentView.swift` (in group `App`) is in the
    /// app target's sources, `App/Old/OldView.swift` has a file reference but no build file,
    /// `Shared.swift` lies at the project root (a `SOURCE_ROOT` reference), and
    /// `Generated.swift` is built from a build setting's folder.
    static let projectFile = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 56;
            objects = {
                B1 /* ContentView.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* ContentView.swift */; };
                B2 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = F3 /* Shared.swift */; };
                B3 /* Generated.swift in Sources */ = {isa = PBXBuildFile; fileRef = F4 /* Generated.swift */; };
                F1 /* ContentView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ContentView.swift; sourceTree = "<group>"; };
                F2 /* OldView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = OldView.swift; sourceTree = "<group>"; };
                F3 /* Shared.swift */ = {isa = PBXFileReference; name = Shared.swift; path = "Shared.swift"; sourceTree = SOURCE_ROOT; };
                F4 /* Generated.swift */ = {isa = PBXFileReference; path = Generated.swift; sourceTree = BUILT_PRODUCTS_DIR; };
                G0 = {isa = PBXGroup; children = ( G1 /* App */, F3, ); sourceTree = "<group>"; };
                G1 /* App */ = {isa = PBXGroup; children = ( F1, G2 /* Old */, ); path = App; sourceTree = "<group>"; };
                G2 /* Old */ = {isa = PBXGroup; children = ( F2, ); path = Old; sourceTree = "<group>"; };
                P1 /* Project object */ = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = ( T1, ); };
                S1 /* Sources */ = {isa = PBXSourcesBuildPhase; files = ( B1, B2, B3, ); };
                T1 /* App */ = {isa = PBXNativeTarget; buildPhases = ( S1, ); name = App; };
            };
            rootObject = P1 /* Project object */;
        }
        """

    /// Xcode 16: the folder `App` is synchronized with the disk, with an exception set.
    static let synchronizedProjectFile = """
        // !$*UTF8*$!
        {
            objects = {
                E1 /* Exceptions for "App" folder in "App" target */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ( Info.plist, ); target = T1; };
                R1 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = ( E1, ); path = App; sourceTree = "<group>"; };
                G0 = {isa = PBXGroup; children = ( R1, ); sourceTree = "<group>"; };
                P1 = {isa = PBXProject; mainGroup = G0; targets = ( T1, ); };
                T1 = {isa = PBXNativeTarget; fileSystemSynchronizedGroups = ( R1, ); name = App; };
            };
            rootObject = P1;
        }
        """

    /// The paths (relative to `folder`) that `ProjectInputs.complete` leaves out of `lint .`.
    static func leftOut(in folder: TemporaryFolder, skipping: Bool = true) throws -> [String] {
        let discovery = FileDiscovery(configuration: Configuration(rootDirectory: folder.path), currentDirectory: folder.path)
        let given = try discovery.discover(["."]).inputs
        let projects = ProjectInputs.complete(given, discovery: discovery, jobs: 1, skippingUncompiled: skipping)
        #expect(Set(projects.inputs.map(\.path)).isDisjoint(with: projects.uncompiled.map(\.path)))
        #expect(projects.inputs.count + projects.uncompiled.count == given.count)
        return projects.uncompiled.map(\.path).sorted()
    }

    @Test func projectFileTellsWhichFilesTargetsBuild() throws {
        let files = try #require(XcodeProjectFiles(projectFile: Self.projectFile, projectFolder: "/p"))
        #expect(files.builds("/p/App/ContentView.swift"))
        #expect(files.builds("/p/app/contentview.swift"))  // the Mac's file system ignores case
        #expect(files.builds("/p/Shared.swift"))
        #expect(!files.builds("/p/App/Old/OldView.swift"))  // referenced, in no target
        #expect(!files.builds("/p/App/Old/ContentView.swift"))  // a copy of a built file's name elsewhere
        #expect(!files.builds("/p/Stale.swift"))  // not referenced at all
        // A file whose folder a build setting decides: its name anywhere counts.
        #expect(files.builds("/p/Somewhere/Generated.swift"))
    }

    @Test func synchronizedFoldersAreBuiltWhole() throws {
        let files = try #require(XcodeProjectFiles(projectFile: Self.synchronizedProjectFile, projectFolder: "/p"))
        #expect(files.builds("/p/App/ContentView.swift"))
        #expect(files.builds("/p/App/Deep/Nested/Model.swift"))
        #expect(!files.builds("/p/Scripts/Tool.swift"))
        #expect(!files.builds("/p/AppExtras/Tool.swift"))
    }

    @Test func textThatIsNoProjectFileDecidesNothing() {
        #expect(XcodeProjectFiles(projectFile: "{}", projectFolder: "/p") == nil)
        #expect(XcodeProjectFiles(projectFile: "{ objects = { A = {isa = PBXGroup; ", projectFolder: "/p") == nil)
    }

    @Test func unreferencedFilesOfAnXcodeProjectAreLeftOut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App.xcodeproj/project.pbxproj", Self.projectFile)
        for path in ["App/ContentView.swift", "App/Old/OldView.swift", "Shared.swift", "Stale.swift"] {
            try folder.write(path, "struct S {}\n")
        }
        #expect(try Self.leftOut(in: folder) == ["App/Old/OldView.swift", "Stale.swift"])
        #expect(try Self.leftOut(in: folder, skipping: false) == [])
    }

    @Test func aProjectNoneOfWhoseBuiltFilesExistsDecidesNothing() throws {
        // The sources moved to `Sources/` after the project was saved: it names
        // `App/ContentView.swift` and `Shared.swift`, neither on disk.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App.xcodeproj/project.pbxproj", Self.projectFile)
        try folder.write("Sources/ContentView.swift", "struct S {}\n")
        #expect(try Self.leftOut(in: folder) == [])
        // One named file on disk: the project describes the folder again.
        try folder.write("Shared.swift", "struct H {}\n")
        #expect(try Self.leftOut(in: folder) == ["Sources/ContentView.swift"])
    }

    @Test func synchronizedFolderFilesAreKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App.xcodeproj/project.pbxproj", Self.synchronizedProjectFile)
        try folder.write("App/Views/ContentView.swift", "struct S {}\n")
        try folder.write("Scripts/Tool.swift", "struct T {}\n")
        #expect(try Self.leftOut(in: folder) == ["Scripts/Tool.swift"])
    }

    @Test func packagesBesideAnXcodeProjectAreCompiledBySwiftPM() throws {
        // A local package in the project's folder is a project of its own; a Package.swift
        // next to the Xcode project may compile any file below it: nothing is left out.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App/App.xcodeproj/project.pbxproj", Self.projectFile)
        try folder.write("App/App/ContentView.swift", "struct S {}\n")
        try folder.write("App/Packages/Kit/Package.swift", "")
        try folder.write("App/Packages/Kit/Sources/Kit/Kit.swift", "public struct K {}\n")
        #expect(try Self.leftOut(in: folder) == [])
        try folder.write("Both/Both.xcodeproj/project.pbxproj", Self.projectFile)
        try folder.write("Both/Package.swift", "")
        try folder.write("Both/Sources/Both/Both.swift", "struct B {}\n")
        #expect(try Self.leftOut(in: folder) == [])
    }

    @Test func withoutAnXcodeProjectNothingIsLeftOut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // An XcodeGen project: its Xcode project is generated (and may be stale).
        try folder.write("Gen/project.yml", "name: Gen\n")
        try folder.write("Gen/Gen.xcodeproj/project.pbxproj", Self.projectFile)
        try folder.write("Gen/Sources/View.swift", "struct V {}\n")
        // Plain folders, and a file outside the Xcode project's folder.
        try folder.write("Loose/A.swift", "struct A {}\n")
        try folder.write("App/App.xcodeproj/project.pbxproj", Self.projectFile)
        try folder.write("App/App/ContentView.swift", "struct S {}\n")
        try folder.write("Shared/Helper.swift", "struct H {}\n")
        #expect(try Self.leftOut(in: folder) == [])
    }

    @Test func aProjectAboveCountsForANestedProjectsFiles() throws {
        // The outer project builds `Inner/Extra.swift`; the inner one does not.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outer = Self.projectFile.replacingOccurrences(of: #"path = "Shared.swift""#, with: "path = Inner/Extra.swift")
        try folder.write("Outer.xcodeproj/project.pbxproj", outer)
        try folder.write("Inner/Inner.xcodeproj/project.pbxproj", Self.projectFile)
        try folder.write("Inner/Extra.swift", "struct E {}\n")
        try folder.write("Inner/Shared.swift", "struct H {}\n")
        try folder.write("Inner/Stale.swift", "struct S {}\n")
        #expect(try Self.leftOut(in: folder) == ["Inner/Stale.swift"])
    }

    @Test func aNestedProjectCountsForTheFilesItNamesUpItsFolders() throws {
        // `App/App.xcodeproj` builds `../Shared/Helper.swift`, which lies in the folder of
        // `Demo.xcodeproj` (its nearest root); Demo does not build it.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = Self.projectFile.replacingOccurrences(of: #"path = "Shared.swift""#, with: "path = ../Shared/Helper.swift")
        try folder.write("Demo.xcodeproj/project.pbxproj", Self.projectFile)
        try folder.write("App/App.xcodeproj/project.pbxproj", app)
        try folder.write("App/App/ContentView.swift", "struct C {}\n")
        try folder.write("Shared/Helper.swift", "struct H {}\n")
        try folder.write("Shared/Stale.swift", "struct S {}\n")
        try folder.write("Shared.swift", "struct D {}\n")
        #expect(try Self.leftOut(in: folder) == ["Shared/Stale.swift"])
    }
}
