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

    /// Long runs of what makes a lexer look ahead or nest. Each case is checked twice: at
    /// full length and at a quarter of it, and tokenizing the whole must take at most
    /// eight times the CPU time of the quarter (linear work takes four times, quadratic
    /// sixteen). A ratio of the thread's CPU time holds on any machine, however busy: a
    /// loaded machine stretches the time on the clock, not the CPU time of one thread,
    /// and stretches both sizes alike.
    func testDeepNestingAndLongRuns() {
        func repeated(_ unit: String) -> (Int) -> [UInt8] { { Array(String(repeating: unit, count: $0).utf8) } }
        let cases: [(name: String, count: Int, make: (Int) -> [UInt8])] = [
            ("parentheses", 50_000, repeated("(")),
            ("nested interpolations", 20_000, repeated(#""\("#)),
            ("nested raw interpolations", 10_000, repeated(##"#"\#("##)),
            ("nested comments", 30_000, repeated("/*")),
            ("generic-looking chains", 20_000, repeated("a<b, ")),
            ("nested generics", 10_000, { repeated("A<")($0) + repeated(">")($0) }),
            ("labels", 10_000, repeated("f(for:in:")),
            ("regex-looking slashes", 10_000, repeated("x = /(a/ ")),
            ("multi-line strings", 5_000, repeated("\"\"\"\n\\(\"\"\"\n")),
            ("quotes", 50_000, repeated("\"")),
            ("pounds", 50_000, repeated("#")),
            ("invalid bytes", 50_000, { count in (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 128) } }),
            ("backslashes", 50_000, repeated("\\")),
            ("operators", 3_000, repeated("+-*/%<>=!?&|^~.")),
            // Scans that fail and are retried from the next token, on one long line.
            ("ambiguous regex starts", 12_000, repeated("(/a ")),
            ("curly quotes", 12_000, repeated("\u{201C}a")),
            ("placeholders", 12_000, repeated("<#a ")),
            ("placeholders in operators", 15_000, repeated("+<#")),
            ("conflict markers", 5_000, repeated("<<<<<<< a\n")),
            ("backticks", 15_000, repeated("`a ")),
        ]
        for (name, count, make) in cases {
            var seconds: [Double] = []
            for bytes in [make(count / 4), make(count)] {
                let start = Self.threadCPUSeconds()
                if let problem = Self.violation(in: bytes) {
                    XCTFail("\(name), \(bytes.count) bytes: \(problem)")
                }
                seconds.append(Self.threadCPUSeconds() - start)
            }
            // The allowance covers cases too fast for their ratio to mean anything.
            XCTAssertLessThan(
                seconds[1], 8 * seconds[0] + 0.05,
                "\(name): \(seconds[1]) s of CPU time, \(seconds[0]) s for a quarter of it: not linear")
        }
    }

    /// The CPU time the calling thread has used, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
