import Combine
import Foundation
import Observation

/// Its subscriptions live in its own `cancellables` and hold `self` weakly: a discarded
/// instance cancels them when it is freed, nothing lasting repeats.
@MainActor
@Observable
final class PlayerSearchModel {
    var query = ""
    var results: [String] = []
    @ObservationIgnored private let queries = PassthroughSubject<String, Never>()
    @ObservationIgnored private var cancellables = Set<AnyCancellable>()

    init() {
        queries
            .debounce(for: .seconds(0.3), scheduler: RunLoop.main)
            .sink { [weak self] query in self?.results = [query] }
            .store(in: &cancellables)
        NotificationCenter.default.publisher(for: .init("RosterChanged"))
            .sink { [weak self] _ in self?.results = [] }
            .store(in: &cancellables)
    }
}

/// Its subscription's closure holds `self` strongly: the instance keeps itself, and the
/// subscription, alive after SwiftUI discards it.
@MainActor
@Observable
final class TransferFeedModel {
    var latest = ""
    @ObservationIgnored private var cancellables = Set<AnyCancellable>()

    init() {
        NotificationCenter.default.publisher(for: .init("TransferAnnounced"))
            .sink { note in self.latest = note.name.rawValue }
            .store(in: &cancellables)
    }
}
