import Combine
import Observation

/// Half-migrated: both systems at once. Views holding it with `@StateObject` never hear
/// about its tracked properties.
@MainActor
@Observable // expect: observable_wrapper_mismatch
final class SyncMonitor: ObservableObject {
    var status = "idle"
}

/// Conforms to both by hand, deliberately: no macro, nothing to report.
@MainActor
final class ClockBridge: ObservableObject, Observable {
    @Published var now = "12:00"
}
