import CoreData
import SwiftUI

// A closure the card holds runs only in the `didSet` of its `@Published` toggle, after the
// publisher announced the card's change: the card's view renders with what it wrote.
@MainActor
final class Genre: ObservableObject {
    @Published var isPinned = false
}

@MainActor
final class Station: ObservableObject {
    @Published var isPinned = false
}

@MainActor
final class GenreCard: ObservableObject {
    private let genre: Genre
    let onPin: (Bool) -> Void

    init(genre: Genre, onPin: @escaping (Bool) -> Void) {
        self.genre = genre
        self.onPin = onPin
    }

    @Published var isOn = false {
        didSet { onPin(isOn) }
    }

    var badge: String { genre.isPinned ? "pin.fill" : "pin" }
}

// The same, but the card also runs the closure where it announces nothing.
@MainActor
final class StationCard: ObservableObject {
    private let station: Station // expect: nested_observable_object
    let onPin: (Bool) -> Void

    init(station: Station, onPin: @escaping (Bool) -> Void) {
        self.station = station
        self.onPin = onPin
    }

    @Published var isOn = false {
        didSet { onPin(isOn) }
    }

    func unpin() { onPin(false) }

    var badge: String { station.isPinned ? "pin.fill" : "pin" }
}

@MainActor
final class GenreEditor {
    func card(for genre: Genre) -> GenreCard {
        GenreCard(genre: genre, onPin: { value in genre.isPinned = value })
    }

    func stationCard(for station: Station) -> StationCard {
        StationCard(station: station, onPin: { value in station.isPinned = value })
    }
}

struct GenreCardView: View {
    @ObservedObject var card: GenreCard
    var body: some View { Image(systemName: card.badge).onTapGesture { card.isOn.toggle() } }
}

struct StationCardView: View {
    @ObservedObject var card: StationCard
    var body: some View { Image(systemName: card.badge).onTapGesture { card.unpin() } }
}

// Core Data entities a property's initial value builds and fills, before anything holds them.
final class Venue: NSManagedObject {
    @NSManaged var name: String
}

struct VenueSamples {
    static var preview: [Venue] = {
        var venues: [Venue] = []
        for index in 0..<3 {
            let venue = Venue(context: VenueStore.context)
            venue.name = "Venue \(index)"
            venues.append(venue)
        }
        return venues
    }()
}

enum VenueStore {
    static let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
}

@MainActor
final class VenueList: ObservableObject {
    @Published var venues: [Venue] = VenueSamples.preview
}

struct VenueListView: View {
    @StateObject private var list = VenueList()
    var body: some View {
        ForEach(0..<list.venues.count, id: \.self) { index in Text(list.venues[index].name) }
    }
}
