import ObservationLintCore
import Testing

@Suite struct SourceRoleTests {
    @Test func testTargets() {
        for path in [
            "Tests/AppTests/ModelTests.swift", "AppTests/ModelTests.swift", "App/AppUITests/LaunchTests.swift",
            "Packages/Core/Tests/CoreTests/A.swift", "./Tests/A.swift",
        ] {
            #expect(SourceRole(path: path) == .test, "\(path)")
        }
    }

    @Test func documentationCatalogs() {
        #expect(SourceRole(path: "Sources/Kit/Kit.docc/Resources/Example.swift") == .documentation)
        #expect(SourceRole(path: "Tests/Kit.docc/A.swift") == .documentation)
    }

    @Test func appCode() {
        for path in [
            "Sources/App/ContentView.swift", "ContentView.swift", "App/ViewTests.swift", "App/Testsuite/A.swift",
            "App/tests/A.swift", "/abs/App/A.swift", "",
        ] {
            #expect(SourceRole(path: path) == .app, "\(path)")
        }
        #expect(SourceRole.app.isReportedByDefault)
        #expect(!SourceRole.test.isReportedByDefault && !SourceRole.documentation.isReportedByDefault)
    }
}
