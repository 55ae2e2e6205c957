import Foundation
import Observation

/// Logs the first theme change only.
@MainActor
func logThemeChanges(_ settings: ThemeSettings) {
    withObservationTracking { // expect: observation_tracking_once
        _ = settings.accent
    } onChange: {
        print("accent changed")
    }
}

/// The parenthesized form, re-rendering once.
@MainActor
final class TotalLabelRenderer {
    private let cart: Cart
    private(set) var text = ""

    init(cart: Cart) {
        self.cart = cart
        Observation.withObservationTracking({ // expect: observation_tracking_once
            text = String(cart.total)
        }, onChange: { [weak self] in
            Task { @MainActor in self?.setNeedsRender() }
        })
    }

    private func setNeedsRender() {}
}
