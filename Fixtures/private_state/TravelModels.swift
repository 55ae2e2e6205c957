import Combine
import Foundation

/// Trip planning state shared by the planner screens.
@MainActor
final class TripPlanner: ObservableObject {
    @Published var destinations: [String] = []
    @Published var budget = 1_000.0
}

struct Trip: Identifiable, Hashable {
    let id: UUID
    var name: String
}
