import SwiftUI

@main
struct HabitsApp: App {
    @StateObject private var store = HabitStore()

    var body: some Scene {
        WindowGroup {
            HabitListView()
                .environmentObject(store)
        }
    }
}

/// A scene's body is evaluated again when its state changes, like an app's: a model built
/// there is built again each time.
struct ChartScene: Scene {
    @State private var highlighted = false

    var body: some Scene {
        WindowGroup("Chart") {
            ChartView(model: ChartModel(points: [1, 2, 3])) // expect: model_created_in_body
                .opacity(highlighted ? 1 : 0.8)
                .onTapGesture { highlighted.toggle() }
        }
    }
}

/// Screens the app shows through navigation this scenario leaves out: named here, each may
/// be shown (a view no code names never renders).
let navigationScreens: [any View.Type] = [
    FocusScreen.self, StatsScreen.self, HabitWidgetGallery.self, HabitFactsButton.self, StreakScreen.self, InboxScreen.self,
    OutboxScreen.self, StreakCounterHost.self, ExpenseList.self, CurrencyList.self, CourseSwitcher.self, EnrollingCourseSwitcher.self,
    DraftShelfView.self,
]
