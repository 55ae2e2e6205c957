import ObservationLintCore
import ObservationSyntax
import XCTest

final class ProjectIndexTests: XCTestCase {
    private func index(_ files: [String: String], mainActor: Bool = false) -> ProjectIndex {
        let parsed = files.sorted { $0.key < $1.key }.map { ParsedFile(path: $0.key, bytes: Array($0.value.utf8)) }
        return ProjectIndex(files: parsed, defaultIsolationIsMainActor: mainActor)
    }

    func testExtensionsMergeAcrossFiles() {
        let index = index([
            "A.swift": "struct ContentView { let title: String }",
            "B.swift": "extension ContentView: View { var body: some View { Text(title) } }",
        ])
        let view = index.types["ContentView"]
        XCTAssertEqual(view?.kind, .struct)
        XCTAssertEqual(view?.declarations.count, 2)
        XCTAssertTrue(view?.isView ?? false)
        XCTAssertEqual(view?.properties.map(\.property.name), ["title", "body"])
    }

    func testObservationTraitsFollowInheritanceAndRefinement() {
        let index = index([
            "Base.swift": "class BaseStore: ObservableObject {}\n@MainActor class MainBase {}",
            "Stores.swift": """
                final class CartStore: BaseStore {}
                protocol SessionProviding: ObservableObject {}
                final class Session: SessionProviding {}
                @Observable final class Profile {}
                @Observable final class Both: ObservableObject {}
                final class Plain {}
                final class Isolated: MainBase {}
                struct Point {}
                enum Tab { case a }
                """,
        ])
        XCTAssertEqual(index.modelKind(of: "CartStore"), .observableObject)
        XCTAssertEqual(index.modelKind(of: "Session"), .observableObject)
        XCTAssertEqual(index.modelKind(of: "Profile"), .observable)
        XCTAssertEqual(index.modelKind(of: "Both"), .both)
        XCTAssertEqual(index.modelKind(of: "Plain"), .plainClass)
        XCTAssertEqual(index.modelKind(of: "Point"), .valueType)
        XCTAssertEqual(index.modelKind(of: "Tab"), .valueType)
        XCTAssertEqual(index.modelKind(of: "Int"), .valueType)
        XCTAssertEqual(index.modelKind(of: "URL"), .valueType)
        XCTAssertEqual(index.modelKind(of: "NSManagedObject"), .unknown)
        XCTAssertEqual(index.isolation(of: index.types["Isolated"]!).domain, .mainActor)
        XCTAssertNotEqual(index.isolation(of: index.types["Plain"]!).domain, .mainActor)
        XCTAssertEqual(index.typeAndAncestors(of: index.types["CartStore"]!).map(\.name), ["CartStore", "BaseStore"])
        XCTAssertEqual(Set(index.typeAndSubtypes(of: index.types["BaseStore"]!).map(\.name)), ["BaseStore", "CartStore"])
    }

    func testDefaultIsolation() {
        let index = index(["A.swift": "final class Plain {}"], mainActor: true)
        XCTAssertEqual(index.isolation(of: index.types["Plain"]!).domain, .mainActor)
    }

    func testNestedTypesAndAliasesResolve() {
        let index = index([
            "A.swift": """
                enum Feature {
                    final class Model: ObservableObject {}
                    struct Screen: View {
                        @StateObject var model = Model()
                        var body: some View { Text("") }
                    }
                }
                typealias FeatureModel = Feature.Model
                """
        ])
        XCTAssertEqual(index.resolve("Model", from: "Feature.Screen"), "Feature.Model")
        XCTAssertEqual(index.resolve("Feature.Model"), "Feature.Model")
        XCTAssertNil(index.resolve("Model"))
        XCTAssertEqual(index.resolve("FeatureModel"), "Feature.Model")
        let screen = index.files[0].types[0].nestedTypes[1]
        XCTAssertEqual(index.declaredShape(of: screen.properties[0], in: index.files[0], scope: "Feature.Screen"), .named("Feature.Model", []))
    }

