import Foundation
import Observation
import SwiftUI

/// A slide's caption. `source` is settled during initialization (by a private setup
/// method only `init` calls); `fontScale` changes later through `resize()`.
@MainActor
@Observable
final class SlideCaption {
    var text = ""
    @ObservationIgnored private var source = ""
    @ObservationIgnored private var fontScale = 1.0 // expect: untracked_observable_read

    var credit: String { "\(source) at \(Int(fontScale * 100))%" }

    init(url: URL) {
        readSource(url)
    }

    func resize() { fontScale *= 1.25 }

    private func readSource(_ url: URL) {
        source = url.host() ?? url.lastPathComponent
    }
}

struct SlideCaptionView: View {
    let caption: SlideCaption

    var body: some View {
        Text(caption.credit)
        Button("Larger") { caption.resize() }
    }
}
