import Foundation
import Observation

/// The trips. Uses Observation.
@MainActor
@Observable
final class TripStore {
    var trips: [Trip] = []
    var title = "My Trips"

    func add(_ trip: Trip) {
        trips.append(trip)
    }
}

struct Trip: Identifiable, Hashable {
    let id = UUID()
    var destination: String
    var nights: Int
}
