import ObservationSyntax

/// A fixed set of names, looked up by a token's bytes without building a `String` for the
/// token: a hash of the bytes picks a slot, a byte comparison confirms the name. For
/// passes over every token of the project that look for a few known names.
struct NameTable: Sendable {
    /// The names, each once; a lookup returns a position in this array.
    let names: [String]
    /// Every name's UTF-8 bytes, one after the other; name `i` is `storage[starts[i]..<starts[i + 1]]`.
    private let storage: [UInt8]
    private let starts: [Int]
    /// Open addressing: a name's position + 1, or 0 for an empty slot.
    private let slots: [Int32]
    private let mask: Int

    init(_ names: some Sequence<String>) {
        var unique: [String] = []
        var seen = Set<String>()
        for name in names where seen.insert(name).inserted { unique.append(name) }
        var storage: [UInt8] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(unique.count + 1)
        for name in unique {
            storage.append(contentsOf: name.utf8)
            starts.append(storage.count)
        }
        var capacity = 16
        while capacity < unique.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        storage.withUnsafeBufferPointer { bytes in
            for position in unique.indices {
                var slot = Self.hash(bytes, starts[position], starts[position + 1]) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(position + 1)
            }
        }
        self.names = unique
        self.storage = storage
        self.starts = starts
        self.slots = slots
        self.mask = mask
    }

    var isEmpty: Bool { names.isEmpty }

    /// FNV-1a over `bytes[start..<end]`.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var index = start
        while index < end {
            hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3
            index += 1
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The position in `names` of the name spelled by `source[start..<end]`, if any.
    func position(of start: Int, _ end: Int, in source: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !names.isEmpty else { return nil }
        var slot = Self.hash(source, start, end) & mask
        return storage.withUnsafeBufferPointer { storage in
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return nil }
                let position = entry - 1
                let nameStart = starts[position]
                let length = starts[position + 1] - nameStart
                if length == end - start {
                    var offset = 0
                    while offset < length, storage[nameStart + offset] == source[start + offset] { offset += 1 }
                    if offset == length { return position }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The position in `names` of a token's text, if it is one of the names.
    func position(of token: Token, in source: UnsafeBufferPointer<UInt8>) -> Int? {
        position(of: Int(token.start), Int(token.end), in: source)
    }
}
