import SwiftUI

// A model holding the binding that presents its sheet: closing writes through the binding
// (`wrappedValue`'s setter is `nonmutating`), so the binding and the chat model built from
// it stay the same; assigning another binding replaces it.
@MainActor @Observable final class NoteHelpChatModel {
    var isPresented: Binding<Bool>
    init(isPresented: Binding<Bool>) { self.isPresented = isPresented }
}

@MainActor @Observable final class NoteHelpModel {
    var isPresented: Binding<Bool>
    init(isPresented: Binding<Bool>) { self.isPresented = isPresented }
    var chat: NoteHelpChatModel { NoteHelpChatModel(isPresented: isPresented) }
    func close() { isPresented.wrappedValue = false }
}

@MainActor @Observable final class NoteHelpMovingModel {
    var isPresented: Binding<Bool>
    init(isPresented: Binding<Bool>) { self.isPresented = isPresented }
    var chat: NoteHelpChatModel { NoteHelpChatModel(isPresented: isPresented) }
    func move(to other: Binding<Bool>) { isPresented = other }
}

struct NoteHelpChat: View {
    @State var model: NoteHelpChatModel  // expect: state_initialized_from_parameter
    var body: some View { Button("Done") { model.isPresented.wrappedValue = false } }
}

struct NoteHelpMovingChat: View {
    @State var model: NoteHelpChatModel  // expect: state_initialized_from_outside
    var body: some View { Button("Done") { model.isPresented.wrappedValue = false } }
}

struct NoteHelp: View {
    @State private var model = NoteHelpModel(isPresented: .constant(true))
    var body: some View {
        NoteHelpChat(model: model.chat)
        Button("Close") { model.close() }
    }
}

struct NoteHelpMoving: View {
    @State private var model = NoteHelpMovingModel(isPresented: .constant(true))
    var body: some View {
        NoteHelpMovingChat(model: model.chat)
        Button("Move") { model.move(to: .constant(true)) }
    }
}
