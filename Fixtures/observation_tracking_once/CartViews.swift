import Observation
import SwiftUI

/// Tracking set up while `body` is evaluated registers again on every render.
struct CartTotalLabel: View {
    let cart: Cart

    var body: some View {
        let total = withObservationTracking {
            cart.total
        } onChange: {
            print("total changed")
        }
        return VStack {
            Text("\(total)")
            itemCount
        }
    }

    @ViewBuilder private var itemCount: some View {
        Text(withObservationTracking { "\(cart.items.count)" } onChange: { print("items changed") })
    }
}

/// `.onAppear` runs once per appearance: its tracking sees the first change only.
struct CartAppearanceLogger: View {
    let cart: Cart

    var body: some View {
        Text("Cart")
            .onAppear {
                withObservationTracking { // expect: observation_tracking_once
                    _ = cart.items
                } onChange: {
                    print("items changed")
                }
            }
    }
}
