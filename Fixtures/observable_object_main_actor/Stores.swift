import Combine
import Foundation

/// Shared state of the account stores; views hold the subclass.
class AccountBase: ObservableObject { // expect: observable_object_main_actor
    @Published var isSignedIn = false
}

/// Reported at its superclass: a subclass cannot be `@MainActor` alone.
final class AccountStore: AccountBase {
    @Published var displayName = ""
}

/// A plain superclass that is no model: the subclass is reported, without an automatic fix.
class Syncable {
    var lastSync: Date?
}

final class CloudSync: Syncable, ObservableObject { // expect: observable_object_main_actor
    @Published var pendingUploads = 0
}

/// Views hold it through a protocol.
protocol BadgeProviding: ObservableObject {
    var badgeCount: Int { get }
}

final class BadgeCenter: BadgeProviding { // expect: observable_object_main_actor
    @Published var badgeCount = 0
}

/// Isolated: fine.
@MainActor
final class GoalStore: ObservableObject {
    @Published var dailyGoal = 30
}

/// Inherits `@MainActor` from a superclass in another file.
final class HealthStore: MainActorStore {
    @Published var heartRate = 0
}

/// Isolated through its protocol.
@MainActor
protocol ReminderScheduling: ObservableObject {
    var nextReminder: Date? { get }
}

final class ReminderCenter: ReminderScheduling {
    @Published var nextReminder: Date?
}

/// Never used by a view.
final class ExportJob: ObservableObject {
    @Published var progress = 0.0

    func report() -> String { "\(progress)" }
}

/// Declared safe to share across threads: it guards its own state.
final class StepCounter: ObservableObject, @unchecked Sendable {
    private let lock = NSLock()
    @Published private(set) var steps = 0
}

/// An AppKit delegate: the protocol may isolate it to the main actor already.
final class WindowTracker: NSObject, ObservableObject, NSWindowDelegate {
    @Published var isFullScreen = false
}
