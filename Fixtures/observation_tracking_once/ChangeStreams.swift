import Foundation
import Observation

/// Waits for one change on purpose: the continuation resumes exactly once.
@MainActor
func nextChange(of document: Document) async {
    await withCheckedContinuation { continuation in
        withObservationTracking {
            _ = document.title
        } onChange: {
            continuation.resume()
        }
    }
}

/// Registers again on every pass of the loop.
@MainActor
func followTitles(of document: Document, update: (String) -> Void) async {
    while !Task.isCancelled {
        await withCheckedContinuation { continuation in
            withObservationTracking {
                update(document.title)
            } onChange: {
                continuation.resume()
            }
        }
    }
}

/// The handler is passed in: it may register again.
@MainActor
func track(_ settings: ThemeSettings, onChange handler: @escaping @Sendable () -> Void) {
    withObservationTracking({ _ = settings.usesDarkMode }, onChange: handler)
}

/// The first call primes the stream; the loop registers again after every change.
@MainActor
func cartTotals(of cart: Cart) -> AsyncStream<Double> {
    let (totals, continuation) = AsyncStream<Double>.makeStream()
    let (changes, signal) = AsyncStream<Void>.makeStream()
    let first = withObservationTracking {
        cart.total
    } onChange: {
        signal.yield()
    }
    continuation.yield(first)
    Task { @MainActor in
        for await _ in changes {
            let next = withObservationTracking { cart.total } onChange: { signal.yield() }
            continuation.yield(next)
        }
    }
    return totals
}
