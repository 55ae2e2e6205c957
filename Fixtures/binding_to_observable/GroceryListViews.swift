import SwiftUI

/// Only reads the list: a plain `let` observes it already.
struct GroceryListHeader: View {
    @Binding var list: GroceryList // expect: binding_to_observable

    var body: some View {
        Text(list.name)
        Text("\(list.items.count) items")
    }
}

/// Binds controls to the list's properties: `@Bindable` gives `$list.name`.
struct GroceryListEditor: View {
    @Binding var list: GroceryList // expect: binding_to_observable

    var body: some View {
        Form {
            TextField("Name", text: $list.name)
            Toggle("Shared", isOn: $list.isShared)
        }
    }
}

/// Changes the object's properties in actions: still not the reference.
struct CouponField: View {
    @Binding private var checkout: Checkout // expect: binding_to_observable

    init(checkout: Binding<Checkout>) {
        _checkout = checkout
    }

    var body: some View {
        Button("Clear coupon") { checkout.coupon = "" }
        Text(checkout.total, format: .currency(code: "EUR"))
    }
}
