import SwiftUI

struct CheckoutView: View {
    @StateObject private var model = CheckoutModel()
    @StateObject private var inventory = Inventory(warehouse: "Main")
    let shipments: [Shipment]

    var body: some View {
        Form {
            ForEach(model.items, id: \.self) { Text($0) }
            TextField("Coupon", text: $model.couponCode)
            Text("Total \(model.total, format: .number)")
            Text(model.describeShipping() + model.wrap())
            if inventory.isLoading {
                ProgressView()
            }
            Text(inventory.lowStock().joined(separator: ", "))
            ForEach(shipments) { shipment in ShipmentRow(shipment: shipment) }
            Button("Submit") { model.submit() }
            Button("Refill") { inventory.refill("apples") }
        }
        .onAppear {
            model.shippingNote = "Leave at the door"
            model.giftMessage = "Enjoy"
            model.isExpressEnabled = true
            model.expressFee = 5.99
        }
    }
}

struct ShipmentRow: View {
    @ObservedObject var shipment: Shipment

    var body: some View {
        Text(shipment.carrier)
    }
}
