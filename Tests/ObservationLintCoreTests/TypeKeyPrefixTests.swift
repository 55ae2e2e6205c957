import Testing

@testable import ObservationLintCore

/// `withoutTypeKeyPrefixes`: what a message shows of a type key.
@Suite struct TypeKeyPrefixTests {
    @Test func removesEveryFileAndVariantPrefix() {
        #expect("‹f12›.Model".withoutTypeKeyPrefixes == "Model")
        #expect("`‹f3›.Cart.items` and `‹v1›.Row`".withoutTypeKeyPrefixes == "`Cart.items` and `Row`")
        #expect("Outer.‹f0›.Inner".withoutTypeKeyPrefixes == "Outer.Inner")
    }

    @Test func keepsTextThatIsNoPrefix() {
        #expect("Model".withoutTypeKeyPrefixes == "Model")
        #expect("‹x1›.Model".withoutTypeKeyPrefixes == "‹x1›.Model")
        #expect("‹f›.Model".withoutTypeKeyPrefixes == "‹f›.Model")
        #expect("‹f1›Model ‹f2".withoutTypeKeyPrefixes == "‹f1›Model ‹f2")
        #expect("Café ‹f1›.Crème".withoutTypeKeyPrefixes == "Café Crème")
    }
}
