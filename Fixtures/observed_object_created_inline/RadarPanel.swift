import SwiftUI

/// Steps through radar frames.
@MainActor
final class RadarLoopModel: ObservableObject {
    @Published var frame = 0

    func advance() { frame += 1 }
}

/// Keeps the first radar object it is given: later ones are dropped unused.
struct RadarLoop: View {
    @StateObject var radar: RadarLoopModel

    var body: some View {
        Button("Frame \(radar.frame)") { radar.advance() }
    }
}

/// Re-created by `WeatherScreen` with a new object each time, but only hands it to
/// `RadarLoop` (which keeps the first) and injects it where no view reads a radar model
/// from the environment: nothing the user sees is lost, and its initializer does no work.
struct RadarPanelView: View {
    @ObservedObject var radar = RadarLoopModel()

    var body: some View {
        RadarLoop(radar: radar)
            .environmentObject(radar)
    }
}
