import SwiftUI

@MainActor
@Observable
final class Conversation {
    var title = ""
    var draft = ""
}

/// Modifiers after a postfix `#if` clause apply to the whole chain: `MessageList` gets the
/// conversation, `DraftPreview`, a sibling of the modified `ComposeBar`, does not.
struct ConversationPane: View {
    @State private var conversation = Conversation()

    var body: some View {
        VStack {
            MessageList()
                .navigationTitle(conversation.title)
                #if os(macOS)
                .navigationSubtitle("Chat")
                #endif
                .safeAreaInset(edge: .bottom) { ComposeBar() }
                .environment(conversation)
            DraftPreview()
            ComposeBar()
                #if os(iOS)
                .padding()
                #endif
                .environment(conversation)
        }
    }
}

struct MessageList: View {
    @Environment(Conversation.self) private var conversation

    var body: some View {
        Text(conversation.title)
    }
}

struct DraftPreview: View {
    @Environment(Conversation.self) private var conversation // expect: environment_object_not_injected

    var body: some View {
        Text(conversation.draft)
    }
}

struct ComposeBar: View {
    var body: some View {
        Text("Compose")
    }
}
