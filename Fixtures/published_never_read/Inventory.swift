import Combine
import Foundation

/// Base store: its `@Published` properties count wherever they are read.
@MainActor
class InventoryBase: ObservableObject {
    @Published var isLoading = false
    @Published var syncToken = "" // expect: published_never_read
}

@MainActor
final class Inventory: InventoryBase {
    @Published var stock: [String: Int] = [:]
    @Published var lowStockThreshold = 3
    @Published var warehouse: String

    init(warehouse: String) {
        self.warehouse = warehouse
    }

    func refill(_ sku: String) {
        isLoading = true
        stock[sku, default: 0] += 10
        syncToken = UUID().uuidString
        isLoading = false
    }

    func lowStock() -> [String] {
        stock.filter { $0.value < lowStockThreshold }.map(\.key)
    }
}

/// `ForEach` and `List` read `id` through `Identifiable`.
@MainActor
final class Shipment: ObservableObject, Identifiable {
    @Published var id = UUID()
    @Published var carrier = ""
}

/// A public property may be read by code outside the analyzed files.
@MainActor
public final class PublicCatalog: ObservableObject {
    @Published public var revision = 0

    public init() {}

    public func bump() { revision += 1 }
}

/// A name read on another type counts: the analysis does not tell types apart here.
struct WarehouseLabel {
    let warehouse: String
    var text: String { "Warehouse \(warehouse)" }
}
