import ObservationLintCore
import ObservationSyntax
import XCTest

final class ViewGraphTests: XCTestCase {
    private func index(_ files: [String: String]) -> ProjectIndex {
        let parsed = files.sorted { $0.key < $1.key }.map { ParsedFile(path: $0.key, bytes: Array($0.value.utf8)) }
        return ProjectIndex(files: parsed)
    }

    /// Each site of `view` as `context; label: origin, …; identity`.
    private func sites(of view: String, in files: [String: String]) -> [String] {
        let index = index(files)
        return index.viewGraph.constructions(of: view).map { site in
            let arguments = site.arguments.map { "\($0.label ?? "_"): \($0.origin)" }.joined(separator: ", ")
            let identity = site.identity.map(\.description).joined(separator: ", ")
            return ["\(site.context)", arguments, identity].joined(separator: "; ")
        }
    }

    private let row = """
        struct Item: Identifiable { let id: Int; var title: String }
        struct Row: View {
            let item: Item
            var body: some View { Text(item.title) }
        }
        """

    func testArgumentOriginsInBody() {
        let parent = """
            final class Store: ObservableObject { static let shared = Store(); @Published var items: [Item] = [] }
            struct Parent: View {
                @State private var current = Item(id: 0, title: "")
                @ObservedObject var store: Store
                let fixed: Item
                var body: some View {
                    Row(item: current)
                    Row(item: store.items[0])
                    Row(item: Item(id: 1, title: "One"))
                    Row(item: .placeholder)
                    Row(item: fixed)
                }
            }
            """
        XCTAssertEqual(sites(of: "Row", in: ["Row.swift": row, "Parent.swift": parent]), [
            "rendering; item: property @State current; ",
            "rendering; item: property @ObservedObject store.items; ",
            "rendering; item: constructor Item; ",
            "rendering; item: static; ",
            "rendering; item: property let fixed; ",
        ])
    }

    /// A parameter of a view-building helper method comes from what the view's rendering
    /// code passes it: here a `ForEach` element.
    func testHelperParametersTakeTheOriginOfTheirCallsArguments() {
        let parent = """
            final class Store: ObservableObject { @Published var items: [Item] = [] }
            struct Parent: View {
                @ObservedObject var store: Store
                var body: some View {
                    ForEach(store.items) { item in row(for: item).padding() }
                }
                @ViewBuilder func row(for item: Item) -> some View { Row(item: item) }
                func unused(_ item: Item) -> some View { Row(item: item) }
            }
            """
        XCTAssertEqual(sites(of: "Row", in: ["Row.swift": row, "Parent.swift": parent]), [
            "rendering; item: element item of property @ObservedObject store.items; ",
            // Nothing `body` runs calls `unused(_:)`: it is no rendering code.
            "other; item: parameter item; ",
        ])
    }

    /// Swift looks an unqualified name up in the innermost scope first: in a view with its
    /// own `func Row()` (in an extension too, or in a type it is nested in), `Row()` calls
    /// that method, not `struct Row`'s initializer. What the method builds, the view builds
    /// (the method is its rendering code).
    func testAMemberOfTheEnclosingTypeShadowsAViewOfTheSameName() {
        let screens = """
            struct Archive: View {
                var body: some View { Row() }
                @ViewBuilder func Row() -> some View { Label(title: "Archived") }
            }
            struct Drafts: View {
                var body: some View { VStack { Row() } }
            }
            extension Drafts { func Row() -> some View { Label(title: "Drafts") } }
            struct Outer: View {
                var body: some View { Inner() }
                static func Row() -> some View { Text("Outer") }
                struct Inner: View { var body: some View { Row() } }
            }
            struct Inbox: View {
                var body: some View { Row(item: Item(id: 0, title: "")) }
            }
            struct Label: View {
                let title: String
                var body: some View { Text(title) }
            }
            """
        let index = index(["Row.swift": row, "Screens.swift": screens])
        XCTAssertEqual(index.viewGraph.constructions(of: "Row").compactMap(\.enclosingType), ["Inbox"])
        XCTAssertEqual(index.viewGraph.constructions(of: "Label").map { "\($0.enclosingType ?? "-").\($0.enclosingMember ?? "-") \($0.context)" }, [
            "Archive.Row rendering", "Drafts.Row rendering",
        ])
    }

