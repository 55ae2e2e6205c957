import ObservationLintCore
import ObservationLintRules
import XCTest

/// A `@State` that already holds its value when `init` runs (declared with one, or an
/// optional, which starts as `nil`): `self.count = count` goes through the setter and is
/// dropped. And the autoclosure-built `@StateObject`: what silences it is following the very
/// input the object is built from, a value tied to an identity, or a starting-value label.
final class StateSeedDropTests: XCTestCase {
    private let outside: [any Rule] = [StateInitializedFromOutside()]
    private let objectOutside: [any Rule] = [StateObjectInitializedFromOutside()]

    private func likes(_ declaration: String, parent: String) -> [Diagnostic] {
        let child = """
            struct Likes: View {
                \(declaration)
                init(count: Int) { self.count = count }
                var body: some View { Text("\\(count)") }
            }
            """
        return lint([("Likes.swift", child), ("Post.swift", parent)], rules: outside)
    }

    private let post = """
        struct Post: View {
            @State private var likes = 3
            var body: some View {
                Likes(count: likes)
                Button("Like") { likes += 1 }
            }
        }
        """

    func testAssignmentThroughTheSetterOfAStateDeclaredWithAValueIsDropped() {
        let found = likes("@State private var count: Int = 0", parent: post)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(
            found.first?.message,
            "`self.count = count` in `init` is dropped: `@State var count` already has its initial value, so SwiftUI keeps `0` and `Likes` never shows what `Post` passes; write `_count = State(initialValue: count)`")
        XCTAssertEqual(found.first?.notes.count, 2)
    }

    func testCallerPassingTheDeclaredValueLosesNothing() {
        XCTAssertTrue(likes("@State private var count: Int = 0", parent: "struct Post: View { var body: some View { Likes(count: 0) } }").isEmpty)
    }

    func testOptionalStateStartsAsNilSoTheAssignmentIsDropped() {
        let child = """
            struct Likes: View {
                @State private var count: Int?
                init(count: Int?) { self.count = count }
                var body: some View { Text("\\(count ?? 0)") }
            }
            """
        let parent = """
            struct Post: View {
                @State private var likes: Int? = 3
                var body: some View {
                    Likes(count: likes)
                    Button("Like") { likes = (likes ?? 0) + 1 }
                }
            }
            """
        let found = lint([("Likes.swift", child), ("Post.swift", parent)], rules: outside)
        XCTAssertEqual(found.count, 1)
        XCTAssert(found.first?.message.hasPrefix("`self.count = count` in `init` is dropped") == true, found.first?.message ?? "")
        XCTAssert(found.first?.message.contains("SwiftUI keeps `nil`") == true, found.first?.message ?? "")
        for spelling in ["Optional<Int>", "Int!"] {
            let other = lint([("Likes.swift", child.replacingOccurrences(of: "Int?", with: spelling)), ("Post.swift", parent)], rules: outside)
            XCTAssert(other.first?.message.hasPrefix("`self.count = count` in `init` is dropped") == true, "\(spelling): \(other.map(\.message))")
        }
    }

    func testStateSeededThroughItsStorageIsNoDroppedAssignment() {
        let child = """
            struct Likes: View {
                @State private var count: Int?
                init(count: Int?) { _count = State(initialValue: count) }
                var body: some View { Text("\\(count ?? 0)") }
            }
            """
        let found = lint([("Likes.swift", child), ("Post.swift", post)], rules: outside)
        XCTAssertEqual(found.count, 1)
        XCTAssert(found.first?.message.hasPrefix("`@State var count` keeps the first value") == true, found.first?.message ?? "")
    }

    // MARK: - state_initialized_from_outside: the label callers write says "starting value"

    private func field(_ initializer: String, call: String, name: String = "query") -> [Diagnostic] {
        let code = """
            struct SearchField: View {
                @State private var text: String
                \(initializer) { _text = State(initialValue: \(name)) }
                var body: some View { Text(text) }
            }
            struct SearchScreen: View {
                @State private var lastQuery = ""
                var body: some View {
                    \(call)
                    Button("Clear") { lastQuery = "" }
                }
            }
            """
        return lint([("Search.swift", code)], rules: outside)
    }

