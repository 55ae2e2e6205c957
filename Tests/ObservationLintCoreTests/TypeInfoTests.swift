import ObservationSyntax
import Testing

@testable import ObservationLintCore

/// `TypeInfo` keeps its parts in one shared box, and `TypeResolver` looks each name up in one
/// table of types and name facts: neither may change what is found.
@Suite struct TypeInfoTests {
    static func info(_ name: String) -> TypeInfo {
        TypeInfo(name: name, kind: .class, declarations: [], inherited: [], traits: [])
    }

    @Test func settingAPartOfACopyLeavesTheOriginal() {
        let original = TypeInfo(name: "Model", kind: .class, declarations: [], inherited: ["Base"], traits: [.observable])
        var copy = original
        copy.kind = .struct
        copy.inherited.append("View")
        copy.traits.insert(.view)
        copy.keeperChainsOfHandedOn["model"] = []
        #expect(original.kind == .class && original.inherited == ["Base"] && original.traits == [.observable])
        #expect(original.keeperChainsOfHandedOn.isEmpty)
        #expect(copy.name == "Model" && copy.kind == .struct && copy.inherited == ["Base", "View"])
        #expect(copy.traits == [.observable, .view] && copy.keeperChainsOfHandedOn.keys.sorted() == ["model"])
        copy.kind = nil
        #expect(copy.kind == nil && original.kind == .class)
    }

    @Test func resolverFindsNestedAliasedAndFilePrivateTypes() {
        let keys = ["Outer", "Outer.Row", "Row", "‹f2›.Cell", "Cell", "Generic", "Twice"]
        let types = Dictionary(uniqueKeysWithValues: keys.map { ($0, Self.info($0)) })
        var domains = TypeDomains(isPackageFile: [false, false, false])
        domains.prefixedNames = ["Cell"]
        let resolver = TypeResolver(
            types: types, aliases: ["Alias": "Outer", "Special": "Generic<Int>", "Outer.Inner": "Row", "Loop": "Loop"],
            ambiguous: ["Twice"], domains: domains,
            nestedNameSuffixes: TypeResolver.nestedNameSuffixes(of: keys + ["Outer.Inner"]))
        // Nesting outward from a scope, before the top level.
        #expect(resolver.resolve("Row", from: "Outer") == "Outer.Row")
        #expect(resolver.resolve("Row", from: "Outer.Row") == "Outer.Row")
        #expect(resolver.resolve("Row", from: nil) == "Row")
        #expect(resolver.resolveType("Outer.Row", from: nil)?.info.name == "Outer.Row")
        // Aliases, a nested one, a generic specialization's, and one naming itself.
        #expect(resolver.resolve("Alias", from: nil) == "Outer")
        // (The target is looked up from the same scope.)
        #expect(resolver.resolve("Inner", from: "Outer") == "Outer.Row")
        #expect(resolver.resolve("Inner", from: nil) == nil)
        #expect(resolver.resolve("Special", from: nil) == "Generic")
        #expect(resolver.resolve("Loop", from: nil) == nil)
        // A file's private type from that file; the other one elsewhere.
        #expect(resolver.resolve("Cell", from: nil, file: 2) == "‹f2›.Cell")
        #expect(resolver.resolve("Cell", from: nil, file: 1) == "Cell")
        // Unknown: ambiguous, absent, and a name only nested types end with.
        #expect(resolver.resolve("Twice", from: nil) == nil)
        #expect(resolver.resolve("Missing", from: "Outer") == nil)
        #expect(resolver.resolve("Self.Row", from: "Outer") == "Outer.Row")
    }
}