    /// A view declared once per platform: a site compiled only for iOS builds the iOS
    /// declaration, not the one under `#if os(tvOS)`.
    func testSitesBuildOnlyTheDeclarationsTheirPlatformsCompile() {
        let tabs = """
            #if os(iOS)
            struct Tabs: View { var body: some View { Text("iOS") } }
            #elseif os(tvOS)
            struct Tabs: View { var body: some View { Text("tvOS") } }
            #endif
            """
        let content = """
            struct Content: View {
                var body: some View {
                    #if os(iOS)
                    Tabs()
                    #endif
                }
            }
            struct Shared: View { var body: some View { Tabs() } }
            """
        let index = index(["Tabs.swift": tabs, "Content.swift": content])
        let tabsFile = index.files.firstIndex { $0.path == "Tabs.swift" }!
        let declarations = index.files[tabsFile].types.filter { $0.name == "Tabs" }
        XCTAssertEqual(declarations.count, 2)
        func builders(_ declaration: TypeDecl) -> [String] {
            index.viewGraph.constructions(of: "Tabs", declaredAt: TokenLocation(file: tabsFile, token: declaration.nameToken))
                .compactMap(\.enclosingType)
        }
        XCTAssertEqual(builders(declarations[0]), ["Content", "Shared"])
        XCTAssertEqual(builders(declarations[1]), ["Shared"])
    }

    /// WidgetKit content is a snapshot per entry: the configuration's closure and the body
    /// of a view that renders a `TimelineEntry` are one-time places; an app's views are not.
    func testWidgetContentIsOneTime() {
        let widget = """
            import WidgetKit
            struct CountEntry: TimelineEntry { let date: Date; let count: Int }
            struct CountEntryView: View {
                let entry: CountEntry
                var body: some View { Row(item: Item(id: entry.count, title: "")) }
            }
            struct CountWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "count", provider: CountProvider()) { entry in
                        CountEntryView(entry: entry)
                    }
                }
            }
            struct AppScreen: View {
                var body: some View { Row(item: Item(id: 0, title: "")) }
            }
            """
        let index = index(["Row.swift": row, "Widget.swift": widget])
        XCTAssertEqual(index.viewGraph.constructions(of: "CountEntryView").map(\.context), [.oneTime(.widget)])
        XCTAssertEqual(
            index.viewGraph.constructions(of: "Row").map { "\($0.enclosingType ?? ""): \($0.context)" },
            ["CountEntryView: one-time (widget)", "AppScreen: rendering"])
    }

    func testForEachElementsAndIdentity() {
        let parent = """
            struct Parent: View {
                @State private var items: [Item] = []
                @State private var selected: Item?
                var body: some View {
                    List {
                        ForEach(items) { item in Row(item: item) }
                        ForEach(items, id: \\.title) { Row(item: $0) }
                    }
                    Row(item: items[0]).id(items[0].id)
                }
            }
            """
        XCTAssertEqual(sites(of: "Row", in: ["Row.swift": row, "Parent.swift": parent]), [
            "rendering; item: element item of property @State items; ForEach id Identifiable",
            "rendering; item: element $0 of property @State items; ForEach id \\.title",
            "rendering; item: property @State items; .id(…)",
        ])
    }

    func testPresentationContent() {
        let parent = """
            struct Parent: View {
                @State private var selected: Item?
                @State private var isShowing = false
                let item: Item
                var body: some View {
                    Button("Show") { isShowing = true }
                        .sheet(item: $selected) { selected in Row(item: selected) }
                        .popover(isPresented: $isShowing) { Row(item: item) }
                    NavigationLink(destination: Row(item: item)) { Text("Open") }
                }
            }
            """
        XCTAssertEqual(sites(of: "Row", in: ["Row.swift": row, "Parent.swift": parent]), [
            "presentation; item: closure parameter selected of sheet; .sheet(item:)",
            "presentation; item: property let item; ",
            "presentation; item: property let item; ",
        ])
    }

