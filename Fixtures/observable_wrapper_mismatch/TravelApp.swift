import SwiftUI

@main
struct TravelApp: App {
    @State private var store = TripStore()
    @StateObject private var weather = WeatherService()
    @State private var monitor = SyncMonitor()
    @StateObject private var clock = ClockBridge()

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                TripListView()
                TripTitleEditor(store: store)
                TripCountBadge()
                TripSummary(store: store)
                TripRenameField(store: store)
                ForecastBanner()
                UnitPicker(weather: weather)
                ForecastDetail()
                SyncStatusView(clock: clock)
            }
            .environmentObject(store) // expect: observable_wrapper_mismatch
            .environment(store)
            .environmentObject(weather)
            .environment(weather) // expect: observable_wrapper_mismatch
            .environment(monitor)
        }
    }
}
