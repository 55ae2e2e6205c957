import SwiftUI

@MainActor
final class MessageDraftModel: ObservableObject {
    @Published var text = ""
    func type(_ letter: String) { text += letter }
}

struct MessageComposer: View {
    @ObservedObject var model: MessageDraftModel
    var body: some View { Button(model.text) { model.type("a") } }
}

struct MessageDraft: Identifiable { let id = UUID() }

extension Notification.Name {
    static let inboxReset = Notification.Name("inboxReset")
}

// The reset handler ends the sheet before it changes `resetID`; `scenePhase` changes while it is up.
struct InboxScreen: View {
    @Environment(\.scenePhase) private var scenePhase
    @State private var draft: MessageDraft?
    @State private var resetID = UUID()
    var body: some View {
        List { Text(scenePhase == .active ? "Inbox" : "Away") }
            .id(resetID)
            .sheet(item: $draft) { _ in
                MessageComposer(model: MessageDraftModel()) // expect: model_created_in_body
            }
            .onReceive(NotificationCenter.default.publisher(for: .inboxReset)) { _ in
                draft = nil
                resetID = UUID()
            }
    }
}

// The same without `scenePhase`: the only write that runs the body again removes the composer.
struct OutboxScreen: View {
    @State private var draft: MessageDraft?
    @State private var resetID = UUID()
    var body: some View {
        List { Text("Outbox") }
            .id(resetID)
            .sheet(item: $draft) { _ in
                MessageComposer(model: MessageDraftModel())
            }
            .onReceive(NotificationCenter.default.publisher(for: .inboxReset)) { _ in
                draft = nil
                resetID = UUID()
            }
    }
}
