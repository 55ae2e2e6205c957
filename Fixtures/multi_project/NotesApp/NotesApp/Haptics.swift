import SwiftUI

// Two variants of one name that disagree: which one `Haptics()` builds depends on the
// platform, so neither is assumed.
#if os(iOS)
final class Haptics: ObservableObject {
    @Published var enabled = true
}
#else
struct Haptics {
    var enabled = false
}
#endif

struct HapticsToggle: View {
    @State private var haptics = Haptics()

    var body: some View {
        Toggle("Haptics", isOn: $haptics.enabled)
    }
}
