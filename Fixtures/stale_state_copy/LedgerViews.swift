import SwiftUI

/// Copied through the model's method, again only when the count changes: an edited or
/// replaced entry keeps the count, and the chart keeps the old amounts.
struct LedgerChart: View {
    @EnvironmentObject var ledger: Ledger
    @State private var amounts: [Double] = [] // expect: stale_state_copy

    var body: some View {
        Text("\(amounts.count)")
            .onAppear { amounts = ledger.amounts(onOrAfter: 1) }
            .onChange(of: ledger.entries.count) { _, _ in amounts = ledger.amounts(onOrAfter: 1) }
    }
}

/// Copied again whenever the entries change: silent.
struct LedgerTotal: View {
    @EnvironmentObject var ledger: Ledger
    @State private var total = 0.0

    var body: some View {
        Text("\(total)")
            .onAppear { total = ledger.total }
            .onChange(of: ledger.entries) { total = ledger.total }
    }
}

/// Copied once; the screen's button beside it switches the currency while it is shown.
struct LedgerCurrency: View {
    @EnvironmentObject var ledger: Ledger // expect: unread_observed_object
    @State private var currency = "" // expect: stale_state_copy

    var body: some View {
        Text(currency)
            .onAppear { currency = ledger.currency }
    }
}

/// A sheet whose Save hands the picked currency back and dismisses it at once: it never
/// shows its copy after the write. Silent.
struct LedgerCurrencySheet: View {
    @Environment(\.dismiss) private var dismiss
    @EnvironmentObject var ledger: Ledger // expect: unread_observed_object
    @State private var picked = ""

    var body: some View {
        VStack {
            Text(picked)
            Button("Save") {
                ledger.currency = chosen()
                dismiss()
            }
        }
        .onAppear { picked = ledger.currency }
    }

    private func chosen() -> String { picked == "EUR" ? "USD" : "EUR" }
}

struct LedgerScreen: View {
    @StateObject private var ledger = Ledger()
    @State private var pickingCurrency = false

    var body: some View {
        VStack {
            LedgerChart()
            LedgerTotal()
            LedgerCurrency()
            Button("USD") { ledger.switchCurrency(to: "USD") }
            Button("Currency…") { pickingCurrency = true }
        }
        .sheet(isPresented: $pickingCurrency) { LedgerCurrencySheet().environmentObject(ledger) }
        .environmentObject(ledger)
        .task { await ledger.reload() }
    }
}
