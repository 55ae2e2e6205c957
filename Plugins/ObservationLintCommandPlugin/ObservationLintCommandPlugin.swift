import Foundation
import PackagePlugin

/// `swift package observation-lint [--target NAME ...] [ARGUMENTS]`: lints the source folders
/// of the package's Swift targets (or of the targets named), from the package folder, with
/// the other arguments passed to observation-lint as they are.
@main
struct ObservationLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let package = context.package.directoryURL.standardizedFileURL.path
        let folders = targets.compactMap { $0 as? SwiftSourceModuleTarget }.map { target in
            let folder = target.directoryURL.standardizedFileURL.path
            return folder.hasPrefix(package + "/") ? String(folder.dropFirst(package.count + 1)) : folder
        }
        // Without folders observation-lint would lint the whole package folder.
        guard !folders.isEmpty else { throw CommandError(description: "no Swift target to lint") }

        let process = Process()
        process.executableURL = try context.tool(named: "observation-lint").url
        process.arguments = extractor.remainingArguments + folders
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw CommandError(description: "observation-lint exited with status \(process.terminationStatus)")
        }
    }
}

struct CommandError: Error, CustomStringConvertible {
    var description: String
}
