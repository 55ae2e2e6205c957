import AppKit
import Combine
import Foundation

/// Every change but one is on the main thread: hops back, main-actor isolation, or no
/// closure at all.
final class FeedModel: ObservableObject { // expect: observable_object_main_actor
    @Published var items: [String] = []
    @Published var status = ""

    func reloadWithMainHop() {
        DispatchQueue.global().async {
            let loaded = ["a", "b"]
            DispatchQueue.main.async {
                self.items = loaded
            }
        }
    }

    func reloadWithMainActorRun() {
        Task.detached {
            let loaded = await FeedBackend.items()
            await MainActor.run {
                self.items = loaded
                self.status = "Loaded \(loaded.count)"
            }
        }
    }

    func reloadWithMainActorTask() {
        Task { @MainActor in
            self.items = await FeedBackend.items()
        }
    }

    @MainActor
    func reloadOnMainActor() {
        Task {
            items = await FeedBackend.items()
        }
    }

    /// A local named like the property: the closure changes the local, then hands it over.
    func reloadShadowed() {
        DispatchQueue.global().async {
            var items = ["x"]
            items.append("y")
            let status = "local"
            print(status)
            self.apply(items)
        }
    }

    /// Changes the property in a method the background closure above calls: it runs there.
    func apply(_ newItems: [String]) {
        items = newItems // expect: published_mutated_off_main
    }

    /// An operation queue that runs on the main queue.
    func reloadOnMainOperationQueue() {
        let operations = OperationQueue()
        operations.underlyingQueue = .main
        operations.addOperation {
            self.status = "Reloaded"
        }
    }

    func reloadSynchronously() {
        items = ["now"]
        status = "Synchronous"
    }
}

/// Isolated to the main actor: `Task { }` inherits it.
@MainActor
final class InboxModel: ObservableObject {
    @Published var unread = 0

    func refresh() {
        Task {
            unread = await FeedBackend.unreadCount()
        }
    }
}

/// Inherits `@MainActor` from its superclass in another file.
final class ProfileModel: MainStore {
    func rename(_ name: String) {
        Task {
            displayName = name
            isSaving = false
        }
    }
}

/// An AppKit delegate may be main-actor isolated by its protocol: its plain tasks are left
/// alone.
final class WindowObserver: NSObject, ObservableObject, NSWindowDelegate {
    @Published var isKeyWindow = false

    func windowDidBecomeKey(_ notification: Notification) {
        Task {
            isKeyWindow = true
        }
    }
}

enum FeedBackend {
    static func items() async -> [String] { [] }
    static func unreadCount() async -> Int { 0 }
}
