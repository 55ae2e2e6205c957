import SwiftUI

/// Its callback sets `station`, the row's input, in the same step as `history`: the row is
/// rebuilt for the loaded station, as intended. The heart tap re-creates it with the same one.
final class StationHistoryModel: ObservableObject { // expect: observable_object_main_actor
    @Published var station = ""
    @Published var history: [Int] = []
    @Published var isFavourite = false

    func load() {
        StationAPI.fetch { result in
            switch result {
            case .success(let value):
                self.station = value.station
                self.history = value.history
            case .failure:
                break
            }
        }
    }

    func toggleFavourite() {
        isFavourite.toggle()
    }
}

struct StationHistoryRow: View {
    @ObservedObject var model: StationAlertModel // expect: observed_object_created_inline

    init(station: String) {
        self.model = StationAlertModel(station: station)
    }

    var body: some View {
        Toggle("Notify me", isOn: $model.notifies)
    }
}

struct StationHistoryScreen: View {
    @StateObject private var detail = StationHistoryModel()

    var body: some View {
        StationHistoryRow(station: detail.station)
            .onAppear { detail.load() }
            .toolbar {
                Button(detail.isFavourite ? "Unfavourite" : "Favourite") { detail.toggleFavourite() }
            }
    }
}

/// Only the load runs the parent again: it sets the row's input.
struct StationLoadRow: View {
    @ObservedObject var model: StationAlertModel

    init(station: String) {
        self.model = StationAlertModel(station: station)
    }

    var body: some View {
        Toggle("Notify me", isOn: $model.notifies)
    }
}

final class StationLoadModel: ObservableObject { // expect: observable_object_main_actor
    @Published var station = ""
    @Published var history: [Int] = []

    func load() {
        StationAPI.fetch { result in
            switch result {
            case .success(let value):
                self.station = value.station
                self.history = value.history
            case .failure:
                break
            }
        }
    }
}

struct StationLoadScreen: View {
    @StateObject private var detail = StationLoadModel()

    var body: some View {
        StationLoadRow(station: detail.station)
            .onAppear { detail.load() }
    }
}
