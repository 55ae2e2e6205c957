import Combine
import Foundation
import SwiftUI

/// `async` methods of a class with no actor isolation run on the global executor: before
/// and after each `await`, off the main thread.
final class TimelineModel: ObservableObject { // expect: observable_object_main_actor
    @Published var posts: [String] = []
    @Published var isRefreshing = false
    @Published var lastSync = ""

    func refresh() async {
        isRefreshing = true // expect: published_mutated_off_main
        let loaded = await TimelineBackend.posts()
        posts = loaded // expect: published_mutated_off_main
        isRefreshing = false // expect: published_mutated_off_main
    }

    /// Runs on its caller's actor (SE-0461): where that is, is not known here.
    nonisolated(nonsending) func sync() async {
        let stamp = await TimelineBackend.stamp()
        lastSync = stamp
    }

    /// Hops back to the main actor for the change.
    func reloadOnMain() async {
        let loaded = await TimelineBackend.posts()
        await MainActor.run { posts = loaded }
    }

    /// A notification observer with `queue: nil` runs on the posting thread, which the
    /// analysis does not follow; one on the main queue runs on the main thread.
    func observe() {
        NotificationCenter.default.addObserver(forName: .timelineChanged, object: nil, queue: nil) { _ in
            self.lastSync = "changed"
        }
        NotificationCenter.default.addObserver(forName: .timelineChanged, object: nil, queue: .main) { _ in
            self.lastSync = "changed on main"
        }
    }
}

/// The same method, isolated to the main actor: it resumes there after each `await`.
@MainActor
final class MainTimelineModel: ObservableObject {
    @Published var posts: [String] = []

    func refresh() async {
        posts = await TimelineBackend.posts()
    }
}

/// Subscriptions: delivered on the main queue, or by `URLSession` off it.
final class TickerModel: ObservableObject { // expect: observable_object_main_actor
    @Published var price = 0.0
    private var subscriptions = Set<AnyCancellable>()

    func start(_ url: URL) {
        URLSession.shared.dataTaskPublisher(for: url)
            .map(\.data)
            .receive(on: DispatchQueue.main)
            .sink(receiveCompletion: { _ in }, receiveValue: { data in self.price = Double(data.count) })
            .store(in: &subscriptions)
        URLSession.shared.dataTaskPublisher(for: url)
            .map(\.data)
            .sink(receiveCompletion: { _ in }, receiveValue: { data in
                self.price = Double(data.count) // expect: published_mutated_off_main
            })
            .store(in: &subscriptions)
    }
}

/// Written off the main thread, but no view observes it: not this rule's business.
final class UploadQueue: ObservableObject {
    @Published var pending = 0
    var isIdle: Bool { pending == 0 }

    func drain() {
        DispatchQueue.global().async { self.pending = 0 }
    }
}

struct TimelineView: View {
    @StateObject private var timeline = TimelineModel()
    @StateObject private var mainTimeline = MainTimelineModel()
    @StateObject private var ticker = TickerModel()

    var body: some View {
        List(timeline.posts + mainTimeline.posts, id: \.self) { Text($0) }
            .overlay { if timeline.isRefreshing { ProgressView() } }
            .navigationTitle("\(ticker.price) · \(timeline.lastSync)")
            .task { await timeline.refresh() }
    }
}

enum TimelineBackend {
    static func posts() async -> [String] { [] }
    static func stamp() async -> String { "" }
}

extension Notification.Name {
    static let timelineChanged = Notification.Name("timelineChanged")
}
