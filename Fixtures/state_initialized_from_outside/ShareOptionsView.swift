import SwiftUI

#if os(iOS)
import UIKit

/// Share sheet options; iOS only.
struct ShareOptionsView: View {
    let note: Note
    // Its only caller passes a constant: reported only by the pedantic rule.
    @State var includesTitle: Bool // expect: state_initialized_from_parameter

    private var shareText: String {
        includesTitle ? "\(note.title)\n\n\(note.body)" : note.body
    }

    var body: some View {
        Form {
            Toggle("Include title", isOn: $includesTitle)
            ShareLink(item: shareText) {
                Label("Share", systemImage: "square.and.arrow.up")
            }
            Button("Copy text") {
                UIPasteboard.general.string = shareText
            }
        }
    }
}
#endif
