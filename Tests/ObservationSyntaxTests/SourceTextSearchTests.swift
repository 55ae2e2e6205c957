import Testing

@testable import ObservationSyntax

/// `SourceText.contains(_:)` and `range(_:contains:)`: the byte searches that rule files
/// and declarations out before passes over their tokens.
@Suite struct SourceTextSearchTests {
    @Test func findsANeedleAnywhere() {
        let text = SourceText("withObservationTracking { model.count }")
        #expect(text.contains("withObservationTracking"))
        #expect(text.contains("count }"))
        #expect(text.contains("w"))
        #expect(!text.contains("withObservationTrackingX"))
        #expect(!text.contains("Tracking  {"))
    }

    @Test func restartsAfterAPartialMatch() {
        // Each `a` is a candidate first byte; only the last one starts the needle.
        #expect(SourceText("aaaab").contains("aab"))
        #expect(!SourceText("aaaa").contains("aab"))
        #expect(SourceText("objectWillChangobjectWillChange").contains("objectWillChange"))
    }

    @Test func needleLongerThanTheTextOrAnEmptyText() {
        #expect(!SourceText("abc").contains("abcd"))
        #expect(!SourceText("").contains("a"))
        #expect(!SourceText("abc").range(0..<3, contains: []))
    }

    @Test func searchesOnlyInsideTheRange() {
        let text = SourceText("one objectWillChange two")
        #expect(text.range(4..<20, contains: Array("objectWillChange".utf8)))
        #expect(!text.range(4..<19, contains: Array("objectWillChange".utf8)))
        #expect(!text.range(5..<24, contains: Array("objectWillChange".utf8)))
        // A range past the end is clamped, not trapped on.
        #expect(text.range(20..<100, contains: Array("two".utf8)))
    }
}
