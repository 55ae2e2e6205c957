import Foundation

struct Podcast: Identifiable, Hashable, Codable {
    let id: UUID
    var title: String
    var author: String
    var feedURL: URL
}

struct Episode: Identifiable, Hashable, Codable {
    let id: UUID
    var podcastID: Podcast.ID
    var title: String
    var duration: TimeInterval
    var publishedAt: Date
}

/// Network access for feeds. Completion-handler based: it predates async/await here.
protocol EpisodeFetching: Sendable {
    func fetchLatest(completion: @escaping @Sendable ([Episode]) -> Void)
}

struct FeedClient: EpisodeFetching {
    var session: URLSession = .shared
    var endpoint = URL(string: "https://example.com/api/v2/latest")!

    func fetchLatest(completion: @escaping @Sendable ([Episode]) -> Void) {
        session.dataTask(with: endpoint) { data, _, _ in
            let episodes = data.flatMap { try? JSONDecoder().decode([Episode].self, from: $0) } ?? []
            completion(episodes)
        }
        .resume()
    }
}

extension TimeInterval {
    var clockString: String {
        let total = Int(self)
        return String(format: "%d:%02d", total / 60, total % 60)
    }
}
