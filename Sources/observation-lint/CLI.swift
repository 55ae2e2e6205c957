import ArgumentParser
import Foundation
import ObservationLintCore
import ObservationLintRules

/// `observation-lint`: `lint` (the default), `rules`, `explain`, `debug`.
struct ObservationLint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "observation-lint",
        abstract: "Finds SwiftUI observation mistakes: views that do not update, update too often, lose their state or crash.",
        discussion: """
            Exit codes: 0 no diagnostic at a failing severity; 1 an error diagnostic (with --strict: any \
            diagnostic); 2 usage, configuration or input error.
            """,
        version: ToolInfo.version,
        subcommands: [Lint.self, RulesCommand.self, Explain.self, Debug.self],
        defaultSubcommand: Lint.self
    )
}

/// A command that decides its own exit code.
protocol ExitCodeCommand {
    func execute() throws -> Int32
}

/// A usage or input problem the CLI reports as `error: message` (exit 2).
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum ExitStatus {
    static let success: Int32 = 0
    static let diagnostics: Int32 = 1
    static let usage: Int32 = 2
}

enum CLI {
    /// Parses and runs a command line; returns the exit code. Argument parser errors exit 2
    /// (not its default 64); `--help` and `--version` exit 0.
    static func run(_ arguments: [String]) -> Int32 {
        do {
            var command = try ObservationLint.parseAsRoot(arguments)
            if let command = command as? ExitCodeCommand {
                return try command.execute()
            }
            try command.run()
            return ExitStatus.success
        } catch let error as UsageError {
            Output.error("error: \(error.description)")
        } catch let error as ConfigurationError {
            for line in error.lines { Output.error(line) }
        } catch let error as RuleSelectionError {
            for message in error.messages { Output.error("error: \(message)") }
        } catch let error as BaselineError {
            Output.error("error: \(error.description)")
        } catch let error as FileDiscoveryError {
            for path in error.missingPaths { Output.error("error: no such file or directory: '\(path)'") }
        } catch {
            let code = ObservationLint.exitCode(for: error)
            let message = ObservationLint.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { Output.write(message + "\n") }
                return ExitStatus.success
            }
            if !message.isEmpty { Output.error(message) }
        }
        return ExitStatus.usage
    }
}

/// Standard output and error, written directly (no buffering surprises at exit).
enum Output {
    static func write(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Bytes as they are (`--fix --stdin-path` echoes a buffer that may not be UTF-8).
    static func write(bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    static func writeError(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
}

/// The rule catalog the CLI knows.
enum Catalog {
    static var rules: [any Rule] { RuleRegistry.all }
    static var descriptions: [RuleDescription] { rules.map { $0.description } }
    static var ids: Set<String> { Set(descriptions.map(\.id)) }

    static func description(of id: String) throws -> RuleDescription {
        if let found = descriptions.first(where: { $0.id == id }) { return found }
        throw UsageError(NameSuggestion.unknownRuleMessage(id, knownRuleIDs: ids))
    }
}
