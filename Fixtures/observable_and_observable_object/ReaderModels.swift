import Combine
import Observation

/// Both systems by the macro: Observation tracks `chapter`; subscribers to
/// `objectWillChange` never hear of it.
@MainActor
@Observable // expect: observable_and_observable_object
final class ReaderProgress: ObservableObject {
    var chapter = 1
    func advance() { chapter += 1 }
}

protocol ReaderStore: ObservableObject {}

/// `ObservableObject` through a protocol of the project.
@MainActor
@Observable final class BookmarkStore: ReaderStore { // expect: observable_and_observable_object
    var bookmarks: [Int] = []
}

/// Both by hand, without the macro: nothing to report.
@MainActor
final class ReaderClock: ObservableObject, Observable {
    @Published var minutesRead = 0
}

/// One system each.
@MainActor
@Observable final class ReaderTheme {
    var isDark = false
}
