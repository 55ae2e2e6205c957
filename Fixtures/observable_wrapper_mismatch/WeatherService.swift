import Combine
import Foundation

/// Forecasts. Still an ObservableObject.
@MainActor
final class WeatherService: ObservableObject {
    @Published var forecast = "Sunny"
    @Published var unit = "°C"

    func refresh() {
        forecast = "Cloudy"
    }
}
