import HealthKit
import SwiftUI

/// The view is declared here and becomes a `View` in an extension in another file.
struct WorkoutSummaryView {
    let summarySession = WorkoutSession.init() // expect: observable_created_in_view_property
    let formatter = PaceFormatter()
    let writer = WorkoutLogWriter()
    let store = HKHealthStore()
}
