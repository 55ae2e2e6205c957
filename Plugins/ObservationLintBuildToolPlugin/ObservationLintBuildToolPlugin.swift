import Foundation
import PackagePlugin

/// Lints a target's Swift files when the target builds, and again after they change,
/// printing `xcode`-format lines, which `swift build` and Xcode show as warnings (and errors)
/// at their lines.
@main
struct ObservationLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        return try Self.lintCommand(
            tool: context.tool(named: "observation-lint").url,
            files: target.sourceFiles(withSuffix: "swift").map(\.url),
            folder: target.directoryURL, workDirectory: context.pluginWorkDirectoryURL, targetName: target.name)
    }

    /// One build command that lints `files` with the nearest `.observation-lint.yml` upward
    /// from `folder`. A tool built from source must run as a build command (prebuild commands
    /// need binary tools), which the build runs when its output is missing or older than an
    /// input. The output is an empty stamp, written once the lint passes, and named `.swift`
    /// so that the target compiles it to nothing: a file of another type would become a
    /// resource of the target.
    static func lintCommand(tool: URL, files: [URL], folder: URL, workDirectory: URL, targetName: String) -> [Command] {
        guard !files.isEmpty else { return [] }
        let stamp = workDirectory.appendingPathComponent("ObservationLintStamp.swift")
        var inputs = files
        var arguments = ["--format", "xcode", "--quiet"]
        if let configuration = configuration(above: folder) {
            inputs.append(configuration)
            arguments += ["--config", configuration.path]
        }
        return [
            .buildCommand(
                displayName: "observation-lint \(targetName)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", #"stamp="$1"; shift; "$@" && : > "$stamp""#, "sh", stamp.path, tool.path]
                    + arguments + files.map(\.path),
                inputFiles: inputs + [tool],
                outputFiles: [stamp])
        ]
    }

    /// The nearest `.observation-lint.yml` in `folder` or one of its ancestors, as the CLI
    /// finds it from its current folder.
    static func configuration(above folder: URL) -> URL? {
        var current = folder.standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent(".observation-lint.yml")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same lint for a target of an Xcode project, with the project's configuration file.
extension ObservationLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.lintCommand(
            tool: context.tool(named: "observation-lint").url,
            files: target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url),
            folder: context.xcodeProject.directoryURL, workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.displayName)
    }
}
#endif
