import Foundation
import Testing

/// Every relative link in README.md and docs/**/*.md names a file or folder that exists, and
/// every `#anchor` a heading of its target, slugged as GitHub slugs headings.
@Suite struct DocumentationLinksTests {
    static let packageRoot = IntegrationFilesTests.packageRoot

    /// README.md and every markdown file under docs/, relative to the package root.
    static func documents() throws -> [String] {
        var found = ["README.md"]
        let docs = packageRoot.appendingPathComponent("docs")
        let enumerator = try #require(FileManager.default.enumerator(atPath: docs.path))
        for case let relative as String in enumerator where relative.hasSuffix(".md") { found.append("docs/" + relative) }
        return found.sorted()
    }

    static func text(_ relative: String) throws -> String {
        try IntegrationFilesTests.text(relative)
    }

    /// The lines outside fenced code blocks.
    static func proseLines(_ text: String) -> [Substring] {
        var inFence = false
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.drop(while: { $0 == " " }).hasPrefix("```") {
                inFence.toggle()
            } else if !inFence {
                lines.append(line)
            }
        }
        return lines
    }

    /// `[text](target)` and `[text](target "title")` links (link text may hold code and brackets).
    static let linkPattern = try! NSRegularExpression(pattern: #"\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)(?:\s+"[^"]*")?\)"#)

    static func links(_ text: String) -> [String] {
        proseLines(text).flatMap { line -> [String] in
            let string = String(line)
            let range = NSRange(string.startIndex..., in: string)
            return linkPattern.matches(in: string, range: range).compactMap { match in
                Range(match.range(at: 1), in: string).map { String(string[$0]) }
            }
        }
    }

    /// GitHub's heading anchors: the rendered text (code, links and emphasis markers removed),
    /// lowercased, without characters other than letters, digits, `-`, `_` and spaces, spaces
    /// as `-`; a repeated slug gets `-1`, `-2`, ….
    static func anchors(_ text: String) -> Set<String> {
        var anchors: Set<String> = []
        var counts: [String: Int] = [:]
        for line in proseLines(text) where line.hasPrefix("#") {
            let title = line.drop(while: { $0 == "#" })
            guard title.hasPrefix(" ") else { continue }
            let slug = slug(String(title.dropFirst()))
            let count = counts[slug, default: 0]
            counts[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    static func slug(_ heading: String) -> String {
        let linkText = try! NSRegularExpression(pattern: #"\[([^\]]*)\]\([^)]*\)"#)
        let plain = linkText.stringByReplacingMatches(
            in: heading, range: NSRange(heading.startIndex..., in: heading), withTemplate: "$1")
        var slug = ""
        for character in plain.lowercased() {
            if character == " " {
                slug.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            }
        }
        return slug
    }

    @Test func slugsAsGitHubMakesThem() {
        #expect(Self.slug("Configuration: `.observation-lint.yml`") == "configuration-observation-lintyml")
        #expect(Self.slug("JSON (version 1)") == "json-version-1")
        #expect(Self.slug("`missing_published`: Missing @Published") == "missing_published-missing-published")
        #expect(Self.slug("Below the baseline again (seventh round)") == "below-the-baseline-again-seventh-round")
        #expect(Self.slug("What it finds — and fixes") == "what-it-finds--and-fixes")
        #expect(Self.anchors("# A\n## A\n```\n# not a heading\n```\n### A\n") == ["a", "a-1", "a-2"])
    }

    @Test func linksFoundOutsideCode() {
        let text = "See [the rules](docs/rules/README.md) and [`x`](x.md#why \"title\").\n```\n[no](nope.md)\n```\n"
        #expect(Self.links(text) == ["docs/rules/README.md", "x.md#why"])
    }

    @Test func everyRelativeLinkResolves() throws {
        let documents = try Self.documents()
        #expect(documents.contains("docs/cli.md") && documents.contains("docs/rules/README.md"))
        var checked = 0
        for document in documents {
            let folder = (document as NSString).deletingLastPathComponent
            for link in Self.links(try Self.text(document)) {
                if link.contains("://") || link.hasPrefix("mailto:") { continue }
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0])
                let target = path.isEmpty ? document : ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
                let full = Self.packageRoot.appendingPathComponent(target).path
                checked += 1
                guard FileManager.default.fileExists(atPath: full) else {
                    Issue.record("\(document): the link \(link) names \(target), which does not exist")
                    continue
                }
                guard parts.count == 2, target.hasSuffix(".md") else { continue }
                let anchor = String(parts[1])
                #expect(
                    Self.anchors(try Self.text(target)).contains(anchor),
                    "\(document): the link \(link) names no heading of \(target)")
            }
        }
        #expect(checked > 50)
    }

    /// The README stays a five-minute read; the reference lives in docs/.
    @Test func readmeIsShort() throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 220, "README.md has \(lines) lines; move reference material into docs/")
    }
}
