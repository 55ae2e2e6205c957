import Foundation
import ObservationSyntax

/// A fixed set of names, looked up by a token's bytes without building a `String` for the
/// token: the first byte and the length together rule most tokens out, a hash of the bytes
/// picks a slot, a byte comparison confirms the name. For passes over every token of the
/// project that look for known names.
public final class NameTable: Sendable {
    /// The names, each once; a lookup returns a position in this array.
    let names: [String]
    /// Every name's UTF-8 bytes, one after the other; name `i` is `storage[starts[i]..<starts[i + 1]]`.
    private let storage: [UInt8]
    private let starts: [Int]
    /// Open addressing: a name's position + 1 in the low 32 bits and its hash's high 32 bits
    /// above them (a probe rules most other names out on those alone), or 0 for an empty slot.
    private let slots: [UInt64]
    private let mask: Int
    /// For each first byte, bit `n` set when a name starting with it is `n` bytes long
    /// (bit 63: 63 bytes or more).
    private let lengthsByFirstByte: [UInt64]

    public init(_ names: some Sequence<String>) {
        let names = Array(names)
        // Names are unique as `String`s (canonical equivalence). For ASCII names that is
        // their bytes, which the table compares anyway; others go through a `Set` first.
        let table = Self.build(names, uniqueByBytes: true) ?? Self.build(
            { var seen = Set<String>(); return names.filter { seen.insert($0).inserted } }(), uniqueByBytes: false)!
        self.names = table.names
        self.storage = table.storage
        self.starts = table.starts
        self.slots = table.slots
        self.mask = table.slots.count - 1
        self.lengthsByFirstByte = table.lengthsByFirstByte
    }

    /// The table of `names` (each once, in the order first met), or nil when one of them is
    /// not plain (`NameHash.isPlain`): plain names are equal exactly when their bytes are.
    public init?(plainNames names: some Sequence<String>) {
        guard let table = Self.build(Array(names), uniqueByBytes: true, acceptsPlain: true) else { return nil }
        self.names = table.names
        self.storage = table.storage
        self.starts = table.starts
        self.slots = table.slots
        self.mask = table.slots.count - 1
        self.lengthsByFirstByte = table.lengthsByFirstByte
    }

    /// The table of every distinct spelling among `names` (each byte sequence once, in the
    /// order first met): a token finds a name exactly when its bytes are that name's, which
    /// is how `position(of:in:)` looks up in any table. For one pass that looks for the
    /// names of several tables (`positions(in:)`).
    init(distinctSpellings names: some Sequence<String>) {
        let table = Self.build(Array(names), uniqueByBytes: false)!
        self.names = table.names
        self.storage = table.storage
        self.starts = table.starts
        self.slots = table.slots
        self.mask = table.slots.count - 1
        self.lengthsByFirstByte = table.lengthsByFirstByte
    }

    /// For each of this table's names, the position in `other` that a token spelled as it
    /// finds (`position(of:in:)`), or -1.
    func positions(in other: NameTable) -> [Int32] {
        storage.withUnsafeBufferPointer { bytes in
            names.indices.map { name in other.position(of: starts[name], starts[name + 1], in: bytes).map(Int32.init) ?? -1 }
        }
    }

