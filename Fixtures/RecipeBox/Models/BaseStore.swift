import Combine
import Foundation

/// Shared loading and error state for the app's stores.
@MainActor
// Not final: CartStore (and the upcoming PantryStore) inherit from it.
class BaseStore: ObservableObject {
    @Published var isLoading = false
    @Published var errorMessage: String?

    func run(_ work: () async throws -> Void) async {
        isLoading = true
        errorMessage = nil
        do {
            try await work()
        } catch {
            errorMessage = error.localizedDescription
        }
        isLoading = false
    }
}
