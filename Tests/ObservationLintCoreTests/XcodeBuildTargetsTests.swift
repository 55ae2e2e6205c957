import Foundation
@testable import ObservationLintCore
import ObservationSyntax
import Testing

/// The Xcode targets that compile each file (`XcodeBuildTargets`), read from `project.pbxproj`
/// texts, and what the index makes of them: test code (`neverRunsInApp`) and platforms.
@Suite struct XcodeBuildTargetsTests {
    /// Xcode 16: `App` is synchronized into the app (iOS); its exception set for the app takes
    /// `Support/SampleStore.swift` and the folder `Fakes` out of it, and the unit test bundle's
    /// exception set (the bundle does not have the folder) puts `Support/SampleStore.swift` in.
    static let synchronized = """
        // !$*UTF8*$!
        {
            objects = {
                E1 /* Exceptions for "App" folder in "App" target */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ( Support/SampleStore.swift, Fakes, Info.plist, ); target = T1; };
                E2 /* Exceptions for "App" folder in "AppTests" target */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ( Support/SampleStore.swift, ); target = T2; };
                R1 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = ( E1, E2, ); path = App; sourceTree = "<group>"; };
                R2 /* AppTests */ = {isa = PBXFileSystemSynchronizedRootGroup; path = AppTests; sourceTree = "<group>"; };
                G0 = {isa = PBXGroup; children = ( R1, R2, ); sourceTree = "<group>"; };
                P1 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = ( T1, T2, ); };
                L0 = {isa = XCConfigurationList; buildConfigurations = ( C0, ); };
                C0 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Debug; };
                L1 = {isa = XCConfigurationList; buildConfigurations = ( C1, ); };
                C1 = {isa = XCBuildConfiguration; buildSettings = { PRODUCT_NAME = App; }; name = Debug; };
                T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; fileSystemSynchronizedGroups = ( R1, ); name = App; productType = "com.apple.product-type.application"; };
                T2 = {isa = PBXNativeTarget; buildConfigurationList = L1; fileSystemSynchronizedGroups = ( R2, ); name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
            };
            rootObject = P1;
        }
        """

    /// Classic groups and build phases: `ContentView.swift` in the Mac app, `MockStore.swift`
    /// in the UI test bundle only, `Shared.swift` in both; the project sets `SDKROOT = macosx`.
    static let classic = """
        {
            objects = {
                B1 = {isa = PBXBuildFile; fileRef = F1; };
                B2 = {isa = PBXBuildFile; fileRef = F2; };
                B3 = {isa = PBXBuildFile; fileRef = F3; };
                B4 = {isa = PBXBuildFile; fileRef = F3; };
                F1 = {isa = PBXFileReference; path = ContentView.swift; sourceTree = "<group>"; };
                F2 = {isa = PBXFileReference; path = MockStore.swift; sourceTree = "<group>"; };
                F3 = {isa = PBXFileReference; path = Shared.swift; sourceTree = "<group>"; };
                G0 = {isa = PBXGroup; children = ( G1, G2, F3, ); sourceTree = "<group>"; };
                G1 = {isa = PBXGroup; children = ( F1, ); path = Mac; sourceTree = "<group>"; };
                G2 = {isa = PBXGroup; children = ( F2, ); path = MacUITests; sourceTree = "<group>"; };
                P1 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = ( T1, T2, ); };
                L0 = {isa = XCConfigurationList; buildConfigurations = ( C0, C1, ); };
                C0 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = macosx; }; name = Debug; };
                C1 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = macosx; }; name = Release; };
                S1 = {isa = PBXSourcesBuildPhase; files = ( B1, B3, ); };
                S2 = {isa = PBXSourcesBuildPhase; files = ( B2, B4, ); };
                T1 = {isa = PBXNativeTarget; buildPhases = ( S1, ); name = MacApp; productType = "com.apple.product-type.application"; };
                T2 = {isa = PBXNativeTarget; buildPhases = ( S2, ); name = MacUITests; productType = "com.apple.product-type.bundle.ui-testing"; };
            };
        }
        """

