import Foundation
import ObservationLintCore
import ObservationLintRules
import XCTest

/// SPEC §9's invariant: linting a folder that holds several projects reports, for each
/// project, exactly what linting that project alone reports.
final class ProjectScopeTests: XCTestCase {
    private let folder = packageRoot.appendingPathComponent("Fixtures/multi_project").path

    func testEachProjectReportsWhatItReportsAlone() throws {
        let whole = try lint(folder)
        XCTAssertEqual(Set(whole.layout.projects.compactMap(\.root).map { URL(fileURLWithPath: $0).lastPathComponent }),
                       ["CounterApp", "NotesApp", "SharedKit"])
        var compared = 0
        for root in whole.layout.projects.compactMap(\.root) {
            let alone = try lint(root)
            let inProject = whole.diagnostics.filter { $0.hasPrefix(root + "/") }
            XCTAssertFalse(alone.diagnostics.isEmpty, "\(root): the fixture project should report something")
            XCTAssertEqual(inProject, alone.diagnostics, "\(root): the whole folder and the project alone disagree")
            compared += 1
        }
        XCTAssertEqual(compared, 3)
    }

    func testAProjectAloneStillSeesItsLocalPackage() throws {
        let counter = try lint(folder + "/CounterApp")
        // `ThemeStore` is SharedKit's: found only because the manifest's `.package(path:)` is read.
        XCTAssertTrue(counter.diagnostics.contains { $0.contains("CounterView.swift:11:") }, "\(counter.diagnostics)")
        XCTAssertTrue(counter.diagnostics.allSatisfy { $0.hasPrefix(folder + "/CounterApp/") }, "\(counter.diagnostics)")
    }

    func testNotesPointOnlyIntoTheProjectOrItsPackages() throws {
        let whole = try lint(folder)
        for (file, notes) in whole.notes {
            guard let project = whole.layout.projects.filter({ $0.root.map { file.hasPrefix($0 + "/") } ?? false })
                .max(by: { $0.root!.count < $1.root!.count })
            else { return XCTFail("\(file) is in no project") }
            let allowed = [project.root!] + project.localPackages
            for note in notes {
                XCTAssertTrue(allowed.contains { note.hasPrefix($0 + "/") }, "\(file) has a note in \(note)")
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
