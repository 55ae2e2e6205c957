import Combine
import Foundation

@MainActor
class MainActorStore: ObservableObject {
    @Published var lastUpdate: Date?
}
