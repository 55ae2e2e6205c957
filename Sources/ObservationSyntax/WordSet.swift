/// A fixed set of ASCII words in which a token's bytes are looked up without making a
/// `String`: the declaration parser asks whether a word is a modifier or a declaration
/// keyword at nearly every declaration, and a `Set<String>` lookup costs a string and a
/// hash each time.
struct WordSet: Sendable {
    private static let bucketCount = 64
    private static let slotsPerBucket = 4

    /// The words' bytes, back to back.
    private let bytes: [UInt8]
    /// For each bucket, `slotsPerBucket` word numbers (-1: empty).
    private let slots: [Int32]
    private let starts: [Int32]
    private let lengths: [Int32]

    init(_ words: [StaticString]) {
        var bytes: [UInt8] = []
        var slots = [Int32](repeating: -1, count: Self.bucketCount * Self.slotsPerBucket)
        var starts: [Int32] = []
        var lengths: [Int32] = []
        for (number, word) in words.enumerated() {
            let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            precondition(!text.isEmpty)
            starts.append(Int32(bytes.count))
            lengths.append(Int32(text.count))
            bytes.append(contentsOf: text)
            let bucket = Self.bucket(length: text.count, first: text.first!, last: text.last!)
            let slot = (0..<Self.slotsPerBucket).first { slots[bucket * Self.slotsPerBucket + $0] < 0 }
            // The word lists are fixed: a full bucket is a programming error, found by the tests.
            precondition(slot != nil, "WordSet: too many words share a bucket")
            slots[bucket * Self.slotsPerBucket + slot!] = Int32(number)
        }
        self.bytes = bytes
        self.slots = slots
        self.starts = starts
        self.lengths = lengths
    }

    @inline(__always)
    private static func bucket(length: Int, first: UInt8, last: UInt8) -> Int {
        (length &* 7 &+ Int(first) &* 3 &+ Int(last) &* 5) & (bucketCount - 1)
    }

    /// Whether the token's text is one of the words.
    func contains(_ token: Token, in source: [UInt8]) -> Bool {
        let start = Int(token.start)
        let length = Int(token.end) - start
        guard length > 0 else { return false }
        let first = source[start]
        let bucket = Self.bucket(length: length, first: first, last: source[start + length - 1])
        for slot in bucket * Self.slotsPerBucket..<(bucket + 1) * Self.slotsPerBucket {
            let word = Int(slots[slot])
            if word < 0 { return false }
            guard Int(lengths[word]) == length else { continue }
            var offset = 0
            let wordStart = Int(starts[word])
            while offset < length, bytes[wordStart + offset] == source[start + offset] { offset += 1 }
            if offset == length { return true }
        }
        return false
    }
}
