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
