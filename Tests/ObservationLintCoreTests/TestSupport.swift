import Foundation
import ObservationLintCore
import ObservationSyntax

/// A folder under the system's temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        let base = PathUtilities.realPath(NSTemporaryDirectory()) ?? NSTemporaryDirectory()
        path = PathUtilities.join(base, "observation-lint-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func url(_ relative: String) -> String { PathUtilities.join(path, relative) }

    @discardableResult
    func write(_ relative: String, _ contents: String) throws -> String {
        try write(relative, bytes: Array(contents.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let full = url(relative)
        try FileManager.default.createDirectory(
            atPath: PathUtilities.directory(of: full), withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    func makeFolder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: url(relative), withIntermediateDirectories: true)
    }

    func symlink(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: url(relative), withDestinationPath: destination)
    }

    func remove() {
        // Restore permissions that tests took away, so the folder can be removed.
        if let enumerator = FileManager.default.enumerator(atPath: path) {
            for case let relative as String in enumerator {
                chmod(url(relative), 0o755)
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Comment tokens of simple test sources (line, doc and nested block comments; string
/// literals skipped), so suppression tests do not depend on the tokenizer.
func commentTokens(in text: String) -> [Token] {
    let bytes = Array(text.utf8)
    var tokens: [Token] = []
    var index = 0
    let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n")
    while index < bytes.count {
        let byte = bytes[index]
        if byte == quote {
            index += 1
            while index < bytes.count, bytes[index] != quote, bytes[index] != newline {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
        } else if byte == slash, index + 1 < bytes.count, bytes[index + 1] == slash {
            let start = index
            while index < bytes.count, bytes[index] != newline { index += 1 }
            let isDoc = start + 2 < bytes.count && bytes[start + 2] == slash
            tokens.append(Token(kind: isDoc ? .docLineComment : .lineComment, start: start, end: index))
        } else if byte == slash, index + 1 < bytes.count, bytes[index + 1] == star {
            let start = index
            var depth = 0
            while index < bytes.count {
                if bytes[index] == slash, index + 1 < bytes.count, bytes[index + 1] == star {
                    depth += 1
                    index += 2
                } else if bytes[index] == star, index + 1 < bytes.count, bytes[index + 1] == slash {
                    depth -= 1
                    index += 2
                    if depth == 0 { break }
                } else {
                    index += 1
                }
            }
            let isDoc = start + 2 < bytes.count && bytes[start + 2] == star
            tokens.append(Token(kind: isDoc ? .docBlockComment : .blockComment, start: start, end: index))
        } else {
            index += 1
        }
    }
    return tokens
}

/// A do-nothing rule for catalog and selection tests.
struct StubRule<Tag: StubTag>: Rule {
    static var description: RuleDescription {
        RuleDescription(
            id: Tag.id, name: Tag.id, category: .ownership, group: Tag.group, summary: "Summary of \(Tag.id).",
            rationale: "Rationale.", fix: "Fix.", triggeringExamples: [], nonTriggeringExamples: [])
    }

    init() {}
    func check(_ context: inout RuleContext) {}
}

protocol StubTag: Sendable {
    static var id: String { get }
    static var group: RuleGroup { get }
}

enum StateRuleTag: StubTag {
    static let id = "state_initialized_from_outside"
    static let group = RuleGroup.suspicious
}

enum PublishedRuleTag: StubTag {
    static let id = "missing_published"
    static let group = RuleGroup.correctness
}

enum NestedRuleTag: StubTag {
    static let id = "nested_observable_object"
    static let group = RuleGroup.suspicious
}

enum UnreadRuleTag: StubTag {
    static let id = "unread_observed_object"
    static let group = RuleGroup.performance
}

let testCatalog: [any Rule] = [
    StubRule<StateRuleTag>(), StubRule<PublishedRuleTag>(), StubRule<NestedRuleTag>(), StubRule<UnreadRuleTag>(),
]
let testRuleIDs = Set(testCatalog.map { $0.description.id })
