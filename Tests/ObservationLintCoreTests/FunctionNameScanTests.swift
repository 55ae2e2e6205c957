@testable import ObservationLintCore
import ObservationSyntax
import Testing

/// `FunctionNameScan`: in a whole program, `namedFunctions` and the call tables come from
/// one pass; they equal what the call tables' own pass finds.
@Suite struct FunctionNameScanTests {
    static let model = """
        final class Model: ObservableObject {
            @Published var items: [Int] = []
            func load() { items = [] }
            func reload() { load() }
        }
        func helper(_ body: () -> Void) { body() }
        struct FeedView: View {
            @StateObject var model = Model()
            var body: some View {
                Text("").onAppear { model.load(); helper { }; helper ({ }) }
                    .task { let load = model.reload; load() }
            }
        }
        """

    /// The same model file in a whole program (`app` declares the entry point) or not.
    static func index(app: String) -> ProjectIndex {
        ProjectIndex(
            files: [ParsedFile(path: "App.swift", bytes: Array(app.utf8)), ParsedFile(path: "Model.swift", bytes: Array(model.utf8))],
            defaultIsolationIsMainActor: false)
    }

    /// Each name's places, as (file, token) pairs.
    static func places(_ table: [String: [TokenLocation]]) -> [String: [[Int]]] {
        table.mapValues { $0.map { [$0.file, $0.token] } }
    }

    @Test func aWholeProgramsOnePassFindsWhatEachPassFinds() {
        let program = Self.index(app: "@main struct FeedApp: App { var body: some Scene { WindowGroup { FeedView() } } }\n")
        let library = Self.index(app: "struct FeedApp {}\n")
        #expect(program.isWholeProgram && !library.isWholeProgram)
        let shared = CallTables.collect(index: program)
        let own = CallTables.collect(index: library)
        #expect(Self.places(shared.calls) == Self.places(own.calls))
        #expect(Self.places(shared.memberCalls) == Self.places(own.memberCalls))
        let file = program.files[1]
        // `name(` and `name {` (declarations too), not `name (`; `.name(` alone for a member call.
        #expect(shared.calls["helper"]?.map { file.text($0.token + 1) } == ["(", "{"])
        #expect(shared.calls["load"]?.map { file.text($0.token - 1) } == ["func", "{", ".", ";"])
        #expect(shared.calls["reload"]?.count == 1)
        #expect(shared.memberCalls["load"]?.count == 1 && shared.memberCalls["reload"] == nil)
        // Every naming but a declaration's (`func load`, `let load`): `load()` in `reload`,
        // `model.load()`, the local's `load()`; `model.reload`.
        let named = program.namedFunctions
        #expect(named["load"]?.map { file.text($0.token - 1) } == ["{", ".", ";"])
        #expect(named["reload"]?.count == 1)
    }
}
