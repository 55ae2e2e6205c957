import Foundation
import SwiftUI

/// A service that hands its caller's completion to `URLSession`'s handler (and calls it in
/// place when the address is bad): the closure runs off the main thread on that path.
final class FeedValidator {
    private let session: URLSession

    init(session: URLSession = .shared) {
        self.session = session
    }

    func validate(_ address: String, completion: @escaping (Bool) -> Void) {
        guard let url = URL(string: address) else {
            completion(false)
            return
        }
        session.dataTask(with: url) { data, _, _ in
            completion(data != nil)
        }.resume()
    }
}

@Observable final class PodcastSearchModel { // expect: observable_object_main_actor
    var isValid = false
    var isLoading = false
    var destination: String?
    private let validator = FeedValidator()

    func validate(_ address: String) {
        isLoading = true
        validator.validate(address) { valid in
            self.isValid = valid // expect: observable_mutated_off_main
            self.isLoading = false // expect: observable_mutated_off_main
        }
    }

    func open(_ address: String) {
        Task {
            let name = await Catalog.title(of: address)
            destination = name // expect: observable_mutated_off_main
        }
    }
}

enum Catalog {
    static func title(of address: String) async -> String { address }
}

struct PodcastSearchView: View {
    @State private var model = PodcastSearchModel()

    var body: some View {
        VStack {
            Text(model.isValid ? "Valid" : "Invalid")
            if model.isLoading { ProgressView() }
            Button("Open") { model.open("feed") }
        }
        .sheet(item: $model.destination) { Text($0) }
    }
}
