import ModelKit
import SwiftUI

// The view observes the package's model and reads a property it does not publish.
struct TransferView: View {
    @StateObject private var transfer = Transfer()

    var body: some View {
        VStack {
            ProgressView(value: transfer.progress)
            Button("Step") { transfer.advance(by: 0.1) }
        }
    }
}