    /// Targets whose platforms come from `SUPPORTED_PLATFORMS`, from `SDKROOT` per
    /// configuration, or are not known (`auto` alone, a variable).
    static func platformsProject(_ settings: [String]) -> String {
        var objects = ""
        var targets: [String] = []
        for (number, setting) in settings.enumerated() {
            objects += """
                L\(number) = {isa = XCConfigurationList; buildConfigurations = ( C\(number), ); };
                C\(number) = {isa = XCBuildConfiguration; buildSettings = { \(setting) }; name = Debug; };
                R\(number) = {isa = PBXFileSystemSynchronizedRootGroup; path = T\(number); sourceTree = "<group>"; };
                T\(number) = {isa = PBXNativeTarget; buildConfigurationList = L\(number); fileSystemSynchronizedGroups = ( R\(number), ); name = T\(number); productType = "com.apple.product-type.app-extension"; };

                """
            targets.append("T\(number)")
        }
        return "{ objects = { \(objects) P1 = {isa = PBXProject; mainGroup = G0; targets = ( \(targets.joined(separator: ", ")) ); }; }; }"
    }

    @Test func synchronizedFoldersWithExceptions() throws {
        let project = XcodeBuildTargets(projectFile: Self.synchronized, projectFolder: "/p")
        #expect(project.unreadProjects.isEmpty)
        #expect(project.targets.map(\.name) == ["App", "AppTests"])
        #expect(project.targets.map(\.kind) == [.app, .unitTests])
        let view = try #require(project.targets(compiling: "/p/App/Views/ContentView.swift"))
        #expect(view.targets.map(\.name) == ["App"])
        #expect(!view.isTestCodeOnly)
        #expect(view.platforms == .iOS)  // the project's SDKROOT, the target's own settings silent
        let test = try #require(project.targets(compiling: "/p/App/Support/SampleStore.swift"))
        #expect(test.targets.map(\.name) == ["AppTests"])
        #expect(test.isTestCodeOnly)
        #expect(project.targets(compiling: "/p/AppTests/More.swift")?.isTestCodeOnly == true)
        // Taken out of the app by a folder exception, into no other target: not known.
        #expect(project.targets(compiling: "/p/App/Fakes/FakeStore.swift") == nil)
        #expect(project.targets(compiling: "/p/App/FakesAndMore.swift")?.targets.map(\.name) == ["App"])
        #expect(project.targets(compiling: "/p/Elsewhere/Tool.swift") == nil)
    }

    @Test func classicBuildPhases() throws {
        let project = XcodeBuildTargets(projectFile: Self.classic, projectFolder: "/p")
        #expect(project.targets.map(\.kind) == [.app, .uiTests])
        let view = try #require(project.targets(compiling: "/p/Mac/ContentView.swift"))
        #expect(view.targets.map(\.name) == ["MacApp"])
        #expect(view.platforms == .macOS)
        #expect(project.targets(compiling: "/p/MacUITests/MockStore.swift")?.isTestCodeOnly == true)
        let shared = try #require(project.targets(compiling: "/p/Shared.swift"))
        #expect(shared.targets.map(\.name) == ["MacApp", "MacUITests"])
        #expect(!shared.isTestCodeOnly)
        #expect(project.targets(compiling: "/p/Mac/Unlisted.swift") == nil)
    }

    @Test func platformsOfMultiplatformTargets() {
        let project = XcodeBuildTargets(
            projectFile: Self.platformsProject([
                #"SUPPORTED_PLATFORMS = "iphoneos iphonesimulator macosx xros xrsimulator"; SDKROOT = auto;"#,
                "SDKROOT = appletvos;",
                "SDKROOT = auto;",
                "SDKROOT = \"$(PLATFORM)\";",
                "PRODUCT_NAME = Widget;",
            ]), projectFolder: "/p")
        #expect(project.unreadProjects.isEmpty)
        #expect(project.targets.map(\.platforms) == [[.iOS, .macOS, .visionOS], .tvOS, .all, .all, .all])
        #expect(project.targets.allSatisfy { $0.kind == .appExtension })
        #expect(project.targets(compiling: "/p/T1/TVView.swift")?.platforms == .tvOS)
        #expect(project.targets.first?.platformNames == "iOS, macOS, visionOS")
    }

