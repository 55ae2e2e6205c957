import Foundation
import Testing

/// `--stdin-path` with findings that need the buffer and a file on disk together: the index
/// is built from the whole project, with the buffer in place of the file it stands for.
@Suite struct StandardInputTests {
    static let counterView = """
        import SwiftUI

        struct CounterView: View {
            @ObservedObject var counter: Counter
            var body: some View {
                Text("\\(counter.count)")
            }
        }

        """

    static let counterModel = """
        import Combine

        final class Counter: ObservableObject {
            var count = 0
            func increment() { count += 1 }
        }

        """

    static let model = """
        import Combine

        final class Model: ObservableObject {
            @Published var value = 0
            func bump() { value += 1 }
        }

        """

    static let modelView = """
        import SwiftUI

        struct ModelView: View {
            let model = Model()
            var body: some View { Text("\\(model.value)") }
        }

        struct ModelScreen: View {
            @State private var taps = 0
            var body: some View { Button("\\(taps)") { taps += 1 }; ModelView() }
        }

        """

    func diagnostics(_ result: RunResult) throws -> [[String: Any]] {
        try #require(try result.json()["diagnostics"] as? [[String: Any]])
    }

    /// The view is in the buffer, its model on disk: whether `let model = Model()` re-creates
    /// an ObservableObject on every render depends on what `Model` is, declared only on disk.
    @Test func viewInTheBufferModelOnDisk() throws {
        let project = try Project(["Sources/Model.swift": Self.model])
        defer { project.remove() }
        let result = try project.run(
            "--stdin-path", "Sources/ModelView.swift", "--format", "json", "--only", "observable_created_in_view_property",
            stdin: Self.modelView)
        #expect(result.status == 0)
        let found = try diagnostics(result)
        #expect(found.count == 1)
        #expect(found.first?["rule"] as? String == "observable_created_in_view_property")
        #expect(found.first?["file"] as? String == "Sources/ModelView.swift")
        #expect(found.first?["line"] as? Int == 4)
        #expect((try result.json()["summary"] as? [String: Int])?["files"] == 1)

        // Without the model's file the type is unknown, and the rule stays silent.
        let alone = try Project()
        defer { alone.remove() }
        let silent = try alone.run(
            "--stdin-path", "Sources/ModelView.swift", "--format", "json", "--only", "observable_created_in_view_property",
            stdin: Self.modelView)
        #expect(try diagnostics(silent).isEmpty)
    }

    /// The model is in the buffer, the view that reads it on disk: `count` needs `@Published`
    /// only because a view (in another file) reads it; the note points at that file.
    @Test func modelInTheBufferViewOnDisk() throws {
        let project = try Project(["Sources/CounterView.swift": Self.counterView])
        defer { project.remove() }
        let result = try project.run(
            "--stdin-path", "Sources/Counter.swift", "--format", "json", "--only", "missing_published", stdin: Self.counterModel)
        let found = try diagnostics(result)
        #expect(found.count == 1)
        #expect(found.first?["file"] as? String == "Sources/Counter.swift")
        #expect(found.first?["line"] as? Int == 4)
        let notes = found.first?["notes"] as? [[String: Any]] ?? []
        #expect(notes.contains { $0["file"] as? String == "Sources/CounterView.swift" })

        let alone = try Project()
        defer { alone.remove() }
        let silent = try alone.run(
            "--stdin-path", "Sources/Counter.swift", "--format", "json", "--only", "missing_published", stdin: Self.counterModel)
        #expect(try diagnostics(silent).isEmpty)
    }
}