    func testOneTimePlacesPreviewsAndActions() {
        let app = """
            import UIKit
            @main
            struct RowApp: App {
                var body: some Scene { WindowGroup { Row(item: Item(id: 0, title: "")) } }
            }
            final class Controller: UIViewController {
                let host = UIHostingController(rootView: Row(item: Item(id: 1, title: "")))
                func export(item: Item) {
                    let renderer = ImageRenderer(content: Row(item: item))
                    _ = renderer
                }
            }
            struct Editor: View {
                @State private var pushed: Row?
                var body: some View {
                    Button("Go") { pushed = Row(item: Item(id: 2, title: "")) }
                }
            }
            #Preview { Row(item: Item(id: 3, title: "")) }
            """
        XCTAssertEqual(sites(of: "Row", in: ["Row.swift": row, "App.swift": app]), [
            "one-time (scene root); item: constructor Item; ",
            "one-time (hosting root); item: constructor Item; ",
            "one-time (image renderer); item: parameter item; ",
            "action; item: constructor Item; ",
            "preview/test; item: constructor Item; ",
        ])
    }

    /// A project subclass of a hosting controller or view, however many levels down, builds
    /// its `rootView:` once; a class of another lineage, or another label, does not.
    func testRootsOfHostingSubclasses() {
        let controllers = """
            import UIKit
            class ThemedHostingController<Content: View>: UIHostingController<Content> {}
            final class RowHostingController: ThemedHostingController<Row> {}
            final class RowHostingView: SwiftUI.NSHostingView<Row> {}
            final class Wrapper<Content: View>: UIViewController { init(rootView: Content) { super.init(nibName: nil, bundle: nil) } }
            final class Presenter {
                func show() {
                    _ = RowHostingController(rootView: Row(item: Item(id: 0, title: "")))
                    _ = RowHostingView(rootView: Row(item: Item(id: 1, title: "")))
                    _ = Wrapper(rootView: Row(item: Item(id: 2, title: "")))
                    _ = ThemedHostingController(content: Row(item: Item(id: 3, title: "")))
                }
            }
            """
        XCTAssertEqual(sites(of: "Row", in: ["Row.swift": row, "Controllers.swift": controllers]).map { $0.prefix { $0 != ";" } }, [
            "one-time (hosting subclass root)", "one-time (hosting subclass root)", "other", "other",
        ])
    }

    func testInitializersFactoriesAndLocals() {
        let factories = """
            extension Row {
                static func make(for item: Item) -> Row { .init(item: item) }
            }
            struct Parent: View {
                let items: [Item]
                var body: some View {
                    let first = items[0]
                    Row.init(item: first)
                    Row.make(for: first)
                    content(for: first)
                }
                func content(for item: Item) -> Row { Row(item: item) }
            }
            """
        XCTAssertEqual(sites(of: "Row", in: ["Row.swift": row, "Factories.swift": factories]), [
            "other; item: parameter item; ",
            "rendering; item: local first; ",
            "rendering; for: local first; ",
            // The helper's parameter: what `body` passes it.
            "rendering; item: local first; ",
        ])
    }

    func testViewModifiersBuiltByViewHelpers() {
        let modifier = """
            struct Highlight: ViewModifier {
                let color: Int
                func body(content: Content) -> some View { content }
            }
            extension View {
                func highlighted(_ color: Int) -> some View { modifier(Highlight(color: color)) }
            }
            """
        XCTAssertEqual(sites(of: "Highlight", in: ["Highlight.swift": modifier]), ["rendering; color: parameter color; "])
    }

    func testDeclarationsAndTypeUsesAreNotSites() {
        let uses = """
            struct Holder: View {
                var row: Row?
                var rows: [Row] = []
                var body: some View { Text("\\(rows.count)") }
                func check(_ view: Any) -> Bool { view is Row }
            }
            extension Row { func renamed() -> Row { self } }
            """
        let index = index(["Row.swift": row, "Uses.swift": uses])
        XCTAssertTrue(index.viewGraph.constructions(of: "Row").isEmpty)
        XCTAssertEqual(index.viewGraph.constructedViews, [])
    }

