import Foundation
import ObservationLintCore
import ObservationLintRules
import XCTest

/// A local package's model observed by the views of the app that uses it (SPEC §9): the
/// package's run sees no view observing it, the app's run does; the finding is reported at
/// the package's file, once, judged with the package's own build settings.
final class PackageModelTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("package-models-\(UUID().uuidString)").path
        // The app's default isolation is `MainActor`; ModelKit's is not, MainKit's is.
        try write("App/Package.swift", manifest("App", tools: "6.2", packages: ["ModelKit", "MainKit"], mainActor: true))
        try write("ModelKit/Package.swift", manifest("ModelKit", tools: "5.9", packages: [], mainActor: false))
        try write("MainKit/Package.swift", manifest("MainKit", tools: "6.2", packages: [], mainActor: true))
        try write("ModelKit/Sources/ModelKit/Session.swift", model("Session"))
        try write("MainKit/Sources/MainKit/Feed.swift", model("Feed"))
        try write(
            "App/Sources/App/StatusView.swift",
            """
            import MainKit
            import ModelKit
            import SwiftUI

            struct StatusView: View {
                @State private var session = Session()
                @State private var feed = Feed()

                var body: some View {
                    Text(session.online && feed.online ? "Online" : "Offline")
                }
            }
            """)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testAPackageModelTheAppObservesIsJudgedWithThePackageSettings() throws {
        let whole = try lint(folder)
        XCTAssertEqual(whole, ["ModelKit/Sources/ModelKit/Session.swift:9: observable_mutated_off_main"])
        // The package alone has no view observing the model.
        XCTAssertEqual(try lint(folder + "/ModelKit"), [])
    }

    /// `path:line: rule` of each diagnostic, paths relative to the fixture folder.
    private func lint(_ path: String) throws -> [String] {
        let discovery = FileDiscovery(configuration: Configuration(rootDirectory: folder), currentDirectory: folder)
        let found = try discovery.discover([path])
        let projects = ProjectInputs.complete(found.inputs, discovery: discovery, jobs: 1)
        let report = LintEngine.lint(
            projects.inputs,
            options: LintOptions(
                rules: RuleRegistry.all, jobs: 1, reportedPaths: projects.reportedPaths, layout: projects.layout,
                readsProjectBuildSettings: true))
        return report.diagnostics.map { diagnostic in
            let file = PathUtilities.absolute(diagnostic.range.file, relativeTo: folder)
            return "\(PathUtilities.relative(file, to: folder)):\(diagnostic.range.start.line): \(diagnostic.ruleID)"
        }
    }

    private func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func manifest(_ name: String, tools: String, packages: [String], mainActor: Bool) -> String {
        """
        // swift-tools-version: \(tools)
        import PackageDescription

        let package = Package(
            name: "\(name)",
            dependencies: [\(packages.map { ".package(path: \"../\($0)\")" }.joined(separator: ", "))],
            targets: [.target(name: "\(name)"\(mainActor ? ", swiftSettings: [.defaultIsolation(MainActor.self)]" : ""))]
        )
        """
    }

    /// A model whose `async` method sets `online` after an `await`: off the main thread
    /// unless the package's default isolation is `MainActor`.
    private func model(_ name: String) -> String {
        """
        import Observation

        @Observable
        public final class \(name) {
            public var online = false
            public init() {}
            public func refresh() async {
                let reachable = await probe()
                online = reachable
            }
            nonisolated func probe() async -> Bool { true }
        }
        """
    }
}
