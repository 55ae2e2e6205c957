import ObservationSyntax
import XCTest

final class BodyHelpersTests: XCTestCase {
    private func parse(_ code: String) -> ParsedFile { ParsedFile(path: "Test.swift", bytes: Array(code.utf8)) }

    private func body(_ file: ParsedFile) -> Range<Int> {
        file.types.first?.functions.first?.body ?? file.types[0].properties[0].accessors[0].body!
    }

    func testMemberChains() {
        let file = parse("""
            struct V {
                func f() {
                    let x = self.model.tab1.count + other?.name.first!.value
                    Text("\\(model.items[0].title) of \\(store.count)")
                    $model.name
                    load().value
                }
            }
            """)
        let paths = file.memberChains(in: body(file)).map { file.path(of: $0).joined(separator: ".") }
        XCTAssertEqual(
            paths, ["x", "model.tab1.count", "other.name.first.value", "Text", "model.items.title", "store.count", "$model.name", "load"])
    }

    func testAssignmentsAndCompoundAssignments() {
        let file = parse("""
            struct V {
                func f(_ value: Int) {
                    self.count = 1
                    total += value
                    items[0].title = "a"
                    model?.flag = true
                    let local = 2
                    var other: Int = 3
                    if let unwrapped = optional { }
                    guard let a = b, let c = d else { return }
                    _state = State(initialValue: value)
                    if count == 2 || count >= 3 { }
                    cache ??= [:]
                }
            }
            """)
        let assignments = file.assignments(in: body(file))
        XCTAssertEqual(
            assignments.map { file.path(of: $0.target).joined(separator: ".") },
            ["count", "total", "items.title", "model.flag", "_state", "cache"])
        XCTAssertEqual(assignments.map { file.text($0.operatorToken) }, ["=", "+=", "=", "=", "=", "??="])
        XCTAssertEqual(file.text(assignments[4].value), "State(initialValue: value)")
    }

    func testTheFirstStatementOfASwitchCaseAssigns() {
        let file = parse("""
            struct V {
                func f(_ result: Result<Int, Error>) {
                    switch result {
                    case .success(let value):
                        self.count = value
                        self.loaded = true
                    case .failure: failed = true
                    @unknown default:
                        reset = true
                    }
                    enum Local { case item(size: Int = 1) }
                    var typed: Int = 3
                }
            }
            """)
        XCTAssertEqual(file.assignments(in: body(file)).map { file.path(of: $0.target).joined(separator: ".") }, ["count", "loaded", "failed", "reset"])
    }

    func testCallsWithTrailingClosuresAndArguments() {
        let file = parse("""
            struct V {
                var body: some View {
                    Button(role: .destructive) { delete() } label: { Text("Delete") }
                        .onChange(of: value, perform: { _ in })
                }
            }
            """)
        let range = body(file)
        let calls = file.calls(in: range) { file.at($0, "Button") || file.at($0, "onChange") }
        XCTAssertEqual(calls.count, 2)
        XCTAssertEqual(calls[0].trailingClosures.count, 2)
        XCTAssertEqual(calls[0].trailingClosures[1].label.map { file.text($0) }, "label")
        XCTAssertEqual(calls[1].arguments.flatMap { file.argument("of", in: $0) }.map { file.text($0) }, "value")
        XCTAssertEqual(calls[1].arguments.map { file.argumentList($0).map { $0.label.map { file.text($0) } } }, ["of", "perform"])
    }

    func testWrapperInitialValues() {
        let file = parse("""
            struct V {
                init() {
                    _a = State(initialValue: Model())
                    _b = SwiftUI.Bindable(wrappedValue: Model())
                    _c = Bindable(Model())
                    _d = .init(Model())
                    _e = Binding(get: { 1 }, set: { _ in })
                }
            }
            """)
        let values = file.assignments(in: body(file)).map(\.value)
        let text = { (range: Range<Int>?) in range.map { file.text($0.lowerBound) } }
        XCTAssertEqual(values.map { text(file.wrapperInitialValue(in: $0, wrappers: ["State", "Bindable"])) }, ["Model", "Model", nil, nil, nil])
        XCTAssertEqual(
            values.map { text(file.wrapperInitialValue(in: $0, wrappers: ["Bindable"], unlabeled: true)) }, [nil, "Model", "Model", "Model", nil])
    }

