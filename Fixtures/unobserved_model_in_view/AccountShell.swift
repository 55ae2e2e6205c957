import SwiftUI

@MainActor
final class AccountSession: ObservableObject {
    static let shared = AccountSession()
    @Published var account: String? = "guest"
    @Published var nickname = ""

    func signOut() { account = nil }
    func rename(_ name: String) { nickname = name }
}

struct AccountShell: View {
    @ObservedObject private var session = AccountSession.shared

    var body: some View {
        if session.account != nil {
            AccountHome()
        } else {
            Text("Signed out")
        }
    }
}

struct AccountHome: View {
    var body: some View {
        NavigationStack {
            AccountCard()
        }
    }
}

struct AccountCard: View {
    var body: some View {
        VStack {
            // The only write of `account` is `nil`, which makes `AccountShell` leave the
            // branch holding this view: the view goes with it.
            Text(AccountSession.shared.account ?? "")
            Text(AccountSession.shared.nickname) // expect: unobserved_model_in_view
            Button("Rename") { AccountSession.shared.rename("b") }
            Button("Sign out") { AccountSession.shared.signOut() }
        }
    }
}
