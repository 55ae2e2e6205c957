import SwiftUI

final class FeedUpdater: NSObject {
    @objc dynamic var canCheck = true
}

/// Mirrors the updater: each time `canCheck` changes, the subscription publishes and every
/// view observing this object runs its body again.
@MainActor
final class UpdateStatus: ObservableObject {
    @Published var canCheck = false

    init(updater: FeedUpdater) {
        updater.publisher(for: \.canCheck).assign(to: &$canCheck)
    }
}

/// Remembers a dismissed notice: a new object shows it again.
@MainActor
final class NoticeState: ObservableObject {
    @Published var showsNotice = true
}

struct NoticeBanner: View {
    @EnvironmentObject var notice: NoticeState

    var body: some View {
        Text("Episodes moved")
            .alert("Episodes moved", isPresented: $notice.showsNotice) {}
    }
}

struct UpdateShell: View {
    @StateObject private var status = UpdateStatus(updater: FeedUpdater())

    var body: some View {
        Text(status.canCheck ? "Up to date" : "Checking")
        NoticeBanner()
            .environmentObject(NoticeState()) // expect: environment_object_created_inline
    }
}
