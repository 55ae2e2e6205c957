import Foundation
import Testing

@testable import ObservationLintCore

/// `Memo`: the index's per-key cache, shared by the rules' threads.
@Suite struct MemoTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [Int: Int] = [:]
        func record(_ key: Int) {
            lock.lock()
            calls[key, default: 0] += 1
            lock.unlock()
        }
        func count(_ key: Int) -> Int {
            lock.lock()
            defer { lock.unlock() }
            return calls[key] ?? 0
        }
    }

    @Test func computesEachKeyOnceWhenAskedInTurn() {
        let memo = Memo<Int, String>()
        let counter = Counter()
        for _ in 0..<3 {
            for key in 0..<4 {
                let value = memo.value(for: key) {
                    counter.record(key)
                    return "value \(key)"
                }
                #expect(value == "value \(key)")
            }
        }
        #expect((0..<4).allSatisfy { counter.count($0) == 1 })
    }

    @Test func knownAnswersOnlyWhatWasComputed() {
        let memo = Memo<Int, String>()
        #expect(memo.known(1) == nil)
        _ = memo.value(for: 1) { "one" }
        #expect(memo.known(1) == "one")
        #expect(memo.known(2) == nil)
    }

    @Test func threadsAskingAtOnceAllGetTheSameAnswer() {
        let memo = Memo<Int, [Int]>()
        let answers = NSLock()
        nonisolated(unsafe) var seen: [Int: Set<[Int]>] = [:]
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            let key = iteration % 4
            let value = memo.value(for: key) { Array(0...key) }
            answers.lock()
            seen[key, default: []].insert(value)
            answers.unlock()
        }
        #expect(seen.count == 4)
        #expect(seen.allSatisfy { $0.value == [Array(0...$0.key)] })
    }
}
