import ArgumentParser
import Foundation
import ObservationLintCore
import ObservationSyntax

/// `observation-lint debug …`: internals, for bug reports and for developing rules.
struct Debug: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what the tool sees in a file (for bug reports and rule development).",
        subcommands: [DebugTokens.self, DebugDeclarations.self, DebugScopes.self, DebugGraph.self, DebugEffects.self, DebugTargets.self]
    )

    /// Finds the files and folders named on the command line as `lint` does, split into
    /// projects, and prints what `listing` makes of them (and the files it could not read:
    /// then the status is a usage error).
    static func listProjects(
        _ paths: [String], config: String?, _ listing: (ProjectInputs, _ currentDirectory: String) -> String
    ) throws -> Int32 {
        let currentDirectory = FileManager.default.currentDirectoryPath
        let configuration = try Configuration.resolve(
            explicitPath: config, currentDirectory: currentDirectory, knownRuleIDs: Catalog.ids)
        let discovery = FileDiscovery(configuration: configuration, currentDirectory: currentDirectory)
        let found = try discovery.discover(paths)
        let projects = ProjectInputs.complete(
            found.inputs, discovery: discovery, jobs: 0, skippingUncompiled: !configuration.includeUncompiledFiles)
        Output.write(listing(projects, discovery.currentDirectory))
        for error in found.errors { Output.error("\(error.file): error: \(error.message)") }
        return found.errors.isEmpty ? ExitStatus.success : ExitStatus.usage
    }

    /// Reads one file named on the command line as UTF-8 source; errors exit 2.
    static func readSource(_ path: String) throws -> SourceInput {
        let absolute = PathUtilities.absolute(path)
        guard PathUtilities.exists(absolute) else { throw UsageError("no such file or directory: '\(path)'") }
        switch FileDiscovery.read(DiscoveredFile(path: PathUtilities.displayPath(path), absolutePath: absolute)) {
        case .success(let input): return input
        case .failure(let error): throw UsageError("\(error.file): \(error.message)")
        }
    }
}

/// `debug tokens FILE`: one token a line, `line:col kind "text"`, comments included, in
/// source order.
struct DebugTokens: ParsableCommand, ExitCodeCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Print a file's tokens, one a line: line:col kind \"text\" (comments included)."
    )

    @Argument(help: "A Swift file.")
    var file: String

    func execute() throws -> Int32 {
        let input = try Debug.readSource(file)
        let tokenized = Tokenizer.tokenize(input.bytes)
        let source = SourceText(bytes: input.bytes)
        Output.write(Self.listing(tokenized, source: source))
        return ExitStatus.success
    }

    static func listing(_ tokenized: TokenizedSource, source: SourceText) -> String {
        // Merge the two ordered lists by start offset.
        var output = ""
        var tokenIndex = 0
        var commentIndex = 0
        let tokens = tokenized.tokens
        let comments = tokenized.comments
        while tokenIndex < tokens.count || commentIndex < comments.count {
            let token: Token
            if commentIndex < comments.count,
                tokenIndex >= tokens.count || comments[commentIndex].start < tokens[tokenIndex].start
            {
                token = comments[commentIndex]
                commentIndex += 1
            } else {
                token = tokens[tokenIndex]
                tokenIndex += 1
            }
            let location = source.location(of: Int(token.start))
            output += "\(location.line):\(location.column) \(token.kind) \"\(escape(source.text(of: token)))\"\n"
        }
        return output
    }

    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    output += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
