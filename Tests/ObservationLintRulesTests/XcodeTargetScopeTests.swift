import Foundation
import ObservationLintCore
import ObservationLintRules
import XCTest

/// What the Xcode targets that compile a file change in a run (read with the project's build
/// settings): a Mac app's scene does not reach a view only the iOS app compiles, and a file
/// only a unit test bundle compiles is test code, not reported by default.
final class XcodeTargetScopeTests: XCTestCase {
    static let projectFile = """
        // !$*UTF8*$!
        {
            objects = {
                E1 /* Exceptions for "Phone" folder in "Phone" target */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ( Support, ); target = T2; };
                E2 /* Exceptions for "Phone" folder in "PhoneTests" target */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ( Support/PreviewHost.swift, ); target = T3; };
                R1 = {isa = PBXFileSystemSynchronizedRootGroup; path = Mac; sourceTree = "<group>"; };
                R2 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = ( E1, E2, ); path = Phone; sourceTree = "<group>"; };
                R3 = {isa = PBXFileSystemSynchronizedRootGroup; path = Shared; sourceTree = "<group>"; };
                G0 = {isa = PBXGroup; children = ( R1, R2, R3, ); sourceTree = "<group>"; };
                L1 = {isa = XCConfigurationList; buildConfigurations = ( C1, ); };
                C1 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = macosx; }; name = Debug; };
                L2 = {isa = XCConfigurationList; buildConfigurations = ( C2, ); };
                C2 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Debug; };
                T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; fileSystemSynchronizedGroups = ( R1, R3, ); name = Mac; productType = "com.apple.product-type.application"; };
                T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; fileSystemSynchronizedGroups = ( R2, R3, ); name = Phone; productType = "com.apple.product-type.application"; };
                T3 = {isa = PBXNativeTarget; buildConfigurationList = L2; name = PhoneTests; productType = "com.apple.product-type.bundle.unit-test"; };
                P1 = {isa = PBXProject; mainGroup = G0; targets = ( T1, T2, T3, ); };
            };
            rootObject = P1;
        }
        """

    static let sources = [
        "Mac/MacJournalApp.swift": """
            import SwiftUI
            @main struct MacJournalApp: App { var body: some Scene { WindowGroup { Shell() } } }
            """,
        "Phone/PhoneJournalApp.swift": """
            import SwiftUI
            struct PhoneJournalApp: App {
                @StateObject private var store = Store()
                var body: some Scene { WindowGroup { Shell().environmentObject(store) } }
            }
            """,
        "Shared/Shell.swift": """
            import SwiftUI
            final class Store: ObservableObject { @Published var count = 0 }
            struct Shell: View {
                var body: some View {
                    #if os(iOS)
                    Player()
                    #else
                    Text("Mac")
                    #endif
                }
            }
            """,
        "Phone/Player.swift": """
            import SwiftUI
            struct Player: View {
                @EnvironmentObject var store: Store
                var body: some View { Button("\\(store.count)") { store.count += 1 } }
            }
            """,
        "Phone/Support/PreviewHost.swift": """
            import SwiftUI
            final class PreviewStore: ObservableObject { @Published var count = 0 }
            struct PreviewHost: View {
                @StateObject private var store = PreviewStore()
                var body: some View { Button("\\(store.count)") { store.count += 1 } }
            }
            """,
    ]

    /// `projectFile`: written as `Journal.xcodeproj`'s, if any; `manifest`: `Package.swift`'s, if any.
    private func lint(
        readingProject: Bool, projectFile: String? = XcodeTargetScopeTests.projectFile, manifest: String? = nil,
        sources: [String: String] = XcodeTargetScopeTests.sources
    ) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-targets-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let projectFile {
            try FileManager.default.createDirectory(atPath: folder + "/Journal.xcodeproj", withIntermediateDirectories: true)
            try projectFile.write(toFile: folder + "/Journal.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        }
        if let manifest {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try manifest.write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        }
        var inputs: [SourceInput] = []
        for (path, text) in sources.sorted(by: { $0.key < $1.key }) {
            let absolute = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: absolute, atomically: true, encoding: .utf8)
            inputs.append(SourceInput(path: absolute, bytes: Array(text.utf8)))
        }
        let layout = ProjectLayout(absolutePaths: inputs.map(\.path))
        let report = LintEngine.lint(
            inputs, options: LintOptions(rules: RuleRegistry.all, jobs: 1, layout: layout, readsProjectBuildSettings: readingProject))
        return report.diagnostics.map { "\($0.range.file.dropFirst(folder.count + 1)):\($0.range.start.line): \($0.ruleID)" }
    }

    func testTargetsNarrowPlatformsAndMakeTestCode() throws {
        // Not known where the files are compiled: the Mac app's scene may show `Player`
        // without a `Store`, and `PreviewHost` may be app code.
        let unknown = try lint(readingProject: false)
        XCTAssertTrue(unknown.contains("Phone/Player.swift:3: environment_object_not_injected"), "\(unknown)")
        XCTAssertTrue(unknown.contains { $0.hasPrefix("Phone/Support/PreviewHost.swift:") }, "\(unknown)")
        let known = try lint(readingProject: true)
        XCTAssertFalse(known.contains { $0.hasPrefix("Phone/Player.swift:") }, "\(known)")
        XCTAssertFalse(known.contains { $0.hasPrefix("Phone/Support/PreviewHost.swift:") }, "\(known)")
    }

