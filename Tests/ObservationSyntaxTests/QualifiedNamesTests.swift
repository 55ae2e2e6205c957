import Testing

@testable import ObservationSyntax

@Suite struct QualifiedNamesTests {
    @Test func simpleAndEnclosingNames() {
        #expect("Store".simpleTypeName == "Store")
        #expect("Store".enclosingTypeName == nil)
        #expect("App.Store".simpleTypeName == "Store")
        #expect("App.Store".enclosingTypeName == "App")
        #expect("A.B.C".simpleTypeName == "C")
        #expect("A.B.C".enclosingTypeName == "A.B")
        #expect("Café.Menü".simpleTypeName == "Menü")
        #expect("Café.Menü".enclosingTypeName == "Café")
        #expect("".simpleTypeName == "")
        #expect("".enclosingTypeName == nil)
    }

    @Test func uppercaseFirstCharacter() {
        #expect("Published".startsWithUppercase)
        #expect("ÉtatModel".startsWithUppercase)
        #expect(!"model".startsWithUppercase)
        #expect(!"_State".startsWithUppercase)
        #expect(!"éclair".startsWithUppercase)
        #expect(!"".startsWithUppercase)
        #expect("Swift.State"[...].startsWithUppercase)
    }
}
