import SwiftUI

@MainActor
final class StationAlertModel: ObservableObject {
    @Published var notifies = false

    init(station: String) {}
}

/// Builds its model in its initializer; `StationDetailScreen` re-creates it on each heart tap.
struct StationAlertRow: View {
    @ObservedObject var model: StationAlertModel // expect: observed_object_created_inline

    init(station: String) {
        self.model = StationAlertModel(station: station)
    }

    var body: some View {
        Toggle("Notify me", isOn: $model.notifies)
    }
}

/// Its actions are closures its lazy properties hold, called as methods.
@MainActor
final class StationDetailModel: ObservableObject {
    @Published var isFavourite = false

    private(set) lazy var toggleFavourite: () -> Void = {
        self.isFavourite.toggle()
    }
}

@MainActor
final class StationVisitModel: ObservableObject {
    var opened = 0

    private(set) lazy var countOpening: () -> Void = {
        self.opened += 1
    }
}

struct StationDetailScreen: View {
    @StateObject private var detail = StationDetailModel()

    var body: some View {
        StationAlertRow(station: "Songshan")
            .toolbar {
                Button(detail.isFavourite ? "Unfavourite" : "Favourite") { detail.toggleFavourite() }
            }
    }
}

/// Its parent's model's closure writes only what announces nothing: the parent never runs again.
struct StationNoteRow: View {
    @ObservedObject var model: StationAlertModel

    init(station: String) {
        self.model = StationAlertModel(station: station)
    }

    var body: some View {
        Toggle("Note", isOn: $model.notifies)
    }
}

struct StationNoteScreen: View {
    @StateObject private var detail = StationVisitModel() // expect: unread_observed_object

    var body: some View {
        StationNoteRow(station: "Songshan")
            .onAppear { detail.countOpening() }
    }
}