    /// SwiftUI's structural identity: each branch of an `if`/`else`/`switch` is its own
    /// identity; a condition that fixes the value renews the view on every change of it.
    func testBranchTies() {
        let parent = """
            enum Mode { case view, edit }
            struct Parent: View {
                @State private var isEditing = false
                @State private var mode = Mode.view
                @State private var selection: Item?
                @State private var count = 0
                var body: some View {
                    if isEditing { Row(item: Item(id: 0, title: "")) } else { Row(item: Item(id: 1, title: "")) }
                    if let item = selection { Row(item: item) }
                    if count == 0, !self.isEditing { Row(item: Item(id: 2, title: "")) }
                    switch mode {
                    case .edit: Row(item: Item(id: 3, title: ""))
                    case .view: VStack { Row(item: Item(id: 4, title: "")) }
                    }
                    if count > 1 { Row(item: Item(id: 5, title: "")) }
                    Button("Edit") { if isEditing { print(Row(item: Item(id: 6, title: ""))) } }
                    if isEditing { Text("") } else if let item = selection { Row(item: item) } else if count > 2 { Row(item: Item(id: 7, title: "")) } else { Row(item: Item(id: 8, title: "")) }
                }
            }
            """
        XCTAssertEqual(sites(of: "Row", in: ["Row.swift": row, "Parent.swift": parent]).map { $0.components(separatedBy: "; ")[2] }, [
            "if branch (renewed when `isEditing` changes)",
            "else branch (renewed when `isEditing` changes)",
            "if branch",
            "if branch (renewed when `count`, `isEditing` changes)",
            "case branch (renewed when `mode` changes)",
            "case branch (renewed when `mode` changes)",
            "if branch",
            "",
            "if branch (renewed when `isEditing` changes)",
            "if branch (renewed when `isEditing` changes)",
            "else branch (renewed when `isEditing` changes)",
        ])
    }

    /// Which argument changes renew the child: the pinned branch value, `.id`, the
    /// `ForEach` ids that follow the element (`\.self`, `\.hashValue`, per-element
    /// `UUID()`s); an `if let` branch and a data id do not.
    func testRenewingTies() {
        let views = """
            struct Entry: Identifiable { let id = UUID(); let title: String }
            struct Fresh: Identifiable { var id: UUID { UUID() }; var title: String }
            struct Label: View {
                @State var text: String
                var body: some View { Text(text) }
            }
            struct Parent: View {
                @State private var flag = false
                @State private var name = ""
                @State private var selection: String?
                @State private var items: [Item] = []
                @State private var entries: [Entry] = []
                @State private var fresh: [Fresh] = []
                var body: some View {
                    if flag { Label(text: flag.description) }
                    if let selected = selection { Label(text: selected) }
                    Label(text: name).id(name)
                    ForEach(items, id: \\.self) { item in Label(text: item.title) }
                    ForEach(items, id: \\.hashValue) { item in Label(text: item.title) }
                    ForEach(items) { item in Label(text: item.title) }
                    ForEach(entries) { entry in Label(text: entry.title) }
                    ForEach(fresh) { entry in Label(text: entry.title) }
                    if flag { Label(text: name) }
                    Label(text: name).id(selection)
                    Label(text: name).id(0)
                    Text("").sheet(item: $selection) { _ in Label(text: name) }
                    Text("").sheet(item: $selection) { item in Label(text: item) }
                }
            }
            """
        let index = index(["Row.swift": row, "Parent.swift": views])
        let ties = index.viewGraph.constructions(of: "Label").map { site in
            site.arguments.first.flatMap { index.renewingTie(for: $0, at: site) }?.description ?? "none"
        }
        // A view holding the app's own `[Entry]` in `@State` is no widget snapshot.
        XCTAssertEqual(index.viewGraph.constructions(of: "Label").first?.context, .rendering)
        // `if let selected = selection`: the value passed is `selection`'s, unwrapped.
        XCTAssertEqual(index.viewGraph.constructions(of: "Label")[1].arguments.first?.origin.description, "property @State selection")
        XCTAssertEqual(ties, [
            "if branch (renewed when `flag` changes)",
            "none",
            ".id(…)",
            "ForEach id \\.self",
            "ForEach id \\.hashValue",
            "none",
            "ForEach id Identifiable",
            "ForEach id Identifiable",
            "none",
            // An id the analysis cannot prove constant may renew the view (a parent may keep it
            // in step with the value); a presentation per item renews what the item carries.
            ".id(…)",
            "none",
            "none",
            ".sheet(item:)",
        ])
    }

