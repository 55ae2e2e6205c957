import Foundation
import Testing

/// Each project's default isolation and upcoming features come from its own build settings,
/// wherever the run starts (SPEC §5, §10.2).
@Suite struct ProjectBuildSettingsTests {
    static let model = """
        import SwiftUI
        final class Feed: ObservableObject {
            @Published var items: [String] = []
            func reload() { Task { items = ["a"] } }
        }
        struct FeedView: View {
            @StateObject private var feed = Feed()
            var body: some View { Text("\\(feed.items.count)") }
        }
        """

    @Test func defaultIsolationIsReadAtEachProjectRoot() throws {
        let project = try Project([
            "Isolated/App.xcodeproj/project.pbxproj": "buildSettings = {\n SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;\n};\n",
            "Isolated/Feed.swift": Self.model,
            "Plain/App.xcodeproj/project.pbxproj": "buildSettings = {\n};\n",
            "Plain/Feed.swift": Self.model,
        ])
        defer { project.remove() }
        let result = try project.run("--format", "xcode", "--only", "published_mutated_off_main", ".")
        #expect(result.stdout.split(separator: "\n").map { $0.prefix { $0 != ":" } } == ["Plain/Feed.swift"], "\(result.stdout)")
    }
}
