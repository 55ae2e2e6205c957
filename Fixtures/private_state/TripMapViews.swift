import SwiftUI

/// The view declares its own initializer, so no memberwise initializer takes the state:
/// still owned by the view, still better `private` (the message makes no memberwise claim).
struct TripMapView: View {
    @State var zoom = 1.0 // expect: private_state
    let trip: Trip

    init(trip: Trip) {
        self.trip = trip
    }

    var body: some View {
        Text(trip.name).scaleEffect(zoom)
    }
}

/// A caller passes the state's argument: making it `private` would break that call, so the
/// fix is not offered; the note shows the call, whose value is used once and then ignored.
struct TripStamp: View {
    @State var isFaded = false // expect: private_state

    var body: some View {
        Image(systemName: "airplane").opacity(isFaded ? 0.4 : 1)
    }
}

struct TripStampRow: View {
    let trip: Trip

    var body: some View {
        HStack {
            Text(trip.name)
            TripStamp(isFaded: trip.name.isEmpty)
        }
    }
}
