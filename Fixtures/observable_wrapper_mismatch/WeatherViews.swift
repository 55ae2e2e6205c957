import SwiftUI

/// Reads an ObservableObject as if it were `@Observable`.
struct ForecastBanner: View {
    @Environment(WeatherService.self) private var weather // expect: observable_wrapper_mismatch

    var body: some View {
        Text(weather.forecast)
    }
}

struct UnitPicker: View {
    @Bindable var weather: WeatherService // expect: observable_wrapper_mismatch

    var body: some View {
        TextField("Unit", text: $weather.unit)
    }
}

/// The right wrappers for an ObservableObject.
struct ForecastDetail: View {
    @EnvironmentObject var weather: WeatherService

    var body: some View {
        VStack {
            Text(weather.forecast)
            Button("Refresh") { weather.refresh() }
        }
    }
}

/// A type that is both: either wrapper fits.
struct SyncStatusView: View {
    @StateObject private var monitor = SyncMonitor()
    @Environment(SyncMonitor.self) private var shared
    @ObservedObject var clock: ClockBridge

    var body: some View {
        Text("\(monitor.status) \(shared.status) \(clock.now)")
    }
}
