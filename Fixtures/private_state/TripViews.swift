import SwiftUI

/// State with an initial value that a parent could still pass through the memberwise
/// initializer: the first value wins, later ones are ignored.
struct TripListView: View {
    @State var isEditing = false // expect: private_state
    @StateObject var planner = TripPlanner() // expect: private_state
    @State internal var sortAscending: Bool = true // expect: private_state
    let trips: [Trip]

    var body: some View {
        List(trips) { trip in
            Text(trip.name)
        }
        .environment(\.editMode, .constant(isEditing ? .active : .inactive))
        .toolbar {
            Button(sortAscending ? "Ascending" : "Descending") { sortAscending.toggle() }
            Text("\(planner.destinations.count) planned, budget \(planner.budget)")
        }
    }
}

public struct TripBadge: View {
    @State public var highlighted = false // expect: private_state
    @State
    var pulse = false // expect: private_state

    public var body: some View {
        Circle()
            .fill(highlighted ? Color.orange : Color.gray)
            .scaleEffect(pulse ? 1.1 : 1)
    }
}

/// An App's own objects are state too.
struct TripsApp: App {
    @StateObject var planner = TripPlanner() // expect: private_state

    var body: some Scene {
        WindowGroup {
            TripListView(trips: [])
                .environmentObject(planner)
        }
    }
}
