import Combine
import Foundation

/// Shared loading state. Not `@MainActor`: subclasses change `isLoading` from wherever
/// their work finishes.
class LoadingModel: ObservableObject { // expect: observable_object_main_actor
    @Published var isLoading = false
    @Published var lastError: String?
}
