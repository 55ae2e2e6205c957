import SwiftUI

/// A seeded edit form: the draft starts as the contact and is written back on save through
/// the binding. Keeping the first value is the point, so only the pedantic rule reports it.
struct ContactEditor: View {
    @Binding var contact: Contact
    @State private var draft: Contact // expect: state_initialized_from_parameter
    @Environment(\.dismiss) private var dismiss

    init(contact: Binding<Contact>) {
        _contact = contact
        _draft = State(initialValue: contact.wrappedValue)
    }

    var body: some View {
        Form {
            TextField("Name", text: $draft.name)
            TextField("Phone", text: $draft.phone)
        }
        .toolbar {
            Button("Save") {
                contact = draft
                dismiss()
            }
        }
    }
}

/// The same form handing the draft back through a closure.
struct NewContactForm: View {
    @State var draft: Contact // expect: state_initialized_from_parameter
    let onCreate: (Contact) -> Void

    var body: some View {
        Form { TextField("Name", text: $draft.name) }
        Button("Create") { onCreate(draft) }
    }
}