    /// A project whose build files all moved since it was saved (it names `App/*.swift`,
    /// the sources are in `Phone/` and `Watch/`) says nothing of what is compiled: every file
    /// is linted, and the watch model's write in a `URLSession` callback is reported. The
    /// two `@main` apps are two modules read as one: the watch app's `ContentView()` (its
    /// own file is not in the folder) does not show the phone's views without their store,
    /// and each app's `Summary` is its own.
    func testAStaleProjectWithTwoAppsLintsBothWithoutMixingTheirViews() throws {
        let stale = """
            // !$*UTF8*$!
            {
                objects = {
                    F1 = {isa = PBXFileReference; path = PhoneApp.swift; sourceTree = "<group>"; };
                    F2 = {isa = PBXFileReference; path = WatchApp.swift; sourceTree = "<group>"; };
                    B1 = {isa = PBXBuildFile; fileRef = F1; };
                    B2 = {isa = PBXBuildFile; fileRef = F2; };
                    G1 = {isa = PBXGroup; children = ( F1, F2, ); path = App; sourceTree = "<group>"; };
                    G0 = {isa = PBXGroup; children = ( G1, ); sourceTree = "<group>"; };
                    S1 = {isa = PBXSourcesBuildPhase; files = ( B1, ); };
                    S2 = {isa = PBXSourcesBuildPhase; files = ( B2, ); };
                    T1 = {isa = PBXNativeTarget; buildPhases = ( S1, ); name = Phone; productType = "com.apple.product-type.application"; };
                    T2 = {isa = PBXNativeTarget; buildPhases = ( S2, ); name = Watch; productType = "com.apple.product-type.application"; };
                    P1 = {isa = PBXProject; mainGroup = G0; targets = ( T1, T2, ); };
                };
                rootObject = P1;
            }
            """
        let sources = [
            "Phone/PhoneApp.swift": """
                import SwiftUI
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
            "Watch/WatchApp.swift": """
                import SwiftUI
                final class Workout: ObservableObject {
                    @Published var heartRate = 0
                    func load(_ url: URL) {
                        URLSession.shared.dataTask(with: url) { data, _, _ in self.heartRate = data?.count ?? 0 }.resume()
                    }
                }
                @main struct WatchApp: App {
                    @StateObject private var workout = Workout()
                    var body: some Scene {
                        WindowGroup { ContentView().environmentObject(workout).task { workout.load(URL(string: "https://example.com")!) } }
                    }
                }
                struct Summary: View {
                    @EnvironmentObject var workout: Workout
                    var body: some View { Text("\\(workout.heartRate)") }
                }
                """,
        ]
        let found = try lint(readingProject: true, projectFile: stale, sources: sources)
        XCTAssertTrue(found.contains("Watch/WatchApp.swift:5: published_mutated_off_main"), "\(found)")
        XCTAssertFalse(found.contains { $0.hasSuffix("environment_object_not_injected") }, "\(found)")
    }

    /// A package's executable targets are two modules SwiftPM tells apart by their folders
    /// (`Sources/<target>/`): each has its `@main` app and its own `About`, and both show the
    /// shared library's `Counter`. The demo app shows it without the `Store` the phone app
    /// injects: that is a crash, reported. Without the manifest nothing says which files
    /// are compiled together, so the apps are walked apart and nothing is claimed.
    func testTheExecutableTargetsOfAPackageAreTwoModules() throws {
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Counters",
                targets: [
                    .target(name: "Shared"),
                    .executableTarget(name: "Phone", dependencies: ["Shared"]),
                    .executableTarget(name: "Demo", dependencies: ["Shared"]),
                ]
            )
            """
        let sources = [
            "Sources/Shared/Counter.swift": """
                import SwiftUI
                @MainActor public final class Store: ObservableObject {
                    @Published public var count = 0
                    public init() {}
                }
                public struct Counter: View {
                    @EnvironmentObject var store: Store
                    public init() {}
                    public var body: some View { Text("\\(store.count)") }
                }
                """,
            "Sources/Phone/PhoneApp.swift": """
                import SwiftUI
                import Shared
                @main struct PhoneApp: App {
                    @StateObject private var store = Store()
                    var body: some Scene {
                        WindowGroup { VStack { Counter(); About() }.environmentObject(store) }
                    }
                }
                struct About: View { var body: some View { Text("Phone") } }
                """,
            "Sources/Demo/DemoApp.swift": """
                import SwiftUI
                import Shared
                @main struct DemoApp: App {
                    var body: some Scene { WindowGroup { VStack { Counter(); About() } } }
                }
                struct About: View { var body: some View { Text("Demo") } }
                """,
        ]
        let package = try lint(readingProject: true, projectFile: nil, manifest: manifest, sources: sources)
        XCTAssertEqual(package, ["Sources/Shared/Counter.swift:7: environment_object_not_injected"])
        let noManifest = try lint(readingProject: true, projectFile: nil, sources: sources)
        XCTAssertEqual(noManifest, [String]())
    }
}