    func testACallEndsAfterItsLastTrailingClosureElseItsArguments() {
        let file = parse("""
            struct V {
                var body: some View {
                    Button(role: .destructive) { delete() } label: { Text("Delete") }
                    Text(title).bold()
                }
            }
            """)
        let range = body(file)
        let calls = file.calls(in: range) { file.at($0, "Button") || file.at($0, "Text") }
        XCTAssertEqual(calls.map { file.text($0.end - 1) }, ["}", ")", ")"])
        XCTAssertEqual(file.text(calls[0].end), "Text")
        XCTAssertEqual(file.text(calls[2].end), ".")
    }

    func testArgumentLabelsAreNotReferences() {
        let file = parse("""
            struct V {
                func f() { Row(save: save, other ? save : close); g(save) }
            }
            """)
        let saves = body(file).filter { file.at($0, "save") }
        XCTAssertEqual(saves.map(file.isArgumentLabel), [true, false, false, false])
    }

    func testOwnMemberReferences() {
        let file = parse("""
            struct V {
                func f() { a(); self.b(); other.c(); x.self.d(); self?.e() }
            }
            """)
        let names = body(file).filter { file.kind($0) == .identifier && file.kind($0 + 1) == .leftParen }
        XCTAssertEqual(names.filter(file.isOwnMemberReference).map(file.text), ["a", "b"])
    }

    func testScopesTellClosuresFromStatementBlocks() {
        let file = parse("""
            struct V {
                var body: some View {
                    VStack {
                        if model.isEmpty {
                            Text("Empty")
                        } else {
                            ForEach(model.items) { item in Text(item.name) }
                        }
                        Button("Add") { model.add() }
                        Button(action: save) { Text("Save") }
                        List(items, rowContent: { Text($0.name) })
                    }
                    .task(id: value) { await load() }
                }
            }
            """)
        let scopes = file.scopes(in: body(file)).scopes
        func describe(_ scope: Scope) -> String {
            switch scope.kind {
            case .block: return "block"
            case .closure(let callee, let label):
                return (callee.map { file.text($0) } ?? "?") + (label.map { ":" + file.text($0) } ?? "")
            }
        }
        XCTAssertEqual(scopes.map(describe), ["VStack", "block", "block", "ForEach", "Button", "Button", "List:rowContent", "task"])
        XCTAssertNotNil(scopes[5].callArguments, "the call's arguments are kept to tell Button(action:) { label }")
        XCTAssertEqual(scopes[1].parent, 0)
        XCTAssertEqual(scopes[3].parent, 2)
    }

    func testInnermostClosureSkipsStatementBlocks() {
        let file = parse("""
            struct V {
                func f() {
                    if ready { start() }
                    items.forEach { item in
                        if item.isNew { mark(item) }
                    }
                }
            }
            """)
        let scopes = file.scopes(in: body(file))
        func closure(around name: String) -> String? {
            let token = body(file).first { file.spells($0, name) }!
            return scopes.innermostClosure(containing: token).flatMap { scope in
                if case .closure(let callee, _) = scope.kind { callee.map(file.text) } else { nil }
            }
        }
        XCTAssertNil(closure(around: "start"))
        XCTAssertEqual(closure(around: "mark"), "forEach")
    }

    func testAMemberNamedLikeAnAccessorTakesAClosure() {
        let file = parse("""
            struct V {
                func f() {
                    Stepper("", value: $value.didSet { _ in reset() })
                    let binding = $flag.set { _ in toggle() }
                }
            }
            """)
        let scopes = file.scopes(in: body(file))
        func closure(around name: String) -> String? {
            let token = body(file).first { file.spells($0, name) }!
            return scopes.innermostClosure(containing: token).flatMap { scope in
                if case .closure(let callee, _) = scope.kind { callee.map(file.text) } else { nil }
            }
        }
        XCTAssertEqual(closure(around: "reset"), "didSet")
        XCTAssertEqual(closure(around: "toggle"), "set")
    }

    func testLocalNames() {
        let file = parse("""
            struct V {
                func f(items: [Int]) {
                    let count = 1
                    for item in items { }
                    items.forEach { value in print(value) }
                    if let selection { }
                }
            }
            """)
        XCTAssertEqual(file.localNames(in: body(file)), ["count", "item", "value"], "`if let selection` reads the member")
    }
}
