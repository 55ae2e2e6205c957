import Perception
import SwiftUI

/// Perception's back-port of Observation: `@Perceptible` classes are tracked like
/// `@Observable` ones, and `@Perception.Bindable` is Perception's wrapper, not SwiftUI's.
@MainActor
@Perceptible
final class StopwatchModel {
    var elapsed = 0
    var label = "Lap"
}

/// A legacy ObservableObject next to them.
@MainActor
final class LapHistory: ObservableObject {
    @Published var laps: [Int] = []
    @Published var title = "Laps"
}

struct StopwatchView: View {
    @Perception.Bindable var stopwatch: StopwatchModel

    var body: some View {
        WithPerceptionTracking {
            TextField("Label", text: $stopwatch.label)
        }
    }
}

struct StopwatchBadge: View {
    @ObservedObject var stopwatch: StopwatchModel // expect: observable_wrapper_mismatch

    var body: some View {
        Text("\(stopwatch.elapsed)")
    }
}

struct LapTitleEditor: View {
    @SwiftUI.Bindable var history: LapHistory // expect: observable_wrapper_mismatch

    var body: some View {
        TextField("Title \(history.laps.count)", text: $history.title)
    }
}

/// Perception, like Observation, only works on classes.
@Perceptible // expect: observable_wrapper_mismatch
struct LapSplit {
    var seconds = 0
}