    func testAliasOfAGenericTypesSpecializationResolvesToTheGenericType() {
        let index = index([
            "A.swift": """
                class Prompt<T>: ObservableObject { @Published var show = false }
                typealias YesNoPrompt = Prompt<Bool>
                typealias Prompts = [Prompt<Bool>]
                struct Page: View {
                    @State private var prompt = YesNoPrompt()
                    var body: some View { Text("") }
                }
                """
        ])
        XCTAssertEqual(index.resolve("YesNoPrompt"), "Prompt")
        XCTAssertEqual(index.type(named: "YesNoPrompt", from: "Page")?.isObservableObject, true)
        // An alias of a collection names no project type.
        XCTAssertNil(index.resolve("Prompts"))
    }

    func testResultReadsAreTheMembersAMethodComputesItsResultFrom() {
        let index = index([
            "A.swift": """
                final class Catalog: ObservableObject {
                    static let shared = Catalog()
                    @Published var items: [String: [String]] = [:]
                    let title = "Catalog"
                    func items(in category: String) -> [String] { self.items[category] ?? [] }
                    func label(for items: [String]) -> String { items.joined() + title }
                    func load() { items = [:] }
                    static func count(in category: String) -> Int { shared.items[category]?.count ?? 0 }
                    static func named(_ name: String) -> String { name }
                }
                """
        ])
        let catalog = index.types["Catalog"]!
        XCTAssertEqual(index.resultReads(ofMethod: "items", in: catalog).map { $0.path[0] }, ["items"])
        // A parameter hides the member of the same name.
        XCTAssertEqual(index.resultReads(ofMethod: "label", in: catalog).map { $0.path[0] }, ["title"])
        // No result, no result reads.
        XCTAssertTrue(index.resultReads(ofMethod: "load", in: catalog).isEmpty)
        // A static method reads the shared instance.
        XCTAssertEqual(index.resultReads(ofMethod: "count", in: catalog).map { $0.path[0] }, ["items"])
        XCTAssertTrue(index.resultReads(ofMethod: "named", in: catalog).isEmpty)
    }

    func testNamesThatMayNameATypeAreEveryNameALookupCanFind() {
        let index = index([
            "A.swift": """
                enum Feature {
                    final class Model: ObservableObject {}
                    typealias Row = Model
                }
                typealias FeatureModel = Feature.Model
                private struct Draft {}
                struct Screen: View { var body: some View { Text("") } }
                """
        ])
        // Nested, nested alias, top-level alias, file-private, top-level.
        for name in ["Model", "Row", "FeatureModel", "Draft", "Screen"] {
            XCTAssertTrue(index.mayNameType(simpleName: name), name)
        }
        XCTAssertNotNil(index.type(named: "Row", from: "Feature"))
        XCTAssertNotNil(index.type(named: "Draft", file: 0))
        for name in ["Text", "VStack"] {
            XCTAssertFalse(index.mayNameType(simpleName: name), name)
            XCTAssertNil(index.type(named: name, from: "Screen"), name)
        }
    }

    func testTypeShapes() {
        XCTAssertEqual(TypeShape("Model?").heldName, "Model")
        XCTAssertEqual(TypeShape("[String:Model]").heldName, "Model")
        XCTAssertEqual(TypeShape("Dictionary<String,[Model]>").heldName, "Model")
        XCTAssertEqual(TypeShape("Set<Model>").heldName, "Model")
        XCTAssertEqual(TypeShape("Optional<Outer.Inner>").directName, "Outer.Inner")
        XCTAssertNil(TypeShape("[Model]").directName)
        XCTAssertEqual(TypeShape("some View"), .other)
        XCTAssertEqual(TypeShape("(Int)->Void"), .other)
        XCTAssertEqual(TypeShape("@MainActor Model").directName, "Model")
        XCTAssertTrue(TypeShape("Model!").isOptional)
    }

    func testConstructedTypes() {
        let index = index([
            "A.swift": """
                final class Model: ObservableObject {}
                struct Holder {
                    let a = Model()
                    let b = Model.init()
                    let c: Model = .init()
                    let d = Model.shared
                    let e = makeModel()
                    let f = Model().child
                }
                """
        ])
        let file = index.files[0]
        let shapes = file.types[1].properties.map { index.declaredShape(of: $0, in: file, scope: "Holder") }
        XCTAssertEqual(shapes, [.named("Model", []), .named("Model", []), .named("Model", []), nil, nil, nil])
    }

