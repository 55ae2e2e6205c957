import SwiftUI

/// Runs its body again whenever the picked day changes, re-creating the views below.
struct WeatherScreen: View {
    @State private var selectedDay = "Mon"
    @StateObject private var today = DayDetailModel(day: "Today")

    var body: some View {
        VStack {
            Picker("Day", selection: $selectedDay) {
                Text("Mon").tag("Mon")
                Text("Tue").tag("Tue")
            }
            DayDetailView(day: selectedDay)
            DaySummaryView(day: selectedDay)
            DayNotesView()
            DayHeaderView(model: today)
            ForecastView()
            TemperatureLabel(degrees: 20)
            TemperatureBadge(degrees: 21)
            RadarPanelView()
        }
    }
}

/// Its object only holds its inputs: a new one loses nothing.
struct TemperatureBadge: View {
    let degrees: Double
    @ObservedObject var style = TemperatureStyle(unit: "°F")

    var body: some View {
        Text(style.text(for: degrees))
    }
}

/// Its only parent never runs again: one object.
struct StaticDayView: View {
    @ObservedObject var model = DayDetailModel(day: "Sun")

    var body: some View {
        Text(model.summary)
    }
}

struct StaticWeek: View {
    var body: some View {
        StaticDayView()
    }
}

/// The parent's state changes only in the other branch: while this view is shown, nothing
/// runs the parent again.
struct AlertsPanel: View {
    @ObservedObject var alerts = AlertsModel()

    var body: some View {
        Button("Dismiss \(alerts.alerts.count)") { alerts.dismissAll() }
    }
}

struct AlertsScreen: View {
    @State private var showsAlerts = true
    @State private var refreshes = 0

    var body: some View {
        if showsAlerts {
            AlertsPanel()
        } else {
            Button("Refresh \(refreshes)") { refreshes += 1 }
        }
    }
}
