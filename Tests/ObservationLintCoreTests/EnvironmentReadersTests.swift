import ObservationLintCore
import ObservationSyntax
import XCTest

/// `environmentReaderReach(of:kind:)` and `injectedSubtreeMayReachReader(_:of:)`: which
/// injection sites can show a view that reads the injected object, walking up the view graph
/// from the readers, conservative where the graph cannot follow.
final class EnvironmentReadersTests: XCTestCase {
    private func index(_ files: [String: String]) -> ProjectIndex {
        let parsed = files.sorted { $0.key < $1.key }.map { ParsedFile(path: $0.key, bytes: Array($0.value.utf8)) }
        return ProjectIndex(files: parsed)
    }

    /// Each injection of `model`, by line, with whether its subtree reaches a reader.
    private func answers(_ index: ProjectIndex, model: String) -> [Int: Bool] {
        var result: [Int: Bool] = [:]
        for injection in index.environmentInjections where injection.providedType == model {
            let file = index.files[injection.file]
            let line = file.source.location(of: file.byteRange(injection.token..<injection.token + 1).lowerBound).line
            result[line] = index.injectedSubtreeMayReachReader(injection, of: model)
        }
        return result
    }

    func testReadersAndTheViewsThatBuildThemReach() {
        let index = index([
            "Models.swift": """
                final class Player: ObservableObject { @Published var playing: String? }
                @Observable final class Library { var books: [String] = [] }
                """,
            "Views.swift": """
                struct Clip: View {
                    @EnvironmentObject var player: Player
                    var body: some View { Text(player.playing ?? "") }
                }
                struct Feed: View { var body: some View { List { Clip() } } }
                struct Inbox: View { var body: some View { Text("Mail") } }
                struct Shelf: View {
                    @Environment(Library.self) private var library
                    var body: some View { Text("\\(library.books.count)") }
                }
                struct Root: View {
                    @State private var count = 0
                    var body: some View {
                        VStack {
                            Feed()
                                .environmentObject(Player())
                            Inbox()
                                .environmentObject(Player())
                            Inbox().sheet(isPresented: .constant(true)) { Feed() }
                                .environmentObject(Player())
                            Shelf()
                                .environment(Library())
                            Inbox()
                                .environment(Library())
                        }
                    }
                }
                """,
        ])
        let reach = index.environmentReaderReach(of: "Player", kind: .environmentObject)
        XCTAssertEqual(index.environmentReaders(of: "Player", kind: .environmentObject), ["Clip"])
        XCTAssertTrue(reach.views.isSuperset(of: ["Clip", "Feed", "Root"]))
        XCTAssertFalse(reach.views.contains("Inbox"))
        XCTAssertEqual(index.environmentReaders(of: "Library", kind: .environment), ["Shelf"])
        // A view that builds a reader, one that builds none, one presenting a reader's builder.
        XCTAssertEqual(answers(index, model: "Player"), [16: true, 18: false, 20: true])
        XCTAssertEqual(answers(index, model: "Library"), [22: true, 24: false])
    }

    func testNoReaderReachedThroughHelpersModifiersAndLocals() {
        let index = index([
            "Models.swift": """
                final class Player: ObservableObject { @Published var playing: String? }
                """,
            "Extensions.swift": """
                extension View {
                    func card(title: String) -> some View { self.padding().overlay(Text(title)) }
                    func withClips() -> some View { self.overlay(Clip()) }
                    func modifier<T: View>(@ViewBuilder body: (Self) -> T) -> T { body(self) }
                }
                struct Path { var items: [String] = []; mutating func append(_ item: String) { items.append(item) } }
                """,
            "Views.swift": """
                struct Clip: View {
                    @EnvironmentObject var player: Player
                    var body: some View { Text(player.playing ?? "") }
                }
                struct Inbox: View { var body: some View { Text("Mail") } }
                struct Holder<Content: View>: View {
                    let content: Content
                    var body: some View { content.environmentObject(Player()) }
                }
                struct Root: View {
                    @State private var path = Path()
                    var body: some View {
                        VStack {
                            Inbox().card(title: "a").modifier { $0.padding() }
                                .onTapGesture { path.append("x") }
                                .environmentObject(Player())
                            Inbox().withClips()
                                .environmentObject(Player())
                            clips
                                .environmentObject(Player())
                            label
                                .environmentObject(Player())
                        }
                    }
                    @ViewBuilder private var clips: some View { Clip() }
                    @ViewBuilder private var label: some View { Text("Clips") }
                }
                struct Local: View {
                    var body: some View {
                        let row = Clip()
                        return row.environmentObject(Player())
                    }
                }
                """,
        ])
        XCTAssertEqual(
            answers(index, model: "Player"),
            [
                8: true,  // generic content a caller hands over
                16: false,  // project modifiers that build no reader, a data method
                18: true,  // a project modifier that builds a reader
                20: true,  // a helper that builds one
                22: false,  // a helper that builds none
                31: true,  // a local
            ])
    }

    func testAReaderBuiltOutsideTheViewGraphReachesThroughItsBuilder() {
        let index = index([
            "Views.swift": """
                final class Player: ObservableObject { @Published var playing: String? }
                struct Clip: View {
                    @EnvironmentObject var player: Player
                    var body: some View { Text(player.playing ?? "") }
                }
                enum Factory { static func make() -> some View { Clip() } }
                struct Inbox: View { var body: some View { Text("Mail") } }
                struct Root: View {
                    var body: some View {
                        Factory.make().environmentObject(Player())
                        Inbox().environmentObject(Player())
                    }
                }
                """,
        ])
        XCTAssertTrue(index.environmentReaderReach(of: "Player", kind: .environmentObject).memberNames.contains("make"))
        XCTAssertEqual(answers(index, model: "Player"), [10: true, 11: false])
    }
}
