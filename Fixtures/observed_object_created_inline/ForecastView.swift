import SwiftUI

/// Every form of creating the object with the property's initial value.
struct ForecastView: View {
    @ObservedObject var forecast = ForecastModel() // expect: observed_object_created_inline
    @ObservedObject private var capital = ForecastModel(city: "Bern") // expect: observed_object_created_inline
    @ObservedObject var alerts: AlertsModel = .init() // expect: observed_object_created_inline
    @ObservedObject var radar = Weather.RadarModel() // expect: observed_object_created_inline
    @ObservedObject var backup = ForecastModel.init(city: "Turku") // expect: observed_object_created_inline
    @ObservedObject var coast = ForecastModel.make(city: "Bodø") // expect: observed_object_created_inline
    /// Never referred to: nothing reaches this object, so nothing of it is lost.
    @ObservedObject var spare = ForecastModel(city: "Bergen") // expect: unread_observed_object

    var body: some View {
        List {
            if forecast.isRefreshing { ProgressView() }
            ForEach(forecast.days, id: \.self) { Text($0) }
            Text(capital.city + backup.city + coast.city)
            ForEach(alerts.alerts, id: \.self) { Text($0) }
            Text("Radar frame \(radar.frame)")
        }
        .refreshable {
            await forecast.refresh()
            await capital.refresh()
            await backup.refresh()
            await coast.refresh()
        }
        .toolbar { Button("Dismiss") { alerts.dismissAll() } }
    }
}
