import ObservationLintCore
import ObservationSyntax
import XCTest

final class FreshModelsTests: XCTestCase {
    private func index(_ sources: [String]) -> ProjectIndex {
        ProjectIndex(
            files: sources.enumerated().map { ParsedFile(path: "File\($0.offset).swift", bytes: Array($0.element.utf8)) },
            defaultIsolationIsMainActor: false)
    }

    /// The model each method of `type` returns newly built ("-" for none), by method name.
    private func freshModels(of type: String, in sources: [String]) -> [String: String] {
        let index = index(sources)
        guard let info = index.types[type] else { return [:] }
        var result: [String: String] = [:]
        for (file, function) in info.functions where function.kind == .function {
            result[function.name] = index.freshModel(returnedBy: function, in: file, owner: type)?.type ?? "-"
        }
        return result
    }

    /// The model the call on the `let probe = …` line of `View.body` returns newly built.
    private func freshModelOfProbe(in sources: [String]) -> String? {
        let index = index(sources)
        for (position, file) in index.files.enumerated() {
            guard let probe = file.tokens.indices.first(where: { file.spells($0, "probe") && file.at($0 - 1, "let") }) else { continue }
            let end = file.expressionEnd(from: probe + 2, end: file.tokens.count, stopAtComma: true)
            let view = index.types["Screen"]!
            let body = view.properties.first { $0.property.name == "body" }!.property.accessors[0].body!
            return index.freshModel(returnedBy: probe + 2..<end, in: position, code: body, scope: "Screen", parameters: [])?.type
        }
        return nil
    }

    private let models = """
        final class Model: ObservableObject {
            @Published var count = 0
            init(id: Int = 0) {}
        }
        @Observable final class Draft { var text = "" }
        final class Service {}
        """

    func testEveryReturnPathBuildsTheModel() {
        let factory = """
            final class Factory {
                private var cached: Model?
                private var stored = Model()
                func direct() -> Model { Model() }
                func returned(id: Int) -> Model { return Model(id: id) }
                func configured() -> Model {
                    let model = Model(id: 1)
                    model.count = 2
                    return model
                }
                func either(_ flag: Bool) -> Model {
                    if flag { return Model(id: 1) }
                    return direct()
                }
                func observable() -> Draft { Draft() }
                func delegating() -> Model { self.configured() }
                func cache() -> Model {
                    if let cached { return cached }
                    let model = Model()
                    cached = model
                    return model
                }
                func kept() -> Model { stored }
                func registered() -> Model {
                    let model = Model()
                    register(model)
                    return model
                }
                func register(_ model: Model) {}
                func service() -> Service { Service() }
                func closureReturn() -> Model {
                    let make = { () -> Model in return Model() }
                    return stored
                }
                func ping() -> Model { pong() }
                func pong() -> Model { ping() }
            }
            """
        let fresh = freshModels(of: "Factory", in: [models, factory])
        XCTAssertEqual(fresh["direct"], "Model")
        XCTAssertEqual(fresh["returned"], "Model")
        XCTAssertEqual(fresh["configured"], "Model")
        XCTAssertEqual(fresh["either"], "Model")
        XCTAssertEqual(fresh["observable"], "Draft")
        XCTAssertEqual(fresh["delegating"], "Model")
        // A cache, a stored object, a model handed to someone else, a plain class, a return
        // inside a closure, and a cycle: not fresh.
        XCTAssertEqual(fresh["cache"], "-")
        XCTAssertEqual(fresh["kept"], "-")
        XCTAssertEqual(fresh["registered"], "-")
        XCTAssertEqual(fresh["service"], "-")
        XCTAssertEqual(fresh["closureReturn"], "-")
        XCTAssertEqual(fresh["ping"], "-")
        XCTAssertEqual(fresh["pong"], "-")
    }

    func testCallsThroughReceiversAndProtocols() {
        let factories = """
            protocol Making {
                func make() -> Model
            }
            final class Maker: Making {
                static let shared = Maker()
                func make() -> Model { Model() }
                static func build() -> Model { Model() }
            }
            final class Container {
                static let shared = Container()
                private lazy var maker: Making = Maker()
                func makeModel() -> Model { maker.make() }
            }
            protocol Caching {
                func make() -> Model
            }
            final class FreshCache: Caching { func make() -> Model { Model() } }
            final class KeptCache: Caching {
                let model = Model()
                func make() -> Model { model }
            }
            """
        func probe(_ expression: String, members: String = "") -> String? {
            let screen = """
                struct Screen: View {
                    let making: Making
                    let caching: Caching
                    \(members)
                    var body: some View {
                        let probe = \(expression)
                        Text("")
                    }
                }
                """
            return freshModelOfProbe(in: [models, factories, screen])
        }
        XCTAssertEqual(probe("Maker.shared.make()"), "Model")
        XCTAssertEqual(probe("Maker.build()"), "Model")
        XCTAssertEqual(probe("Container.shared.makeModel()"), "Model")
        XCTAssertEqual(probe("making.make()"), "Model")
        XCTAssertEqual(probe("Container.shared.makeModel()!"), "Model")
        // One conformer returns a kept object.
        XCTAssertNil(probe("caching.make()"))
        // Not a project function, or not known.
        XCTAssertNil(probe("unknown.make()"))
        XCTAssertNil(probe("Maker.shared.missing()"))
    }

