import Foundation
import Observation

@MainActor
@Observable
final class NewsFeedModel {
    var articles: [String] = []
    var onRefresh: () -> Void = {}

    /// Reads the cached articles from `UserDefaults`: memory, no work started.
    init() {
        loadCachedArticles()
    }

    /// Only stores a closure: nothing runs yet.
    init(preview articles: [String]) {
        self.articles = articles
        onRefresh = { [weak self] in self?.fetchLatest() }
    }
}
