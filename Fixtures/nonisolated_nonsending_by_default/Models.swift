import Foundation
import Observation
import SwiftUI

/// No actor isolation, but `async` methods run on their caller's actor: which one is not
/// known here, so only `@concurrent` methods and detached tasks are known to run off main.
@Observable
final class ReaderModel { // expect: observable_object_main_actor
    var article = ""
    var progress = 0.0
    var title = ""

    func load() async {
        article = await ReaderBackend.article()
    }

    @concurrent
    func prefetch() async {
        let text = await ReaderBackend.article()
        progress = Double(text.count) // expect: observable_mutated_off_main
    }

    /// Runs on its caller's actor: here a detached task's, off the main thread.
    func refreshTitle() async {
        title = await ReaderBackend.article() // expect: observable_mutated_off_main
    }

    func refreshTitleInBackground() {
        Task.detached { await self.refreshTitle() }
    }

    func loadDetached() {
        Task.detached {
            self.article = await ReaderBackend.article() // expect: observable_mutated_off_main
        }
    }
}

struct ReaderView: View {
    let model: ReaderModel

    var body: some View {
        Text(model.title + model.article)
            .overlay { ProgressView(value: model.progress) }
            .task { await model.load() }
    }
}

enum ReaderBackend {
    static func article() async -> String { "" }
}