    @Test func unreadableProjectFileIsReportedAndKnowsNothing() {
        let project = XcodeBuildTargets(projectFile: "{ objects = { T1 = {isa = PBXNativeTarget; name = App", projectFolder: "/p")
        #expect(project.unreadProjects == ["/p"])
        #expect(project.targets.isEmpty)
        #expect(project.targets(compiling: "/p/App/ContentView.swift") == nil)
    }

    /// The index: a file only test bundles compile never runs in the app; a file no project
    /// lists keeps what its folders and imports say.
    @Test func testBundlesOnlyMakeTestCode() {
        let project = XcodeBuildTargets(projectFile: Self.synchronized, projectFolder: "/p")
        let paths = ["/p/App/ContentView.swift", "/p/App/Support/SampleStore.swift", "/p/Other/Helper.swift"]
        let files = paths.map { ParsedFile(path: $0, bytes: Array("struct A {}".utf8)) }
        let index = ProjectIndex(files: files, buildTargets: paths.map { project.targets(compiling: $0) }, jobs: 1)
        #expect(paths.indices.map(index.neverRunsInApp(file:)) == [false, true, false])
    }

    /// A path from a scene root runs on one platform: a root in a file only the Mac app
    /// compiles does not reach a view in a file only the iOS app compiles.
    @Test func targetPlatformsNarrowEnvironmentPaths() {
        let sources = [
            "/p/Mac/MacApp.swift": """
                struct MacApp: App { var body: some Scene { WindowGroup { Shell() } } }
                """,
            "/p/Phone/PhoneApp.swift": """
                struct PhoneApp: App { var body: some Scene { WindowGroup { Shell().environmentObject(Store()) } } }
                """,
            "/p/Shared/Shell.swift": """
                final class Store: ObservableObject { @Published var count = 0 }
                struct Shell: View { var body: some View { Player() } }
                """,
            "/p/Phone/Player.swift": """
                struct Player: View {
                    @EnvironmentObject var store: Store
                    var body: some View { Text("\\(store.count)") }
                }
                """,
        ]
        let project = """
            {
                objects = {
                    R1 = {isa = PBXFileSystemSynchronizedRootGroup; path = Mac; sourceTree = "<group>"; };
                    R2 = {isa = PBXFileSystemSynchronizedRootGroup; path = Phone; sourceTree = "<group>"; };
                    R3 = {isa = PBXFileSystemSynchronizedRootGroup; path = Shared; sourceTree = "<group>"; };
                    L1 = {isa = XCConfigurationList; buildConfigurations = ( C1, ); };
                    C1 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = macosx; }; name = Debug; };
                    L2 = {isa = XCConfigurationList; buildConfigurations = ( C2, ); };
                    C2 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Debug; };
                    T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; fileSystemSynchronizedGroups = ( R1, R3, ); name = Mac; productType = "com.apple.product-type.application"; };
                    T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; fileSystemSynchronizedGroups = ( R2, R3, ); name = Phone; productType = "com.apple.product-type.application"; };
                    P1 = {isa = PBXProject; targets = ( T1, T2, ); };
                };
            }
            """
        let paths = sources.keys.sorted()
        let files = paths.map { ParsedFile(path: $0, bytes: Array(sources[$0]!.utf8)) }
        func path(_ buildTargets: [FileBuildTargets?]) -> [String]? {
            let index = ProjectIndex(files: files, buildTargets: buildTargets, jobs: 1)
            let providers = index.environmentInjections(mayProvide: "Store")
            let player = paths.firstIndex(of: "/p/Phone/Player.swift")!
            let reader = index.files[player].tokens.indices.first { index.files[player].text($0) == "store" }!
            return index.uninjectedPath(to: "Player", providers: providers, readerAt: TokenLocation(file: player, token: reader))
                .map { path in path.map { $0.enclosingType ?? "?" } }
        }
        // Not known where the files are compiled: the Mac app's scene may show `Player`
        // (the sites of the path, in `MacApp` and in `Shell`).
        #expect(path(Array(repeating: nil, count: files.count)) == ["MacApp", "Shell"])
        let targets = XcodeBuildTargets(projectFile: project, projectFolder: "/p")
        #expect(path(paths.map { targets.targets(compiling: $0) }) == nil)
    }

