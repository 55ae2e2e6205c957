import SwiftUI

final class WeatherUpdater: NSObject {
    @objc dynamic var canCheck = true
}

/// Mirrors the updater's `canCheck` through Key-Value Observing, whose publisher sends the
/// current value to each new subscriber: a model built again gets it back.
@MainActor
final class UpdateAvailability: ObservableObject {
    @Published var canCheck = false

    init(updater: WeatherUpdater) {
        updater.publisher(for: \.canCheck)
            .assign(to: &$canCheck)
    }
}

struct UpdateMenuItem: View {
    @ObservedObject private var availability: UpdateAvailability

    init(updater: WeatherUpdater) {
        self.availability = UpdateAvailability(updater: updater)
    }

    var body: some View {
        Button("Check for Updates") {}
            .disabled(!availability.canCheck)
    }
}

struct UpdateSettings: View {
    let updater: WeatherUpdater
    @State private var showsDetails = false

    var body: some View {
        Toggle(showsDetails ? "Hide details" : "Show details", isOn: $showsDetails)
        UpdateMenuItem(updater: updater)
    }
}
