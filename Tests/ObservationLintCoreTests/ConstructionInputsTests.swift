import ObservationLintCore
import ObservationSyntax
import XCTest

/// `constructionInputs(of:in:)`, `inputs(_:passedAt:)` and `changesInput(_:of:in:)`: which
/// state a model construction is built from, and whether a trigger changes it (then the new
/// model is due, and the trigger witnesses no loss).
final class ConstructionInputsTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))])
    }

    /// The call of `name(` at its `occurrence`-th use (0 first).
    private func call(_ name: String, occurrence: Int = 0, in index: ProjectIndex) -> Call? {
        let file = index.files[0]
        let tokens = (0..<file.tokens.count).filter { file.kind($0) == .identifier && file.spells($0, name) && file.kind($0 + 1) == .leftParen }
        guard occurrence < tokens.count else { return nil }
        return file.call(at: tokens[occurrence], limit: file.tokens.count)
    }

    private func inputs(_ name: String, occurrence: Int = 0, in index: ProjectIndex) -> [ConstructionInput] {
        index.constructionInputs(of: call(name, occurrence: occurrence, in: index), in: 0)
    }

    private let model = """
        final class CourseModel: ObservableObject {
            @Published var group = ""
            init(course: String) {}
        }
        struct CourseView: View {
            @ObservedObject var model: CourseModel
            var body: some View { Text(model.group) }
        }

        """

    func testReadsPropertiesDirectlyThroughMembersLocalsAndBindings() {
        let index = index(
            model + """
                struct Selection { var course = "" }
                struct Courses: View {
                    @State private var selection = Selection()
                    @State private var items: [String] = []
                    @State private var index = 0
                    @State private var picked: String?
                    var body: some View {
                        CourseView(model: CourseModel(course: selection.course))
                        CourseView(model: CourseModel(course: items[index]))
                        let title = selection.course
                        CourseView(model: CourseModel(course: title))
                        if let picked { CourseView(model: CourseModel(course: picked)) }
                        ForEach(items, id: \\.self) { item in CourseView(model: CourseModel(course: item)) }
                    }
                }
                """)
        func property(_ name: String, _ path: [String] = []) -> ConstructionInput { ConstructionInput(root: .property(name), path: path) }
        XCTAssertEqual(inputs("CourseModel", in: index), [property("selection", ["course"])])
        XCTAssertEqual(Set(inputs("CourseModel", occurrence: 1, in: index)), [property("items"), property("index")])
        XCTAssertEqual(inputs("CourseModel", occurrence: 2, in: index), [property("selection", ["course"])])
        XCTAssertEqual(inputs("CourseModel", occurrence: 3, in: index), [property("picked")])
        // A `ForEach` element: a change of `items` builds the other rows from equal elements.
        XCTAssertEqual(inputs("CourseModel", occurrence: 4, in: index), [])
    }

    func testAnInitializersParametersAreWhatTheSitePasses() {
        let index = index(
            """
            final class CourseModel: ObservableObject {
                @Published var group = ""
                init(course: String) {}
            }
            struct CourseView: View {
                @ObservedObject var model: CourseModel
                init(course c: String) { model = CourseModel(course: c) }
                var body: some View { Text(model.group) }
            }
            struct Courses: View {
                @State private var selected = "Swift"
                @State private var refreshes = 0
                var body: some View {
                    Button("\\(refreshes)") { refreshes += 1; selected = "Go" }
                    CourseView(course: selected)
                }
            }
            """)
        let inputs = inputs("CourseModel", in: index)
        XCTAssertEqual(inputs, [ConstructionInput(root: .parameter(label: "course"), path: [])])
        let site = index.viewGraph.constructions(of: "CourseView")[0]
        XCTAssertEqual(index.inputs(inputs, passedAt: site), [ConstructionInput(root: .property("selected"), path: [])])
    }

    func testOnlyATriggerChangingAnInputIsSpared() {
        let index = index(
            model + """
                struct Courses: View {
                    @State private var selected = "Swift"
                    @State private var refreshes = 0
                    var body: some View {
                        Picker("Course", selection: $selected) { Text("Swift").tag("Swift") }
                        Button("\\(refreshes)") { refreshes += 1 }
                        CourseView(model: CourseModel(course: selected))
                    }
                }
                """)
        let host = index.types["Courses"]!
        let inputs = inputs("CourseModel", in: index)
        let triggers = index.reRenderTriggers(of: host)
        XCTAssertEqual(triggers.filter { index.changesInput($0, of: inputs, in: host.name) }.map(\.property), ["selected"])
        let site = index.viewGraph.constructions(of: "CourseView")[0]
        XCTAssertEqual(index.surestReRenderTrigger(of: host, whileShowingViewBuiltAt: site, sparing: inputs)?.property, "refreshes")
    }

    func testAModelFieldIsAnInputWhenReadDirectlyOrThroughAMethodNotThroughTheObject() {
        let index = index(
            model + """
                final class Catalog: ObservableObject {
                    @Published var courses: [String] = []
                    @Published var status = ""
                    func course(at index: Int) -> String { courses[index] }
                    func reload() { courses = ["Swift"] }
                    func note() { status = "saved" }
                    func refresh() { status = "loading"; reload() }
                }
                final class Detail: ObservableObject {
                    @Published var group = ""
                    init(catalog: Catalog) {}
                }
                struct Courses: View {
                    @ObservedObject var catalog: Catalog
                    var body: some View {
                        CourseView(model: CourseModel(course: catalog.courses[0]))
                        CourseView(model: CourseModel(course: catalog.course(at: 0)))
                        Text(Detail(catalog: catalog).group)
                    }
                }
                """)
        let host = index.types["Courses"]!
        let triggers = index.reRenderTriggers(of: host)
        let status = triggers.filter { $0.field == "status" }
        XCTAssertEqual(status.count, 2)
        for inputs in [inputs("CourseModel", in: index), inputs("CourseModel", occurrence: 1, in: index)] {
            XCTAssertTrue(triggers.filter { $0.field == "courses" }.allSatisfy { index.changesInput($0, of: inputs, in: host.name) })
            // `note()` changes only `status`; `refresh()` reloads `courses` in the same step.
            XCTAssertEqual(status.map { index.changesInput($0, of: inputs, in: host.name) }, [false, true])
        }
        // The object itself stays the same: none of its changes is an input's.
        let detail = inputs("Detail", in: index)
        XCTAssertEqual(detail, [ConstructionInput(root: .property("catalog"), path: [])])
        XCTAssertFalse(triggers.contains { index.changesInput($0, of: detail, in: host.name) })
    }

    func testAWriteInTheStepThatAlsoWritesAnInputBeforeOrAfterItChangesIt() {
        let index = index(
            model + """
                final class Catalog: ObservableObject {
                    @Published var course = ""
                    @Published var history: [String] = []
                    @Published var status = ""
                    func load() {
                        API.fetch { result in
                            self.course = result.course
                            self.history = result.history
                        }
                    }
                    private(set) lazy var reload: () -> Void = {
                        API.fetch { result in
                            self.course = result.course
                            self.status = "loaded"
                        }
                    }
                    func resume() async {
                        course = "Swift"
                        await API.wait()
                        history = []
                        status = "resumed"
                    }
                }
                struct Courses: View {
                    @ObservedObject var catalog: Catalog
                    var body: some View { CourseView(model: CourseModel(course: catalog.course)) }
                }
                """)
        let host = index.types["Courses"]!
        let inputs = inputs("CourseModel", in: index)
        let file = index.files[0]
        let spared = index.reRenderTriggers(of: host).filter { $0.field != "course" }.map { trigger in
            "\(trigger.field!) \(file.source.location(of: file.byteRange(trigger.write!.token..<trigger.write!.token + 1).lowerBound).line): "
                + "\(index.changesInput(trigger, of: inputs, in: host.name))"
        }
        // The callbacks write `course` first, in the same step; `resume()` writes it before an `await`.
        XCTAssertEqual(spared.sorted(), ["history 16: true", "history 28: false", "status 22: true", "status 29: false"])
    }

    func testStatePassedDownAsTheReadPropertyIsAnInput() {
        let index = index(
            model + """
                struct Panel: View {
                    let course: String
                    let tick: Int
                    var body: some View { CourseView(model: CourseModel(course: course)); Text("\\(tick)") }
                }
                struct Courses: View {
                    @State private var selected = "Swift"
                    @State private var tick = 0
                    var body: some View {
                        Button("\\(tick)") { tick += 1; }
                        Button("Go") { selected = "Go" }
                        Panel(course: selected, tick: tick)
                    }
                }
                """)
        let panel = index.types["Panel"]!
        let inputs = inputs("CourseModel", in: index)
        let passed = index.reRenderTriggers(of: panel).filter { !$0.passedDown.isEmpty }
        XCTAssertEqual(Set(passed.map(\.property)), ["selected", "tick"])
        XCTAssertEqual(passed.filter { index.changesInput($0, of: inputs, in: panel.name) }.map(\.property), ["selected"])
    }

    func testAWriteOfAnotherStoredFieldOfTheStateChangesNoInput() {
        let index = index(
            model + """
                struct Selection {
                    var course = "Swift"
                    var refreshes = 0
                    var label: String { "\\(course) \\(refreshes)" }
                }
                struct Courses: View {
                    @State private var selection = Selection()
                    @State private var isLoading = false
                    var body: some View {
                        Text(isLoading ? "…" : "")
                        Button("Refresh") { selection.refreshes += 1 }
                        Button("Go") { selection.course = "Go" }
                        Button("Reset") { selection = Selection() }
                        Button("Load") { isLoading = true; selection.refreshes = 0 }
                        Stepper("\\(selection.refreshes)", value: $selection.refreshes)
                        CourseView(model: CourseModel(course: selection.course))
                        CourseView(model: CourseModel(course: selection.label))
                    }
                }
                """)
        let host = index.types["Courses"]!
        let triggers = index.reRenderTriggers(of: host)
        func spared(_ inputs: [ConstructionInput]) -> [String] {
            let file = index.files[0]
            return triggers.filter { index.changesInput($0, of: inputs, in: host.name) }.compactMap { trigger in
                trigger.write.map { write in (write.token..<min(write.token + 3, file.tokens.count)).map { file.text($0) }.joined() }
            }.sorted()
        }
        // `refreshes` is another stored field: only `course` and the whole value change it.
        XCTAssertEqual(spared(inputs("CourseModel", in: index)), ["selection.course", "selection=Selection"])
        // A computed property may read any field.
        let computed = inputs("CourseModel", occurrence: 1, in: index)
        XCTAssertTrue(triggers.filter { $0.property == "selection" }.allSatisfy { index.changesInput($0, of: computed, in: host.name) })
    }

    func testAParametersMembersStayOnItsInputAtTheSite() {
        let index = index(
            """
            final class CourseModel: ObservableObject {
                @Published var group = ""
                init(course: String) {}
            }
            struct Selection { var course = "Swift"; var refreshes = 0 }
            struct CourseView: View {
                @ObservedObject var model: CourseModel
                init(selection: Selection) { model = CourseModel(course: selection.course) }
                var body: some View { Text(model.group) }
            }
            struct Courses: View {
                @State private var selection = Selection()
                var body: some View {
                    Button("\\(selection.refreshes)") { selection.refreshes += 1 }
                    CourseView(selection: selection)
                }
            }
            """)
        let inputs = inputs("CourseModel", in: index)
        XCTAssertEqual(inputs, [ConstructionInput(root: .parameter(label: "selection"), path: ["course"])])
        let site = index.viewGraph.constructions(of: "CourseView")[0]
        XCTAssertEqual(index.inputs(inputs, passedAt: site), [ConstructionInput(root: .property("selection"), path: ["course"])])
        XCTAssertFalse(index.reCreations(of: index.types["CourseView"]!, sparing: inputs).isEmpty)
    }
}