    /// A class `Identifiable` without an `id` of its own is identified by the object: the
    /// element passed as it is renews the view whenever it is another object. A class with
    /// its own `id` (or one from a protocol it adopts), a value type, or a field of the
    /// object passed does not.
    func testObjectIdentityTies() {
        let views = """
            final class Thread: Identifiable { var title = "" }
            final class Record: Identifiable { var id = ""; var title = "" }
            protocol Stored: Identifiable { var key: String { get } }
            extension Stored { var id: String { key } }
            final class Entry: Stored { var key = ""; var title = "" }
            struct Note: Identifiable { var title = "" }
            struct Cell: View {
                @State var text: String
                init(thread: Thread) { _text = State(initialValue: thread.title) }
                init(record: Record) { _text = State(initialValue: record.title) }
                init(note: Note) { _text = State(initialValue: note.title) }
                init(entry: Entry) { _text = State(initialValue: entry.title) }
                init(title: String) { _text = State(initialValue: title) }
                var body: some View { Text(text) }
            }
            struct Parent: View {
                @State private var threads: [Thread] = []
                @State private var records: [Record] = []
                @State private var notes: [Note] = []
                @State private var entries: [Entry] = []
                var body: some View {
                    ForEach(threads) { thread in Cell(thread: thread) }
                    ForEach(records) { record in Cell(record: record) }
                    ForEach(notes) { note in Cell(note: note) }
                    ForEach(threads) { thread in Cell(title: thread.title) }
                    ForEach(entries) { entry in Cell(entry: entry) }
                }
            }
            """
        let index = index(["Parent.swift": views])
        let ties = index.viewGraph.constructions(of: "Cell").map { site in
            site.arguments.first.flatMap { index.renewingTie(for: $0, at: site) }?.description ?? "none"
        }
        // `Entry`'s id comes from its protocol's extension: another object may carry it.
        XCTAssertEqual(ties, ["ForEach id Identifiable", "none", "none", "none", "none"])
    }

    /// Code in `.onChange(of: selection)` of a view runs only as the view is renewed when
    /// each site building it (directly, or through a caller that hands the binding on) ties
    /// its identity to the value handed down as `selection`; not with `initial: true`, not
    /// in another handler, not when one site has no such tie or hands down another value.
    func testAncestorIdentityRenewsOnChangeWrites() {
        let views = """
            struct Board: View {
                @Binding var selection: String
                @State private var title = ""
                var body: some View {
                    Text(title)
                        .onChange(of: selection) { title = "renewed" }
                        .onChange(of: selection, initial: true) { title = "initial" }
                        .onAppear { title = "appear" }
                }
            }
            struct Middle: View {
                @Binding var selection: String
                var body: some View { Board(selection: $selection) }
            }
            struct Root: View {
                @State private var selection = "a"
                @State private var other = "b"
                var body: some View {
                    if selection.isEmpty {
                        Text("none")
                    } else {
                        Middle(selection: $selection).id(selection)
                    }
                }
            }
            struct Loose: View {
                @Binding var selection: String
                @State private var title = ""
                var body: some View { Text(title).onChange(of: selection) { title = "loose" } }
            }
            struct LooseRoot: View {
                @State private var selection = "a"
                @State private var other = "b"
                var body: some View {
                    Loose(selection: $selection).id(selection)
                    Loose(selection: $other).id(selection)
                }
            }
            """
        let index = index(["Views.swift": views])
        let file = index.files[0]
        // The `title` written before each literal.
        func renewed(_ literal: String) -> String? {
            let offset = views.utf8.count - views.components(separatedBy: "title = \"\(literal)\"")[1].utf8.count
                - "title = \"\(literal)\"".utf8.count
            let token = file.tokens.indices.first { Int(file.tokens[$0].start) == offset }!
            return index.renewedViewRunning(TokenLocation(file: 0, token: token))
        }
        XCTAssertEqual(renewed("renewed"), "Board")
        XCTAssertNil(renewed("initial"))
        XCTAssertNil(renewed("appear"))
        // `Loose(selection: $other).id(selection)`: its selection changes without a new id.
        XCTAssertNil(renewed("loose"))
    }

