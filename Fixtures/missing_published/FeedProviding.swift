import Combine
import Foundation

/// Anything that can feed the "Latest" tab. Refines ObservableObject, so every conforming
/// class is one.
@MainActor
protocol FeedProviding: ObservableObject {
    var latestEpisodes: [Episode] { get }
    var lastError: String? { get }
    func reload()
}
