import SwiftUI

/// Entries arrive from the network: a reload replaces the array, an edit replaces one
/// element, a new entry is appended.
@MainActor final class Ledger: ObservableObject {
    @Published var entries: [LedgerEntry] = []
    @Published var currency = "EUR"

    var total: Double { entries.reduce(0) { $0 + $1.amount } }

    func amounts(onOrAfter day: Int) -> [Double] { entries.filter { $0.day >= day }.map(\.amount) }

    func reload() async {
        let fetched = await fetch()
        entries = fetched
    }

    func update(_ entry: LedgerEntry) async {
        await save(entry)
        if let index = entries.firstIndex(where: { $0.id == entry.id }) { entries[index] = entry }
    }

    func add(_ entry: LedgerEntry) async {
        await save(entry)
        entries.append(entry)
    }

    func switchCurrency(to code: String) { currency = code }

    private func fetch() async -> [LedgerEntry] { [] }
    private func save(_ entry: LedgerEntry) async {}
}

struct LedgerEntry: Identifiable, Equatable {
    let id: Int
    var day: Int
    var amount: Double
}
