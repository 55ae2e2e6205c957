import SwiftUI

/// Runs its body again on every tap: the queue injected here is a new one each time, and
/// the old one's pending episodes are dropped.
struct QueueScreen: View {
    @State private var taps = 0

    var body: some View {
        Button("Tapped \(taps)") { taps += 1 }
        DownloadsButton()
            .environment(DownloadQueue()) // expect: environment_object_created_inline
    }
}

/// Nothing runs this body again: the one queue it builds lives on.
struct QueueShelf: View {
    let title: String

    var body: some View {
        Text(title)
        DownloadsButton()
            .environment(DownloadQueue())
    }
}

/// The counter changes only in the other branch: while the queue's subtree is shown,
/// nothing runs this body again.
struct QueueSwitcher: View {
    @State private var showsQueue = true
    @State private var taps = 0

    var body: some View {
        if showsQueue {
            DownloadsButton()
                .environment(DownloadQueue())
        } else {
            Button("Tapped \(taps)") { taps += 1 }
        }
    }
}

/// Its initializer reads `UserDefaults` and nothing writes it later: a new one loses nothing.
@MainActor
final class PlaybackDefaults: ObservableObject {
    @Published private(set) var rate: Double

    init() {
        rate = UserDefaults.standard.double(forKey: "rate")
    }
}

struct RateScreen: View {
    @State private var taps = 0

    var body: some View {
        Button("Tapped \(taps)") { taps += 1 }
        RateLabel()
            .environmentObject(PlaybackDefaults())
    }
}

struct RateLabel: View {
    @EnvironmentObject private var defaults: PlaybackDefaults

    var body: some View {
        Text("\(defaults.rate)×")
    }
}

/// The queue is injected inside the content of another module's container (`BackportStack`
/// is no SwiftUI or project type): the body passes it a new closure on every tap, so the
/// content, and the queue, is built again.
struct BackportQueueScreen: View {
    @State private var taps = 0

    var body: some View {
        BackportStack {
            Button("Tapped \(taps)") { taps += 1 }
            DownloadsButton()
                .environment(DownloadQueue()) // expect: environment_object_created_inline
        }
    }
}

/// The other module's closure starts with a call, not a view: when it runs is not known.
struct DeferredQueueScreen: View {
    @State private var taps = 0

    var body: some View {
        Button("Tapped \(taps)") { taps += 1 }
        Deferred {
            present(DownloadsButton().environment(DownloadQueue()))
        }
    }
}
