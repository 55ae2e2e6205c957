import SwiftUI

/// Formats temperatures; everything it holds is set in `init`, so a fresh one per
/// re-render loses nothing.
@MainActor
final class TemperatureStyle: ObservableObject {
    let unit: String

    init(unit: String = "°C") {
        self.unit = unit
    }

    func text(for degrees: Double) -> String {
        "\(Int(degrees))\(unit)"
    }
}

/// Keeps a reference to a forecast that changes: re-creating it loses that forecast.
@MainActor
final class ForecastSummaryModel: ObservableObject {
    let forecast = ForecastModel()
}

struct TemperatureLabel: View {
    let degrees: Double
    @ObservedObject var style = TemperatureStyle()
    @ObservedObject var summary = ForecastSummaryModel() // expect: observed_object_created_inline

    var body: some View {
        Text(style.text(for: degrees) + " in " + summary.forecast.city)
            .task { await summary.forecast.refresh() }
    }
}
