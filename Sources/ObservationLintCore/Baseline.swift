import Foundation
import ObservationSyntax

/// A baseline (SPEC §6): the diagnostics a project already had when it adopted the tool, so
/// that CI fails only on new ones. `--write-baseline FILE` records a run's diagnostics;
/// `--baseline FILE` hides the recorded ones. The data flow is diagnostics → `filter` →
/// reporter; line texts come from the inputs already read.
///
/// The file is JSON, version 1:
///
/// ```json
/// {
///   "version": 1,
///   "tool": { "name": "observation-lint", "version": "0.1.0" },
///   "entries": [
///     { "file": "Sources/App/ItemView.swift", "rule": "state_initialized_from_outside",
///       "line": "@State var item: Item", "message": "…" }
///   ]
/// }
/// ```
///
/// One entry per diagnostic. `file` is relative to the folder that holds the baseline file
/// (so the baseline works from any working directory); `line` is the text of the line the
/// diagnostic starts on, trimmed of surrounding whitespace. A diagnostic is hidden when an
/// entry has its file, rule and line text: line numbers are not compared, so edits above an
/// old finding do not bring it back. Entries are counted: with two recorded entries for the
/// same file, rule and text, the first two such diagnostics (in report order) are hidden and a
/// third is reported. `message` is for people reading the file and is not compared; `tool`
/// is informational too. Unknown keys are ignored, so later versions can add some.
public struct Baseline: Sendable, Equatable {
    public static let formatVersion = 1

    public struct Entry: Sendable, Hashable {
        /// Relative to the baseline file's folder, `/`-separated.
        public var file: String
        public var rule: String
        /// The offending line's text, trimmed.
        public var line: String
        /// Informational; not used for matching.
        public var message: String

        public init(file: String, rule: String, line: String, message: String = "") {
            self.file = file
            self.rule = rule
            self.line = line
            self.message = message
        }

        var key: Key { Key(file: file, rule: rule, line: line) }
    }

    struct Key: Hashable {
        var file: String
        var rule: String
        var line: String
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// How the paths in a baseline relate to the display paths of a run.
    public struct Paths: Sendable {
        /// The absolute folder that holds the baseline file.
        public var baselineFolder: String
        /// The absolute folder relative display paths start from.
        public var currentDirectory: String

        public init(baselineFile: String, currentDirectory: String) {
            self.currentDirectory = currentDirectory
            self.baselineFolder = PathUtilities.directory(of: PathUtilities.absolute(baselineFile, relativeTo: currentDirectory))
        }

        /// A display path as the baseline records it.
        public func entryPath(_ displayPath: String) -> String {
            PathUtilities.relative(PathUtilities.absolute(displayPath, relativeTo: currentDirectory), to: baselineFolder)
        }
    }

    /// The trimmed text of the line `diagnostic` starts on, read from `sources` (display path →
    /// bytes, the inputs the run already read); empty when the file's text is not there.
    static func lineText(of diagnostic: Diagnostic, lines: inout [String: SourceText], sources: [String: [UInt8]]) -> String {
        let file = diagnostic.range.file
        let text: SourceText
        if let cached = lines[file] {
            text = cached
        } else if let bytes = sources[file] {
            text = SourceText(bytes: bytes)
            lines[file] = text
        } else {
            return ""
        }
        return text.lineText(diagnostic.range.start.line).trimmingCharacters(in: .whitespaces)
    }

    // MARK: Recording

    /// The baseline of a run's diagnostics, in report order.
    public init(recording diagnostics: [Diagnostic], sources: [String: [UInt8]], paths: Paths) {
        var lines: [String: SourceText] = [:]
        entries = diagnostics.map { diagnostic in
            Entry(
                file: paths.entryPath(diagnostic.range.file), rule: diagnostic.ruleID,
                line: Self.lineText(of: diagnostic, lines: &lines, sources: sources), message: diagnostic.message)
        }
    }

    // MARK: Filtering

