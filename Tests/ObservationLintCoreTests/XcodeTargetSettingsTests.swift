import Foundation
@testable import ObservationLintCore
import ObservationSyntax
import Testing

/// `NonisolatedNonsendingByDefault` and `MainActor` default isolation per Xcode target (SPEC
/// §10.2): one target's `SWIFT_APPROACHABLE_CONCURRENCY = YES` or
/// `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` does not change where another target's code runs.
@Suite struct XcodeTargetSettingsTests {
    /// Target `Kit` (folder `Kit`, classic sources phase) turns the feature on; the app
    /// (synchronized folder `App`) does not, but its folder's exception set adds
    /// `App/Shared.swift` to `Kit`; `Extension` turns it on through `OTHER_SWIFT_FLAGS` at
    /// the project level of its configuration only when `projectLevel` is set.
    static func projectFile(projectLevel: Bool = false, appBasedOnFile: Bool = false) -> String {
        """
        // !$*UTF8*$!
        {
            objects = {
                B1 = {isa = PBXBuildFile; fileRef = F1; };
                F1 = {isa = PBXFileReference; path = Kit.swift; sourceTree = "<group>"; };
                G0 = {isa = PBXGroup; children = ( R1, G1, ); sourceTree = "<group>"; };
                G1 = {isa = PBXGroup; children = ( F1, ); path = Kit; sourceTree = "<group>"; };
                E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ( Shared.swift, ); target = T2; };
                R1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = ( E1, ); path = App; sourceTree = "<group>"; };
                P1 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = ( T1, T2, ); };
                L0 = {isa = XCConfigurationList; buildConfigurations = ( C0, ); };
                C0 = {isa = XCBuildConfiguration; buildSettings = { \(projectLevel ? "OTHER_SWIFT_FLAGS = \"-enable-upcoming-feature NonisolatedNonsendingByDefault\";" : "SWIFT_VERSION = 5.0;") }; name = Debug; };
                T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; fileSystemSynchronizedGroups = ( R1, ); name = App; };
                L1 = {isa = XCConfigurationList; buildConfigurations = ( C1, C2, ); };
                C1 = {isa = XCBuildConfiguration; \(appBasedOnFile ? "baseConfigurationReference = F9;" : "") buildSettings = { SWIFT_APPROACHABLE_CONCURRENCY = NO; }; name = Debug; };
                C2 = {isa = XCBuildConfiguration; buildSettings = { SWIFT_VERSION = 5.0; }; name = Release; };
                T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = ( S2, ); name = Kit; };
                S2 = {isa = PBXSourcesBuildPhase; files = ( B1, ); };
                L2 = {isa = XCConfigurationList; buildConfigurations = ( C3, C4, ); };
                C3 = {isa = XCBuildConfiguration; buildSettings = { SWIFT_VERSION = 5.0; }; name = Debug; };
                C4 = {isa = XCBuildConfiguration; buildSettings = { SWIFT_APPROACHABLE_CONCURRENCY = YES; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; }; name = Release; };
            };
            rootObject = P1;
        }
        """
    }

    @Test func eachTargetDecidesForTheFilesItBuilds() throws {
        let features = try #require(XcodeTargetSettings(projectFile: Self.projectFile(), projectFolder: "/p", setting: .nonisolatedNonsending, xcconfigTurnsOn: false))
        #expect(features.compilesWithSettingOff("/p/App/Models/Model.swift"))
        // Turned on in one configuration of the target that builds it: maybe on.
        #expect(!features.compilesWithSettingOff("/p/Kit/Kit.swift"))
        // Built by both targets (an exception adds it to `Kit`): maybe on.
        #expect(!features.compilesWithSettingOff("/p/App/Shared.swift"))
        // Built by no target: not known.
        #expect(!features.compilesWithSettingOff("/p/Tools/Tool.swift"))
    }

