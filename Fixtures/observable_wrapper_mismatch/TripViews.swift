import SwiftUI

/// Holds an `@Observable` store with the ObservableObject wrapper.
struct TripListView: View {
    @StateObject private var store = TripStore() // expect: observable_wrapper_mismatch

    var body: some View {
        List(store.trips) { trip in
            TripRow(trip: trip)
        }
        .navigationTitle(store.title)
    }
}

struct TripRow: View {
    let trip: Trip

    var body: some View {
        Text("\(trip.destination), \(trip.nights) nights")
    }
}

/// `$store.title` needs `@Bindable` once the legacy wrapper goes.
struct TripTitleEditor: View {
    @ObservedObject var store: TripStore // expect: observable_wrapper_mismatch

    var body: some View {
        TextField("Title", text: $store.title)
    }
}

struct TripCountBadge: View {
    @EnvironmentObject private var store: TripStore // expect: observable_wrapper_mismatch

    var body: some View {
        Text("\(store.trips.count)")
    }
}

/// The right wrappers for an `@Observable` store.
struct TripSummary: View {
    let store: TripStore
    @Environment(TripStore.self) private var shared

    var body: some View {
        Text("\(store.trips.count) of \(shared.trips.count)")
    }
}

struct TripRenameField: View {
    @Bindable var store: TripStore

    var body: some View {
        TextField("Title", text: $store.title)
    }
}

/// Creates its own store: `@State` keeps it across re-renders.
struct TripDraftView: View {
    @ObservedObject private var draft = TripStore() // expect: observable_wrapper_mismatch

    var body: some View {
        Text(draft.title)
    }
}
