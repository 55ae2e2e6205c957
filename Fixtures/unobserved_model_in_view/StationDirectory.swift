import SwiftUI

/// A directory every view shares, read through methods whose results come from its
/// `@Published` state, and a prompt held through a type alias of a generic class.
final class StationDirectory: ObservableObject {
    static let shared = StationDirectory()
    @Published var stations: [String: [String]] = [:]
    let regions = ["North", "South"]

    func stations(in region: String) -> [String] { stations[region] ?? [] }
    func region(at index: Int) -> String { regions[index] }
    static func isKnown(_ station: String) -> Bool { shared.stations.values.contains { $0.contains(station) } }

    func refresh(_ region: String) {
        Task { @MainActor in self.stations[region] = ["Radio 1"] }
    }
}

@MainActor class Prompt<Answer>: ObservableObject {
    @Published var isShown = false
    func ask() { DispatchQueue.main.async { self.isShown = true } }
}

typealias ConfirmPrompt = Prompt<Bool>

struct RegionStations: View {
    let region: String

    var body: some View {
        VStack {
            Text(StationDirectory.shared.region(at: 0))
            ForEach(StationDirectory.shared.stations(in: region), id: \.self) { Text($0) } // expect: unobserved_model_in_view
            Text(region).bold(StationDirectory.isKnown(region)) // expect: unobserved_model_in_view
        }
    }
}

struct StationPage: View {
    @State private var confirm = ConfirmPrompt() // expect: unobserved_model_in_view

    var body: some View {
        Text("Station").alert("Tune in?", isPresented: $confirm.isShown) { Button("OK") {} }
    }
}
