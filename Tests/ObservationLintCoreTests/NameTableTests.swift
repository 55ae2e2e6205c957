import Testing

@testable import ObservationLintCore

/// `NameTable`: names looked up by a byte range, without a `String` for the range.
@Suite struct NameTableTests {
    /// The name found at each of `text`'s space-separated words, or nil.
    static func lookups(_ table: NameTable, in text: String) -> [String?] {
        let bytes = Array(text.utf8)
        var found: [String?] = []
        var start = 0
        bytes.withUnsafeBufferPointer { buffer in
            for end in bytes.indices.filter({ bytes[$0] == UInt8(ascii: " ") }) + [bytes.count] {
                found.append(table.position(of: start, end, in: buffer).map { table.names[$0] })
                start = end + 1
            }
        }
        return found
    }

    @Test func findsEachNameOnce() {
        let long = String(repeating: "x", count: 70)
        let table = NameTable(["items", "isLoading", "Model", "item", "items", "café", long])
        #expect(table.names == ["items", "isLoading", "Model", "item", "café", long])
        #expect(Self.lookups(table, in: "items isLoading Model item café \(long)") == ["items", "isLoading", "Model", "item", "café", long])
    }

    @Test func rejectsNearMisses() {
        let long = String(repeating: "x", count: 70)
        let table = NameTable(["items", "Model", long])
        // Same first byte and length, another name; a prefix; a longer word; case.
        let misses = "itemz item itemsX model Modem \(String(repeating: "x", count: 69))y \(long)x"
        #expect(Self.lookups(table, in: misses).allSatisfy { $0 == nil })
    }

    /// Enough names that probes run through occupied slots (each slot keeps bits of its
    /// name's hash): every name is found at its own position, a word of the same first
    /// byte and length that is no name is not, and a name given twice is kept once.
    @Test func findsManyNamesThroughCollisions() {
        let names = (0..<600).map { "item\($0)" }
        let table = NameTable(names + ["item7", "item599"])
        #expect(table.names == names)
        #expect(Self.lookups(table, in: names.joined(separator: " ")) == names)
        let misses = (600..<1200).map { "item\($0)" } + (0..<400).map { "itex\($0)" }
        #expect(Self.lookups(table, in: misses.joined(separator: " ")).allSatisfy { $0 == nil })
    }

    @Test func anEmptyTableFindsNothing() {
        let table = NameTable([String]())
        #expect(table.isEmpty)
        #expect(Self.lookups(table, in: "a b") == [nil, nil])
    }

    @Test func aPlainTableLooksUpStringsByTheirBytes() throws {
        let long = "Outer.Middle.Inner.\(String(repeating: "x", count: 70))"
        let table = try #require(NameTable(plainNames: ["Model", "Outer.Model", long, "‹f3›.Row", "Model"]))
        #expect(table.names == ["Model", "Outer.Model", long, "‹f3›.Row"])
        #expect(table.positionIfPlain(ofName: "Outer.Model") == .some(1))
        #expect(table.positionIfPlain(ofName: long) == .some(2))
        #expect(table.positionIfPlain(ofName: "‹f3›.Row") == .some(3))
        #expect(table.positionIfPlain(ofName: "‹f4›.Row") == .some(nil))
        #expect(table.positionIfPlain(ofName: "Outer.Modem") == .some(nil))
        #expect(table.positionIfPlain(ofName: "Mode") == .some(nil))
        // Not plain, or empty: the table cannot tell (a `String` may still equal a name:
        // the Kelvin sign is canonically equivalent to `K`).
        #expect(table.positionIfPlain(ofName: "Mode\u{212A}") == nil)
        #expect(table.positionIfPlain(ofName: "caf\u{E9}") == nil)
        #expect(table.positionIfPlain(ofName: "") == nil)
        // A name that is not plain: no table.
        #expect(NameTable(plainNames: ["Model", "café"]) == nil)
    }

    /// Canonically equivalent spellings are one name of `NameTable(_:)` (the first met, found
    /// by its own bytes only) and two of a table of distinct spellings; `positions(in:)`
    /// gives, for each spelling, what a token spelled so finds in another table.
    @Test func aTableOfDistinctSpellingsKeepsEachSpellingAndMapsItToAnotherTable() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let byString = NameTable(["load", composed, decomposed])
        #expect(byString.names == ["load", composed])
        let all = NameTable(distinctSpellings: ["save", composed, "load", decomposed, "load"])
        #expect(all.names.count == 4)
        #expect(Self.lookups(all, in: "save \(composed) load \(decomposed) loads").map { $0 != nil } == [true, true, true, true, false])
        // `save` is not in `byString`; `load` and the composed spelling are; the decomposed
        // spelling finds nothing there.
        #expect(all.positions(in: byString) == [-1, 1, 0, -1])
        #expect(all.positions(in: NameTable([String]())) == [-1, -1, -1, -1])
    }

    @Test func plainTextIsASCIIAndKeyBrackets() {
        for (text, plain) in [("Model", true), ("‹v1›.Outer.Row", true), ("café", false), ("\u{212A}", false), ("‹", true), ("«", false)] {
            var text = text
            #expect(text.withUTF8 { NameHash.isPlain($0.baseAddress!, $0.count) } == plain)
        }
    }
}
