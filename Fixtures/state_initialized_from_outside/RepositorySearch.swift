import Combine
import SwiftUI

/// A search the app model relays: a new search renders the results list again with new
/// values under the same ids, which the cells' `@State` copies ignore.
struct FoundRepository: Identifiable {
    let id: String
    var stars: Int
}

final class RepositorySearch: ObservableObject {
    @Published var results: [FoundRepository] = []

    func run() {
        Task { @MainActor in self.results = [FoundRepository(id: "a", stars: 2)] }
    }
}

@MainActor
final class ExplorerModel: ObservableObject {
    let search = RepositorySearch()
    private var relay: AnyCancellable?

    init() {
        relay = search.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
    }
}

struct FoundRepositoryCell: View {
    @State var repository: FoundRepository // expect: state_initialized_from_outside
    let onOpen: (String) -> Void

    var body: some View {
        Text("\(repository.stars) stars").onTapGesture { onOpen(repository.id) }
    }
}

struct FoundRepositories: View {
    @EnvironmentObject var explorer: ExplorerModel

    var body: some View {
        ForEach(explorer.search.results) { repository in
            FoundRepositoryCell(repository: repository, onOpen: { print($0) })
        }
        Button("Search") { explorer.search.run() }
    }
}
