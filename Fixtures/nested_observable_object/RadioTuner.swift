import Combine
import Foundation

/// Base class for tuners; subclasses are ObservableObjects through it.
@MainActor
class TunerBase: ObservableObject {
    @Published var isScanning = false
}

final class RadioTuner: TunerBase {
    /// Stations by call sign. Holds ObservableObjects, so it is a nesting problem (the
    /// view reads `tuner.stations[code]?.nowPlaying`), not a missing `@Published`.
    var stations: [String: RadioStation] = [:] // expect: nested_observable_object

    @Published var tunedCallSign: String? // expect: published_never_read

    func scan() {
        isScanning = true
        for code in ["KEXP", "WFMU", "KCRW"] where stations[code] == nil {
            addStation(code)
        }
        isScanning = false
    }

    func addStation(_ code: String) {
        stations[code] = RadioStation(callSign: code)
    }
}

/// A folder of playlists in the sidebar.
@MainActor
final class PlaylistFolder: ObservableObject, Identifiable {
    let id = UUID()
    @Published var title: String
    @Published var playlists: [Playlist] // expect: nested_observable_object

    init(title: String, playlists: [Playlist]) {
        self.title = title
        self.playlists = playlists
    }
}
