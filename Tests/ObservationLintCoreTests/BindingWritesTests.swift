import ObservationLintCore
import ObservationSyntax
import XCTest

/// `isBindingNeverReplaced(at:)`: a whole `$item` handed to a project view's `@Binding`
/// that the view writes only members through.
final class BindingWritesTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))])
    }

    func testBindingNeverReplaced() {
        let source = """
            final class Food { var name = ""; var tags: [String] = [] }
            struct Editor: View {
                @Binding var item: Food
                init(item: Binding<Food>) { self._item = item }
                var body: some View {
                    Button("Rename") { item.name = "new" }
                    TagList(tags: $item.tags)
                }
            }
            struct Replacer: View {
                @Binding var item: Food
                var body: some View { Button("Reset") { item = Food() } }
            }
            struct Forwarder: View {
                @Binding var item: Food
                var body: some View { Replacer(item: $item) }
            }
            struct TagList: View {
                @Binding var tags: [String]
                var body: some View { Text("") }
            }
            struct Screen: View {
                @State var item: Food
                var body: some View {
                    Editor(item: $item)
                    Replacer(item: $item)
                    Forwarder(item: $item)
                    TagList(tags: $item.tags)
                }
            }
            """
        let index = index(source)
        let file = index.files[0]
        let screen = file.tokens.indices.first { file.text($0) == "Screen" }!
        let bindings = file.tokens.indices.filter { $0 > screen && file.text($0) == "$item" }
        XCTAssertEqual(bindings.map { index.isBindingNeverReplaced(at: TokenLocation(file: 0, token: $0)) }, [true, false, false, false])
    }
}
