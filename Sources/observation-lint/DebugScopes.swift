import ArgumentParser
import Foundation
import ObservationLintCore

/// `debug scopes PATH`: the projects a run splits the files into (SPEC §9), with the local
/// packages each one sees and its test and documentation files, so that users can see why
/// a type did or did not resolve and why a file is not reported on.
struct DebugScopes: ParsableCommand, ExitCodeCommand {
    static let configuration = CommandConfiguration(
        commandName: "scopes",
        abstract: "Print the projects the files belong to, their file counts, the local packages each sees, its test and documentation files, and the files no Xcode target compiles."
    )

    @Argument(help: "Files and folders, as for lint (default: .).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("Configuration file (default: nearest .observation-lint.yml upward from the current folder).", valueName: "file"))
    var config: String?

    func execute() throws -> Int32 {
        try Debug.listProjects(paths, config: config) { Self.listing($0, currentDirectory: $1) }
    }

    static func listing(_ projects: ProjectInputs, currentDirectory: String) -> String {
        let layout = projects.layout
        func shown(_ root: String?) -> String {
            root.map { PathUtilities.relative($0, to: currentDirectory) } ?? "(files with no Package.swift or .xcodeproj above them)"
        }
        var lines: [String] = []
        for (position, project) in layout.projects.enumerated() {
            let files = layout.files(of: position)
            let linted = files.filter { projects.reportedPaths?.contains(projects.inputs[$0].path) ?? true }.count
            guard linted > 0 || project.root == nil else {
                lines.append("package \(shown(project.root)): \(files.count) files, read for the projects that use it")
                continue
            }
            var roles: [SourceRole: [String]] = [:]
            for file in files {
                let path = projects.inputs[file].path
                roles[layout.sourceRole(ofFile: file, path: path), default: []].append(path)
            }
            lines.append("project \(shown(project.root)): \(linted) files")
            for package in project.localPackages {
                let count = layout.projects.firstIndex { $0.root == package }.map { layout.files(of: $0).count } ?? 0
                lines.append("  sees local package \(shown(package)): \(count) files (public and open types)")
            }
            for role in [SourceRole.test, .documentation] {
                guard let paths = roles[role] else { continue }
                lines.append("  \(role.rawValue) code, indexed but reported only with --include-tests: \(paths.count) files")
                lines += paths.map { "    \($0)" }
            }
        }
        if !projects.uncompiled.isEmpty {
            lines.append("not compiled, left out (no Xcode target builds them): \(projects.uncompiled.count) files")
            lines += projects.uncompiled.map { "    \($0.path): \($0.reason)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
