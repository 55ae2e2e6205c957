import SwiftUI

@main
struct FitnessApp: App {
    @StateObject private var store = WorkoutStore()
    @StateObject private var account = AccountStore()
    @State private var timer = IntervalTimer()

    var body: some Scene {
        WindowGroup {
            WorkoutList(store: store)
                .environmentObject(account)
                .environment(timer)
        }
    }
}

struct WorkoutList: View {
    @ObservedObject var store: WorkoutStore
    @EnvironmentObject private var account: AccountStore
    @StateObject private var goals = GoalStore()
    @StateObject private var health = HealthStore()
    @StateObject private var reminders = ReminderCenter()
    @StateObject private var window = WindowTracker()
    @StateObject private var counter = StepCounter()
    @StateObject private var cloud = CloudSync()
    let badges: any BadgeProviding
    let entry: WorkoutEntry
    let formatter: TimerFormatter

    var body: some View {
        List {
            Section(account.isSignedIn ? account.displayName : "Guest") {
                ForEach(store.workouts, id: \.self) { Text($0) }
            }
            if store.isSyncing {
                ProgressView()
            }
            Text("Goal: \(goals.dailyGoal) min, \(health.heartRate) bpm, \(counter.steps) steps, \(cloud.pendingUploads) uploads")
            Text("\(badges.badgeCount) new · \(entry.name) \(entry.minutes) min · \(formatter.style)")
            if let next = reminders.nextReminder, let updated = health.lastUpdate, !window.isFullScreen {
                Text("Next reminder \(next.formatted()), updated \(updated.formatted())")
            }
            TimerView()
        }
    }
}

struct TimerView: View {
    @Environment(IntervalTimer.self) private var timer

    var body: some View {
        Text("\(timer.remaining)s")
            .opacity(timer.isRunning ? 1 : 0.5)
    }
}
