import ObservationLintCore
import ObservationSyntax
import XCTest

/// Which stored properties Observation tracks: those of the class the `@Observable` macro
/// is attached to, not those a subclass without it declares.
final class TrackedPropertiesTests: XCTestCase {
    func testASubclassWithoutTheMacroTracksOnlyItsSuperclassProperties() {
        let source = """
            import Observation

            @Observable
            class Item {
                var favorite = false
            }

            final class Playlist: Item {
                var trackCount = 0
            }

            @Observable
            final class Album: Item {
                var duration = 0.0
            }
            """
        let index = ProjectIndex(files: [ParsedFile(path: "Item.swift", bytes: Array(source.utf8))])
        XCTAssertEqual(index.announcingProperties(of: index.types["Playlist"]!), ["favorite"])
        XCTAssertEqual(index.announcingProperties(of: index.types["Album"]!), ["favorite", "duration"])
    }
}
