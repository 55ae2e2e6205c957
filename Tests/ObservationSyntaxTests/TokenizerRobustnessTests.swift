import Foundation
import XCTest

@testable import ObservationSyntax

/// The tokenizer on truncated, mutated and pathological input: it must not crash or
/// hang, produce at most one token per byte (plus one), and keep every token within
/// bounds, non-empty and in order.
final class TokenizerRobustnessTests: XCTestCase {
    /// The package root, from this file's path (`Tests/ObservationSyntaxTests/…`).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every `.swift` file under `Fixtures/`, `Tests/` and `Sources/`, sorted.
    static func repositorySwiftFiles() -> [(path: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        for folder in ["Fixtures", "Tests", "Sources"] {
            let root = packageRoot.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                if let data = try? Data(contentsOf: url) { files.append((url.path, [UInt8](data))) }
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// Checks the invariants; returns a description of the first violation.
    static func violation(in bytes: [UInt8]) -> String? {
        let result = Tokenizer.tokenize(bytes)
        let count = bytes.count
        if result.tokens.count > count + 1 { return "\(result.tokens.count) tokens for \(count) bytes" }
        if result.comments.count > count + 1 { return "\(result.comments.count) comments for \(count) bytes" }
        var all = result.tokens + result.comments
        for token in all {
            if token.start > token.end || Int(token.end) > count {
                return "token \(token.kind) \(token.range) out of bounds (\(count) bytes)"
            }
            if token.start == token.end { return "empty token \(token.kind) at \(token.start)" }
        }
        for list in [result.tokens, result.comments] {
            for (previous, next) in zip(list, list.dropFirst()) where previous.end > next.start {
                return "tokens out of order: \(previous.kind) \(previous.range), \(next.kind) \(next.range)"
            }
        }
        all.sort { $0.start < $1.start }
        for (previous, next) in zip(all, all.dropFirst()) where previous.end > next.start {
            return "a comment overlaps a token: \(previous.kind) \(previous.range), \(next.kind) \(next.range)"
        }
        return nil
    }

    // MARK: Prefixes

    /// Every cut point of every repository file. Tokenizing every whole prefix is
    /// quadratic (hours in a debug build), so each cut is tested twice over: with the
    /// `window` bytes before it (so every byte position is an end of input, in whatever
    /// construct the window starts), and, at `fullPrefixesPerFile` evenly spaced cut
    /// points per file (and every cut of the first `headBytes` bytes), with the whole
    /// prefix of the file, so that ends of input are also reached deep inside nested
    /// strings, interpolations and comments. Should the repository grow past
    /// `maximumCuts` bytes, windows end at every `stride`-th byte instead, to keep the
    /// test within seconds.
    func testEveryPrefixOfRepositoryFiles() {
        let files = Self.repositorySwiftFiles()
        XCTAssertGreaterThan(files.count, 10, "repository Swift files not found")
        let window = 16
        let fullPrefixesPerFile = 8
        let headBytes = 96
        let maximumCuts = 600_000
        let totalBytes = files.reduce(0) { $0 + $1.bytes.count }
        let stride = max(1, (totalBytes + maximumCuts - 1) / maximumCuts)
        var checked = 0
        for (path, bytes) in files {
            var cuts = Set<Int>()
            for index in 0...fullPrefixesPerFile { cuts.insert(bytes.count * index / fullPrefixesPerFile) }
            for cut in 0...min(headBytes, bytes.count) { cuts.insert(cut) }
            for cut in cuts.sorted() {
                if let problem = Self.violation(in: Array(bytes[0..<cut])) {
                    XCTFail("\(path), prefix of \(cut) bytes: \(problem)")
                    return
                }
                checked += 1
            }
            var cut = 1
            while cut <= bytes.count {
                if let problem = Self.violation(in: Array(bytes[max(0, cut - window)..<cut])) {
                    XCTFail("\(path), bytes \(max(0, cut - window))..<\(cut): \(problem)")
                    return
                }
                checked += 1
                cut += stride
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    // MARK: Mutations

    /// SplitMix64: a small deterministic generator.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    }

    /// Bytes that change lexer modes, and a few invalid ones.
    static let interestingBytes: [UInt8] = Array("\"'\\()#/*`{}[]<>$\n\r.?!=-_0x".utf8) + [0xFF, 0xC3, 0xE2, 0x00]

    func testRandomMutations() {
        let files = Self.repositorySwiftFiles().filter { !$0.bytes.isEmpty }
        XCTAssertFalse(files.isEmpty)
        var generator = Generator(state: 0x5EED_0B5E_7AB1_E000)
        for iteration in 0..<3000 {
            let file = files[generator.below(files.count)].bytes
            // A slice of up to 1 KB, mutated a few times.
            let length = min(file.count, 64 + generator.below(960))
            let start = generator.below(file.count - length + 1)
            var bytes = Array(file[start..<(start + length)])
            for _ in 0..<(1 + generator.below(8)) {
                let position = generator.below(bytes.count + 1)
                let byte =
                    generator.below(4) == 0 ? UInt8(truncatingIfNeeded: generator.next())
                    : Self.interestingBytes[generator.below(Self.interestingBytes.count)]
                switch generator.below(3) {
                case 0:
                    bytes.insert(byte, at: position)
                case 1:
                    if position < bytes.count { bytes.remove(at: position) }
                default:
                    if position < bytes.count { bytes[position] = byte } else { bytes.append(byte) }
                }
            }
            if let problem = Self.violation(in: bytes) {
                XCTFail("mutation \(iteration): \(problem)\n\(String(decoding: bytes, as: UTF8.self))")
                return
            }
        }
    }

    // MARK: Pathological input

    func testDeepNestingAndLongRuns() {
        let cases: [(String, [UInt8])] = [
            ("parentheses", Array(repeating: UInt8(ascii: "("), count: 50_000)),
            ("nested interpolations", Array(String(repeating: #""\("#, count: 20_000).utf8)),
            ("nested raw interpolations", Array(String(repeating: ##"#"\#("##, count: 10_000).utf8)),
            ("nested comments", Array(String(repeating: "/*", count: 30_000).utf8)),
            ("generic-looking chains", Array(String(repeating: "a<b, ", count: 20_000).utf8)),
            ("nested generics", Array((String(repeating: "A<", count: 10_000) + String(repeating: ">", count: 10_000)).utf8)),
            ("labels", Array(String(repeating: "f(for:in:", count: 10_000).utf8)),
            ("regex-looking slashes", Array(String(repeating: "x = /(a/ ", count: 10_000).utf8)),
            ("multi-line strings", Array(String(repeating: "\"\"\"\n\\(\"\"\"\n", count: 5_000).utf8)),
            ("quotes", Array(repeating: UInt8(ascii: "\""), count: 50_000)),
            ("pounds", Array(repeating: UInt8(ascii: "#"), count: 50_000)),
            ("invalid bytes", (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 128) }),
            ("backslashes", Array(repeating: UInt8(ascii: "\\"), count: 50_000)),
            ("operators", Array(String(repeating: "+-*/%<>=!?&|^~.", count: 3_000).utf8)),
            // Scans that fail and are retried from the next token, on one long line.
            ("ambiguous regex starts", Array(String(repeating: "(/a ", count: 12_000).utf8)),
            ("curly quotes", Array(String(repeating: "\u{201C}a", count: 12_000).utf8)),
            ("placeholders", Array(String(repeating: "<#a ", count: 12_000).utf8)),
            ("placeholders in operators", Array(String(repeating: "+<#", count: 15_000).utf8)),
            ("conflict markers", Array(String(repeating: "<<<<<<< a\n", count: 5_000).utf8)),
            ("backticks", Array(String(repeating: "`a ", count: 15_000).utf8)),
        ]
        for (name, bytes) in cases {
            let start = Date()
            if let problem = Self.violation(in: bytes) {
                XCTFail("\(name): \(problem)")
            }
            let seconds = Date().timeIntervalSince(start)
            XCTAssertLessThan(seconds, 10, "\(name) took \(seconds) s")
        }
    }
}
