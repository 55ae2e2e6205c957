import Observation
import SwiftUI

// A static instance: views reach it by the type's name, and reading its tracked
// properties while rendering registers them with Observation all the same.
@Observable
final class RadioClient { // expect: observable_object_main_actor
    static let shared = RadioClient()
    var online = false
    var lastPing = Date.distantPast

    func ping() async {
        let reachable = await probe()
        online = reachable // expect: observable_mutated_off_main
        lastPing = .now // no view reads it
    }

    nonisolated func probe() async -> Bool { true }
}

// An ObservableObject singleton read with no wrapper: no view subscribes to it.
final class RadioTuner: ObservableObject {
    static let current = RadioTuner()
    @Published var station = ""

    func tune(_ name: String) async {
        let found = await lookUp(name)
        station = found
    }

    nonisolated func lookUp(_ name: String) async -> String { name }
}

struct RadioStatusView: View {
    var body: some View {
        VStack {
            Text(RadioClient.shared.online ? "Online" : "Offline")
            Text(RadioTuner.current.station) // expect: unobserved_model_in_view
        }
        .task { await RadioClient.shared.ping() }
    }
}
