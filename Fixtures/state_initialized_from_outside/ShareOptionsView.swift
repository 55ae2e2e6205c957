import SwiftUI

#if os(iOS)
import UIKit

/// Share sheet options; iOS only.
struct ShareOptionsView: View {
    let note: Note
    @State var includesTitle: Bool // expect: state_initialized_from_outside

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
