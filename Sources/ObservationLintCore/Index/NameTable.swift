import Foundation
import ObservationSyntax

/// A fixed set of names, looked up by a token's bytes without building a `String` for the
/// token: the first byte and the length together rule most tokens out, a hash of the bytes
/// picks a slot, a byte comparison confirms the name. For passes over every token of the
/// project that look for known names.
final class NameTable: Sendable {
    /// The names, each once; a lookup returns a position in this array.
    let names: [String]
    /// Every name's UTF-8 bytes, one after the other; name `i` is `storage[starts[i]..<starts[i + 1]]`.
    private let storage: [UInt8]
    private let starts: [Int]
    /// Open addressing: a name's position + 1, or 0 for an empty slot.
    private let slots: [Int32]
    private let mask: Int
    /// For each first byte, bit `n` set when a name starting with it is `n` bytes long
    /// (bit 63: 63 bytes or more).
    private let lengthsByFirstByte: [UInt64]

    init(_ names: some Sequence<String>) {
        var unique: [String] = []
        var seen = Set<String>()
        for name in names where seen.insert(name).inserted { unique.append(name) }
        var storage: [UInt8] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(unique.count + 1)
        var lengthsByFirstByte = [UInt64](repeating: 0, count: 256)
        for name in unique {
            storage.append(contentsOf: name.utf8)
            starts.append(storage.count)
            if let first = name.utf8.first { lengthsByFirstByte[Int(first)] |= 1 << UInt64(min(name.utf8.count, 63)) }
        }
        var capacity = 16
        while capacity < unique.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        storage.withUnsafeBufferPointer { bytes in
            for position in unique.indices {
                let length = starts[position + 1] - starts[position]
                let hash = length == 0 ? 0 : NameHash.hash(bytes.baseAddress! + starts[position], length).value
                var slot = hash & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(position + 1)
            }
        }
        self.names = unique
        self.storage = storage
        self.starts = starts
        self.slots = slots
        self.mask = mask
        self.lengthsByFirstByte = lengthsByFirstByte
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
        var slot = NameHash.hash(base, length).value & mask
        return storage.withUnsafeBufferPointer { storage in
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return nil }
                let position = entry - 1
                let nameStart = starts[position]
                if starts[position + 1] - nameStart == length, memcmp(storage.baseAddress! + nameStart, base, length) == 0 {
                    return position
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
