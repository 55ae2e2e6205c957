import Observation
import UIKit

/// Draws the cart totals; `draw(_:)` sets up the tracking again on every pass that
/// `setNeedsDisplay()` schedules.
@MainActor
final class SparklineView: UIView {
    var cart: Cart?

    override func draw(_ rect: CGRect) {
        guard let cart else { return }
        withObservationTracking {
            drawLine(through: [cart.total])
        } onChange: { [weak self] in
            Task { @MainActor in self?.setNeedsDisplay() }
        }
    }

    private func drawLine(through values: [Double]) {}
}

/// Asks for a redraw, but nothing draws through the tracking again: once.
@MainActor
final class TotalBadgeView: UIView {
    private let cart: Cart

    init(cart: Cart) {
        self.cart = cart
        super.init(frame: .zero)
        withObservationTracking { // expect: observation_tracking_once
            accessibilityValue = String(cart.total)
        } onChange: { [weak self] in
            Task { @MainActor in self?.setNeedsDisplay() }
        }
    }

    required init?(coder: NSCoder) { nil }
}
