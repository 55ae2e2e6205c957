import SwiftUI

@MainActor
final class CityPins: ObservableObject {
    @Published var pinned: [String] = []
    func pin(_ city: String) { pinned.append(city) }
}

/// Shown in a sheet over the search: the search field that changes `filter` is covered.
struct CityCard: View {
    let city: String
    @ObservedObject private var pins = CityPins()

    var body: some View {
        Button("Pin \(city) (\(pins.pinned.count))") { pins.pin(city) }
    }
}

struct CitySearch: View {
    @State private var query = ""
    @State private var filter = ""
    @State private var showsCard = false

    var body: some View {
        Button(filter) { showsCard = true }
            .searchable(text: $query)
            .onChange(of: query) { newValue in filter = newValue }
            .sheet(isPresented: $showsCard) { CityCard(city: filter) }
    }
}

/// Shown in a sheet over a ticking clock: `onChange(of: tick)` runs while it is up.
struct ClockCard: View {
    let time: String
    @ObservedObject private var pins = CityPins() // expect: observed_object_created_inline

    var body: some View {
        Button("Pin \(time) (\(pins.pinned.count))") { pins.pin(time) }
    }
}

struct CityClock: View {
    @State private var tick = 0
    @State private var time = ""
    @State private var showsCard = false

    var body: some View {
        Button(time) { showsCard = true }
            .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in tick += 1 }
            .onChange(of: tick) { newValue in time = "\(newValue)" }
            .sheet(isPresented: $showsCard) { ClockCard(time: time) }
    }
}
