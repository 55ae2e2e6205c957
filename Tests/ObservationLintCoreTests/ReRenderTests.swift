import ObservationLintCore
import ObservationSyntax
import XCTest

final class ReRenderTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
    }

    private func lines(_ type: String, in source: String) -> [String] {
        let index = index(source)
        return index.types[type].map(index.reRenderTriggerLines) ?? []
    }

    /// Two views that build each other (`Alpha` ⇄ `Beta`) under a root that re-renders: the
    /// triggers of each are the same whichever is asked first (a walk cut short by the cycle
    /// is not cached as the answer).
    func testTriggersDoNotDependOnWhichViewIsAskedFirst() {
        let source = """
            struct Root: View {
                @State private var count = 0
                var body: some View {
                    Button("\\(count)") { count += 1 }
                    Alpha(onTap: { count += 1 })
                }
            }
            struct Alpha: View {
                let onTap: () -> Void
                @State private var flag = false
                var body: some View {
                    Toggle("Flag", isOn: $flag)
                    Beta(onTap: { flag.toggle() })
                }
            }
            struct Beta: View {
                let onTap: () -> Void
                var body: some View { NavigationLink("More") { Alpha(onTap: { onTap() }) } }
            }
            """
        let alphaFirst = index(source)
        let alphaThenBeta = ["Alpha", "Beta"].map { alphaFirst.reRenderTriggerLines(of: alphaFirst.types[$0]!) }
        let betaFirst = index(source)
        let betaThenAlpha = ["Beta", "Alpha"].map { betaFirst.reRenderTriggerLines(of: betaFirst.types[$0]!) }
        XCTAssertEqual(alphaThenBeta[0], betaThenAlpha[1])
        XCTAssertEqual(alphaThenBeta[1], betaThenAlpha[0])
        XCTAssertTrue(alphaThenBeta[1].contains { $0.hasPrefix("`count` changes") }, "\(alphaThenBeta[1])")
    }

    func testAViewAParentObservingTheObjectRebuildsWithAClosureRunsOnEveryChange() {
        let source = """
            final class Progress: ObservableObject {
                @Published var percent = 0
                func load() { percent = 1 }
            }
            struct Slide: View {
                let progress: Progress
                var onOpen: () -> Void = {}
                var body: some View { Text("\\(progress.percent)") }
            }
            struct Screen: View {
                @StateObject private var progress = Progress()
                var body: some View { Slide(progress: progress, onOpen: {}) }
            }
            """
        let observed = index(source)
        XCTAssertTrue(observed.isRenderedAgainOnEveryChange(ofObjectIn: "progress", of: observed.types["Slide"]!))
        // Without the closure SwiftUI finds the inputs equal (the same object) and skips the body.
        let equal = index(source.replacingOccurrences(of: ", onOpen: {}", with: ""))
        XCTAssertFalse(equal.isRenderedAgainOnEveryChange(ofObjectIn: "progress", of: equal.types["Slide"]!))
        // A parent that does not observe the object does not run again when it changes.
        let plain = index(source.replacingOccurrences(of: "@StateObject private var", with: "private let"))
        XCTAssertFalse(plain.isRenderedAgainOnEveryChange(ofObjectIn: "progress", of: plain.types["Slide"]!))
        // A parent observing another object of the type does not run again when this one changes.
        let other = index(source.replacingOccurrences(of: "Slide(progress: progress,", with: "Slide(progress: Progress(),"))
        XCTAssertFalse(other.isRenderedAgainOnEveryChange(ofObjectIn: "progress", of: other.types["Slide"]!))
    }

    func testAKeyPathAssignmentToTheObjectItselfIsAWriteOfItsField() {
        let source = """
            final class Store: ObservableObject {
                @Published private(set) var state = 0
                private var bag = Set<AnyCancellable>()
                init(events: AnyPublisher<Int, Never>) {
                    events.scan(0, +).weakAssign(to: \\.state, on: self).store(in: &bag)
                }
            }
            final class Other: ObservableObject {
                @Published var state = 0
                init(events: AnyPublisher<Int, Never>, sink: Sink) { _ = events.assign(to: \\.state, on: sink) }
            }
            struct Screen: View {
                @EnvironmentObject var store: Store
                @EnvironmentObject var other: Other
                var body: some View { Text("\\(store.state) \\(other.state)") }
            }
            """
        let triggers = lines("Screen", in: source)
        XCTAssertEqual(triggers.filter { $0.hasPrefix("`Store.state` changes") }.count, 1, "\(triggers)")
        XCTAssertTrue(triggers.first { $0.hasPrefix("`Store.state`") }!.contains("each time the publisher assigned to it delivers a new value"))
        // Assigned on another object: not a write of this one's field.
        XCTAssertFalse(triggers.contains { $0.hasPrefix("`Other.state` changes") }, "\(triggers)")
    }

    func testViewStateReadAndWrittenInAnAction() {
        let source = """
            struct Home: View {
                @State private var tab = 0
                @State private var unread = 0
                var body: some View {
                    Text("\\(tab)")
                    Button("Next") { tab += 1 }
                    Button("Read") { unread = 0 }
                }
            }
            """
        XCTAssertEqual(lines("Home", in: source), [
            "`tab` changes — App.swift:6, in a button action in `Home.body`; `Home.body` reads it — App.swift:5"
        ])
    }

    func testBindingHandedOutAndSystemEnvironment() {
        let source = """
            struct Search: View {
                @State private var query = ""
                @Environment(\\.colorScheme) private var scheme
                @Environment(\\.dismiss) private var dismiss
                var body: some View {
                    TextField("Search", text: $query)
                    Text(query).foregroundStyle(scheme == .dark ? .white : .black)
                    Button("Close") { dismiss() }
                }
            }
            """
        XCTAssertEqual(lines("Search", in: source), [
            "`query` changes — App.swift:6, through `$query` handed to `TextField`; `Search.body` reads it — App.swift:7",
            "the environment's `colorScheme` changes, when the system changes it; `Search.body` reads it — App.swift:7",
        ])
    }

    func testObservedObjectAndObservableModelWrites() {
        let source = """
            final class Feed: ObservableObject {
                @Published var posts: [String] = []
                @Published var title = ""
                init() { title = "Feed" }
                func reload() { posts = [] }
            }
            @Observable final class Filter {
                var query = ""
                var count = 0
                func clear() { query = "" }
                func bump() { count += 1 }
            }
            struct FeedView: View {
                @ObservedObject var feed: Feed
                let filter: Filter
                var body: some View { Text(filter.query) }
            }
            """
        XCTAssertEqual(lines("FeedView", in: source), [
            "`Feed.posts` changes — App.swift:5, in `reload()`; `FeedView.body` observes it",
            "`Filter.query` changes — App.swift:10, in `clear()`; `FeedView.body` reads it — App.swift:16",
        ])
    }

    func testSubscriptionAssigningAPublishedPropertyRunsTheObserverAgain() {
        let source = """
            final class Updates: ObservableObject {
                @Published var canCheck = false
                @Published var label = ""
                init(updater: Updater) {
                    updater.publisher(for: \\.canCheck).assign(to: &$canCheck)
                    Just("Updates").assign(to: &$label)
                }
            }
            @main
            struct Shell: App {
                @StateObject private var updates = Updates(updater: .shared)
                var body: some Scene { WindowGroup { Text("Hello") } }
            }
            """
        // The subscription writes `canCheck` whenever the updater changes; `Just` publishes once.
        XCTAssertEqual(lines("Shell", in: source), [
            "`Updates.canCheck` changes — App.swift:5, each time the publisher assigned to it delivers a new value; `Shell.body` observes it"
        ])
    }

    func testPassedDownClosureAndSiblingBranch() {
        let source = """
            struct Parent: View {
                @State private var count = 0
                @State private var showsDetail = false
                var body: some View {
                    if showsDetail {
                        Child(onTap: { count += 1 })
                    } else {
                        Text("\\(count)")
                    }
                    Toggle("Detail", isOn: $showsDetail)
                }
            }
            struct Child: View {
                let onTap: () -> Void
                var body: some View { Button("Tap", action: onTap) }
            }
            struct Quiet: View {
                var body: some View { Child(onTap: {}) }
            }
            """
        let index = index(source)
        let child = index.types["Child"]!
        let triggers = index.reRenderTriggers(of: child)
        // `count` is read only in the other branch: while `Child` is shown, only `showsDetail` runs `Parent.body`.
        XCTAssertEqual(triggers.map(\.state), ["`showsDetail`"])
        XCTAssertEqual(triggers.first?.passedDown.first?.input, "a closure (`onTap:`)")
        // And each change of `showsDetail` leaves `Child`'s branch or enters it: no change
        // builds a new `Child` in place of a shown one.
        XCTAssertEqual(index.reCreations(of: child).map { $0.site.enclosingTypeName }, [])
        XCTAssertTrue(index.reRenderTriggers(of: index.types["Quiet"]!).isEmpty)
    }

    /// An object built into a local by the parent's body and passed on is another object on
    /// each evaluation: the child's body runs again. A local holding the parent's own object
    /// or a value passes the same input, and the child is not re-evaluated.
    func testANewObjectPassedThroughALocalIsAnUnequalInput() {
        let source = """
            final class Model {}
            struct Parent: View {
                @State private var count = 0
                let shared: Model
                var body: some View {
                    let model = Model()
                    let same = shared
                    let title = "Count"
                    Fresh(model: model)
                    Kept(model: same, title: title)
                    Button("\\(count)") { count += 1 }
                }
            }
            struct Fresh: View {
                let model: Model
                var body: some View { Text("Fresh") }
            }
            struct Kept: View {
                let model: Model
                let title: String
                var body: some View { Text(title) }
            }
            """
        let index = index(source)
        let triggers = index.reRenderTriggers(of: index.types["Fresh"]!)
        XCTAssertEqual(triggers.map(\.state), ["`count`"])
        XCTAssertEqual(triggers.first?.passedDown.first?.input, "a new `Model` (`model:`)")
        XCTAssertTrue(index.reRenderTriggers(of: index.types["Kept"]!).isEmpty)
    }

    func testSwitchCasesAreExclusive() {
        let source = """
            struct Tabs: View {
                @State private var tab = 0
                @State private var badge = 0
                var body: some View {
                    switch tab {
                    case 0: Child(onTap: {})
                    default: Text("\\(badge)").onTapGesture { badge += 1 }
                    }
                }
            }
            struct Child: View {
                let onTap: () -> Void
                var body: some View { Text("child") }
            }
            """
        let index = index(source)
        XCTAssertEqual(index.reRenderTriggers(of: index.types["Child"]!).map(\.state), [])
        XCTAssertEqual(index.reRenderTriggers(of: index.types["Tabs"]!).map(\.state), ["`badge`"])
    }

    /// A write whose value makes the body build another branch than the child's removes the
    /// child rather than building it again: no trigger of the child. A write of the same
    /// case, or of a value not known, may build it again.
    func testAWriteThatSelectsAnotherCaseRemovesTheChild() {
        let source = """
            enum Phase { case splash, login, signup(String), home }
            @Observable final class Session {
                var phase: Phase = .splash
                func retry() { self.phase = .login }
                func restart() { phase = .splash }
            }
            struct Root: View {
                @Environment(Session.self) private var session
                var body: some View {
                    switch session.phase {
                    case .login: Child(onTap: {})
                    case .signup: Other(onTap: {})
                    default: Text("")
                    }
                }
            }
            struct Child: View {
                let onTap: () -> Void
                var body: some View { Text("child") }
            }
            struct Other: View {
                let onTap: () -> Void
                var body: some View { Text("other") }
            }
            """
        let index = index(source)
        func writers(_ view: String) -> [String] {
            index.reRenderTriggers(of: index.types[view]!).map(\.context).sorted()
        }
        // `.splash` leaves `Child`; `.login` builds it again.
        XCTAssertEqual(writers("Child"), ["in `retry()`"])
        XCTAssertEqual(writers("Other"), [])
    }

    func testAWriteThatFalsifiesTheConditionRemovesTheChild() {
        let source = """
            struct Root: View {
                @State private var showsChild = false
                @State private var count = 0
                var body: some View {
                    if showsChild {
                        Child(onTap: {})
                        Button("Hide") { showsChild = false }
                    } else {
                        Other(onTap: {})
                        Button("Show") { showsChild = true }
                    }
                    if count > 0 { Child(onTap: {}) }
                    Button("More") { count += 1 }
                    Button("Swap") { showsChild.toggle() }
                }
            }
            struct Child: View {
                let onTap: () -> Void
                var body: some View { Text("child") }
            }
            struct Other: View {
                let onTap: () -> Void
                var body: some View { Text("other") }
            }
            """
        let index = index(source)
        let root = index.types["Root"]!
        let file = index.files[0]
        let sites = file.tokens.indices.filter { file.spells($0, "Child") || file.spells($0, "Other") }
        func states(at token: Int) -> [String] {
            index.reRenderTriggers(of: root, whileShowing: TokenLocation(file: 0, token: token)).map { "\($0.state) \(file.text($0.write!.token + 1))" }
        }
        // `showsChild = false` and `toggle()` leave the first `Child` (`showsChild = true`
        // runs in the other branch); `count` may change while it is shown.
        XCTAssertEqual(states(at: sites[0]), ["`count` +="])
        // `showsChild = true` and `toggle()` leave `Other`.
        XCTAssertEqual(states(at: sites[1]), ["`count` +="])
        // `count += 1` is no literal: it may keep the second `Child`.
        XCTAssertEqual(states(at: sites[2]).first, "`count` +=")
    }

    func testBindingWrittenByItsOwnerAndInputsPassedDown() {
        let source = """
            final class RowModel { var title = "" }
            struct Parent: View {
                @State private var text = ""
                var body: some View {
                    Text(text)
                    Button("Fill") { text = "filled" }
                    Editor(text: $text)
                    Row(model: RowModel())
                    Label(title: "Fixed")
                    Label(title: text)
                }
            }
            struct Editor: View {
                @Binding var text: String
                var body: some View { Text(text) }
            }
            struct Row: View {
                let model: RowModel
                var body: some View { Text(model.title) }
            }
            struct Label: View {
                let title: String
                var body: some View { Text(title) }
            }
            """
        let index = index(source)
        let editor = index.reRenderTriggers(of: index.types["Editor"]!)
        XCTAssertEqual(editor.filter(\.passedDown.isEmpty).map { index.place($0.write!) }, ["App.swift:6"])
        XCTAssertEqual(index.reRenderTriggers(of: index.types["Row"]!).map { $0.passedDown.map(\.input) }, Array(repeating: ["a new `RowModel` (`model:`)"], count: 2))
        // Each write of `text` (the button, the binding handed to `Editor`) runs `Parent.body`:
        // `Label(title: "Fixed")` passes an equal value, `Label(title: text)` the changed one.
        XCTAssertEqual(
            index.reRenderTriggers(of: index.types["Label"]!).map { $0.passedDown.map(\.input) },
            Array(repeating: ["`text` (`title:`)"], count: 2))
    }

    /// A field of an object changing leaves the reference the parent passes, and another stored
    /// field of it, equal: only the child that passes the changed field gets the trigger.
    func testAChangedFieldOfAnObjectPassesNoChangedReferenceOrOtherField() {
        let source = """
            final class Upload: ObservableObject {
                @Published var isLoading = false
                @Published var title = ""
                func start() { isLoading = true }
            }
            struct Menu: View {
                @StateObject private var upload = Upload()
                var body: some View {
                    Text(upload.isLoading ? "…" : "")
                    Trips(upload: upload)
                    Heading(title: upload.title)
                    Spinner(isLoading: upload.isLoading)
                }
            }
            struct Trips: View {
                let upload: Upload
                var body: some View { Text("Trips") }
            }
            struct Heading: View {
                let title: String
                var body: some View { Text(title) }
            }
            struct Spinner: View {
                let isLoading: Bool
                var body: some View { Text("\\(isLoading)") }
            }
            """
        XCTAssertEqual(lines("Trips", in: source), [])
        XCTAssertEqual(lines("Heading", in: source), [])
        XCTAssertEqual(lines("Spinner", in: source).count, 1)
    }

    func testMemberWritesOfAnObjectInStateDoNotChangeTheState() {
        let source = """
            final class Router { var path: [String] = [] }
            struct Home: View {
                @State private var router = Router()
                @State private var draft = Draft()
                var body: some View {
                    NavigationStack(path: $router.path) { Text("\\(router.path.count) \\(draft.text)") }
                        .onAppear { router.path = []; draft.text = "" }
                }
            }
            struct Draft { var text = "" }
            """
        // Replacing `draft.text` changes the value in `draft`; `router.path` changes the object only.
        XCTAssertEqual(lines("Home", in: source).map { String($0.prefix(9)) }, ["`draft` c"])
    }

    func testTriggerInAHelperUsedOnlyInAnotherBranch() {
        let source = """
            struct Screen: View {
                @State private var showsChild = true
                @State private var count = 0
                var body: some View {
                    if showsChild {
                        Child(onTap: {})
                    } else {
                        counter
                    }
                }
                private var counter: some View { Button("\\(count)") { count += 1 } }
            }
            struct Child: View {
                let onTap: () -> Void
                var body: some View { Text("child") }
            }
            """
        let index = index(source)
        XCTAssertEqual(index.reRenderTriggers(of: index.types["Child"]!).map(\.state), [])
        XCTAssertEqual(index.reRenderTriggers(of: index.types["Screen"]!).map(\.state), ["`count`"])
    }

    /// A read compiled only for iOS runs the body again only on iOS: it neither re-creates nor
    /// re-renders a child built only under `#if os(tvOS)`, while one built for every platform is.
    func testATriggerCompiledForOnePlatformDoesNotReachAViewOfAnother() {
        let source = """
            struct Shell: View {
                #if os(iOS)
                @Environment(\\.horizontalSizeClass) private var sizeClass
                #endif
                var body: some View {
                    #if os(iOS)
                    phoneShell
                    #elseif os(tvOS)
                    TVShell(onTap: {})
                    #endif
                    Shared(onTap: {})
                }
                #if os(iOS)
                private var phoneShell: some View { Text(sizeClass == .compact ? "compact" : "regular") }
                #endif
            }
            struct TVShell: View {
                let onTap: () -> Void
                var body: some View { Text("tv") }
            }
            struct Shared: View {
                let onTap: () -> Void
                var body: some View { Text("shared") }
            }
            """
        let index = index(source)
        XCTAssertEqual(index.reRenderTriggers(of: index.types["Shell"]!).map(\.property), ["sizeClass"])
        XCTAssertTrue(index.reCreations(of: index.types["TVShell"]!).isEmpty)
        XCTAssertTrue(index.reRenderTriggers(of: index.types["TVShell"]!).isEmpty)
        XCTAssertEqual(index.reCreations(of: index.types["Shared"]!).map { $0.trigger.property }, ["sizeClass"])
        XCTAssertEqual(index.reRenderTriggers(of: index.types["Shared"]!).map(\.property), ["sizeClass"])
    }

    /// `flag = true` in a closure a helper returns stores without reading: it is no read
    /// that runs the body again.
    func testAnAssignmentIsNoRead() {
        let source = """
            struct Screen: View {
                @State private var showsAccount = false
                var body: some View {
                    Child(onTap: openAccount())
                        .sheet(isPresented: $showsAccount) { Text("Account") }
                }
                private func openAccount() -> () -> Void { { showsAccount = true } }
            }
            struct Child: View {
                let onTap: () -> Void
                var body: some View { Button("Open", action: onTap) }
            }
            """
        let index = index(source)
        XCTAssertEqual(index.reRenderTriggers(of: index.types["Screen"]!).map(\.state), [])
    }

    /// `user = nil` fails `if let name = session.user?.name` around the use of the helper
    /// that builds the child: the child is removed, not re-created.
    func testAWriteThatFailsTheBranchAroundAHelperRemovesTheChild() {
        let source = """
            @Observable final class Session {
                var user: User?
                var theme = 0
                func signOut() { user = nil }
                func bump() { theme += 1 }
            }
            struct User { var name: String }
            struct Shell: View {
                @Environment(Session.self) private var session
                var body: some View {
                    if let name = session.user?.name {
                        shell(name: name)
                    }
                    Text("\\(session.theme)")
                }
                private func shell(name: String) -> some View { Child(onTap: {}) }
            }
            struct Child: View {
                let onTap: () -> Void
                var body: some View { Text("child") }
            }
            """
        let index = index(source)
        XCTAssertEqual(Set(index.reRenderTriggers(of: index.types["Shell"]!).map(\.state)), ["`Session.user`", "`Session.theme`"])
        XCTAssertEqual(index.reRenderTriggers(of: index.types["Child"]!).map(\.state), ["`Session.theme`"])
        XCTAssertEqual(index.reCreations(of: index.types["Child"]!).map(\.trigger.state), ["`Session.theme`"])
    }
}
