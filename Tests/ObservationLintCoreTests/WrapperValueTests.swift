import ObservationLintCore
import ObservationSyntax
import XCTest

final class WrapperValueTests: XCTestCase {
    /// The wrapper value of each `_name = …` assignment in `Screen`'s initializer, as
    /// "value" or "value via helper", or "none".
    private func values(in source: String, wrappers: Set<String> = ["StateObject"]) -> [String] {
        let file = ParsedFile(path: "File.swift", bytes: Array(source.utf8))
        let index = ProjectIndex(files: [file], defaultIsolationIsMainActor: false)
        let screen = index.types["Screen"]!
        guard let (_, initializer) = screen.functions.first(where: { $0.function.kind == .initializer }), let body = initializer.body
        else { return [] }
        var result: [String] = []
        for token in body where file.kind(token) == .identifier && file.text(token).hasPrefix("_") && file.at(token + 1, "=") {
            var end = token + 2
            while end < body.upperBound - 1, !file.tokens[end].isAtStartOfLine { end += 1 }
            guard let value = index.wrapperValue(in: token + 2..<end, file: 0, wrappers: wrappers) else {
                result.append("none")
                continue
            }
            result.append(file.text(value.value) + (value.helper.map { " via \($0)" } ?? ""))
        }
        return result
    }

    private func screen(_ assignments: String) -> String {
        """
        func owned<T: ObservableObject>(_ object: T) -> StateObject<T> {
            return StateObject(wrappedValue: object)
        }
        func wrap<T: ObservableObject>(_ object: T) -> StateObject<T> { StateObject(wrappedValue: object) }
        func state<T>(_ value: T) -> State<T> { State(initialValue: value) }
        func logged<T: ObservableObject>(_ object: T) -> StateObject<T> {
            print(object)
            return StateObject(wrappedValue: object)
        }
        func other<T: ObservableObject>(_ object: T) -> StateObject<T> { StateObject(wrappedValue: T()) }
        func lazy<T: ObservableObject>(_ object: @autoclosure @escaping () -> T) -> StateObject<T> { StateObject(wrappedValue: object()) }
        struct Screen: View {
            @StateObject var model: Model
            init(id: Int) {
        \(assignments)
            }
            var body: some View { Text("") }
        }
        """
    }

    func testDirectWrapperAndHelpersThatReturnTheirArgumentWrapped() {
        XCTAssertEqual(
            values(in: screen("""
                _model = StateObject(wrappedValue: Model(id: id))
                _model = owned(Model(id: id))
                _model = wrap(Model())
                """)),
            ["Model(id: id)", "Model(id: id) via owned", "Model() via wrap"])
    }

    func testFunctionsThatDoMoreOrWrapAnotherValueAreNotFollowed() {
        // `logged` does more than wrap; `other` wraps a value of its own; `lazy` takes an
        // autoclosure; `state` wraps in another wrapper; `Model.make` is no top-level function.
        XCTAssertEqual(
            values(in: screen("""
                _model = logged(Model())
                _model = other(Model())
                _model = lazy(Model())
                _model = state(Model())
                _model = Model.make(Model())
                """)),
            ["none", "none", "none", "none", "none"])
    }

    func testHelperOfAnotherWrapper() {
        XCTAssertEqual(values(in: screen("        _model = state(Model())"), wrappers: ["State"]), ["Model() via state"])
    }
}
