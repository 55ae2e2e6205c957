import Foundation
import Observation

@MainActor
@Observable
final class ReachabilityModel {
    var isOnline = true

    init() {
        setUpObservers()
    }

    private func setUpObservers() {
        NotificationCenter.default.addObserver(
            forName: .init("ReachabilityChanged"), object: nil, queue: .main
        ) { _ in }
    }
}

/// Requests its avatar in `init`.
@MainActor
@Observable
final class AvatarModel {
    var imageData: Data?

    init(url: URL) {
        URLSession.shared.dataTask(with: url) { data, _, _ in
            _ = data
        }.resume()
    }
}
