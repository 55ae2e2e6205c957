import Foundation
import ObservationLintCore
import ObservationLintRules
import XCTest

/// SPEC §9's invariant: linting a folder that holds several projects reports, for each
/// project, exactly what linting that project alone reports. A finding belongs to the run
/// that establishes it: a project's own files, and a local package's files where the
/// package's model is observed by the project's views (the package alone has no such view).
/// So the folder reports exactly the union of what each project alone reports, a site two
/// runs report said once: the package's own finding there, else the first user's in the
/// layout's order.
final class ProjectScopeTests: XCTestCase {
    private let folder = packageRoot.appendingPathComponent("Fixtures/multi_project").path
    private let packageModels = packageRoot.appendingPathComponent("Fixtures/package_models").path

    func testEachProjectReportsWhatItReportsAlone() throws {
        try assertFolderReportsWhatEachProjectReportsAlone(folder, projects: ["CounterApp", "NotesApp", "SharedKit"])
    }

    func testAPackageModelTwoAppsObserveIsReportedOnceAsEachAppAloneReportsIt() throws {
        try assertFolderReportsWhatEachProjectReportsAlone(packageModels, projects: ["ModelKit", "PeerApp", "StatusApp"])
        // Each app alone reports the package's write its views observe, with its own view as the witness.
        for app in ["PeerApp", "StatusApp"] {
            let alone = try lint(packageModels + "/" + app)
            let inPackage = alone.diagnostics.filter { $0.hasPrefix(packageModels + "/ModelKit/Sources/ModelKit/Session.swift:16:") }
            XCTAssertEqual(inPackage.count, 1, "\(alone.diagnostics)")
            XCTAssertTrue(inPackage.allSatisfy { $0.contains(packageModels + "/" + app + "/") }, "\(inPackage)")
        }
    }

    private func assertFolderReportsWhatEachProjectReportsAlone(_ folder: String, projects: Set<String>) throws {
        let whole = try lint(folder)
        let roots = whole.layout.projects.compactMap(\.root)
        XCTAssertEqual(Set(roots.map { URL(fileURLWithPath: $0).lastPathComponent }), projects)
        func owner(_ line: String) -> String? { roots.filter { line.hasPrefix($0 + "/") }.max { $0.count < $1.count } }
        var own: [String] = []
        var inPackages: [String] = []
        for root in roots {
            let alone = try lint(root)
            XCTAssertFalse(alone.diagnostics.isEmpty, "\(root): the fixture project should report something")
            own += alone.diagnostics.filter { owner($0) == root }
            inPackages += alone.diagnostics.filter { owner($0) != root }
        }
        // `path:line:column: rule`: where two runs report the same finding.
        func site(_ line: String) -> Substring { line.prefix { $0 != " " } + line.split(separator: " ")[1] }
        var said = Set(own.map(site))
        let union = own + inPackages.filter { said.insert(site($0)).inserted }
        XCTAssertEqual(whole.diagnostics.sorted(), union.sorted(), "\(folder): the whole folder and the projects alone disagree")
    }

    func testAProjectAloneStillSeesItsLocalPackage() throws {
        let counter = try lint(folder + "/CounterApp")
        // `ThemeStore` is SharedKit's: found only because the manifest's `.package(path:)` is read.
        XCTAssertTrue(counter.diagnostics.contains { $0.contains("CounterView.swift:11:") }, "\(counter.diagnostics)")
        XCTAssertTrue(counter.diagnostics.allSatisfy { $0.hasPrefix(folder + "/CounterApp/") }, "\(counter.diagnostics)")
    }

    func testNotesPointOnlyIntoTheProjectOrItsPackages() throws {
        // Into those of the run that made the finding: a project whose files or packages'
        // files hold both the diagnostic and every note.
        for folder in [folder, packageModels] {
            let whole = try lint(folder)
            XCTAssertFalse(whole.notes.isEmpty)
            for (file, notes) in whole.notes {
                let runs = whole.layout.projects.compactMap { project in project.root.map { [$0] + project.localPackages } }
                XCTAssertTrue(
                    runs.contains { allowed in ([file] + notes).allSatisfy { path in allowed.contains { path.hasPrefix($0 + "/") } } },
                    "\(file) has notes in \(notes)")
            }
        }
    }

    /// Diagnostics as `absolute path:line:column: rule: message | notes`, the layout, and
    /// the files each diagnostic's notes point into, by the diagnostic's file.
    private func lint(_ path: String) throws -> (diagnostics: [String], layout: ProjectLayout, notes: [(String, [String])]) {
        let discovery = FileDiscovery(configuration: Configuration(rootDirectory: packageRoot.path), currentDirectory: packageRoot.path)
        let found = try discovery.discover([path])
        let projects = ProjectInputs.complete(found.inputs, discovery: discovery, jobs: 1)
        let report = LintEngine.lint(
            projects.inputs,
            options: LintOptions(rules: RuleRegistry.all, jobs: 1, reportedPaths: projects.reportedPaths, layout: projects.layout))
        func absolute(_ file: String) -> String { PathUtilities.absolute(file, relativeTo: packageRoot.path) }
        let lines = report.diagnostics.map { diagnostic in
            let notes = diagnostic.notes.map { "\(absolute($0.range.file)):\($0.range.start.line): \($0.message)" }
            return "\(absolute(diagnostic.range.file)):\(diagnostic.range.start.line):\(diagnostic.range.start.column): "
                + "\(diagnostic.ruleID): \(diagnostic.message) | \(notes.joined(separator: "; "))"
        }
        let notes = report.diagnostics.map { diagnostic in
            (absolute(diagnostic.range.file), diagnostic.notes.map { absolute($0.range.file) })
        }
        return (lines, projects.layout, notes)
    }
}
