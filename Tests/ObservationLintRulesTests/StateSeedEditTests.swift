import ObservationLintCore
import ObservationLintRules
import XCTest

/// `state_initialized_from_outside` reports a seeded `@State` only when the view never edits
/// it outside its initializers: a view that edits its state starts it from the caller's value
/// on purpose (the opt-in `state_initialized_from_parameter` reports that one). For a state
/// holding an object, only replacing the reference edits it.
final class StateSeedEditTests: XCTestCase {
    private let outside: [any Rule] = [StateInitializedFromOutside()]
    private let parameter: [any Rule] = [StateInitializedFromParameter()]

    private let note = """
        struct Note { var title = ""; var tags: [String] = []
            mutating func retitle(_ new: String) { title = new }
            func summary() -> String { title }
        }
        struct Screen: View {
            @State private var note = Note()
            var body: some View {
                Child(note: note)
                Button("Rename") { note.title = "Renamed" }
            }
        }
        """

    private func child(_ body: String, extra: String = "") -> String {
        "struct Child: View {\n @State var note: Note\n\(extra)\n var body: some View { \(body) }\n}"
    }

    private func findings(_ child: String, rules: [any Rule]? = nil) -> Int {
        lint([("Child.swift", child), ("Screen.swift", note)], rules: rules ?? outside).count
    }

    func testAStateTheViewOnlyReadsIsReported() {
        XCTAssertEqual(findings(child("Text(note.title)")), 1)
        // Methods that only read the value.
        XCTAssertEqual(findings(child("Text(note.title.uppercased() + note.summary())")), 1)
        // Set in the initializer only.
        XCTAssertEqual(findings(child("Text(note.title)", extra: " init(note: Note) { _note = State(initialValue: note); self.note.title = \"x\" }")), 1)
    }

    func testAStateTheViewEditsIsLeftToThePedanticRule() {
        for body in [
            "TextField(\"Title\", text: $note.title)",
            "Button(note.title) { note = Note() }",
            "Button(note.title) { self.note.title = \"\" }",
            "Button(note.title) { note.tags.append(\"a\") }",
            "Button(note.title) { note.retitle(\"a\") }",
            "Button(note.title) { clear(&note) }",
        ] {
            XCTAssertEqual(findings(child(body)), 0, body)
            XCTAssertEqual(findings(child(body), rules: parameter), 1, body)
        }
    }

    private let counter = """
        @Observable final class Counter {
            var value = 0
            init(value: Int) { self.value = value }
            func reset() { value = 0 }
        }
        struct Screen: View {
            @State private var counter = Counter(value: 0)
            var body: some View {
                Child(model: counter)
                Button("Replace") { counter = Counter(value: 5) }
            }
        }
        """

    private func objectFindings(_ body: String) -> Int {
        let child = "struct Child: View {\n @State var model: Counter\n var body: some View { \(body) }\n}"
        return lint([("Child.swift", child), ("Screen.swift", counter)], rules: outside).count
    }

    func testOnlyReplacingTheReferenceEditsAStateHoldingAnObject() {
        // The object changes; the state keeps the first object the caller passed.
        XCTAssertEqual(objectFindings("Stepper(\"\\(model.value)\", value: $model.value)"), 1)
        XCTAssertEqual(objectFindings("Button(\"\\(model.value)\") { model.value += 1; model.reset() }"), 1)
        // The view replaces the object itself, or hands out a binding that can.
        XCTAssertEqual(objectFindings("Button(\"\\(model.value)\") { model = Counter(value: 1) }"), 0)
        XCTAssertEqual(objectFindings("Picker(\"\\(model.value)\", selection: $model) { EmptyView() }"), 0)
    }

    private let rows = """
        @Observable final class Row { var title = ""; func rename() { title = "x" } }
        struct Screen: View {
            @State private var rows: [Row] = []
            var body: some View {
                Child(rows: rows)
                Button("Reload") { rows = [Row()] }
            }
        }
        """

    private func collectionFindings(_ body: String) -> Int {
        let child = "struct Child: View {\n @State var rows: [Row]\n var body: some View { \(body) }\n}"
        return lint([("Child.swift", child), ("Screen.swift", rows)], rules: outside).count
    }

    func testAStateHoldingObjectsIsEditedOnlyByChangingTheCollection() {
        // An element's field or method changes the element object; other methods only read.
        for body in [
            "Button(\"\\(rows.count)\") { rows[0].title = \"y\" }",
            "Button(\"\\(rows.count)\") { rows.first?.rename() }",
            "ForEach(rows.filter { !$0.title.isEmpty }) { Text($0.title) }",
        ] {
            XCTAssertEqual(collectionFindings(body), 1, body)
        }
        for body in [
            "Button(\"\\(rows.count)\") { rows.append(Row()) }",
            "Button(\"\\(rows.count)\") { rows[0] = Row() }",
            "Button(\"\\(rows.count)\") { rows = [] }",
        ] {
            XCTAssertEqual(collectionFindings(body), 0, body)
        }
    }
}
