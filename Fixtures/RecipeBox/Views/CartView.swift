import SwiftUI

struct CartView: View {
    @EnvironmentObject private var cart: CartStore
    @State private var couponField = ""
    @State private var isConfirmingClear = false

    var body: some View {
        NavigationStack {
            ScrollViewReader { proxy in
                List {
                    Section {
                        ForEach($cart.items) { $item in
                            HStack {
                                Toggle(item.name, isOn: $item.isBought)
                                Text("\(item.quantity.formatted()) \(item.unit.rawValue)")
                                    .foregroundStyle(.secondary)
                            }
                            .id(item.id)
                        }
                        .onDelete { cart.items.remove(atOffsets: $0) }
                    } header: {
                        Text("\(cart.items.count) items")
                    }
                    Section("Coupon") {
                        TextField("Code", text: $couponField)
                            #if os(iOS)
                            .textInputAutocapitalization(.characters)
                            #endif
                            .onSubmit { cart.apply(coupon: couponField) }
                        Text(cart.discountLabel)
                            .font(.footnote)
                    }
                }
                .onChange(of: cart.lastAddedID) { _, newID in
                    guard let newID else { return }
                    withAnimation {
                        proxy.scrollTo(newID, anchor: .bottom)
                    }
                }
            }
            .overlay {
                if cart.isLoading {
                    ProgressView()
                } else if let message = cart.errorMessage {
                    Text(message)
                        .foregroundStyle(.red)
                }
            }
            .navigationTitle("Shopping List")
            .toolbar {
                Button("Clear", role: .destructive) { isConfirmingClear = true }
                    .disabled(cart.items.isEmpty)
            }
            .confirmationDialog("Clear the shopping list?", isPresented: $isConfirmingClear) {
                Button("Clear", role: .destructive) { cart.clear() }
            }
            .refreshable {
                await cart.sync()
            }
        }
    }
}

#Preview {
    CartView()
        .environmentObject(CartStore())
}
