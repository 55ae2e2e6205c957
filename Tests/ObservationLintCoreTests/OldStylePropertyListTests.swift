import Testing

@testable import ObservationLintCore

/// `OldStylePropertyList`: the reader of `project.pbxproj`, whole or keeping some fields of
/// its objects.
@Suite struct OldStylePropertyListTests {
    static let project = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objects = {
                A1 /* App.swift in Sources */ = {isa = PBXBuildFile; fileRef = B1 /* App.swift */; settings = {COMPILER_FLAGS = "-w"; }; };
                B1 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "App \\"1\\".swift"; sourceTree = "<group>"; };
                C1 = {isa = XCBuildConfiguration; buildSettings = { OTHER = ( "-a", b, ); SWIFT_VERSION = 6.0; }; name = Debug; };
            };
            rootObject = P1;
        }
        """

    @Test func keepsOnlyTheNamedFieldsOfTheObjects() throws {
        let whole = try #require(OldStylePropertyList.parse(Self.project))
        let kept = try #require(OldStylePropertyList.parse(Self.project, keepingObjectFields: ["isa", "fileRef", "path", "name"]))
        guard case .dictionary(let top) = whole, case .dictionary(let objects)? = top["objects"],
            case .dictionary(let keptTop) = kept, case .dictionary(let keptObjects)? = keptTop["objects"]
        else { Issue.record("no objects"); return }
        #expect(keptTop["rootObject"] == top["rootObject"])
        #expect(Set(keptObjects.keys) == Set(objects.keys))
        for (id, object) in objects {
            guard case .dictionary(let fields) = object else { continue }
            let expected = fields.filter { ["isa", "fileRef", "path", "name"].contains($0.key) }
            #expect(keptObjects[id] == .dictionary(expected))
        }
        #expect(keptObjects["B1"] == .dictionary(["isa": .string("PBXFileReference"), "path": .string("App \"1\".swift")]))
    }

    @Test func aSkippedFieldMustStillBeWellFormed() {
        let broken = Self.project.replacingOccurrences(of: "SWIFT_VERSION = 6.0;", with: "SWIFT_VERSION = ;")
        #expect(OldStylePropertyList.parse(broken) == nil)
        #expect(OldStylePropertyList.parse(broken, keepingObjectFields: ["isa"]) == nil)
        let unclosed = Self.project.replacingOccurrences(of: "\"-a\", b, )", with: "\"-a\", b, ")
        #expect(OldStylePropertyList.parse(unclosed, keepingObjectFields: ["isa"]) == nil)
    }
}
