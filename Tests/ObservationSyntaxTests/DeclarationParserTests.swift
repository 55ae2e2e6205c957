import ObservationSyntax
import XCTest

final class DeclarationParserTests: XCTestCase {
    private func parse(_ code: String) -> ParsedFile { ParsedFile(path: "Test.swift", bytes: Array(code.utf8)) }

    func testImportsTypesAndInheritance() {
        let file = parse("""
            import SwiftUI
            @testable import App
            import struct Foundation.Date

            @MainActor
            final class Store<Item: Hashable>: BaseStore, ObservableObject where Item: Sendable {
                enum Mode: String, CaseIterable { case list, grid }
            }
            protocol Loading: ObservableObject {}
            actor Cache {}
            """)
        XCTAssertEqual(file.imports.map(\.module), ["SwiftUI", "App", "Foundation"])
        XCTAssertEqual(file.types.map(\.name), ["Store", "Loading", "Cache"])
        XCTAssertEqual(file.types.map(\.kind), [.class, .protocol, .actor])
        let store = file.types[0]
        XCTAssertEqual(store.attributes.map(\.name), ["MainActor"])
        XCTAssertEqual(store.modifiers.map(\.name), ["final"])
        XCTAssertEqual(store.inheritance.map(\.text), ["BaseStore", "ObservableObject"])
        XCTAssertNotNil(store.genericParameters)
        XCTAssertEqual(store.nestedTypes.map(\.qualifiedName), ["Store.Mode"])
        XCTAssertEqual(store.nestedTypes[0].inheritance.map(\.text), ["String", "CaseIterable"])
    }

    func testExtensionsAndViewConformanceByExtension() {
        let file = parse("""
            struct ContentView {
                let title: String
            }
            extension ContentView: View {
                var body: some View { Text(title) }
            }
            extension Outer.Inner { func helper() {} }
            """)
        XCTAssertEqual(file.types.map(\.kind), [.struct, .extension, .extension])
        XCTAssertEqual(file.types[1].name, "ContentView")
        XCTAssertEqual(file.types[1].inheritance.map(\.text), ["View"])
        let body = file.types[1].properties[0]
        XCTAssertEqual(body.name, "body")
        XCTAssertEqual(body.type?.text, "some View")
        XCTAssertTrue(body.isComputed)
        XCTAssertEqual(body.accessors.map(\.isImplicitGetter), [true])
        XCTAssertEqual(file.types[2].name, "Outer.Inner")
        XCTAssertEqual(file.types[2].functions.map(\.name), ["helper"])
    }

    func testPropertiesWithAttributesModifiersTypesAndInitialValues() {
        let file = parse("""
            struct Settings {
                @ObservationIgnored @AppStorage("k") var x = ""
                @State
                // a comment between the attribute and the declaration
                /* and another */
                private var count: Int = 0
                @Environment(\\.dismiss) private var dismiss
                @Published private(set) var items: [String: [Int]] = [:]
                static let shared = Settings()
                var a = 1, b: Double = 2
                let (first, second) = (1, 2)
                nonisolated(unsafe) var legacy: Any?
                lazy var formatter = DateFormatter()
                @Published private (set) var spaced = 0
            }
            """)
        let properties = file.types[0].properties
        XCTAssertEqual(
            properties.map(\.name),
            ["x", "count", "dismiss", "items", "shared", "a", "b", "first", "second", "legacy", "formatter", "spaced"])
        // Swift accepts a space before a modifier's detail.
        XCTAssertEqual(properties[11].modifiers.first?.detail, "set")
        XCTAssertNil(properties[11].modifiers.accessLevel)
        XCTAssertEqual(properties[0].attributes.map(\.name), ["ObservationIgnored", "AppStorage"])
        XCTAssertEqual(properties[0].attributes[1].arguments.map { file.text($0) }, "\"k\"")
        XCTAssertEqual(properties[0].initializer.map { file.text($0) }, "\"\"")
        XCTAssertEqual(properties[1].attributes.map(\.name), ["State"])
        XCTAssertEqual(properties[1].modifiers.accessLevel, .private)
        XCTAssertEqual(properties[1].type?.text, "Int")
        XCTAssertEqual(properties[1].initializer.map { file.text($0) }, "0")
        XCTAssertEqual(properties[2].attributes[0].arguments.map { file.text($0) }, "\\.dismiss")
        XCTAssertNil(properties[2].type)
        XCTAssertEqual(properties[3].modifiers.map(\.name), ["private"])
        XCTAssertEqual(properties[3].modifiers.first?.detail, "set")
        XCTAssertNil(properties[3].modifiers.accessLevel, "private(set) restricts only the setter")
        XCTAssertEqual(properties[3].type?.text, "[String:[Int]]")
        XCTAssertTrue(properties[4].modifiers.contains("static"))
        XCTAssertTrue(properties[4].isLet)
        XCTAssertEqual(properties[6].type?.text, "Double")
        XCTAssertEqual(properties[6].initializer.map { file.text($0) }, "2")
        XCTAssertEqual(properties[9].modifiers.first?.detail, "unsafe")
        XCTAssertTrue(properties[10].modifiers.contains("lazy"))
        XCTAssertTrue(properties.allSatisfy(\.isStored))
    }