    /// The table of `candidates`, each once: a candidate whose bytes are already in it is
    /// left out. Nil when `uniqueByBytes` and a name is not ASCII.
    private static func build(
        _ candidates: [String], uniqueByBytes: Bool, acceptsPlain: Bool = false
    ) -> (names: [String], storage: [UInt8], starts: [Int], slots: [UInt64], lengthsByFirstByte: [UInt64])? {
        var names: [String] = []
        var storage: [UInt8] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(candidates.count + 1)
        names.reserveCapacity(candidates.count)
        var lengthsByFirstByte = [UInt64](repeating: 0, count: 256)
        var capacity = 16
        while capacity < candidates.count * 2 { capacity *= 2 }
        var slots = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        for name in candidates {
            let start = storage.count
            var name = name
            name.withUTF8 { storage.append(contentsOf: $0) }
            let length = storage.count - start
            let isNew = storage.withUnsafeBufferPointer { bytes -> Bool? in
                let base = bytes.baseAddress.map { $0 + start }
                let (hash, isASCII) = base.map { NameHash.hash($0, length) } ?? (0, true)
                if uniqueByBytes && !isASCII && !(acceptsPlain && base.map { NameHash.isPlain($0, length) } ?? true) { return nil }
                let tag = Self.tag(ofHash: hash)
                var slot = hash & mask
                while slots[slot] != 0 {
                    let other = Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) - 1
                    if slots[slot] >> 32 == tag, starts[other + 1] - starts[other] == length,
                        length == 0 || memcmp(bytes.baseAddress! + starts[other], base!, length) == 0
                    {
                        return false
                    }
                    slot = (slot + 1) & mask
                }
                slots[slot] = tag << 32 | UInt64(names.count + 1)
                return true
            }
            guard let isNew else { return nil }
            guard isNew else {
                storage.removeLast(length)
                continue
            }
            names.append(name)
            starts.append(storage.count)
            if let first = name.utf8.first { lengthsByFirstByte[Int(first)] |= 1 << UInt64(min(length, 63)) }
        }
        return (names, storage, starts, slots, lengthsByFirstByte)
    }

    var isEmpty: Bool { names.isEmpty }

    /// The position in `names` of the name spelled by `source[start..<end]`, if any.
    @inline(__always)
    func position(of start: Int, _ end: Int, in source: UnsafeBufferPointer<UInt8>) -> Int? {
        let length = end - start
        guard length > 0,
            lengthsByFirstByte.withUnsafeBufferPointer({ $0[Int(source[start])] }) & (1 << UInt64(min(length, 63))) != 0
        else { return nil }
        return lookUp(source.baseAddress! + start, length)
    }

    private func lookUp(_ base: UnsafePointer<UInt8>, _ length: Int) -> Int? {
        lookUp(base, length, hash: NameHash.hash(base, length).value)
    }

    @inline(__always)
    private func lookUp(_ base: UnsafePointer<UInt8>, _ length: Int, hash: Int) -> Int? {
        let tag = Self.tag(ofHash: hash)
        var slot = hash & mask
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let entry = slots[slot]
                if entry == 0 { return nil }
                if entry >> 32 == tag {
                    let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                    let found = storage.withUnsafeBufferPointer { storage in
                        starts.withUnsafeBufferPointer { starts in
                            let nameStart = starts[position]
                            return starts[position + 1] - nameStart == length && memcmp(storage.baseAddress! + nameStart, base, length) == 0
                        }
                    }
                    if found { return position }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The bits of a name's hash a slot keeps beside its position (those the slot's
    /// index does not use).
    @inline(__always)
    private static func tag(ofHash hash: Int) -> UInt64 { UInt64(truncatingIfNeeded: hash) >> 32 }

    /// The position in `names` of a token's text, if it is one of the names.
    public func position(of token: Token, in source: UnsafeBufferPointer<UInt8>) -> Int? {
        position(of: Int(token.start), Int(token.end), in: source)
    }

    /// For a plain `name` (`NameHash.isPlain`), its position in `names` if it is one
    /// (`.some(nil)` if not); nil for an empty name and one that is not plain, which a table
    /// of plain names can still equal as a `String` (canonical equivalence: `\u{212A}` is `K`).
    @inline(__always)
    func positionIfPlain(ofName name: String) -> Int?? {
        var name = name
        return name.withUTF8 { bytes -> Int?? in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
            let (hash, isASCII) = NameHash.hash(base, bytes.count)
            guard isASCII || NameHash.isPlain(base, bytes.count) else { return nil }
            guard lengthsByFirstByte.withUnsafeBufferPointer({ $0[Int(base[0])] }) & (1 << UInt64(min(bytes.count, 63))) != 0 else {
                return .some(nil)
            }
            return .some(lookUp(base, bytes.count, hash: hash))
        }
    }
}

/// The project's types by key, read as a `[String: TypeInfo]`: a lookup by a plain key
/// (ASCII and the brackets of `‹f3›.Row`, `NameHash.isPlain`) hashes the key's bytes once
/// (`NameTable`) instead of hashing a `String` (type keys are long, `Outer.Inner.Name`, and
/// looked up constantly). A key that is not plain, and any key of a table with such a key,
/// goes through the dictionary (`String` equality is canonical equivalence).
public struct TypeTable: Sendable {
    public let dictionary: [String: TypeInfo]
    /// The keys by their bytes (nil when one is not plain); position `n` is `indices[n]`.
    private let byBytes: NameTable?
    /// Each key's index in `dictionary`, in the order of `dictionary.keys`.
    private let indices: [Dictionary<String, TypeInfo>.Index]
    /// Without `byBytes`, each key's position.
    private let positionsByKey: [String: Int]

    init(_ dictionary: [String: TypeInfo]) {
        self.dictionary = dictionary
        // Each key is new to the table: position `n` is the `n`th key.
        let byBytes = NameTable(plainNames: dictionary.keys)
        self.byBytes = byBytes
        self.indices = Array(dictionary.indices)
        self.positionsByKey = byBytes != nil ? [:] : Dictionary(uniqueKeysWithValues: dictionary.keys.enumerated().map { ($1, $0) })
    }

    public subscript(key: String) -> TypeInfo? {
        guard let found = byBytes?.positionIfPlain(ofName: key) else { return dictionary[key] }
        return found.map { dictionary.values[indices[$0]] }
    }

    public func index(forKey key: String) -> Dictionary<String, TypeInfo>.Index? {
        guard let found = byBytes?.positionIfPlain(ofName: key) else { return dictionary.index(forKey: key) }
        return found.map { indices[$0] }
    }

    /// The keys' positions: `0..<count`, in the order of `dictionary.keys`.
    var positions: Range<Int> { indices.indices }

    /// The position of `key`, if it is a key.
    func position(of key: String) -> Int? {
        guard let byBytes else { return positionsByKey[key] }
        if let found = byBytes.positionIfPlain(ofName: key) { return found }
        // Not plain: at most canonically equivalent to a key (`\u{212A}` is `K`).
        return dictionary.index(forKey: key).flatMap { indices.firstIndex(of: $0) }
    }

    /// The type at a position.
    func info(at position: Int) -> TypeInfo { dictionary.values[indices[position]] }

    public var values: Dictionary<String, TypeInfo>.Values { dictionary.values }
    public var keys: Dictionary<String, TypeInfo>.Keys { dictionary.keys }
    public var count: Int { dictionary.count }
    public var isEmpty: Bool { dictionary.isEmpty }
}
