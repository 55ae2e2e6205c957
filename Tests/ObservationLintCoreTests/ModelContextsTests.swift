import ObservationLintCore
import ObservationSyntax
import XCTest

/// `makesOwnModelContexts`: whether code the app runs makes a SwiftData context of its own.
final class ModelContextsTests: XCTestCase {
    private func makesOwn(_ files: [(path: String, source: String)]) -> Bool {
        ProjectIndex(files: files.map { ParsedFile(path: $0.path, bytes: Array($0.source.utf8)) }, defaultIsolationIsMainActor: false)
            .makesOwnModelContexts
    }

    private let model = """
        import SwiftData
        @Model final class Recipe {
            var name: String
            init(name: String) { self.name = name }
        }
        struct RecipeList: View {
            @Query private var recipes: [Recipe]
            @Environment(\\.modelContext) private var context
            var body: some View { List(recipes) { Text($0.name) } }
        }
        """

    /// Views' contexts only (`@Query`, the environment's, the container's `mainContext`).
    func testAnAppUsingOnlyTheViewsContextMakesNone() {
        XCTAssertFalse(makesOwn([("App.swift", model + "\nfunc save(_ c: ModelContainer) { try? c.mainContext.save() }")]))
    }

    /// `ModelContext(container)` or a `@ModelActor` (or a `ModelActor` conformance) in app code.
    func testAContextOrModelActorOfItsOwn() {
        XCTAssertTrue(makesOwn([("App.swift", model), ("Sync.swift", "final class Sync { let c: ModelContext; init(_ k: ModelContainer) { c = ModelContext(k) } }")]))
        XCTAssertTrue(makesOwn([("App.swift", model), ("Importer.swift", "@ModelActor actor Importer { func run() {} }")]))
        XCTAssertTrue(makesOwn([("App.swift", model), ("Importer.swift", "actor Importer: ModelActor { }")]))
    }

    /// A context made only in previews or test code does not count: the app never runs it.
    func testPreviewAndTestContextsDoNotCount() {
        let preview = "#Preview { RecipeList().modelContext(ModelContext(try! ModelContainer(for: Recipe.self))) }"
        let provider = "struct RecipeList_Previews: PreviewProvider { static var previews: some View { RecipeList().modelContext(ModelContext(container)) } }"
        let test = "import XCTest\nfinal class RecipeTests: XCTestCase { func testIt() { _ = ModelContext(container) } }"
        XCTAssertFalse(makesOwn([("App.swift", model + "\n" + preview + "\n" + provider), ("AppTests.swift", test)]))
    }
}

/// `writesThroughLocal(_:)`: a write to an object a local of its function holds.
final class LocalObjectWritesTests: XCTestCase {
    func testAWriteThroughALocalAndThroughAStoredProperty() {
        let source = """
            @Observable final class Recipe {
                var name = ""
                var isFavorite = false
            }
            final class Editor {
                let recipe: Recipe
                init(recipe: Recipe) { self.recipe = recipe }
                func save() async {
                    let name = await Backend.name()
                    recipe.name = name
                    let fresh = await Backend.recipe()
                    fresh.isFavorite = true
                }
            }
            struct RecipeRow: View {
                let recipe: Recipe
                var body: some View { Text(recipe.name + (recipe.isFavorite ? "*" : "")) }
            }
            """
        let index = ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
        let writes = index.offMainWrites(inFile: 0).map { ($0.model.property.name, index.writesThroughLocal($0.model.write)) }
        XCTAssertEqual(writes.map(\.0), ["name", "isFavorite"])
        XCTAssertEqual(writes.map(\.1), [false, true])
    }
}
