import AVKit
import Combine
import SwiftUI

/// The featured shelf: sections a task group loads, a trailer player and a carousel.
final class FeaturedShelf: ObservableObject {
    /// Loaded by child tasks of `loadAll()`'s task group, which sends `objectWillChange`
    /// once the group is done (through a weak capture).
    private(set) var podcasts: [String] = []
    private(set) var hosts: [String] = []

    /// Only its player's volume changes: the property keeps the same `AVPlayer`.
    private(set) var trailer: AVPlayer?

    /// Cleared only as the shelf is freed.
    private(set) var trailerURL: URL?

    /// The carousel's page: its subject tells subscribers, not the header reading it.
    let pageChanged = PassthroughSubject<Int, Never>()
    private var page = 0 // expect: missing_published

    var pageTitle: String { "Page \(page + 1)" }

    init(trailerURL: URL) {
        self.trailerURL = trailerURL
        trailer = AVPlayer(url: trailerURL)
    }

    deinit { tearDown() }

    @MainActor func loadPodcasts() async { podcasts = await FeaturedAPI.podcasts() }
    @MainActor func loadHosts() async { hosts = await FeaturedAPI.hosts() }

    func loadAll() {
        Task { @MainActor [weak self] in
            await withTaskGroup(of: Void.self) { group in
                guard let self else { return }
                group.addTask { await self.loadPodcasts() }
                group.addTask { await self.loadHosts() }
                await group.waitForAll()
            }
            self?.objectWillChange.send()
        }
    }

    func mute(_ muted: Bool) { trailer?.volume = muted ? 0 : 1 }

    func scrolled(to index: Int) {
        DispatchQueue.main.async { [weak self] in
            self?.page = index
            self?.pageChanged.send(index)
        }
    }

    private func tearDown() {
        trailer?.pause()
        trailerURL = nil
    }
}

enum FeaturedAPI {
    static func podcasts() async -> [String] { ["Daily"] }
    static func hosts() async -> [String] { ["Ada"] }
}

struct FeaturedShelfView: View {
    @StateObject private var shelf = FeaturedShelf(trailerURL: URL(fileURLWithPath: "/trailer.mov"))

    var body: some View {
        VStack {
            Text(shelf.pageTitle)
            Text("\(shelf.podcasts.count) podcasts, \(shelf.hosts.count) hosts")
            VideoPlayer(player: shelf.trailer)
            Text(shelf.trailerURL?.lastPathComponent ?? "")
            Button("Mute") { shelf.mute(true) }
            Button("Next") { shelf.scrolled(to: 1) }
        }
        .onAppear { shelf.loadAll() }
    }
}
