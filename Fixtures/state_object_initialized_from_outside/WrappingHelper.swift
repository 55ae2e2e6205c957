import SwiftUI

/// A project function that wraps its argument in `StateObject`: its parameter is no
/// autoclosure, so the argument is built at every initialization of the view, before
/// `StateObject` exists, and SwiftUI keeps the first object.
func ownedObject<T: ObservableObject>(_ object: T) -> StateObject<T> {
    StateObject(wrappedValue: object)
}

@MainActor
final class SeatMap: ObservableObject {
    let seats: [Int]
    init(rows: Int) { seats = Array(0..<rows * 4) }
}

struct SeatMapView: View {
    @StateObject private var map: SeatMap // expect: state_object_initialized_from_outside
    init(rows: Int) { self._map = ownedObject(SeatMap(rows: rows)) }
    var body: some View { Text("\(map.seats.count) seats") }
}

/// The same view renewed with the row count: a new count builds a new view and object.
struct RenewedSeatMapView: View {
    @StateObject private var map: SeatMap
    init(rows: Int) { self._map = ownedObject(SeatMap(rows: rows)) }
    var body: some View { Text("\(map.seats.count) seats") }
}

struct HallScreen: View {
    @State private var rows = 10
    var body: some View {
        VStack {
            SeatMapView(rows: rows)
            RenewedSeatMapView(rows: rows).id(rows)
            Button("Add a row") { rows += 1 }
        }
    }
}

/// The caller's row count never changes while the map is shown: silent.
struct FixedSeatMapView: View {
    @StateObject private var map: SeatMap
    init(rows: Int) { self._map = ownedObject(SeatMap(rows: rows)) }
    var body: some View { Text("\(map.seats.count) seats") }
}

struct FixedHallScreen: View {
    let rows: Int
    @State private var taps = 0
    var body: some View {
        FixedSeatMapView(rows: rows)
        Button("Tap \(taps)") { taps += 1 }
    }
}
