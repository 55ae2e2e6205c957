import SwiftUI

/// Replaces the whole object: the binding is needed.
struct StorePicker: View {
    @Binding var selection: StoreLocation
    let stores: [StoreLocation]

    var body: some View {
        ForEach(stores) { store in
            Button(store.name) { selection = store }
        }
    }
}

/// Passes the binding itself on to a view that replaces the object.
struct StoreSection: View {
    @Binding var selection: StoreLocation
    let stores: [StoreLocation]

    var body: some View {
        Section("Store") {
            StorePicker(selection: $selection, stores: stores)
        }
    }
}

/// `@Bindable` and bindings to values are the right tools.
struct GroceryFilterBar: View {
    @Bindable var list: GroceryList
    @Binding var filter: GroceryFilter
    @Binding var storeName: String

    var body: some View {
        TextField("Search", text: $filter.query)
        TextField("List", text: $list.name)
        Text(storeName)
    }
}

/// An optional object: the parent may set or clear it through the binding.
struct CheckoutSheet: View {
    @Binding var checkout: Checkout?

    var body: some View {
        if let checkout {
            Text(checkout.total, format: .currency(code: "EUR"))
        }
    }
}
