import ObservationLintCore
import ObservationSyntax
import XCTest

final class FetchResultsTests: XCTestCase {
    private func lines(_ type: String, in source: String) -> [String] {
        let index = ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
        return index.types[type].map(index.reRenderTriggerLines) ?? []
    }

    private let list = """
        struct ItemList: View {
            @FetchRequest(sortDescriptors: []) private var items: FetchedResults<Item>
            var body: some View { List(items) { item in Text(item.name ?? "") } }
        }
        """

    /// A `save()` after the same code inserted an `Item` (`Item(context:)`) changes what
    /// `@FetchRequest … FetchedResults<Item>` returns: the list's body runs again.
    func testSaveAfterInsertingTheEntityIsATrigger() {
        let source = list + """

            final class Editor {
                let context: NSManagedObjectContext
                init(context: NSManagedObjectContext) { self.context = context }
                func add(name: String) {
                    let item = Item(context: context)
                    item.name = name
                    try? context.save()
                }
            }
            """
        let lines = lines("ItemList", in: source)
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.hasPrefix("`items` (fetched `Item` objects) changes — App.swift:11, in `Editor.add()`, saving the `Item` it inserts") == true, "\(lines)")
    }

    /// A property write of an object typed by its declaration (a stored `Item?`), then `save()`.
    func testSaveAfterChangingAnObjectOfTheEntityIsATrigger() {
        let source = list + """

            final class Editor {
                var item: Item?
                let context: NSManagedObjectContext
                init(context: NSManagedObjectContext) { self.context = context }
                func rename(_ name: String) {
                    item?.name = name
                    try? context.save()
                }
            }
            """
        XCTAssertEqual(lines("ItemList", in: source).count, 1)
    }

    /// A save of another entity, a save of objects of unknown type, and a write never saved
    /// change nothing the fetch of `Item` returns that the analysis can witness.
    func testOtherEntitiesUnknownObjectsAndUnsavedWritesAreNoTrigger() {
        let source = list + """

            final class Editor {
                let context: NSManagedObjectContext
                init(context: NSManagedObjectContext) { self.context = context }
                func addTag() {
                    let tag = Tag(context: context)
                    tag.name = "new"
                    try? context.save()
                }
                func rename(_ object: NSManagedObject) {
                    object.setValue("x", forKey: "name")
                    try? context.save()
                }
                func draft() {
                    let item = Item(context: context)
                    item.name = "draft"
                }
            }
            """
        XCTAssertEqual(lines("ItemList", in: source), [])
    }

    /// SwiftData: `modelContext.insert(Note(…))` changes what `@Query var notes: [Note]`
    /// returns, with no `save()` (the context saves on its own); a delete of an object of
    /// another type does not.
    func testSwiftDataInsertIsATrigger() {
        let source = """
            @Model final class Note { var title = ""; init(title: String) { self.title = title } }
            @Model final class Tag { var name = ""; init() {} }
            struct Notes: View {
                @Query private var notes: [Note]
                @Environment(\\.modelContext) private var modelContext
                var body: some View {
                    List(notes) { note in Text(note.title) }
                    Button("Add") { modelContext.insert(Note(title: "new")) }
                }
            }
            struct Tags: View {
                @Environment(\\.modelContext) private var modelContext
                let tag: Tag
                var body: some View { Button("Delete") { modelContext.delete(tag) } }
            }
            """
        let lines = lines("Notes", in: source)
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("App.swift:8, in a button action in `Notes.body`, which inserts a `Note`") == true, "\(lines)")
    }

    /// Of two saves of the fetched entity, the witness is the one in a model the pushed
    /// view holds (it runs on that view's input), not one in other code listed first.
    func testWitnessIsTheSaveOfTheModelThePresentedViewHolds() {
        let source = list.replacingOccurrences(of: "Text(item.name ?? \"\") }", with: """
            NavigationLink("Edit") { ItemEditor(model: ItemEditorModel(context: context)) } }
                    .onAppear { Seed.fill(context) }
                @Environment(\\.managedObjectContext) private var context
            """) + """

            enum Seed {
                static func fill(_ context: NSManagedObjectContext) {
                    _ = Item(context: context)
                    try? context.save()
                }
            }
            final class ItemEditorModel: ObservableObject {
                @Published var name = ""
                let context: NSManagedObjectContext
                init(context: NSManagedObjectContext) { self.context = context }
                func save() {
                    let item = Item(context: context)
                    item.name = name
                    try? context.save()
                }
            }
            struct ItemEditor: View {
                @ObservedObject var model: ItemEditorModel
                var body: some View { Button("Save") { model.save() } }
            }
            """
        let index = ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
        guard let list = index.types["ItemList"], let site = index.viewGraph.constructions(of: "ItemEditor").first else {
            return XCTFail("no site")
        }
        let triggers = index.reRenderTriggers(of: list)
        XCTAssertEqual(triggers.count, 2)
        // The seed's save is listed first and could run while the editor is shown.
        XCTAssertTrue(triggers.first?.context.contains("`Seed.fill()`") == true)
        XCTAssertTrue(triggers.allSatisfy { index.canRun($0.write!, whileShowing: site) })
        let trigger = index.surestReRenderTrigger(of: list, whileShowingViewBuiltAt: site)
        XCTAssertTrue(trigger?.context.contains("`ItemEditorModel.save()`") == true, "\(String(describing: trigger?.context))")
    }
}