    func testSwinjectRegistrationsInTheDefaultScope() {
        let assembly = """
            import Swinject
            final class Assembly {
                func assemble(container: Container) {
                    container.register(Model.self) { @MainActor r in
                        Model(id: 1)
                    }
                    container.register(Draft.self) { _ in Draft() }.inObjectScope(.container)
                }
            }
            """
        func probe(_ expression: String, imports: String = "import Swinject") -> String? {
            let screen = """
                \(imports)
                struct Screen: View {
                    var body: some View {
                        let probe = \(expression)
                        Text("")
                    }
                }
                """
            return freshModelOfProbe(in: [models, assembly, screen])
        }
        XCTAssertEqual(probe("Container.shared.resolve(Model.self)!"), "Model")
        // Kept by its object scope; a code that does not import Swinject.
        XCTAssertNil(probe("Container.shared.resolve(Draft.self)!"))
        XCTAssertNil(probe("Container.shared.resolve(Model.self)!", imports: "import Foundation"))
    }

    func testClosurePropertiesOfViews() {
        let container = """
            final class Container {
                static let shared = Container()
                private let kept = Model()
                func makeModel(id: Int) -> Model { Model(id: id) }
                func keptModel(id: Int) -> Model { kept }
            }
            struct Root: View {
                var body: some View { Parent0(container: .shared, factory: { Container.shared.makeModel(id: $0) }) }
            }
            """
        /// `probe` in `Screen.body`, with each `ParentN` building `Screen(factory: value)`.
        func probe(_ expression: String = "factory(1)", passed values: [String], screen members: String = "let factory: (Int) -> Model") -> String? {
            let screen = """
                struct Screen: View {
                    \(members)
                    var body: some View {
                        let make = factory
                        let probe = \(expression)
                        Text("")
                    }
                }
                """
            let parents = values.enumerated().map { position, value in
                """
                struct Parent\(position): View {
                    let container: Container
                    let factory: (Int) -> Model
                    var body: some View { Screen(factory: \(value)) }
                }
                """
            }
            return freshModelOfProbe(in: [models, container, screen] + parents)
        }
        // Closure literals and method references that build the model on every call.
        XCTAssertEqual(probe(passed: ["{ id in container.makeModel(id: id) }", "container.makeModel", "{ _ in Model() }"]), "Model")
        XCTAssertEqual(probe("self.factory(1)", passed: ["container.makeModel"]), "Model")
        XCTAssertEqual(probe("make(2)", passed: ["container.makeModel"]), "Model")
        // The parent's own property, filled by its callers.
        XCTAssertEqual(probe(passed: ["factory"]), "Model")
        // Not passed, the default is stored.
        XCTAssertEqual(probe(passed: [], screen: "var factory: (Int) -> Model = { Model(id: $0) }"), "Model")
        // A site stores a function that returns a kept model, or one that is not known.
        XCTAssertNil(probe(passed: ["container.makeModel", "container.keptModel"]))
        XCTAssertNil(probe(passed: ["{ _ in container.keptModel(id: 0) }"]))
        XCTAssertNil(probe(passed: ["makeAnything"]))
        // No site passes it; a view with its own initializer.
        XCTAssertNil(probe(passed: []))
        XCTAssertNil(probe(passed: ["container.makeModel"], screen: "let factory: (Int) -> Model\n    init(factory: @escaping (Int) -> Model) { self.factory = factory }"))
    }

    /// A parameter of the function or of a closure, or a `for` binding, named like the view's
    /// closure-typed property is another value: calling it says nothing of the property.
    func testAParameterOrBindingNamedLikeAClosurePropertyShadowsIt() {
        func probe(in member: String) -> String? {
            let screen = """
                struct Screen: View {
                    var factory: (Int) -> Model = { Model(id: $0) }
                    \(member)
                    var body: some View { Text("") }
                }
                """
            let index = index([models, screen])
            let file = index.files[1]
            let function = index.types["Screen"]!.functions.first { $0.function.name == "build" }!.function
            let probe = file.tokens.indices.first { file.spells($0, "probe") && file.at($0 - 1, "let") }!
            let end = file.expressionEnd(from: probe + 2, end: file.tokens.count, stopAtComma: true)
            return index.freshModel(returnedBy: probe + 2..<end, in: 1, code: function.body!, scope: "Screen", parameters: function.parameters)?.type
        }
        XCTAssertEqual(probe(in: "func build() { let probe = factory(1) }"), "Model")
        XCTAssertNil(probe(in: "func build(factory: (Int) -> Model) { let probe = factory(1) }"))
        XCTAssertNil(probe(in: "func build() { [1].forEach { factory in let probe = factory(1) } }"))
        XCTAssertNil(probe(in: "func build(all: [(Int) -> Model]) { for factory in all { let probe = factory(1) } }"))
    }

