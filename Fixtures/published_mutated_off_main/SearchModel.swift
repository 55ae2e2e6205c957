import Combine
import Foundation

/// Search with Swift concurrency, but no actor isolation: its tasks run on the
/// cooperative thread pool.
final class SearchModel: ObservableObject { // expect: observable_object_main_actor
    @Published var query = ""
    @Published var results: [String] = []
    @Published var isSearching = false

    private var searchTask: Task<Void, Never>?

    func search() {
        searchTask?.cancel()
        searchTask = Task {
            isSearching = true // expect: published_mutated_off_main
            let found = await SearchBackend.search(query)
            results = found // expect: published_mutated_off_main
            isSearching = false // expect: published_mutated_off_main
        }
    }

    func searchInBackground() {
        Task.detached(priority: .background) { [weak self] in
            guard let self else { return }
            let found = await SearchBackend.search(self.query)
            self.results = found // expect: published_mutated_off_main
        }
    }

    func loadSuggestions(from url: URL) {
        URLSession.shared.dataTask(with: url) { data, _, _ in
            let text = String(decoding: data ?? Data(), as: UTF8.self)
            self.results = text.components(separatedBy: "\n") // expect: published_mutated_off_main
        }.resume()
    }

    func clear() {
        Task(priority: .userInitiated) {
            self.results.removeAll() // expect: published_mutated_off_main
        }
    }
}

enum SearchBackend {
    static func search(_ query: String) async -> [String] { [query] }
}
