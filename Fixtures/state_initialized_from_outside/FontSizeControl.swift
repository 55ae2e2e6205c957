import SwiftUI

/// Toolbar stepper for the reading size.
///
/// The property has an initial value, but `init` overwrites it from the parameter, so the
/// value still comes from the parent (and only the first one is kept). The control hands
/// each change back through `onCommit`, so the copy is a draft: only the pedantic rule
/// reports it.
struct FontSizeControl: View {
    @State private var pointSize: Double = 15 // expect: state_initialized_from_parameter
    private let onCommit: (Double) -> Void

    init(pointSize: Double, onCommit: @escaping (Double) -> Void) {
        _pointSize = State(initialValue: pointSize)
        self.onCommit = onCommit
    }

    var body: some View {
        Stepper("\(Int(pointSize)) pt", value: $pointSize, in: 10...28, step: 1)
            .onChange(of: pointSize) { _, newValue in
                onCommit(newValue)
            }
    }
}
