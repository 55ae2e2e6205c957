import SwiftUI

/// Works with any session implementation (the real one, or the demo session in the
/// screenshots target).
struct ProfileView<Session: SessionProviding>: View {
    @ObservedObject var session: Session
    @State private var isConfirmingSignOut = false

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Text("Signed in as \(session.displayName)")
                }
                PlanSection()
                if session.isSignedIn {
                    Button("Sign Out", role: .destructive) {
                        isConfirmingSignOut = true
                    }
                }
            }
            .navigationTitle("Profile")
            .alert("Sign out?", isPresented: $isConfirmingSignOut) {
                Button("Sign Out", role: .destructive) { session.signOut() }
                Button("Cancel", role: .cancel) {}
            }
        }
    }
}

/// Plan and upgrade button; reads the concrete session from the environment.
struct PlanSection: View {
    @EnvironmentObject private var session: UserSession
    @State private var isUpgrading = false

    var body: some View {
        Section("Plan") {
            if session.isPremium {
                // Hides the spinner once the purchase lands.
                let _ = isUpgrading = false // expect: state_mutation_in_body
                Label("Recipe Box Pro", systemImage: "star.fill")
            } else {
                Button(isUpgrading ? "Upgrading…" : "Upgrade to Pro") {
                    isUpgrading = true
                    Task {
                        await session.upgrade()
                        isUpgrading = false
                    }
                }
                .disabled(isUpgrading)
            }
        }
    }
}

struct ProfileView_Previews: PreviewProvider {
    static var previews: some View {
        let session = UserSession(displayName: "Preview Cook")
        ProfileView(session: session)
            .environmentObject(session)
    }
}
