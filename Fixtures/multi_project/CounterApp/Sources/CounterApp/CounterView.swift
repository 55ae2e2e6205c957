import SharedKit
import SwiftUI

/// In this project `Store` is an ObservableObject.
@MainActor
final class Store: ObservableObject {
    @Published var count = 0
}

struct CounterView: View {
    @ObservedObject var store = Store() // expect: observed_object_created_inline
    @ObservedObject var theme = ThemeStore() // expect: observed_object_created_inline

    var body: some View {
        Button("\(store.count)") { store.count += 1 }
            .tint(theme.accent)
    }
}

/// Runs its body again on every tap, re-creating `CounterView`.
struct CounterScreen: View {
    @State private var taps = 0

    var body: some View {
        Button("Taps: \(taps)") { taps += 1 }
        CounterView()
    }
}