    @Test func projectLevelSettingsAndBaseFilesMayTurnItOnEverywhere() throws {
        let projectLevel = try #require(
            XcodeTargetSettings(
                projectFile: Self.projectFile(projectLevel: true), projectFolder: "/p", setting: .nonisolatedNonsending, xcconfigTurnsOn: false))
        #expect(!projectLevel.compilesWithSettingOff("/p/App/Models/Model.swift"))
        let based = try #require(
            XcodeTargetSettings(
                projectFile: Self.projectFile(appBasedOnFile: true), projectFolder: "/p", setting: .nonisolatedNonsending, xcconfigTurnsOn: true))
        #expect(!based.compilesWithSettingOff("/p/App/Models/Model.swift"))
        let unused = try #require(
            XcodeTargetSettings(
                projectFile: Self.projectFile(appBasedOnFile: true), projectFolder: "/p", setting: .nonisolatedNonsending, xcconfigTurnsOn: false))
        #expect(unused.compilesWithSettingOff("/p/App/Models/Model.swift"))
    }

    @Test func mainActorDefaultIsolationPerTarget() throws {
        let targets = try #require(
            XcodeTargetSettings(projectFile: Self.projectFile(), projectFolder: "/p", setting: .mainActorDefault, xcconfigTurnsOn: false))
        #expect(targets.compilesWithSettingOff("/p/App/Models/Model.swift"))
        #expect(!targets.compilesWithSettingOff("/p/Kit/Kit.swift"))
        #expect(!targets.compilesWithSettingOff("/p/App/Shared.swift"))
        let explicit = Self.projectFile().replacingOccurrences(
            of: "SWIFT_APPROACHABLE_CONCURRENCY = NO;", with: "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;")
        let main = try #require(XcodeTargetSettings(projectFile: explicit, projectFolder: "/p", setting: .mainActorDefault, xcconfigTurnsOn: false))
        #expect(!main.compilesWithSettingOff("/p/App/Models/Model.swift"))
    }

    @Test func filesOfAProjectFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App.xcodeproj/project.pbxproj", Self.projectFile())
        let paths = ["App/Model.swift", "Kit/Kit.swift", "App/Shared.swift"].map { folder.url($0) }
        #expect(TargetIsolationSetting.nonisolatedNonsending.filesCompiledWithout(paths, inDirectory: folder.path) == [0])
        // The text scan still sees the feature turned on somewhere in the project.
        #expect(UpcomingFeatures.enablesNonisolatedNonsending(inDirectory: folder.path))
        // A manifest that may compile or remake the targets: nothing is known per target.
        try folder.write("project.yml", "name: App\n")
        #expect(TargetIsolationSetting.nonisolatedNonsending.filesCompiledWithout(paths, inDirectory: folder.path).isEmpty)
    }

    @Test func aTypeOfAFileLeftWithoutMainActorDefaultHasNoActor() {
        let source = "final class Feed { func reload() { Task { HERE() } } }"
        func isolation(without: Set<Int>) -> Isolation {
            let index = ProjectIndex(
                files: [ParsedFile(path: "Feed.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: true,
                filesCompiledWithoutMainActorDefault: without)
            let file = index.files[0]
            let token = file.tokens.indices.first { file.text($0) == "HERE" }!
            return index.executionContext(at: TokenLocation(file: 0, token: token)).isolation
        }
        #expect(isolation(without: []) == .mainActor)
        #expect(isolation(without: [0]) == .offMain)
    }

    @Test func aNonisolatedAsyncMethodOfAFileLeftWithoutTheFeatureRunsOnTheGlobalExecutor() {
        let source = """
            final class Inbox {
                var messages: [String] = []
                func refresh() async { HERE = [] }
            }
            """
        func isolation(without: Set<Int>) -> Isolation {
            let index = ProjectIndex(
                files: [ParsedFile(path: "Inbox.swift", bytes: Array(source.utf8))], nonisolatedNonsendingByDefault: true,
                filesCompiledWithoutNonsending: without)
            let file = index.files[0]
            let token = file.tokens.indices.first { file.text($0) == "HERE" }!
            return index.executionContext(at: TokenLocation(file: 0, token: token)).isolation
        }
        #expect(isolation(without: []) == .unknown)
        #expect(isolation(without: [0]) == .offMain)
    }
}