    /// Splits `diagnostics` (in report order) into those to report and those the baseline
    /// hides, matching by file, rule and trimmed line text, each entry hiding one diagnostic.
    public func filter(
        _ diagnostics: [Diagnostic], sources: [String: [UInt8]], paths: Paths
    ) -> (reported: [Diagnostic], hidden: [Diagnostic]) {
        var remaining: [Key: Int] = [:]
        for entry in entries { remaining[entry.key, default: 0] += 1 }
        var lines: [String: SourceText] = [:]
        var pathCache: [String: String] = [:]
        var reported: [Diagnostic] = []
        var hidden: [Diagnostic] = []
        for diagnostic in diagnostics {
            let file = diagnostic.range.file
            let entryPath = pathCache[file] ?? paths.entryPath(file)
            pathCache[file] = entryPath
            let key = Key(file: entryPath, rule: diagnostic.ruleID, line: Self.lineText(of: diagnostic, lines: &lines, sources: sources))
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
                hidden.append(diagnostic)
            } else {
                reported.append(diagnostic)
            }
        }
        return (reported, hidden)
    }

    // MARK: Reading and writing

    /// The file's text: JSON in the documented key order, one entry per diagnostic.
    public func serialized() -> String {
        let document = JSONValue.object([
            ("version", .int(Self.formatVersion)),
            ("tool", .object([("name", .string(ToolInfo.name)), ("version", .string(ToolInfo.version))])),
            (
                "entries",
                .array(
                    entries.map { entry in
                        .object([
                            ("file", .string(entry.file)),
                            ("rule", .string(entry.rule)),
                            ("line", .string(entry.line)),
                            ("message", .string(entry.message)),
                        ])
                    })
            ),
        ])
        return document.serialized() + "\n"
    }

    /// Writes the baseline to `path` (atomically); errors name the file.
    public func write(to path: String, displayPath: String? = nil) throws(BaselineError) {
        do {
            try Data(serialized().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let reason = (error as NSError).localizedDescription
            throw BaselineError(file: displayPath ?? path, message: "cannot write the baseline: \(reason)")
        }
    }

    /// Reads a baseline file; a missing, unreadable or malformed file is an error that names it.
    public static func load(from path: String, displayPath: String? = nil) throws(BaselineError) -> Baseline {
        let display = displayPath ?? path
        guard PathUtilities.exists(path) else {
            throw BaselineError(file: display, message: "no such baseline file (create one with --write-baseline \(display))")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BaselineError(file: display, message: "cannot read the baseline file")
        }
        return try parse([UInt8](data), file: display)
    }

    /// Parses a baseline file's bytes; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(BaselineError) -> Baseline {
        func fail(_ message: String) -> BaselineError { BaselineError(file: file, message: message) }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw fail("not valid JSON; a baseline is the JSON file --write-baseline writes")
        }
        guard let object = root as? [String: Any] else {
            throw fail("not a baseline: expected a JSON object with \"version\" and \"entries\"")
        }
        guard let versionValue = object["version"] else { throw fail("not a baseline: \"version\" is missing") }
        guard let version = integer(versionValue) else { throw fail("\"version\" must be a number") }
        guard version == formatVersion else {
            throw fail("baseline version \(version) is not supported (this observation-lint reads version \(formatVersion))")
        }
        guard let entriesValue = object["entries"] else { throw fail("not a baseline: \"entries\" is missing") }
        guard let list = entriesValue as? [Any] else { throw fail("\"entries\" must be a list") }
        var entries: [Entry] = []
        entries.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            let position = "entry \(index + 1)"
            guard let fields = item as? [String: Any] else { throw fail("\(position) must be an object") }
            func string(_ key: String, required: Bool = true) throws(BaselineError) -> String {
                guard let value = fields[key] else {
                    if required { throw fail("\(position): \"\(key)\" is missing") }
                    return ""
                }
                guard let text = value as? String else { throw fail("\(position): \"\(key)\" must be a string") }
                return text
            }
            let file = try string("file")
            let rule = try string("rule")
            let line = try string("line")
            let message = try string("message", required: false)
            guard !file.isEmpty else { throw fail("\(position): \"file\" is empty") }
            guard !rule.isEmpty else { throw fail("\(position): \"rule\" is empty") }
            entries.append(Entry(file: file, rule: rule, line: line, message: message))
        }
        return Baseline(entries: entries)
    }

    /// A JSON number that is a whole number.
    private static func integer(_ value: Any) -> Int? {
        guard let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        guard double.rounded() == double, abs(double) < 1e15 else { return nil }
        return Int(double)
    }
}

/// A baseline file that cannot be read, parsed or written (exit 2).
public struct BaselineError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
