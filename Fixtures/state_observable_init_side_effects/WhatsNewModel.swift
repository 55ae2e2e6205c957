import SwiftUI

final class ScoresPreferences {
    static let shared = ScoresPreferences()
    var lastSeenVersion = ""
    var currentVersion = "2.0"
}

/// Its initializer's `Task` only reads memory and sets the new instance's own state: a
/// discarded instance repeats nothing that matters.
@MainActor @Observable final class WhatsNewModel {
    var shows = false

    init() {
        Task { @MainActor in
            if ScoresPreferences.shared.lastSeenVersion != ScoresPreferences.shared.currentVersion {
                self.shows = true
            }
        }
    }
}

struct WhatsNewBadge: View {
    @State private var model = WhatsNewModel()

    var body: some View {
        if model.shows { Text("New") }
    }
}

struct WhatsNewHeader: View {
    @State private var taps = 0

    var body: some View {
        Button("Tapped \(taps)") { taps += 1 }
        WhatsNewBadge()
    }
}
