import Testing

@testable import ObservationLintCore

/// `TypeTable`: the type dictionary, looked up by a key's bytes when the keys are plain.
@Suite struct TypeTableTests {
    static func info(_ name: String) -> TypeInfo {
        TypeInfo(name: name, kind: .class, declarations: [], inherited: [], traits: [])
    }

    static func dictionary(_ names: [String]) -> [String: TypeInfo] {
        Dictionary(uniqueKeysWithValues: names.map { ($0, info($0)) })
    }

    @Test func findsWhatTheDictionaryFinds() {
        let names = ["Model", "Outer.Model", "‹f3›.Row", "Outer.Middle.Inner", "K", "café"]
        // Plain keys (a byte table), and one key that is not (the dictionary alone).
        for keys in [Array(names.dropLast()), names] {
            let dictionary = Self.dictionary(keys)
            let table = TypeTable(dictionary)
            // Each key, a miss, the empty name, and a name `String` finds equal to `K`
            // (the Kelvin sign is canonically equivalent to it) but whose bytes differ.
            for name in keys + ["Outer.Modem", "Inner", "‹f4›.Row", "", "\u{212A}", "cafe\u{301}"] {
                #expect(table[name]?.name == dictionary[name]?.name)
                #expect(table.index(forKey: name) == dictionary.index(forKey: name))
                #expect(table.position(of: name).map { table.info(at: $0).name } == dictionary[name]?.name)
            }
            #expect(table.positions.map { table.info(at: $0).name } == Array(dictionary.keys))
        }
    }
}
