import SwiftUI
import AnalyticsKit

/// `ProfileStore` is only injected by the preview; previews count as providers.
@MainActor
final class ProfileStore: ObservableObject {
    @Published var bio = ""
}

struct ProfileCard: View {
    @EnvironmentObject private var profile: ProfileStore
    /// From another module: it may inject this itself.
    @EnvironmentObject private var analytics: AnalyticsClient

    var body: some View {
        Text(profile.bio)
            .help(analytics.sessionName)
    }
}

#Preview {
    ProfileCard()
        .environmentObject(ProfileStore())
}
