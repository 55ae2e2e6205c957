import Combine
import Foundation

/// Forecast for one city, fetched from the network.
@MainActor
final class ForecastModel: ObservableObject {
    @Published var days: [String] = []
    @Published var isRefreshing = false
    let city: String

    init(city: String = "Oslo") {
        self.city = city
    }

    /// A new forecast on every call, as `ForecastModel(city:)` is.
    static func make(city: String) -> ForecastModel {
        ForecastModel(city: city)
    }

    func refresh() async {
        isRefreshing = true
        days = ["Mon", "Tue"]
        isRefreshing = false
    }
}

/// Severe-weather alerts.
@MainActor
final class AlertsModel: ObservableObject {
    @Published var alerts: [String] = []

    func dismissAll() { alerts = [] }
}

/// One shared instance for the whole app.
@MainActor
final class LocationStore: ObservableObject {
    static let shared = LocationStore()
    @Published var currentCity = "Oslo"
}

/// The signed-in user's session.
@MainActor
final class WeatherSession: ObservableObject {
    static var current = WeatherSession()
    @Published var units = "metric"
}

enum Weather {
    /// Radar frames for the map.
    @MainActor
    final class RadarModel: ObservableObject {
        @Published var frame = 0

        func advance() { frame += 1 }
    }
}

/// Details for one day.
@MainActor
final class DayDetailModel: ObservableObject {
    @Published var summary = ""
    let day: String

    init(day: String) {
        self.day = day
    }

    func update(_ text: String) { summary = text }
}

/// Hands out one model per city, kept across views.
@MainActor
final class ForecastCache {
    private var models: [String: ForecastModel] = [:]

    func model(for city: String) -> ForecastModel {
        if let model = models[city] { return model }
        let model = ForecastModel(city: city)
        models[city] = model
        return model
    }
}

@MainActor let sharedRadar = Weather.RadarModel()
