import SwiftUI

@MainActor
final class ShareModel: ObservableObject {
    @Published var title = "Share"
}

// One view, two variants: what the iOS variant's body reads says nothing about the other's.
#if os(iOS)
struct ShareButton: View {
    @ObservedObject var model: ShareModel

    var body: some View {
        Button(model.title) {}
    }
}
#else
struct ShareButton: View {
    @ObservedObject var model: ShareModel // expect: unread_observed_object

    var body: some View {
        Button("Share") {}
    }
}
#endif

extension ShareButton {
    static let help = "Shares the note"
}

struct ShareBar: View {
    @StateObject private var model = ShareModel()

    var body: some View {
        ShareButton(model: model)
    }
}
