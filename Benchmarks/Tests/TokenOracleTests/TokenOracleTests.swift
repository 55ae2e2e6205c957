import Foundation
import TokenOracle
import XCTest

/// The tokenizer against swift-syntax on every Swift file of the repository: zero
/// mismatches. The comparison itself is the `TokenOracle` library, which the release
/// `token-oracle` tool also runs on other corpora.
final class TokenOracleTests: XCTestCase {
    /// The repository root, from this file's path (`Benchmarks/Tests/TokenOracleTests/…`).
    private var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    func testRepositoryFilesMatchSwiftSyntax() throws {
        var files = 0
        var tokens = 0
        var comments = 0
        var mismatches = 0
        // Hidden folders (.git, .build) are skipped.
        for path in TokenOracle.swiftFiles(under: repositoryRoot.path) {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let report = TokenOracle.compare(bytes: [UInt8](data), path: path, maxRecorded: 20)
            files += 1
            tokens += report.tokenCount
            comments += report.commentCount
            mismatches += report.mismatchCount
            for mismatch in report.mismatches {
                XCTFail("token mismatch: \(mismatch)")
            }
        }
        print("token oracle: \(files) files, \(tokens) tokens, \(comments) comments, \(mismatches) mismatches")
        XCTAssertGreaterThan(files, 10, "the repository's Swift files were not found")
        XCTAssertEqual(mismatches, 0)
    }

    /// The string normalization must not hide differences inside strings: a few
    /// constructs are checked on their own.
    func testConstructsMatchSwiftSyntax() {
        let samples = [
            #"let s = "a\(b)c\(d("e\(f)"))""#,
            "let s = \"\"\"\n    line \\(x)\n      indented \\\n    joined\n    \"\"\"\n",
            ##"let r = #"raw \#(x) "q" \(y)"#"##,
            "let r = #/\n  a+ # comment\n/#\nlet d = a / b / c\nx /= 2\nlet m = /fo+/",
            "let x: Array<Set<Int>>? = nil; let y = Dictionary<String, [Int]>()",
            "if a < b, c > d { f(for: x, in: y) }; x.default = .init()",
            "func f<T: P>(_ x: T) -> Optional<T> where T: Q { #if DEBUG\n g() \n#endif\n }",
            "/* a /* nested */ comment */ let `default` = $0 + 0x1p3 + 1_000.5e-3",
            "func f(@ViewBuilder else elseContent: () -> E, @B in: Int, @C _ x: Int) {}\n// a // comment\n",
        ]
        for (index, sample) in samples.enumerated() {
            let report = TokenOracle.compare(bytes: Array(sample.utf8), path: "sample \(index)")
            XCTAssertGreaterThan(report.tokenCount, 0)
            for mismatch in report.mismatches {
                XCTFail("token mismatch: \(mismatch)")
            }
        }
    }
}

extension TokenOracleTests {
    /// Extra folders, from `ORACLE_PATHS` (colon-separated), compared like the
    /// repository's files; skipped when unset. The release `token-oracle` tool of the
    /// Benchmarks package is the faster way to run large corpora.
    func testExtraPathsFromEnvironment() throws {
        guard let paths = ProcessInfo.processInfo.environment["ORACLE_PATHS"], !paths.isEmpty else {
            throw XCTSkip("ORACLE_PATHS not set")
        }
        for folder in paths.split(separator: ":").map(String.init) {
            var files = 0
            var tokens = 0
            var mismatches = 0
            for path in TokenOracle.swiftFiles(under: folder) {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                let report = TokenOracle.compare(bytes: [UInt8](data), path: path, maxRecorded: 5)
                files += 1
                tokens += report.tokenCount
                mismatches += report.mismatchCount
                for mismatch in report.mismatches { print("  \(mismatch)") }
            }
            print("token oracle: \(folder): \(files) files, \(tokens) tokens, \(mismatches) mismatches")
            XCTAssertEqual(mismatches, 0, folder)
        }
    }
}
