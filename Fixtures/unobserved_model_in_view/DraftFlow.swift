import SwiftUI

@MainActor
final class LetterDraft: ObservableObject {
    @Published var recipient = ""

    func pickRecipient(_ name: String) { recipient = name }
}

/// Holds the draft in `@State` and only hands `$draft` on: none of the views that show
/// its fields subscribes to it.
struct ComposeFlow: View {
    @State private var draft = LetterDraft() // expect: unobserved_model_in_view

    var body: some View {
        NavigationStack {
            RecipientStep(draft: $draft)
        }
    }
}

struct RecipientStep: View {
    @Binding var draft: LetterDraft

    var body: some View {
        VStack {
            RecipientLabel(draft: $draft)
            Button("Ann") { draft.pickRecipient("Ann") }
        }
    }
}

struct RecipientLabel: View {
    @Binding var draft: LetterDraft

    var body: some View {
        Text(draft.recipient.isEmpty ? "To…" : draft.recipient)
    }
}

/// The child observes the draft: it updates itself.
struct ObservedComposeFlow: View {
    @State private var draft = LetterDraft()

    var body: some View {
        ObservedRecipientLabel(draft: draft)
    }
}

struct ObservedRecipientLabel: View {
    @ObservedObject var draft: LetterDraft

    var body: some View {
        Text(draft.recipient)
    }
}