    func testViewReadsAndMutationsAreRecordedWithTheirRole() {
        let index = index([
            "Model.swift": "final class Cart: ObservableObject { @Published var items: [String] = []; var note = \"\" }",
            "View.swift": """
                struct CartView: View {
                    @ObservedObject var cart: Cart
                    var body: some View {
                        VStack {
                            Text(cart.note)
                            Button("Clear") { cart.items.removeAll() }
                            TextField("Note", text: $cart.note)
                        }
                    }
                }
                """,
        ])
        let reads = index.viewReads["Cart"] ?? []
        XCTAssertEqual(reads.map { $0.path.joined(separator: ".") }, ["note", "items.removeAll", "note"])
        XCTAssertEqual(reads.map(\.role), [.content, .action, .content])
        XCTAssertTrue(reads.allSatisfy { $0.reference.wrapper == "ObservedObject" })
        XCTAssertEqual((index.viewMutations["Cart"] ?? []).map { $0.path.joined(separator: ".") }, ["items", "note"])
    }

    /// An assignment target is written, not read (`box.action = action` reads only `box`);
    /// a view property typed by an alias of a generic model (`typealias Note = Entity<Int>`)
    /// is a reference to that model.
    func testViewReadsSkipAssignmentTargetsAndFollowGenericAliases() {
        let index = index([
            "Model.swift": """
                final class Box { var action: (() -> Void)?; var config = Config() }
                final class Config { var tint = 0 }
                final class Entity<ID>: ObservableObject { @Published var title = "" }
                typealias Note = Entity<Int>
                """,
            "View.swift": """
                struct Relay: View {
                    @State private var box = Box()
                    @ObservedObject var note: Note
                    var body: some View {
                        box.action = {}
                        box.config.tint = 1
                        box.config.tint += 1
                        return Text(note.title)
                    }
                }
                """,
        ])
        XCTAssertEqual((index.viewReads["Box"] ?? []).map { $0.path.joined(separator: ".") }, ["config", "config.tint"])
        XCTAssertEqual((index.viewReads["Entity"] ?? []).map { $0.path.joined(separator: ".") }, ["title"])
    }

    /// Global variables by name, with the project type they hold; a name two files declare
    /// with different types holds none.
    func testGlobalVariableTypes() {
        let index = index([
            "A.swift": """
                struct World { var notifier = Notifier() }
                final class Notifier {}
                var Current = World()
                let shared: Notifier = Notifier()
                var other = World()
                """,
            "B.swift": "var other = Notifier()",
        ])
        XCTAssertEqual(index.globalVariableType(named: "Current"), "World")
        XCTAssertEqual(index.globalVariableType(named: "shared"), "Notifier")
        XCTAssertNil(index.globalVariableType(named: "other"))
        XCTAssertNil(index.globalVariableType(named: "notifier"))
    }

    // MARK: - Scopes (SPEC §9)

    func testPrivateTypesAreSeenFromTheirFileOnly() {
        let index = index([
            "A.swift": """
                private final class Draft: ObservableObject {}
                struct ComposeView { let draft = Draft() }
                """,
            "B.swift": """
                fileprivate struct Draft {}
                struct EditView { let draft = Draft() }
                """,
            "C.swift": "struct Other {}",
        ])
        XCTAssertEqual(index.modelKind(of: "Draft", file: 0), .observableObject)
        XCTAssertEqual(index.modelKind(of: "Draft", file: 1), .valueType)
        XCTAssertEqual(index.modelKind(of: "Draft", file: 2), .unknown)
        // From a type declared in one file, that file's private types are found without naming it.
        XCTAssertEqual(index.modelKind(of: "Draft", from: "ComposeView"), .observableObject)
        XCTAssertEqual(index.modelKind(of: "Draft", from: "EditView"), .valueType)
    }

    func testDisagreeingDeclarationsOfOneNameAreUnknown() {
        let index = index([
            "A.swift": """
                #if os(iOS)
                final class Haptics: ObservableObject {}
                #else
                struct Haptics {}
                #endif
                #if DEBUG
                final class Logger {}
                #else
                final class Logger {}
                #endif
                """,
        ])
        XCTAssertEqual(index.modelKind(of: "Haptics"), .unknown)
        XCTAssertEqual(index.modelKind(of: "Logger"), .plainClass)
    }