    /// Two `@main` apps are two modules (one entry point per module): when no target is known
    /// for their files, each app's scenes are walked apart. `Counter` is shown by the phone
    /// app with its store; the watch app's `ContentView()` names a view the folder does not
    /// hold, and reaches the phone's only because the two are read as one. `Summary` is
    /// declared by each app: which one a site builds is not known.
    @Test func severalAppsOfUnknownTargetsAreWalkedApart() {
        let sources = [
            "/p/Phone/PhoneApp.swift": """
                final class Store: ObservableObject { @Published var count = 0 }
                @main struct PhoneApp: App {
                    @StateObject private var store = Store()
                    var body: some Scene { WindowGroup { ContentView().environmentObject(store) } }
                }
                struct ContentView: View { var body: some View { VStack { Counter(); Summary() } } }
                struct Counter: View {
                    @EnvironmentObject var store: Store
                    var body: some View { Text("\\(store.count)") }
                }
                struct Summary: View {
                    @EnvironmentObject var store: Store
                    var body: some View { Text("\\(store.count)") }
                }
                """,
            "/p/Watch/WatchApp.swift": """
                @main struct WatchApp: App {
                    var body: some Scene { WindowGroup { ContentView() } }
                }
                struct Summary: View { var body: some View { Text("Watch") } }
                """,
        ]
        let paths = sources.keys.sorted()
        let files = paths.map { ParsedFile(path: $0, bytes: Array(sources[$0]!.utf8)) }
        let index = ProjectIndex(files: files, jobs: 1)
        #expect(index.mergedApps == ["PhoneApp", "WatchApp"])
        let providers = index.environmentInjections(mayProvide: "Store")
        #expect(index.uninjectedPath(to: "Counter", providers: providers) == nil)
        #expect(index.uninjectedPath(to: "Summary", providers: providers) == nil)
        // Each app, walked alone, reaches `Counter`: the phone with the store, the watch without.
        let phoneOnly = ProjectIndex(files: [files[0]], jobs: 1)
        #expect(phoneOnly.mergedApps.isEmpty)
        #expect(phoneOnly.uninjectedPath(to: "Counter", providers: phoneOnly.environmentInjections(mayProvide: "Store")) == nil)
        let unprovided = index.uninjectedPath(to: "Counter", providers: [])
        #expect(unprovided.map { path in path.map { $0.enclosingType ?? "?" } } == ["PhoneApp", "ContentView"])
        // Known targets tell the apps apart: nothing is merged.
        let known = ProjectIndex(files: files, buildTargets: files.map { _ in FileBuildTargets(targets: []) }, jobs: 1)
        #expect(known.mergedApps.isEmpty)
        // So do the folders of a package's targets (`Sources/Phone/`, `Sources/Watch/`).
        let inPackage = ProjectIndex(files: files, packageTargets: ["/p/Sources/Phone", "/p/Sources/Watch"], jobs: 1)
        #expect(inPackage.mergedApps.isEmpty)
        let oneUnknown = ProjectIndex(files: files, packageTargets: ["/p/Sources/Phone", nil], jobs: 1)
        #expect(oneUnknown.mergedApps == ["PhoneApp", "WatchApp"])
    }
}
