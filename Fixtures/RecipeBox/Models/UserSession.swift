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
    // Written only by `grantTrial()`, whose only caller, `redeemOffer(code:)`, nothing calls.
    var trialDays = 0

    private var authToken: String?

    init(displayName: String = "Guest") {
        self.displayName = displayName
    }

    var planBadge: String {
        isPremium ? "Pro" : trialDays > 0 ? "Trial" : "Free"
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

    func redeemOffer(code: String) {
        if code.hasPrefix("TRIAL") { grantTrial() }
    }

    private func grantTrial() {
        trialDays = 14
    }

    func signOut() {
        authToken = nil
        isPremium = false
        isSignedIn = false
    }
}
