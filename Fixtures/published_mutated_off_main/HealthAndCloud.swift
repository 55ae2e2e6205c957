import CloudKit
import EventKit
import HealthKit
import Speech
import SwiftUI
import UserNotifications

final class ActivityModel: ObservableObject { // expect: observable_object_main_actor
    @Published var steps = 0.0
    @Published var authorized = false
    @Published var calendarAccess = false
    @Published var notificationsAllowed = false
    @Published var dictation = false
    @Published var notes: [CKRecord] = []
    @Published var shared: [CKRecord] = []
    @Published var heartRates: [HKSample] = []

    private let store = HKHealthStore()
    private let events = EKEventStore()
    private let database = CKContainer.default().privateCloudDatabase

    func authorize(_ types: Set<HKSampleType>) {
        store.requestAuthorization(toShare: types, read: types) { granted, _ in
            self.authorized = granted // expect: published_mutated_off_main
        }
    }

    func loadSteps(_ type: HKQuantityType) {
        let query = HKStatisticsQuery(quantityType: type, quantitySamplePredicate: nil, options: .cumulativeSum) { _, statistics, _ in
            self.steps = statistics?.sumQuantity()?.doubleValue(for: .count()) ?? 0 // expect: published_mutated_off_main
        }
        store.execute(query)
    }

    func loadHeartRates(_ type: HKSampleType) {
        let query = HKSampleQuery(sampleType: type, predicate: nil, limit: 20, sortDescriptors: nil) { _, samples, _ in
            DispatchQueue.main.async {
                self.heartRates = samples ?? []
            }
        }
        store.execute(query)
    }

    func requestCalendar() {
        events.requestFullAccessToEvents { granted, _ in
            self.calendarAccess = granted // expect: published_mutated_off_main
        }
    }

    func checkNotifications() {
        UNUserNotificationCenter.current().getNotificationSettings { settings in
            self.notificationsAllowed = settings.authorizationStatus == .authorized // expect: published_mutated_off_main
        }
    }

    func requestDictation() {
        SFSpeechRecognizer.requestAuthorization { status in
            Task { @MainActor in
                self.dictation = status == .authorized
            }
        }
    }

    func loadNotes(_ query: CKQuery) {
        database.perform(query, inZoneWith: nil) { records, _ in
            self.notes = records ?? [] // expect: published_mutated_off_main
        }
    }

    func loadShared(_ ids: [CKRecord.ID]) {
        let operation = CKFetchRecordsOperation(recordIDs: ids)
        operation.fetchRecordsCompletionBlock = { records, _ in
            self.shared = Array(records?.values ?? [:].values) // expect: published_mutated_off_main
        }
        database.add(operation)
    }
}

struct ActivityView: View {
    @StateObject private var activity = ActivityModel()

    var body: some View {
        VStack {
            Text("\(activity.steps)")
            Text(activity.authorized ? "Health" : "No health")
            Text(activity.calendarAccess ? "Calendar" : "No calendar")
            Text(activity.notificationsAllowed ? "Notifications" : "Silent")
            Text(activity.dictation ? "Dictation" : "Typing")
            Text("\(activity.notes.count) notes, \(activity.shared.count) shared, \(activity.heartRates.count) beats")
        }
    }
}