    /// The parts of a value built from several: the position a row is keyed by is its id,
    /// the collection read at it is not; an element of a row keyed by `\.id` renews the row
    /// only through its `id`.
    func testForEachTiesOfParts() {
        let views = """
            struct Item: Identifiable { let id: Int; var title: String }
            struct Label: View {
                @State var text: String
                var body: some View { Text(text) }
            }
            struct Parent: View {
                @State private var words: [String] = []
                @State private var items: [Item] = []
                var body: some View {
                    ForEach(words.indices, id: \\.self) { i in Label(text: words[i]) }
                    ForEach(items) { item in Label(text: "\\(item.id) \\(item.title)") }
                }
            }
            """
        let index = index(["Parent.swift": views])
        let parts = index.viewGraph.constructions(of: "Label").map { site -> [String] in
            guard case .derived(let parts) = site.arguments.first?.origin else { return [] }
            return parts.map { part in "\(part): " + (index.forEachTie(renewedBy: part, at: site)?.description ?? "none") }
        }
        XCTAssertEqual(parts, [
            ["property @State words: none", "element i of property @State words.indices: ForEach id \\.self"],
            ["element item.id of property @State items: ForEach id Identifiable", "element item.title of property @State items: none"],
        ])
    }

    /// A view-building helper whose every use stands in a branch pinning a value: what it
    /// builds is renewed with that value; a helper also used outside such a branch is not.
    func testHelperBranchTies() {
        let views = """
            struct Label: View {
                @State var text: String
                var body: some View { Text(text) }
            }
            struct Parent: View {
                @Binding var isList: Bool
                @State private var name = ""
                var rows: some View { Label(text: name) }
                var header: some View { Label(text: name) }
                var body: some View {
                    if isList { VStack { rows } } else { HStack { rows } }
                    if isList { header }
                    header
                }
            }
            """
        let index = index(["Row.swift": row, "Parent.swift": views])
        let identities = index.viewGraph.constructions(of: "Label").map { $0.identity.map(\.description) }
        XCTAssertEqual(identities, [["if branch (renewed when `isList` changes)"], []])
    }

    /// A local's value comes from its initial value (`let title = model.title`).
    func testOriginOfLocals() {
        let parent = """
            final class Doc: ObservableObject { @Published var title = "" }
            struct Parent: View {
                @StateObject private var doc = Doc()
                var body: some View {
                    let title = doc.title
                    let item: Item = Item(id: 0, title: title)
                    Row(item: item)
                }
            }
            """
        let index = index(["Row.swift": row, "Parent.swift": parent])
        let site = index.viewGraph.constructions(of: "Row")[0]
        XCTAssertEqual(site.arguments[0].origin.description, "local item")
        XCTAssertEqual(index.viewGraph.initialValue(ofLocal: "item", at: site)?.origin.description, "constructor Item")
        // Where each input of a constructed value comes from, as for an argument built in place.
        XCTAssertEqual(
            index.viewGraph.initialValue(ofLocal: "item", at: site)?.constructorArguments.map(\.description), ["literal", "local title"])
        XCTAssertEqual(index.viewGraph.initialValue(ofLocal: "title", at: site)?.origin.description, "property @StateObject doc.title")
        XCTAssertNil(index.viewGraph.initialValue(ofLocal: "other", at: site))
    }

