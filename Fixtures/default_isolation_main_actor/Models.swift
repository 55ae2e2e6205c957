import Foundation
import Observation
import SwiftUI

/// Isolated to the main actor by the module's default: its tasks and `async` methods run there.
final class CatalogModel: ObservableObject {
    @Published var products: [String] = []

    func reload() {
        Task { products = await CatalogBackend.products() }
    }

    func refresh() async {
        let loaded = await CatalogBackend.products()
        products = loaded
    }

    /// A detached task never inherits: off the main thread even here.
    func reloadDetached() {
        Task.detached {
            let loaded = await CatalogBackend.products()
            self.products = loaded // expect: published_mutated_off_main
        }
    }
}

@Observable
final class BasketModel {
    var items: [String] = []

    func refresh() async {
        items = await CatalogBackend.products()
    }

    /// Opted out of the default isolation: a nonisolated `async` method runs on the global executor.
    nonisolated func refreshInBackground() async {
        let loaded = await CatalogBackend.products()
        await MainActor.run { self.items = loaded }
    }
}

struct CatalogView: View {
    @StateObject private var catalog = CatalogModel()
    @State private var basket = BasketModel()

    var body: some View {
        List(catalog.products + basket.items, id: \.self) { Text($0) }
    }
}

enum CatalogBackend {
    nonisolated static func products() async -> [String] { [] }
}