    func testStateSeedNameIsTheLabelCallersWrite() {
        XCTAssertTrue(field("init(initialQuery query: String)", call: "SearchField(initialQuery: lastQuery)").isEmpty)
        XCTAssertEqual(
            field("init(text query: String)", call: "SearchField(text: lastQuery)").count, 1)
        XCTAssertEqual(
            field("init(query: String)", call: "SearchField(query: lastQuery)").count, 1)
        XCTAssertEqual(field("init(query initialQuery: String)", call: "SearchField(query: lastQuery)", name: "initialQuery").count, 1)
    }

    // MARK: - state_object_initialized_from_outside

    private func card(_ body: String, initializer: String = "init(title: String, tasks: [String])", stores: String = "self.title = title") -> String {
        """
        final class Progress: ObservableObject {
            @Published var tasks: [String]
            init(tasks: [String]) { self.tasks = tasks }
        }
        struct ProgressCard: View {
            let title: String
            @StateObject private var progress: Progress
            \(initializer) {
                \(stores)
                _progress = StateObject(wrappedValue: Progress(tasks: tasks))
            }
            var body: some View {
                \(body)
            }
        }
        struct TasksScreen: View {
            @State private var tasks: [String] = []
            var body: some View {
                ProgressCard(title: "T", tasks: tasks)
                Button("Add") { tasks.append("a") }
            }
        }
        """
    }

