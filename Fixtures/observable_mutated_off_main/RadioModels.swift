import Combine
import Foundation
import Observation

/// A station list loaded the ways real apps do, with no actor isolation.
@Observable
final class StationStore { // expect: observable_object_main_actor
    var stations: [String] = []
    var nowPlaying = ""
    var isLoading = false
    var error: String?
    @ObservationIgnored var cache: [String: Data] = [:]

    func load(from url: URL) {
        isLoading = true
        URLSession.shared.dataTask(with: url) { data, _, error in
            if let error {
                self.error = error.localizedDescription // expect: observable_mutated_off_main
                return
            }
            self.stations = String(decoding: data ?? Data(), as: UTF8.self).components(separatedBy: "\n") // expect: observable_mutated_off_main
            self.isLoading = false // expect: observable_mutated_off_main
        }.resume()
    }

    func refreshInBackground() {
        Task.detached(priority: .background) { [weak self] in
            let loaded = await RadioBackend.stations()
            self?.stations = loaded // expect: observable_mutated_off_main
        }
    }

    /// A nonisolated `async` method runs on the global executor.
    func refresh() async {
        let loaded = await RadioBackend.stations()
        stations = loaded // expect: observable_mutated_off_main
    }

    /// Changed off the main thread, but ignored by Observation.
    func warmCache() {
        DispatchQueue.global().async {
            self.cache["top"] = Data()
        }
    }

    /// Hops back to the main actor.
    func refreshOnMain() async {
        let loaded = await RadioBackend.stations()
        await MainActor.run { self.stations = loaded }
    }

    /// A notification posted from anywhere: its thread is not known here.
    func observe() {
        NotificationCenter.default.addObserver(forName: .stationChanged, object: nil, queue: nil) { note in
            self.nowPlaying = note.object as? String ?? ""
        }
    }

    /// Posted only from a background queue (`LibraryImporter`): the observer runs there.
    func observeImports() {
        NotificationCenter.default.addObserver(forName: .libraryImported, object: nil, queue: nil) { note in
            self.stations = note.object as? [String] ?? [] // expect: observable_mutated_off_main
        }
    }

    /// Called from a background queue: the change runs there too.
    func play(_ station: String) {
        DispatchQueue.global(qos: .userInitiated).async {
            self.apply(station)
        }
    }

    private func apply(_ station: String) {
        nowPlaying = station // expect: observable_mutated_off_main
    }
}

/// Isolated to the main actor: its tasks and `async` methods run there.
@MainActor
@Observable
final class PlayerModel {
    var volume = 0.5

    func fadeOut() {
        Task {
            volume = await RadioBackend.fade(from: volume)
        }
    }
}

/// Written off the main thread, but no view reads it while rendering.
@Observable
final class Analytics { // expect: observable_object_main_actor
    var events = 0

    func track() {
        DispatchQueue.global().async { self.events += 1 }
    }
}

enum LibraryImporter {
    static func importLibrary() {
        DispatchQueue.global(qos: .background).async {
            NotificationCenter.default.post(name: .libraryImported, object: ["Jazz FM"])
        }
    }
}

enum RadioBackend {
    static func stations() async -> [String] { [] }
    static func fade(from volume: Double) async -> Double { 0 }
}

extension Notification.Name {
    static let stationChanged = Notification.Name("stationChanged")
    static let libraryImported = Notification.Name("libraryImported")
}
