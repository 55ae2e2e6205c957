import Foundation
import SwiftData

/// SwiftData's attributes are macros, not property wrappers.
@Model
final class Bookmark {
    @Attribute(.unique) var url: URL
    @Transient var isHighlighted = false
    @Relationship(deleteRule: .cascade) var notes: [BookmarkNote] = []

    init(url: URL) {
        self.url = url
    }
}

@Model
final class BookmarkNote {
    var text: String
    init(text: String) { self.text = text }
}
