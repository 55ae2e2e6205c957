import Perception
import SwiftUI

/// Perception's `@Perceptible` models are tracked like `@Observable` ones; a
/// `@PerceptionIgnored` property is not.
@MainActor
@Perceptible
final class RestTimer {
    var secondsLeft = 90
    @PerceptionIgnored var renderCount = 0
}

struct RestTimerView: View {
    let timer: RestTimer

    var body: some View {
        WithPerceptionTracking {
            let _ = timer.renderCount += 1
            let _ = timer.secondsLeft = max(timer.secondsLeft, 0) // expect: state_mutation_in_body
            Text("\(timer.secondsLeft) s")
        }
    }
}