    func testAccessorsAndObservers() {
        let file = parse("""
            final class Model {
                var total: Int {
                    get { count * 2 }
                    set { count = newValue / 2 }
                }
                var count = 0 {
                    willSet { print(newValue) }
                    didSet(old) { print(old) }
                }
                var label: String { get(label: 1) }
                var value: Int { get async throws { 1 } }
            }
            protocol Named { var name: String { get set } }
            """)
        let properties = file.types[0].properties
        XCTAssertEqual(properties[0].accessors.map(\.kind), [.get, .set])
        XCTAssertTrue(properties[0].isComputed)
        XCTAssertEqual(properties[1].accessors.map(\.kind), [.willSet, .didSet])
        XCTAssertTrue(properties[1].isStored)
        XCTAssertEqual(properties[1].initializer.map { file.text($0) }, "0")
        XCTAssertEqual(properties[2].accessors.map(\.isImplicitGetter), [true], "a getter that calls get(…)")
        XCTAssertEqual(properties[3].accessors.map(\.kind), [.get])
        let requirement = file.types[1].properties[0]
        XCTAssertEqual(requirement.accessors.map(\.kind), [.get, .set])
        XCTAssertEqual(requirement.accessors.map(\.body), [nil, nil])
    }

    func testFunctionsInitializersSubscriptsAndParameters() {
        let file = parse("""
            struct Row: View {
                init(model: @autoclosure @escaping () -> RowModel, _ index: Int = 0) {}
                init?(id: String) throws {}
                deinit {}
                subscript(index: Int) -> String { "" }
                @ViewBuilder
                private func header(for title: String, @ViewBuilder content: () -> some View) -> some View {
                    Text(title)
                }
                static func == (lhs: Row, rhs: Row) -> Bool { true }
                func load<T: Decodable>(_ type: T.Type) async throws -> T where T: Sendable { fatalError() }
            }
            """)
        let functions = file.types[0].functions
        XCTAssertEqual(functions.map(\.kind), [.initializer, .initializer, .deinitializer, .subscript, .function, .function, .function])
        XCTAssertEqual(functions.map(\.name), ["init", "init", "deinit", "subscript", "header", "==", "load"])
        let initializer = functions[0]
        XCTAssertEqual(initializer.parameters.map(\.label), ["model", nil])
        XCTAssertEqual(initializer.parameters.map(\.name), ["model", "index"])
        XCTAssertEqual(initializer.parameters.map(\.isAutoclosure), [true, false])
        XCTAssertEqual(initializer.parameters[1].defaultValue.map { file.text($0) }, "0")
        XCTAssertEqual(functions[4].attributes.map(\.name), ["ViewBuilder"])
        XCTAssertEqual(functions[4].parameters.map(\.label), ["for", "content"])
        XCTAssertEqual(functions[4].parameters.map(\.name), ["title", "content"])
        XCTAssertEqual(functions[4].returnType?.text, "some View")
        XCTAssertEqual(functions[6].returnType?.text, "T")
        XCTAssertNotNil(functions[6].genericParameters)
        XCTAssertTrue(functions.allSatisfy { $0.body != nil })
    }

    func testBothBranchesOfIfConfigInsideAStruct() {
        let file = parse("""
            struct Platform {
                #if os(iOS)
                @State private var sheet = false
                func iOSOnly() {}
                #elseif os(macOS)
                var macOnly: Int { 1 }
                #else
                let other = 0
                #endif
                let shared = 1
            }
            """)
        XCTAssertEqual(file.types[0].properties.map(\.name), ["sheet", "macOnly", "other", "shared"])
        XCTAssertEqual(file.types[0].functions.map(\.name), ["iOSOnly"])
    }

    func testPreviewsAndTopLevelDeclarations() {
        let file = parse("""
            let appName = "Recipes"
            func makeStore() -> Store { Store() }
            typealias Handler = (Int) -> Void
            #Preview {
                ContentView()
            }
            #Preview("Dark") { ContentView().preferredColorScheme(.dark) }
            @available(iOS 17.0, *)
            #Preview("Scroll") { ContentView() }
            struct ContentView_Previews: PreviewProvider {
                static var previews: some View { ContentView() }
            }
            """)
        XCTAssertEqual(file.properties.map(\.name), ["appName"])
        XCTAssertEqual(file.functions.map(\.name), ["makeStore"])
        XCTAssertEqual(file.typeAliases.map(\.name), ["Handler"])
        XCTAssertEqual(file.previews.count, 3)
        XCTAssertEqual(file.types.map(\.name), ["ContentView_Previews"])
        XCTAssertEqual(file.types[0].properties[0].modifiers.map(\.name), ["static"])
    }

    func testMultiLineInitialValuesEndAtTheNextDeclaration() {
        let file = parse("""
            struct Layout {
                let columns = [
                    GridItem(.flexible()),
                    GridItem(.flexible()),
                ]
                let spacing = base
                    * 2
                    + offset
                let formatter: NumberFormatter = {
                    let formatter = NumberFormatter()
                    return formatter
                }()
                var next = 0
            }
            """)
        let properties = file.types[0].properties
        XCTAssertEqual(properties.map(\.name), ["columns", "spacing", "formatter", "next"])
        XCTAssertEqual(properties[1].initializer.map { file.text($0) }, "base\n        * 2\n        + offset")
        XCTAssertTrue(properties[2].initializer.map { file.text($0).hasSuffix("}()") } ?? false)
    }

    func testContextualKeywordsAsNames() {
        let file = parse("""
            struct Names {
                var actor: String = ""
                var open = false
                func get() {}
                let `default` = 1
            }
            """)
        XCTAssertEqual(file.types[0].properties.map(\.name), ["actor", "open", "`default`"])
        XCTAssertEqual(file.types[0].functions.map(\.name), ["get"])
    }
}
