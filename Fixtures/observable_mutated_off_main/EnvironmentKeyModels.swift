import SwiftUI

protocol AccountProviding: Observable {
    var isSignedIn: Bool { get }
    func signOut() async
}

@Observable final class AccountService: AccountProviding { // expect: observable_object_main_actor
    var isSignedIn = true

    func signOut() async {
        try? await Task.sleep(nanoseconds: 1_000)
        isSignedIn = false // expect: observable_mutated_off_main
    }
}

private struct AccountKey: EnvironmentKey {
    static let defaultValue: any AccountProviding = AccountService()
}

extension EnvironmentValues {
    var account: any AccountProviding {
        get { self[AccountKey.self] }
        set { self[AccountKey.self] = newValue }
    }
}

struct AccountBadge: View {
    @Environment(\.account) private var account

    var body: some View {
        Button(account.isSignedIn ? "Sign out" : "Signed out") {
            Task { await account.signOut() }
        }
    }
}
