import SwiftUI
import UserNotifications

/// Counts the pending reminders: `getPendingNotificationRequests`'s block "may be executed on
/// a background thread".
@MainActor final class ReminderListModel: ObservableObject {
    @Published var pendingCount = 0
    @Published var lastChecked = ""

    func refresh() {
        UNUserNotificationCenter.current().getPendingNotificationRequests { requests in
            self.pendingCount = requests.count // expect: published_mutated_off_main
            DispatchQueue.main.async { self.lastChecked = "now" }
        }
    }
}

struct ReminderListView: View {
    @StateObject private var reminders = ReminderListModel()

    var body: some View {
        Text("\(reminders.pendingCount) pending, checked \(reminders.lastChecked)")
            .onAppear { reminders.refresh() }
    }
}
