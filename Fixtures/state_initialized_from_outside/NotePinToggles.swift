import SwiftUI

/// The pin state, shown by two toggles seeded from the screen's own `@State`, which the
/// screen changes ("Unpin all").
struct NotePinScreen: View {
    @State private var isPinned = false

    var body: some View {
        VStack {
            NotePinToggle(pinned: isPinned) { isPinned = $0 }
            NotePinMarker(pinned: isPinned)
            Button("Unpin all") { isPinned = false }
        }
    }
}

/// Hands every edit back from its `didSet`: a draft the screen takes over.
struct NotePinToggle: View {
    @State var pinned: Bool { // expect: state_initialized_from_parameter
        didSet { onPin(pinned) }
    }
    let onPin: (Bool) -> Void

    var body: some View {
        Toggle("Pinned", isOn: $pinned)
    }
}

/// Its `didSet` only remembers that the user touched it; the toggle edits it, so the
/// caller's value is only where it starts.
struct NotePinMarker: View {
    @State private var wasTouched = false
    @State var pinned: Bool { // expect: state_initialized_from_parameter
        didSet { wasTouched = true }
    }

    var body: some View {
        Toggle(wasTouched ? "Pinned (edited)" : "Pinned", isOn: $pinned)
    }
}
