import Foundation
import Yams

/// The module's default actor isolation (Swift 6.2's `-default-isolation`), which decides
/// whether an unannotated class is isolated to the main actor (SPEC §5).
public enum DefaultActorIsolation: String, Sendable, Equatable, CaseIterable {
    case mainActor = "MainActor"
    case nonisolated
}

/// `.observation-lint.yml` (SPEC §5). Every key is optional; a missing file is the default
/// configuration.
public struct Configuration: Sendable, Equatable {
    /// The configuration file as shown in messages, or nil for the default configuration.
    public var filePath: String?
    /// Absolute directory that `included` and `excluded` are relative to (the config
    /// file's directory, or the current directory without a file).
    public var rootDirectory: String
    /// Paths or globs (`*`, `**`, `?`), relative to `rootDirectory`. Empty: everything.
    public var included: [String]
    /// Paths or globs, relative to `rootDirectory`; a match on a folder excludes all of it.
    public var excluded: [String]
    /// Rule ids or group names, in `disabledRules`, `optInRules` and `onlyRules`.
    public var disabledRules: [String]
    public var optInRules: [String]
    /// Non-empty: exactly these rules run (minus `disabledRules`).
    public var onlyRules: [String]
    /// `rules: { id: { severity: error } }`.
    public var ruleSeverities: [String: Severity]
    public var defaultActorIsolation: DefaultActorIsolation?
    /// Report on test code, DocC catalogs and previews too (SPEC §9; `--include-tests`).
    public var includeTests: Bool
    /// Lint the files found in an Xcode project's folder that none of its targets compiles
    /// too (left out by default; docs/cli.md).
    public var includeUncompiledFiles: Bool

    public static let fileName = ".observation-lint.yml"

    /// The keys `.observation-lint.yml` accepts, in the order the README lists them.
    public static let keys = [
        "included", "excluded", "disabled_rules", "opt_in_rules", "only_rules", "rules",
        "default_actor_isolation", "include_tests", "include_uncompiled_files",
    ]

    public init(
        filePath: String? = nil, rootDirectory: String, included: [String] = [],
        excluded: [String] = [], disabledRules: [String] = [], optInRules: [String] = [],
        onlyRules: [String] = [], ruleSeverities: [String: Severity] = [:],
        defaultActorIsolation: DefaultActorIsolation? = nil, includeTests: Bool = false, includeUncompiledFiles: Bool = false
    ) {
        self.filePath = filePath
        self.rootDirectory = rootDirectory
        self.included = included
        self.excluded = excluded
        self.disabledRules = disabledRules
        self.optInRules = optInRules
        self.onlyRules = onlyRules
        self.ruleSeverities = ruleSeverities
        self.defaultActorIsolation = defaultActorIsolation
        self.includeTests = includeTests
        self.includeUncompiledFiles = includeUncompiledFiles
    }
}

/// An invalid configuration: every problem found, each with its line.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Issue: Sendable, Equatable {
        /// 1-based line in the configuration file, when the problem has one.
        public var line: Int?
        public var message: String

        public init(line: Int?, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// The file as shown in messages.
    public var file: String
    public var issues: [Issue]

    public init(file: String, issues: [Issue]) {
        self.file = file
        self.issues = issues
    }

    public init(file: String, line: Int?, message: String) {
        self.init(file: file, issues: [Issue(line: line, message: message)])
    }

    /// One line per issue: `.observation-lint.yml:4: 'disabled_rule' is not a configuration
    /// key; did you mean 'disabled_rules'?`
    public var lines: [String] {
        issues.map { issue in
            if let line = issue.line { "\(file):\(line): \(issue.message)" } else { "\(file): \(issue.message)" }
        }
    }

    public var description: String { lines.joined(separator: "\n") }
}

