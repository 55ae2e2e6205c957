import SwiftUI

/// Singletons, statics and globals live outside the view: observing them is right.
struct LocationHeader: View {
    @ObservedObject var location = LocationStore.shared
    @ObservedObject var store: LocationStore = .shared
    @ObservedObject var session = WeatherSession.current
    @ObservedObject var radar = sharedRadar

    var body: some View {
        VStack {
            Text(location.currentCity)
            Text(store.currentCity)
            Text(session.units)
            Text("\(radar.frame)")
        }
    }
}

/// A model handed out by a cache outlives the view: not created here.
struct CityForecastView: View {
    @ObservedObject var forecast: ForecastModel

    init(city: String, cache: ForecastCache) {
        self.forecast = cache.model(for: city)
    }

    var body: some View {
        List(forecast.days, id: \.self) { Text($0) }
    }
}

/// Owned by the view: `@StateObject` keeps one object.
struct AlertsBanner: View {
    @StateObject private var alerts = AlertsModel()

    var body: some View {
        Text(alerts.alerts.first ?? "No alerts")
    }
}
