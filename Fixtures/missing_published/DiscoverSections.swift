import AVFoundation
import SwiftUI

/// The discover screen's sections, each loaded by a child task of one task group.
final class DiscoverSections: ObservableObject {
    /// Written by child tasks that have ended when `withTaskGroup` returns; the send after
    /// it announces them.
    private(set) var topShows: [String] = []
    private(set) var topHosts: [String] = []
    /// The group announces before it waits for the child task: it may end after the send.
    private(set) var featured: [String] = [] // expect: missing_published
    /// Announced by `self?.objectWillChange.send()` right after the write.
    private(set) var banner = ""
    /// `AVPlayer` is a class: `mute()` changes the player, not this property.
    private(set) var trailer: AVPlayer?

    init() {
        Task { @MainActor [weak self] in
            let loaded = await Self.fetch()
            self?.banner = loaded.first ?? ""
            self?.objectWillChange.send()
        }
    }

    func loadAll() {
        Task { @MainActor [weak self] in
            await withTaskGroup(of: Void.self) { group in
                guard let self else { return }
                group.addTask { await self.loadShows() }
                group.addTask { await self.loadHosts() }
            }
            self?.objectWillChange.send()
        }
    }

    func loadFeatured() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.fetchFeatured() }
            objectWillChange.send()
            await group.waitForAll()
        }
    }

    func mute() { trailer?.volume = 0 }

    @MainActor private func loadShows() async { topShows = await Self.fetch() }
    @MainActor private func loadHosts() async { topHosts = await Self.fetch() }
    @MainActor private func fetchFeatured() async { featured = await Self.fetch() }
    private static func fetch() async -> [String] { [] }
}

struct DiscoverSectionsView: View {
    @StateObject private var sections = DiscoverSections()

    var body: some View {
        List {
            Text(sections.banner)
            ForEach(sections.topShows + sections.topHosts + sections.featured, id: \.self) { Text($0) }
            Text(sections.trailer == nil ? "No trailer" : "Trailer")
        }
        .onAppear { sections.loadAll() }
        .task { await sections.loadFeatured() }
        .onDisappear { sections.mute() }
    }
}

enum DiscoverPlaceholders {
    final class Message: ObservableObject {
        /// Set only in the lazy initializer that builds the object, before it hands it out.
        var text = ""
    }
}

final class DiscoverRouter {
    lazy var emptyMessage: DiscoverPlaceholders.Message = {
        let message = DiscoverPlaceholders.Message()
        message.text = "Nothing yet"
        return message
    }()

    func makeEmptyView() -> some View { DiscoverEmptyView(message: emptyMessage) }
}

struct DiscoverEmptyView: View {
    @ObservedObject var message: DiscoverPlaceholders.Message
    var body: some View { Text(message.text) }
}