    /// Where code runs, for the notes that cite a write or a read.
    func testPlaceDescriptions() {
        let code = """
            final class Profile {
                var name = ""
                func rename() { name = "New" }
                init() { NotificationCenter.default.addObserver(forName: .init("x"), object: nil, queue: nil) { _ in self.name = "" } }
            }
            struct Screen: View {
                var body: some View { Button("Go") { probe() } }
            }
            func makeWindow() { probe() }
            """
        let index = index(["Code.swift": code])
        let file = index.files[0]
        let names = file.tokens.indices.filter { file.at($0, "name") && file.at($0 + 1, "=") }
        let probes = file.tokens.indices.filter { file.at($0, "probe") }
        XCTAssertEqual(
            (names.dropFirst() + probes).map { index.placeDescription(of: $0, in: 0) },
            [
                "in `Profile.rename()`", "in a `addObserver` closure of `Profile.init`", "in a `Button` closure of `Screen.body`",
                "in `makeWindow()`",
            ])
    }

    func testViewsOnlyPreviewsAndTestsBuild() {
        let index = index([
            "App/Views.swift": """
                @main struct ShowApp: App { var body: some Scene { WindowGroup { Text("Home") } } }
                struct Banner: View { var body: some View { Text("!") } }
                struct BannerFrame: View { var body: some View { Banner() } }
                struct Badge: View { var body: some View { Text("1") } }
                struct Screen: View { var body: some View { Badge() } }
                struct Orphan: View { var body: some View { Text("?") } }
                struct Banner_Previews: PreviewProvider {
                    static var previews: some View { BannerFrame() }
                }
                #Preview { Badge() }
                """,
            "Tests/ScreenTests.swift": """
                final class ScreenTests: XCTestCase { func testScreen() { _ = Screen() } }
                """,
        ])
        // Only a preview builds `BannerFrame`, and only `BannerFrame` builds `Banner`.
        XCTAssertTrue(index.isBuiltOnlyInPreviews("BannerFrame"))
        XCTAssertTrue(index.isBuiltOnlyInPreviews("Banner"))
        // Tests build `Screen`; `Screen` and a preview build `Badge`.
        XCTAssertTrue(index.isBuiltOnlyInPreviews("Screen"))
        XCTAssertTrue(index.isBuiltOnlyInPreviews("Badge"))
        // Nothing names it: nothing builds it.
        XCTAssertTrue(index.isBuiltOnlyInPreviews("Orphan"))
    }

    /// A view no code but its own declarations names never renders; one named elsewhere,
    /// even where the graph sees no construction, may.
    func testViewsNothingNamesAreNeverShown() {
        let index = index([
            "App/Views.swift": """
                @main struct ShowApp: App { var body: some Scene { WindowGroup { Home() } } }
                struct Home: View {
                    @State private var count = 0
                    var body: some View {
                        // Legacy(count: count)
                        Button("\\(count)") { count += 1 }
                    }
                }
                @available(*, deprecated, message: "unused")
                struct Legacy: View {
                    let count: Int
                    @State private var shown = false
                    var body: some View {
                        Button("\\(shown)") { shown.toggle() }
                        Detail(count: count)
                    }
                    static func make() -> Legacy { Legacy(count: 0) }
                }
                extension Legacy { var title: String { "\\(Self.self)" } }
                struct Detail: View {
                    let count: Int
                    var body: some View { Text("\\(count)") }
                }
                struct Hosted: View { var body: some View { Text("") } }
                final class HostController: UIHostingController<Hosted> {}
                typealias Aliased = Screen
                struct Screen: View { var body: some View { Text("") } }
                """
        ])
        // Only its own declaration, its extension and a comment name `Legacy`; only `Legacy`
        // builds `Detail`.
        XCTAssertTrue(index.isNamedOnlyInOwnDeclarations("Legacy"))
        XCTAssertTrue(index.isBuiltOnlyInPreviews("Legacy"))
        XCTAssertTrue(index.isBuiltOnlyInPreviews("Detail"))
        // Its body never runs, so its state's writes never run it again.
        XCTAssertTrue(index.reRenderTriggers(of: index.types["Legacy"]!).isEmpty)
        XCTAssertFalse(index.reRenderTriggers(of: index.types["Home"]!).isEmpty)
        // Named by a hosting controller's generic argument, by a type alias, by the app.
        XCTAssertFalse(index.isBuiltOnlyInPreviews("Hosted"))
        XCTAssertFalse(index.isNamedOnlyInOwnDeclarations("Screen"))
        XCTAssertFalse(index.isBuiltOnlyInPreviews("Screen"))
        XCTAssertFalse(index.isBuiltOnlyInPreviews("Home"))
        // A library's clients may build any of its views.
        let library = self.index(["Views.swift": "struct Badge: View { var body: some View { Text(\"1\") } }"])
        XCTAssertFalse(library.isBuiltOnlyInPreviews("Badge"))
        // Not a `private` one: only its own file can build it.
        let privateView = self.index([
            "Views.swift": "private struct Sample: View { var body: some View { Text(\"1\") } }\n#Preview { Sample() }"
        ])
        let sample = privateView.types.values.first { $0.name.withoutTypeKeyPrefixes == "Sample" }!
        XCTAssertTrue(privateView.isBuiltOnlyInPreviews(sample.name))
    }

