@testable import ObservationLintCore
import ObservationSyntax
import Testing

/// The facts the off-main writes' prefilter and the change model share: a member write's
/// reference type (`referenceType(ofWriteAt:)`), test code's writes
/// (`isTestWrite(inFile:of:)`), and the call tables (`calls(named:index:)`,
/// `memberCalls(named:)`), found in one pass.
@Suite struct OffMainCandidatesTests {
    static let model = """
        final class Counter: ObservableObject {
            @Published var count = 0
            func reset() { count = 0 }
        }
        final class Label {
            var count = 0
        }
        final class Syncer {
            let counter = Counter()
            let label = Label()
            func sync() {
                counter.count = 1
                label.count = 2
                self.counter.reset()
                counter.reset ()
                reset()
                items.forEach { _ in }
            }
            func reset() {}
        }
        """

    private func index(_ files: [(String, String)]) -> ProjectIndex {
        ProjectIndex(files: files.map { ParsedFile(path: $0.0, bytes: Array($0.1.utf8)) })
    }

    /// The location of the `occurrence`th token spelled `name` in file 0.
    private func location(of name: String, occurrence: Int = 0, in index: ProjectIndex, file: Int = 0) -> TokenLocation {
        let parsed = index.files[file]
        let tokens = parsed.tokens.indices.filter { parsed.text($0) == name }
        return TokenLocation(file: file, token: tokens[occurrence])
    }

    @Test func aMemberWritesReferenceHasTheStaticTypeOfItsRoot() {
        let index = index([("App/Sync.swift", Self.model)])
        // `count`: `Counter`'s, its write in `reset()`, `Label`'s, `counter.count`, `label.count`.
        #expect(index.referenceType(ofWriteAt: location(of: "count", occurrence: 3, in: index)) == "Counter")
        #expect(index.referenceType(ofWriteAt: location(of: "count", occurrence: 4, in: index)) == "Label")
        // The type's own code writes without a reference: `count = 0` in `reset()`.
        #expect(index.referenceType(ofWriteAt: location(of: "count", occurrence: 1, in: index)) == nil)
    }

    @Test func aTestsWriteToAnAppTypeIsATestWrite() {
        let index = index([
            ("App/Sync.swift", Self.model),
            ("AppTests/CounterTests.swift", "import XCTest\nfinal class Probe { var hits = 0 }\nfunc check() { Counter().count = 3 }"),
        ])
        #expect(index.isTestWrite(inFile: 1, of: index.types["Counter"]!))
        #expect(!index.isTestWrite(inFile: 0, of: index.types["Counter"]!))
        // A type the tests declare is changed by the tests.
        #expect(!index.isTestWrite(inFile: 1, of: index.types["Probe"]!))
    }

    @Test func callsAndMemberCallsAreFoundByName() {
        let index = index([("App/Sync.swift", Self.model)])
        let calls = index.isolationFacts.calls(named: "reset", index: index).map(\.token)
        // The declarations `func reset()` (twice), `self.counter.reset()`, `reset()`; not
        // `counter.reset ()`, whose `(` is apart.
        let resets = index.files[0].tokens.indices.filter { index.files[0].text($0) == "reset" }
        #expect(calls == [resets[0], resets[1], resets[3], resets[4]])
        // `.reset(` and `.reset (` call a model's method; `forEach` is no model's.
        #expect(index.memberCalls(named: "reset").map(\.token) == [resets[1], resets[2]])
        #expect(index.memberCalls(named: "forEach").isEmpty)
    }
}
