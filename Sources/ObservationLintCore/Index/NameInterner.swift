import Foundation

/// Hashing of short byte strings (names) eight bytes at a time, which also tells whether
/// they are ASCII.
enum NameHash {
    @inline(__always)
    static func hash(_ base: UnsafePointer<UInt8>, _ count: Int) -> (value: Int, isASCII: Bool) {
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9e37_79b9_7f4a_7c15
        var bits: UInt64 = 0
        var offset = 0
        let raw = UnsafeRawPointer(base)
        while offset + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            bits |= word
            hash = (hash ^ word) &* 0xff51_afd7_ed55_8ccd
            hash ^= hash >> 32
            offset += 8
        }
        if offset < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                word |= UInt64(base[offset]) << shift
                shift += 8
                offset += 1
            }
            bits |= word
            hash = (hash ^ word) &* 0xff51_afd7_ed55_8ccd
            hash ^= hash >> 32
        }
        return (Int(truncatingIfNeeded: hash), bits & 0x8080_8080_8080_8080 == 0)
    }

    /// Whether text is ASCII but for the brackets of the index's own key prefixes (`‹f3›`,
    /// `‹v1›`: U+2039 and U+203A, which neither decompose nor combine): such text is in
    /// Unicode normal form C, alone and joined to other such text, so two of them are equal
    /// `String`s (canonical equivalence) exactly when their bytes are equal.
    static func isPlain(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var offset = 0
        while offset < count {
            if base[offset] < 0x80 {
                offset += 1
                continue
            }
            guard base[offset] == 0xE2, offset + 2 < count, base[offset + 1] == 0x80,
                base[offset + 2] == 0xB9 || base[offset + 2] == 0xBA
            else { return false }
            offset += 3
        }
        return true
    }
}

/// Gives each distinct name a small number, so that a pass over a file's tokens can keep
/// sets and maps of names without building a `String` per token: ASCII names are looked up
/// by their bytes; the rare name with other characters goes through `String` (whose
/// equality is Unicode canonical equivalence).
struct NameInterner {
    /// The names, by number.
    private(set) var names: [String] = []
    /// ASCII names' bytes, one after the other, and each number's range in them.
    private var storage: [UInt8] = []
    private var ranges: [(start: Int32, count: Int32)] = []
    /// Open addressing over the ASCII names: number + 1, or 0 for an empty slot.
    private var slots: [Int32]
    private var mask: Int
    private var asciiCount = 0
    private var others: [String: Int32] = [:]

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        storage.reserveCapacity(capacity * 8)
    }

    var count: Int { names.count }

    /// The number of the name spelled by `count` bytes at `base`.
    mutating func number(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
        let (hash, isASCII) = NameHash.hash(base, count)
        guard isASCII else { return number(String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)) }
        var slot = hash & mask
        let found: Int32? = storage.withUnsafeBufferPointer { stored in
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return nil }
                let range = ranges[entry - 1]
                if Int(range.count) == count, count == 0 || memcmp(stored.baseAddress! + Int(range.start), base, count) == 0 {
                    return Int32(entry - 1)
                }
                slot = (slot + 1) & mask
            }
        }
        if let found { return found }
        let added = Int32(names.count)
        ranges.append((Int32(storage.count), Int32(count)))
        storage.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        names.append(String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self))
        slots[slot] = added + 1
        asciiCount += 1
        if asciiCount * 2 > slots.count { grow() }
        return added
    }

    /// The number of a name given as a `String`.
    mutating func number(_ name: String) -> Int32 {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var name = name
            return name.withUTF8 { bytes in
                guard let base = bytes.baseAddress else {
                    return withUnsafePointer(to: UInt8(0)) { number($0, 0) }
                }
                return number(base, bytes.count)
            }
        }
        if let known = others[name] { return known }
        let added = Int32(names.count)
        names.append(name)
        ranges.append((0, -1))
        others[name] = added
        return added
    }

    private mutating func grow() {
        let size = slots.count * 2
        var grown = [Int32](repeating: 0, count: size)
        let newMask = size - 1
        storage.withUnsafeBufferPointer { bytes in
            for (position, range) in ranges.enumerated() where range.count >= 0 {
                let start = bytes.baseAddress.map { $0 + Int(range.start) }
                let hash = start.map { NameHash.hash($0, Int(range.count)).value }
                    ?? withUnsafePointer(to: UInt8(0)) { NameHash.hash($0, 0).value }
                var slot = hash & newMask
                while grown[slot] != 0 { slot = (slot + 1) & newMask }
                grown[slot] = Int32(position + 1)
            }
        }
        slots = grown
        mask = newMask
    }
}
