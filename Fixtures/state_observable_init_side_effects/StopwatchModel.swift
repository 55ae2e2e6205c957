import Combine
import Foundation
import Observation

/// No initializer, but a property whose initial value starts a timer: it runs with every
/// instance.
@MainActor
@Observable
final class StopwatchModel {
    var elapsed: TimeInterval = 0
    @ObservationIgnored let ticks = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    /// `lazy`: waits for its first use, not for `init`.
    @ObservationIgnored lazy var slowTicks = Timer.publish(every: 60, on: .main, in: .common).autoconnect()
}
