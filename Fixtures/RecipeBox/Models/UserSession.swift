import Combine
import Foundation

/// What the profile screen needs from a session. Refines ObservableObject so that views
/// can observe any implementation.
@MainActor
protocol SessionProviding: ObservableObject {
    var displayName: String { get }
    var isSignedIn: Bool { get }
    func signOut()
}

@MainActor
final class UserSession: SessionProviding {
    @Published var displayName: String
    @Published private(set) var isSignedIn = true

    var isPremium = false // expect: missing_published

    private var authToken: String?

    init(displayName: String = "Guest") {
        self.displayName = displayName
    }

    var planBadge: String {
        isPremium ? "Pro" : "Free"
    }

    func signIn(name: String, token: String) {
        authToken = token
        displayName = name
        isSignedIn = true
    }

    func upgrade() async {
        // StoreKit purchase elided.
        try? await Task.sleep(for: .seconds(1))
        isPremium = true
    }

    func signOut() {
        authToken = nil
        isPremium = false
        isSignedIn = false
    }
}
