import SwiftUI

/// Private storage, state without an initial value, and preview-only state: no diagnostic.
struct TripDetailView: View {
    @State private var notes = ""
    @State fileprivate var showsMap = false
    @StateObject private var planner = TripPlanner()
    @State private var selection: Trip?
    @Binding var trip: Trip

    var body: some View {
        Form {
            TextField("Name", text: $trip.name)
            TextField("Notes", text: $notes)
            Toggle("Map", isOn: $showsMap)
            Text("\(planner.destinations.count) stops, \(selection?.name ?? "none")")
        }
    }
}

#Preview {
    @Previewable @State var trip = Trip(id: UUID(), name: "Lisbon")
    @Previewable @State var isOn = true
    TripDetailView(trip: $trip)
}
