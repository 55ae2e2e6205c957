import Dispatch
import Testing

@testable import ObservationSyntax

/// The line table, built on first use: the same lines whichever thread asks first, and
/// line breaks of every kind.
@Suite struct SourceTextLinesTests {
    @Test func linesOfEveryBreakKind() {
        let text = SourceText("a\nbb\r\nccc\rd")
        #expect(text.lineStartOffsets == [0, 2, 6, 10])
        #expect(text.location(of: 7) == (3, 2))
        #expect(text.lineText(2) == "bb")
        #expect(text.lineText(5) == "")
    }

    @Test func threadsAskingAtOnceSeeOneTable() {
        let line = String(repeating: "x", count: 40) + "\n"
        let text = SourceText(String(repeating: line, count: 2_000))
        let expected = (0..<2_001).map { UInt32($0 * 41) }
        nonisolated(unsafe) var seen = [[UInt32]](repeating: [], count: 8)
        seen.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: 8) { slots[$0] = text.lineStartOffsets }
        }
        #expect(seen.allSatisfy { $0 == expected })
        #expect(text.location(of: 41 * 1_999 + 3) == (2_000, 4))
    }
}
