import Combine
import Foundation

// No view of this package reads `Transfer`: PeerApp's views do.
@MainActor
public final class Transfer: ObservableObject {
    @Published public var isRunning = false
    public var progress = 0.0 // expect: missing_published
    public var log: [String] = [] // no view reads it

    public init() {}

    public func advance(by step: Double) {
        progress += step
        log.append("advanced by \(step)")
    }
}
