import ObservationLintCore
import ObservationSyntax
import XCTest

/// `runsBehindLoadingGate(_:builtAt:)`: writes a view makes while its own loading flag
/// hides the view built at a site (or what presents it).
final class LoadingGatesTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))])
    }

    private func site(of view: String, in index: ProjectIndex) -> ViewConstruction {
        let sites = index.viewGraph.constructions(of: view)
        XCTAssertEqual(sites.count, 1, view)
        return sites[0]
    }

    /// The token of the `occurrence`-th assignment to `name` (`name = …`).
    private func write(to name: String, occurrence: Int = 0, in index: ProjectIndex) -> TokenLocation {
        let file = index.files[0]
        let tokens = file.tokens.indices.filter {
            file.text($0) == name && file.isAssignmentOperator($0 + 1) && !file.at($0 - 1, "var")
        }
        XCTAssertGreaterThan(tokens.count, occurrence, name)
        return TokenLocation(file: 0, token: occurrence < tokens.count ? tokens[occurrence] : 0)
    }

    private let child = """
        struct Editor: View {
            @State var title: String
            var body: some View { TextField("Title", text: $title) }
        }
        """

    func testAWriteBeforeTheFlowEndsTheFirstLoadIsHiddenFromASheetOpenedOnlyAfterIt() {
        let index = index(
            child + """
                struct Section: View {
                    @State private var isLoading = true
                    @State private var showsEditor = false
                    @State private var title = ""
                    var body: some View {
                        VStack {
                            if isLoading {
                                ProgressView()
                            } else if title.isEmpty {
                                Button("Add") { showsEditor = true }
                            } else {
                                Button("Edit") { showsEditor = true }
                            }
                        }
                        .task { await load() }
                        .sheet(isPresented: $showsEditor) { Editor(title: title) }
                    }
                    private func load() async {
                        title = await fetch()
                        isLoading = false
                    }
                    private func reload() async {
                        title = await fetch()
                    }
                    private func fetch() async -> String { "" }
                }
                """)
        let site = site(of: "Editor", in: index)
        XCTAssertTrue(index.runsBehindLoadingGate(write(to: "title", occurrence: 0, in: index), builtAt: site))
        // No end of the gate in its flow.
        XCTAssertFalse(index.runsBehindLoadingGate(write(to: "title", occurrence: 1, in: index), builtAt: site))
    }

    func testAFlagSetAgainOrAButtonOutsideTheBranchesOpensTheGate() {
        let reloading = index(
            child + """
                struct Section: View {
                    @State private var isLoading = true
                    @State private var showsEditor = false
                    @State private var title = ""
                    var body: some View {
                        VStack {
                            if isLoading { ProgressView() } else { Button("Edit") { showsEditor = true } }
                            Button("Reload") { isLoading = true }
                        }
                        .task { await load() }
                        .sheet(isPresented: $showsEditor) { Editor(title: title) }
                    }
                    private func load() async {
                        title = await fetch()
                        isLoading = false
                    }
                    private func fetch() async -> String { "" }
                }
                """)
        XCTAssertFalse(reloading.runsBehindLoadingGate(write(to: "title", in: reloading), builtAt: site(of: "Editor", in: reloading)))
        let outside = index(
            child + """
                struct Section: View {
                    @State private var isLoading = true
                    @State private var showsEditor = false
                    @State private var title = ""
                    var body: some View {
                        VStack {
                            if isLoading { ProgressView() }
                            Button("Edit") { showsEditor = true }
                        }
                        .task { await load() }
                        .sheet(isPresented: $showsEditor) { Editor(title: title) }
                    }
                    private func load() async {
                        title = await fetch()
                        isLoading = false
                    }
                    private func fetch() async -> String { "" }
                }
                """)
        XCTAssertFalse(outside.runsBehindLoadingGate(write(to: "title", in: outside), builtAt: site(of: "Editor", in: outside)))
    }

    /// The initial value gates the first run only: a flow that starts again while the view
    /// is shown (`.task(id:)`, `.refreshable`) runs with the flag already ended.
    func testTheInitialValueGatesOnlyAFlowThatStartsAsTheViewAppears() {
        func section(starting start: String) -> ProjectIndex {
            index(
                child + """
                    struct Section: View {
                        @State private var isLoading = true
                        @State private var query = ""
                        @State private var title = ""
                        var body: some View {
                            Group {
                                if isLoading { ProgressView() } else { Editor(title: title) }
                            }
                            \(start)
                        }
                        private func load() async {
                            title = await fetch(query)
                            isLoading = false
                        }
                        private func fetch(_ query: String) async -> String { query }
                    }
                    """)
        }
        let firstLoad = section(starting: ".task { await load() }")
        XCTAssertTrue(firstLoad.runsBehindLoadingGate(write(to: "title", in: firstLoad), builtAt: site(of: "Editor", in: firstLoad)))
        for start in [".task(id: query) { await load() }", ".task { await load() }.refreshable { await load() }"] {
            let index = section(starting: start)
            XCTAssertFalse(index.runsBehindLoadingGate(write(to: "title", in: index), builtAt: site(of: "Editor", in: index)), start)
        }
    }

    /// A sheet up before a timer's flow raises the flag stays up: hiding its button then
    /// does not hide it. A flow that starts as the view appears runs before any sheet is up.
    func testASheetMayBeUpWhenAFlowThatDoesNotStartOnAppearanceRaisesTheFlag() {
        func section(starting start: String) -> ProjectIndex {
            index(
                child + """
                    struct Section: View {
                        @State private var isLoading = false
                        @State private var showsEditor = false
                        @State private var title = ""
                        var body: some View {
                            VStack {
                                if isLoading { ProgressView() } else { Button("Edit") { showsEditor = true } }
                            }
                            \(start)
                            .sheet(isPresented: $showsEditor) { Editor(title: title) }
                        }
                        private func load() async {
                            isLoading = true
                            title = await fetch()
                            isLoading = false
                        }
                        private func fetch() async -> String { "" }
                    }
                    """)
        }
        let timer = section(starting: ".onReceive(Timer.publish(every: 5, on: .main, in: .common).autoconnect()) { _ in Task { await load() } }")
        XCTAssertFalse(timer.runsBehindLoadingGate(write(to: "title", in: timer), builtAt: site(of: "Editor", in: timer)))
        let appearance = section(starting: ".task { await load() }")
        XCTAssertTrue(appearance.runsBehindLoadingGate(write(to: "title", in: appearance), builtAt: site(of: "Editor", in: appearance)))
    }

    /// A write of the flag in a branch the code is not in may lower the gate first: the
    /// cached value shows the view, and the fresh one changes what it was built from.
    func testAFlagLoweredInAnEarlierBranchOpensTheGate() {
        func section(cached: String) -> ProjectIndex {
            index(
                child + """
                    struct Section: View {
                        @State private var isLoading = false
                        @State private var title = ""
                        var body: some View {
                            Group {
                                if isLoading { ProgressView() } else { Editor(title: title) }
                            }
                            .refreshable { await load() }
                        }
                        private func load() async {
                            isLoading = true
                            if let cached = cache() { \(cached) }
                            title = await fetch()
                            isLoading = false
                        }
                        private func cache() -> String? { nil }
                        private func fetch() async -> String { "" }
                    }
                    """)
        }
        let shown = section(cached: "title = cached; isLoading = false")
        XCTAssertFalse(shown.runsBehindLoadingGate(write(to: "title", occurrence: 1, in: shown), builtAt: site(of: "Editor", in: shown)))
        let hidden = section(cached: "print(cached)")
        XCTAssertTrue(hidden.runsBehindLoadingGate(write(to: "title", in: hidden), builtAt: site(of: "Editor", in: hidden)))
    }

    func testAFlowThatRaisesTheFlagItselfHidesTheOtherBranchOnEveryRun() {
        let index = index(
            child + """
                struct Section: View {
                    @State private var isLoading = false
                    @State private var title = ""
                    var body: some View {
                        Group {
                            if isLoading { ProgressView() } else { Editor(title: title) }
                        }
                        .refreshable { await load() }
                    }
                    private func load() async {
                        isLoading = true
                        title = await fetch()
                        isLoading = false
                    }
                    private func fetch() async -> String { "" }
                }
                """)
        XCTAssertTrue(index.runsBehindLoadingGate(write(to: "title", in: index), builtAt: site(of: "Editor", in: index)))
    }
    /// A model's flag: its method raises `isLoading` before it writes what it loaded and
    /// ends it after; the view builds the rows (and the pushed detail) only when the model
    /// it holds is not loading. Not when the flow never raises the flag, nor for a write to
    /// another object's field.
    func testAModelsLoadingFlagHidesWhatItsViewBuildsOutsideTheLoadingBranch() {
        func source(raise: String) -> String {
            """
            struct Detail: View {
                @State var title: String
                var body: some View { Text(title) }
            }
            @Observable final class Shelf { var titles: [String] = [] }
            @Observable final class ListModel {
                var titles: [String] = []
                var isLoading = false
                let shelf = Shelf()
                func load() async {
                    \(raise)
                    titles = await fetch()
                    shelf.titles = await fetch()
                    isLoading = false
                }
                private func fetch() async -> [String] { [] }
            }
            struct Titles: View {
                @State private var model = ListModel()
                var body: some View {
                    NavigationStack {
                        if model.isLoading {
                            ProgressView()
                        } else {
                            List(model.titles, id: \\.self) { title in
                                NavigationLink(title) { Detail(title: title) }
                            }
                            .refreshable { await model.load() }
                        }
                    }
                    .task { await model.load() }
                }
            }
            """
        }
        let gated = index(source(raise: "isLoading = true"))
        let detail = site(of: "Detail", in: gated)
        XCTAssertTrue(gated.runsBehindLoadingGate(write(to: "titles", in: gated), builtAt: detail))
        let shelfWrite = gated.files[0].tokens.indices.first { gated.files[0].text($0) == "shelf" && gated.files[0].at($0 + 2, "titles") }
        XCTAssertFalse(gated.runsBehindLoadingGate(TokenLocation(file: 0, token: (shelfWrite ?? 0) + 2), builtAt: detail))
        let ungated = index(source(raise: "print(isLoading)"))
        XCTAssertFalse(ungated.runsBehindLoadingGate(write(to: "titles", in: ungated), builtAt: site(of: "Detail", in: ungated)))
    }
}
