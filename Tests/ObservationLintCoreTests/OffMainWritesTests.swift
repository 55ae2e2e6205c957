import ObservationLintCore
import ObservationSyntax
import Testing

/// `ProjectIndex.offMainWrites(inFile:)`: the writes of a model's announcing properties that
/// run off the main thread, whichever code makes them.
@Suite struct OffMainWritesTests {
    static let source = """
        final class Feed: ObservableObject {
            @Published var items: [String] = []
            @Published var status = ""
            var cache: [String] = []
            func reload() {
                status = "loading"
                DispatchQueue.global().async {
                    self.cache = ["a"]
                    self.items = ["a"]
                }
            }
        }
        final class Counter: ObservableObject {
            @Published var count = 0
            func increment() { count += 1 }
        }
        final class Syncer {
            func sync(_ counter: Counter) {
                Task.detached { counter.count = 0 }
            }
        }
        struct FeedView: View {
            @ObservedObject var feed: Feed
            @ObservedObject var counter: Counter
            var body: some View { Text(feed.status + String(counter.count)) }
        }
        """

    @Test func listsOnlyAnnouncingWritesOffTheMainThread() {
        let index = ProjectIndex(files: [ParsedFile(path: "Feed.swift", bytes: Array(Self.source.utf8))])
        let writes = index.offMainWrites(inFile: 0).map { "\($0.model.type).\($0.model.property.name)" }
        // `status` is written on the caller's thread, `cache` announces nothing, and
        // `increment()` has no off-main caller; the detached task writes through a reference.
        #expect(writes == ["Feed.items", "Counter.count"])
    }

    @Test func aModelWrittenOnlyOnTheMainThreadHasNone() {
        let source = Self.source.replacingOccurrences(of: "DispatchQueue.global().async", with: "DispatchQueue.main.async")
            .replacingOccurrences(of: "Task.detached", with: "Task { @MainActor in }; Task { @MainActor in")
            .replacingOccurrences(of: "counter.count = 0 }", with: "counter.count = 0 } }")
        let index = ProjectIndex(files: [ParsedFile(path: "Feed.swift", bytes: Array(source.utf8))])
        #expect(index.offMainWrites(inFile: 0).isEmpty)
    }
}
