import Combine
import Observation

/// Half-migrated: both systems at once. Views track its properties through Observation
/// whatever wrapper holds it, so the wrapper mismatch is silent; only the opt-in "both"
/// rule reports it.
@MainActor
@Observable // expect: observable_and_observable_object
final class SyncMonitor: ObservableObject {
    var status = "idle"
}

/// Conforms to both by hand, deliberately: no macro, nothing to report.
@MainActor
final class ClockBridge: ObservableObject, Observable {
    @Published var now = "12:00"
}
