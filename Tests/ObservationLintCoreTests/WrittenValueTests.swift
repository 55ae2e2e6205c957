import ObservationLintCore
import ObservationSyntax
import Testing

/// `ProjectIndex.changesPropertyItself(_:)`: a write that sets the property, or changes a
/// value it holds by value, against one through an object (or a type not known here) it holds.
@Suite struct WrittenValueTests {
    static let source = """
        final class Info { var name = "" }
        struct Settings { var volume = 0 }
        final class Model: ObservableObject {
            @Published var info: Info
            @Published var external: ObjCInfo
            @Published var settings = Settings()
            @Published var items: [String] = []
            @Published var tags = Set<String>()
            @Published var selected: Info?
            @Published var count = 0
            init(info: Info, external: ObjCInfo) { self.info = info; self.external = external }
            func change() {
                DispatchQueue.global().async { self.changeNow() }
            }
            private func changeNow() {
                info.name = "a"
                external.name = "b"
                selected?.name = "c"
                settings.volume = 1
                items.append("x")
                items[0] = "y"
                tags.removeAll()
                count += 1
                info = Info()
            }
        }
        // `offMainWrites(inFile:)` lists the off-main writes of models a view observes.
        struct CountView: View {
            @ObservedObject var model: Model
            var body: some View { Text(String(model.count)) }
        }
        """

    @Test func whichWritesChangeTheProperty() {
        let index = ProjectIndex(files: [ParsedFile(path: "Model.swift", bytes: Array(Self.source.utf8))])
        var changed: [String: [Bool]] = [:]
        for write in index.offMainWrites(inFile: 0) {
            changed[write.model.property.name, default: []].append(index.changesPropertyItself(write.model))
        }
        // A project class's member write is the object's change, not the property's: the
        // index does not count it as a write of the property at all.
        #expect(changed["info"] == [true])
        #expect(changed["selected"] == nil)
        // A type declared elsewhere (here unknown, as an Objective-C class is): not known.
        #expect(changed["external"] == [false])
        #expect(changed["settings"] == [true])
        #expect(changed["items"] == [true, true])
        #expect(changed["tags"] == [true])
        #expect(changed["count"] == [true])
    }
}
