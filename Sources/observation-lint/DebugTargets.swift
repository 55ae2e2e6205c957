import ArgumentParser
import Foundation
import ObservationLintCore

/// `debug targets PATH`: per project, the targets of its Xcode projects (product, platforms)
/// and the targets that compile each Swift file, as the index reads them from
/// `project.pbxproj`: files only test bundles compile count as test code, and a file's
/// platforms narrow where its code runs.
struct DebugTargets: ParsableCommand, ExitCodeCommand {
    static let configuration = CommandConfiguration(
        commandName: "targets",
        abstract: "Print the Xcode targets of each project (product, platforms) and the targets that compile each Swift file."
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
        var lines: [String] = []
        for (position, project) in layout.projects.enumerated() {
            guard let root = project.root else { continue }
            let read = XcodeBuildTargets(folder: root)
            for unread in read.unreadProjects { lines.append("warning: \(PathUtilities.relative(unread, to: currentDirectory)): not read as an Xcode project file") }
            guard !read.targets.isEmpty else { continue }
            lines.append("project \(PathUtilities.relative(root, to: currentDirectory)):")
            for target in read.targets {
                lines.append("  target \(target.name): \(target.kind.rawValue), \(target.platformNames)")
            }
            for file in layout.files(of: position) {
                let path = projects.inputs[file].path
                guard let compiled = read.targets(compiling: PathUtilities.absolute(path)) else {
                    lines.append("    \(path): no target lists it (unknown)")
                    continue
                }
                let test = compiled.isTestCodeOnly ? " (test code)" : ""
                lines.append("    \(path): \(compiled.targets.map(\.name).joined(separator: ", ")); \(compiled.platformNames)\(test)")
            }
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }
}
