import ObservationLintCore
import ObservationSyntax
import XCTest

/// `cover(of:)` and `canRun(_:whileShowing:)`: which writes can run while presented content
/// is shown over the views that present it.
final class CoveringTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))])
    }

    /// The site that builds `view` (its only one).
    private func site(of view: String, in index: ProjectIndex) -> ViewConstruction {
        let sites = index.viewGraph.constructions(of: view)
        XCTAssertEqual(sites.count, 1, view)
        return sites[0]
    }

    /// The token of the assignment to `name` (`name = …`, `name += …`), not its declaration.
    private func write(to name: String, in index: ProjectIndex) -> TokenLocation {
        let file = index.files[0]
        let token = file.tokens.indices.first {
            file.text($0) == name && file.isAssignmentOperator($0 + 1) && !file.at($0 - 1, "var")
        }
        XCTAssertNotNil(token, name)
        return TokenLocation(file: 0, token: token ?? 0)
    }

    private let child = """
        struct Child: View {
            @State var text: String
            var body: some View { Button("Edit") { edited = true }; Text(text) }
            @State private var edited = false
        }
        """

    func testModalPresentationsCoverEverythingOutsideTheirContent() {
        let index = index(
            child + """
                struct Host: View {
                    @State private var isShowing = false
                    @State private var text = ""
                    @State private var fromButton = 0
                    @State private var fromMethod = 0
                    @State private var fromAppear = 0
                    @State private var fromContent = 0
                    @State private var fromTimer = 0
                    @State private var afterAwait = 0
                    var body: some View {
                        List {
                            Button("Change") { fromButton += 1 }
                            ForEach(0..<3, id: \\.self) { Text("\\($0)") }.onMove(perform: move)
                        }
                        .onAppear { fromAppear = 1 }
                        .task { _ = try? await Task.sleep(nanoseconds: 1); afterAwait = 1 }
                        .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in fromTimer += 1 }
                        .sheet(isPresented: $isShowing) {
                            Child(text: text)
                            Button("Save") { fromContent += 1 }
                        }
                    }
                    private func move(from source: IndexSet, to destination: Int) { fromMethod += 1 }
                }
                """)
        let site = site(of: "Child", in: index)
        XCTAssertEqual(index.cover(of: site), .modal("sheet"))
        for covered in ["fromButton", "fromMethod", "fromAppear"] {
            XCTAssertFalse(index.canRun(write(to: covered, in: index), whileShowing: site), covered)
        }
        // The presented content itself, an event, a continuation after an `await`.
        for running in ["fromContent", "fromTimer", "afterAwait", "edited"] {
            XCTAssertTrue(index.canRun(write(to: running, in: index), whileShowing: site), running)
        }
    }

    func testTheViewsOwnDisappearanceHandlerRunsAsItGoes() {
        let index = index(
            child + """
                struct Host: View {
                    @State private var text = ""
                    @State private var other = ""
                    var body: some View {
                        Child(text: text)
                            .padding()
                            .onDisappear { text = "" }
                        Text(other).onDisappear { other = "" }
                    }
                }
                """)
        let site = site(of: "Child", in: index)
        XCTAssertFalse(index.canRun(write(to: "text", in: index), whileShowing: site))
        XCTAssertTrue(index.canRun(write(to: "other", in: index), whileShowing: site))
    }

    /// The presenter's body runs again while a sheet is shown only for a write that can run
    /// then: not for one in a button the sheet covers.
    func testACoveredWriteReCreatesNoPresentedView() {
        func reCreations(_ trigger: String) -> Int {
            let index = index(
                child + """
                    struct Host: View {
                        @State private var isShowing = false
                        @State private var count = 0
                        var body: some View {
                            Text("\\(count)")
                                \(trigger)
                                .sheet(isPresented: $isShowing) { Child(text: "") }
                        }
                    }
                    """)
            return index.reCreations(of: index.types["Child"]!).count
        }
        XCTAssertEqual(reCreations(".onTapGesture { count += 1 }"), 0)
        XCTAssertEqual(reCreations(".onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in count += 1 }"), 1)
    }

    /// A binding handed to a control, or to a view that writes it only on input, changes only
    /// on the user's input there; a view that writes it on an event changes it any time.
    func testBindingsHandedToCoveredViews() {
        let index = index(
            child + """
                struct Stepping: View {
                    @Binding var value: Int
                    var body: some View { Button("+") { value += 1 } }
                }
                struct Ticking: View {
                    @Binding var value: Int
                    var body: some View {
                        Text("\\(value)").onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in value += 1 }
                    }
                }
                struct Host: View {
                    @State private var isShowing = false
                    @State private var typed = ""
                    @State private var stepped = 0
                    @State private var ticked = 0
                    var body: some View {
                        TextField("Name", text: $typed)
                        Stepping(value: $stepped)
                        Ticking(value: $ticked)
                            .sheet(isPresented: $isShowing) { Child(text: typed) }
                    }
                }
                """)
        let site = site(of: "Child", in: index)
        let file = index.files[0]
        func binding(_ name: String) -> TokenLocation {
            TokenLocation(file: 0, token: file.tokens.indices.first { file.text($0) == "$" + name }!)
        }
        XCTAssertFalse(index.canRun(binding("typed"), whileShowing: site))
        XCTAssertFalse(index.canRun(binding("stepped"), whileShowing: site))
        XCTAssertTrue(index.canRun(binding("ticked"), whileShowing: site))
    }

    /// A view the sheet's closure builds around the child is shown with it: its actions run.
    func testAWrapperInThePresentedContentIsShownWithIt() {
        let index = index(
            child + """
                struct Frame<Content: View>: View {
                    @State private var closed = false
                    let content: () -> Content
                    var body: some View { content(); Button("Close") { closed = true } }
                }
                struct Host: View {
                    @State private var isShowing = false
                    @State private var text = ""
                    var body: some View {
                        Button("Show") { isShowing = true }
                            .sheet(isPresented: $isShowing) { Frame { Child(text: text) } }
                    }
                }
                """)
        let site = site(of: "Child", in: index)
        XCTAssertTrue(index.canRun(write(to: "closed", in: index), whileShowing: site))
        XCTAssertFalse(index.canRun(write(to: "isShowing", in: index), whileShowing: site))
    }

    /// A view the presented view builds in its body is shown only while the presentation
    /// is: code that cannot run while the presented view is shown cannot run while it is.
    /// Not when the builder is also shown without a presentation.
    func testAViewBuiltByPresentedContentIsCoveredWithIt() {
        let host = """
            struct Edit: View {
                let text: String
                @State private var saved = false
                var body: some View { Child(text: text); Button("Save") { saved = true } }
            }
            struct Host: View {
                @State private var isShowing = false
                @State private var text = ""
                var body: some View {
                    Button("Change") { text += "!" }
                        .sheet(isPresented: $isShowing) { Edit(text: text) }
                }
            }
            """
        let covered = index(child + host)
        let site = site(of: "Child", in: covered)
        XCTAssertFalse(covered.canRun(write(to: "text", in: covered), whileShowing: site))
        XCTAssertTrue(covered.canRun(write(to: "saved", in: covered), whileShowing: site))

        let shownAlsoInline = index(child + host + """
            struct Root: View {
                @State private var title = ""
                var body: some View { Edit(text: title); Host() }
            }
            """)
        let inline = shownAlsoInline.viewGraph.constructions(of: "Child")[0]
        XCTAssertTrue(shownAlsoInline.canRun(write(to: "text", in: shownAlsoInline), whileShowing: inline))
    }

    /// A sheet covers its window: a view of another scene (a `Settings` window) stays usable.
    func testAModalPresentationLeavesOtherScenesUsable() {
        let index = index(
            child + """
                final class Store: ObservableObject { @Published var text = "" }
                @main struct NotesApp: App {
                    @StateObject private var store = Store()
                    var body: some Scene {
                        WindowGroup { Host(store: store) }
                        Settings { Preferences(store: store) }
                    }
                }
                struct Host: View {
                    @ObservedObject var store: Store
                    @State private var isShowing = false
                    var body: some View {
                        Button("Clear") { store.text = "cleared" }
                            .sheet(isPresented: $isShowing) { Child(text: store.text) }
                    }
                }
                struct Preferences: View {
                    @ObservedObject var store: Store
                    var body: some View { Button("Reset") { store.text = "reset" } }
                }
                """)
        let site = site(of: "Child", in: index)
        let file = index.files[0]
        // `store.text = …`: in `Host`, then in `Preferences`.
        let writes = file.tokens.indices.filter { file.text($0) == "text" && file.at($0 - 2, "store") && file.isAssignmentOperator($0 + 1) }
        XCTAssertEqual(writes.count, 2)
        XCTAssertFalse(index.canRun(TokenLocation(file: 0, token: writes[0]), whileShowing: site))
        XCTAssertTrue(index.canRun(TokenLocation(file: 0, token: writes[1]), whileShowing: site))
    }

    func testContentShownBesideItsPresenterCoversNothing() {
        let index = index(
            child + """
                struct Host: View {
                    @State private var isShowing = false
                    @State private var text = ""
                    var body: some View {
                        Button("Change") { text = "b" }
                            .sheet(isPresented: $isShowing) { Child(text: text) }
                            .presentationBackgroundInteraction(.enabled)
                    }
                }
                struct Inspecting: View {
                    @State private var isShowing = false
                    @State private var name = ""
                    var body: some View {
                        Button("Change") { name = "b" }
                            .inspector(isPresented: $isShowing) { Child(text: name) }
                    }
                }
                """)
        for site in index.viewGraph.constructions(of: "Child") {
            XCTAssertNil(index.cover(of: site))
            XCTAssertTrue(index.canRun(write(to: site.enclosingType == "Host" ? "text" : "name", in: index), whileShowing: site))
        }
    }

    func testAPushCoversTheStackItIsMadeIn() {
        let index = index(
            child + """
                struct Root: View {
                    @State private var fromRoot = 0
                    var body: some View {
                        NavigationStack { List_(); Button("Root") { fromRoot += 1 } }
                    }
                }
                struct List_: View {
                    @State private var title = ""
                    var body: some View {
                        NavigationLink("Open") { Child(text: title) }
                        Button("Rename") { title = "b" }
                    }
                }
                struct Split: View {
                    @State private var name = ""
                    var body: some View {
                        NavigationSplitView {
                            NavigationLink("Open") { Child(text: name) }
                            Button("Rename") { name = "b" }
                        } detail: { Text("Detail") }
                    }
                }
                """)
        let sites = index.viewGraph.constructions(of: "Child")
        XCTAssertEqual(sites.count, 2)
        let pushed = sites.first { $0.enclosingType == "List_" }!
        XCTAssertEqual(index.cover(of: pushed), .push(covered: ["List_", "Root"]))
        XCTAssertFalse(index.canRun(write(to: "title", in: index), whileShowing: pushed))
        XCTAssertFalse(index.canRun(write(to: "fromRoot", in: index), whileShowing: pushed))
        // A split view shows the list beside the detail.
        let beside = sites.first { $0.enclosingType == "Split" }!
        XCTAssertNil(index.cover(of: beside))
        XCTAssertTrue(index.canRun(write(to: "name", in: index), whileShowing: beside))
    }

    /// `.onChange(of: query)` runs when `query` changes: for a `@State` written only by a
    /// search field and a button the sheet covers, not while the sheet is up; for one a timer
    /// writes, any time.
    func testAnOnChangeOfStateWrittenOnlyOnCoveredInput() {
        let index = index(
            child + """
                struct Ticking: View {
                    @Binding var value: Int
                    var body: some View {
                        Text("\\(value)").onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in value += 1 }
                    }
                }
                struct Host: View {
                    @State private var isShowing = false
                    @State private var query = ""
                    @State private var ticks = 0
                    @State private var handed = 0
                    @State private var filtered = ""
                    @State private var counted = 0
                    @State private var relayed = 0
                    var body: some View {
                        Ticking(value: $handed)
                            .searchable(text: $query)
                            .onChange(of: query) { newValue in filtered = newValue }
                            .onChange(of: self.ticks) { _ in counted += 1 }
                            .onChange(of: handed) { _ in relayed += 1 }
                            .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in ticks += 1 }
                            .sheet(isPresented: $isShowing) { Child(text: filtered) }
                    }
                }
                """)
        let site = site(of: "Child", in: index)
        XCTAssertFalse(index.canRun(write(to: "filtered", in: index), whileShowing: site))
        XCTAssertTrue(index.canRun(write(to: "counted", in: index), whileShowing: site))
        XCTAssertTrue(index.canRun(write(to: "relayed", in: index), whileShowing: site))
    }

    /// A tab bar of the app's own (`switch page` in a helper of the stack's root) shows one
    /// tab at a time, and a push covers the whole root screen: the tab items under it, and
    /// code of views only another tab shows, cannot run while the pushed view is shown; a
    /// model method the pushed view also calls can.
    func testAPushOverATabOfTheAppsOwnTabBar() {
        let index = index(
            child + """
                enum Page { case orders, settings }
                final class Router: ObservableObject {
                    @Published var page = Page.orders
                    @Published var badge = 0
                    func reset() { badge = 0 }
                }
                struct Shell: View {
                    @StateObject private var router = Router()
                    @ViewBuilder var content: some View {
                        switch router.page {
                        case .orders:
                            Orders().environmentObject(router)
                        case .settings:
                            Settings_().environmentObject(router)
                        }
                    }
                    var body: some View {
                        NavigationView {
                            VStack { content; TabItem(router: router) }
                        }
                        .navigationViewStyle(.stack)
                    }
                }
                struct TabItem: View {
                    @ObservedObject var router: Router
                    var body: some View { Text("Orders").onTapGesture { router.page = .orders } }
                }
                struct Orders: View {
                    @EnvironmentObject var router: Router
                    var body: some View { Button("Settings") { router.page = .settings; router.reset() } }
                }
                struct Settings_: View {
                    @EnvironmentObject var router: Router
                    var body: some View {
                        NavigationLink("Printer") { Child(text: "\\(router.badge)"); Button("Reset") { router.reset() } }
                    }
                }
                @main struct ShopApp: App {
                    var body: some Scene { WindowGroup { Shell() } }
                }
                """)
        let site = site(of: "Child", in: index)
        XCTAssertEqual(index.cover(of: site), .push(covered: ["Settings_", "Shell"]))
        let file = index.files[0]
        let pageWrites = file.tokens.indices.filter { file.text($0) == "page" && file.isAssignmentOperator($0 + 1) && !file.at($0 - 1, "var") }
        XCTAssertEqual(pageWrites.count, 2)
        for write in pageWrites { XCTAssertFalse(index.canRun(TokenLocation(file: 0, token: write), whileShowing: site)) }
        XCTAssertTrue(index.canRun(write(to: "badge", in: index), whileShowing: site))
    }

    /// A `NavigationView` given the stack style pushes like a `NavigationStack`; without it,
    /// it may show columns side by side.
    func testAStackStyledNavigationViewIsAStack() {
        func cover(_ style: String) -> PresentationCover? {
            let index = index(
                child + """
                    struct Root: View {
                        var body: some View {
                            NavigationView { List_() }
                                .accentColor(.primary)
                                \(style)
                        }
                    }
                    struct List_: View {
                        @State private var title = ""
                        var body: some View { NavigationLink(destination: Child(text: title)) { Text("Open") } }
                    }
                    """)
            return index.cover(of: site(of: "Child", in: index))
        }
        XCTAssertEqual(cover(".navigationViewStyle(.stack)"), .push(covered: ["List_", "Root"]))
        XCTAssertEqual(cover(".navigationViewStyle(StackNavigationViewStyle())"), .push(covered: ["List_", "Root"]))
        XCTAssertNil(cover(""))
        XCTAssertNil(cover(".navigationViewStyle(.columns)"))
    }

    /// SwiftUI writes a model's field through `$model.field` handed to a control (a search
    /// field, a text field): the user's input there, which cannot come while it is covered.
    func testAModelFieldBindingHandedToACoveredControl() {
        let index = index(
            child + """
                final class Search: ObservableObject {
                    @Published var query = ""
                    @Published var ticks = 0
                }
                struct Ticking: View {
                    @Binding var value: Int
                    var body: some View {
                        Text("\\(value)").onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in value += 1 }
                    }
                }
                struct Results: View {
                    @StateObject private var search = Search()
                    var body: some View {
                        NavigationStack {
                            NavigationLink(destination: Child(text: search.query)) { Text("Open") }
                                .searchable(text: $search.query)
                            Ticking(value: $search.ticks)
                        }
                    }
                }
                """)
        let site = site(of: "Child", in: index)
        let file = index.files[0]
        func member(_ name: String) -> TokenLocation {
            TokenLocation(file: 0, token: file.tokens.indices.first { file.text($0) == name && file.kind($0 - 1) == .period && file.at($0 - 2, "$search") }!)
        }
        XCTAssertFalse(index.canRun(member("query"), whileShowing: site))
        XCTAssertTrue(index.canRun(member("ticks"), whileShowing: site))
    }

    /// A covered action that starts a `Task` goes on without waiting for it, and the task
    /// runs as soon as it is started, up to its first `await`.
    func testTasksStartedInCoveredActions() {
        let index = index(
            child + """
                struct Host: View {
                    @State private var isShowing = false
                    @State private var text = ""
                    @State private var afterTask = 0
                    @State private var inTask = 0
                    @State private var afterAwait = 0
                    var body: some View {
                        List {
                            Button("Delete") {
                                Task { await remove() }
                                afterTask = 1
                            }
                            Button("Pick") { Task { inTask = 1 } }
                            Button("Load") { Task { await remove(); afterAwait = 1 } }
                        }
                        .sheet(isPresented: $isShowing) { Child(text: text) }
                    }
                    func remove() async {}
                }
                """)
        let site = site(of: "Child", in: index)
        XCTAssertFalse(index.canRun(write(to: "afterTask", in: index), whileShowing: site))
        XCTAssertFalse(index.canRun(write(to: "inTask", in: index), whileShowing: site))
        XCTAssertTrue(index.canRun(write(to: "afterAwait", in: index), whileShowing: site))
    }

    /// A model's method runs where its callers do: a write in it is covered when every call
    /// of it is (a covered view's `Button`), not when a call runs from the presented content,
    /// after an `await`, or when the method is handed on uncalled.
    func testModelMethodsCalledOnlyFromCoveredViews() {
        let index = index(
            child + """
                @main struct Demo: App { var body: some Scene { WindowGroup { Host() } } }
                @Observable final class Journal { var entries = "" }
                @Observable final class Store {
                    var picked = ""
                    var fromContent = ""
                    var handedOn = ""
                    var later = ""
                    var setUp = ""
                    var handedAway = ""
                    let journal = Journal()
                    init() { prepare(); prepareJournal() }
                    func prepare() { setUp = "x" }
                    func prepareJournal() { journal.entries = "x" }
                    func pick(_ value: String) { picked = value }
                    func edit() { fromContent = "x" }
                    func hand() { handedOn = "x" }
                    func away() { handedAway = "x" }
                    func load() async { await Task.yield(); later = "x" }
                }
                struct Host: View {
                    @State private var store = Store()
                    @State private var isShowing = false
                    var body: some View {
                        Button("Pick") { store.pick("a") }
                        Button("Load") { Task { await store.load() } }
                        Text("").onTapGesture(perform: store.hand)
                        Button("Later") { DispatchQueue.main.async(execute: store.away) }
                        Button("Edit") { store.edit() }
                            .sheet(isPresented: $isShowing) {
                                Child(text: store.picked)
                                Button("Again") { store.edit() }
                            }
                    }
                }
                """)
        let site = site(of: "Child", in: index)
        // Called in a covered action, handed as a covered gesture's action, or called by
        // the initializer on the new object it sets up.
        for covered in ["picked", "handedOn", "setUp"] {
            XCTAssertFalse(index.canRun(write(to: covered, in: index), whileShowing: site), covered)
        }
        // The initializer's call also writes a journal another store may have been given.
        for running in ["fromContent", "handedAway", "later", "entries"] {
            XCTAssertTrue(index.canRun(write(to: running, in: index), whileShowing: site), running)
        }
    }

    /// A model's method called only from handlers in another branch than the child's.
    func testModelMethodsCalledOnlyFromOtherBranches() {
        let index = index(
            child + """
                @main struct Demo: App { var body: some Scene { WindowGroup { Screen() } } }
                @Observable final class Model {
                    var text: String?
                    var other = ""
                    func fill(_ value: String) { text = value }
                    func reset() { other = "" }
                }
                struct Screen: View {
                    @State private var model = Model()
                    var body: some View {
                        if let text = model.text {
                            Child(text: text)
                        } else {
                            Button("Load") { model.fill("a") }
                        }
                        Button("Reset") { model.reset() }
                    }
                }
                """)
        let site = site(of: "Child", in: index)
        XCTAssertFalse(index.canRun(write(to: "text", in: index), whileShowing: site))
        XCTAssertTrue(index.canRun(write(to: "other", in: index), whileShowing: site))
    }

    /// A closure handed to a project view in another branch runs only while that view is
    /// shown when the view calls it only from its own actions (here through a button view
    /// of its own); not when it calls it after an `await`.
    func testClosuresHandedToProjectViewsInOtherBranches() {
        let index = index(
            child + """
                struct PrimaryButton: View {
                    let title: String
                    let action: () -> Void
                    init(_ title: String, action: @escaping () -> Void) { self.title = title; self.action = action }
                    var body: some View { Button(title) { action() } }
                }
                struct PinEntry: View {
                    let onSubmit: (String) -> Void
                    init(onSubmit: @escaping (String) -> Void) { self.onSubmit = onSubmit }
                    var body: some View { PrimaryButton("Next") { onSubmit("1") } }
                }
                struct Loader: View {
                    let onLoad: (String) -> Void
                    var body: some View { Button("Load") { Task { await Task.yield(); onLoad("x") } } }
                }
                struct Flow: View {
                    @State private var isDone = false
                    @State private var pin = ""
                    @State private var loaded = ""
                    var body: some View {
                        if isDone {
                            Child(text: pin)
                            Child(text: loaded)
                        } else {
                            PinEntry { value in pin = value }
                            Loader { value in loaded = value }
                        }
                    }
                }
                """)
        let sites = index.viewGraph.constructions(of: "Child")
        XCTAssertEqual(sites.count, 2)
        XCTAssertFalse(index.canRun(write(to: "pin", in: index), whileShowing: sites[0]))
        XCTAssertTrue(index.canRun(write(to: "loaded", in: index), whileShowing: sites[1]))
    }

    /// One evaluation builds one branch: handlers of views in another branch than the
    /// child's run only while it is not shown (SwiftUI cancels a `.task` as its view goes).
    func testHandlersOfViewsInOtherBranchesDoNotRunWhileItIsShown() {
        let index = index(
            child + """
                struct Loader: View {
                    @State private var text: String?
                    @State private var failed = false
                    @State private var reloaded: String?
                    @State private var leaving = ""
                    @State private var later = ""
                    var body: some View {
                        if failed {
                            Text("Failed").refreshable { await load() }
                        } else if let text {
                            Child(text: text)
                            Child(text: reloaded ?? "")
                            Child(text: leaving)
                            Child(text: later)
                        } else {
                            ProgressView()
                                .task { await load() }
                                .onDisappear { leaving = "gone" }
                            Button("Retry") { Task { try? await Task.sleep(nanoseconds: 1); later = "done" } }
                        }
                        Button("Reload") { Task { await reload() } }
                    }
                    func load() async { text = await fetch() }
                    func reload() async { reloaded = await fetch() }
                    func fetch() async -> String { "" }
                }
                """)
        let sites = index.viewGraph.constructions(of: "Child")
        XCTAssertEqual(sites.count, 4)
        // From the other branches' `.refreshable` and `.task`.
        XCTAssertFalse(index.canRun(write(to: "text", in: index), whileShowing: sites[0]))
        // From a button beside the branches, as it goes, after an `await` in a `Task`.
        XCTAssertTrue(index.canRun(write(to: "reloaded", in: index), whileShowing: sites[1]))
        XCTAssertTrue(index.canRun(write(to: "leaving", in: index), whileShowing: sites[2]))
        XCTAssertTrue(index.canRun(write(to: "later", in: index), whileShowing: sites[3]))
    }

    func testActionsOnControlsOnScreenWithAView() {
        let index = index(
            """
            @Observable final class Order {
                var items: [String] = []
                var note = ""
                var total = 0
                var tax = 0
                func clear() { items = [] }
                func sync() async { await Task.yield(); note = "" }
                func reset() { note = "" }
            }
            final class Cache {
                func reset() {}
            }
            struct Summary: View {
                let order: Order
                var body: some View {
                    Text("").onTapGesture { order.total += 1 }
                }
            }
            struct OrderScreen: View {
                @State private var order = Order()
                let cache = Cache()
                var body: some View {
                    VStack {
                        Summary(order: order)
                        Button("Reset cache") { cache.reset() }
                        Button("Clear") { withAnimation { order.clear() } }
                        Button("Sync") { Task { await order.sync() } }
                    }
                    .onAppear { order.tax = 1 }
                }
            }
            struct Elsewhere: View {
                var body: some View { Text("") }
            }
            """)
        // The view's own gesture; the builder's button, through the model's method.
        XCTAssertTrue(index.runsOnAction(write(to: "total", in: index), beside: "Summary"))
        XCTAssertTrue(index.runsOnAction(write(to: "items", in: index), beside: "Summary"))
        // After an `await`; as the builder appears.
        XCTAssertFalse(index.runsOnAction(write(to: "note", in: index), beside: "Summary"))
        XCTAssertFalse(index.runsOnAction(write(to: "tax", in: index), beside: "Summary"))
        // A view the button is not on screen with.
        XCTAssertFalse(index.runsOnAction(write(to: "items", in: index), beside: "Elsewhere"))
        // The button calls another type's method of the same name, not `Order.reset()`.
        let reset = index.files[0].tokens.indices.first { index.files[0].at($0, "reset") }!
        let resetWrite = (reset..<index.files[0].tokens.count).first { index.files[0].at($0, "note") }!
        XCTAssertFalse(index.runsOnAction(TokenLocation(file: 0, token: resetWrite), beside: "Summary"))
    }
}
