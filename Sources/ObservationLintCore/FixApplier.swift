import ObservationSyntax

/// Applies fixes to one file's bytes in one pass (`--fix`, `--diff`).
///
/// Fixes are taken in the order given; one whose edits overlap an accepted fix's span
/// waits (`deferred`) for a next pass, when the file has been linted again. When a fix's
/// result has more `unknown` (error) tokens than the file had, the pass leaves the file
/// unchanged: that fix `failed`, and the others wait for the next pass, without it. A fix
/// must never leave the file less well-formed than it found it.
public enum FixApplier {
    public struct Pass: Sendable {
        public var bytes: [UInt8]
        public var applied: [Fix]
        public var deferred: [Fix]
        public var failed: [Fix]
    }

    public static func apply(_ fixes: [Fix], to bytes: [UInt8]) -> Pass {
        let source = SourceText(bytes: bytes)
        var pass = Pass(bytes: bytes, applied: [], deferred: [], failed: [])
        var accepted: [(fix: Fix, span: Range<Int>, edits: [(range: Range<Int>, text: [UInt8])])] = []
        for fix in fixes {
            guard let edits = byteEdits(of: fix, in: source) else {
                pass.failed.append(fix)
                continue
            }
            let span = edits.first!.range.lowerBound..<edits.last!.range.upperBound
            if accepted.contains(where: { conflict($0.span, span) }) {
                pass.deferred.append(fix)
            } else {
                accepted.append((fix, span, edits))
            }
        }
        // From the end of the file backwards, so that each fix's offsets still hold; each
        // result is tokenized before it is kept.
        let allowedErrors = errorTokenCount(bytes)
        for candidate in accepted.sorted(by: { $0.span.lowerBound > $1.span.lowerBound }) {
            var result = pass.bytes
            for edit in candidate.edits.reversed() { result.replaceSubrange(edit.range, with: edit.text) }
            if errorTokenCount(result) > allowedErrors {
                pass.failed.append(candidate.fix)
            } else {
                pass.bytes = result
                pass.applied.append(candidate.fix)
            }
        }
        if !pass.failed.isEmpty, !pass.applied.isEmpty {
            pass.deferred += pass.applied
            pass.applied = []
            pass.bytes = bytes
        }
        return pass
    }

    /// Tokens and comments the tokenizer could not make sense of.
    public static func errorTokenCount(_ bytes: [UInt8]) -> Int {
        let tokenized = Tokenizer.tokenize(bytes)
        return tokenized.tokens.count { $0.kind == .unknown } + tokenized.comments.count { $0.kind == .unknown }
    }

    /// The fix's edits as byte ranges, sorted; nil when an edit points outside the file or
    /// two of its own edits overlap.
    private static func byteEdits(of fix: Fix, in source: SourceText) -> [(range: Range<Int>, text: [UInt8])]? {
        guard !fix.edits.isEmpty else { return nil }
        var edits: [(order: Int, range: Range<Int>, text: [UInt8])] = []
        for (order, edit) in fix.edits.enumerated() {
            guard let start = offset(of: edit.range.start, in: source), let end = offset(of: edit.range.end, in: source),
                start <= end
            else { return nil }
            edits.append((order, start..<end, Array(edit.replacement.utf8)))
        }
        // Within one fix an insertion may touch a replacement (`@State ` before a `public`
        // it replaces): the fix's own order of edits says which text comes first.
        edits.sort { ($0.range.lowerBound, $0.range.upperBound, $0.order) < ($1.range.lowerBound, $1.range.upperBound, $1.order) }
        for (earlier, later) in zip(edits, edits.dropFirst()) where earlier.range.upperBound > later.range.lowerBound { return nil }
        return edits.map { ($0.range, $0.text) }
    }

    private static func offset(of position: SourcePosition, in source: SourceText) -> Int? {
        guard position.line >= 1, position.line <= source.lineCount, position.column >= 1 else { return nil }
        let offset = source.lineStart(position.line) + position.column - 1
        let lineEnd = position.line < source.lineCount ? source.lineStart(position.line + 1) : source.bytes.count
        return offset <= lineEnd ? offset : nil
    }

    /// Two ranges overlap, or an insertion touches the other range (which text would come
    /// first is then a guess).
    private static func conflict(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        if a.isEmpty || b.isEmpty { return a.lowerBound <= b.upperBound && b.lowerBound <= a.upperBound }
        return a.overlaps(b)
    }
}
