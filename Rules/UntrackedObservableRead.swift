import ObservationLintCore
import ObservationSyntax

public struct UntrackedObservableRead: Rule {
    public static let description = RuleDescription(
        id: "untracked_observable_read",
        name: "Untracked observable read",
        category: .observation,
        group: .suspicious,
        summary: "A view (or a computed property views use) reads an `@ObservationIgnored var` that changes.",
        rationale: """
            `@ObservationIgnored` takes a property out of Observation: reading it registers \
            nothing, and changing it tells no one. When a view's rendering code reads such a \
            property, directly or through the model's computed properties and methods, and the \
            property changes after the model reached the view, the view keeps showing the old \
            value until some tracked property it reads changes too. The rule reports the witness: \
            a change that can happen after a view read the value (not in `init`, nor in setup \
            before the model is handed out), with no change of a tracked property the same view \
            reads in the same synchronous flow (a revision counter, a loading flag, in the same \
            function, the functions it calls or every function calling it; an `await` or a \
            closure that runs later ends the flow), and the render read that goes stale. A \
            change that only views never on screen with the reader start (views in another \
            branch of an `if`/`switch` of a view the app shows once) is no witness: the reader \
            is built after it.
            """,
        fix: """
            Remove `@ObservationIgnored` so that Observation tracks the property. If it must stay \
            ignored (a property wrapper such as `@AppStorage`, or storage you manage yourself), \
            expose it through a computed property whose getter calls `access(keyPath:)` and \
            whose setter calls `withMutation(keyPath:)`.
            """,
        triggeringExamples: [
            """
            @Observable final class Inbox {
                @ObservationIgnored var ↓unreadCount = 0
                func receive() { unreadCount += 1 }
            }
            struct InboxBadge: View {
                let inbox: Inbox
                var body: some View { Text("\\(inbox.unreadCount)") }
            }
            """,
            """
            @Observable final class Player {
                var title = ""
                @ObservationIgnored private var ↓position = 0.0
                var progressText: String { "\\(Int(position))s" }
                func seek(to time: Double) { position = time }
            }
            struct Scrubber: View {
                let player: Player
                var body: some View { Text(player.progressText) }
            }
            """,
            """
            @Observable final class Settings {
                @ObservationIgnored
                @AppStorage("fontSize") var ↓fontSize = 14.0
            }
            struct FontSizeSlider: View {
                @Bindable var settings: Settings
                var body: some View {
                    Slider(value: $settings.fontSize, in: 10...30)
                    Text("\\(settings.fontSize) pt")
                }
            }
            """,
            """
            @Observable final class Uploader {
                @ObservationIgnored var ↓isUploading = false
                func upload() {
                    isUploading = true
                    Task { isUploading = false }
                }
            }
            struct UploadButton: View {
                @Environment(Uploader.self) private var uploader
                var body: some View {
                    Button("Upload") { uploader.upload() }
                        .disabled(uploader.isUploading)
                }
            }
            """,
            """
            @Observable final class Gallery {
                var title = ""
                @ObservationIgnored var ↓photos: [String] = []
                func reload() async {
                    title = "Loading"
                    photos = await library.fetch()
                }
            }
            struct GalleryGrid: View {
                let gallery: Gallery
                var body: some View {
                    Text(gallery.title)
                    ForEach(gallery.photos, id: \\.self) { Text($0) }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // Only the join screen changes the greeting, and the root shows it in the other
            // branch than the card: the card is built after the change, with the new value.
            """
            @MainActor @Observable final class Membership {
                var member: String?
                @ObservationIgnored var greeting = "Hello"
                func chooseGreeting(_ text: String) { greeting = text }
            }
            struct MembershipRoot: View {
                @State private var membership = Membership()
                var body: some View {
                    if membership.member != nil { MemberCard(membership: membership) } else { JoinScreen(membership: membership) }
                }
            }
            struct JoinScreen: View {
                let membership: Membership
                var body: some View {
                    Button("Formal") { membership.chooseGreeting("Good day") }
                    Button("Join") { membership.member = "ann" }
                }
            }
            struct MemberCard: View {
                let membership: Membership
                var body: some View { Text(membership.greeting) }
            }
            @main struct MembershipApp: App {
                var body: some Scene { WindowGroup { MembershipRoot() } }
            }
            """,
            // The loading flag the view reads changes in the same flow, after the `await`.
            """
            @Observable final class Gallery {
                var isLoading = false
                @ObservationIgnored var photos: [String] = []
                func reload() async {
                    isLoading = true
                    let fetched = await library.fetch()
                    photos = fetched
                    isLoading = false
                }
            }
            struct GalleryGrid: View {
                let gallery: Gallery
                var body: some View {
                    if gallery.isLoading { ProgressView() }
                    ForEach(gallery.photos, id: \\.self) { Text($0) }
                }
            }
            """,
            // Written only by its creator, before the view gets it.
            """
            @Observable final class Reader {
                var page = 0
                @ObservationIgnored var bookTitle = ""
                func open(_ title: String) { bookTitle = title }
            }
            enum ReaderScene {
                static func make() -> ReaderView {
                    let reader = Reader()
                    reader.open("Dune")
                    return ReaderView(reader: reader)
                }
            }
            struct ReaderView: View {
                let reader: Reader
                var body: some View { Text("\\(reader.bookTitle), page \\(reader.page)") }
            }
            """,
            // `scrollToNext:` labels the argument, it names no method; the view's method is
            // handed over, and runs when the user taps.
            """
            @Observable final class Thread {
                var comments: [String] = []
                @ObservationIgnored var topVisible = 0
                func scrolled(to index: Int) { topVisible = index }
            }
            struct ThreadView: View {
                let thread: Thread
                var body: some View {
                    List(thread.comments, id: \\.self) { Text($0) }
                    JumpButton(scrollToNext: scrollToNext)
                }
                private func scrollToNext() { print(thread.topVisible + 1) }
            }
            struct JumpButton: View {
                let scrollToNext: () -> Void
                var body: some View { Button("Next", action: scrollToNext) }
            }
            """,
            // A wrapper of the project's own that reads an `@Observable` store: the read is
            // tracked through it.
            """
            @Observable final class SettingsStore {
                var values: [String: String] = [:]
                static let shared = SettingsStore()
            }
            @propertyWrapper struct Setting {
                let key: String
                var wrappedValue: String {
                    get { SettingsStore.shared.values[key] ?? "" }
                    nonmutating set { SettingsStore.shared.values[key] = newValue }
                }
            }
            @Observable final class Filters {
                @ObservationIgnored @Setting(key: "keywords") var keywords: String
                func add(_ word: String) { keywords += " " + word }
            }
            struct FiltersView: View {
                let filters: Filters
                var body: some View { Text(filters.keywords) }
            }
            """,
            """
            @Observable final class Thread {
                var replies: [String] = []
                @ObservationIgnored private var depths: [String: Int] = [:]
                func load(_ loaded: [String]) {
                    indexDepths(loaded)
                    replies = loaded
                }
                private func indexDepths(_ loaded: [String]) {
                    for reply in loaded { depths[reply] = reply.count }
                }
                func depth(of reply: String) -> Int { depths[reply] ?? 0 }
            }
            struct ThreadView: View {
                let thread: Thread
                var body: some View {
                    ForEach(thread.replies, id: \\.self) { Text($0).padding(.leading, CGFloat(thread.depth(of: $0))) }
                }
            }
            """,
            """
            @Observable final class Avatars {
                var users: [String] = []
                @ObservationIgnored private var rendered: [String: String] = [:]
                func avatar(for user: String) -> String {
                    if let cached = rendered[user] { return cached }
                    let avatar = String(user.prefix(1))
                    rendered[user] = avatar
                    return avatar
                }
            }
            struct AvatarView: View {
                let avatars: Avatars
                let user: String
                var body: some View { Text(avatars.avatar(for: user)) }
            }
            """,
            """
            @Observable final class Sync {
                @ObservationIgnored var lastError: String?
                var statusText: String { lastError ?? "Up to date" }
                func fail(_ message: String) { lastError = message }
            }
            final class StatusMenuController: NSObject {
                let sync = Sync()
                func refresh(_ item: NSMenuItem) { item.title = sync.statusText }
            }
            """,
            """
            @Observable final class Inbox {
                @ObservationIgnored let accountID = UUID()
                var unreadCount = 0
            }
            struct InboxBadge: View {
                let inbox: Inbox
                var body: some View { Text(inbox.accountID.uuidString) }
            }
            """,
            """
            @Observable final class Timeline {
                var statuses: [String] = []
                @ObservationIgnored private var visibleIDs: Set<String> = []
                func appeared(_ id: String) { visibleIDs.insert(id) }
                private func pruneHidden() { statuses.removeAll { !visibleIDs.contains($0) } }
            }
            """,
            """
            @Observable final class Preferences {
                @ObservationIgnored private var _fontSize = 14.0
                var fontSize: Double {
                    get { access(keyPath: \\.fontSize); return _fontSize }
                    set { withMutation(keyPath: \\.fontSize) { _fontSize = newValue } }
                }
            }
            """,
            """
            @Observable final class ImageCache {
                private var revision = 0
                @ObservationIgnored private var images: [String: Data] = [:]
                var count: Int {
                    _ = revision
                    return images.count
                }
                func store(_ data: Data, for key: String) {
                    images[key] = data
                    revision += 1
                }
            }
            """,
            """
            @Observable final class Session {
                @ObservationIgnored var token: String
                init(token: String) { self.token = token }
            }
            struct TokenLabel: View {
                let session: Session
                var body: some View { Text(session.token) }
            }
            """,
            """
            @Observable final class Viewer {
                var zoom = 1.0
                @ObservationIgnored private var documentTitle = ""
                var title: String { documentTitle }
                init(url: URL) { loadMetadata(url) }
                private func loadMetadata(_ url: URL) { documentTitle = url.lastPathComponent }
            }
            struct ViewerTitle: View {
                let viewer: Viewer
                var body: some View { Text(viewer.title) }
            }
            """,
            """
            @Observable final class Composer {
                var text = ""
                @ObservationIgnored var draftID = UUID()
                func reset() { draftID = UUID() }
            }
            struct ComposerView: View {
                let composer: Composer
                var body: some View {
                    Button("Save") { save(composer.draftID) }
                }
            }
            """,
        ],
        autoFix: AutoFix(
            .safe,
            reason: "Removing `@ObservationIgnored` only makes Observation track a property that views already read, and the fix is offered only where it is the property's sole attribute, on storage the macro can track.",
            corrections: [
                RuleCorrection(
                    """
                    @Observable final class Score {
                        @ObservationIgnored var ↓points = 0
                        func add() { points += 1 }
                    }
                    struct ScoreView: View {
                        let score: Score
                        var body: some View { Text("\\(score.points)") }
                    }
                    """,
                    """
                    @Observable final class Score {
                        var points = 0
                        func add() { points += 1 }
                    }
                    struct ScoreView: View {
                        let score: Score
                        var body: some View { Text("\\(score.points)") }
                    }
                    """),
                RuleCorrection(
                    """
                    @Observable final class Download {
                        @ObservationIgnored
                        private(set) var ↓progress = 0.0
                        var percent: String { "\\(Int(progress * 100))%" }
                        func advance() { progress += 0.1 }
                    }
                    struct DownloadRow: View {
                        let download: Download
                        var body: some View { Text(download.percent) }
                    }
                    """,
                    """
                    @Observable final class Download {
                        private(set) var progress = 0.0
                        var percent: String { "\\(Int(progress * 100))%" }
                        func advance() { progress += 0.1 }
                    }
                    struct DownloadRow: View {
                        let download: Download
                        var body: some View { Text(download.percent) }
                    }
                    """),
            ]))

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        for (decl, type) in index.typeDeclarations(in: context.fileIndex) where type.isClass && type.isObservable {
            let candidates = decl.properties.filter(isCandidate)
            guard !candidates.isEmpty else { continue }
            let changes = index.changes(of: type)
            let lineage = index.typeAndSubtypes(of: type).map(\.name)
            let tracking = TrackingGetters(type: type, index: index)
            let renderReads = lineage.flatMap { index.renderReads(of: $0) }
            // What each view reads of the model: a change paired in its flow with a tracked
            // one the view reads (a revision counter, a loading flag) re-renders it anyway.
            var namesReadByView: [String: Set<String>] = [:]
            for read in renderReads { namesReadByView[read.view, default: []].insert(read.path[0]) }
            for property in candidates {
                let writes = changes.writes(of: property.name)
                // A cache filled while views render follows the state it derives from.
                guard !writes.contains(where: \.inRenderingCode) else { continue }
                var found: (read: RenderRead, write: PropertyWrite)?
                for read in renderReads where isUntracked(read, of: property.name, tracking: tracking, index: index) {
                    let readNames = namesReadByView[read.view] ?? []
                    if let write = writes.first(where: {
                        $0.phase == .afterHandout && !$0.isAnnounced(toReadersOf: readNames) && !index.isRenderedAgain(read.view, by: $0)
                            // Started only by views never on screen with the reader: no witness.
                            && index.canRun($0.site, whileShowingAnyInstanceOf: read.view, writing: property.name)
                    }) {
                        found = (read, write)
                        break
                    }
                }
                guard let (read, write) = found else { continue }
                let origin = read.origin
                let how = read.steps.last.map { "through `\($0.member)` (like `\(read.view.simpleTypeName)`)" } ?? "(like `\(read.view.simpleTypeName)`)"
                let notes = [
                    context.note(
                        "changed in \(write.member) with no change of tracked state that `\(read.view.simpleTypeName)` reads in the same flow\(write.contextDescription(in: index))",
                        at: write.site.token..<write.site.token + 1, in: write.site.file),
                    context.note("read while rendering: \(read.description)", at: origin.tokens[0]..<origin.tokens[0] + 1, in: origin.file),
                ]
                context.report(
                    "`\(property.name)` is `@ObservationIgnored` but changes after `init`: views that read it \(how) are not told about the change and keep showing the old value",
                    at: property.nameToken..<property.nameToken + 1,
                    notes: notes,
                    help: "remove `@ObservationIgnored` so that Observation tracks `\(property.name)`, or read it through a computed property whose getter calls `access(keyPath:)` and whose setter calls `withMutation(keyPath:)`",
                    fixes: fix(for: property, context: context))
            }
        }
    }

    /// A stored instance `var` marked `@ObservationIgnored`, other than a callback (a
    /// closure-typed property is plumbing, not state a view shows) or one held by a wrapper
    /// the analysis cannot see into (a project's `@Setting` may read an `@Observable` store,
    /// which tracks the read after all).
    private func isCandidate(_ property: Property) -> Bool {
        property.isStored && !property.isLet && property.attributes.contains(named: "ObservationIgnored")
            && !property.modifiers.contains("static") && !property.modifiers.contains("class")
            && property.type?.text.contains("->") != true
            && property.attributes.allSatisfy { Self.knownAttributes.contains(String($0.simpleName)) }
    }

    /// Attributes whose effect on tracking is known: SwiftUI's stores do not tell Observation
    /// of their changes.
    private static let knownAttributes: Set<String> = [
        "ObservationIgnored", "PerceptionIgnored", "AppStorage", "SceneStorage", "MainActor", "nonisolated", "objc",
    ]

    /// A render path to the property that registers nothing else on the way: not a
    /// binding handed on, and through no getter that reads tracked state.
    private func isUntracked(_ read: RenderRead, of name: String, tracking: TrackingGetters, index: ProjectIndex) -> Bool {
        read.path.first == name
            && (read.steps.isEmpty ? !isBindingRead(read.origin, index: index) : !read.steps.contains { $0.body != nil && tracking.registers($0.member) })
    }

    /// `$model.name` hands a binding on; the view does not read the value itself.
    private func isBindingRead(_ read: ViewModelRead, index: ProjectIndex) -> Bool {
        let file = index.files[read.file]
        var root = read.tokens[0] - 1
        while root >= 0, file.kind(root) == .period || file.kind(root) == .postfixQuestionMark
            || file.kind(root) == .exclamationMark
        {
            root -= 1
        }
        if file.at(root, "self"), file.kind(root - 1) == .period { root -= 2 }
        return file.kind(root) == .dollarIdentifier
    }

    private func fix(for property: Property, context: RuleContext) -> [Fix] {
        // Only when `@ObservationIgnored` is the sole attribute (another wrapper, such as
        // `@AppStorage`, cannot be tracked) and the storage is one the macro tracks.
        guard property.attributes.count == 1, let attribute = property.attributes.first,
            !property.modifiers.contains(where: { ["lazy", "weak", "unowned"].contains($0.name) }),
            let edit = ObservationEdits.removal(of: attribute, in: context)
        else { return [] }
        return [Fix(title: "Track `\(property.name)` (remove @ObservationIgnored)", edits: [edit])]
    }
}

/// Which computed properties of an observable class register an Observation access when
/// their getter runs: those that call `access(keyPath:)`, read a tracked stored property
/// (a revision counter that invalidates them), or read another computed property that does.
struct TrackingGetters {
    private var registering: Set<String> = []
    /// The class's tracked stored properties.
    private(set) var trackedProperties: Set<String> = []

    init(type: TypeInfo, index: ProjectIndex) {
        let chain = index.typeAndAncestors(of: type)
        var tracked = Set<String>()
        defer { trackedProperties = tracked }
        var getters: [(name: String, file: ParsedFile, body: Range<Int>)] = []
        for info in chain {
            for (fileIndex, property) in info.properties {
                if property.modifiers.contains("static") || property.modifiers.contains("class") { continue }
                if property.isStored {
                    if !property.isLet, !property.isObservationIgnored {
                        tracked.insert(property.name)
                    }
                } else if let body = property.accessors.first(where: { $0.kind == .get || $0.kind == .read })?.body {
                    getters.append((property.name, index.files[fileIndex], body))
                }
            }
        }
        // Names each getter reads (`x`, `self.x`), and whether it calls `access(`.
        var reads: [String: Set<String>] = [:]
        for (name, file, body) in getters {
            let locals = file.localNames(in: body)
            var names = Set<String>()
            for chain in file.memberChains(in: body) {
                let path = file.path(of: chain)
                let root = chain.names[0]
                if file.at(root, "self") {
                    if path.count >= 1, !(path.count == 1 && path[0] == "self") { names.insert(path[0]) }
                } else if file.kind(root) == .identifier, !locals.contains(path[0]) {
                    names.insert(path[0])
                }
                if file.path(of: chain).last == "access", file.isCalled(chain) {
                    registering.insert(name)
                }
            }
            reads[name, default: []].formUnion(names)
            if !names.isDisjoint(with: tracked) { registering.insert(name) }
        }
        var changed = true
        while changed {
            changed = false
            for (name, names) in reads where !registering.contains(name) && !names.isDisjoint(with: registering) {
                registering.insert(name)
                changed = true
            }
        }
    }

    func registers(_ member: String) -> Bool { registering.contains(member) }
}

/// Text edits shared by the Observation rules.
enum ObservationEdits {
    /// Deletes an attribute and the whitespace after it (through the next token, so that
    /// an attribute on its own line leaves no blank line). Nil when a comment follows it.
    static func removal(of attribute: Attribute, in context: RuleContext) -> TextEdit? {
        let file = context.file
        let next = attribute.tokens.upperBound
        guard next < file.tokens.count else { return nil }
        let gapStart = Int(file.tokens[next - 1].end)
        let gapEnd = Int(file.tokens[next].start)
        guard gapStart <= gapEnd,
            file.source.bytes[gapStart..<gapEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        else { return nil }
        let start = context.range(attribute.tokens).start
        let end = context.range(next..<next + 1).start
        return TextEdit(range: SourceRange(file: file.path, start: start, end: end), replacement: "")
    }
}