extension Configuration {
    /// Reads and validates a configuration file.
    /// - Parameters:
    ///   - path: the file to read (absolute, or relative to the current directory).
    ///   - displayPath: how messages name the file (default: `path`).
    ///   - knownRuleIDs: the catalog; any other rule id is an error.
    public static func load(
        path: String, displayPath: String? = nil, knownRuleIDs: Set<String>
    ) throws(ConfigurationError) -> Configuration {
        let shown = displayPath ?? path
        let absolute = PathUtilities.absolute(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
            throw ConfigurationError(file: shown, line: nil, message: "no such configuration file")
        }
        if isDirectory.boolValue {
            throw ConfigurationError(file: shown, line: nil, message: "is a folder, not a configuration file")
        }
        guard let data = FileManager.default.contents(atPath: absolute) else {
            throw ConfigurationError(file: shown, line: nil, message: "cannot read the configuration file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(file: shown, line: nil, message: "the configuration file is not valid UTF-8")
        }
        return try parse(
            yaml: text, filePath: shown, rootDirectory: PathUtilities.directory(of: absolute),
            knownRuleIDs: knownRuleIDs)
    }

    /// Validates configuration text. `filePath` names the file in messages.
    public static func parse(
        yaml: String, filePath: String, rootDirectory: String, knownRuleIDs: Set<String>
    ) throws(ConfigurationError) -> Configuration {
        var configuration = Configuration(filePath: filePath, rootDirectory: rootDirectory)
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw ConfigurationError(file: filePath, issues: [Self.issue(for: error)])
        } catch {
            throw ConfigurationError(file: filePath, line: nil, message: "invalid YAML: \(error)")
        }
        guard let root, !Self.isNull(root) else { return configuration }
        guard case .mapping(let mapping) = root else {
            throw ConfigurationError(
                file: filePath, line: root.mark?.line ?? 1,
                message: "the configuration must be a mapping of keys (\(keys.joined(separator: ", ")))")
        }

        var issues: [ConfigurationError.Issue] = []
        var reader = NodeReader(knownRuleIDs: knownRuleIDs)
        for (keyNode, value) in mapping {
            let line = keyNode.mark?.line
            guard case .scalar(let keyScalar) = keyNode else {
                issues.append(.init(line: line, message: "configuration keys must be plain words"))
                continue
            }
            let key = keyScalar.string
            switch key {
            case "included":
                configuration.included = reader.paths(value, key: key)
            case "excluded":
                configuration.excluded = reader.paths(value, key: key)
            case "disabled_rules":
                configuration.disabledRules = reader.ruleIDs(value, key: key)
            case "opt_in_rules":
                configuration.optInRules = reader.ruleIDs(value, key: key)
            case "only_rules":
                configuration.onlyRules = reader.ruleIDs(value, key: key)
            case "rules":
                configuration.ruleSeverities = reader.ruleSettings(value, keyLine: line)
            case "default_actor_isolation":
                configuration.defaultActorIsolation = reader.isolation(value, keyLine: line)
            case "include_tests":
                configuration.includeTests = reader.flag(value, key: key)
            case "include_uncompiled_files":
                configuration.includeUncompiledFiles = reader.flag(value, key: key)
            default:
                var message = "'\(key)' is not a configuration key"
                if let suggestion = NameSuggestion.closest(to: key, in: keys) {
                    message += "; did you mean '\(suggestion)'?"
                } else {
                    message += " (valid keys: \(keys.joined(separator: ", ")))"
                }
                issues.append(.init(line: line, message: message))
            }
        }
        issues += reader.issues
        if !issues.isEmpty {
            throw ConfigurationError(file: filePath, issues: issues.sorted { ($0.line ?? 0) < ($1.line ?? 0) })
        }
        return configuration
    }

    private static func issue(for error: YamlError) -> ConfigurationError.Issue {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text))" }
            return .init(line: mark.line, message: message)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return .init(line: context.mark.line, message: "duplicate key \(names)")
        case .reader(let problem, _, _, _):
            return .init(line: nil, message: "invalid YAML: \(problem)")
        default:
            return .init(line: nil, message: "invalid YAML: \(error)")
        }
    }

    fileprivate static func isNull(_ node: Node) -> Bool {
        node.null != nil
    }
}

/// Reads typed values out of YAML nodes, collecting a message for each wrong one.
private struct NodeReader {
    let knownRuleIDs: Set<String>
    var issues: [ConfigurationError.Issue] = []

    init(knownRuleIDs: Set<String>) {
        self.knownRuleIDs = knownRuleIDs
    }

    mutating func fail(_ node: Node, _ message: String) {
        issues.append(.init(line: node.mark?.line, message: message))
    }

    /// A list of strings; `null` (a key with no value) is an empty list.
    mutating func strings(_ node: Node, key: String, example: String) -> [(String, Node)]? {
        if Configuration.isNull(node) { return [] }
        guard case .sequence(let sequence) = node else {
            fail(node, "'\(key)' must be a list, for example \(key): [\(example)]")
            return nil
        }
        var values: [(String, Node)] = []
        for element in sequence {
            guard case .scalar(let scalar) = element, element.null == nil else {
                fail(element, "'\(key)' must contain only strings")
                continue
            }
            values.append((scalar.string, element))
        }
        return values
    }

    mutating func paths(_ node: Node, key: String) -> [String] {
        guard let values = strings(node, key: key, example: key == "included" ? "Sources" : "Pods") else { return [] }
        var paths: [String] = []
        for (value, element) in values {
            if value.isEmpty {
                fail(element, "'\(key)' contains an empty path")
            } else {
                paths.append(value)
            }
        }
        return paths
    }

