import Combine
import Foundation
import Observation

/// Mixer levels; the parent classes below forward its changes.
@MainActor
final class MixerModel: ObservableObject {
    @Published var masterLevel: Double = 0.8
    @Published var isClipping = false
}

/// `@Observable`: views track it directly, even when they reach it through an
/// ObservableObject.
@Observable
final class Equalizer { // expect: observable_object_main_actor
    var bass: Double = 0
    var treble: Double = 0

    @ObservationIgnored
    var presetName = "Flat"

    func reset() {
        bass = 0
        treble = 0
    }
}
