import Combine
import Foundation

@MainActor
class MainStore: ObservableObject {
    @Published var displayName = ""
    @Published var isSaving = false
}