    func testViewTheAppBuildsIsNotPreviewOnly() {
        let index = index([
            "App/Views.swift": """
                @main struct ShowApp: App { var body: some Scene { WindowGroup { Screen() } } }
                struct Screen: View { var body: some View { Badge() } }
                struct Badge: View { var body: some View { Text("1") } }
                #Preview { Badge() }
                """
        ])
        XCTAssertFalse(index.isBuiltOnlyInPreviews("Screen"))
        XCTAssertFalse(index.isBuiltOnlyInPreviews("Badge"))
        // A library's clients may build its views.
        let library = self.index(["Views.swift": "struct Badge: View { var body: some View { Text(\"1\") } }\n#Preview { Badge() }"])
        XCTAssertFalse(library.isBuiltOnlyInPreviews("Badge"))
    }

    /// A root needs a scene, a hosting controller or configuration, or an image renderer
    /// named in a file that builds a project view; a package of views has none.
    func testMayHaveRootsOnlyWhereAFileBuildingViewsNamesARootCallee() {
        let rows = "struct Rows: View { var body: some View { Row(item: Item(id: 0, title: \"\")) } }"
        let package = index(["Row.swift": row, "Rows.swift": rows, "Preview.swift": "#Preview { Rows() }"])
        XCTAssertFalse(package.viewGraph.mayHaveRoots)
        // A scene named where no project view is built holds no site.
        let unrelated = index(["Row.swift": row, "Rows.swift": rows, "Scenes.swift": "func scenes() -> some Scene { WindowGroup { Text(\"A\") } }"])
        XCTAssertFalse(unrelated.viewGraph.mayHaveRoots)
        // An image renderer of content handed over builds no project view there.
        let renderer = index([
            "Row.swift": row,
            "Share.swift": """
                struct Share: View {
                    let content: AnyView
                    var body: some View { Button("Share") { _ = ImageRenderer(content: content).uiImage } }
                    func preview() -> some View { Rows() }
                }
                """,
            "Rows.swift": rows,
        ])
        XCTAssertFalse(renderer.viewGraph.mayHaveRoots)
        let roots = [
            "@main struct RowsApp: App { var body: some Scene { WindowGroup { Rows() } } }",
            "final class Host: UIViewController { func show() { addChild(UIHostingController(rootView: Rows())) } }",
            "@MainActor func snapshot() -> CGImage? { ImageRenderer(content: Rows()).cgImage }",
            "@main struct RowsApp: App { var body: some Scene { WindowGroup(id: \"main\")\n{ Rows() } } }",
        ]
        for root in roots {
            let project = index(["Row.swift": row, "Rows.swift": rows, "Root.swift": root])
            XCTAssertTrue(project.viewGraph.mayHaveRoots, root)
            let contexts = project.viewGraph.constructions(of: "Rows").map(\.context)
            XCTAssertTrue(contexts.contains { [.oneTime(.sceneRoot), .oneTime(.hostingRoot), .oneTime(.imageRenderer)].contains($0) }, root)
        }
    }
}
