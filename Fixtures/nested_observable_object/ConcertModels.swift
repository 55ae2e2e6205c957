import Combine
import Foundation
import SwiftUI

@MainActor
final class TicketWallet: ObservableObject {
    @Published private(set) var tickets: [String] = []
    func add(_ ticket: String) { tickets.append(ticket) }
}

@MainActor
final class SeatMap: ObservableObject {
    @Published private(set) var selectedSeat = ""
    @Published private(set) var venue = ""
    func select(_ seat: String) { selectedSeat = seat }
    func configure(venue: String) { self.venue = venue }
}

/// The wallet's forwarding subscription was commented out: views reading
/// `concert.wallet.tickets` no longer update.
@MainActor
final class Concert: ObservableObject {
    let wallet = TicketWallet() // expect: nested_observable_object
    let seats: SeatMap
    private var forwarding: AnyCancellable?

    init() {
        let seats = SeatMap()
        seats.configure(venue: "Arena")
        self.seats = seats
        // forwarding = wallet.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
    }

    /// Every change the concert makes to the seat map is announced by the caller.
    func choose(_ seat: String) {
        pick(seat)
        objectWillChange.send()
    }

    private func pick(_ seat: String) { seats.select(seat) }
}

struct ConcertHeader: View {
    @ObservedObject var concert: Concert

    var body: some View {
        VStack {
            Text(concert.seats.venue)
            Text(concert.seats.selectedSeat)
            Text("\(concert.wallet.tickets.count) tickets")
            Button("Seat A1") { concert.choose("A1") }
            Button("Buy") { concert.wallet.add("A1") }
        }
    }
}
