import ObservationLintCore
import ObservationSyntax
import XCTest

final class InitializerDelegationTests: XCTestCase {
    /// For each parameter of `Screen`'s initializer whose labels are `target`: what the other
    /// initializers pass for it with `self.init(…)`, as written ("name: value; value").
    private func delegated(to target: [String?], in source: String) -> [String] {
        let index = ProjectIndex(files: [ParsedFile(path: "File.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
        let screen = index.types["Screen"]!
        guard let (file, initializer) = screen.functions.first(where: { $0.function.kind == .initializer && $0.function.parameters.map(\.label) == target })
        else { return [] }
        return initializer.parameters.compactMap { parameter in
            let values = index.delegatedArguments(for: parameter, of: initializer, declaredIn: file, in: screen).map {
                index.files[$0.file].text($0.value)
            }
            return values.isEmpty ? nil : "\(parameter.name): \(values.joined(separator: "; "))"
        }
    }

    private let screen = """
        struct Screen: View {
            let title: String
            let model: Model
            private init(title: String, model: Model, compact: Bool = false) {
                self.title = title
                self.model = model
            }
            init(title: String) {
                self.init(title: title, model: Model(title))
            }
            init(_ id: Int) {
                self.init(title: "\\(id)", compact: true, model: Model(id))
            }
            init(draft: Draft) {
                self.init(title: draft.title, model: draft.model, compact: true)
            }
            init(other title: String) {
                self.init(title: title, model: Model(title), flag: true)
            }
            var body: some View { Text(title) }
        }
        """

    func testArgumentsPassedToTheSelectedInitializer() {
        // `init(_:)`'s labels out of order select no initializer; `init(other:)`'s
        // `flag:` none either.
        XCTAssertEqual(delegated(to: ["title", "model", "compact"], in: screen), [
            "title: title; draft.title",
            "model: Model(title); draft.model",
            "compact: true",
        ])
    }

    func testInitializerWithoutDelegationGetsNothing() {
        XCTAssertEqual(delegated(to: ["title"], in: screen), [])
    }

    func testDefaultedParametersAreSkippedAndUnlabeledOnesMatchByPosition() {
        let source = """
            struct Screen: View {
                let model: Model
                init(_ model: Model, animated: Bool = true, _ tag: Int) { self.model = model }
                init(tag: Int) { self.init(Model(tag), tag) }
                var body: some View { EmptyView() }
            }
            """
        XCTAssertEqual(delegated(to: [nil, "animated", nil], in: source), ["model: Model(tag)", "tag: tag"])
    }
}

final class ConstructionEffectTests: XCTestCase {
    /// The effect of `probe`'s model: its initializer builds a `Watcher` whose initializer
    /// adds an observer, with parentheses or with trailing closures only.
    private func effect(of source: String) -> String? {
        let index = ProjectIndex(files: [ParsedFile(path: "Models.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
        let file = index.files[0]
        guard let token = file.tokens.indices.first(where: { file.spells($0, "Model") && file.at($0 - 2, "probe") }),
            let call = file.call(at: token, limit: file.tokens.count)
        else { return nil }
        return index.initializerEffect(ofConstructing: index.types["Model"]!, call: call, in: 0)?.description
    }

    private let watcher = """
        final class Watcher {
            let value: Int
            private var observer: NSObjectProtocol?
            init(_ read: @escaping () -> Int, didChange: (() -> Void)? = nil) {
                value = read()
                observer = NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: nil) { _ in didChange?() }
            }
        }
        let probe = Model()

        """

    func testBuildingAnObjectWithTrailingClosuresRunsItsInitializer() {
        XCTAssertEqual(effect(of: watcher + """
            @Observable final class Model {
                var watcher: Watcher?
                init() { watcher = Watcher { 1 } didChange: { } }
            }
            """), "adds a notification observer")
        XCTAssertEqual(effect(of: watcher + """
            @Observable final class Model {
                var watcher: Watcher?
                init() { watcher = Watcher({ 1 }) }
            }
            """), "adds a notification observer")
    }

    func testATrailingClosureBindsToALabelledClosureParameterSkippingDefaultedValues() {
        let observer = """
            final class Observer {
                private var token: NSObjectProtocol?
                init(animated: Bool = true, onChange: @escaping () -> Void) {
                    token = NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: nil) { _ in onChange() }
                }
            }
            let probe = Model()

            """
        XCTAssertEqual(effect(of: observer + """
            @Observable final class Model {
                var observer: Observer?
                init() { observer = Observer { } }
            }
            """), "adds a notification observer")
    }

    func testATypeNameBeforeABlockIsNoConstruction() {
        XCTAssertNil(effect(of: watcher + """
            @Observable final class Model {
                var seen = false
                init(item: Any) { if item is Watcher { seen = true } }
            }
            """))
    }
}

final class HeldSharedObjectWriteTests: XCTestCase {
    private func effect(of model: String, probe: String = "Model()") -> String? {
        initializerEffect(of: model, probe: probe)?.description
    }

    private func initializerEffect(of model: String, probe: String = "Model()") -> InitializerEffect? {
        let source = """
            final class Coordinator {
                static let shared = Coordinator()
                var onEvent: ((String) -> Void)?
            }
            let probe = \(probe)
            \(model)
            """
        let index = ProjectIndex(files: [ParsedFile(path: "Models.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
        let file = index.files[0]
        guard let token = file.tokens.indices.first(where: { file.spells($0, "Model") && file.at($0 - 2, "probe") }),
            let call = file.call(at: token, limit: file.tokens.count)
        else { return nil }
        return index.initializerEffect(ofConstructing: index.types["Model"]!, call: call, in: 0)
    }

    func testWriteThroughAPropertyHoldingASharedObject() {
        XCTAssertEqual(effect(of: """
            @Observable final class Model {
                let coordinator: Coordinator
                var events: [String] = []
                init(coordinator: Coordinator? = nil) {
                    self.coordinator = coordinator ?? Coordinator.shared
                    self.coordinator.onEvent = { _ in }
                }
            }
            """), "writes to shared state (`Coordinator.shared`'s `onEvent`)")
        XCTAssertEqual(effect(of: """
            @Observable final class Model {
                let coordinator: Coordinator
                init() {
                    coordinator = Coordinator.shared
                    coordinator.onEvent = { _ in }
                }
            }
            """), "writes to shared state (`Coordinator.shared`'s `onEvent`)")
    }

    func testWriteThroughAConstantInitializedWithASharedObject() {
        // A `let` with an initial value keeps it: no initializer can store another object.
        XCTAssertEqual(effect(of: """
            @Observable final class Model {
                private let coordinator = Coordinator.shared
                init() { listen() }
                private func listen() { coordinator.onEvent = { _ in } }
            }
            """), "writes to shared state (`Coordinator.shared`'s `onEvent`)")
        // A `var`'s initial value may be replaced before the write.
        XCTAssertNil(effect(of: """
            @Observable final class Model {
                private var coordinator = Coordinator.shared
                init() { listen() }
                private func listen() { coordinator.onEvent = { _ in } }
            }
            """))
    }

    func testAValueBoundToTheNewInstanceReplacesTheEarlierInstancesValue() {
        let handler = initializerEffect(of: """
            @Observable final class Model {
                var events: [String] = []
                private let coordinator = Coordinator.shared
                init() {
                    coordinator.onEvent = { [weak self] event in self?.events.append(event) }
                }
            }
            """)
        XCTAssertEqual(handler?.replacedWithSelf, true)
        let direct = initializerEffect(of: """
            @Observable final class Model {
                init() { Coordinator.shared.delegate = self }
            }
            """)
        XCTAssertEqual(direct?.description, "writes to shared state (`Coordinator.shared`'s `delegate`)")
        XCTAssertEqual(direct?.replacedWithSelf, true)
        // A value that does not refer to the new instance, or a write that is not a replacement.
        let reset = initializerEffect(of: """
            @Observable final class Model {
                init() { Coordinator.shared.onEvent = nil }
            }
            """)
        XCTAssertEqual(reset?.replacedWithSelf, false)
        let appended = initializerEffect(of: """
            @Observable final class Model {
                init() { Coordinator.shared.listeners.append(self) }
            }
            """)
        XCTAssertEqual(appended?.replacedWithSelf, false)
    }

    func testFallbackToTheSharedObjectCountsOnlyWhenTheCallPassesNoneOrNil() {
        let model = """
            @Observable final class Model {
                let coordinator: Coordinator
                init(coordinator: Coordinator? = nil, title: String = "") {
                    self.coordinator = coordinator ?? Coordinator.shared
                    self.coordinator.onEvent = { _ in }
                }
            }
            """
        XCTAssertNil(effect(of: model, probe: "Model(coordinator: Coordinator())"))
        XCTAssertEqual(effect(of: model, probe: "Model(coordinator: nil)"), "writes to shared state (`Coordinator.shared`'s `onEvent`)")
        XCTAssertEqual(effect(of: model, probe: "Model(title: \"a\")"), "writes to shared state (`Coordinator.shared`'s `onEvent`)")
    }

    func testWriteToACopyOfASharedValueIsNone() {
        // `Calendar.current` is a struct: the property holds a copy.
        XCTAssertNil(effect(of: """
            @Observable final class Model {
                private var calendar: Calendar
                init() {
                    calendar = Calendar.current
                    calendar.firstWeekday = 2
                }
            }
            """))
        // So is a project struct's `shared`.
        XCTAssertNil(effect(of: """
            struct Settings {
                static let shared = Settings()
                var limit = 0
            }
            @Observable final class Model {
                private var settings: Settings
                init() {
                    settings = Settings.shared
                    settings.limit = 2
                }
            }
            """))
        // An SDK class's shared instance is the object itself.
        XCTAssertEqual(effect(of: """
            @Observable final class Model {
                private var defaults: UserDefaults
                init() {
                    defaults = UserDefaults.standard
                    defaults.someFlag = true
                }
            }
            """), "writes to shared state (`UserDefaults.standard`'s `someFlag`)")
    }

    func testWriteBeforeTheSharedObjectIsStoredIsNone() {
        XCTAssertNil(effect(of: """
            @Observable final class Model {
                var coordinator = Coordinator()
                init() {
                    coordinator.onEvent = { _ in }
                    coordinator = Coordinator.shared
                }
            }
            """))
    }

    func testWriteToAnObjectTheInitializerBuiltIsNone() {
        XCTAssertNil(effect(of: """
            @Observable final class Model {
                let coordinator: Coordinator
                init() {
                    coordinator = Coordinator()
                    coordinator.onEvent = { _ in }
                }
            }
            """))
    }
}
