import ObservationLintCore
import ObservationSyntax
import XCTest

/// `surety(of:whileShowingViewBuiltAt:)`, `dismissesPresentation(before:showing:)`,
/// `runsBeforePresenting(_:showing:)` and
/// `surestReRenderTrigger(of:whileShowingViewBuiltAt:)`: which write a finding cites as what
/// runs a body again while the view it presents is shown.
final class WitnessChoiceTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))])
    }

    private func site(of view: String, in index: ProjectIndex) -> ViewConstruction {
        let sites = index.viewGraph.constructions(of: view)
        XCTAssertEqual(sites.count, 1, view)
        return sites[0]
    }

    private let child = """
        struct Child: View {
            let value: Int
            var body: some View { Text("\\(value)") }
        }
        struct Draft: Identifiable { let id = 0 }

        """

    func testRanksSystemValuesTimersContentContinuationsThenActions() {
        let index = index(
            child + """
                struct Host: View {
                    @Environment(\\.scenePhase) private var scenePhase
                    @State private var draft: Draft?
                    @State private var fromButton = 0
                    @State private var fromTimer = 0
                    @State private var afterAwait = 0
                    @State private var fromContent = 0
                    @State private var fromLoop = 0
                    @State private var onceLater = 0
                    var body: some View {
                        Text("\\(fromButton) \\(fromTimer) \\(afterAwait) \\(fromContent) \\(fromLoop) \\(onceLater) \\(scenePhase == .active)")
                        Button("Change") { fromButton += 1 }
                            .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in fromTimer += 1 }
                            .task { _ = try? await Task.sleep(nanoseconds: 1); afterAwait = 1 }
                            .task {
                                fromButton = 0
                                await Task.yield()
                            }
                            .onAppear { Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { _ in onceLater = 1 } }
                            .task { while true { try? await Task.sleep(nanoseconds: 1); fromLoop += 1 } }
                            .sheet(item: $draft) { _ in
                                Child(value: 1)
                                Button("Save") { fromContent += 1 }
                            }
                    }
                }
                """)
        let host = index.types["Host"]!
        let site = site(of: "Child", in: index)
        // The last write listed of each: `fromButton`'s is the one before the `.task`'s `await`.
        var sureties: [String: TriggerSurety] = [:]
        for trigger in index.reRenderTriggers(of: host) { sureties[trigger.property] = index.surety(of: trigger, whileShowingViewBuiltAt: site) }
        XCTAssertEqual(sureties["scenePhase"], .system)
        XCTAssertEqual(sureties["fromTimer"], .repeatingEvent)
        XCTAssertEqual(sureties["fromLoop"], .repeatingEvent)
        XCTAssertEqual(sureties["afterAwait"], .continuation)
        XCTAssertEqual(sureties["onceLater"], .continuation)
        XCTAssertLessThan(TriggerSurety.presentedContent, .continuation)
        XCTAssertEqual(sureties["fromContent"], .presentedContent)
        XCTAssertEqual(sureties["fromButton"], .other)
        XCTAssertEqual(index.surestReRenderTrigger(of: host, whileShowingViewBuiltAt: site)?.property, "scenePhase")
    }

    /// The first trigger listed (`alpha`, by name) is an action the sheet covers; `zulu`'s
    /// timer fires while it is up.
    func testPrefersATimerToAnEarlierListedAction() {
        let index = index(
            child + """
                final class Ticker: ObservableObject {
                    @Published var zulu = 0
                    private var timer: AnyCancellable?
                    func start() { timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect().sink { [weak self] _ in self?.zulu += 1 } }
                }
                struct Host: View {
                    @ObservedObject var ticker: Ticker
                    @State private var alpha = 0
                    @State private var isShowing = false
                    var body: some View {
                        Text("\\(alpha)")
                        Button("Change") { alpha += 1 }
                            .fullScreenCover(isPresented: $isShowing) { Child(value: 1) }
                            .onChange(of: alpha) { _, _ in ticker.start() }
                    }
                }
                """)
        let host = index.types["Host"]!
        let trigger = index.surestReRenderTrigger(of: host, whileShowingViewBuiltAt: site(of: "Child", in: index))
        XCTAssertEqual(trigger?.state, "`Ticker.zulu`")
    }

    func testAWriteAfterEndingThePresentationRemovesTheViewInstead() {
        let index = index(
            child + """
                struct Host: View {
                    @State private var draft: Draft?
                    @State private var resetID = 0
                    @State private var other = 0
                    var body: some View {
                        List { Text("\\(other)") }
                            .id(resetID)
                            .sheet(item: $draft) { _ in Child(value: 1) }
                            .onReceive(NotificationCenter.default.publisher(for: .reset)) { _ in
                                draft = nil
                                resetID += 1
                            }
                            .onReceive(NotificationCenter.default.publisher(for: .other)) { _ in
                                other += 1
                                draft = nil
                            }
                            .onReceive(NotificationCenter.default.publisher(for: .maybe)) { _ in
                                if other > 3 { draft = nil }
                                other += 1
                            }
                    }
                }
                """)
        let host = index.types["Host"]!
        let site = site(of: "Child", in: index)
        let writes = index.reRenderTriggers(of: host).compactMap { trigger in trigger.write.map { (trigger.property, $0) } }
        let dismissing = writes.filter { index.dismissesPresentation(before: $0.1, showing: site) }.map(\.0)
        XCTAssertEqual(dismissing, ["resetID"])
        XCTAssertEqual(writes.filter { $0.0 == "other" }.count, 2)
    }

    /// A child's save that dismisses it in the same synchronous flow (its `DismissAction`,
    /// `presentationMode`, the presenting binding) re-runs the presenter's body as it goes;
    /// a flag an `.onChange` turns into a dismissal later, or an `await` first, does not.
    func testAWriteInAFlowOfTheChildThatThenDismissesItWitnessesNothing() {
        // An app: its own code is all that calls `save()`.
        let shared = """
            @main struct EditorApp: App { var body: some Scene { WindowGroup { Host() } } }
            final class Store: ObservableObject { @Published var count = 0 }
            final class Draft: ObservableObject {
                let store: Store
                @Published var name = ""
                @Published var saved = false
                init(store: Store) { self.store = store }
                func save() { store.count += 1; saved = true }
            }

            """
        func host(_ child: String) -> (ProjectIndex, ViewConstruction, TokenLocation) {
            let index = index(
                shared + child + """
                    struct Host: View {
                        @StateObject private var store = Store()
                        @State private var isShowing = false
                        var body: some View {
                            Text("\\(store.count)")
                                .sheet(isPresented: $isShowing) { Editor(draft: Draft(store: store), isShown: $isShowing) }
                        }
                    }
                    """)
            let writes = index.reRenderTriggers(of: index.types["Host"]!).compactMap(\.write)
            XCTAssertEqual(writes.count, 1)
            return (index, site(of: "Editor", in: index), writes[0])
        }
        let dismissing = [
            "@Environment(\\.dismiss) private var dismiss", "@Environment(\\.presentationMode) private var presentationMode",
            "@Binding var isShown: Bool",
        ]
        let endings = ["dismiss()", "presentationMode.wrappedValue.dismiss()", "isShown = false"]
        for (declaration, ending) in zip(dismissing, endings) {
            let (index, site, write) = host(
                """
                struct Editor: View {
                    @ObservedObject var draft: Draft
                    \(declaration)
                    var body: some View {
                        TextField("Name", text: $draft.name)
                        Button("Save") {
                            Task {
                                draft.save()
                                if draft.saved { \(ending) }
                            }
                        }
                    }
                }

                """)
            XCTAssertTrue(index.isDismissedInSameFlow(after: write, showing: site), ending)
        }
        for action in ["draft.save(); await Task.yield(); dismiss()", "draft.save()"] {
            let (index, site, write) = host(
                """
                struct Editor: View {
                    @ObservedObject var draft: Draft
                    @Environment(\\.dismiss) private var dismiss
                    var body: some View {
                        TextField("Name", text: $draft.name)
                        Button("Save") { Task { \(action) } }
                            .onChange(of: draft.saved) { _, saved in if saved { dismiss() } }
                    }
                }

                """)
            XCTAssertFalse(index.isDismissedInSameFlow(after: write, showing: site), action)
        }
    }

    /// Runs of the same write that start in another view, which cannot run while the
    /// dismissing view is shown (a tab under the sheet, acting on its own draft), do not
    /// count; one that runs on a timer there does.
    func testAWriteAlsoStartedUnderTheSheetStillWitnessesNothing() {
        func check(_ wizardAction: String) -> Bool {
            let index = index(
                """
                @main struct EditorApp: App { var body: some Scene { WindowGroup { Tabs() } } }
                final class Store: ObservableObject { @Published var count = 0 }
                final class Draft: ObservableObject {
                    let store: Store
                    @Published var name = ""
                    @Published var saved = false
                    init(store: Store) { self.store = store }
                    func save() { store.count += 1; saved = true }
                }
                struct Tabs: View {
                    var body: some View {
                        TabView {
                            Host().tabItem { Text("Host") }
                            Wizard().tabItem { Text("Wizard") }
                        }
                    }
                }
                struct Wizard: View {
                    @StateObject private var draft = Draft(store: Store())
                    var body: some View { \(wizardAction) }
                }
                struct Editor: View {
                    @ObservedObject var draft: Draft
                    @Environment(\\.dismiss) private var dismiss
                    var body: some View {
                        TextField("Name", text: $draft.name)
                        Button("Save") {
                            Task {
                                draft.save()
                                if draft.saved { dismiss() }
                            }
                        }
                    }
                }
                struct Host: View {
                    @StateObject private var store = Store()
                    @State private var isShowing = false
                    var body: some View {
                        Text("\\(store.count)")
                            .sheet(isPresented: $isShowing) { Editor(draft: Draft(store: store)) }
                    }
                }
                """)
            let writes = index.reRenderTriggers(of: index.types["Host"]!).compactMap(\.write)
            XCTAssertEqual(writes.count, 1)
            return index.isDismissedInSameFlow(after: writes[0], showing: site(of: "Editor", in: index))
        }
        XCTAssertTrue(check(#"Button("Next") { draft.save() }"#))
        XCTAssertFalse(check(#"Text("Wizard").onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in draft.save() }"#))
    }

    /// A write in a branch on the view's `mode` that the site's value excludes (`switch mode
    /// { case .edit: … }` for `mode: .create`, or the property's initial value when the site
    /// passes none) never runs in the view built there; one the value takes does.
    func testAWriteInABranchTheSitesModeExcludesWitnessesNothing() {
        let shared = """
            @main struct EditorApp: App { var body: some Scene { WindowGroup { Host() } } }
            final class Store: ObservableObject { @Published var count = 0 }
            final class Draft: ObservableObject {
                let store: Store
                @Published var name = ""
                init(store: Store) { self.store = store }
                func save() { store.count += 1 }
            }
            struct Editor: View {
                enum Mode { case create, edit }
                @ObservedObject var draft: Draft
                @Environment(\\.dismiss) private var dismiss
                var mode: Mode = .create
                var body: some View {
                    switch mode {
                    case .create: createBody
                    case .edit: editBody
                    }
                }
                private var createBody: some View {
                    Button("Save") { draft.save(); dismiss() }
                }
                private var editBody: some View {
                    VStack {
                        if mode == .edit { Button("Apply") { draft.save() } }
                    }
                }
            }

            """
        for (argument, excluded) in [("", true), (", mode: .create", true), (", mode: .edit", false)] {
            let index = index(
                shared + """
                    struct Host: View {
                        @StateObject private var store = Store()
                        @State private var isShowing = false
                        var body: some View {
                            Text("\\(store.count)")
                                .sheet(isPresented: $isShowing) { Editor(draft: Draft(store: store)\(argument)) }
                        }
                    }
                    """)
            let writes = index.reRenderTriggers(of: index.types["Host"]!).compactMap(\.write)
            XCTAssertEqual(writes.count, 1)
            let site = site(of: "Editor", in: index)
            let starts = index.startingViews(of: writes[0])!.starts
            XCTAssertEqual(starts.count, 2)
            // `editBody` comes after `createBody`.
            let (inCreate, inEdit) = (starts.min { $0.token < $1.token }!, starts.max { $0.token < $1.token }!)
            XCTAssertEqual(index.isExcludedByConstructedCase(inCreate, of: index.types["Editor"]!, builtAt: site), !excluded, argument)
            XCTAssertEqual(index.isExcludedByConstructedCase(inEdit, of: index.types["Editor"]!, builtAt: site), excluded, argument)
            XCTAssertEqual(index.isDismissedInSameFlow(after: writes[0], showing: site), excluded, argument)
        }
    }

    func testNoWitnessWhenTheOnlyWriteEndsThePresentationFirst() {
        let index = index(
            child + """
                struct Host: View {
                    @State private var isShowing = false
                    @State private var resetID = 0
                    var body: some View {
                        List { Text("Rows") }
                            .id(resetID)
                            .sheet(isPresented: $isShowing) { Child(value: 1) }
                            .onReceive(NotificationCenter.default.publisher(for: .reset)) { _ in
                                isShowing = false
                                resetID += 1
                            }
                    }
                }
                """)
        let host = index.types["Host"]!
        let site = site(of: "Child", in: index)
        XCTAssertEqual(index.reRenderTriggers(of: host).map(\.property), ["resetID"])
        XCTAssertNil(index.surestReRenderTrigger(of: host, whileShowingViewBuiltAt: site))
    }

    /// A `@State` the site's branch pins (`if isLoading … else …`) changes only by leaving the
    /// branch or entering it: the view built there goes, or is built for the first time. A
    /// value the branch does not pin (`if let contact`) changes inside it.
    func testAStateTheSitesBranchPinsWitnessesNothing() {
        let index = index(
            child + """
                struct Host: View {
                    @State private var isLoading = true
                    @State private var count: Int?
                    var body: some View {
                        if isLoading {
                            ProgressView()
                        } else if let count {
                            Child(value: count)
                        }
                        Text("").task {
                            isLoading = true
                            try? await Task.sleep(nanoseconds: 1)
                            isLoading = false
                        }
                    }
                }
                """)
        let host = index.types["Host"]!
        XCTAssertEqual(Set(index.reRenderTriggers(of: host).map(\.property)), ["isLoading"])
        XCTAssertNil(index.surestReRenderTrigger(of: host, whileShowingViewBuiltAt: site(of: "Child", in: index)))

        let counting = self.index(
            child + """
                struct Host: View {
                    @State private var isLoading = true
                    @State private var count: Int?
                    var body: some View {
                        if isLoading {
                            ProgressView()
                        } else if let count {
                            Child(value: count)
                        }
                        Text("").task {
                            try? await Task.sleep(nanoseconds: 1)
                            count = 2
                        }
                    }
                }
                """)
        XCTAssertEqual(
            counting.surestReRenderTrigger(of: counting.types["Host"]!, whileShowingViewBuiltAt: site(of: "Child", in: counting))?.property,
            "count")
    }

    /// An action that raises and lowers the pinned state with no `await` between runs the
    /// body once, back in the same branch: the view built there is built again.
    func testAPinnedStateWrittenTwiceInOneFlowWitnessesTheRebuild() {
        let index = index(
            child + """
                struct Host: View {
                    @State private var isSaving = false
                    var body: some View {
                        if isSaving {
                            ProgressView()
                        } else {
                            Child(value: 1)
                        }
                        Button("Save") {
                            isSaving = true
                            UserDefaults.standard.set(1, forKey: "saved")
                            isSaving = false
                        }
                    }
                }
                """)
        XCTAssertEqual(
            index.surestReRenderTrigger(of: index.types["Host"]!, whileShowingViewBuiltAt: site(of: "Child", in: index))?.property, "isSaving")
    }

    func testAWriteBeforeTheFlowPresentsTheViewWitnessesNothing() {
        let index = index(
            child + """
                struct Host: View {
                    @State private var isShowing = false
                    @State private var before = 0
                    @State private var after = 0
                    @State private var maybe = 0
                    var body: some View {
                        Text("\\(before) \\(after) \\(maybe)")
                        Button("Open") {
                            before += 1
                            isShowing = true
                            after += 1
                        }
                        Button("Maybe") {
                            maybe += 1
                            if before > 2 { isShowing = true }
                        }
                        .sheet(isPresented: $isShowing) { Child(value: 1) }
                    }
                }
                """)
        let host = index.types["Host"]!
        let site = site(of: "Child", in: index)
        let writes = index.reRenderTriggers(of: host).compactMap { trigger in trigger.write.map { (trigger.property, $0) } }
        XCTAssertEqual(writes.filter { index.runsBeforePresenting($0.1, showing: site) }.map(\.0), ["before"])
        XCTAssertEqual(writes.filter { $0.0 == "maybe" }.count, 1)
    }

    func testAFlowThatRunsAgainWhileTheViewIsShownWritesAfterPresentingIt() {
        let index = index(
            child + """
                struct Host: View {
                    @State private var isShowing = false
                    @State private var tapped = 0
                    @State private var ticks = 0
                    @State private var changes = 0
                    @State private var loads = 0
                    @State private var fires = 0
                    @State private var lines = 0
                    @State private var query = ""
                    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                    var body: some View {
                        Text("\\(tapped) \\(ticks) \\(changes) \\(loads) \\(fires) \\(lines)")
                        Button("Open") { tapped += 1; isShowing = true }
                            .onReceive(timer) { _ in ticks += 1; isShowing = true }
                            .onChange(of: query) { changes += 1; isShowing = true }
                            .task(id: query) { loads += 1; isShowing = true }
                            .onAppear {
                                Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in fires += 1; isShowing = true }
                            }
                            .task { for await _ in NotificationCenter.default.notifications(named: .init("x")) { lines += 1; isShowing = true } }
                            .sheet(isPresented: $isShowing) { Child(value: 1) }
                    }
                }
                """)
        let host = index.types["Host"]!
        let site = site(of: "Child", in: index)
        let writes = index.reRenderTriggers(of: host).compactMap { trigger in trigger.write.map { (trigger.property, $0) } }
        XCTAssertEqual(Set(writes.map(\.0)), ["tapped", "ticks", "changes", "loads", "fires", "lines"])
        XCTAssertEqual(writes.filter { index.runsBeforePresenting($0.1, showing: site) }.map(\.0), ["tapped"])
    }

    func testAMethodCalledOnlyBeforeTheFlowPresentsTheViewWitnessesNothing() {
        let loader = """
            final class Loader: ObservableObject {
                @Published var phase = 0
                @Published var ticks = 0
                func build() async -> Draft? {
                    _ = try? await Task.sleep(nanoseconds: 1)
                    phase = 1
                    return Draft()
                }
                func tick() async {
                    _ = try? await Task.sleep(nanoseconds: 1)
                    ticks += 1
                }
            }

            """
        func host(_ alsoCalled: String) -> String {
            child + loader + """
                struct Host: View {
                    @StateObject private var loader = Loader()
                    @State private var draft: Draft?
                    var body: some View {
                        Text("\\(loader.phase) \\(loader.ticks)")
                        Button("Build") {
                            Task {
                                if let built = await loader.build() { draft = built }
                            }
                        }
                        .sheet(item: $draft) { _ in Child(value: 1) }
                        .task { await loader.tick() }
                        \(alsoCalled)
                    }
                }
                @main struct TheApp: App {
                    var body: some Scene { WindowGroup { Host() } }
                }
                """
        }
        let onlyBeforePresenting = index(host(""))
        var site = site(of: "Child", in: onlyBeforePresenting)
        let writes = onlyBeforePresenting.reRenderTriggers(of: onlyBeforePresenting.types["Host"]!)
            .compactMap { trigger in trigger.write.map { (trigger.state, $0) } }
        XCTAssertEqual(writes.map(\.0).sorted(), ["`Loader.phase`", "`Loader.ticks`"])
        XCTAssertEqual(writes.filter { onlyBeforePresenting.runsBeforePresenting($0.1, showing: site) }.map(\.0), ["`Loader.phase`"])
        XCTAssertEqual(
            onlyBeforePresenting.surestReRenderTrigger(of: onlyBeforePresenting.types["Host"]!, whileShowingViewBuiltAt: site)?.state, "`Loader.ticks`")

        // Also called where nothing is presented afterwards: it may run while the view is shown.
        let alsoElsewhere = index(
            host(".onReceive(Timer.publish(every: 60, on: .main, in: .common).autoconnect()) { _ in Task { _ = await loader.build() } }"))
        site = self.site(of: "Child", in: alsoElsewhere)
        let phase = alsoElsewhere.reRenderTriggers(of: alsoElsewhere.types["Host"]!).first { $0.state == "`Loader.phase`" }?.write
        XCTAssertEqual(phase.map { alsoElsewhere.runsBeforePresenting($0, showing: site) }, false)
    }
    /// A trigger passed down to the body that builds the view reaches it only through the
    /// views on its way: `Reader` is shown by a cover in `Host` and inline in `Shelf`, but
    /// `Host`'s value reaches it only through the cover, where `Host`'s button cannot run.
    /// A timer of `Host` runs under the cover.
    func testATriggerPassedDownThroughACoverItCannotRunBesideWitnessesNothing() {
        func source(_ change: String) -> String {
            child + """
                struct Reader: View {
                    let value: Int
                    var body: some View { Child(value: value) }
                }
                struct Host: View {
                    @State private var value = 0
                    @State private var isReading = false
                    var body: some View {
                        Button("Read") { isReading = true }
                            .fullScreenCover(isPresented: $isReading) { Reader(value: value) }
                        \(change)
                    }
                }
                struct Shelf: View {
                    var body: some View { Reader(value: 1) }
                }
                """
        }
        let button = index(source(#"Button("Next") { value += 1 }"#))
        XCTAssertNil(button.surestReRenderTrigger(of: button.types["Reader"]!, whileShowingViewBuiltAt: site(of: "Child", in: button)))
        let timer = index(source(#"Text("").onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in value += 1 }"#))
        XCTAssertEqual(
            timer.surestReRenderTrigger(of: timer.types["Reader"]!, whileShowingViewBuiltAt: site(of: "Child", in: timer))?.property, "value")
    }
}