    func testFollowingAnotherInputDoesNotSilenceTheAutoclosureFinding() {
        let plain = lint([("A.swift", card(#"Text("\(title) \(progress.tasks.count)")"#))], rules: objectOutside)
        XCTAssertEqual(plain.count, 1)
        let other = lint(
            [("A.swift", card(#"Text("\(title) \(progress.tasks.count)").onChange(of: title) { _ in print("renamed") }"#))],
            rules: objectOutside)
        XCTAssertEqual(other.count, 1)
    }

    func testFollowingTheInputWithoutTouchingTheObjectDoesNotSilenceIt() {
        let code = card(
            #"Text("\(progress.tasks.count)").onChange(of: tasks) { _ in print("changed") }"#,
            stores: "self.title = title; self.tasks = tasks"
        ).replacingOccurrences(of: "    let title: String\n", with: "    let title: String\n    let tasks: [String]\n")
        XCTAssertEqual(lint([("A.swift", code)], rules: objectOutside).count, 1)
    }

    func testFollowingTheInputTheObjectIsBuiltFromSilencesIt() {
        let stored = card(
            #"Text("\(progress.tasks.count)").onChange(of: tasks) { progress.tasks = $0 }"#,
            stores: "self.title = title; self.tasks = tasks"
        ).replacingOccurrences(of: "    let title: String\n", with: "    let title: String\n    let tasks: [String]\n")
        XCTAssertTrue(lint([("A.swift", stored)], rules: objectOutside).isEmpty)
        // Through a method of the view's own that hands the object the value.
        let method = card(
            #"Text("\(progress.tasks.count)").task(id: tasks) { sync() }"#,
            stores: "self.title = title; self.tasks = tasks"
        ).replacingOccurrences(
            of: "    let title: String\n", with: "    let title: String\n    let tasks: [String]\n    func sync() { progress.tasks = tasks }\n")
        XCTAssertTrue(lint([("A.swift", method)], rules: objectOutside).isEmpty)
        // `.refreshable` is no following of the input.
        let refresh = card(
            #"List { Text("\(progress.tasks.count)") }.refreshable { progress.tasks = tasks }"#,
            stores: "self.title = title; self.tasks = tasks"
        ).replacingOccurrences(of: "    let title: String\n", with: "    let title: String\n    let tasks: [String]\n")
        XCTAssertEqual(lint([("A.swift", refresh)], rules: objectOutside).count, 1)
    }

    func testAModelFieldIsLeftOutTheCallersOwnStateIsReported() {
        let code = """
            final class Progress: ObservableObject {
                let tasks: [String]
                init(tasks: [String]) { self.tasks = tasks }
            }
            final class Board: ObservableObject {
                @Published var tasks: [String] = []
                func add() { tasks.append("new") }
            }
            struct ProgressCard: View {
                @StateObject private var progress: Progress
                init(tasks: [String]) { _progress = StateObject(wrappedValue: Progress(tasks: tasks)) }
                var body: some View { Text("\\(progress.tasks.count)") }
            }
            struct BoardScreen: View {
                @StateObject private var board = Board()
                var body: some View {
                    ProgressCard(tasks: board.tasks)
                    Button("Add") { board.add() }
                }
            }
            """
        // A field of the caller's model is left out (models mostly reload equal copies).
        XCTAssertTrue(lint([("A.swift", code)], rules: objectOutside).isEmpty)
        // The caller's own state that its action appends to: reported; a list of records is no
        // record tied to an identity.
        let ownState = code.replacingOccurrences(of: "@StateObject private var board = Board()", with: "@State private var tasks: [Item] = []")
            .replacingOccurrences(of: "ProgressCard(tasks: board.tasks)", with: "ProgressCard(tasks: tasks)")
            .replacingOccurrences(of: "Button(\"Add\") { board.add() }", with: "Button(\"Add\") { tasks.append(Item(id: 1)) }")
            .replacingOccurrences(of: "[String]", with: "[Item]") + "\nstruct Item: Identifiable { let id: Int }\n"
        XCTAssertEqual(lint([("A.swift", ownState)], rules: objectOutside).count, 1)
    }

    func testAModelRecordWithAnIdentityIsNotFollowed() {
        let code = """
            struct Project: Identifiable { let id: Int; var name: String }
            final class Progress: ObservableObject {
                let project: Project
                init(project: Project) { self.project = project }
            }
            final class Board: ObservableObject {
                @Published var current: Project? = nil
                func reload() async { current = Project(id: 1, name: "") }
            }
            struct ProjectCard: View {
                @StateObject private var progress: Progress
                init(project: Project?) { _progress = StateObject(wrappedValue: Progress(project: project ?? Project(id: 0, name: ""))) }
                var body: some View { Text(progress.project.name) }
            }
            struct BoardScreen: View {
                @StateObject private var board = Board()
                var body: some View {
                    ProjectCard(project: board.current).refreshable { await board.reload() }
                }
            }
            """
        XCTAssertTrue(lint([("A.swift", code)], rules: objectOutside).isEmpty)
    }

    func testALetOfAnIdentifiedRecordIsNotFollowed() {
        let code = """
            struct Post: Identifiable { let id: Int; let author: String; var likes: Int }
            final class Profile: ObservableObject {
                let name: String
                init(name: String) { self.name = name }
            }
            final class Feed: ObservableObject {
                @Published var post = Post(id: 1, author: "a", likes: 0)
                func refresh() { post = Post(id: 1, author: "a", likes: post.likes + 1) }
            }
            struct AuthorBadge: View {
                @StateObject private var profile: Profile
                init(name: String) { _profile = StateObject(wrappedValue: Profile(name: name)) }
                var body: some View { Text(profile.name) }
            }
            struct PostInfo: View {
                let post: Post
                var body: some View { AuthorBadge(name: post.FIELD) }
            }
            struct FeedScreen: View {
                @StateObject private var feed = Feed()
                var body: some View {
                    PostInfo(post: feed.post)
                    Button("Refresh") { feed.refresh() }
                }
            }
            """
        XCTAssertTrue(lint([("A.swift", code.replacingOccurrences(of: "FIELD", with: "author"))], rules: objectOutside).isEmpty)
        // A field of the caller's model: left out too.
        let likes = code.replacingOccurrences(of: "FIELD", with: "likes.description")
        XCTAssertTrue(lint([("A.swift", likes)], rules: objectOutside).isEmpty)
    }

    func testObjectSeedNameIsTheLabelCallersWrite() {
        func search(_ initializer: String, call: String, name: String = "query") -> [Diagnostic] {
            let code = """
                final class SearchModel: ObservableObject {
                    @Published var query: String
                    init(query: String) { self.query = query }
                }
                struct SearchField: View {
                    @StateObject private var search: SearchModel
                    \(initializer) { _search = StateObject(wrappedValue: SearchModel(query: \(name))) }
                    var body: some View { TextField("Search", text: $search.query) }
                }
                struct SearchScreen: View {
                    @State private var lastQuery = ""
                    var body: some View {
                        \(call)
                        Button("Clear") { lastQuery = "" }
                    }
                }
                """
            return lint([("A.swift", code)], rules: objectOutside)
        }
        XCTAssertTrue(search("init(initialQuery query: String)", call: "SearchField(initialQuery: lastQuery)").isEmpty)
        XCTAssertEqual(search("init(text query: String)", call: "SearchField(text: lastQuery)").count, 1)
        XCTAssertEqual(search("init(query initialQuery: String)", call: "SearchField(query: lastQuery)", name: "initialQuery").count, 1)
    }
}
