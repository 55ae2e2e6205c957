import Foundation

extension NewsFeedModel {
    func loadCachedArticles() {
        articles = UserDefaults.standard.stringArray(forKey: "articles") ?? []
    }

    func fetchLatest() {
        articles.append("Breaking")
    }
}
