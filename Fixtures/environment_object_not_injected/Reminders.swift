import SwiftUI
import UIKit

/// Roots of every platform variant, hosting configurations, and an object nobody reads.
@MainActor
final class ReminderStore: ObservableObject {
    @Published var reminders: [String] = []
}

struct RemindersScene: Scene {
    @StateObject private var store = ReminderStore()

    var body: some Scene {
        #if os(iOS)
        WindowGroup(id: "reminders") {
            ReminderPanel().environmentObject(store)
        }
        #else
        Window("Reminders", id: "reminders") {
            ReminderPanel().environmentObject(store).frame(minWidth: 320)
        }
        // The macOS-only window forgets the store: compiled for macOS, it crashes.
        Window("Due today", id: "due") {
            ReminderDueList()
        }
        #endif
    }
}

struct ReminderPanel: View {
    @EnvironmentObject private var store: ReminderStore
    var body: some View { List(store.reminders, id: \.self) { Text($0) } }
}

struct ReminderDueList: View {
    @EnvironmentObject private var store: ReminderStore // expect: environment_object_not_injected
    var body: some View { Text("\(store.reminders.count) due") }
}

/// Cells host their content with the store injected.
final class ReminderCellsController: UICollectionViewController {
    let store = ReminderStore()

    func configure(_ cell: UICollectionViewCell) {
        cell.contentConfiguration = UIHostingConfiguration {
            ReminderCell().environmentObject(store)
        }
    }
}

struct ReminderCell: View {
    @EnvironmentObject private var store: ReminderStore
    var body: some View { Text(store.reminders.first ?? "") }
}

/// Declares the store but never reads it: no lookup, no crash.
struct ReminderBadge: View {
    @EnvironmentObject private var store: ReminderStore // expect: unread_observed_object
    var body: some View { Image(systemName: "bell") }
}

final class ReminderBadgeController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(UIHostingController(rootView: ReminderBadge()))
    }
}
