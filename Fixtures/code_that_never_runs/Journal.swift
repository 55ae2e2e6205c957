import Foundation

/// `sync()` is an old path nothing calls any more: its off-main call of `replace(with:)`
/// never happens, and the button calls `replace(with:)` on the main actor.
final class Journal: ObservableObject { // expect: observable_object_main_actor
    @Published var entries: [String] = []

    func sync() async {
        let loaded = await JournalServer.entries()
        replace(with: loaded)
    }

    func replace(with entries: [String]) {
        self.entries = entries
    }
}

/// `restore()` runs: the view's `.task` calls it, off the main actor.
final class JournalArchive: ObservableObject { // expect: observable_object_main_actor
    @Published var count = 0

    func restore() async {
        let restored = await JournalServer.entries()
        apply(restored.count)
    }

    private func apply(_ count: Int) {
        self.count = count // expect: published_mutated_off_main
    }
}

enum JournalServer {
    static func entries() async -> [String] { [] }
}