    /// Rule ids or group names (a group stands for all its rules).
    mutating func ruleIDs(_ node: Node, key: String) -> [String] {
        guard let values = strings(node, key: key, example: "rule_id") else { return [] }
        var ids: [String] = []
        for (value, element) in values {
            if RuleGroup(rawValue: value) != nil || checkRuleID(value, at: element, acceptsGroups: true) { ids.append(value) }
        }
        return ids
    }

    mutating func checkRuleID(_ id: String, at node: Node, acceptsGroups: Bool = false) -> Bool {
        if knownRuleIDs.contains(id) { return true }
        fail(node, NameSuggestion.unknownRuleMessage(id, knownRuleIDs: knownRuleIDs, acceptsGroups: acceptsGroups))
        return false
    }

    mutating func ruleSettings(_ node: Node, keyLine: Int?) -> [String: Severity] {
        if Configuration.isNull(node) { return [:] }
        guard case .mapping(let mapping) = node else {
            fail(node, "'rules' must be a mapping, for example rules: { rule_id: { severity: error } }")
            return [:]
        }
        var severities: [String: Severity] = [:]
        for (ruleNode, settings) in mapping {
            guard case .scalar(let ruleScalar) = ruleNode else {
                fail(ruleNode, "'rules' keys must be rule ids")
                continue
            }
            let id = ruleScalar.string
            guard checkRuleID(id, at: ruleNode) else { continue }
            switch settings {
            case .scalar(let scalar) where settings.null == nil:
                // SwiftLint's shorthand: `rule_id: error`.
                if let severity = severity(scalar.string, at: settings, rule: id) { severities[id] = severity }
            case .mapping(let options):
                for (optionNode, value) in options {
                    let option = optionNode.scalar?.string ?? ""
                    switch option {
                    case "severity":
                        guard case .scalar(let scalar) = value else {
                            fail(value, "'severity' of '\(id)' must be warning or error")
                            continue
                        }
                        if let severity = severity(scalar.string, at: value, rule: id) { severities[id] = severity }
                    default:
                        var message = "'\(option)' is not a setting of '\(id)'"
                        if NameSuggestion.closest(to: option, in: ["severity"]) != nil {
                            message += "; did you mean 'severity'?"
                        } else {
                            message += " (rules accept: severity)"
                        }
                        fail(optionNode, message)
                    }
                }
            default:
                fail(settings, "'\(id)' must be set like \(id): { severity: warning } (or error)")
            }
        }
        return severities
    }

    mutating func severity(_ text: String, at node: Node, rule: String) -> Severity? {
        if let severity = Severity(rawValue: text.lowercased()) { return severity }
        fail(node, "'\(text)' is not a severity for '\(rule)'; use warning or error")
        return nil
    }

    mutating func flag(_ node: Node, key: String) -> Bool {
        if case .scalar = node, let value = node.bool { return value }
        fail(node, "'\(key)' must be true or false")
        return false
    }

    mutating func isolation(_ node: Node, keyLine: Int?) -> DefaultActorIsolation? {
        guard case .scalar(let scalar) = node, node.null == nil else {
            fail(node, "'default_actor_isolation' must be MainActor or nonisolated")
            return nil
        }
        let text = scalar.string.hasSuffix(".self") ? String(scalar.string.dropLast(5)) : scalar.string
        if let value = DefaultActorIsolation.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) {
            return value
        }
        fail(node, "'\(scalar.string)' is not a default actor isolation; use MainActor or nonisolated")
        return nil
    }
}

/// "Did you mean" suggestions for mistyped keys and rule ids.
public enum NameSuggestion {
    /// The candidate closest to `name` by edit distance, if it is close enough to be a typo.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        guard let best else { return nil }
        let limit = max(1, min(3, name.count / 3))
        return best.distance <= limit ? best.name : nil
    }

    /// `'stat_init' is not a rule; did you mean 'state_init'?` (or a pointer to the catalog).
    /// Where a group name may stand for its rules, groups are suggested too.
    public static func unknownRuleMessage(_ id: String, knownRuleIDs: Set<String>, acceptsGroups: Bool = false) -> String {
        let what = acceptsGroups ? "a rule or a group" : "a rule"
        let candidates = knownRuleIDs.sorted() + (acceptsGroups ? RuleGroup.allCases.map(\.rawValue) : [])
        if let suggestion = closest(to: id, in: candidates) {
            return "'\(id)' is not \(what); did you mean '\(suggestion)'?"
        }
        return "'\(id)' is not \(what) (see `observation-lint rules`)"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