    func testTypesOfOneNameInTwoTargetsWithOtherMembersAreUnknown() {
        let index = index([
            "iOS/Workout.swift": """
                @Observable final class WorkoutModel {
                    var day = 0
                    func updateData() { day += 1 }
                }
                final class Settings { var theme = "" }
                """,
            "Watch/Workout.swift": """
                @Observable final class WorkoutModel {
                    var day = 0
                    var isAuthorized = false
                }
                final class Settings { var theme = "" }
                """,
        ])
        XCTAssertEqual(index.modelKind(of: "WorkoutModel"), .unknown)
        // Copies that declare the same members stay one type.
        XCTAssertEqual(index.modelKind(of: "Settings"), .plainClass)
    }

    func testVariantsOfOneNameAreTypesOfTheirOwn() {
        let index = index([
            "A.swift": """
                #if os(iOS)
                struct Card: View { var body: some View { Text("iOS") } }
                #elseif os(macOS)
                struct Card: View { var body: some View { Text("macOS") } }
                #else
                struct Card: View {}
                #endif
                #if DEBUG
                extension Card { var debugName: String { "" } }
                #endif
                extension Card { var name: String { "" } }
                """,
        ])
        let variants = index.typeDeclarations(in: 0).filter { $0.decl.kind != .extension }.map(\.info.name)
        XCTAssertEqual(variants, ["Card", "‹v1›.Card", "‹v2›.Card"])
        // Each variant has its own declaration and every extension that compiles with it.
        for key in variants {
            XCTAssertEqual(index.types[key]?.declarations.count, 3, key)
            XCTAssertTrue(index.types[key]?.isView ?? false, key)
        }
        XCTAssertEqual(index.modelKind(of: "Card"), .valueType)
    }

    func testConditionalClauses() {
        let file = ParsedFile(path: "A.swift", bytes: Array("""
            #if A
            let a = 1
            #if B
            let b = 2
            #endif
            #else
            let c = 3
            #endif
            let d = 4
            """.utf8))
        func clauses(of name: String) -> [ConditionalClause] {
            file.conditionalClauses(around: file.tokens.indices.first { file.text($0) == name }!)
        }
        XCTAssertEqual(clauses(of: "a"), [ConditionalClause(block: 0, clause: 0)])
        XCTAssertEqual(clauses(of: "b"), [ConditionalClause(block: 0, clause: 0), ConditionalClause(block: 1, clause: 0)])
        XCTAssertEqual(clauses(of: "c"), [ConditionalClause(block: 0, clause: 1)])
        XCTAssertEqual(clauses(of: "d"), [])
        XCTAssertTrue(clauses(of: "b").excludes(clauses(of: "c")))
        XCTAssertFalse(clauses(of: "a").excludes(clauses(of: "b")))
        XCTAssertFalse(clauses(of: "d").excludes(clauses(of: "c")))
    }

    func testPackagesShowOnlyTheirPublicTypes() {
        let kit = ParsedFile(
            path: "Kit.swift",
            bytes: Array("""
                protocol Store: ObservableObject {}
                public final class Theme: Store {}
                public struct Palette {}
                """.utf8))
        let app = ParsedFile(path: "App.swift", bytes: Array("struct Store {}\nstruct Palette: View {}".utf8))
        let package = ProjectIndex(files: [kit])
        XCTAssertEqual(Set(package.publicTypes.keys), ["Theme", "Palette"])
        let index = ProjectIndex(
            files: [app, kit], isPackageFile: [false, true],
            importedTypes: package.publicTypes.mapValues { $0.renumberingFiles { $0 + 1 } })
        XCTAssertEqual(index.modelKind(of: "Store", file: 0), .valueType)
        // The package's internal protocol still made its public class an ObservableObject.
        XCTAssertEqual(index.modelKind(of: "Theme", file: 0), .observableObject)
        XCTAssertEqual(index.types["Theme"]?.declarations.map(\.file), [1])
        // The project's own type shadows the imported one.
        XCTAssertTrue(index.types["Palette"]?.isView ?? false)
    }

    func testConformanceFollowsTypeAliasCompositions() {
        let index = index([
            "A.swift": """
                typealias ViewModel = ObservableObject & Identifiable
                typealias Screen = ViewModel & Sendable
                final class Feed: ViewModel {}
                final class Detail: Screen {}
                final class Both: ObservableObject & Sendable {}
                """,
        ])
        XCTAssertEqual(index.modelKind(of: "Feed"), .observableObject)
        XCTAssertEqual(index.modelKind(of: "Detail"), .observableObject)
        XCTAssertEqual(index.modelKind(of: "Both"), .observableObject)
    }
}
