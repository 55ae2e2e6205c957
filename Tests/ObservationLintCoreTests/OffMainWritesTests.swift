import Foundation
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

    /// The models a user of a local package asks for: `exportedOffMainWrites` computes a
    /// model's writes only when asked.
    final class AskedModels: @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [String] = []
        func record(_ model: String) { lock.withLock { asked.append(model) } }
        var models: [String] { lock.withLock { asked } }
    }

    @Test func aPackageExportsTheWritesOfTheModelsItsUsersObserveWhenAsked() {
        let package = """
            public final class Feed: ObservableObject {
                @Published public var items: [String] = []
                public func reload() { DispatchQueue.global().async { self.items = ["a"] } }
            }
            public final class Log: ObservableObject {
                @Published public var lines: [String] = []
                public func add() { DispatchQueue.global().async { self.lines = ["a"] } }
            }
            """
        let app = """
            struct FeedView: View {
                @ObservedObject var feed: Feed
                var body: some View { Text(feed.items.first ?? "") }
            }
            """
        let packageFile = ParsedFile(path: "Package/Feed.swift", bytes: Array(package.utf8))
        let packageIndex = ProjectIndex(files: [packageFile])
        let exported = packageIndex.exportedOffMainWrites
        #expect(exported.models.sorted() == ["Feed", "Log"])
        #expect(exported.writes("Log").map(\.model.property.name) == ["lines"])
        let asked = AskedModels()
        let recording = ExportedOffMainWrites(models: exported.models) { model in
            asked.record(model)
            return exported.writes(model)
        }
        // The user's files: its view, then the package's file.
        let user = ProjectIndex(
            files: [ParsedFile(path: "App/FeedView.swift", bytes: Array(app.utf8)), packageFile], isPackageFile: [false, true],
            importedTypes: packageIndex.publicTypes.mapValues { $0.renumberingFiles { _ in 1 } },
            packageOffMainWrites: [recording.renumberingFiles { _ in 1 }])
        #expect(user.offMainWrites(inFile: 1).map { "\($0.model.type).\($0.model.property.name)" } == ["Feed.items"])
        #expect(user.packageFilesWitnessedHere == [1])
        // `Log`, which no view of the user observes, is not asked for.
        #expect(asked.models == ["Feed"])
    }
}