    /// The view and model the call on the `let probe = …` line of `Screen.body` returns
    /// newly built ("View(label: Model)").
    private func freshModelViewOfProbe(in sources: [String]) -> String? {
        let index = index(sources)
        for (position, file) in index.files.enumerated() {
            guard let probe = file.tokens.indices.first(where: { file.spells($0, "probe") && file.at($0 - 1, "let") }) else { continue }
            let end = file.expressionEnd(from: probe + 2, end: file.tokens.count, stopAtComma: true)
            let view = index.types["Screen"]!
            let body = view.properties.first { $0.property.name == "body" }!.property.accessors[0].body!
            guard let made = index.freshModelView(returnedBy: probe + 2..<end, in: position, code: body, scope: "Screen", parameters: [])
            else { return nil }
            return "\(made.view)(\(made.label ?? "_"): \(made.model.type))"
        }
        return nil
    }

    private let screens = """
        struct Detail: View {
            @ObservedObject var model: Model
            let onDone: () -> Void
            var body: some View { Text("\\(model.count)") }
        }
        final class Screens {
            private let kept = Model()
            func detail(onDone: @escaping () -> Void) -> some View { Detail(model: .init(id: 1), onDone: onDone) }
            func animatedDetail(animated: Bool = true, onDone: @escaping () -> Void) -> some View {
                Detail(model: .init(id: 1), onDone: onDone)
            }
            func madeDetail() -> some View { Detail(model: makeModel(), onDone: {}) }
            func makeModel() -> Model { Model() }
            func keptDetail() -> some View { Detail(model: kept, onDone: {}) }
            func either(_ flag: Bool) -> some View {
                if flag { return Detail(model: Model(), onDone: {}) }
                return Detail(model: kept, onDone: {})
            }
        }
        """

    func testViewFactoryReturningAViewAroundANewModel() {
        func probe(_ call: String) -> String? {
            freshModelViewOfProbe(in: [models, screens, """
                struct Screen: View {
                    let screens: Screens
                    var body: some View {
                        let probe = \(call)
                        probe
                    }
                }
                """])
        }
        // A trailing closure fills the labelled closure parameter.
        XCTAssertEqual(probe("screens.detail { }"), "Detail(model: Model)")
        XCTAssertEqual(probe("screens.detail(onDone: {})"), "Detail(model: Model)")
        // It skips a defaulted parameter that takes no function, as Swift does.
        XCTAssertEqual(probe("screens.animatedDetail { }"), "Detail(model: Model)")
        XCTAssertEqual(probe("screens.animatedDetail(animated: false) { }"), "Detail(model: Model)")
        XCTAssertEqual(probe("screens.madeDetail()"), "Detail(model: Model)")
        XCTAssertNil(probe("screens.keptDetail()"))
        XCTAssertNil(probe("screens.either(true)"))
    }

    func testNewObjectOfAnInitialValue() {
        let sources = [models, """
            final class Factory {
                static let shared = Factory()
                private var kept = Model()
                func make(id: Int) -> Model { Model(id: id) }
                func keptModel() -> Model { kept }
            }
            struct Screen: View {
                let built = Model(id: 1)
                let implicit: Model = .init()
                let made = Factory.shared.make(id: 2)
                let kept = Factory.shared.keptModel()
                let service = Service()
                var body: some View { Text("") }
            }
            """]
        let index = index(sources)
        let file = index.files[1]
        var result: [String: String] = [:]
        for (_, property) in index.types["Screen"]!.properties where property.name != "body" {
            let value = property.initializer!
            let built = index.newObject(builtBy: value, in: 1, code: value, scope: "Screen", parameters: [], contextualType: property.type)
            result[property.name] = built.map { "\($0.model.type) by \(file.text($0.call.name)) at \($0.model.constructions.map { $0.file })" } ?? "-"
        }
        XCTAssertEqual(
            result,
            [
                "built": "Model by Model at [1]", "implicit": "Model by init at [1]", "made": "Model by make at [1]", "kept": "-",
                // Any project type's constructor; a factory's result is a model only.
                "service": "Service by Service at [1]",
            ])
    }

    func testNewObjectPassedAtAViewConstruction() {
        let sources = [models, """
            final class Container {
                private var kept = Model()
                func make(id: Int) -> Model { Model(id: id) }
                func keptModel() -> Model { kept }
            }
            struct Detail: View {
                let model: Model
                var body: some View { Text("") }
            }
            struct Screen: View {
                let container: Container
                let own = Model()
                var body: some View {
                    Detail(model: Model(id: 1))
                    Detail(model: container.make(id: 2))
                    Detail(model: container.keptModel())
                    Detail(model: own)
                }
                func row(_ id: Int) -> some View { Detail(model: container.make(id: id)) }
            }
            """]
        let index = index(sources)
        let result = index.viewGraph.constructions(of: "Detail").map { site in
            index.newObject(passedAs: site.argument(labeled: "model")!, at: site).map {
                "\($0.model.type) by \(index.files[site.file].text($0.call.name))"
            } ?? "-"
        }
        XCTAssertEqual(result, ["Model by Model", "Model by make", "-", "-", "Model by make"])
    }
}
