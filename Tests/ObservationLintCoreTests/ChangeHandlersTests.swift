import ObservationLintCore
import ObservationSyntax
import Testing

/// `ProjectIndex.changeHandlerTrigger(of:)`: the view property whose change runs code in an
/// `.onChange(of:)` action of that view.
@Suite struct ChangeHandlersTests {
    static let source = """
        struct Search: View {
            @State private var query = ""
            @State private var results: [String] = []
            let day: Int
            var body: some View {
                List(results, id: \\.self) { Text($0) }
                    .searchable(text: $query)
                    .onChange(of: query) { _, new in results = [new] }
                    .onChange(of: self.day) { withAnimation { results = [] } }
                    .onChange(of: query, initial: true) { results = [] }
                    .onChange(of: results.count) { results = [] }
                    .onAppear { results = [] }
            }
        }
        """

    @Test func actionsOfChangeHandlers() {
        let index = ProjectIndex(files: [ParsedFile(path: "Search.swift", bytes: Array(Self.source.utf8))])
        let file = index.files[0]
        let writes = file.tokens.indices.filter { file.at($0, "results") && file.at($0 + 1, "=") }
        let triggers = writes.map { token in
            index.changeHandlerTrigger(of: TokenLocation(file: 0, token: token)).map { "\($0.view.name).\($0.property)" } ?? "-"
        }
        // `initial: true` also runs as the view appears; a member chain is not one property.
        #expect(triggers == ["Search.query", "Search.day", "-", "-", "-"])
    }
}
